/**
 * MATCH!'s vocabulary: 60 number cards (five colours, values 0..5, two copies of each) and four
 * wildcards (ruling MA-1).
 *
 * Notation: colour letter + value for a number card, `W` for a wildcard: `r3`, `p0`, `W`.
 *   r = red, y = yellow, g = green, b = blue, p = purple.
 * The two copies of a number card are indistinguishable and share a token.
 *
 * Internally a card is a *kind*: 0..29 = colour * 6 + value for number cards, 30 for the wildcard.
 * A set of kinds is a 31-bit mask (bit = kind), so "which cards match the target" is one AND.
 */
export const COLOURS = ['r', 'y', 'g', 'b', 'p'] as const;
export type Colour = (typeof COLOURS)[number];
export const COLOUR_NAMES: Record<Colour, string> = {
  r: 'red',
  y: 'yellow',
  g: 'green',
  b: 'blue',
  p: 'purple',
};
export const COLOUR_COUNT = 5;
export const VALUES = 6; // 0..5
export const NUMBER_KINDS = COLOUR_COUNT * VALUES; // 30
export const WILD = 30;
export const KINDS = 31;
/** Copies of each kind in the full deck: two of every number card, four wildcards (MA-1). */
export const COPIES: readonly number[] = Array.from({ length: KINDS }, (_, k) => (k === WILD ? 4 : 2));
export const DECK_SIZE = 64;
/** Every number card of one colour, twice: the most cards one collection stack can hold. */
export const STACK_CAPACITY = VALUES * 2;
export const WILD_BIT = 1 << WILD;
export const NUMBER_MASK = WILD_BIT - 1;

export const colourOf = (kind: number): number => (kind / VALUES) | 0;
export const valueOf = (kind: number): number => kind % VALUES;
export const kindOf = (colour: number, value: number): number => colour * VALUES + value;

/** MA-10: what a card counts for at scoring; a wildcard in hand counts 10 against you. */
export const POINTS: readonly number[] = Array.from({ length: KINDS }, (_, k) =>
  k === WILD ? 10 : valueOf(k),
);

/** Kind -> notation, precomputed. */
export const CARD_NAMES: readonly string[] = Array.from({ length: KINDS }, (_, k) =>
  k === WILD ? 'W' : `${COLOURS[colourOf(k)]}${valueOf(k)}`,
);
const CARD_BY_NAME = new Map<string, number>(CARD_NAMES.map((name, k) => [name, k]));

/** The exact notation token (`r3`, `W`) to a kind, or -1. Fast path for interned action objects. */
export const kindOfToken = (token: string): number => CARD_BY_NAME.get(token) ?? -1;

/** Parses a card for people: `r3`, `R3`, `w`, `wild`, surrounding spaces allowed; -1 if none. */
export function parseCard(text: string): number {
  const t = text.trim();
  const exact = CARD_BY_NAME.get(t);
  if (exact !== undefined) return exact;
  const lower = t.toLowerCase();
  if (lower === 'w' || lower === 'wild' || lower === 'wildcard') return WILD;
  return CARD_BY_NAME.get(lower) ?? -1;
}

/** A colour letter (or its full name) to its index, or -1. */
export function parseColour(text: string): number {
  const exact = COLOURS.indexOf(text as Colour);
  if (exact >= 0) return exact;
  const t = text.trim().toLowerCase();
  const i = COLOURS.indexOf(t as Colour);
  if (i >= 0) return i;
  return COLOURS.findIndex((c) => COLOUR_NAMES[c] === t);
}

/** "red 3", "wildcard". */
export const describeCard = (kind: number): string =>
  kind === WILD ? 'a wildcard' : `${COLOUR_NAMES[COLOURS[colourOf(kind)]!]} ${valueOf(kind)}`;

/**
 * MA-4: for each target kind 0..29, the mask of kinds that match it: same colour or same value,
 * plus the wildcard, which matches everything.
 */
export const MATCH_MASK: Int32Array = (() => {
  const out = new Int32Array(NUMBER_KINDS);
  for (let t = 0; t < NUMBER_KINDS; t++) {
    let m = WILD_BIT;
    for (let k = 0; k < NUMBER_KINDS; k++) {
      if (colourOf(k) === colourOf(t) || valueOf(k) === valueOf(t)) m |= 1 << k;
    }
    out[t] = m;
  }
  return out;
})();

/** Bit index of the lowest set bit (mask must be non-zero). */
export const lowestBit = (mask: number): number => 31 - Math.clz32(mask & -mask);
