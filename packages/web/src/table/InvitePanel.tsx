import type { TableSummary, TableUpdate } from '@matchbox/client';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../components/CopyField.tsx';
import { Link } from '../components/Link.tsx';

/**
 * While seats are open: the invite link (for the table's creator, who holds it), the link for a
 * public table, and for a visitor a way to take a seat.
 */
export function InvitePanel({
  table,
  update,
  inviteUrl,
}: {
  table: TableSummary;
  update: TableUpdate;
  inviteUrl: string | null;
}) {
  const { t } = useTranslation();
  const open = update.seats.filter((s) => s.kind === 'open' || s.left).length;
  const origin = location.origin;
  const link = inviteUrl ?? (table.public ? `${origin}/join/${table.id}` : null);
  return (
    <section className="panel invite" aria-labelledby="invite-title">
      <h2 id="invite-title" className="panel-title">
        {t('invite.title', { count: open })}
      </h2>
      {link ? (
        <CopyField label={t('invite.link')} value={link} />
      ) : (
        <p className="muted">{t('invite.askCreator')}</p>
      )}
      {update.seat === null && (table.public || inviteUrl) ? (
        <p>
          <Link className="button primary" href={`/join/${table.id}`}>
            {t('invite.takeSeat')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
