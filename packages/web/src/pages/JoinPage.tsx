/** An invitation: ask the person's name, take a seat, go to the table. */
import type { TableSummary } from '@matchbox/client';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api.ts';
import { AvatarPicker } from '../components/AvatarPicker.tsx';
import { Link } from '../components/Link.tsx';
import { errorText } from '../errors.ts';
import { navigate } from '../router.ts';
import { storedName, storeName, validName } from '../settings.ts';
import { saveTicket, ticketFor } from '../tickets.ts';

export default function JoinPage({ tableId, invite }: { tableId: string; invite: string | null }) {
  const { t } = useTranslation();
  const [table, setTable] = useState<TableSummary | null>(null);
  const [name, setName] = useState(storedName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // Already seated here (a second click on the link): straight to the table.
    if (ticketFor(tableId)) {
      navigate(`/t/${tableId}`, { replace: true });
      return;
    }
    api.table(tableId).then(setTable, (e: unknown) => setError(errorText(e, t)));
  }, [tableId, t]);

  const join = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!validName(name)) {
      setError(t('join.badName'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const ticket = await api.join(tableId, { name: name.trim(), ...(invite ? { invite } : {}) });
      storeName(name);
      saveTicket({
        tableId: ticket.tableId,
        seat: ticket.seat,
        token: ticket.token,
        game: ticket.table.game,
      });
      navigate(`/t/${tableId}`, { replace: true });
    } catch (err) {
      setError(errorText(err, t));
      setBusy(false);
    }
  };

  const game = table ? t(`games.${table.game}.name`, { defaultValue: table.game }) : '';
  const people = table?.seats.filter((s) => s.kind === 'human' && s.name).map((s) => s.name) ?? [];
  const open = table?.seats.filter((s) => s.kind === 'open' || s.left).length ?? 0;
  return (
    <main id="main" className="page narrow">
      <h1>{table ? t('join.title', { game }) : t('join.titlePlain')}</h1>
      {table ? (
        <p>
          {t('join.text', { count: table.players })}
          {people.length ? ` ${t('join.people', { names: people.join(', ') })}` : ''}
        </p>
      ) : null}
      {table && (table.status === 'finished' || open === 0) ? (
        <p className="muted">{table.status === 'finished' ? t('join.over') : t('join.full')}</p>
      ) : (
        <form className="panel join-form" onSubmit={(e) => void join(e)}>
          <label className="field">
            <span>{t('lobby.yourName')}</span>
            <input
              value={name}
              maxLength={32}
              autoFocus
              required
              autoComplete="nickname"
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <AvatarPicker />
          <button type="submit" className="button primary" disabled={busy || !table}>
            {busy ? t('app.working') : t('join.submit')}
          </button>
        </form>
      )}
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="join-links">
        <Link href={`/t/${tableId}`}>{t('join.watch')}</Link> · <Link href="/">{t('app.backToLobby')}</Link>
      </p>
    </main>
  );
}
