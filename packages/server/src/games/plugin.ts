/**
 * What the server knows of one game beyond the engine: its per-player figures. Each game's folder
 * (games/<game>/index.ts) exports one plugin; games/index.ts lists them. A game without one gets
 * the plain figures (games and wins).
 */
import type { GameResult, Json } from '@matchbox/engine';
import type { PlayerStats } from '@matchbox/client/wire';

/** One seat's figures from one game (stored as JSON in game_results.stats). */
export interface SeatFigures {
  hands?: number;
  exactBids?: number;
  points?: number;
  roundsWon?: number;
  bank?: number;
  solitaire?: boolean;
  solved?: boolean;
}

export interface ResultRow {
  readonly game: string;
  readonly rank: number;
  readonly score: number;
  readonly stats: SeatFigures;
}

/** A player's totals over a game's rows, given as the sum of one figure. */
export type FigureSum = (f: (s: SeatFigures) => number | undefined) => number;

export interface ServerGamePlugin {
  readonly id: string;
  /** A seat's share of a finished game, from the spectator's view of the final state. */
  seatFigures(view: unknown, result: GameResult, seat: number): SeatFigures;
  /** A player's summary over its finished games of this game (`base`: games and wins). */
  summarize(rows: readonly ResultRow[], base: PlayerStats, sum: FigureSum): PlayerStats;
  /**
   * The rated format: per option, the values a rated game may give it (the standard game of the
   * rules); a game without one is never rated.
   */
  readonly ratedFormat?: Readonly<Record<string, readonly Json[]>>;
  /**
   * Whether a table with these options may ask the solver whether its deal can still be won (an
   * open-information solitaire, which the solver sees no more of than the player); none: never.
   */
  readonly solvable?: (options: Readonly<Record<string, unknown>>) => boolean;
}

export const round2 = (x: number): number => Math.round(x * 100) / 100;
