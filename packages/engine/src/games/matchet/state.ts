/**
 * MATCHET's state: typed arrays and small integers, so clone and apply stay cheap.
 */
import type { Rng } from '../../rng.ts';
import type { Geometry } from './board.ts';
import type { TileSet } from './tiles.ts';

export const MODE_MULTI = 0;
export const MODE_RESERVE = 1;
export const MODE_STACKS = 2;
export type Mode = typeof MODE_MULTI | typeof MODE_RESERVE | typeof MODE_STACKS;
export const MODE_NAMES = ['multi', 'reserve', 'stacks'] as const;

export const PHASE_START = 0;
export const PHASE_PLAY = 1;
export const PHASE_OVER = 2;
export type Phase = typeof PHASE_START | typeof PHASE_PLAY | typeof PHASE_OVER;

/** Tiles in front of a player never exceed five (ruling MT-5). */
export const HAND_MAX = 5;
export const STACKS = 6;
/** Solitaire outcomes. */
export const OUTCOME_NONE = 0;
export const OUTCOME_WON = 1;
export const OUTCOME_LOST = 2;

export interface MatchetState {
  readonly mode: Mode;
  readonly players: number;
  readonly rounds: number;
  readonly tiles: TileSet;
  readonly geo: Geometry;
  /** Round index, 0-based (multiplayer). */
  round: number;
  /** The round's first seat (MT-8: moves one along each round). */
  firstSeat: number;
  phase: Phase;
  /** The seat to act. */
  toMove: number;
  /**
   * The round's deal, as a tile order. Multiplayer: five per seat from the first seat on, then the
   * pool in drawing order. Reserve: the drawing order. Stacks: the six stacks one after another,
   * each listed from its top down.
   */
  readonly order: Uint8Array;
  /** Multiplayer and reserve: order[poolPtr..] is the face-down pool. */
  poolPtr: number;
  /** Tiles in front of each seat, ascending: hands[seat * 5 + i] for i < handLen[seat]. */
  readonly hands: Uint8Array;
  readonly handLen: Uint8Array;
  /** Reserve stack (Solitaire A), bottom first. */
  readonly reserve: Uint8Array;
  reserveLen: number;
  /** Solitaire A: the tile to place now (-1 none) and whether it is the reserve's top. */
  current: number;
  fromReserve: boolean;
  /** Solitaire B: stack k is order[stackStart[k] .. stackStart[k + 1]); taken[k] are gone from its top. */
  readonly stackStart: Uint8Array;
  readonly taken: Uint8Array;
  readonly board: Uint8Array;
  /** Empty cells touching two or three tiles. */
  readonly holes: Int16Array;
  holeCount: number;
  /** Cell of the last tile played, -1 before the start. */
  last: number;
  /** This round's placements in order: cell, tile, rotation, seat, points. */
  readonly logCell: Int16Array;
  readonly logTile: Uint8Array;
  readonly logRot: Uint8Array;
  readonly logSeat: Uint8Array;
  readonly logScore: Uint8Array;
  placed: number;
  /** Passes in a row since the last placement (MT-7). */
  passes: number;
  readonly totals: Int32Array;
  /** Totals when this round began (for the history check). */
  readonly totalsStart: Int32Array;
  /** Finished rounds: per round the winner (-1 if blocked) and then each seat's points that round. */
  readonly history: number[];
  outcome: number;
  /** Actions applied since setup (placements chosen by a player; automatic steps do not count). */
  actions: number;
  /**
   * Recorded shuffle outcomes still to replay (`SetupConfig.chance`), consumed from `chanceAt`
   * on, one per shuffle; null when none is left. Never mutated, so clones share it.
   */
  chance: readonly (readonly string[])[] | null;
  chanceAt: number;
  readonly rng: Rng;
  /**
   * With the `keyedChance` option: the seed each round's shuffle is keyed from (`Rng.keyed(key,
   * round, 0)`), else null. Secret like the generator; a determinization drops it.
   */
  key: string | null;
}

export function cloneState(s: MatchetState): MatchetState {
  return {
    mode: s.mode,
    players: s.players,
    rounds: s.rounds,
    tiles: s.tiles,
    geo: s.geo,
    round: s.round,
    firstSeat: s.firstSeat,
    phase: s.phase,
    toMove: s.toMove,
    order: s.order.slice(),
    poolPtr: s.poolPtr,
    hands: s.hands.slice(),
    handLen: s.handLen.slice(),
    reserve: s.reserve.slice(),
    reserveLen: s.reserveLen,
    current: s.current,
    fromReserve: s.fromReserve,
    stackStart: s.stackStart.slice(),
    taken: s.taken.slice(),
    board: s.board.slice(),
    holes: s.holes.slice(),
    holeCount: s.holeCount,
    last: s.last,
    logCell: s.logCell.slice(),
    logTile: s.logTile.slice(),
    logRot: s.logRot.slice(),
    logSeat: s.logSeat.slice(),
    logScore: s.logScore.slice(),
    placed: s.placed,
    passes: s.passes,
    totals: s.totals.slice(),
    totalsStart: s.totalsStart.slice(),
    history: s.history.slice(),
    outcome: s.outcome,
    actions: s.actions,
    chance: s.chance,
    chanceAt: s.chanceAt,
    rng: s.rng.clone(),
    key: s.key,
  };
}

export const stackSize = (s: MatchetState, k: number): number => s.stackStart[k + 1]! - s.stackStart[k]!;
export const stackHeight = (s: MatchetState, k: number): number => stackSize(s, k) - s.taken[k]!;
/** Top tile of stack k, or -1 when empty. */
export const stackTop = (s: MatchetState, k: number): number =>
  s.taken[k]! < stackSize(s, k) ? s.order[s.stackStart[k]! + s.taken[k]!]! : -1;
