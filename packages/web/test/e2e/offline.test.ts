// Games in the browser without the server: a tutorial's first steps (with the server up), then
// the installable app: one visit, the server STOPPED, a reload, a short MatchMaster against bots
// played to the end in the page's worker, a reload that resumes it, and the daily solitaire with
// its solution. Screenshots at desktop and phone width go to SCREENSHOT_DIR.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from './harness.ts';
import { SCREENSHOT_DIR, startE2E, VIEWPORTS } from './harness.ts';

let e2e: E2E;
let serverStopped = false;

beforeAll(async () => {
  e2e = await startE2E({ ownServer: {} }); // it stops its server
});

afterAll(async () => {
  if (!serverStopped) return e2e?.close();
  await e2e.browser.close().catch(() => undefined);
  rmSync(e2e.config.dataDir, { recursive: true, force: true });
});

const shot = async (page: Page, name: string) => {
  for (const size of ['desktop', 'phone'] as const) {
    await page.setViewportSize(VIEWPORTS[size]);
    await e2e.settle(page);
    await e2e.screenshot(page, join(SCREENSHOT_DIR, `${name}-${size}.png`), false);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
};

/** Waits until the MatchMaster board offers this seat a bid or a card, or the game is over. */
async function mmTurn(page: Page): Promise<'bid' | 'play' | 'over'> {
  const handle = await page.waitForFunction(
    () => {
      const board = document.querySelector('.mm-board');
      if (!board) return null;
      if (board.getAttribute('data-phase') === 'over') return 'over';
      if (board.getAttribute('aria-busy') === 'true') return null;
      const mine = board.getAttribute('data-my-turn');
      return mine === 'bid' || mine === 'play' ? mine : null;
    },
    null,
    { timeout: 30_000, polling: 50 },
  );
  return (await handle.jsonValue()) as 'bid' | 'play' | 'over';
}

async function mmAct(page: Page, turn: 'bid' | 'play'): Promise<void> {
  const before = await page.getAttribute('.mm-board', 'data-position');
  if (turn === 'bid') await page.locator('.mm-bid-option').first().click();
  else await page.locator('.mm-cards button.mm-card[data-playable="true"]').first().click();
  await page.waitForFunction(
    (b) => document.querySelector('.mm-board')?.getAttribute('data-position') !== b,
    before,
    { timeout: 30_000, polling: 50 },
  );
}

const guideStep = (page: Page) => page.getAttribute('[data-testid="tutorial-guide"]', 'data-step');

describe('games in the browser', () => {
  it('the MatchMaster tutorial explains bidding, then following suit when it matters', async () => {
    const page = await e2e.newPage('desktop');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${e2e.url}/learn/matchmaster?pace=0`);
    await page.waitForSelector('.mm-board');
    await expect.poll(() => guideStep(page)).toBe('bid');
    expect(await page.textContent('[data-testid="tutorial-guide"]')).toContain('secret');
    await shot(page, 'tutorial-matchmaster');
    await mmAct(page, 'bid');
    // The bots lead and follow light blue; the person holds light blue and must follow it.
    expect(await mmTurn(page)).toBe('play');
    await expect.poll(() => guideStep(page)).toBe('followSuit');
    expect(await page.locator('.mm-cards button.mm-card[data-playable="true"]').count()).toBe(1);
    expect(await page.getAttribute('.mm-cards button.mm-card[data-playable="true"]', 'data-card')).toBe(
      'lb3',
    );
    await mmAct(page, 'play');
    // Trick 2: seat 3 trumps low, the person must beat it.
    expect(await mmTurn(page)).toBe('play');
    await expect.poll(() => guideStep(page)).toBe('overtrump');
    expect(errors).toEqual([]);
  }, 120_000);

  it('the other tutorials open in German with their first step', async () => {
    const page = await e2e.newPage('desktop', 'de-DE');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    for (const [game, board, step, words] of [
      ['sweet16', '.s16-grid', 'flip', 'aufdecken'],
      ['matchet', '.mt', 'first', 'Mitte'],
      ['match', '.ma-board', 'match', 'Farbe oder Zahl'],
    ] as const) {
      await page.goto(`${e2e.url}/learn/${game}?pace=0`);
      await page.waitForSelector(board);
      await expect.poll(() => guideStep(page)).toBe(step);
      expect(await page.textContent('[data-testid="tutorial-guide"]')).toContain(words);
      await shot(page, `tutorial-${game}-de`);
    }
    expect(errors).toEqual([]);
  }, 60_000);

  it('after one visit plays against bots and the daily solitaire with the server stopped', async () => {
    const page = await e2e.newPage('desktop', 'en-GB', { serviceWorkers: true });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${e2e.url}/`);
    await page.waitForSelector('[data-offline="matchmaster"]');
    // The service worker comes with the first interaction, caches what offline play needs and
    // controls the page.
    await page.keyboard.press('Shift');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    const manifest = await page.evaluate(() =>
      fetch('/manifest.webmanifest').then((r) => r.json() as Promise<{ display: string }>),
    );
    expect(manifest.display).toBe('standalone');

    await e2e.server.close();
    serverStopped = true;
    await page.reload();
    await page.waitForSelector('[data-testid="server-unreachable"]');
    await page.waitForSelector('[data-offline="matchmaster"]');
    await shot(page, 'lobby-unreachable');

    await page.goto(`${e2e.url}/play/matchmaster?hands=2,1&pace=0`);
    await page.waitForSelector('[data-testid="offline-game"] .mm-board');
    let actions = 0;
    for (; actions < 20; actions++) {
      const turn = await mmTurn(page);
      if (turn === 'over') break;
      await mmAct(page, turn);
    }
    // 2 bids and 2 + 1 cards, then the result
    expect(actions).toBe(5);
    await page.waitForSelector('.results');
    await shot(page, 'offline-game');
    // A reload resumes the saved game (over, with its result and log).
    await page.reload();
    await page.waitForSelector('[data-testid="offline-game"] .mm-board[data-phase="over"]');
    expect(await page.locator('.log-list li').count()).toBeGreaterThan(5);

    await page.goto(`${e2e.url}/daily`);
    await page.waitForSelector('[data-testid="daily-game"] .mt[data-mode="stacks"]');
    await page.waitForSelector('[data-testid="daily-give-up"]');
    await shot(page, 'daily-solitaire');
    await page.click('[data-testid="daily-give-up"]');
    await page.waitForSelector('[data-testid="solution-next"]');
    const progress = () => page.textContent('[data-testid="solution-progress"]');
    expect(await progress()).toMatch(/0 of \d+/);
    // The next move in words (the tile's colours and numbers, where it goes), not its notation.
    expect(await progress()).toMatch(
      /Next: lay the (red|yellow|blue) \d+, .* triangle (in the middle|next to)/,
    );
    expect(await progress()).not.toMatch(/T\d{2}|@|:[TRBL]\b/);
    await page.click('[data-testid="solution-next"]');
    await expect.poll(progress).toMatch(/1 of \d+/);
    expect(await page.getAttribute('.mt', 'data-progress')).toMatch(/\.1\./);
    expect(errors).toEqual([]);
  }, 120_000);
});
