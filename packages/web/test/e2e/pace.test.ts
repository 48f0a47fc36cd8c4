// The pace of a MatchMaster table in a real browser (Chromium) at 1280x800 and 360x740: the last
// trick of a hand stays in the middle for a moment while the hand's summary (who bid what, who
// made it, the points) stands beside it, and the two never overlap; then the trick is gathered to
// its winner and the next bid is offered with the summary, the hand and the bid buttons on one
// screen. `table-matchmaster-summary-<size>.png` shows the finished trick with the summary (and a
// word in the chat); MATCHBOX_SCREENSHOTS=1 writes them to docs/screenshots. And faces: a friend
// picks an animal on the invitation page and wears it on the felt, shown here, then away. Every
// deal moves (MatchMaster's hand, Sweet16's grid, MATCHET's tiles), at once with reduced motion. The server's bots
// answer at once (the harness's bots have no pace): every wait below is for a state.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Box, E2E, ViewportName } from './harness.ts';
import { SCREENSHOT_DIR, VIEWPORTS, overlap, startE2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 300_000);
afterAll(async () => {
  await e2e?.close();
});

const inside = (b: Box, size: { width: number; height: number }): boolean =>
  b.top >= 0 && b.left >= 0 && b.bottom <= size.height && b.right <= size.width;

/** Waits until this seat is to bid or to play. */
async function waitForMyTurn(page: Page, turn: 'bid' | 'play'): Promise<void> {
  await page.waitForSelector(`.mm-board[data-my-turn="${turn}"]:not([aria-busy="true"])`, {
    timeout: 60_000,
  });
}

describe('the pace of a MatchMaster table', () => {
  for (const players of [4, 7])
    for (const size of Object.keys(VIEWPORTS) as ViewportName[])
      it(`${players} players at ${size}: a finished trick and the summary do not overlap`, async () => {
        const { table, ticket } = await e2e.createTable({
          game: 'matchmaster',
          players,
          options: { handSizes: [1, 2] },
          botLevel: 'random',
          name: 'Ada',
        });
        const page = await e2e.newPage(size);
        try {
          await e2e.openAs(page, ticket!);
          await waitForMyTurn(page, 'bid');
          await page.locator('.mm-bid-option').first().click();
          // Ada's one card; the bots finish the trick, and the hand is over.
          await waitForMyTurn(page, 'play');
          // By keyboard (a click may scroll the page while the raised card still moves).
          await page.locator('.mm-cards button.mm-card[data-playable="true"]').first().press('Enter');
          // The finished trick (every seat's card, its winner marked) and the summary, on screen together.
          const seen = await page.waitForFunction(
            (n) => {
              const rect = (el: Element): Box => {
                const r = el.getBoundingClientRect();
                return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
              };
              const cards = [...document.querySelectorAll('.mm-trick[data-done="true"] .mm-trick-card')];
              const summary = document.querySelector('.mm-summary');
              if (cards.length !== n || !summary) return null;
              return {
                cards: cards.map(rect),
                summary: rect(summary),
                hand: rect(document.querySelector('.mm-cards')!),
                winner: document.querySelectorAll('.mm-trick-card--winner').length,
              };
            },
            players,
            { timeout: 30_000, polling: 'raf' },
          );
          const at = (await seen.jsonValue())!;
          expect(at.winner).toBe(1);
          for (const card of at.cards) {
            expect(overlap(card, at.summary), `a trick card ${JSON.stringify(card)} under the summary`).toBe(
              false,
            );
            expect(inside(card, VIEWPORTS[size]), 'the trick on screen').toBe(true);
          }
          expect(overlap(at.hand, at.summary), 'the summary over the hand').toBe(false);
          expect(inside(at.summary, VIEWPORTS[size]), 'the summary on screen').toBe(true);
          // The summary says who bid what, who made it and the points, for every seat.
          const rows = await page.$$eval('.mm-summary-row', (els) =>
            els.map((e) => e.getAttribute('aria-label')),
          );
          expect(rows).toHaveLength(players);
          for (const row of rows)
            expect(row).toMatch(/^.+: bid \d, won \d, (made it|missed), [+-]?\d+ points, total -?\d+$/);
          // A word in the chat, for the picture of a table with friends.
          const friend = e2e.client.connect(table.id, ticket!.token);
          await friend.ready;
          expect((await friend.say({ phrase: 'well_played' })).ok).toBe(true);
          friend.close();
          await page.waitForSelector('.chat-line');
          if (await page.locator('.mm-trick[data-done="true"]').count())
            await e2e.screenshot(
              page,
              join(SCREENSHOT_DIR, `table-matchmaster-summary${players === 7 ? '-7' : ''}-${size}.png`),
              false,
            );
          // Then the trick is gathered to its winner, and the next bid is offered beside the summary:
          // the summary, the hand and the bid buttons on one screen.
          await page.waitForSelector('.mm-trick:not([data-done])', { timeout: 10_000 });
          await waitForMyTurn(page, 'bid');
          expect(await page.getAttribute('.mm-board', 'data-hand')).toBe('2');
          await e2e.settle(page);
          for (const part of ['.mm-summary', '.mm-bid', '.mm-cards', '.mm-trick']) {
            const b = await page.$eval(part, (el) => {
              const r = el.getBoundingClientRect();
              return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
            });
            expect(inside(b, VIEWPORTS[size]), `${part} ${JSON.stringify(b)} on screen`).toBe(true);
          }
          expect(await page.evaluate(() => window.scrollY)).toBe(0);
          // Bidding ends the summary: play begins once every bid is in.
          await page.locator('.mm-bid-option').first().click();
          await page.waitForSelector('.mm-board[data-phase="play"]');
          expect(await page.locator('.mm-summary').count()).toBe(0);
        } finally {
          await page.context().close();
        }
      }, 120_000);
});

