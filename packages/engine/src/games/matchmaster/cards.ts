/**
 * MatchMaster's vocabulary: 52 cards, four suits of ranks 1..13 (ruling MM-1).
 *
 * Notation: suit code + rank, e.g. `do13`, `lb1`.
 *   do = dark orange (always trump), lo = light orange, db = dark blue, lb = light blue.
 * Internally a card is an index 0..51 = suit * 13 + (rank - 1), and a set of cards of one suit is
 * a 13-bit mask (bit rank-1), so hands are four small integers per seat.
 */
export const SUITS = ['do', 'lo', 'db', 'lb'] as const;
export type Suit = (typeof SUITS)[number];
export const SUIT_NAMES: Record<Suit, string> = {
  do: 'dark orange',
  lo: 'light orange',
  db: 'dark blue',
  lb: 'light blue',
};
export const TRUMP = 0; // suit index of dark orange, ruling MM-1
export const RANKS = 13;
export const DECK_SIZE = 52;
export const FULL_SUIT = (1 << RANKS) - 1;

export const suitOf = (card: number): number => (card / RANKS) | 0;
export const rankOf = (card: number): number => (card % RANKS) + 1;
export const cardOf = (suit: number, rank: number): number => suit * RANKS + rank - 1;

/** Card index -> notation string, precomputed. */
export const CARD_NAMES: readonly string[] = Array.from(
  { length: DECK_SIZE },
  (_, c) => `${SUITS[suitOf(c)]}${rankOf(c)}`,
);
const CARD_BY_NAME = new Map<string, number>(CARD_NAMES.map((name, c) => [name, c]));

/** Parses `do13` (any case, surrounding spaces allowed) into a card index, or -1. */
export function parseCard(text: string): number {
  return CARD_BY_NAME.get(text) ?? CARD_BY_NAME.get(text.trim().toLowerCase()) ?? -1;
}

/** A person-friendly name: "dark orange 13". */
export const describeCard = (card: number): string =>
  `${SUIT_NAMES[SUITS[suitOf(card)] as Suit]} ${rankOf(card)}`;

export function popcount(mask: number): number {
  let m = mask - ((mask >>> 1) & 0x55555555);
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return (((m + (m >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Bit index of the lowest set bit (mask must be non-zero). */
export const lowestBit = (mask: number): number => 31 - Math.clz32(mask & -mask);

/** The cards of four suit masks `masks[base..base+3]`, ascending by suit then rank, appended to `out`. */
export function cardsOfMasks(masks: ArrayLike<number>, base = 0, out: number[] = []): number[] {
  for (let suit = 0; suit < 4; suit++) {
    for (let m = masks[base + suit]!; m !== 0; m &= m - 1) out.push(cardOf(suit, lowestBit(m) + 1));
  }
  return out;
}
