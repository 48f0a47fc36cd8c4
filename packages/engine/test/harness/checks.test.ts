/**
 * The harness itself: it passes a sound game, and refuses each broken copy of it with the
 * check that broke (see toy.ts). The cheaper checks of checkPlayout (knowledge computed once per
 * state, rejected actions tried together on one copy, determinize's purity one seat at a time)
 * must still catch every one of these.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../src/index.ts';
import { HarnessFailure, checkPlayout, findEventLeak, findLeak } from '../../src/harness/index.ts';
import type { Peek, Variant } from './toy.ts';
import { peek } from './toy.ts';

const run = (variant: Variant, players: number, seed: string, thoroughEvery = 1) =>
  checkPlayout(peek(variant) as AnyGame, { players, seed }, { thoroughEvery });

/** The first failure over a few seeds and both player counts, or null. */
function firstFailure(variant: Variant, thoroughEvery = 1): string | null {
  for (let i = 0; i < 30; i++) {
    try {
      run(variant, 2 + (i % 2), `broken-${i}`, thoroughEvery);
    } catch (e) {
      if (e instanceof HarnessFailure) return e.message;
      throw e;
    }
  }
  return null;
}

describe('the harness on a sound game', () => {
  it('passes every seed, with new deals in the middle of actions', () => {
    // Counts the deals within the played line (not the harness's trials on copies): a card shown
    // and dealt again in one action must not count as an event leak.
    let redeals = 0;
    const sound = peek();
    let played: unknown = null;
    const counting: typeof sound = {
      ...sound,
      setup(config, events) {
        const s = sound.setup(config, events);
        if (s.ok) played = s.value;
        return s;
      },
      applyInPlace(state, seat, action, events) {
        const deals = state.deals;
        const error = sound.applyInPlace(state, seat, action, events);
        if (state === played && state.deals > deals) redeals++;
        return error;
      },
    };
    for (let i = 0; i < 40; i++) {
      const players = 2 + (i % 2);
      const summary = checkPlayout(
        counting as AnyGame,
        { players, seed: `sound-${i}` },
        { thoroughEvery: 1 + (i % 3) },
      );
      expect(summary.steps).toBe(players * 3);
      expect(summary.result.winners.length).toBeGreaterThan(0);
    }
    expect(redeals).toBeGreaterThan(3);
  });

  it('findLeak and findEventLeak judge single states and events', () => {
    const g = peek('leaky view') as AnyGame;
    const s = g.setup({ players: 2, seed: 'x' });
    if (!s.ok) throw new Error(s.error.message);
    expect(findLeak(g, s.value, 0)).toBeNull();
    expect(findLeak(g, s.value, null)).toMatch(/view for spectator shows c\d 1x, may know 0/);
    const state = s.value as Peek;
    const hidden = state.hands[1]![0]!;
    const shown = { all: { type: 'shown', seat: 1, card: hidden } };
    expect(findEventLeak(g, state, state, [shown], 0)).toMatch(/an event shows seat 0 c\d/);
    expect(findEventLeak(g, state, state, [shown], 1)).toBeNull();
    expect(findEventLeak(g, state, state, [{ all: null, seats: { 1: shown.all } }], 0)).toBeNull();
  });
});

describe('the harness refuses a broken game', () => {
  const cases: [Variant, RegExp][] = [
    ['leaky view', /leak: view for spectator shows c\d/],
    ['leak in a set', /view for spectator is not plain JSON: an object of class Set at "top"/],
    ['leaky event', /an event shows (spectator|seat \d) c\d, which it may not know/],
    ['silent show', /show c\d revealed c\d to (spectator|seat \d) but reports no reveal/],
    ['peeking determinize', /determinize for seat \d depends on more than the seat knows/],
    ['quiet differs', /leads to another state when no events are asked for/],
    ['rejection moves the turn', /rejected illegal action "show c\d" changed the state/],
    ['accepts junk', /malformed action null for seat \d was accepted/],
    ['miscounts actions', /actionCount\(\) is \d+/],
    ['keeps the chance queue', /undo of pass does not give back the earlier state|replays to another state/],
    ['nobody sees passes', /made an event nobody sees/],
    ['no card conservation', /cards not conserved/],
  ];
  for (const [variant, expected] of cases) {
    it(variant, () => {
      expect(firstFailure(variant)).toMatch(expected);
    });
  }

  it('with thorough checks only every third step, still for every broken copy', () => {
    for (const [variant, expected] of cases) expect(firstFailure(variant, 3), variant).toMatch(expected);
  });
});
