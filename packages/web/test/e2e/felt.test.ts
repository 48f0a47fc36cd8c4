// The felt of a MatchMaster table in a real browser (Chromium) at 1280x800 and 360x740, for every
// count of players (2 to 7): while a finished trick is held in the middle, no seat chip lies over
// another, no card of the trick lies over a seat chip or its "+1 trick" badge (the viewer's own
// included) or over another card of the trick, and all of them lie on the table; again for the hand's last trick, held while the
// hand's summary takes room from the felt. Boxes are measured as drawn (getBoundingClientRect), so
// a change of the seats' sizes, the cards' or the table's is caught.
// `felt-matchmaster-<n>-<size>.png` shows each, in a temporary folder (docs/screenshots keeps the
// 7-seat tables of one-screen.test.ts). During the table's pause after a hand (a server of its own
// with a 10 s pause) the hand's summary in the middle of the felt lies over no seat chip and on
// the table, at every count and size (`felt-pause-<n>-<size>.png`); MATCH!'s round summary over
// the pile lies over no seat's chip, nor the viewer's stacks and hand (`felt-match-pause-<n>-<size>.png`).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Box, E2E, ViewportName } from './harness.ts';
import { VIEWPORTS, overlap, startE2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 300_000);
afterAll(async () => {
  await e2e?.close();
});

const within = (inner: Box, outer: Box): boolean =>
  inner.top >= outer.top &&
  inner.left >= outer.left &&
  inner.bottom <= outer.bottom &&
  inner.right <= outer.right;

interface Felt {
  readonly table: Box;
  readonly seats: readonly { readonly seat: number; readonly me: boolean; readonly box: Box }[];
  readonly cards: readonly Box[];
}

/** The held trick of `n` cards, measured once its cards stand still (`summary`: with the hand's summary shown). */
async function heldTrick(page: Page, n: number, summary: boolean): Promise<Felt> {
  const seen = await page.waitForFunction(
    ([n, summary]) => {
      const rect = (el: Element): Box => {
        const r = el.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
      };
      // Held, not flying to the winner's seat.
      const held = '.mm-trick[data-done="true"]:not(.mm-trick--gathering) .mm-trick-card';
      const cards = [...document.querySelectorAll(held)];
      if (cards.length !== n) return null;
      if (summary && !document.querySelector('.mm-board[data-summary]')) return null;
      if (cards.some((c) => c.getAnimations().some((a) => a.playState === 'running'))) return null;
      return {
        table: rect(document.querySelector('.mm-table')!),
        // A seat is its chip with the badge over its edge ("+1 trick").
        seats: [...document.querySelectorAll('.mm-seat')].map((el) => {
          const chip = rect(el);
          const badge = el.querySelector('.mm-seat-won');
          const b = badge ? rect(badge) : chip;
          return {
            seat: Number(el.getAttribute('data-seat')),
            me: el.classList.contains('mm-seat--me'),
            box: {
              top: Math.min(chip.top, b.top),
              bottom: Math.max(chip.bottom, b.bottom),
              left: Math.min(chip.left, b.left),
              right: Math.max(chip.right, b.right),
            },
          };
        }),
        cards: cards.map(rect),
      };
    },
    [n, summary] as const,
    { timeout: 30_000, polling: 'raf' },
  );
  return (await seen.jsonValue()) as Felt;
}

function expectApart(felt: Felt, players: number): void {
  expect(felt.seats).toHaveLength(players);
  expect(felt.seats.filter((s) => s.me)).toHaveLength(1);
  for (const [i, a] of felt.seats.entries()) {
    expect(within(a.box, felt.table), `seat ${a.seat} ${JSON.stringify(a.box)} on the table`).toBe(true);
    for (const b of felt.seats.slice(i + 1))
      expect(
        overlap(a.box, b.box),
        `seats ${a.seat} ${JSON.stringify(a.box)} and ${b.seat} ${JSON.stringify(b.box)} overlap`,
      ).toBe(false);
  }
  for (const [i, card] of felt.cards.entries()) {
    expect(within(card, felt.table), `a trick card ${JSON.stringify(card)} on the table`).toBe(true);
    for (const other of felt.cards.slice(i + 1))
      expect(
        overlap(card, other),
        `trick cards ${JSON.stringify(card)} and ${JSON.stringify(other)} overlap`,
      ).toBe(false);
    for (const s of felt.seats)
      expect(
        overlap(card, s.box),
        `a trick card ${JSON.stringify(card)} over ${s.me ? 'the viewer' : `seat ${s.seat}`} ${JSON.stringify(s.box)}`,
      ).toBe(false);
  }
}

describe('the MatchMaster felt', () => {
  for (const size of Object.keys(VIEWPORTS) as ViewportName[])
    for (const players of [2, 3, 4, 5, 6, 7])
      it(`${players} players at ${size}: seats and the held trick never overlap`, async () => {
        const { ticket } = await e2e.createTable({
          game: 'matchmaster',
          players,
          options: { handSizes: [2, 1] },
          botLevel: 'random',
          name: 'Ada',
        });
        const page = await e2e.newPage(size);
        const myTurn = (turn: string) =>
          page.waitForSelector(`.mm-board[data-my-turn="${turn}"]:not([aria-busy="true"])`, {
            timeout: 60_000,
          });
        const play = () =>
          page.locator('.mm-cards button.mm-card[data-playable="true"]').first().press('Enter');
        try {
          await e2e.openAs(page, ticket!);
          await myTurn('bid');
          await page.locator('.mm-bid-option').first().click();
          await myTurn('play');
          await play();
          // The first trick complete and held in the middle: every seat's card on the felt.
          const first = await heldTrick(page, players, false);
          await e2e.screenshot(
            page,
            join(tmpdir(), 'matchbox-shots', `felt-matchmaster-${players}-${size}.png`),
            false,
          );
          expectApart(first, players);
          // The hand's last trick, held while the hand's summary takes room from the felt.
          await myTurn('play');
          await play();
          expectApart(await heldTrick(page, players, true), players);
        } finally {
          await page.context().close();
        }
      }, 120_000);
});

