/**
 * MATCH!'s turn mechanics: dealing a round, the four kinds of turn, drawing with the empty-deck
 * reshuffle, and round scoring (rulings MA-3..MA-11).
 */
import type { EngineError, EventRecord, JsonObject, Seat } from '../../contract.ts';
import { engineError } from '../../contract.ts';
import type { Rng } from '../../rng.ts';
import {
  CARD_NAMES,
  COLOURS,
  COLOUR_COUNT,
  COLOUR_NAMES,
  COPIES,
  DECK_SIZE,
  KINDS,
  MATCH_MASK,
  POINTS,
  STACK_CAPACITY,
  WILD,
  colourOf,
  describeCard,
  valueOf,
} from './cards.ts';
import type { MatchState } from './state.ts';
import { LOG_COLLECT, LOG_DISCARD, LOG_STACK, LOG_WILD, PHASE_OVER, logEntry, pushLog } from './state.ts';

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

/** The 64 cards in kind order, copied into the deck before each shuffle. */
const FULL_DECK = Uint8Array.from(COPIES.flatMap((n, kind) => Array<number>(n).fill(kind)));

/**
 * Matchbox ruling MA-X1 (safety caps; RULES.md has no end for a round that never empties a hand):
 * a round ends after MAX_TURNS turns as if the last mover had ended it, and the game ends after
 * MAX_ROUNDS rounds even if nobody reached the target. They exist because the contract needs a
 * finite `maxActions`. The turn cap is far beyond any observed round (random play: at most 130
 * turns); the round cap ends most uniformly random 8-player games (their average round score is
 * negative), see docs/rules/match.md.
 */
export const MAX_TURNS = 2000;
export const MAX_ROUNDS = 100;

/** The declared colour and value as JSON (never a card token, so views do not look like cards). */
export const declarationJson = (kind: number): JsonObject => ({
  colour: COLOURS[colourOf(kind)]!,
  value: valueOf(kind),
});

function addToHand(s: MatchState, seat: Seat, kind: number): void {
  const i = seat * KINDS + kind;
  if (s.hands[i]!++ === 0) s.handMask[seat]! |= 1 << kind;
  s.handSize[seat]!++;
}

function removeFromHand(s: MatchState, seat: Seat, kind: number): void {
  const i = seat * KINDS + kind;
  if (--s.hands[i]! === 0) s.handMask[seat]! &= ~(1 << kind);
  s.handSize[seat]!--;
}

/**
 * Deals a round (MA-3): all 64 cards are shuffled (or stacked: `order` lists kinds in dealing
 * order, the rest are shuffled below them), five cards go to each seat in turn from the starter,
 * then the next card is turned up; a wildcard turned up goes back and the deck is reshuffled.
 */
export function dealRound(s: MatchState, order?: readonly number[], events?: EventRecord[]): void {
  const deck = s.deck;
  let k = 0;
  if (order) {
    const left = COPIES.slice();
    for (const c of order) left[c]!--;
    for (let kind = 0; kind < KINDS; kind++) for (let j = 0; j < left[kind]!; j++) deck[k++] = kind;
    shuffleCards(s.rng, deck, k);
    for (let i = order.length - 1; i >= 0; i--) deck[k++] = order[i]!;
  } else {
    deck.set(FULL_DECK);
    shuffleCards(s.rng, deck, DECK_SIZE);
  }
  s.deckLen = DECK_SIZE;
  s.hands.fill(0);
  s.handMask.fill(0);
  s.handSize.fill(0);
  s.stackLen.fill(0);
  s.topMask.fill(0);
  s.pileLen = 0;
  s.logLen = 0;
  const n = s.players;
  for (let i = 0; i < n; i++) {
    const seat = (s.starter + i) % n;
    for (let j = 0; j < HAND_SIZE; j++) addToHand(s, seat, deck[--s.deckLen]!);
  }
  let up = deck[--s.deckLen]!;
  while (up === WILD) {
    deck[s.deckLen++] = WILD;
    shuffleCards(s.rng, deck, s.deckLen);
    up = deck[--s.deckLen]!;
  }
  s.pile[s.pileLen++] = up;
  s.upcard = up;
  s.target = up;
  s.declared = -1;
  s.toPlay = s.starter;
  if (events) {
    events.push({
      to: 'all',
      event: { type: 'round_started', round: s.round, starter: s.starter, upcard: CARD_NAMES[up]! },
    });
    for (let seat = 0; seat < n; seat++) {
      events.push({ to: seat, event: { type: 'dealt', seat, cards: handTokens(s, seat) } });
    }
  }
}

