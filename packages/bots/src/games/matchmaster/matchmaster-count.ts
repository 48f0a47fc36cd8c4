/**
 * Trick counting for the MatchMaster heuristic (rulings MM-6..MM-8): which cards each other seat
 * can still hold, given the cards seen and the voids the table has shown, and from that which of
 * the seat's cards win the current trick for sure and how many tricks its top trumps guarantee.
 *
 * A seat that did not follow a non-trump led suit holds none of it; one that then played no trump
 * holds no trump; one that played a trump under the trick's highest holds no higher trump (the
 * same inferences as the engine's determinizer). Cards not dealt take no part (MM-2) but are
 * unseen, so an unseen card counts as one any other seat may hold: "sure" here means sure against
 * every deal the seat cannot rule out.
 *
 * Counting only ever asks whether some seat still to play (or some other seat) may hold a card,
 * so it keeps the unions of what those seats may hold, per suit, not the table per seat.
 */
import { matchmasterCards } from '@matchbox/engine';

const { RANKS, TRUMP, FULL_SUIT } = matchmasterCards;

export const MAX_SEATS = 8;

const suitOf = (c: number): number => (c / RANKS) | 0;
const rankOf = (c: number): number => (c % RANKS) + 1;
const above = (rank: number): number => FULL_SUIT & ~((1 << rank) - 1);

/** What counting needs; `PlaySit` carries these fields. */
export interface CountSit {
  n: number;
  /** The counting seat. */
  seat: number;
  readonly hand: Uint16Array;
  readonly played: Uint16Array;
  readonly trick: Int8Array;
  trickLen: number;
  /**
   * Per suit, the ranks that some seat still to play this trick may hold (the union over those
   * seats of what each may hold), filled by `fillCounting`.
   */
  readonly later: Uint16Array;
  /** The trumps (a rank mask) that some other seat may hold, filled by `fillCounting`. */
  otherTrumps: number;
}

/**
 * What the plays of a hand have shown so far (per seat and suit, the ranks it may hold before the
 * unseen cards are taken into account), kept so that a later call on the same hand only reads
 * the plays made since (rollouts ask after every card).
 */
export class ShownVoids {
  readonly allowed = new Uint16Array(MAX_SEATS * 4);
  /** The cards of the plays read (four suit masks): the cards played this hand so far. */
  readonly played = new Uint16Array(4);
  private owner: object | null = null;
  private hand = -1;
  private count = 0;
  private start = 0;
  private high = 0;

  /** Reads plays `[0, count)` of hand `hand` of `owner` (from where it stopped when it can). */
  update(
    owner: object | null,
    hand: number,
    n: number,
    plays: ArrayLike<number>,
    seats: ArrayLike<number>,
    count: number,
  ): void {
    const allowed = this.allowed;
    if (owner === null || owner !== this.owner || hand !== this.hand || count < this.count) {
      allowed.fill(FULL_SUIT, 0, n * 4);
      this.played.fill(0);
      this.owner = owner;
      this.hand = hand;
      this.count = 0;
      this.start = 0;
      this.high = 0;
    }
    const played = this.played;
    let start = this.start;
    let high = this.high;
    for (let i = this.count; i < count; i++) {
      if (i - start === n) {
        start = i;
        high = 0;
      }
      const c = plays[i]!;
      const s = suitOf(c);
      const r = rankOf(c);
      played[s]! |= 1 << (r - 1);
      if (i > start) {
        const led = suitOf(plays[start]!);
        const base = seats[i]! * 4;
        if (s !== led) {
          if (led !== TRUMP) allowed[base + led] = 0; // MM-6: did not follow
          if (s !== TRUMP) allowed[base + TRUMP] = 0; // and did not trump
        }
        if (s === TRUMP && r < high) allowed[base + TRUMP]! &= (1 << (high - 1)) - 1; // MM-7: under-trumped
      }
      if (s === TRUMP && r > high) high = r;
    }
    this.count = count;
    this.start = start;
    this.high = high;
  }

  /**
   * Drops what was read, so that the next `update` reads from the first play. Needed when the
   * owner object is reused for another state (a search copying each world into one object).
   */
  forget(): void {
    this.owner = null;
  }
}

const scratchVoids = new ShownVoids();

/**
 * Fills `sit.later` and `sit.otherTrumps` from this hand's plays in order (`plays[i]` by
 * `seats[i]`) and the seen cards (`sit.hand`, `sit.played`, which must be filled first): what
 * each other seat may hold is what its shown voids allow among the cards this seat has not seen.
 * `voids` may carry what earlier calls on the same hand read (see `ShownVoids`).
 */
export function fillPossible(
  sit: CountSit,
  plays: ArrayLike<number>,
  seats: ArrayLike<number>,
  count: number,
  voids: ShownVoids = scratchVoids,
  owner: object | null = null,
  hand = 0,
): void {
  voids.update(owner, hand, sit.n, plays, seats, count);
  fillCounting(sit, voids.allowed);
}

/** `fillPossible` once `allowed` (per seat and suit, from `ShownVoids`) is up to date. */
export function fillCounting(sit: CountSit, allowed: Uint16Array): void {
  const n = sit.n;
  const seat = sit.seat;
  const hand = sit.hand;
  const played = sit.played;
  // The seats after this one still to play this trick, then the rest, in seat order from it.
  let l0 = 0;
  let l1 = 0;
  let l2 = 0;
  let l3 = 0;
  let trumps = 0;
  const later = n - sit.trickLen - 1;
  let o = seat;
  for (let k = 1; k < n; k++) {
    if (++o === n) o = 0;
    const base = o * 4;
    trumps |= allowed[base + TRUMP]!;
    if (k > later) continue;
    l0 |= allowed[base]!;
    l1 |= allowed[base + 1]!;
    l2 |= allowed[base + 2]!;
    l3 |= allowed[base + 3]!;
  }
  const out = sit.later;
  out[0] = l0 & FULL_SUIT & ~(hand[0]! | played[0]!);
  out[1] = l1 & FULL_SUIT & ~(hand[1]! | played[1]!);
  out[2] = l2 & FULL_SUIT & ~(hand[2]! | played[2]!);
  out[3] = l3 & FULL_SUIT & ~(hand[3]! | played[3]!);
  sit.otherTrumps = trumps & FULL_SUIT & ~(hand[TRUMP]! | played[TRUMP]!);
}

/**
 * Whether a seat still to play this trick could beat `card` (assumed to lead the trick or to be
 * its best card so far); `led` is the trick's suit (the card's own when it leads).
 */
export function someoneCanBeat(sit: CountSit, card: number, led: number): boolean {
  const s = suitOf(card);
  const overMask = above(rankOf(card));
  // A higher card of its suit, or (a card of the led suit, off trump) any trump from a seat void
  // in it, MM-6 and MM-8.
  if ((sit.later[s]! & overMask) !== 0) return true;
  return s !== TRUMP && s === led && sit.later[TRUMP]! !== 0;
}

/**
 * The trumps in the seat's hand (a rank mask) that no other seat can beat, and that beat any trump
 * already in the trick: each wins the trick it is played to (MM-8), so each is a trick banked.
 */
export function sureTrumps(sit: CountSit): number {
  let others = sit.otherTrumps;
  for (let i = 0; i < sit.trickLen; i++) {
    const c = sit.trick[i]!;
    if (suitOf(c) === TRUMP) others |= 1 << (rankOf(c) - 1);
  }
  const top = others === 0 ? 0 : 32 - Math.clz32(others); // highest rank another seat may hold
  return sit.hand[TRUMP]! & above(top);
}
