/**
 * MATCH!'s turn mechanics: the four kinds of turn, drawing with the empty-deck reshuffle, round
 * scoring and the end of the game (rulings MA-4..MA-11). Dealing is in deal.ts.
 */
import type { EngineError, GameEvent, Seat } from '../../contract.ts';
import { engineError } from '../../contract.ts';
import { rankByScore } from '../../ranking.ts';
import {
  CARD_NAMES,
  COLOURS,
  COLOUR_COUNT,
  COLOUR_NAMES,
  KINDS,
  MATCH_MASK,
  POINTS,
  STACK_CAPACITY,
  WILD,
  colourOf,
  describeCard,
  valueOf,
} from './cards.ts';
import { dealRound, drawCard, refillDeck } from './deal.ts';
import type { MatchState } from './state.ts';
import {
  LOG_COLLECT,
  LOG_DISCARD,
  LOG_STACK,
  LOG_WILD,
  PHASE_OVER,
  logEntry,
  recordTurn,
  removeFromHand,
} from './state.ts';
import type { MatchDeclaration, MatchEvent } from './types.ts';

type Events = GameEvent<MatchEvent>[];

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
export const declarationJson = (kind: number): MatchDeclaration => ({
  colour: COLOURS[colourOf(kind)]!,
  value: valueOf(kind),
});

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
export function applyDiscard(s: MatchState, seat: Seat, kind: number, events?: Events): EngineError | null {
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
  recordTurn(s, logEntry(seat, LOG_DISCARD, kind));
  if (events) {
    events.push({ all: { type: 'discard', seat, card: CARD_NAMES[kind]!, from: 'hand' }, reveals: true });
  }
  endTurn(s, seat, events);
  return null;
}

/** MA-5(a), MA-7: discard a wildcard from hand, declaring the colour and number it stands for. */
export function applyWild(s: MatchState, seat: Seat, declared: number, events?: Events): EngineError | null {
  if (s.hands[seat * KINDS + WILD] === 0) {
    return engineError('card_not_in_hand', 'You do not hold a wildcard.');
  }
  removeFromHand(s, seat, WILD);
  putOnPile(s, WILD, declared);
  recordTurn(s, logEntry(seat, LOG_WILD, declared));
  if (events) {
    events.push({ all: { type: 'wild', seat, declared: declarationJson(declared) }, reveals: true });
  }
  endTurn(s, seat, events);
  return null;
}

/** MA-5(a), MA-6: discard the top card of one of your collection stacks. */
export function applyStack(s: MatchState, seat: Seat, colour: number, events?: Events): EngineError | null {
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
  recordTurn(s, logEntry(seat, LOG_STACK, colour));
  // The card lay face up on the stack: nothing is revealed.
  if (events) events.push({ all: { type: 'discard', seat, card: CARD_NAMES[top]!, from: 'collection' } });
  endTurn(s, seat, events);
  return null;
}

/** MA-5(b), MA-6, MA-8: put a non-matching hand card on its colour stack, then draw. */
export function applyCollect(s: MatchState, seat: Seat, kind: number, events?: Events): EngineError | null {
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
  recordTurn(s, logEntry(seat, LOG_COLLECT, kind));
  if (events) events.push({ all: { type: 'collect', seat, card: CARD_NAMES[kind]! }, reveals: true });
  draw(s, seat, events);
  endTurn(s, seat, events);
  return null;
}

/** The draw after a Collect, with the MA-8 reshuffle; no card at all leaves the hand short. */
function draw(s: MatchState, seat: Seat, events?: Events): void {
  if (s.deckLen === 0 && !refillDeck(s, events)) {
    if (events) events.push({ all: { type: 'no_draw', seat } });
    return;
  }
  drawCard(s, seat, events);
}

/** MA-9: the round ends when the mover's hand is empty (or at the MA-X1 cap); else next seat. */
function endTurn(s: MatchState, seat: Seat, events?: Events): void {
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
function finishRound(s: MatchState, ender: Seat, events?: Events): void {
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
      all: {
        type: 'round_scored',
        round: s.round,
        endedBy: ender,
        scores: s.roundScores.slice(-n),
        totals: Array.from(s.totals),
      },
    });
  }
  if (reached || s.round >= MAX_ROUNDS || (s.rounds > 0 && s.round >= s.rounds)) {
    s.phase = PHASE_OVER;
    if (events) {
      const totals = Array.from(s.totals);
      events.push({ all: { type: 'game_over', totals, winners: rankByScore(totals).winners } });
    }
    return;
  }
  s.round++;
  s.starter = ender; // MA-11: whoever ended the round starts the next
  dealRound(s, events);
}
