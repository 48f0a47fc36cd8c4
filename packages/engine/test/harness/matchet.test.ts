/**
 * The shared harness on MATCHET (every configuration in test/harness-configs.ts). This file runs
 * `checkPlayout` itself instead of `harnessSuite`, whose check that every game has a winner does
 * not hold for the solitaires: a lost solitaire has no winner (issue 9, section 5). Here each
 * result is checked for its mode: multiplayer results have winners, a solitaire's `solo` outcome
 * agrees with its winners and score, and both outcomes occur.
 */
import { describe, expect, it } from 'vitest';
import { getGame } from '../../src/index.ts';
import { checkPlayout } from '../../src/harness/index.ts';
import { HARNESS_CONFIGS } from '../harness-configs.ts';

const game = getGame('matchet')!;
const configs = HARNESS_CONFIGS.matchet ?? [];

describe('harness: matchet', () => {
  it('is registered and has harness configurations', () => {
    expect(game).toBeDefined();
    expect(configs.length).toBeGreaterThan(0);
  });
  for (const c of configs) {
    it(c.label, () => {
      const solo = c.players === 1;
      const outcomes = new Set<boolean>();
      for (let i = 0; i < c.seeds; i++) {
        const summary = checkPlayout(
          game,
          { players: c.players, seed: `${c.label}-${i}`, ...(c.options ? { options: c.options } : {}) },
          { thoroughEvery: c.thoroughEvery ?? 1 },
        );
        const r = summary.result;
        expect(r.scores).toHaveLength(c.players);
        if (!solo) {
          expect(r.winners.length).toBeGreaterThan(0);
          expect(r.solo).toBeUndefined();
          continue;
        }
        // MT-9, MT-10: won when every tile is placed; the score is the number of tiles placed.
        expect(r.solo).toBeDefined();
        outcomes.add(r.solo!.won);
        expect(r.winners).toEqual(r.solo!.won ? [0] : []);
        expect(r.scores).toEqual([r.solo!.score]);
      }
      // Random play wins now and then (about 5% in Solitaire B, less in A), so only lost games
      // are certain among a few seeds.
      if (solo) expect(outcomes.has(false)).toBe(true);
    });
  }
  it('covers every allowed player count', () => {
    const counts = new Set(configs.map((c) => c.players));
    for (let p = game.meta.minPlayers; p <= game.meta.maxPlayers; p++)
      expect(counts.has(p), `players=${p}`).toBe(true);
  });
});
