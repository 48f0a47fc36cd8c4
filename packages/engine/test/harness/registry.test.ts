/**
 * Every registered game runs the shared harness: it has configurations, and its test file (or
 * every one of its parts, see HARNESS_SHARDS in suite.ts) is there, so that no playout is dropped.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/index.ts';
import { HARNESS_CONFIGS } from '../harness-configs.ts';
import { HARNESS_SHARDS, shardPlayouts } from './suite.ts';

describe('harness coverage', () => {
  const files = readdirSync(fileURLToPath(new URL('.', import.meta.url)));

  it('every registered game runs the shared harness, in every one of its parts', () => {
    for (const g of GAMES) {
      const id = g.meta.id;
      expect(HARNESS_CONFIGS[id]?.length ?? 0, `add ${id} to test/harness-configs.ts`).toBeGreaterThan(0);
      const shards = HARNESS_SHARDS[id] ?? 1;
      const parts = files.filter((f) => f.startsWith(`${id}.`) && f.endsWith('.test.ts')).sort();
      const expected =
        shards === 1
          ? [`${id}.test.ts`]
          : Array.from({ length: shards }, (_, k) => `${id}.${k + 1}.test.ts`).sort();
      expect(parts, `test/harness files for ${id}`).toEqual(expected);
    }
  });

  it('the parts of a game together play every seed of every configuration once', () => {
    for (const id of Object.keys(HARNESS_SHARDS)) {
      const played = Array.from({ length: HARNESS_SHARDS[id]! }, (_, k) =>
        shardPlayouts(id, k + 1).map((p) => `${p.config.label}/${p.seed}`),
      ).flat();
      const all = (HARNESS_CONFIGS[id] ?? []).flatMap((c) =>
        Array.from({ length: c.seeds }, (_, i) => `${c.label}/${c.label}-${i}`),
      );
      expect(played.sort()).toEqual(all.sort());
      expect(new Set(played).size).toBe(played.length);
    }
  });
});
