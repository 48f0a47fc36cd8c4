/** A member's profile: ratings per game, stats from the finished games, and the latest games. */
import type { PlayerProfile, PlayerStats } from '@matchbox/client';
import { playerProfile } from '@matchbox/client/answers';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api.ts';
import { formatDate, formatNumber } from '../account/format.ts';
import { accountRequest, useAccount } from '../account/session.ts';
import { Link } from '../components/Link.tsx';
import { RatingCell } from '../components/RatingCell.tsx';
import { GAME_IDS } from '../games/types.ts';
import type { PlayerEventLine } from '@matchbox/client';
import { eventsApi } from '../events/api.ts';
import { eventName } from '../events/words.ts';
import { NotificationSettings } from '../account/NotificationSettings.tsx';

export default function ProfilePage({ name }: { name: string }) {
  const { t, i18n } = useTranslation('account');
  const { t: tc } = useTranslation();
  const me = useAccount();
  const [profile, setProfile] = useState<PlayerProfile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const lang = i18n.resolvedLanguage ?? 'en';

  useEffect(() => {
    document.title = `${name} · matchbox`;
    accountRequest('GET', `/api/players/${encodeURIComponent(name)}`, playerProfile).then(
      setProfile,
      (e: unknown) =>
        setError(e instanceof ApiError ? t(`errors.${e.code}`, { defaultValue: e.message }) : String(e)),
    );
  }, [name, t]);

  if (error)
    return (
      <main id="main" className="page narrow">
        <h1>{name}</h1>
        <p className="error" role="alert">
          {error}
        </p>
      </main>
    );
  if (!profile)
    return (
      <main id="main" className="page narrow" aria-busy="true">
        <h1>{name}</h1>
      </main>
    );
  const gameName = (g: string) => tc(`games.${g}.name`, { defaultValue: g });
  return (
    <main id="main" className="page account-page profile">
      <h1>
        {profile.name}
        {me?.name === profile.name ? <span className="muted"> ({t('leaderboard.you')})</span> : null}
      </h1>
      <p className="muted">{t('profile.memberSince', { date: formatDate(profile.createdAt, lang) })}</p>
      {me?.name === profile.name ? (
        <p>
          <Link href="/blocks">{t('blocks.manage')}</Link>
        </p>
      ) : null}

      <section className="panel" aria-labelledby="ratings-title">
        <h2 id="ratings-title" className="panel-title">
          {t('profile.ratings')}
        </h2>
        {profile.ratings.length === 0 ? (
          <p className="muted">{t('profile.noRatings')}</p>
        ) : (
          <table className="data-table ratings">
            <thead>
              <tr>
                <th scope="col">{t('profile.game')}</th>
                <th scope="col" className="num">
                  {t('profile.rating')}
                </th>
                <th scope="col" className="num">
                  {t('profile.games')}
                </th>
              </tr>
            </thead>
            <tbody>
              {profile.ratings.map((r) => (
                <tr key={r.game} data-game={r.game}>
                  <td>
                    <Link href={`/leaderboard/${r.game}`}>{gameName(r.game)}</Link>
                  </td>
                  <RatingCell rating={r.rating} provisional={r.provisional} />
                  <td className="num">{r.games}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className="panel" aria-labelledby="stats-title">
        <h2 id="stats-title" className="panel-title">
          {t('profile.stats')}
        </h2>
        {profile.stats.length === 0 ? (
          <p className="muted">{t('profile.noStats')}</p>
        ) : (
          <div className="stats-grid">
            {profile.stats.map((s) => (
              <GameStats key={s.game} stats={s} name={gameName(s.game)} lang={lang} />
            ))}
          </div>
        )}
      </section>

      {me?.name === profile.name ? <NotificationSettings /> : null}
      <HistoryPanel history={profile.history} gameName={gameName} lang={lang} />
      <EventsPanel name={profile.name} gameName={gameName} />
      <p className="leaderboard-links">
        {t('header.leaderboards')}:{' '}
        {GAME_IDS.map((g, i) => (
          <span key={g}>
            {i > 0 ? ' · ' : ''}
            <Link href={`/leaderboard/${g}`}>{gameName(g)}</Link>
          </span>
        ))}
      </p>
    </main>
  );
}

/** The member's duplicate events: score, place and a link to each event's page. */
function EventsPanel({ name, gameName }: { name: string; gameName: (game: string) => string }) {
  const { t } = useTranslation();
  const [lines, setLines] = useState<PlayerEventLine[]>([]);
  useEffect(() => {
    eventsApi.ofPlayer(name).then(setLines, () => setLines([]));
  }, [name]);
  if (lines.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="events-title">
      <h2 id="events-title" className="panel-title">
        {t('events.title')}
      </h2>
      <ul className="table-list">
        {lines.map((l) => (
          <li key={l.eventId} data-event={l.eventId}>
            <span className="table-game">{eventName({ ...l, game: l.game }, t)}</span>
            <span className="table-meta">
              {t('events.line', { score: l.score.toFixed(1), rank: l.rank, entrants: l.entrants })}
              {l.finished ? '' : ` · ${t('events.playing')}`}
            </span>
            <span className="table-actions">
              <Link className="button small" href={`/events/${l.eventId}`}>
                {gameName(l.game)}
              </Link>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The member's latest finished games: place, score, rating change, and a link to the replay. */
function HistoryPanel({
  history,
  gameName,
  lang,
}: {
  history: PlayerProfile['history'];
  gameName: (game: string) => string;
  lang: string;
}) {
  const { t } = useTranslation('account');
  return (
    <section className="panel" aria-labelledby="history-title">
      <h2 id="history-title" className="panel-title">
        {t('profile.history')}
      </h2>
      {history.length === 0 ? (
        <p className="muted">{t('profile.noStats')}</p>
      ) : (
        <ul className="table-list history">
          {history.map((h) => (
            <li key={h.tableId} data-table={h.tableId}>
              <span className="table-game">{gameName(h.game)}</span>
              <span className="table-meta">
                {formatDate(h.finishedAt, lang)} ·{' '}
                {h.players === 1
                  ? t('profile.solitaire')
                  : t('profile.place', { rank: h.rank, players: h.players })}{' '}
                · {t('profile.score', { score: formatNumber(h.score, lang) })} ·{' '}
                {h.rated && h.ratingBefore !== null && h.ratingAfter !== null
                  ? t('profile.change', {
                      before: formatNumber(h.ratingBefore, lang),
                      after: formatNumber(h.ratingAfter, lang),
                    })
                  : t('profile.unrated')}
              </span>
              <span className="table-actions">
                <Link className="button small" href={`/t/${h.tableId}`}>
                  {t('profile.replay')}
                </Link>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * One game's stats: games and wins, then the game's own figures in its words (`figures.<name>` in
 * the game's namespace, loaded here).
 */
function GameStats({ stats, name, lang }: { stats: PlayerStats; name: string; lang: string }) {
  const { t } = useTranslation(['account', stats.game]);
  const n = (x: number) => formatNumber(x, lang, 2);
  const lines: [string, string][] = [
    [t('profile.games'), n(stats.games)],
    [t('profile.wins'), n(stats.wins)],
    ...stats.figures.map((f): [string, string] => [
      t(`figures.${f.name}`, { ns: stats.game, defaultValue: f.name }),
      f.of === undefined ? n(f.value) : `${n(f.value)} / ${n(f.of)}`,
    ]),
  ];
  return (
    <div className="stats" data-game={stats.game}>
      <h3>{name}</h3>
      <dl>
        {lines.map(([label, value]) => (
          <div key={label} className="stat">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
