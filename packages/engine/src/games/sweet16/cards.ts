/**
 * Sweet16's vocabulary: 54 cards (four suits of A..K plus two Jokers, ruling S16-1) and the grid
 * positions.
 *
 * Card notation: rank then suit, e.g. `AH`, `7C`, `10D`, `QS`, `KH`; Jokers are `X1` and `X2`.
 * Rank comes first so that no card token can be mistaken for a grid position (`C2` is a position,
 * `2C` the two of clubs). Internally a card is an index: suit * 13 + (rank - 1) for 0..51 with
 * suits C, D, H, S in that order, and 52, 53 for the Jokers.
 *
 * Positions: column letter + row number, A1..I6 in the base game (9 x 6) and A1..G7 in the duel
 * (7 x 7). Internally a position is row * columns + column.
 */
export const SUITS = ['C', 'D', 'H', 'S'] as const;
export type Suit = (typeof SUITS)[number];
export const SUIT_NAMES = ['clubs', 'diamonds', 'hearts', 'spades'] as const;
export const CLUBS = 0;
export const DIAMONDS = 1;
export const HEARTS = 2;
export const SPADES = 3;
export const RANKS = 13;
export const JOKER_1 = 52;
export const JOKER_2 = 53;
export const CARD_COUNT = 54;
export const RANK_NAMES = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
const RANK_WORDS = ['ace', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'jack', 'queen', 'king'];

export const isJoker = (card: number): boolean => card >= JOKER_1;
/** Suit index 0..3, or -1 for a Joker. */
export const suitOf = (card: number): number => (card >= JOKER_1 ? -1 : (card / RANKS) | 0);
/** Rank 1..13 (ruling S16-5: A=1, J=11, Q=12, K=13), or 0 for a Joker. */
export const rankOf = (card: number): number => (card >= JOKER_1 ? 0 : (card % RANKS) + 1);
export const cardOf = (suit: number, rank: number): number => suit * RANKS + rank - 1;

/** Card index -> notation, precomputed. */
export const CARD_NAMES: readonly string[] = Array.from({ length: CARD_COUNT }, (_, c) =>
  c === JOKER_1 ? 'X1' : c === JOKER_2 ? 'X2' : `${RANK_NAMES[rankOf(c) - 1]}${SUITS[suitOf(c)]}`,
);
const CARD_BY_NAME = new Map<string, number>(CARD_NAMES.map((name, c) => [name, c]));
// Aliases accepted on input only: `1H` for `AH`, `11S`/`12S`/`13S` for the court cards.
for (let c = 0; c < 52; c++) {
  const r = rankOf(c);
  if (r === 1 || r > 10) CARD_BY_NAME.set(`${r}${SUITS[suitOf(c)]}`, c);
}

/** Parses a card token (any case, spaces around allowed) into its index, or -1. */
export function parseCard(text: string): number {
  return CARD_BY_NAME.get(text.trim().toUpperCase()) ?? -1;
}

/** A person-friendly name: "queen of spades", "Joker X1". */
export const describeCard = (card: number): string =>
  isJoker(card)
    ? `Joker ${CARD_NAMES[card]}`
    : `${RANK_WORDS[rankOf(card) - 1]} of ${SUIT_NAMES[suitOf(card)]}`;

/** The grid of one mode. */
export interface GridShape {
  readonly cols: number;
  readonly rows: number;
  readonly size: number;
  /** Position index -> name (A1 ...). */
  readonly names: readonly string[];
  readonly byName: ReadonlyMap<string, number>;
}

function shape(cols: number, rows: number): GridShape {
  const names: string[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) names.push(`${String.fromCharCode(65 + c)}${r + 1}`);
  }
  return { cols, rows, size: cols * rows, names, byName: new Map(names.map((n, i) => [n, i])) };
}

export const BASE_GRID = shape(9, 6);
export const DUEL_GRID = shape(7, 7);

/** Every position name of either grid (A1..I7), for interning actions. */
export const ALL_POSITION_NAMES: readonly string[] = (() => {
  const out: string[] = [];
  for (let r = 0; r < 7; r++) for (let c = 0; c < 9; c++) out.push(`${String.fromCharCode(65 + c)}${r + 1}`);
  return out;
})();

/** Parses a position name for a grid (any case), or -1. */
export function parsePosition(grid: GridShape, text: string): number {
  return grid.byName.get(text) ?? grid.byName.get(text.trim().toUpperCase()) ?? -1;
}

export function popcount(mask: number): number {
  let m = mask - ((mask >>> 1) & 0x55555555);
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return (((m + (m >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
