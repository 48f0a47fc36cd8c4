/**
 * Reading Sweet16 notation for display only: a card string (`7H`, `10D`, `QS`, Jokers `X1`, `X2`)
 * into its rank and suit, and grid positions (`B3`) to and from row/column indices. No rules here:
 * nothing in the board computes values, totals or what is allowed (that comes from `legal`).
 */
import { SUITS, parseCard } from '@matchbox/client/words/sweet16';
import type { CardFace, Suit } from '@matchbox/client/words/sweet16';

export { SUITS, parseCard };
export type { CardFace, Suit };

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