/** A seat's hand as tokens, by kind (colour, then value; wildcards last). */
export function handTokens(s: MatchState, seat: Seat): string[] {
  const out: string[] = [];
  for (let kind = 0; kind < KINDS; kind++) {
    for (let j = s.hands[seat * KINDS + kind]!; j > 0; j--) out.push(CARD_NAMES[kind]!);
  }
  return out;
}

/** The top card of one of a seat's stacks, or -1 when the stack is empty. */
export function stackTop(s: MatchState, seat: Seat, colour: number): number {
  const slot = seat * COLOUR_COUNT + colour;
  const len = s.stackLen[slot]!;
  return len === 0 ? -1 : s.stacks[slot * STACK_CAPACITY + len - 1]!;
}

/** MA-6: does any of this seat's stack tops match the target? */
export const collectionMatches = (s: MatchState, seat: Seat): boolean =>
  (s.topMask[seat]! & MATCH_MASK[s.target]!) !== 0;

const matches = (s: MatchState, kind: number): boolean => (MATCH_MASK[s.target]! & (1 << kind)) !== 0;

function targetText(s: MatchState): string {
  const t = describeCard(s.target);
  return s.declared >= 0 ? `${t} (declared with the wildcard)` : t;
}

function putOnPile(s: MatchState, kind: number, declared: number): void {
  s.pile[s.pileLen++] = kind;
  s.declared = declared;
  s.target = declared >= 0 ? declared : kind;
}

/** MA-5(a): discard a matching number card from hand. */
export function applyDiscard(
  s: MatchState,
  seat: Seat,
  kind: number,
  events?: EventRecord[],
): EngineError | null {
  if (kind === WILD) {
    return engineError(
      'declaration_required',
      'A wildcard is discarded with a declared colour and number, e.g. "wild r3" (MA-7).',
    );
  }
  if (s.hands[seat * KINDS + kind] === 0) {
    return engineError('card_not_in_hand', `You do not hold ${describeCard(kind)}.`);
  }
  if (!matches(s, kind)) {
    return engineError(
      'card_does_not_match',
      `${describeCard(kind)} does not match ${targetText(s)}: it needs the same colour or number.`,
    );
  }
  removeFromHand(s, seat, kind);
  putOnPile(s, kind, -1);
  pushLog(s, logEntry(seat, LOG_DISCARD, kind));
  if (events) {
    events.push({ to: 'all', event: { type: 'discard', seat, card: CARD_NAMES[kind]!, from: 'hand' } });
  }
  endTurn(s, seat, events);
  return null;
}

/** MA-5(a), MA-7: discard a wildcard from hand, declaring the colour and number it stands for. */
export function applyWild(
  s: MatchState,
  seat: Seat,
  declared: number,
  events?: EventRecord[],
): EngineError | null {
  if (s.hands[seat * KINDS + WILD] === 0) {
    return engineError('card_not_in_hand', 'You do not hold a wildcard.');
  }
  removeFromHand(s, seat, WILD);
  putOnPile(s, WILD, declared);
  pushLog(s, logEntry(seat, LOG_WILD, declared));
  if (events) {
    events.push({ to: 'all', event: { type: 'wild', seat, declared: declarationJson(declared) } });
  }
  endTurn(s, seat, events);
  return null;
}

/** MA-5(a), MA-6: discard the top card of one of your collection stacks. */
export function applyStack(
  s: MatchState,
  seat: Seat,
  colour: number,
  events?: EventRecord[],
): EngineError | null {
  const slot = seat * COLOUR_COUNT + colour;
  const len = s.stackLen[slot]!;
  const name = COLOUR_NAMES[COLOURS[colour]!];
  if (len === 0) return engineError('empty_stack', `Your collection has no ${name} stack.`);
  const base = slot * STACK_CAPACITY;
  const top = s.stacks[base + len - 1]!;
  if (!matches(s, top)) {
    return engineError(
      'card_does_not_match',
      `The top of your ${name} stack, ${describeCard(top)}, does not match ${targetText(s)}.`,
    );
  }
  s.stackLen[slot] = len - 1;
  s.topMask[seat]! &= ~(1 << top);
  if (len > 1) s.topMask[seat]! |= 1 << s.stacks[base + len - 2]!;
  putOnPile(s, top, -1);
  pushLog(s, logEntry(seat, LOG_STACK, colour));
  if (events) {
    events.push({ to: 'all', event: { type: 'discard', seat, card: CARD_NAMES[top]!, from: 'collection' } });
  }
  endTurn(s, seat, events);
  return null;
}

