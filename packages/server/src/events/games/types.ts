/**
 * What the duplicate events need to know of one game, the same interface for every game (one
 * file per game beside this one): the table an entrant plays, how many deals an event has, and
 * the entrant's result on each deal played so far.
 */
import type { BotLevel } from '@matchbox/bots';
import type { EventKind } from '@matchbox/client/wire';
import type { GameResult, Json } from '@matchbox/engine';

export interface EventGame {
  /** The engine's game id. */
  readonly game: string;
  readonly players: number;
  /** The seat every entrant plays from; bots of `level` take the others. */
  readonly seat: number;
  readonly level: BotLevel;
  /** How many deals an event of `kind` has. */
  deals(kind: EventKind): number;
  /** The options of an entrant's table (with `keyedChance`: every deal keyed by its number). */
  options(kind: EventKind): Record<string, Json>;
  /**
   * The result of `seat` on each deal finished so far, in order (higher is better), read from
   * the public (spectator) view and the game's result once it is over.
   */
  results(view: unknown, result: GameResult | null, seat: number): number[];
}
