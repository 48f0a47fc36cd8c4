// MATCH! in a real browser against a real server: a whole game against a bot (two players, to 10
// points), played by clicking and, for the first turns, by keyboard; and the table screen at
// desktop and phone sizes (MATCHBOX_SCREENSHOTS=1 writes them to docs/screenshots).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from './harness.ts';
import { SCREENSHOT_DIR, startE2E } from './harness.ts';

const SHOTS = SCREENSHOT_DIR;

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 300_000);
afterAll(async () => {
  await e2e?.close();
});

/** Waits until the game is over or this seat may play; null if the board is gone. */
async function waitForTurn(page: Page): Promise<'over' | 'turn'> {
  const handle = await page.waitForFunction(
    () => {
      const board = document.querySelector('.ma-board');
      if (!board) return null;
      if (board.getAttribute('data-phase') === 'over') return 'over';
      if (board.getAttribute('aria-busy') === 'true') return null;
      return document.querySelector('.ma-hand-card.is-playable, .ma-stack-button.is-playable')
        ? 'turn'
        : null;
    },
    null,
    { timeout: 90_000, polling: 50 },
  );
  return (await handle.jsonValue()) as 'over' | 'turn';
}

/** The board's position (round, turn, phase), to see that a move went through. */
const position = (page: Page): Promise<string> =>
  page.$eval(
    '.ma-board',
    (b) => `${b.getAttribute('data-round')}/${b.getAttribute('data-turn')}/${b.getAttribute('data-phase')}`,
  );

/** Plays one turn with the mouse: a discard first (the round ends sooner), else a wildcard, a stack top, a collect. */
async function clickTurn(page: Page): Promise<string> {
  const order = [
    '.ma-hand-card.is-playable[data-kind="discard"]',
    '.ma-hand-card.is-playable[data-kind="wild"]',
    '.ma-stack-button.is-playable',
    '.ma-hand-card.is-playable[data-kind="both"]',
    '.ma-hand-card.is-playable[data-kind="collect"]',
  ];
  for (const selector of order) {
    const target = page.locator(selector).first();
    if ((await target.count()) === 0) continue;
    const kind = (await target.getAttribute('data-kind')) ?? 'stack';
    await target.click();
    if (kind === 'wild') await page.locator('.ma-picker-cell').first().click();
    if (kind === 'both') await page.locator('.ma-choice').first().click();
    return kind;
  }
  throw new Error('no playable card on the board');
}

/** Plays one turn with the keyboard only: arrows to the first playable card, Enter (twice for a wildcard). */
async function keyboardTurn(page: Page): Promise<string> {
  await page.locator('.ma-hand-card[tabindex="0"]').focus();
  const count = await page.locator('.ma-hand-card').count();
  for (let i = 0; i < count; i++) {
    const playable = await page.evaluate(
      () => document.activeElement?.classList.contains('is-playable') ?? false,
    );
    if (playable) break;
    await page.keyboard.press('ArrowRight');
  }
  const kind = await page.evaluate(() => document.activeElement?.getAttribute('data-kind') ?? 'none');
  if (kind === 'none') return clickTurn(page); // only a stack top can be played: the mouse does it
  await page.keyboard.press('Enter');
  if (kind === 'wild' || kind === 'both') {
    // The picker focuses its first choice.
    await page.waitForSelector('.ma-panel button');
    await page.keyboard.press('Enter');
  }
  return kind;
}

async function moved(page: Page, before: string): Promise<void> {
  await page.waitForFunction(
    (b) => {
      const board = document.querySelector('.ma-board');
      if (!board) return false;
      const now = `${board.getAttribute('data-round')}/${board.getAttribute('data-turn')}/${board.getAttribute('data-phase')}`;
      return now !== b;
    },
    before,
    { timeout: 60_000, polling: 50 },
  );
}

