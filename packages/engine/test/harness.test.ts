/**
 * The shared harness on every registered game: seeded random playouts for every allowed player
 * count, with every invariant checked at every step (see src/harness).
 */
import { describe, expect, it } from 'vitest';
import { GAMES } from '../src';
import { checkPlayout } from '../src/harness';
import { HARNESS_CONFIGS } from './harness-configs';

describe.each(GAMES.map((g) => [g.meta.id, g] as const))('harness: %s', (id, game) => {
  const configs = HARNESS_CONFIGS[id];
  it('has harness configurations', () => {
    expect(configs, `add ${id} to test/harness-configs.ts`).toBeDefined();
  });
  for (const c of configs ?? []) {
    it(`${c.label}`, () => {
      for (let i = 0; i < c.seeds; i++) {
        const summary = checkPlayout(
          game,
          { players: c.players, seed: `${c.label}-${i}`, ...(c.options ? { options: c.options } : {}) },
          { thoroughEvery: c.thoroughEvery ?? 1 },
        );
        expect(summary.result.scores).toHaveLength(c.players);
        expect(summary.result.winners.length).toBeGreaterThan(0);
      }
    });
  }
  it('covers every allowed player count', () => {
    const counts = new Set((configs ?? []).map((c) => c.players));
    for (let p = game.meta.minPlayers; p <= game.meta.maxPlayers; p++)
      expect(counts.has(p), `players=${p}`).toBe(true);
  });
});
