/**
 * The shared harness as a vitest suite for one game: seeded random playouts for every configured
 * player count and mode, with every invariant checked at every step (see src/harness). One test
 * file per game calls it, so that the games run in parallel workers.
 */
import { describe, expect, it } from 'vitest';
import { getGame } from '../../src/index.ts';
import { checkPlayout } from '../../src/harness/index.ts';
import { HARNESS_CONFIGS } from '../harness-configs.ts';

export function harnessSuite(id: string): void {
  const game = getGame(id);
  const configs = HARNESS_CONFIGS[id] ?? [];
  describe(`harness: ${id}`, () => {
    it('is registered and has harness configurations', () => {
      expect(game).toBeDefined();
      expect(configs.length, `add ${id} to test/harness-configs.ts`).toBeGreaterThan(0);
    });
    for (const c of configs) {
      it(c.label, () => {
        for (let i = 0; i < c.seeds; i++) {
          const summary = checkPlayout(
            game!,
            { players: c.players, seed: `${c.label}-${i}`, ...(c.options ? { options: c.options } : {}) },
            { thoroughEvery: c.thoroughEvery ?? 1 },
          );
          expect(summary.result.scores).toHaveLength(c.players);
          expect(summary.result.winners.length).toBeGreaterThan(0);
        }
      });
    }
    it('covers every allowed player count', () => {
      const counts = new Set(configs.map((c) => c.players));
      for (let p = game!.meta.minPlayers; p <= game!.meta.maxPlayers; p++) {
        expect(counts.has(p), `players=${p}`).toBe(true);
      }
    });
  });
}
