/**
 * A game against bots in this browser (`/play/<mode>?level=&hands=&pace=`): the engine and the
 * bots run in a Web Worker, so it plays with the server stopped. A reload resumes the game saved
 * for the mode; "new game" deals afresh.
 */
import type { BotLevelName } from '@matchbox/client';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../components/Link.tsx';
import { webGame } from '../games/index.ts';
import { DEFAULT_BOT_LEVEL, LEVELS, QUICK_MODES, playersFor } from '../games/modes.ts';
import { LocalGame } from '../local/LocalGame.tsx';
import type { LocalOpen } from '../local/useLocalTable.ts';
import { useLocalTable } from '../local/useLocalTable.ts';
import { avatarField, storedName, validName } from '../settings.ts';

/** Milliseconds between two bot moves, so a person can follow them. */
export const DEFAULT_PACE_MS = 450;

const isLevel = (x: string | null): x is BotLevelName => (LEVELS as readonly (string | null)[]).includes(x);

/** `pace=0` (tests) plays the bots at once; anything else that is not a number is ignored. */
export function paceFrom(params: URLSearchParams, fallback = DEFAULT_PACE_MS): number {
  const pace = Number(params.get('pace'));
  return params.has('pace') && Number.isInteger(pace) && pace >= 0 && pace <= 5000 ? pace : fallback;
}

export function playerName(fallback: string): string {
  const name = storedName();
  return validName(name) ? name.trim() : fallback;
}

export default function PlayOfflinePage({ mode: modeId, query }: { mode: string; query: string }) {
  const { t } = useTranslation(['offline', 'common']);
  const mode = QUICK_MODES.find((m) => m.id === modeId);
  const opening = useMemo((): LocalOpen | null => {
    if (!mode) return null;
    const params = new URLSearchParams(query);
    const level = params.get('level');
    // A game's own options from the address (a shorter game: for a quick game and the browser tests).
    const own = webGame(mode.game)?.offlineOptions?.(params) ?? null;
    // Another player count than the mode's (players=3 from the lobby's choice) is its own game.
    const players = playersFor(mode, params.get('players'));
    return {
      type: 'open',
      key: `play:${mode.id}${players === mode.players ? '' : `:${players}p`}${own ? `:${own.key}` : ''}`,
      setup: {
        game: mode.game,
        players,
        options: {
          ...(mode.options as Record<string, string> | undefined),
          ...own?.options,
        },
        seed: '',
        level: isLevel(level) ? level : DEFAULT_BOT_LEVEL,
        name: playerName(t('common:name.default')),
        ...avatarField(),
      },
      paceMs: paceFrom(params),
    };
  }, [mode, query, t]);
  if (!mode || !opening) {
    return (
      <main id="main" className="page">
        <h1>{t('common:missing.title')}</h1>
        <Link href="/" className="button">
          {t('common:app.backToLobby')}
        </Link>
      </main>
    );
  }
  return <OfflineTable opening={opening} game={mode.game} title={t(`common:games.${mode.game}.name`)} />;
}

function OfflineTable({
  opening,
  game,
  title,
}: {
  opening: LocalOpen;
  game: (typeof QUICK_MODES)[number]['game'];
  title: string;
}) {
  const table = useLocalTable(opening);
  return <LocalGame game={game} table={table} title={title} testId="offline-game" />;
}
