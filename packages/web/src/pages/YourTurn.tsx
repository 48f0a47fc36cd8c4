/**
 * The lobby's "Your turn" list: every playing table of this player (the seats this browser holds,
 * and a member's seats from other devices) where the player is to act now, the nearest clock first,
 * so that several slow tables can be kept going at once.
 */
import type { MyTable } from '@matchbox/client';
import { useTranslation } from 'react-i18next';
import { relativeTime } from '../account/format.ts';
import { Link } from '../components/Link.tsx';

export function YourTurn({ tables }: { tables: readonly MyTable[] }) {
  const { t, i18n, ready } = useTranslation('account', { useSuspense: false });
  const { t: tc } = useTranslation();
  const playing = tables.filter((x) => x.status === 'playing');
  if (!ready || playing.length === 0) return null;
  const waiting = playing
    .filter((x) => x.toAct.includes(x.seat))
    .sort((a, b) => (a.deadlineAt ?? Infinity) - (b.deadlineAt ?? Infinity) || a.updatedAt - b.updatedAt);
  const now = Date.now();
  return (
    <section className="panel your-turn" aria-labelledby="your-turn-title">
      <h2 id="your-turn-title" className="panel-title">
        {t('yourTurn.title')}
        {waiting.length > 0 ? <span className="count-badge">{waiting.length}</span> : null}
      </h2>
      {waiting.length === 0 ? (
        <p className="muted">{t('yourTurn.none')}</p>
      ) : (
        <ul className="table-list">
          {waiting.map((table) => (
            <li key={table.id} data-table={table.id}>
              <span className="table-game">
                {tc(`games.${table.game}.name`, { defaultValue: table.game })}
              </span>
              <span className="table-meta">
                {tc('lobby.players', { count: table.players })}
                {table.deadlineAt !== null
                  ? ` · ${t('yourTurn.clock', { when: relativeTime(table.deadlineAt, now, i18n.resolvedLanguage ?? 'en') })}`
                  : ''}
              </span>
              <span className="table-actions">
                <Link className="button small primary" href={`/t/${table.id}`}>
                  {t('yourTurn.open')}
                </Link>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
