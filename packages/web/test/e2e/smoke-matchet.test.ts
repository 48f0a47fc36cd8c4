// The smoke test of MATCHET in a browser (`npm test`): Play now from the lobby, one tile placed by
// clicking a spot twice (preview, then place) when it is this seat's turn, and the board shows the
// tile. matchet.test.ts plays whole games of every mode, by mouse and keyboard.
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

describe('MATCHET smoke', () => {
  it('starts a table from the lobby and places a tile; the board shows it applied', async () => {
    const table = await playNow(e2e, 'matchet', 'section.mt');
    const { page } = table;
    await page.waitForFunction(
      () => {
        const el = document.querySelector<HTMLElement>('section.mt');
        return el !== null && el.querySelector('.mt-spot') !== null && el.dataset.busy !== 'true';
      },
      null,
      { timeout: 90_000 },
    );
    const board = page.locator('section.mt');
    const before = await board.getAttribute('data-progress');
    const lines = await logLines(page);
    const spot = page.locator('.mt-spot').first();
    await spot.click();
    await expect.poll(() => spot.getAttribute('aria-pressed')).toBe('true');
    await spot.click();
    await expect.poll(() => board.getAttribute('data-progress'), { timeout: 30_000 }).not.toBe(before);
    expect(await logLines(page)).toBeGreaterThan(lines);
    await done(table);
  });
});
