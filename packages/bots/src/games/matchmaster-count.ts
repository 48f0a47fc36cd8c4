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
  /** Per seat and suit, the ranks the seat may still hold: possible[seat * 4 + suit]. */
  readonly possible: Uint16Array;
}

/**
 * What the plays of a hand have shown so far (per seat and suit, the ranks it may hold before the
 * unseen cards are taken into account), kept so that a later call on the same hand only reads
 * the plays made since (rollouts ask after every card).
 */
export class ShownVoids {
  readonly allowed = new Uint16Array(MAX_SEATS * 4);
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
      this.owner = owner;
      this.hand = hand;
      this.count = 0;
      this.start = 0;
      this.high = 0;
    }
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
}

const scratchVoids = new ShownVoids();

/**
 * Fills `sit.possible` from this hand's plays in order (`plays[i]` by `seats[i]`) and the seen
 * cards (`sit.hand`, `sit.played`, which must be filled first). The seat's own entry is its hand.
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
  const n = sit.n;
  voids.update(owner, hand, n, plays, seats, count);
  const allowed = voids.allowed;
  const possible = sit.possible;
  for (let suit = 0; suit < 4; suit++) {
    const unseen = FULL_SUIT & ~(sit.hand[suit]! | sit.played[suit]!);
    for (let o = 0; o < n; o++) possible[o * 4 + suit] = allowed[o * 4 + suit]! & unseen;
    possible[sit.seat * 4 + suit] = sit.hand[suit]!;
  }
}

/**
 * Whether a seat still to play this trick could beat `card` (assumed to lead the trick or to be
 * its best card so far); `led` is the trick's suit (the card's own when it leads).
 */
export function someoneCanBeat(sit: CountSit, card: number, led: number): boolean {
  const n = sit.n;
  const s = suitOf(card);
  const overMask = above(rankOf(card));
  const later = n - sit.trickLen - 1;
  for (let k = 1; k <= later; k++) {
    const base = ((sit.seat + k) % n) * 4;
    if (s === TRUMP) {
      if ((sit.possible[base + TRUMP]! & overMask) !== 0) return true;
    } else {
      // A higher card of the suit, or (void in the led suit) any trump, MM-6 and MM-8.
      if ((sit.possible[base + s]! & overMask) !== 0) return true;
      if (s === led && sit.possible[base + TRUMP]! !== 0) return true;
    }
  }
  return false;
}

/**
 * The trumps in the seat's hand (a rank mask) that no other seat can beat, and that beat any trump
 * already in the trick: each wins the trick it is played to (MM-8), so each is a trick banked.
 */
export function sureTrumps(sit: CountSit): number {
  let others = 0;
  for (let o = 0; o < sit.n; o++) if (o !== sit.seat) others |= sit.possible[o * 4 + TRUMP]!;
  for (let i = 0; i < sit.trickLen; i++) {
    const c = sit.trick[i]!;
    if (suitOf(c) === TRUMP) others |= 1 << (rankOf(c) - 1);
  }
  const top = others === 0 ? 0 : 32 - Math.clz32(others); // highest rank another seat may hold
  return sit.hand[TRUMP]! & above(top);
}
