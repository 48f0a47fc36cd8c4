/**
 * MatchMaster's state: compact typed arrays so that clone and apply stay cheap.
 */
import type { Rng } from '../../rng.ts';

export const PHASE_BID = 0;
export const PHASE_PLAY = 1;
export const PHASE_OVER = 2;
export type Phase = typeof PHASE_BID | typeof PHASE_PLAY | typeof PHASE_OVER;

export interface MatchMasterState {
  readonly players: number;
  /** The hand sizes to play, in order (MM-2's 7..1..7 by default). */
  readonly handSizes: readonly number[];
  readonly firstDealer: number;
  /** Index into handSizes of the hand being played. */
  handIndex: number;
  phase: Phase;
  dealer: number;
  /** Four 13-bit suit masks per seat: hands[seat * 4 + suit]. */
  readonly hands: Uint16Array;
  /** The cards not dealt this hand, as four suit masks (MM-2: they play no part). */
  readonly undealt: Uint16Array;
  /** Committed bids this hand, -1 while not yet bid (MM-4). */
  readonly bids: Int8Array;
  bidCount: number;
  /** Tricks won this hand per seat. */
  readonly tricks: Int8Array;
  /** Running totals per seat. */
  readonly totals: Int32Array;
  /** Per finished hand and seat: bid, tricks, points; index (hand * players + seat) * 3. */
  readonly history: Int16Array;
  /** Cards played this hand in order, and who played each. */
  readonly plays: Int8Array;
  readonly playSeats: Int8Array;
  playCount: number;
  /** Cards in the current trick (the last trickLen entries of plays). */
  trickLen: number;
  /** The seat to play next in the play phase. */
  toPlay: number;
  /** Actions applied since setup (bids and cards). */
  actions: number;
  /**
   * Stacked deal orders still to come (`SetupConfig.chance`, or the stacked `deck` for the first
   * hand), in the deal-order notation; shared between clones, never mutated. `chanceAt` is the
   * next one to use.
   */
  chance: readonly (readonly string[])[];
  chanceAt: number;
  readonly rng: Rng;
  /**
   * With the `keyedChance` option: the seed each hand's deal is keyed from (`Rng.keyed(key,
   * handIndex, 0)`), else null. Secret like the generator; a determinization drops it.
   */
  key: string | null;
}

/** The empty chance queue, shared. */
export const NO_CHANCE: readonly (readonly string[])[] = Object.freeze([]);

/**
 * The number of actions that lead to a state: every seat bids and plays a hand's cards in each
 * finished hand, then this hand's bids and plays so far.
 */
export function actionsPlayed(
  players: number,
  handSizes: readonly number[],
  handIndex: number,
  bidCount: number,
  playCount: number,
): number {
  let total = bidCount + playCount;
  for (let h = 0; h < handIndex; h++) total += players * (1 + handSizes[h]!);
  return total;
}

export const handSizeOf = (s: MatchMasterState): number => s.handSizes[s.handIndex] ?? 0;
export const firstLeaderOf = (s: MatchMasterState): number => (s.dealer + 1) % s.players;

export function cloneState(s: MatchMasterState): MatchMasterState {
  return {
    players: s.players,
    handSizes: s.handSizes,
    firstDealer: s.firstDealer,
    handIndex: s.handIndex,
    phase: s.phase,
    dealer: s.dealer,
    hands: s.hands.slice(),
    undealt: s.undealt.slice(),
    bids: s.bids.slice(),
    bidCount: s.bidCount,
    tricks: s.tricks.slice(),
    totals: s.totals.slice(),
    history: s.history.slice(),
    plays: s.plays.slice(),
    playSeats: s.playSeats.slice(),
    playCount: s.playCount,
    trickLen: s.trickLen,
    toPlay: s.toPlay,
    actions: s.actions,
    chance: s.chance,
    chanceAt: s.chanceAt,
    rng: s.rng.clone(),
    key: s.key,
  };
}

/**
 * Makes `target` an independent copy of `s` without allocating (searches reuse one state per
 * iteration): `target` must be a state of the same game setup (players and hand sizes), e.g. an
 * earlier clone of `s` or of a determinization of it.
 */
export function copyStateInto(s: MatchMasterState, target: MatchMasterState): void {
  const t = target as {
    -readonly [K in keyof MatchMasterState]: MatchMasterState[K];
  };
  if (t.players !== s.players || t.history.length !== s.history.length)
    throw new Error('matchmaster: copyStateInto needs a state of the same setup');
  t.handSizes = s.handSizes;
  t.firstDealer = s.firstDealer;
  t.handIndex = s.handIndex;
  t.phase = s.phase;
  t.dealer = s.dealer;
  // Plain loops for the shortest arrays, where `set` would cost more than the copy.
  const n = s.players;
  for (let i = 0; i < n * 4; i++) t.hands[i] = s.hands[i]!;
  for (let i = 0; i < 4; i++) t.undealt[i] = s.undealt[i]!;
  for (let i = 0; i < n; i++) {
    t.bids[i] = s.bids[i]!;
    t.tricks[i] = s.tricks[i]!;
    t.totals[i] = s.totals[i]!;
  }
  t.bidCount = s.bidCount;
  t.history.set(s.history);
  t.plays.set(s.plays);
  t.playSeats.set(s.playSeats);
  t.playCount = s.playCount;
  t.trickLen = s.trickLen;
  t.toPlay = s.toPlay;
  t.actions = s.actions;
  t.chance = s.chance;
  t.chanceAt = s.chanceAt;
  t.rng.copyFrom(s.rng);
  t.key = s.key;
}
