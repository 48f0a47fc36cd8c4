/**
 * Names in words for the board and the log: a seat ("you" for the viewer), a card
 * ("dark orange 13" / "Dunkelorange 13"). Keys live in the `matchmaster` namespace.
 */
import type { TFunction } from 'i18next';
import { parseCard } from './cards.ts';

/**
 * The seat's display name, or "Seat 3" when it has none. Names that several seats share (three
 * "Bot (easy)") get the seat's number: "Bot (easy) 3".
 */
export function seatName(t: TFunction, seatNames: readonly string[], seat: number): string {
  const name = seatNames[seat]?.trim();
  if (!name) return t('seatN', { n: seat + 1 });
  return sharesName(seatNames, seat) ? t('seatNamed', { name, n: seat + 1 }) : name;
}

/** Whether another seat has the same display name. */
export function sharesName(seatNames: readonly string[], seat: number): boolean {
  const name = seatNames[seat]?.trim();
  return !!name && seatNames.filter((other) => other.trim() === name).length > 1;
}

/** The seat's name, or "you" (lower case, for the middle of a sentence) for the viewer. */
export function seatOrYou(
  t: TFunction,
  seatNames: readonly string[],
  seat: number,
  viewer: number | null,
): string {
  return seat === viewer ? t('you') : seatName(t, seatNames, seat);
}

/** "dark orange 13" in the current language; the notation itself if it is no card. */
export function cardName(t: TFunction, card: string): string {
  const face = parseCard(card);
  return face ? t('cardName', { suit: t(`suit.${face.suit}`), rank: face.rank }) : card;
}

/** Items joined as "a, b and c" / "a, b und c". */
export function listInWords(t: TFunction, items: readonly string[]): string {
  if (items.length === 0) return t('nobody');
  if (items.length === 1) return items[0]!;
  return t('listAnd', { head: items.slice(0, -1).join(', '), last: items[items.length - 1] });
}
