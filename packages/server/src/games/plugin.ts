/**
 * What the server knows of one game beyond the engine: its per-player figures. Each game's folder
 * (games/<game>/index.ts) exports one plugin; games/index.ts lists them. A game without one gets
 * the plain figures (games and wins).
 *
 * The figures are the game's own: a seat's row stores a record keyed by names the plugin declares
 * (`rowFigures`), and the profile shows the figures it declares in `profileFigures`, whose words are
 * the game's (web: `figures.<name>` in its namespace). No shared type names a game's figure.
 */
import type { GameResult, Json } from '@matchbox/engine';
import type { PlayerStats } from '@matchbox/client/wire';

/** One seat's figures from one game, by the game's names (stored as JSON in game_results.stats). */
export type SeatFigures<Name extends string = string> = Readonly<Partial<Record<Name, number | boolean>>>;

export interface ResultRow<Name extends string = string> {
  readonly game: string;
  readonly rank: number;
  readonly score: number;
  readonly stats: SeatFigures<Name>;
}

/** The sum of one numeric figure over a player's rows of a game (0 where a row lacks it). */
export type FigureSum<Name extends string = string> = (name: Name) => number;

/**
 * `Row`: the names of the figures a seat's row stores; `Shown`: the names of the figures the
 * profile shows.
 */
export interface ServerGamePlugin<Row extends string = string, Shown extends string = string> {
  readonly id: string;
  /** The figures a seat's row stores, by name. */
  readonly rowFigures: readonly Row[];
  /** The figures the profile shows, by name, in order; each has words in the game's i18n. */
  readonly profileFigures: readonly Shown[];
  /** A seat's share of a finished game, from the spectator's view of the final state. */
  seatFigures(view: unknown, result: GameResult, seat: number): SeatFigures<Row>;
  /**
   * A player's summary over its finished games of this game (`base`: games and wins, no figures
   * yet); figures not worth showing (a count of none of something) may be left out.
   */
  summarize(
    rows: readonly ResultRow<Row>[],
    base: PlayerStats<never>,
    sum: FigureSum<Row>,
  ): PlayerStats<Shown>;
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
