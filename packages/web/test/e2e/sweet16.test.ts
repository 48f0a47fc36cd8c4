// Sweet16 in a real browser against a real server: a base game of two players against a bot to
// its end (the first flips by keyboard, then by clicking; the test stops as soon as a clique is
// allowed so that cards leave the grid quickly; a turn limit of 40, ruling S16-X3, keeps it to
// about a third of a whole game, of which the first 24 turns are played on the server and the
// rest on the page; the soak, MATCHBOX_SOAK=1, plays a whole game on the page), a whole duel
// (trysts picked cell by cell), and
// the table screen at desktop and phone sizes (MATCHBOX_SCREENSHOTS=1 writes them to
// docs/screenshots).
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from './harness.ts';
import { SCREENSHOT_DIR, startE2E } from './harness.ts';

const SHOTS = SCREENSHOT_DIR;
const SOAK = process.env.MATCHBOX_SOAK === '1';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 300_000);
afterAll(async () => {
  await e2e?.close();
});

/** Waits until the game is over or this seat may act (and no action of it is on its way). */
async function waitForTurn(page: Page): Promise<'over' | 'turn'> {
  const handle = await page.waitForFunction(
    () => {
      const board = document.querySelector('.s16');
      if (!board) return null;
      if (board.getAttribute('data-phase') === 'over') return 'over';
      if (board.getAttribute('aria-busy') === 'true') return null;
      return board.getAttribute('data-my-turn') === 'true' ? 'turn' : null;
    },
    null,
    { timeout: 90_000, polling: 50 },
  );
  return (await handle.jsonValue()) as 'over' | 'turn';
}

/** What the board shows: turn, phase and every cell's label (any action changes one of them). */
const position = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const board = document.querySelector('.s16');
    if (!board) return '';
    const cells = [...board.querySelectorAll('.s16-cell')].map((c) => c.getAttribute('aria-label')).join('|');
    return `${board.getAttribute('data-turn')}/${board.getAttribute('data-phase')}/${cells}`;
  });

async function moved(page: Page, before: string): Promise<void> {
  await page.waitForFunction(
    (b) => {
      const board = document.querySelector('.s16');
      if (!board) return false;
      const cells = [...board.querySelectorAll('.s16-cell')]
        .map((c) => c.getAttribute('aria-label'))
        .join('|');
      return `${board.getAttribute('data-turn')}/${board.getAttribute('data-phase')}/${cells}` !== b;
    },
    before,
    { timeout: 60_000, polling: 50 },
  );
}

const phase = (page: Page) => page.getAttribute('.s16', 'data-phase');

/** Clicks the n-th actionable grid cell (wrapping), or returns false when there is none. */
async function clickCell(page: Page, n: number): Promise<boolean> {
  const cells = page.locator('.s16-cell--actionable');
  const count = await cells.count();
  if (count === 0) return false;
  await cells.nth(n % count).click();
  return true;
}

/** Flips by keyboard: from the grid's tab stop, arrows right/down to an actionable cell, Enter. */
async function keyboardFlip(page: Page): Promise<void> {
  await page.locator('.s16-cell[tabindex="0"]').focus();
  for (let i = 0; i < 60; i++) {
    const ok = await page.evaluate(
      () => document.activeElement?.classList.contains('s16-cell--actionable') ?? false,
    );
    if (ok) break;
    await page.keyboard.press(i % 9 === 8 ? 'ArrowDown' : 'ArrowRight');
  }
  await page.keyboard.press('Enter');
}

/** One action of the base game, chosen quickly from what the board offers. */
async function baseAction(page: Page, n: number, keyboard: boolean): Promise<string> {
  const p = (await phase(page)) ?? 'none';
  const choice = (text: string) => page.locator(`.s16 [data-choice="${text}"]`);
  switch (p) {
    case 'flip':
      if ((await choice('stop').count()) > 0) {
        await choice('stop').click();
        return 'stop';
      }
      if (keyboard) await keyboardFlip(page);
      else if (!(await clickCell(page, n * 7))) throw new Error('nothing to flip');
      return 'flip';
    case 'joker':
      await choice('joker 1').click();
      return 'joker';
    case 'back':
      await clickCell(page, 0);
      return 'back';
    case 'activate':
      // Activate a card every other time (powers get used), else skip.
      if (n % 2 === 0 && (await clickCell(page, 0))) return 'activate';
      await choice('skip').click();
      return 'skip';
    case 'club': {
      const steal = page.locator('.s16 [data-choice^="steal "]');
      if ((await steal.count()) > 0) {
        await steal.first().click();
        return 'steal';
      }
      await choice('skip').click();
      return 'skip';
    }
    case 'heart':
    case 'spade':
      await clickCell(page, n);
      return 'look';
    default:
      throw new Error(`unexpected phase ${p}`);
  }
}

