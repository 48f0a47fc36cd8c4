/**
 * The ways to start a game in one click from the lobby: each game against bots, and the games'
 * own modes (the Sweet16 duel, MATCHET's two solitaires). Labels come from i18n (`modes.<id>`).
 */
import type { BotLevelName } from '@matchbox/client';
import type { GameId } from './types.ts';

export interface QuickMode {
  readonly id: string;
  readonly game: GameId;
  readonly players: number;
  readonly options?: Readonly<Record<string, unknown>>;
}

export const QUICK_MODES: readonly QuickMode[] = [
  { id: 'matchmaster', game: 'matchmaster', players: 4 },
  { id: 'match', game: 'match', players: 4 },
  { id: 'sweet16', game: 'sweet16', players: 3 },
  { id: 'sweet16-duel', game: 'sweet16', players: 2, options: { mode: 'duel' } },
  { id: 'matchet', game: 'matchet', players: 4 },
  { id: 'matchet-reserve', game: 'matchet', players: 1, options: { mode: 'reserve' } },
  { id: 'matchet-stacks', game: 'matchet', players: 1, options: { mode: 'stacks' } },
];

export const DEFAULT_BOT_LEVEL: BotLevelName = 'medium';

/** The bot levels, weakest first (as BOT_LEVELS of the wire, without loading its schemas). */
export const LEVELS = [
  'random',
  'easy',
  'medium',
  'hard',
  'expert',
] as const satisfies readonly BotLevelName[];
