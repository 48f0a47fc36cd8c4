/** Test helpers for MatchMaster: stacked deals and scripted play through the public contract. */
import { expect } from 'vitest';
import type { EngineError, Json, MatchMasterState } from '../../src/index.ts';
import { matchmaster } from '../../src/index.ts';

export const game = matchmaster;

/**
 * A game whose first hand is dealt from `hands` (seat -> cards). With firstDealer 0, seat 1 leads
 * and receives the first block of the stacked deck, then seat 2, ..., seat 0 last.
 */
export function dealt(hands: string[][], options: Record<string, Json> = {}): MatchMasterState {
  const players = hands.length;
  const size = hands[0]!.length;
  const firstDealer = (options.firstDealer as number | undefined) ?? 0;
  const deck: string[] = [];
  for (let i = 1; i <= players; i++) deck.push(...hands[(firstDealer + i) % players]!);
  const setup = game.setup({
    players,
    seed: 'test',
    deck,
    options: { handSizes: [size], ...options },
  });
  if (!setup.ok) throw new Error(setup.error.message);
  return setup.value;
}

/** Applies text actions in order ("seat:action"), failing the test on any rejection. */
export function play(state: MatchMasterState, ...moves: string[]): MatchMasterState {
  for (const m of moves) {
    const [seat, text] = m.split(':') as [string, string];
    const parsed = game.parseAction(text);
    expect(parsed.ok, `parse ${text}`).toBe(true);
    if (!parsed.ok) break;
    const error = game.applyInPlace(state, Number(seat), parsed.value);
    expect(error, `${m}`).toBeNull();
  }
  return state;
}

/** Tries one action and returns the error (or null), checking that a rejection changes nothing. */
export function attempt(state: MatchMasterState, seat: number, text: string): EngineError | null {
  const before = JSON.stringify(game.serialize(state));
  const parsed = game.parseAction(text);
  if (!parsed.ok) return parsed.error;
  const error = game.applyInPlace(state, seat, parsed.value);
  if (error) expect(JSON.stringify(game.serialize(state))).toBe(before);
  return error;
}

export const legal = (state: MatchMasterState, seat: number): string[] =>
  game.legalActions(state, seat).map((a) => game.formatAction(a));

/** Bids for every seat in order. */
export function bidAll(state: MatchMasterState, bids: number[]): MatchMasterState {
  return play(state, ...bids.map((b, seat) => `${seat}:bid ${b}`));
}
