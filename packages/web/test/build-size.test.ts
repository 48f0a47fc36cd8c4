// @vitest-environment node
// The lobby's first load: the entry script and the chunks it preloads, gzipped, stay within
// 150 kB; each game's screen is a chunk of its own that loads with its table.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuilt, WEB_DIST } from '../scripts/build.ts';

const BUDGET = 150_000;

beforeAll(async () => {
  await ensureWebBuilt({ quiet: true });
}, 300_000);

const gz = (file: string) => gzipSync(readFileSync(join(WEB_DIST, file)), { level: 9 }).length;

/** The scripts index.html loads or preloads: the lobby's first load. */
function firstLoad(): string[] {
  const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
}

describe('the web build', () => {
  it('loads the lobby with at most 150 kB of gzipped JavaScript', () => {
    const files = firstLoad();
    expect(files.length).toBeGreaterThan(0);
    // a production build (React's development runtime is several times larger)
    expect(files.filter((f) => f.includes('dev-runtime'))).toEqual([]);
    const sizes = files.map((f) => [f, gz(f)] as const);
    const total = sizes.reduce((sum, [, n]) => sum + n, 0);
    console.log(
      `lobby first load: ${(total / 1000).toFixed(1)} kB gzipped JavaScript\n` +
        sizes.map(([f, n]) => `  ${f}: ${(n / 1000).toFixed(1)} kB`).join('\n'),
    );
    expect(total).toBeLessThanOrEqual(BUDGET);
  });

  it('keeps every game screen out of the first load', () => {
    const first = firstLoad().map((f) => readFileSync(join(WEB_DIST, f), 'utf8'));
    // Each board's module registers its own CSS classes and data-testids; none is in the entry.
    for (const code of first) {
      expect(code).not.toMatch(/matchmaster-board|mm-hand|sweet16-board|matchet-board/);
    }
    const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
    expect(html).not.toMatch(/Board-[^"]+\.js/);
  });
});
