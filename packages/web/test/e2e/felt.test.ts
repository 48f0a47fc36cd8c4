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
// the pile lies over no seat's chip, nor the viewer's stacks and hand (2 to 8 players, `felt-match-pause-<n>-<size>.png`).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SeatTicket } from '@matchbox/client';
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

/** Waits until Ada may `turn` ("bid" or "play") on a MatchMaster board. */
const myTurn = (page: Page, turn: string) =>
  page.waitForSelector(`.mm-board[data-my-turn="${turn}"]:not([aria-busy="true"])`, { timeout: 60_000 });
/** Ada plays her first playable card. */
const playFirst = (page: Page) =>
  page.locator('.mm-cards button.mm-card[data-playable="true"]').first().press('Enter');

/**
 * The felt summary on `board` during the table's pause, measured once it stands still, and
 * photographed (`<shot>.png` in a temporary folder): its box and rows, the `table` it lies on, and
 * each element it must not cover (`covers`), with any `badges` drawn over that element's edge.
 */
async function pauseSummary(
  e2e: E2E,
  page: Page,
  board: string,
  parts: { readonly table?: string; readonly covers: string; readonly badges?: string },
  shot: string,
) {
  await page.waitForSelector(`${board}[data-pause] [data-testid="felt-summary"]`, { timeout: 30_000 });
  await e2e.settle(page);
  const seen = await page.evaluate(({ table, covers, badges }) => {
    const rect = (el: Element): Box => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    return {
      table: table ? rect(document.querySelector(table)!) : null,
      summary: rect(document.querySelector('[data-testid="felt-summary"]')!),
      rows: document.querySelectorAll('[data-testid="felt-summary"] li').length,
      covers: [...document.querySelectorAll(covers)].map((el, i) => ({
        name: el.getAttribute('data-seat') !== null ? `seat ${el.getAttribute('data-seat')}` : `part ${i}`,
        box: [...(badges ? el.querySelectorAll(badges) : [])]
          .map(rect)
          .filter((b) => b.right > b.left)
          .reduce(
            (a, b) => ({
              top: Math.min(a.top, b.top),
              bottom: Math.max(a.bottom, b.bottom),
              left: Math.min(a.left, b.left),
              right: Math.max(a.right, b.right),
            }),
            rect(el),
          ),
      })),
    };
  }, parts);
  await e2e.screenshot(page, join(tmpdir(), 'matchbox-shots', `${shot}.png`), false);
  return seen;
}

/**
 * One page per viewport, reused by a describe's cases in turn instead of a browser context each:
 * each case clears what the last one left (localStorage, sessionStorage, cookies) and loads its
 * own table anew, so it starts as on a fresh page, for one page load instead of two with a cold
 * cache and a new renderer. The pages close with `e2e.close()`.
 */
function reusedPages(
  host: () => E2E,
  options: { motion?: boolean } = {},
): (size: ViewportName, ticket: SeatTicket) => Promise<Page> {
  const pages = new Map<ViewportName, Page>();
  return async (size, ticket) => {
    const e2e = host();
    let page = pages.get(size);
    if (!page || page.isClosed()) {
      page = await e2e.newPage(size, 'en-GB', options);
      pages.set(size, page);
    } else {
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await page.context().clearCookies();
    }
    await e2e.openAs(page, ticket);
    return page;
  };
}

describe('the MatchMaster felt', () => {
  const open = reusedPages(() => e2e);
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
        const page = await open(size, ticket!);
        await myTurn(page, 'bid');
        await page.locator('.mm-bid-option').first().click();
        await myTurn(page, 'play');
        await playFirst(page);
        // The first trick complete and held in the middle: every seat's card on the felt.
        const first = await heldTrick(page, players, false);
        await e2e.screenshot(
          page,
          join(tmpdir(), 'matchbox-shots', `felt-matchmaster-${players}-${size}.png`),
          false,
        );
        expectApart(first, players);
        // The hand's last trick, held while the hand's summary takes room from the felt.
        await myTurn(page, 'play');
        await playFirst(page);
        expectApart(await heldTrick(page, players, true), players);
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
  const open = reusedPages(() => paused, { motion: true });

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
        const page = await open(size, ticket!);
        await myTurn(page, 'bid');
        await page.locator('.mm-bid-option').first().click();
        await myTurn(page, 'play');
        await playFirst(page);
        // Each seat's chip with its badge ("+1 trick") where one is drawn.
        const seen = await pauseSummary(
          paused,
          page,
          '.mm-board',
          { table: '.mm-table', covers: '.mm-seat', badges: '.mm-seat-won' },
          `felt-pause-${players}-${size}`,
        );
        expect(seen.rows).toBe(players);
        expect(seen.covers).toHaveLength(players);
        expect(
          within(seen.summary, seen.table!),
          `the summary ${JSON.stringify(seen.summary)} on the table`,
        ).toBe(true);
        for (const s of seen.covers)
          expect(
            overlap(seen.summary, s.box),
            `the summary ${JSON.stringify(seen.summary)} over ${s.name} ${JSON.stringify(s.box)}`,
          ).toBe(false);
      }, 120_000);

  for (const size of Object.keys(VIEWPORTS) as ViewportName[])
    for (const players of [2, 3, 4, 5, 6, 7, 8])
      it(`MATCH! with ${players} players at ${size}: the round's summary covers no seat`, async () => {
        const made = await paused.createTable({ game: 'match', players, botLevel: 'random', name: 'Ada' });
        const page = await open(size, made.ticket!);
        await page.waitForSelector('.ma-board');
        await paused.advance(made.table.id, 0, (s: { round: number }) => s.round >= 2);
        // The other seats' chips and the viewer's own stacks and hand.
        const seen = await pauseSummary(
          paused,
          page,
          '.ma-board',
          { covers: '.ma-seat, .ma-me' },
          `felt-match-pause-${players}-${size}`,
        );
        expect(seen.rows).toBe(players);
        expect(seen.covers).toHaveLength(players);
        for (const s of seen.covers)
          expect(
            overlap(seen.summary, s.box),
            `the summary ${JSON.stringify(seen.summary)} over ${s.name} ${JSON.stringify(s.box)}`,
          ).toBe(false);
      }, 120_000);
});
