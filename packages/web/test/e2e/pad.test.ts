// The score pad in a real browser against the real server: a MatchMaster hand whose tricks do not
// add up is refused and a correct one scored, the pad survives a reload (localStorage only), and
// the four games' pads at desktop and phone width (MATCHBOX_SCREENSHOTS=1 writes docs/screenshots).
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from './harness.ts';
import { SCREENSHOT_DIR, startE2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 300_000);
afterAll(async () => {
  await e2e?.close();
});

const NAMES = ['Ada', 'Bea', 'Cem'];

async function enterHand(page: Page, bids: number[], tricks: number[]): Promise<void> {
  for (const [i, name] of NAMES.entries()) {
    await page.getByLabel(`Bid: ${name}`).fill(String(bids[i]));
    await page.getByLabel(`Tricks: ${name}`).fill(String(tricks[i]));
  }
  await page.getByRole('button', { name: 'Save hand' }).click();
}

const totals = (page: Page) => page.getByTestId('pad-total').allTextContents();

describe('the score pad', () => {
  it('refuses a hand whose tricks do not add up, scores a correct one, and survives a reload', async () => {
    const page = await e2e.newPage('phone');
    await page.goto(`${e2e.url}/`);
    await page.getByRole('link', { name: 'Score pad for the real cards' }).click();
    await page.getByRole('link', { name: 'MatchMaster' }).click();
    await page.getByLabel('Number of players').selectOption('3');
    for (const [i, name] of NAMES.entries())
      await page.getByLabel(`Player ${i + 1}`, { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Start the pad' }).click();
    await page.getByRole('heading', { name: /Hand 1 of 13: 7 cards/ }).waitFor();

    // 3 + 3 + 2 = 8 tricks in a hand of 7 cards: refused, nothing recorded (ruling MM-2).
    await enterHand(page, [3, 4, 0], [3, 3, 2]);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('The tricks add up to 8, but a hand of 7 cards has 7 tricks.');
    expect(await totals(page)).toEqual(['0', '0', '0']);

    // MM-9: 3/3 = 13, bid 4 won 3 = -1, bid 0 won 1 = -1.
    await enterHand(page, [3, 4, 0], [3, 3, 1]);
    await page.getByRole('heading', { name: /Hand 2 of 13: 6 cards/ }).waitFor();
    expect(await totals(page)).toEqual(['13', '-1', '-1']);

    // The pad needs no API: with every API request refused, a reload still shows it.
    await page.route('**/api/**', (route) => route.abort());
    await page.reload();
    await page.getByRole('heading', { name: /Hand 2 of 13: 6 cards/ }).waitFor();
    expect(await totals(page)).toEqual(['13', '-1', '-1']);
    expect(new URL(page.url()).pathname).toBe('/pad/matchmaster');
    await page.unroute('**/api/**');

    await e2e.screenshot(page, join(SCREENSHOT_DIR, 'pad-matchmaster-phone.png'));
    await page.setViewportSize({ width: 1280, height: 800 });
    await e2e.screenshot(page, join(SCREENSHOT_DIR, 'pad-matchmaster-desktop.png'));

    // The other pads, filled a little, at both widths.
    await page.goto(`${e2e.url}/pad/match`);
    await page.getByRole('button', { name: 'Start the pad' }).click();
    for (const [i, score] of ['12', '-7', '0', '30'].entries())
      await page.getByLabel(`Round score: Player ${i + 1}`).fill(score);
    await page.getByRole('button', { name: 'Save round' }).click();
    await page.getByRole('heading', { name: 'Round 2' }).waitFor();
    await shots(page, 'match');

    await page.goto(`${e2e.url}/pad/sweet16`);
    await page.getByRole('button', { name: 'Start the pad' }).click();
    await page.getByLabel('Cards to the face-down pile').fill('3');
    await page.getByLabel(/A diamond was activated/).check();
    await page.getByRole('button', { name: 'Save scoring' }).click();
    await page.getByText('Cards left in the grid: 50.').waitFor();
    await shots(page, 'sweet16');

    await page.goto(`${e2e.url}/pad/matchet`);
    await page.getByRole('button', { name: 'Start the pad' }).click();
    await page.getByRole('button', { name: 'Add 15 for Player 2' }).click();
    await page.getByLabel('Who went out?').selectOption({ label: 'Player 2' });
    for (const i of [1, 3, 4])
      await page
        .getByRole('listitem')
        .filter({ hasText: `Player ${i}` })
        .getByLabel('Tiles left')
        .fill('2');
    await page.getByRole('button', { name: 'Save round' }).click();
    await page.getByRole('heading', { name: /Round 2 of 3/ }).waitFor();
    await shots(page, 'matchet');

    await page.goto(`${e2e.url}/pad`);
    await page.getByRole('heading', { name: 'Pads on this device' }).waitFor();
    expect(await page.locator('[data-pad]').count()).toBe(4);
    await shots(page, 'index');

    // The German pad (the language is kept in localStorage, like the pads).
    await page.evaluate(() => localStorage.setItem('matchbox.language', 'de'));
    await page.goto(`${e2e.url}/pad/matchmaster`);
    await page.getByRole('heading', { name: /Runde 2 von 13: 6 Karten/ }).waitFor();
    expect(await totals(page)).toEqual(['13', '-1', '-1']);
    await shots(page, 'matchmaster-de');
  }, 120_000);
});

async function shots(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 360, height: 740 });
  await e2e.screenshot(page, join(SCREENSHOT_DIR, `pad-${name}-phone.png`));
  await page.setViewportSize({ width: 1280, height: 800 });
  await e2e.screenshot(page, join(SCREENSHOT_DIR, `pad-${name}-desktop.png`));
}