/** One action of the duel: a tryst picked cell by cell with the hints, a power's target, or pass. */
async function duelAction(page: Page, n: number): Promise<string> {
  const p = (await phase(page)) ?? 'none';
  const choice = (text: string) => page.locator(`.s16 [data-choice="${text}"]`);
  switch (p) {
    case 'tryst': {
      if ((await choice('pass').count()) > 0) {
        await choice('pass').click();
        return 'pass';
      }
      const hints = page.getByRole('checkbox', { name: 'Show possible trysts' });
      if (!(await hints.isChecked())) await hints.check();
      const score = page.getByRole('button', { name: 'Score the tryst' });
      for (let i = 0; i < 8 && !(await score.isEnabled()); i++) {
        await page.locator('.s16-cell--hint').first().click();
      }
      await score.click();
      return 'tryst';
    }
    case 'activate':
      if (n % 2 === 0 && (await clickCell(page, 0))) return 'activate';
      await choice('skip').click();
      return 'skip';
    case 'club': {
      const steal = page.locator('.s16 [data-choice^="steal "]');
      if ((await steal.count()) > 0) {
        await steal.first().click();
        return 'steal';
      }
      await choice('skip').click();
      return 'skip';
    }
    case 'take':
    case 'bury':
      await clickCell(page, n);
      return p;
    default:
      throw new Error(`unexpected phase ${p}`);
  }
}

async function playToEnd(
  page: Page,
  step: (n: number) => Promise<string>,
  limit: number,
): Promise<Map<string, number>> {
  const kinds = new Map<string, number>();
  for (let n = 0; n < limit; n++) {
    if ((await waitForTurn(page)) === 'over') return kinds;
    const before = await position(page);
    const kind = await step(n);
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    await moved(page, before);
  }
  throw new Error(`no end after ${limit} actions: ${JSON.stringify([...kinds])}`);
}

