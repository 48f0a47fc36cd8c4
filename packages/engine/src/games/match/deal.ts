/**
 * MATCH!'s chance: the deal of each round (MA-3), the reshuffle after a wildcard is turned up
 * (MA-3) and the reshuffle of the discard pile into an empty deck (MA-8).
 *
 * Every shuffle runs the seeded generator the same way, whatever is recorded, so the generator's
 * state afterwards never depends on a record. When a recorded outcome is queued (a stacked `deck`
 * for the first deal, or `SetupConfig.chance` when a record is replayed), it then replaces the
 * order the generator drew: the cards it lists come first in its order, the rest follow in the
 * drawn order, and cards it lists that are not among the shuffled ones are ignored. Each outcome
 * is emitted (only when events are asked for) as the shuffled cards top first, the next card to be
 * dealt or drawn first: fed back, that list reproduces the shuffle exactly.
 */
import type { GameEvent, Seat } from '../../contract.ts';
import { Rng } from '../../rng.ts';
import { CARD_NAMES, COPIES, DECK_SIZE, KINDS, WILD, kindOfToken } from './cards.ts';
import type { MatchState } from './state.ts';
import { addToHand, handTokens } from './state.ts';
import type { MatchEvent, MatchRoundDealt } from './types.ts';

/** Cards dealt to each seat at the start of a round (MA-3). */
export const HAND_SIZE = 5;

/**
 * Fisher-Yates over the first `length` cards: the same sequence as Rng.shuffle, in a function
 * that only ever sees byte arrays (it stays monomorphic, which matters on this hot path).
 */
export function shuffleCards(rng: Rng, cards: Uint8Array, length: number): void {
  for (let i = length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = cards[i]!;
    cards[i] = cards[j]!;
    cards[j] = t;
  }
}

/** The 64 cards in kind order, copied into the deck before each deal. */
const FULL_DECK = Uint8Array.from(COPIES.flatMap((n, kind) => Array<number>(n).fill(kind)));

/** The next queued outcome, or null; the queue is dropped once used up. */
function nextChance(s: MatchState): readonly string[] | null {
  const queue = s.chance;
  if (queue === null) return null;
  const next = queue[s.chanceAt++] ?? null;
  if (s.chanceAt >= queue.length) {
    s.chance = null;
    s.chanceAt = 0;
  }
  return next;
}

/**
 * Imposes a recorded order on `deck[0..length)` (drawn from the end): the listed cards that are
 * among these cards come first, in the listed order, then the others in the order they lie now.
 */
export function imposeOrder(deck: Uint8Array, length: number, listed: readonly string[]): void {
  const left = new Int32Array(KINDS);
  for (let i = 0; i < length; i++) left[deck[i]!]!++;
  const taken = new Int32Array(KINDS);
  const order: number[] = [];
  for (const token of listed) {
    const k = typeof token === 'string' ? kindOfToken(token) : -1;
    if (k < 0 || left[k] === 0) continue;
    left[k]!--;
    taken[k]!++;
    order.push(k);
  }
  for (let i = length - 1; i >= 0; i--) {
    const k = deck[i]!;
    if (taken[k]! > 0) taken[k]!--;
    else order.push(k);
  }
  for (let j = 0; j < length; j++) deck[length - 1 - j] = order[j]!;
}

/** The order of `deck[0..length)` as a chance outcome: the next card to come off first. */
export function outcomeOf(deck: Uint8Array, length: number): string[] {
  const out = new Array<string>(length);
  for (let j = 0; j < length; j++) out[j] = CARD_NAMES[deck[length - 1 - j]!]!;
  return out;
}

/** Shuffles the state's deck (its first `length` cards) with the generator, then any queued outcome. */
export function shuffleDeck(s: MatchState, length: number): void {
  // Keyed chance (MA-X6): the generator of this shuffle depends on the round and the count only.
  if (s.key !== null) s.rng.copyFrom(Rng.keyed(s.key, s.round - 1, s.reshuffles++));
  shuffleCards(s.rng, s.deck, length);
  if (s.chance !== null) {
    const recorded = nextChance(s);
    if (recorded) imposeOrder(s.deck, length, recorded);
  }
}