describe("the MatchMaster felt during the table's pause", () => {
  let paused: E2E;
  beforeAll(async () => {
    paused = await startE2E({ ownServer: { tablePauseMs: 10_000 } });
  }, 300_000);
  afterAll(async () => {
    await paused?.close();
  });

  for (const size of Object.keys(VIEWPORTS) as ViewportName[])
    for (const players of [2, 3, 4, 5, 6, 7])
      it(`${players} players at ${size}: the hand's summary covers no seat`, async () => {
        const { ticket } = await paused.createTable({
          game: 'matchmaster',
          players,
          options: { handSizes: [1, 1] },
          botLevel: 'random',
          name: 'Ada',
        });
        const page = await paused.newPage(size, 'en-GB', { motion: true });
        try {
          await paused.openAs(page, ticket!);
          await page.waitForSelector('.mm-board[data-my-turn="bid"]:not([aria-busy="true"])', {
            timeout: 60_000,
          });
          await page.locator('.mm-bid-option').first().click();
          await page.waitForSelector('.mm-board[data-my-turn="play"]:not([aria-busy="true"])', {
            timeout: 60_000,
          });
          await page.locator('.mm-cards button.mm-card[data-playable="true"]').first().press('Enter');
          await page.waitForSelector('.mm-board[data-pause] [data-testid="felt-summary"]', {
            timeout: 30_000,
          });
          await paused.settle(page);
          const seen = await page.evaluate(() => {
            const rect = (el: Element): Box => {
              const r = el.getBoundingClientRect();
              return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
            };
            return {
              table: rect(document.querySelector('.mm-table')!),
              summary: rect(document.querySelector('[data-testid="felt-summary"]')!),
              rows: document.querySelectorAll('[data-testid="felt-summary"] li').length,
              seats: [...document.querySelectorAll('.mm-seat')].map((el) => ({
                seat: Number(el.getAttribute('data-seat')),
                // The chip with its badge ("+1 trick") where one is drawn.
                box: [el, ...el.querySelectorAll('.mm-seat-won')]
                  .map(rect)
                  .filter((b) => b.right > b.left)
                  .reduce((a, b) => ({
                    top: Math.min(a.top, b.top),
                    bottom: Math.max(a.bottom, b.bottom),
                    left: Math.min(a.left, b.left),
                    right: Math.max(a.right, b.right),
                  })),
              })),
            };
          });
          await paused.screenshot(
            page,
            join(tmpdir(), 'matchbox-shots', `felt-pause-${players}-${size}.png`),
            false,
          );
          expect(seen.rows).toBe(players);
          expect(seen.seats).toHaveLength(players);
          expect(
            within(seen.summary, seen.table),
            `the summary ${JSON.stringify(seen.summary)} on the table`,
          ).toBe(true);
          for (const s of seen.seats)
            expect(
              overlap(seen.summary, s.box),
              `the summary ${JSON.stringify(seen.summary)} over seat ${s.seat} ${JSON.stringify(s.box)}`,
            ).toBe(false);
        } finally {
          await page.context().close();
        }
      }, 120_000);

  for (const size of Object.keys(VIEWPORTS) as ViewportName[])
    for (const players of [2, 3, 4, 5, 6, 7])
      it(`MATCH! with ${players} players at ${size}: the round's summary covers no seat`, async () => {
        const made = await paused.createTable({ game: 'match', players, botLevel: 'random', name: 'Ada' });
        const page = await paused.newPage(size, 'en-GB', { motion: true });
        try {
          await paused.openAs(page, made.ticket!);
          await page.waitForSelector('.ma-board');
          await paused.advance(made.table.id, 0, (s: { round: number }) => s.round >= 2);
          await page.waitForSelector('.ma-board[data-pause] [data-testid="felt-summary"]', {
            timeout: 30_000,
          });
          await paused.settle(page);
          const seen = await page.evaluate(() => {
            const rect = (el: Element): Box => {
              const r = el.getBoundingClientRect();
              return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
            };
            return {
              summary: rect(document.querySelector('[data-testid="felt-summary"]')!),
              rows: document.querySelectorAll('[data-testid="felt-summary"] li').length,
              // The other seats' chips and the viewer's own stacks and hand.
              seats: [...document.querySelectorAll('.ma-seat, .ma-me')].map(rect),
            };
          });
          await paused.screenshot(
            page,
            join(tmpdir(), 'matchbox-shots', `felt-match-pause-${players}-${size}.png`),
            false,
          );
          expect(seen.rows).toBe(players);
          expect(seen.seats).toHaveLength(players);
          for (const s of seen.seats)
            expect(
              overlap(seen.summary, s),
              `the summary ${JSON.stringify(seen.summary)} over a seat ${JSON.stringify(s)}`,
            ).toBe(false);
        } finally {
          await page.context().close();
        }
      }, 120_000);
});
