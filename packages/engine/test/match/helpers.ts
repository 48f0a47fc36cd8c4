/** Test helpers for MATCH!: build a position directly, apply text actions, read it back. */
import { expect } from 'vitest';
import type { EngineError, GameEvent } from '../../src/index.ts';
import { Rng } from '../../src/index.ts';
import { match } from '../../src/games/match/index.ts';
import type { MatchEvent } from '../../src/games/match/index.ts';
import {
  COLOUR_COUNT,
  COPIES,
  KINDS,
  STACK_CAPACITY,
  WILD,
  colourOf,
  kindOfToken,
} from '../../src/games/match/cards.ts';
import type { MatchState } from '../../src/games/match/state.ts';
import { newState } from '../../src/games/match/state.ts';

export interface Position {
  readonly players?: number;
  readonly target?: number;
  /** Each seat's hand. */
  readonly hands: readonly (readonly string[])[];
  /** Each seat's collected cards in the order they were collected (stacked by colour). */
  readonly collections?: readonly (readonly string[])[];
  /** The discard pile, bottom first (the last card is on top). */
  readonly pile: readonly string[];
  /** While a wildcard is on top: the declared card, e.g. 'r3'. */
  readonly declared?: string;
  /** The next cards to be drawn, first drawn first; every card not placed elsewhere goes under them. */
  readonly deckTop?: readonly string[];
  /** Leave the deck with exactly `deckTop` (the unplaced cards go to the bottom of the pile). */
  readonly exactDeck?: boolean;
  readonly toPlay?: number;
  readonly totals?: readonly number[];
}

const kind = (t: string): number => {
  const k = kindOfToken(t);
  if (k < 0) throw new Error(`bad card ${t}`);
  return k;
};

/**
 * A position built directly (not reached by play; its history is empty, so `verify` does not
 * apply). All 64 cards are accounted for: those not placed go to the deck (or under the pile).
 */
export function position(p: Position): MatchState {
  const players = p.players ?? p.hands.length;
  const s = newState(players, p.target ?? 50, 0, Rng.fromSeed('test'));
  const left = COPIES.slice();
  const take = (k: number) => {
    if (left[k]! <= 0) throw new Error(`too many copies of card kind ${k}`);
    left[k]!--;
  };
  p.hands.forEach((hand, seat) => {
    for (const t of hand) {
      const k = kind(t);
      take(k);
      s.hands[seat * KINDS + k]!++;
      s.handMask[seat]! |= 1 << k;
      s.handSize[seat]!++;
    }
  });
  (p.collections ?? []).forEach((cards, seat) => {
    for (const t of cards) {
      const k = kind(t);
      take(k);
      const slot = seat * COLOUR_COUNT + colourOf(k);
      s.stacks[slot * STACK_CAPACITY + s.stackLen[slot]!] = k;
      s.stackLen[slot]!++;
    }
    for (let c = 0; c < COLOUR_COUNT; c++) {
      const slot = seat * COLOUR_COUNT + c;
      if (s.stackLen[slot]! > 0)
        s.topMask[seat]! |= 1 << s.stacks[slot * STACK_CAPACITY + s.stackLen[slot]! - 1]!;
    }
  });
  const pile = p.pile.map(kind);
  pile.forEach(take);
  const deckTop = (p.deckTop ?? []).map(kind);
  deckTop.forEach(take);
  const rest: number[] = [];
  for (let k = 0; k < KINDS; k++) for (let j = 0; j < left[k]!; j++) rest.push(k);
  const fullPile = p.exactDeck ? [...rest, ...pile] : pile;
  fullPile.forEach((k, i) => (s.pile[i] = k));
  s.pileLen = fullPile.length;
  const deck = p.exactDeck ? [] : rest;
  for (let i = deckTop.length - 1; i >= 0; i--) deck.push(deckTop[i]!);
  deck.forEach((k, i) => (s.deck[i] = k));
  s.deckLen = deck.length;
  const top = fullPile[fullPile.length - 1]!;
  s.declared = p.declared !== undefined ? kind(p.declared) : -1;
  if (top === WILD && s.declared < 0) throw new Error('a wildcard on top needs a declaration');
  s.target = s.declared >= 0 ? s.declared : top;
  s.toPlay = p.toPlay ?? 0;
  s.starter = s.toPlay;
  s.upcard = fullPile[0]!;
  (p.totals ?? []).forEach((t, seat) => (s.totals[seat] = t));
  return s;
}

/** The event types as a spectator sees them ('-' for an event only a seat or the record sees). */
export const types = (events: readonly GameEvent<MatchEvent>[]): string[] =>
  events.map((e) => e.all?.type ?? '-');

/** Applies a text action for the seat to play; returns the error (or null) and any events. */
export function act(
  s: MatchState,
  text: string,
  seat = s.toPlay,
): { error: EngineError | null; events: GameEvent<MatchEvent>[] } {
  const parsed = match.parseAction(text);
  if (!parsed.ok) throw new Error(`cannot parse ${text}`);
  const events: GameEvent<MatchEvent>[] = [];
  const error = match.applyInPlace(s, seat, parsed.value, events);
  return { error, events };
}

/** Applies a text action that must be legal. */
export function play(s: MatchState, text: string): GameEvent<MatchEvent>[] {
  const { error, events } = act(s, text);
  expect(error, `${text} should be legal`).toBeNull();
  return events;
}

/** Expects a text action to be rejected with `code`, leaving the state untouched. */
export function rejects(s: MatchState, text: string, code: string, seat = s.toPlay): void {
  const before = JSON.stringify(match.serialize(s));
  const { error } = act(s, text, seat);
  expect(error?.code, text).toBe(code);
  expect(error?.message.length).toBeGreaterThan(10);
  expect(JSON.stringify(match.serialize(s))).toBe(before);
}

export const legalTexts = (s: MatchState, seat = s.toPlay): string[] =>
  match.legalActions(s, seat).map((a) => match.formatAction(a));

export const hand = (s: MatchState, seat: number): string[] => {
  return [...(match.view(s, seat).myHand ?? [])];
};