describe('Sweet16 in the browser', () => {
  it('plays a base game of two against a bot to its end', async () => {
    const page = await e2e.newPage('desktop');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // S16-X3: the game ends after 40 turns at the latest (a whole game takes about 100-130).
    const limit = SOAK ? 1000 : 40;
    const { table, ticket } = await e2e.createTable({
      game: 'sweet16',
      players: 2,
      options: { turnLimit: limit },
      botLevel: 'random',
      name: 'Ada',
    });
    expect(ticket).not.toBeNull();
    if (!SOAK) await e2e.advance(table.id, 0, (s: { turn: number }) => s.turn > 24);
    await e2e.openAs(page, ticket!);
    await page.waitForSelector('.s16');
    expect(await page.locator('.s16-cell').count()).toBe(54);
    const started = Date.now();
    const kinds = await playToEnd(page, (n) => baseAction(page, n, n < 3), 5000);
    expect(await phase(page)).toBe('over');
    expect(kinds.get('flip') ?? 0).toBeGreaterThan(2);
    expect(kinds.get('stop') ?? 0).toBeGreaterThan(0);
    expect(await page.textContent('.s16-prompt')).toMatch(/Game over/);
    // The scores are shown per seat, and the end sentence names the winner.
    expect(await page.locator('.s16-player').count()).toBe(2);
    const turn = Number(await page.getAttribute('.s16', 'data-turn'));
    expect(turn).toBeLessThanOrEqual(limit);
    console.log(`sweet16 base: ${turn} turns, ${JSON.stringify([...kinds])}, ${Date.now() - started} ms`);
    expect(errors).toEqual([]);
  }, 900_000);

  it('plays a whole duel against a bot', async () => {
    const page = await e2e.newPage('desktop');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const { ticket } = await e2e.createTable({
      game: 'sweet16',
      players: 2,
      options: { mode: 'duel' },
      botLevel: 'random',
      name: 'Ada',
    });
    await e2e.openAs(page, ticket!);
    await page.waitForSelector('.s16');
    expect(await page.locator('.s16-cell').count()).toBe(49);
    expect(await page.textContent('.s16-status')).toContain('You play the rows');
    const kinds = await playToEnd(page, (n) => duelAction(page, n), 2000);
    expect(await phase(page)).toBe('over');
    expect(kinds.get('tryst') ?? 0).toBeGreaterThan(0);
    expect(await page.textContent('.s16-prompt')).toMatch(/Game over/);
    console.log(`sweet16 duel: ${JSON.stringify([...kinds])}`);
    expect(errors).toEqual([]);
  }, 600_000);

  it('speaks German and shows a spectator no choices', async () => {
    const page = await e2e.newPage('phone');
    const { table, ticket } = await e2e.createTable({
      game: 'sweet16',
      players: 2,
      botLevel: 'random',
      name: 'Ada',
    });
    await e2e.openAs(page, ticket!);
    await page.waitForSelector('.s16');
    await waitForTurn(page);
    await page.locator('header select').selectOption('de');
    await expect.poll(() => page.textContent('.s16-prompt')).toContain('Decke eine verdeckte Karte auf');
    expect(await page.getAttribute('.s16-cell[data-pos="A1"]', 'aria-label')).toBe(
      'A1: verdeckt, Eingabetaste zum Aufdecken',
    );
    const text = (await page.textContent('.s16')) ?? '';
    expect(text).not.toMatch(/\b(flip|cards in the grid|points|pile|Your turn)\b/i);
    await e2e.screenshot(page, join(SHOTS, 'sweet16-phone-de.png'), true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    const watcher = await e2e.newPage('desktop');
    await e2e.spectate(watcher, table.id);
    await watcher.waitForSelector('.s16');
    expect(await watcher.locator('.s16-cell').count()).toBe(54);
    expect(await watcher.locator('.s16-cell--actionable').count()).toBe(0);
    expect(await watcher.locator('.s16-actions').count()).toBe(0);
    expect(await watcher.textContent('.s16-prompt')).toMatch(/Ada is flipping cards/);
  }, 300_000);

  it('shows the table at desktop and phone sizes', async () => {
    const page = await e2e.newPage('desktop');
    const { table: shown, ticket } = await e2e.createTable({
      game: 'sweet16',
      players: 3,
      options: { memoryAid: true },
      botLevel: 'random',
      name: 'Ada',
    });
    // Twelve turns on the server, then on the page until, late enough for piles and remembered
    // cards, we have flipped two cards and may stop (the prompt and the Stop button show).
    await e2e.advance(shown.id, 0, (s: { turn: number }) => s.turn > 12);
    await e2e.openAs(page, ticket!);
    await page.waitForSelector('.s16');
    let shot = false;
    for (let n = 0; n < 600 && !shot; n++) {
      if ((await waitForTurn(page)) === 'over') break;
      const flipped = await page.locator('.s16-cell--flipped').count();
      const canStop = (await page.locator('.s16 [data-choice="stop"]').count()) > 0;
      const turn = Number(await page.getAttribute('.s16', 'data-turn'));
      if ((await phase(page)) === 'flip' && flipped >= 2 && canStop && turn > 12) {
        shot = true;
        break;
      }
      const before = await position(page);
      await baseAction(page, n, false);
      await moved(page, before);
    }
    expect(shot).toBe(true);
    const settle = async () => {
      await page.evaluate(() => window.scrollTo(0, 0));
      // A lost-face turn has been shown and turned face down.
      await e2e.settle(page, '.s16-cell[aria-label*="turning face down"]');
    };
    await settle();
    await e2e.screenshot(page, join(SHOTS, 'sweet16-desktop.png'), false);
    await page.setViewportSize({ width: 360, height: 740 });
    await settle();
    await e2e.screenshot(page, join(SHOTS, 'sweet16-phone.png'), false);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await e2e.screenshot(page, join(SHOTS, 'sweet16-phone-full.png'), true);

    // The duel's 7 x 7 grid on a phone.
    const duel = await e2e.newPage('phone');
    const table = await e2e.createTable({
      game: 'sweet16',
      players: 2,
      options: { mode: 'duel' },
      botLevel: 'random',
      name: 'Ada',
    });
    await e2e.openAs(duel, table.ticket!);
    await duel.waitForSelector('.s16');
    await waitForTurn(duel);
    await e2e.settle(duel);
    await e2e.screenshot(duel, join(SHOTS, 'sweet16-duel-phone.png'), true);
    const duelOverflow = await duel.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(duelOverflow).toBeLessThanOrEqual(0);
  }, 600_000);
});
