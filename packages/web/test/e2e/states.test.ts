// The pages for the states a player meets besides playing, in words and in both languages: the
// daily solitaire lost (what happened, try again, the solution, share) and its solution played
// out (not the player's win), a game against bots in the browser at its end, and a table whose
// server cannot be reached (what still works), with no raw error or notation on the page.
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

/** What a player must not read: raw errors, notation, developer words. */
const RAW = /Failed to fetch|HTTP \d|no_such|network|undefined|null|NaN|\bT\d{2}\b|@\d|\{\{/;

const headline = (page: Page) => page.textContent('[data-testid="results-headline"]');

/** Places stack tops on the daily deal (a spot clicked twice) until the game is over. */
async function playDailyToEnd(page: Page): Promise<number> {
  let moves = 0;
  for (; moves < 40; moves++) {
    await page.waitForFunction(
      () => {
        const el = document.querySelector<HTMLElement>('section.mt');
        return (
          el !== null &&
          (el.dataset.phase === 'over' ||
            (el.querySelector('.mt-spot') !== null && el.dataset.busy !== 'true'))
        );
      },
      null,
      { timeout: 30_000 },
    );
    if ((await page.getAttribute('section.mt', 'data-phase')) === 'over') break;
    const before = await page.getAttribute('section.mt', 'data-progress');
    const spots = page.locator('.mt-spot');
    const spot = spots.nth(moves % (await spots.count()));
    await spot.click();
    if ((await page.getAttribute('section.mt', 'data-progress')) === before) {
      await expect.poll(() => spot.getAttribute('aria-pressed')).toBe('true');
      await spot.click();
    }
    await page.waitForFunction(
      (b) => document.querySelector<HTMLElement>('section.mt')?.dataset.progress !== b,
      before,
      { timeout: 30_000 },
    );
  }
  return moves;
}

describe('the end of a game in words', () => {
  it('the daily solitaire lost: what happened, the deal again, the solution, share; the solution is no win', async () => {
    const page = await e2e.newPage('desktop');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    // A fixed date: the same deal and, played the same way, the same end every run.
    await page.goto(`${e2e.url}/daily?date=2026-01-01`);
    await page.waitForSelector('[data-testid="daily-game"] .mt[data-mode="stacks"]');
    const moves = await playDailyToEnd(page);
    expect(moves).toBeGreaterThan(0);
    await page.waitForSelector('.results');
    const placed = Number((await page.textContent('[data-fact="placed"] dd'))!.split(' ')[0]);
    expect(placed).toBe(moves);
    if (placed === 36) {
      // Played this way the deal happens to be won: the results say so and offer to share.
      expect(await headline(page)).toContain('Solved! You placed every tile');
      return;
    }
    expect(await headline(page)).toBe(
      `No stack top fits any more: today's deal is lost with ${placed} of 36 tiles placed. It can be won: try it again, or see the solution.`,
    );
    expect(await page.textContent('.results')).not.toMatch(/Solved|You won|Place|Score/);
    // The headline says the way on; the buttons follow.
    expect(await page.locator('[data-testid="results-next"]').count()).toBe(0);
    for (const name of ['Try the deal again', 'Show the solution', 'Share the result'])
      expect(await page.locator('.results').getByRole('button', { name }).count()).toBe(1);
    await page.click('[data-testid="daily-share"]');
    await expect.poll(() => page.textContent('.daily-shared')).toMatch(/Copied|copy this line/);
    await e2e.screenshot(page, join(SCREENSHOT_DIR, 'daily-lost-desktop.png'), false);

    // The solution, after the loss: laid out again and played one placement per click.
    await page.click('[data-testid="daily-solution"]');
    await page.waitForSelector('[data-testid="solution-next"]');
    const progress = () => page.textContent('[data-testid="solution-progress"]');
    const steps = Number(/ of (\d+)/.exec((await progress())!)![1]);
    for (let at = 1; at <= steps; at++) {
      await page.click('[data-testid="solution-next"]');
      await expect.poll(progress).toMatch(new RegExp(`: ${at} of `));
    }
    await page.waitForSelector('.results');
    expect(await headline(page)).toBe(
      'That was the solution, played by matchbox: every tile placed. It does not count as your win; try the deal again and place them yourself.',
    );
    expect(await page.textContent('.results')).not.toMatch(/Solved|You won|Well played/);
    await page.click('[data-testid="daily-again"]');
    await page.waitForSelector('[data-testid="daily-give-up"]');
    expect(await page.locator('.results').count()).toBe(0);
    await page.context().close();
  }, 180_000);

  it('a game against bots in the browser ends with the place and a new game, in German on a phone', async () => {
    const page = await e2e.newPage('phone', 'de-DE');
    await page.goto(`${e2e.url}/play/matchmaster?hands=1&pace=0&players=3`);
    await page.waitForSelector('[data-testid="offline-game"] .mm-board');
    for (let i = 0; i < 10; i++) {
      const turn = await page.waitForFunction(
        () => {
          const b = document.querySelector('.mm-board');
          if (!b) return null;
          if (b.getAttribute('data-phase') === 'over') return 'over';
          if (b.getAttribute('aria-busy') === 'true') return null;
          const mine = b.getAttribute('data-my-turn');
          return mine === 'bid' || mine === 'play' ? mine : null;
        },
        null,
        { timeout: 30_000, polling: 50 },
      );
      const what = (await turn.jsonValue()) as string;
      if (what === 'over') break;
      const before = await page.getAttribute('.mm-board', 'data-position');
      if (what === 'bid') await page.locator('.mm-bid-option').first().click();
      else await page.locator('.mm-cards button.mm-card[data-playable="true"]').first().click();
      await page.waitForFunction(
        (b) => document.querySelector('.mm-board')?.getAttribute('data-position') !== b,
        before,
        { timeout: 30_000, polling: 50 },
      );
    }
    await page.waitForSelector('.results');
    const results = (await page.textContent('.results'))!;
    // Three players (the lobby's choice, kept in the address).
    expect(await page.locator('.results-table tbody tr').count()).toBe(3);
    expect(await headline(page)).toMatch(/^(Du hast gewonnen|.+ hat gewonnen|.+ haben gemeinsam gewonnen)/);
    expect(results).toMatch(/Das kannst du jetzt tun:/);
    if (!(await headline(page))!.startsWith('Du hast gewonnen'))
      expect(results).toMatch(/Dein Platz: [23] von 3, mit -?\d+ Punkt/);
    expect(results).not.toMatch(/\b(Place|Score|Player|won)\b/);
    expect(results).not.toMatch(RAW);
    await page.getByRole('button', { name: 'Neues Spiel' }).first().click();
    await page.waitForSelector('.mm-board[data-phase="bid"]');
    await page.context().close();
  }, 120_000);
});

describe('a server that cannot be reached', () => {
  it('a table says so in words and what still works, in English and German, at both sizes', async () => {
    const { table, ticket } = await e2e.createTable({ game: 'matchmaster', players: 2, name: 'Ada' });
    for (const [size, locale] of [
      ['desktop', 'en-GB'],
      ['phone', 'de-DE'],
    ] as const) {
      const page = await e2e.newPage(size, locale);
      await page.goto(`${e2e.url}/`);
      await page.evaluate(([key, t]) => localStorage.setItem(key, JSON.stringify([t])), [
        'matchbox.tickets',
        ticket,
      ] as const);
      // The network fails for the API and the socket, as with the server down.
      await page.route(/\/(api|socket\.io)\//, (route) => route.abort('connectionrefused'));
      await page.goto(`${e2e.url}/t/${table.id}`);
      await page.waitForSelector('[data-testid="table-unreachable"]');
      const text = (await page.textContent('main'))!;
      if (locale === 'en-GB') {
        expect(await page.textContent('main h1')).toBe('The server cannot be reached');
        expect(text).toContain('Your seat is kept in this browser');
        expect(text).toContain('games against bots in this browser');
        expect(text).not.toContain('There is no such table');
      } else {
        expect(await page.textContent('main h1')).toBe('Der Server ist nicht erreichbar');
        expect(text).toContain('Spiele gegen Bots in diesem Browser');
        expect(text).not.toMatch(/cannot|server cannot|Try again/);
      }
      expect(text).not.toMatch(RAW);
      for (const href of ['/', '/daily', '/pad'])
        expect(await page.locator(`main a[href="${href}"]`).count()).toBe(1);
      await e2e.screenshot(page, join(SCREENSHOT_DIR, `table-unreachable-${size}.png`), false);
      // Once the server answers again, "try again" opens the table.
      await page.unroute(/\/(api|socket\.io)\//);
      await page.locator('main button.primary').click();
      await page.waitForSelector('.mm-board', { timeout: 30_000 });
      await page.context().close();
    }
  }, 120_000);
});
