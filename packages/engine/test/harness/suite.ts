/**
 * The shared harness as a vitest suite: seeded random playouts of every configuration in
 * test/harness-configs.ts, with every invariant checked (see src/harness), one test per seed.
 *
 * Vitest runs test files in parallel but the tests of one file one after another, so a game with
 * many playouts is split over several files, `<game>.<k>.test.ts` for k = 1..HARNESS_SHARDS[game]
 * (the others have one, `<game>.test.ts`). Seeds are dealt to the files in turn, in configuration
 * order, so that every file gets a share of the long and the short playouts; registry.test.ts
 * checks that the files are all there, so no playout is ever dropped.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame, GameResult } from '../../src/index.ts';
import { getGame } from '../../src/index.ts';
import { checkPlayout } from '../../src/harness/index.ts';
import type { HarnessConfig } from '../harness-configs.ts';
import { HARNESS_CONFIGS } from '../harness-configs.ts';

/** Over how many test files each game's playouts are split (1 when not listed). */
export const HARNESS_SHARDS: Readonly<Record<string, number>> = { sweet16: 4, match: 2 };

export interface SuiteOptions {
  /** The game to play, when not the registered one (a wrapped copy). */
  readonly game?: AnyGame;
  /** More checks of each finished playout's result. */
  readonly checkResult?: (result: GameResult, config: HarnessConfig) => void;
}

/** The playouts of one shard (1-based): every shards-th seed in configuration order. */
export function shardPlayouts(
  id: string,
  shard: number,
): { config: HarnessConfig; seed: string; index: number }[] {
  const shards = HARNESS_SHARDS[id] ?? 1;
  const out: { config: HarnessConfig; seed: string; index: number }[] = [];
  let n = 0;
  for (const config of HARNESS_CONFIGS[id] ?? []) {
    for (let i = 0; i < config.seeds; i++, n++) {
      if (n % shards === shard - 1) out.push({ config, seed: `${config.label}-${i}`, index: i });
    }
  }
  return out;
}

/** Every result: one score per seat; winners, or for a solitaire its solo outcome. */
function checkOutcome(r: GameResult, c: HarnessConfig): void {
  expect(r.scores).toHaveLength(c.players);
  if (r.solo) {
    expect(c.players).toBe(1);
    expect(r.winners).toEqual(r.solo.won ? [0] : []);
  } else {
    expect(r.winners.length).toBeGreaterThan(0);
  }
}

export function harnessSuite(id: string, shard = 1, options: SuiteOptions = {}): void {
  const game = options.game ?? getGame(id);
  const configs = HARNESS_CONFIGS[id] ?? [];
  const shards = HARNESS_SHARDS[id] ?? 1;
  describe(`harness: ${id}${shards > 1 ? ` (part ${shard} of ${shards})` : ''}`, () => {
    if (shard === 1) {
      it('is registered and has harness configurations', () => {
        expect(game).toBeDefined();
        expect(configs.length, `add ${id} to test/harness-configs.ts`).toBeGreaterThan(0);
      });
      it('covers every allowed player count', () => {
        const counts = new Set(configs.map((c) => c.players));
        for (let p = game!.meta.minPlayers; p <= game!.meta.maxPlayers; p++) {
          expect(counts.has(p), `players=${p}`).toBe(true);
        }
      });
    }
    for (const { config: c, seed, index } of shardPlayouts(id, shard)) {
      it(`${c.label} #${index}`, () => {
        const summary = checkPlayout(
          game!,
          { players: c.players, seed, ...(c.options ? { options: c.options } : {}) },
          { thoroughEvery: c.thoroughEvery ?? 1 },
        );
        checkOutcome(summary.result, c);
        options.checkResult?.(summary.result, c);
      });
    }
  });
}