describe('reduced motion', () => {
  it('deals the hand at once when the system asks for less motion (every board animation lasts 1 ms)', async () => {
    const { ticket } = await e2e.createTable({ game: 'matchmaster', players: 4, name: 'Ada' });
    const page = await e2e.newPage('phone');
    try {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await e2e.openAs(page, ticket!);
      await page.waitForSelector('.mm-board[data-my-turn="bid"] .mm-card');
      const durations = await page.$eval('.mm-card', (el) => {
        const style = getComputedStyle(el);
        return [style.animationName, style.animationDuration];
      });
      expect(durations).toEqual(['mm-deal', '0.001s']);
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      expect(await page.$eval('.mm-card', (el) => getComputedStyle(el).animationDuration)).toBe('0.28s');
    } finally {
      await page.context().close();
    }
  });

  // Sweet16's grid and MATCHET's hand are dealt too: with motion, card after card; with less, at once.
  const DEALS = [
    { game: 'sweet16', players: 3, part: '.s16-gridcell', name: 's16-deal', time: '0.3s' },
    { game: 'matchet', players: 3, part: '.mt-tray > .mt-tile-btn', name: 'mt-deal', time: '0.28s' },
  ] as const;
  for (const deal of DEALS)
    it(`deals ${deal.game} with motion, and at once when the system asks for less`, async () => {
      const { ticket } = await e2e.createTable({ game: deal.game, players: deal.players, name: 'Ada' });
      const page = await e2e.newPage('phone');
      try {
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await e2e.openAs(page, ticket!);
        await page.waitForSelector(deal.part);
        const timing = (sel: string) =>
          page.$$eval(sel, (els) =>
            els.map((el) => {
              const style = getComputedStyle(el);
              return [style.animationName, style.animationDuration, style.animationDelay].join(' ');
            }),
          );
        const reduced = await timing(deal.part);
        expect(reduced.length).toBeGreaterThan(1);
        for (const t of reduced) expect(t).toBe(`${deal.name} 0.001s 0s`);
        await page.emulateMedia({ reducedMotion: 'no-preference' });
        const moving = await timing(deal.part);
        expect(moving[0]).toBe(`${deal.name} ${deal.time} 0s`);
        // One after another: each later card waits longer.
        const delays = moving.map((t) => parseFloat(t.split(' ')[2]!));
        expect(delays[1]).toBeGreaterThan(delays[0]!);
        expect(new Set(delays).size).toBe(delays.length);
      } finally {
        await page.context().close();
      }
    });
});

