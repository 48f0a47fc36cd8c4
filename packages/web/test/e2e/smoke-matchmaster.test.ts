// The smoke test of MatchMaster in a browser (`npm test`): Play now from the lobby, the bots bid,
// this seat bids by clicking, and the table shows the bids revealed. matchmaster.test.ts plays
// whole games, by mouse and keyboard, with two people at one table.
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

describe('MatchMaster smoke', () => {
  it('starts a table from the lobby and bids; the board shows the bid applied', async () => {
    const table = await playNow(e2e, 'matchmaster', '.mm-board');
    const { page } = table;
    // The bots bid at once; the game waits for this seat's bid.
    await page.waitForSelector('.mm-board[data-my-turn="bid"]:not([aria-busy="true"])', { timeout: 60_000 });
    const before = await page.getAttribute('.mm-board', 'data-position');
    const lines = await logLines(page);
    await page.locator('.mm-bid-option').first().click();
    await page.waitForFunction(
      (b) => document.querySelector('.mm-board')?.getAttribute('data-position') !== b,
      before,
      { timeout: 30_000 },
    );
    // All four bids turn up together once the last is in; the log reads them in words.
    await expect.poll(() => page.locator('.log-list').textContent()).toContain('Bids revealed:');
    expect(await logLines(page)).toBeGreaterThan(lines);
    await done(table);
  });
});
