/**
 * What the lobby offers without the server: per game "play offline" (the local table) and
 * "learn" (the tutorial), and the daily solitaire, with a notice when the server is unreachable.
 * Its strings load with the `offline` namespace; the lobby shows without them meanwhile.
 */
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../components/Link.tsx';
import { webGame } from '../games/index.ts';
import { QUICK_MODES, playersQuery } from '../games/modes.ts';
import type { GameId } from '../games/types.ts';
import './lobby-offline.css';

function GameLinksInner({
  game,
  level,
  counts,
}: {
  game: GameId;
  level: string;
  counts: Readonly<Record<string, number>>;
}) {
  const { t } = useTranslation(['offline', 'common']);
  const mode = QUICK_MODES.find((m) => m.game === game);
  const name = t(`common:games.${game}.name`);
  return (
    <p className="game-offline">
      {mode ? (
        <Link
          href={`/play/${mode.id}?level=${level}${playersQuery(mode, counts[mode.id])}`}
          className="button small"
          data-offline={mode.id}
          aria-label={t('lobby.playOfflineLabel', { game: name })}
        >
          {t('lobby.playOffline')}
        </Link>
      ) : null}
      {webGame(game)?.tutorial ? (
        <Link
          href={`/learn/${game}`}
          className="button small"
          data-learn={game}
          aria-label={t('lobby.learnLabel', { game: name })}
        >
          {t('lobby.learn')}
        </Link>
      ) : null}
    </p>
  );
}

export function OfflineGameLinks(props: {
  game: GameId;
  level: string;
  counts: Readonly<Record<string, number>>;
}) {
  return (
    <Suspense fallback={null}>
      <GameLinksInner {...props} />
    </Suspense>
  );
}

function DailyInner({ unreachable }: { unreachable: boolean }) {
  const { t } = useTranslation('offline');
  return (
    <>
      {unreachable ? (
        <p className="notice" role="status" data-testid="server-unreachable">
          {t('lobby.unreachable')}
        </p>
      ) : null}
      <p className="daily-link">
        <Link href="/daily" className="button small" data-testid="daily-link">
          {t('lobby.daily')}
        </Link>{' '}
        <span className="muted">{t('lobby.dailyText')}</span>
      </p>
    </>
  );
}

export function OfflineBanner({ unreachable }: { unreachable: boolean }) {
  return (
    <Suspense fallback={null}>
      <DailyInner unreachable={unreachable} />
    </Suspense>
  );
}