describe('faces at the table', () => {
  it('a friend picks a face on the invitation page and wears it on the felt, here or away', async () => {
    const made = await e2e.createTable({
      game: 'matchmaster',
      players: 3,
      name: 'Ada',
      seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'bot', level: 'random' }],
    });
    const ada = await e2e.newPage('desktop');
    const bea = await e2e.newPage('phone');
    try {
      await e2e.openAs(ada, made.ticket!);
      // Bea follows the invitation, picks the owl and sits down.
      await bea.goto(`/join/${made.table.id}?invite=${made.invite}`);
      await bea.locator('.avatar-field summary').click();
      await bea.getByRole('button', { name: /owl/i }).click();
      await bea.locator('.join-form input').fill('Bea');
      await bea.locator('.join-form button[type="submit"]').click();
      await bea.waitForSelector('.mm-board');
      // Both see her owl on her seat, Ada here on hers, and the bot with its own face.
      for (const page of [ada, bea]) {
        await page.waitForSelector('.mm-seat[data-seat="0"][data-presence="here"] [data-avatar]');
        await page.waitForSelector('.mm-seat[data-seat="1"][data-presence="here"] [data-avatar="owl"]');
        expect(await page.getAttribute('.mm-seat[data-seat="2"]', 'data-presence')).toBe('bot');
        expect(await page.locator('.mm-seat[data-seat="2"] [data-avatar]').count()).toBe(1);
      }
      // Bea closes her tab: Ada sees her seat away (soon played by a stand-in: the test server's
      // grace is 2 s), still with Bea's face.
      await bea.context().close();
      await ada.waitForSelector('.mm-seat[data-seat="1"][data-presence="away"]', { timeout: 30_000 });
      expect(await ada.getAttribute('.mm-seat[data-seat="1"]', 'aria-label')).toMatch(
        /^Bea, (away from the table|gone: a stand-in plays)/,
      );
      expect(await ada.locator('.mm-seat[data-seat="1"] [data-avatar]').count()).toBe(1);
    } finally {
      await ada.context().close();
      await bea
        .context()
        .close()
        .catch(() => undefined);
    }
  }, 120_000);
});

describe('the end of a round and of a game', () => {
  for (const size of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`MATCH! at ${size}: the round summary stands before the next round is played`, async () => {
      const { table, ticket } = await e2e.createTable({
        game: 'match',
        players: 3,
        botLevel: 'random',
        name: 'Ada',
      });
      const page = await e2e.newPage(size);
      try {
        await e2e.openAs(page, ticket!);
        await page.waitForSelector('.ma-board');
        // The first round played on the server while the page watches.
        await e2e.advance(table.id, 0, (s: { round: number }) => s.round >= 2);
        const summary = page.locator('.ma-round-summary');
        await summary.waitFor({ timeout: 30_000 });
        expect(await summary.getAttribute('data-round')).toBe('1');
        expect(await summary.locator('h3').textContent()).toMatch(/^Round 1 is over: .+ ended it$/);
        expect(await summary.locator('li').count()).toBe(3);
        await page.waitForSelector('.turn-mine');
        await e2e.settle(page);
        await e2e.screenshot(page, join(SCREENSHOT_DIR, `table-match-round-${size}.png`), false);
        // The summary, the hand and the pile on one screen.
        for (const part of ['.ma-round-summary', '.ma-hand', '.ma-pile']) {
          const b = await page.$eval(part, (el) => {
            const r = el.getBoundingClientRect();
            return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
          });
          expect(inside(b, VIEWPORTS[size]), `${part} ${JSON.stringify(b)} on screen`).toBe(true);
        }
        // Put away, it is gone.
        await summary.getByRole('button').click();
        expect(await page.locator('.ma-round-summary').count()).toBe(0);
      } finally {
        await page.context().close();
      }
    }, 180_000);

    it(`Sweet16 duel at ${size}: the end says why the game ended`, async () => {
      const { table, ticket } = await e2e.createTable({
        game: 'sweet16',
        players: 2,
        options: { mode: 'duel' },
        botLevel: 'random',
        name: 'Ada',
      });
      const page = await e2e.newPage(size);
      try {
        await e2e.openAs(page, ticket!);
        await page.waitForSelector('.s16-grid');
        await e2e.advance(table.id, 0, () => false);
        const ended = page.locator('.s16-ended');
        await ended.waitFor({ timeout: 30_000 });
        expect(await ended.getAttribute('data-ended')).toMatch(/^(both_passed|turn_limit)$/);
        expect(await ended.textContent()).toMatch(
          /It ended (because both players passed in a row|at the turn limit)/,
        );
        await e2e.settle(page);
        await e2e.screenshot(page, join(SCREENSHOT_DIR, `table-sweet16-duel-over-${size}.png`), false);
      } finally {
        await page.context().close();
      }
    }, 180_000);
  }
});
