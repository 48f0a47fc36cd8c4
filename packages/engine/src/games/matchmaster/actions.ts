/**
 * MatchMaster's actions: interned action objects, the text notation (`bid 2`, `do13`) and the
 * decoding of an action given as JSON, with stable error codes for bad input.
 */
import type { EngineError, Result } from '../../contract.ts';
import { engineError, err, ok } from '../../contract.ts';
import { CARD_NAMES, RANKS, SUITS, parseCard } from './cards.ts';
import type { MatchMasterAction } from './types.ts';

/** Interned action objects: legal-action lists allocate only the array. */
const CARD_INDEX = Symbol('card index');
export const PLAY_ACTIONS: readonly MatchMasterAction[] = CARD_NAMES.map((card, index) =>
  // The card index rides along, hidden from JSON, so that apply need not parse interned actions.
  Object.freeze(
    Object.defineProperty({ type: 'play' as const, card }, CARD_INDEX, { value: index, enumerable: false }),
  ),
);
export const BID_ACTIONS: readonly MatchMasterAction[] = Array.from({ length: 27 }, (_, bid) =>
  Object.freeze({ type: 'bid' as const, bid }),
);

/** The legal bids for each hand size, 0..size (MM-4), as shared read-only lists. */
export const BID_LISTS: readonly (readonly MatchMasterAction[])[] = BID_ACTIONS.map((_, size) =>
  Object.freeze(BID_ACTIONS.slice(0, size + 1)),
);

export const bidAction = (bid: number): MatchMasterAction => BID_ACTIONS[bid] ?? { type: 'bid', bid };

/** Text shaped like a card (letters then a number) that names no card: `do14`, `do0`, `xx5`. */
const CARD_SHAPE = /^([a-z]{1,3})(\d+)$/;

/** Why `text` (lower case, trimmed) is not a card, for text shaped like one. */
function unknownCard(text: string): EngineError {
  const m = CARD_SHAPE.exec(text);
  const suit = m?.[1] ?? '';
  const why = (SUITS as readonly string[]).includes(suit)
    ? `ranks run 1 to ${RANKS}`
    : `suits are ${SUITS.join(', ')} and ranks run 1 to ${RANKS}`;
  return engineError('unknown_card', `There is no card "${text}" in MatchMaster: ${why} (e.g. do13, lb1).`);
}

/**
 * The card index an action names: the interned index, else the parsed `card` field. A `card`
 * that is text but no card is `unknown_card`; a missing one is `malformed_action`.
 */
export function cardOfAction(action: object): number | EngineError {
  const interned = (action as { [CARD_INDEX]?: number })[CARD_INDEX];
  if (interned !== undefined) return interned;
  const card = (action as { card?: unknown }).card;
  if (typeof card !== 'string')
    return engineError('malformed_action', 'A play action needs a "card" such as "do13".');
  const c = parseCard(card);
  return c >= 0 ? c : unknownCard(card.trim().toLowerCase());
}

export function formatAction(a: MatchMasterAction): string {
  return a.type === 'bid' ? `bid ${a.bid}` : a.card;
}

const BID_TEXT = /^(?:bid|b)\s*(-?\d+(?:\.\d+)?)$/;

/**
 * Parses `bid 2` (also `b2`, any number: the range is checked when it is applied, as
 * `bid_out_of_range`) or a card `do13` (also `play do13`). Text shaped like a card that names
 * none (`do14`) is `unknown_card`; other text and non-strings are `malformed_action`.
 */
export function parseAction(text: string): Result<MatchMasterAction> {
  if (typeof text !== 'string') {
    return err('malformed_action', 'An action is text: a bid like "bid 2" or a card like "do13".');
  }
  const t = text.trim().toLowerCase();
  const bid = BID_TEXT.exec(t);
  if (bid) return ok(bidAction(Number(bid[1])));
  const cardText = t.replace(/^play\s+/, '');
  const card = parseCard(cardText);
  if (card >= 0) return ok(PLAY_ACTIONS[card]!);
  if (CARD_SHAPE.test(cardText)) return { ok: false, error: unknownCard(cardText) };
  return err(
    'malformed_action',
    `"${text}" is not a MatchMaster action: write a bid like "bid 2" or a card like "do13".`,
  );
}

/**
 * Every card, every bid up to one past the hand size, and a negative bid: to probe rejections.
 * One shared, frozen list per hand size (the referee probes them on every update of a seat to act).
 */
export function candidateActions(handSize: number): MatchMasterAction[] {
  let list = CANDIDATES.get(handSize);
  if (list === undefined) {
    const out: MatchMasterAction[] = [...PLAY_ACTIONS];
    for (let b = 0; b <= handSize + 1; b++) out.push(bidAction(b));
    out.push(NEGATIVE_BID);
    list = Object.freeze(out);
    CANDIDATES.set(handSize, list);
  }
  return list as MatchMasterAction[];
}
const NEGATIVE_BID: MatchMasterAction = Object.freeze({ type: 'bid', bid: -1 });
const CANDIDATES = new Map<number, readonly MatchMasterAction[]>();
