/**
 * MatchMaster's card-play rules as pure functions over suit masks (rulings MM-6, MM-7, MM-8, MM-9).
 */
import { FULL_SUIT, RANKS, TRUMP, rankOf, suitOf } from './cards.ts';

/** Mask of ranks strictly above `rank` (1..13) within a suit. */
export const ranksAbove = (rank: number): number => FULL_SUIT & ~((1 << rank) - 1);

/**
 * The legal cards of one suit for a player, as a 13-bit mask.
 * `hand` holds the player's four suit masks at `hand[base..base+3]`; `led` is the led suit
 * (-1 when the player leads); `highTrump` is the highest trump rank in the trick (0 if none).
 */
export function legalMaskForSuit(
  hand: ArrayLike<number>,
  base: number,
  suit: number,
  led: number,
  highTrump: number,
): number {
  const own = hand[base + suit] as number;
  if (led < 0 || own === 0) return own; // leading: anything (MM-5 leader is free)
  const ledMask = hand[base + led] as number;
  const trumps = hand[base + TRUMP] as number;
  if (led !== TRUMP) {
    // MM-6: follow the led suit if you can.
    if (ledMask !== 0) return suit === led ? own : 0;
    // Void in the led suit: trump if you can, beating the highest trump in the trick if you can.
    if (trumps !== 0) {
      if (suit !== TRUMP) return 0;
      const higher = trumps & ranksAbove(highTrump);
      return higher !== 0 ? higher : trumps;
    }
    return own; // neither led suit nor trump: anything
  }
  // MM-7: trump led; beat the highest trump so far if you can, else any lower trump.
  if (trumps !== 0) {
    if (suit !== TRUMP) return 0;
    const higher = trumps & ranksAbove(highTrump);
    return higher !== 0 ? higher : trumps;
  }
  return own;
}

/** Index (within `cards`) of the card that wins a complete or partial trick (MM-8). */
export function trickWinnerIndex(cards: ArrayLike<number>, start: number, length: number): number {
  const led = suitOf(cards[start] as number);
  let best = 0;
  let bestKey = -1;
  for (let i = 0; i < length; i++) {
    const c = cards[start + i] as number;
    const s = suitOf(c);
    const key = s === TRUMP ? 100 + rankOf(c) : s === led ? rankOf(c) : -1;
    if (key > bestKey) {
      bestKey = key;
      best = i;
    }
  }
  return best;
}

/** Highest trump rank among `cards[start..start+length)`, 0 if none. */
export function highestTrump(cards: ArrayLike<number>, start: number, length: number): number {
  let high = 0;
  for (let i = 0; i < length; i++) {
    const c = cards[start + i] as number;
    if (suitOf(c) === TRUMP && rankOf(c) > high) high = rankOf(c);
  }
  return high;
}

/** MM-9: bid met exactly scores 10 + tricks; otherwise minus the difference. */
export function handPoints(bid: number, tricks: number): number {
  return bid === tricks ? 10 + tricks : -Math.abs(bid - tricks);
}

/** The standard schedule of hand sizes, MM-2: 7 down to 1 and back up to 7. */
export const STANDARD_HAND_SIZES: readonly number[] = [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7];

export const MAX_RANK = RANKS;
