// The smoke test of Sweet16 in a browser (`npm test`): Play now from the lobby, one card flipped by
// clicking when it is this seat's turn, and the grid shows it face up. sweet16.test.ts plays whole
// games of both modes, powers and the memory aid.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from './harness.ts';
import { startE2E } from './harness.ts';
import { done, logLines, playNow } from './smoke.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** Turn, phase and every cell's label: any action changes one of them. */
const position = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const board = document.querySelector('.s16');
    if (!board) return '';
    const cells = [...board.querySelectorAll('.s16-cell')].map((c) => c.getAttribute('aria-label')).join('|');
    return `${board.getAttribute('data-turn')}/${board.getAttribute('data-phase')}/${cells}`;
  });

describe('Sweet16 smoke', () => {
  it('starts a table from the lobby and flips a card; the grid shows it applied', async () => {
    const table = await playNow(e2e, 'sweet16', '.s16-grid');
    const { page } = table;
    await page.waitForSelector('.s16[data-my-turn="true"][data-phase="flip"]:not([aria-busy="true"])', {
      timeout: 90_000,
    });
    const before = await position(page);
    const lines = await logLines(page);
    const cell = page.locator('.s16-cell--actionable').first();
    const label = await cell.getAttribute('aria-label');
    await cell.click();
    await expect.poll(() => position(page), { timeout: 30_000 }).not.toBe(before);
    // The cell clicked now names its card (it named a face-down card before).
    expect(
      await page.locator('.s16-cell').evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label'))),
    ).not.toContain(label);
    expect(await logLines(page)).toBeGreaterThan(lines);
    await done(table);
  });
});
