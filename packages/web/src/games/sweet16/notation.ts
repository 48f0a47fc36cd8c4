/**
 * Reading Sweet16 notation for display only: a card string (`7H`, `10D`, `QS`, Jokers `X1`, `X2`)
 * into its rank and suit, and grid positions (`B3`) to and from row/column indices. No rules here:
 * nothing in the board computes values, totals or what is allowed (that comes from `legal`).
 */

export const SUITS = ['C', 'D', 'H', 'S'] as const;
export type Suit = (typeof SUITS)[number];

export interface CardFace {
  /** `A`, `2`..`10`, `J`, `Q`, `K`; `X` for a Joker. */
  readonly rank: string;
  /** null for a Joker. */
  readonly suit: Suit | null;
}

const CARD = /^(A|[2-9]|10|J|Q|K)([CDHS])$/;

/** The face of a card in notation, or null for `?`, a hole or anything unreadable. */
export function parseCard(card: string | null | undefined): CardFace | null {
  if (!card) return null;
  if (/^X[12]$/.test(card)) return { rank: 'X', suit: null };
  const m = CARD.exec(card);
  return m ? { rank: m[1]!, suit: m[2] as Suit } : null;
}

const LETTERS = 'ABCDEFGHI';

/** `B3` for row index 2, column index 1. */
export const posName = (row: number, col: number): string => `${LETTERS[col] ?? '?'}${row + 1}`;

export const colLetter = (col: number): string => LETTERS[col] ?? '?';

/** Row and column indices of a position name, or null. */
export function posIndex(pos: string): { row: number; col: number } | null {
  const col = LETTERS.indexOf(pos.charAt(0));
  const row = Number(pos.slice(1)) - 1;
  return col < 0 || !Number.isInteger(row) || row < 0 ? null : { row, col };
}
