/**
 * The ways to start a game in one click from the lobby: each game against bots, and the games'
 * own modes (the Sweet16 duel, MATCHET's two solitaires). Labels come from i18n (`modes.<id>`, and
 * `modes.playNow` with a player count chosen from `playerChoices`).
 */
import type { BotLevelName } from '@matchbox/client';
import type { GameId } from './types.ts';

export interface QuickMode {
  readonly id: string;
  readonly game: GameId;
  readonly players: number;
  readonly options?: Readonly<Record<string, unknown>>;
  /** The player counts the lobby offers for this mode (`players` first chosen); none: fixed. */
  readonly playerChoices?: readonly number[];
}

export const QUICK_MODES: readonly QuickMode[] = [
  { id: 'matchmaster', game: 'matchmaster', players: 4, playerChoices: [2, 3, 4, 5, 6, 7] },
  { id: 'match', game: 'match', players: 4, playerChoices: [2, 3, 4, 5, 6, 7, 8] },
  { id: 'sweet16', game: 'sweet16', players: 3, playerChoices: [2, 3, 4, 5] },
  { id: 'sweet16-duel', game: 'sweet16', players: 2, options: { mode: 'duel' } },
  { id: 'matchet', game: 'matchet', players: 4, playerChoices: [2, 3, 4, 5, 6, 7] },
  { id: 'matchet-reserve', game: 'matchet', players: 1, options: { mode: 'reserve' } },
  { id: 'matchet-stacks', game: 'matchet', players: 1, options: { mode: 'stacks' } },
];

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
