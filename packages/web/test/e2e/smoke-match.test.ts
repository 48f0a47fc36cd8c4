// The smoke test of MATCH! in a browser (`npm test`): Play now from the lobby, one card played by
// clicking when it is this seat's turn, and the board moves on. match.test.ts plays whole games.
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

/** Round, turn and phase: any move changes one of them. */
const position = (page: Page): Promise<string> =>
  page.$eval(
    '.ma-board',
    (b) => `${b.getAttribute('data-round')}/${b.getAttribute('data-turn')}/${b.getAttribute('data-phase')}`,
  );

describe('MATCH! smoke', () => {
  it('starts a table from the lobby and plays a card; the board shows it applied', async () => {
    const table = await playNow(e2e, 'match', '.ma-board');
    const { page } = table;
    await page.waitForFunction(
      () =>
        document.querySelector('.ma-board')?.getAttribute('aria-busy') !== 'true' &&
        document.querySelector('.ma-hand-card.is-playable, .ma-stack-button.is-playable') !== null,
      null,
      { timeout: 90_000, polling: 50 },
    );
    const before = await position(page);
    const lines = await logLines(page);
    const target = page.locator('.ma-hand-card.is-playable, .ma-stack-button.is-playable').first();
    const kind = await target.getAttribute('data-kind');
    await target.click();
    // A wildcard asks for its value, a card of two uses for the one meant.
    if (kind === 'wild') await page.locator('.ma-picker-cell').first().click();
    if (kind === 'both') await page.locator('.ma-choice').first().click();
    await expect.poll(() => position(page), { timeout: 30_000 }).not.toBe(before);
    expect(await logLines(page)).toBeGreaterThan(lines);
    await done(table);
  });
});