/**
 * Deals a round (MA-3, MA-X2): all 64 cards are shuffled, five go to each seat in turn from the
 * starter, then the next card is turned up; a wildcard turned up goes back and the deck is
 * reshuffled, as often as needed. Appends the deal (one event, each seat's hand in its own entry)
 * and then one chance-only event per MA-3 reshuffle.
 */
export function dealRound(s: MatchState, events?: GameEvent<MatchEvent>[]): void {
  const deck = s.deck;
  deck.set(FULL_DECK);
  s.reshuffles = 0;
  shuffleDeck(s, DECK_SIZE);
  const dealt = events ? outcomeOf(deck, DECK_SIZE) : null;
  s.deckLen = DECK_SIZE;
  s.hands.fill(0);
  s.handMask.fill(0);
  s.handSize.fill(0);
  s.stackLen.fill(0);
  s.topMask.fill(0);
  s.pileLen = 0;
  s.logLen = 0;
  const n = s.players;
  // Keyed (MA-X6), the blocks go from seat 0, so that a seat's cards of a round never depend on
  // who ended the round before.
  const first = s.key !== null ? 0 : s.starter;
  for (let i = 0; i < n; i++) {
    const seat = (first + i) % n;
    for (let j = 0; j < HAND_SIZE; j++) addToHand(s, seat, deck[--s.deckLen]!);
  }
  let up = deck[--s.deckLen]!;
  let returned = 0;
  const reshuffles: string[][] | null = events ? [] : null;
  while (up === WILD) {
    deck[s.deckLen++] = WILD;
    shuffleDeck(s, s.deckLen);
    reshuffles?.push(outcomeOf(deck, s.deckLen));
    up = deck[--s.deckLen]!;
    returned++;
  }
  s.pile[s.pileLen++] = up;
  s.upcard = up;
  s.target = up;
  s.declared = -1;
  s.toPlay = s.starter;
  if (events && dealt && reshuffles) {
    const all: MatchRoundDealt = {
      type: 'round_dealt',
      round: s.round,
      starter: s.starter,
      handSizes: Array.from(s.handSize),
      deckSize: s.deckLen,
      upcard: CARD_NAMES[up]!,
      wildcardsReturned: returned,
    };
    const seats: { [seat: number]: MatchRoundDealt } = {};
    for (let seat = 0; seat < n; seat++) seats[seat] = { ...all, hand: handTokens(s, seat) };
    events.push({ all, seats, reveals: true, chance: dealt });
    for (const order of reshuffles) events.push({ all: null, chance: order });
  }
}

/**
 * MA-8: the discard pile under its top card becomes the deck, shuffled. Returns false (and
 * changes nothing) when the pile is only its top card.
 */
export function refillDeck(s: MatchState, events?: GameEvent<MatchEvent>[]): boolean {
  const under = s.pileLen - 1;
  if (under <= 0) return false;
  const top = s.pile[under]!;
  s.deck.set(s.pile.subarray(0, under));
  s.deckLen = under;
  shuffleDeck(s, under);
  s.pile[0] = top;
  s.pileLen = 1;
  if (events) events.push({ all: { type: 'reshuffled', deckSize: under }, chance: outcomeOf(s.deck, under) });
  return true;
}

/** The top card of the deck goes to `seat`'s hand (the deck must not be empty). */
export function drawCard(s: MatchState, seat: Seat, events?: GameEvent<MatchEvent>[]): void {
  const c = s.deck[--s.deckLen]!;
  addToHand(s, seat, c);
  if (events) {
    events.push({
      all: { type: 'drew', seat },
      seats: { [seat]: { type: 'drew', seat, card: CARD_NAMES[c]! } },
      reveals: true,
    });
  }
}
