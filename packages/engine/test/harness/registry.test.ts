/** Every registered game has a harness test file and configurations. */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/index.ts';
import { HARNESS_CONFIGS } from '../harness-configs.ts';

describe('harness coverage', () => {
  it('every registered game runs the shared harness', () => {
    const files = readdirSync(fileURLToPath(new URL('.', import.meta.url)));
    for (const g of GAMES) {
      expect(files, `add test/harness/${g.meta.id}.test.ts`).toContain(`${g.meta.id}.test.ts`);
      expect(HARNESS_CONFIGS[g.meta.id]?.length ?? 0).toBeGreaterThan(0);
    }
  });
});
