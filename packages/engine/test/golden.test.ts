/**
 * Golden transcripts: a seeded playthrough per game configuration, diffed against the committed
 * file. After an intended rules or view change, regenerate with `npm run golden` and review the diff.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getGame } from '../src/index.ts';
import { goldenTranscript } from '../src/harness/index.ts';
import { GOLDEN_CONFIGS, goldenPath } from './golden/configs.ts';

describe('golden transcripts', () => {
  for (const g of GOLDEN_CONFIGS) {
    it(g.name, () => {
      const game = getGame(g.game);
      expect(game).toBeDefined();
      const expected = readFileSync(goldenPath(g.name), 'utf8');
      expect(goldenTranscript(game!, g.config)).toBe(expected);
    });
  }
});
