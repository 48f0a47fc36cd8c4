// One screen per table, in a real browser (Chromium) at 1280x800 and at 360x740: in every game
// and mode, when it is the player's turn, the hand (or the grid, the stacks, the tiles), the
// decision and the trick or pile lie inside the viewport without scrolling, the page is no wider
// than the screen, and no two seats are called alike. `table-<mode>-<size>.png` shows each (with a word
// in the chat); MATCHBOX_SCREENSHOTS=1 writes them to docs/screenshots.
import { join } from 'node:path';
import type { CreateTableBody } from '@matchbox/client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E, ViewportName } from './harness.ts';
import { SCREENSHOT_DIR, VIEWPORTS, startE2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 300_000);
afterAll(async () => {
  await e2e?.close();
});

interface Mode {
  readonly id: string;
  readonly table: Omit<CreateTableBody, 'name'>;
  /** Shown when the player is to decide. */
  readonly ready: string;
  /** What must be on screen together: the hand and the decision, and the trick or pile. */
  readonly parts: readonly string[];
}

const MODES: readonly Mode[] = [
  {
    id: 'matchmaster-bid',
    table: { game: 'matchmaster', players: 4 },
    ready: '.mm-board[data-my-turn="bid"]',
    parts: ['.mm-cards', '.mm-bid', '.mm-trick'],
  },
  {
    id: 'matchmaster-7',
    table: { game: 'matchmaster', players: 7, options: { handSizes: [7] } },
    ready: '.mm-board[data-my-turn="bid"]',
    parts: ['.mm-cards', '.mm-bid', '.mm-trick'],
  },
  {
    id: 'match',
    table: { game: 'match', players: 4 },
    ready: '.turn-mine',
    parts: ['.ma-hand', '.ma-pile'],
  },
  {
    id: 'sweet16',
    table: { game: 'sweet16', players: 3 },
    ready: '.turn-mine',
    parts: ['.s16-grid'],
  },
  {
    id: 'sweet16-duel',
    table: { game: 'sweet16', players: 2, options: { mode: 'duel' } },
    ready: '.turn-mine',
    parts: ['.s16-grid'],
  },
  {
    id: 'matchet',
    table: { game: 'matchet', players: 4 },
    ready: '.turn-mine',
    parts: ['.mt-board', '.mt-tray'],
  },
  {
    id: 'matchet-stacks',
    table: { game: 'matchet', players: 1, options: { mode: 'stacks' } },
    ready: '.turn-mine',
    parts: ['.mt-board', '.mt-stacks'],
  },
];

/** The part's box, or null when the page does not show it. */
async function box(page: Page, selector: string) {
  return page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  });
}

describe('one screen per table', () => {
  for (const mode of MODES)
    for (const size of Object.keys(VIEWPORTS) as ViewportName[])
      it(`${mode.id} at ${size}: ${mode.parts.join(', ')} in view together`, async () => {
        const made = await e2e.createTable({ ...mode.table, name: 'Ada' });
        const page = await e2e.newPage(size);
        try {
          await e2e.openAs(page, made.ticket!);
          await page.waitForSelector(mode.ready, { state: 'attached', timeout: 30_000 });
          // The turn shows in the header before the board's chunk has loaded; measure the board.
          for (const part of mode.parts)
            await page.waitForSelector(part, { state: 'attached', timeout: 30_000 });
          await e2e.settle(page);
          const { width, height } = VIEWPORTS[size];
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          expect(await page.evaluate(() => window.scrollY)).toBe(0);
          for (const part of mode.parts) {
            const b = await box(page, part);
            expect({ part, ...b }).toMatchObject({ part });
            expect(b.top, `${part} top`).toBeGreaterThanOrEqual(0);
            expect(b.left, `${part} left`).toBeGreaterThanOrEqual(0);
            expect(b.bottom, `${part} bottom`).toBeLessThanOrEqual(height);
            expect(b.right, `${part} right`).toBeLessThanOrEqual(width);
          }
          // Whose turn it is reads whole in the header, never cut to "▶…".
          const turn = await page.$eval('[data-testid="turn"]', (el) => ({
            text: el.textContent ?? '',
            cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
          }));
          expect(turn.text.length).toBeGreaterThan(3);
          expect(turn.cut, turn.text).toBe(false);
          // Every seat has its own name.
          const names = await page.$$eval('.seat-name', (els) =>
            els.map((e) => (e.firstChild?.textContent ?? '').trim().toLowerCase()),
          );
          expect(names.length).toBe(mode.table.players);
          expect(new Set(names).size).toBe(names.length);
          // A word in the chat, as at a table with friends, for the picture (a solitaire has none).
          if (mode.table.players > 1) {
            const friend = e2e.client.connect(made.table.id, made.ticket!.token);
            await friend.ready;
            expect((await friend.say({ phrase: 'good_luck' })).ok).toBe(true);
            friend.close();
            await page.waitForSelector('.chat-line', { timeout: 10_000 });
          }
          await e2e.screenshot(page, join(SCREENSHOT_DIR, `table-${mode.id}-${size}.png`), false);
        } finally {
          await page.context().close();
        }
      });
});