describe('MATCH! in the browser', () => {
  it('plays a whole game against a bot to 10 points', async () => {
    const page = await e2e.newPage('desktop');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const { ticket } = await e2e.createTable({
      game: 'match',
      players: 2,
      options: { target: 10 },
      botLevel: 'random',
      name: 'Ada',
    });
    expect(ticket).not.toBeNull();
    await e2e.openAs(page, ticket!);
    await page.waitForSelector('.ma-board');
    const kinds = new Map<string, number>();
    let turns = 0;
    for (; turns < 1500; turns++) {
      if ((await waitForTurn(page)) === 'over') break;
      const before = await position(page);
      const kind = turns < 4 ? await keyboardTurn(page) : await clickTurn(page);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      await moved(page, before);
    }
    expect(await page.getAttribute('.ma-board', 'data-phase')).toBe('over');
    expect(turns).toBeGreaterThan(2);
    expect(kinds.get('discard') ?? 0).toBeGreaterThan(0);
    // Somebody reached the target; the score pad lists the rounds.
    await expect.poll(() => page.locator('.ma-scorepad table').count()).toBe(1);
    const totals = await page.$$eval('.ma-scorepad tfoot td', (cells) =>
      cells.map((c) => Number(c.textContent)),
    );
    expect(totals).toHaveLength(2);
    expect(Math.max(...totals)).toBeGreaterThanOrEqual(10);
    expect(await page.textContent('.ma-status')).toContain('Game over');
    await e2e.screenshot(page, join(tmpdir(), 'matchbox-shots', 'match-over.png'), true);
    expect(errors).toEqual([]);
  }, 600_000);

  it('shows the table at desktop and phone sizes, in English and German', async () => {
    const page = await e2e.newPage('desktop');
    const { ticket } = await e2e.createTable({ game: 'match', players: 4, botLevel: 'random', name: 'Ada' });
    await e2e.openAs(page, ticket!);
    await page.waitForSelector('.ma-board');
    // Collect first, so that stacks fill up, until the hand shows both kinds of playable cards.
    for (let i = 0; i < 40; i++) {
      if ((await waitForTurn(page)) === 'over') break;
      const tags = await page.$$eval('.ma-hand-card.is-playable', (cards) =>
        cards.map((c) => c.getAttribute('data-kind')),
      );
      const stacked = await page.locator('.ma-me .ma-stack-pile').count();
      if (i >= 4 && stacked >= 2 && tags.length >= 3 && tags.includes('discard') && tags.includes('collect'))
        break;
      const before = await position(page);
      const collect = page.locator('.ma-hand-card.is-playable[data-kind="collect"]').first();
      if ((await collect.count()) > 0) await collect.click();
      else await clickTurn(page);
      await moved(page, before);
    }
    await waitForTurn(page);
    const settle = async () => {
      await page.mouse.move(1, 1);
      await page.evaluate(() => window.scrollTo(0, 0));
      await e2e.settle(page); // the pile's last card has landed
    };
    await settle();
    await e2e.screenshot(page, join(SHOTS, 'match-desktop.png'), false);
    await page.setViewportSize({ width: 360, height: 740 });
    await settle();
    await e2e.screenshot(page, join(SHOTS, 'match-phone.png'), false);
    // Nothing is wider than the phone's screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // In German, the board's words change, its labels for screen readers too.
    await page.selectOption('header select', 'de');
    await page.waitForFunction(() => document.querySelector('.ma-status')?.textContent?.includes('Runde'));
    const words = await page.$eval('.ma-board', (b) =>
      [
        b.textContent ?? '',
        ...Array.from(
          b.querySelectorAll('[aria-label],[title]'),
          (e) => `${e.getAttribute('aria-label')} ${e.getAttribute('title')}`,
        ),
      ].join(' '),
    );
    for (const english of [
      'Round',
      'First to',
      'Your',
      'Deck',
      'Discard',
      'Collect',
      'Declare',
      'collected',
      'Match ',
      'stack',
      'red',
      'yellow',
      'green',
      'blue',
      'purple',
    ]) {
      expect(words, english).not.toContain(english);
    }
    await page.selectOption('header select', 'en');
    // The whole page on the phone, to look at the other seats below the hand (not kept in docs).
    await e2e.screenshot(page, join(tmpdir(), 'matchbox-shots', 'match-phone-full.png'), true);
  }, 300_000);
});