/** MA-5(b), MA-6, MA-8: put a non-matching hand card on its colour stack, then draw. */
export function applyCollect(
  s: MatchState,
  seat: Seat,
  kind: number,
  events?: EventRecord[],
): EngineError | null {
  if (kind === WILD) {
    return engineError('wildcard_never_collected', 'A wildcard can never go into a collection (MA-5).');
  }
  if (s.hands[seat * KINDS + kind] === 0) {
    return engineError('card_not_in_hand', `You do not hold ${describeCard(kind)}.`);
  }
  if (matches(s, kind)) {
    return engineError(
      'card_matches_target',
      `${describeCard(kind)} matches ${targetText(s)}, so it cannot be collected: discard it instead.`,
    );
  }
  if (collectionMatches(s, seat)) {
    return engineError(
      'collection_card_matches',
      `A card on top of your collection matches ${targetText(s)}, so you must discard (MA-6).`,
    );
  }
  removeFromHand(s, seat, kind);
  const colour = colourOf(kind);
  const slot = seat * COLOUR_COUNT + colour;
  const len = s.stackLen[slot]!;
  if (len > 0) s.topMask[seat]! &= ~(1 << s.stacks[slot * STACK_CAPACITY + len - 1]!);
  s.stacks[slot * STACK_CAPACITY + len] = kind;
  s.stackLen[slot] = len + 1;
  s.topMask[seat]! |= 1 << kind;
  pushLog(s, logEntry(seat, LOG_COLLECT, kind));
  if (events) events.push({ to: 'all', event: { type: 'collect', seat, card: CARD_NAMES[kind]! } });
  draw(s, seat, events);
  endTurn(s, seat, events);
  return null;
}

/** The draw after a Collect, with the MA-8 reshuffle; no card at all leaves the hand short. */
function draw(s: MatchState, seat: Seat, events?: EventRecord[]): void {
  if (s.deckLen === 0) {
    const under = s.pileLen - 1;
    if (under > 0) {
      const top = s.pile[under]!;
      s.deck.set(s.pile.subarray(0, under));
      s.deckLen = under;
      shuffleCards(s.rng, s.deck, under);
      s.pile[0] = top;
      s.pileLen = 1;
      if (events) events.push({ to: 'all', event: { type: 'reshuffled', deckSize: under } });
    } else {
      if (events) events.push({ to: 'all', event: { type: 'no_draw', seat } });
      return;
    }
  }
  const c = s.deck[--s.deckLen]!;
  addToHand(s, seat, c);
  if (events) {
    events.push({ to: 'all', event: { type: 'drew', seat } });
    events.push({ to: seat, event: { type: 'drew', seat, card: CARD_NAMES[c]! } });
  }
}

/** MA-9: the round ends when the mover's hand is empty (or at the MA-X1 cap); else next seat. */
function endTurn(s: MatchState, seat: Seat, events?: EventRecord[]): void {
  if (s.handSize[seat] === 0 || s.logLen >= MAX_TURNS) {
    finishRound(s, seat, events);
    return;
  }
  const next = seat + 1;
  s.toPlay = next === s.players ? 0 : next;
}

/** MA-10: collection (every card of every stack) minus hand, a wildcard in hand counting 10. */
export function roundScore(s: MatchState, seat: Seat): number {
  let score = 0;
  for (let colour = 0; colour < COLOUR_COUNT; colour++) {
    const slot = seat * COLOUR_COUNT + colour;
    const base = slot * STACK_CAPACITY;
    for (let i = 0; i < s.stackLen[slot]!; i++) score += POINTS[s.stacks[base + i]!]!;
  }
  for (let m = s.handMask[seat]!; m !== 0; m &= m - 1) {
    const kind = 31 - Math.clz32(m & -m);
    score -= POINTS[kind]! * s.hands[seat * KINDS + kind]!;
  }
  return score;
}

/** MA-10, MA-11: score the round, then end the game or deal the next round. */
function finishRound(s: MatchState, ender: Seat, events?: EventRecord[]): void {
  const n = s.players;
  let reached = false;
  for (let seat = 0; seat < n; seat++) {
    const p = roundScore(s, seat);
    s.roundScores.push(p);
    const total = (s.totals[seat]! += p);
    if (total >= s.goal) reached = true;
  }
  s.roundEnders.push(ender);
  if (events) {
    events.push({
      to: 'all',
      event: {
        type: 'round_scored',
        round: s.round,
        endedBy: ender,
        scores: s.roundScores.slice(-n),
        totals: Array.from(s.totals),
      },
    });
  }
  if (reached || s.round >= MAX_ROUNDS) {
    s.phase = PHASE_OVER;
    if (events) events.push({ to: 'all', event: { type: 'game_over', totals: Array.from(s.totals) } });
    return;
  }
  s.round++;
  s.starter = ender; // MA-11: whoever ended the round starts the next
  dealRound(s, undefined, events);
}
