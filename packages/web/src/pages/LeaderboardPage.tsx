/**
 * The leaderboard of one game: members and bot levels by rating (openskill, on the players' scale:
 * 1500 + 40 x (mu - 3 sigma - 16)).
 */
import type { Leaderboard } from '@matchbox/client';
import { leaderboard } from '@matchbox/client/answers';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api.ts';
import { accountRequest, useAccount } from '../account/session.ts';
import { Link } from '../components/Link.tsx';
import { RatingCell } from '../components/RatingCell.tsx';
import { GAME_IDS } from '../games/types.ts';

export default function LeaderboardPage({ game }: { game: string }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const me = useAccount();
  const [board, setBoard] = useState<Leaderboard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const gameName = (g: string) => tc(`games.${g}.name`, { defaultValue: g });
  const title = t('leaderboard.title', { game: gameName(game) });

  useEffect(() => {
    document.title = `${title} · matchbox`;
  }, [title]);
  useEffect(() => {
    accountRequest('GET', `/api/leaderboard/${encodeURIComponent(game)}`, leaderboard).then(
      setBoard,
      (e: unknown) =>
        setError(e instanceof ApiError ? t(`errors.${e.code}`, { defaultValue: e.message }) : String(e)),
    );
  }, [game, t]);

  return (
    <main id="main" className="page account-page leaderboard">
      <h1>{title}</h1>
      <nav className="game-tabs" aria-label={t('header.leaderboards')}>
        {GAME_IDS.map((g) => (
          <Link
            key={g}
            href={`/leaderboard/${g}`}
            className={`tab${g === game ? ' active' : ''}`}
            aria-current={g === game ? 'page' : undefined}
          >
            {gameName(g)}
          </Link>
        ))}
      </nav>
      <p className="muted">{t('leaderboard.intro')}</p>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : !board ? (
        <p className="loading" aria-busy="true">
          {tc('app.loading')}
        </p>
      ) : board.entries.length === 0 ? (
        <p className="muted">{t('leaderboard.empty')}</p>
      ) : (
        <div className="panel">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col" className="num">
                  {t('leaderboard.rank')}
                </th>
                <th scope="col">{t('leaderboard.player')}</th>
                <th scope="col" className="num">
                  {t('leaderboard.rating')}
                </th>
                <th scope="col" className="num">
                  {t('leaderboard.games')}
                </th>
              </tr>
            </thead>
            <tbody>
              {board.entries.map((e) => (
                <tr
                  key={`${e.kind}:${e.name}`}
                  data-kind={e.kind}
                  data-name={e.name}
                  className={e.kind === 'account' && e.name === me?.name ? 'me' : undefined}
                >
                  <td className="num">{e.rank}</td>
                  <td>
                    {e.kind === 'bot' ? (
                      <span className="bot-name">
                        {t('leaderboard.bot', { level: tc(`level.${e.name}`) })}
                      </span>
                    ) : (
                      <Link href={`/players/${encodeURIComponent(e.name)}`}>{e.name}</Link>
                    )}
                    {e.kind === 'account' && e.name === me?.name ? (
                      <span className="muted"> ({t('leaderboard.you')})</span>
                    ) : null}
                  </td>
                  <RatingCell rating={e.rating} provisional={e.provisional} />
                  <td className="num">{e.games}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
