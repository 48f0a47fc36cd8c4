/**
 * The ways to start a game in one click from the lobby: each game against bots, and the games'
 * own modes (each game's plugin names its own, games/<game>/index.ts). Labels come from i18n (`modes.<id>`, and
 * `modes.playNow` with a player count chosen from `playerChoices`).
 */
import type { BotLevelName } from '@matchbox/client';
import { WEB_GAMES } from './index.ts';
import type { QuickMode } from './types.ts';

export type { QuickMode };

export const QUICK_MODES: readonly QuickMode[] = WEB_GAMES.flatMap((g) =>
  g.quickModes.map((m) => ({ ...m, game: g.id })),
);

/** The mode's player count from a choice (a URL's `players=`, the lobby's select), else its own. */
export function playersFor(mode: QuickMode, asked: number | string | null | undefined): number {
  const n = Number(asked);
  return mode.playerChoices?.includes(n) ? n : mode.players;
}

/** `&players=n` for a mode whose count was chosen, so that offline play keeps it. */
export function playersQuery(mode: QuickMode, chosen: number | undefined): string {
  const n = playersFor(mode, chosen);
  return n === mode.players ? '' : `&players=${n}`;
}

export const DEFAULT_BOT_LEVEL: BotLevelName = 'medium';

/** The bot levels, weakest first (as BOT_LEVELS of the wire, without loading its schemas). */
export const LEVELS = [
  'random',
  'easy',
  'medium',
  'hard',
  'expert',
] as const satisfies readonly BotLevelName[];
