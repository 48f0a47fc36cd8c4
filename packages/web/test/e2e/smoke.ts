// The path every browser smoke test (smoke-<game>.test.ts, in `npm test`) walks for its game: the
// lobby, its Play now button, the new table's page with the board online; then the file makes
// one move as a player would and sees the board apply it. The whole games, the other screens and
// languages are in the browser tier (`npm run test:browser`).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { E2E } from './harness.ts';

export interface SmokeTable {
  readonly page: Page;
  /** Uncaught errors of the page so far (a smoke test ends expecting none). */
  readonly errors: string[];
}

/** Opens the lobby, checks the game's card is there, clicks its Play now and waits for the board. */
export async function playNow(e2e: E2E, game: string, board: string): Promise<SmokeTable> {
  const page = await e2e.newPage('desktop');
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(e2e.url + '/');
  await page.waitForSelector('.game-card');
  expect(await page.locator(`.game-card[data-game="${game}"]`).count()).toBe(1);
  await page.click(`button[data-mode="${game}"]`);
  await page.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
  await page.locator(board).first().waitFor({ timeout: 60_000 });
  await page.waitForSelector('[data-connection="online"]', { timeout: 30_000 });
  return { page, errors };
}

/** The lines of the table's log (a move adds at least one). */
export const logLines = (page: Page): Promise<number> => page.locator('.log-list li').count();

/** Ends a smoke test: the page's context closed, after checking the page threw nothing. */
export async function done(table: SmokeTable): Promise<void> {
  expect(table.errors).toEqual([]);
  await table.page.context().close();
}
