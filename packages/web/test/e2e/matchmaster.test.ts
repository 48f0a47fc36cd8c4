// MatchMaster in a real browser against a real server: a whole short game against bots by
// clicking (three hands; the soak, MATCHBOX_SOAK=1, plays all thirteen of MM-2); two browser contexts at one table (the second joins by the invite link) bidding at
// the same time and playing to the end; one hand by keyboard only; and the table screen at
// desktop and phone sizes (MATCHBOX_SCREENSHOTS=1 writes them to docs/screenshots).
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

type Turn = 'bid' | 'play' | 'over';

/** This page's state: its turn (bid, play), the game over, or null while it waits. */
function turnOf(page: Page): Promise<Turn | null> {
  return page.evaluate(() => {
    const board = document.querySelector('.mm-board');
    if (!board) return null;
    if (board.getAttribute('data-phase') === 'over') return 'over';
    if (board.getAttribute('aria-busy') === 'true') return null;
    const mine = board.getAttribute('data-my-turn');
    return mine === 'bid' || mine === 'play' ? mine : null;
  });
}

/** Waits until the game is over or this seat may bid or play. */
async function waitForTurn(page: Page): Promise<Turn> {
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
    { timeout: 90_000, polling: 50 },
  );
  return (await handle.jsonValue()) as Turn;
}

const position = (page: Page): Promise<string | null> => page.getAttribute('.mm-board', 'data-position');

/** Waits until the board shows another position than `before`. */
async function moved(page: Page, before: string | null): Promise<void> {
  await page.waitForFunction(
    (b) => document.querySelector('.mm-board')?.getAttribute('data-position') !== b,
    before,
    { timeout: 60_000, polling: 50 },
  );
}

/** One bid or card by mouse: the n-th bid offered, or the first raised card. */
async function clickTurn(page: Page, turn: 'bid' | 'play', n = 0): Promise<string> {
  if (turn === 'bid') {
    const options = page.locator('.mm-bid-option');
    const count = await options.count();
    const option = options.nth(n % count);
    const bid = (await option.getAttribute('data-bid')) ?? '?';
    await option.click();
    return `bid ${bid}`;
  }
  const card = page.locator('.mm-cards button.mm-card[data-playable="true"]').first();
  const text = (await card.getAttribute('data-card')) ?? '?';
  await card.click();
  return text;
}

const totals = (page: Page): Promise<number[]> =>
  page.$$eval('.mm-pad tfoot td', (cells) => cells.map((c) => Number(c.textContent)));

const filledRows = (page: Page): Promise<number> =>
  page.$$eval('.mm-pad tbody tr', (rows) => rows.filter((r) => r.querySelector('.mm-pad-points')).length);

describe('MatchMaster in the browser', () => {
  it('plays a whole short game against bots by clicking', async () => {
    const page = await e2e.newPage('desktop');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const handSizes = SOAK ? [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7] : [2, 1, 2];
    const { ticket } = await e2e.createTable({
      game: 'matchmaster',
      players: 3,
      options: { handSizes },
      botLevel: 'random',
      name: 'Ada',
    });
    await e2e.openAs(page, ticket!);
    await page.waitForSelector('.mm-board');
    // The trump is always on screen.
    expect(await page.textContent('.mm-trump')).toMatch(/trump\s*dark orange/i);
    let actions = 0;
    let sawReveal = false;
    for (; actions < 200; actions++) {
      const turn = await waitForTurn(page);
      if (turn === 'over') break;
      const before = await position(page);
      await clickTurn(page, turn, actions);
      await moved(page, before);
      // The bots bid at once, so this seat's bid is the last: all bids turn up together.
      if (turn === 'bid' && (await page.locator('.mm-center-note--reveal').count()) > 0) sawReveal = true;
    }
    expect(await page.getAttribute('.mm-board', 'data-phase')).toBe('over');
    // a bid and the hand's cards per hand: 3 bids and 2 + 1 + 2 cards
    expect(actions).toBe(handSizes.length + handSizes.reduce((a, b) => a + b, 0));
    expect(sawReveal).toBe(true);
    expect(await filledRows(page)).toBe(handSizes.length);
    expect(await totals(page)).toHaveLength(3);
    expect(await page.textContent('.mm-head-status')).toContain('Game over');
    // The shell's log reads the events in words.
    await expect.poll(() => page.textContent('body')).toContain('Bids revealed:');
    expect(errors).toEqual([]);
  }, 600_000);

  it('two people at one table bid at the same time and play it out, with a bot in the third seat', async () => {
    const ada = await e2e.newPage('desktop');
    const bea = await e2e.newPage('phone');
    const errors: string[] = [];
    for (const p of [ada, bea]) p.on('pageerror', (e) => errors.push(e.message));
    const created = await e2e.createTable({
      game: 'matchmaster',
      players: 3,
      options: { handSizes: [2, 1] },
      seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'bot', level: 'random' }],
      name: 'Ada',
    });
    await e2e.openAs(ada, created.ticket!);
    // Bea follows the invite link and gives her name.
    await bea.goto(`${e2e.url}/join/${created.table.id}?invite=${created.invite}`);
    await bea.locator('form input').fill('Bea');
    await bea.locator('form button[type="submit"]').click();
    await bea.waitForSelector('.mm-board');
    await ada.waitForSelector('.mm-board');

    // Both are asked for a bid at the same time (the bot has bid already).
    await expect.poll(() => turnOf(ada)).toBe('bid');
    await expect.poll(() => turnOf(bea)).toBe('bid');
    // Bea's page carries none of Ada's cards.
    const adaCards = await ada.$$eval('.mm-cards [data-card]', (els) =>
      els.map((e) => e.getAttribute('data-card')),
    );
    expect(adaCards).toHaveLength(2);
    const beaHtml = await bea.content();
    for (const card of adaCards) expect(beaHtml).not.toContain(`data-card="${card}"`);

    // Ada bids 1 by typing the digit; Bea sees that Ada has bid, not how much.
    await ada.keyboard.press('1');
    await expect.poll(() => ada.textContent('.mm-bid-done')).toContain('Your bid: 1 trick');
    const adaSeatOnBea = bea.locator('.mm-seat[data-seat="0"]');
    await expect.poll(() => adaSeatOnBea.getAttribute('aria-label')).toMatch(/has bid/);
    expect(await adaSeatOnBea.getAttribute('aria-label')).not.toMatch(/bid 1/);
    expect(await turnOf(bea)).toBe('bid');

    // Bea bids 0: the bids are revealed to both at once.
    await bea.keyboard.press('0');
    await expect.poll(() => adaSeatOnBea.getAttribute('aria-label')).toMatch(/bid 1 trick/);
    await expect
      .poll(() => ada.locator('.mm-seat[data-seat="1"]').getAttribute('aria-label'))
      .toMatch(/bid 0 tricks/);
    expect(await ada.locator('.mm-center-note--reveal').count()).toBe(1);

    // Play both hands to the end, each page acting on its own turns.
    const pages = [ada, bea];
    let actions = 0;
    for (let guard = 0; guard < 2000; guard++) {
      const turns = await Promise.all(pages.map(turnOf));
      if (turns.every((t) => t === 'over')) break;
      const i = turns.findIndex((t) => t === 'bid' || t === 'play');
      if (i < 0) {
        await ada.waitForTimeout(50);
        continue;
      }
      const page = pages[i]!;
      const before = await position(page);
      await clickTurn(page, turns[i] as 'bid' | 'play', actions);
      await moved(page, before);
      actions++;
    }
    for (const p of pages) expect(await p.getAttribute('.mm-board', 'data-phase')).toBe('over');
    // hand 1: two cards each (the bids were above); hand 2: a bid and one card each
    expect(actions).toBe(2 * 2 + 2 * 2);
    expect(await totals(ada)).toEqual(await totals(bea));
    expect(await filledRows(bea)).toBe(2);
    expect(errors).toEqual([]);
  }, 600_000);

  it('hints a bid with the odds of each trick count, takes a bid back, and refuses undo once a card is revealed', async () => {
    const page = await e2e.newPage('desktop');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Two people, so that Ada's bid is not the last one (the last bid reveals them all, MM-4);
    // dealer Bob, so that Ada leads the first trick (MM-5).
    const created = await e2e.createTable({
      game: 'matchmaster',
      players: 2,
      options: { handSizes: [3], firstDealer: 1 },
      seats: [{ kind: 'open' }, { kind: 'open' }],
      name: 'Ada',
    });
    const id = created.table.id;
    const bob = await e2e.client.join(id, { name: 'Bob', invite: created.invite });
    const bobConn = e2e.client.connect(id, bob.token);
    await bobConn.ready;
    await e2e.openAs(page, created.ticket!);
    expect(await waitForTurn(page)).toBe('bid');

    // The hint: a bid marked on the board and the odds of winning 0 to 3 tricks with it.
    await page.getByRole('button', { name: 'Hint' }).click();
    const hint = page.getByTestId('hint');
    await hint.waitFor();
    const suggested = await hint.getAttribute('data-action');
    expect(suggested).toMatch(/^bid [0-3]$/);
    expect(await page.getByTestId('hint-odds').locator('li').count()).toBe(4);
    const percents = await page.getByTestId('hint-odds').locator('.hint-odds-p').allTextContents();
    expect(percents.every((p) => /^\d+\s?%$/.test(p))).toBe(true);
    const marked = page.locator(`.mm-bid-option[data-action="${suggested}"]`);
    expect(await marked.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('dashed');
    const other = page.locator(`.mm-bid-option:not([data-action="${suggested}"])`).first();
    expect(await other.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('dashed');

    // Ada bids 2, then takes it back: she is asked to bid again.
    let before = await position(page);
    await page.locator('.mm-bid-option[data-bid="2"]').click();
    await moved(page, before);
    const undo = page.getByRole('button', { name: 'Undo' });
    await undo.waitFor();
    before = await position(page);
    await undo.click();
    await moved(page, before);
    expect(await waitForTurn(page)).toBe('bid');
    await expect.poll(() => page.textContent('.side')).toContain('You take back bid 2.');
    expect(await undo.count()).toBe(0);

    // Ada bids 1, Bob bids: the bids are revealed, Ada leads a card.
    before = await position(page);
    await page.locator('.mm-bid-option[data-bid="1"]').click();
    await moved(page, before);
    expect((await bobConn.act('bid 1')).ok).toBe(true);
    expect(await waitForTurn(page)).toBe('play');
    before = await position(page);
    await clickTurn(page, 'play');
    await moved(page, before);
    // The card is revealed: no undo offered, and the server refuses one (issue 13).
    expect(await page.getByRole('button', { name: 'Undo' }).count()).toBe(0);
    const adaConn = e2e.client.connect(id, created.ticket!.token);
    await adaConn.ready;
    const refused = await adaConn.undo();
    expect(refused.ok ? 'undone' : refused.error.code).toBe('undo_after_reveal');
    for (const c of [adaConn, bobConn]) c.close();
    expect(errors).toEqual([]);
  }, 120_000);

  it('plays one hand by keyboard only: a digit to bid, arrows to choose, Enter to play', async () => {
    const page = await e2e.newPage('desktop');
    const { ticket } = await e2e.createTable({
      game: 'matchmaster',
      players: 3,
      options: { handSizes: [3] },
      botLevel: 'random',
      name: 'Ada',
    });
    await e2e.openAs(page, ticket!);
    await page.waitForSelector('.mm-board');
    expect(await waitForTurn(page)).toBe('bid');
    let before = await position(page);
    await page.keyboard.press('2');
    await moved(page, before);
    let plays = 0;
    for (let guard = 0; guard < 20; guard++) {
      const turn = await waitForTurn(page);
      if (turn === 'over') break;
      expect(turn).toBe('play');
      // Tab to the hand if the focus is elsewhere (the board focuses a playable card itself).
      for (let tab = 0; tab < 60; tab++) {
        if (await page.evaluate(() => document.activeElement?.classList.contains('mm-card') ?? false)) break;
        await page.keyboard.press('Tab');
      }
      for (let step = 0; step < 8; step++) {
        if (await page.evaluate(() => document.activeElement?.getAttribute('data-playable') === 'true'))
          break;
        await page.keyboard.press('ArrowRight');
      }
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-playable'))).toBe('true');
      before = await position(page);
      await page.keyboard.press('Enter');
      await moved(page, before);
      plays++;
    }
    expect(plays).toBe(3);
    expect(await page.getAttribute('.mm-board', 'data-phase')).toBe('over');
    expect(await filledRows(page)).toBe(1);
    // Ada's bid of 2 is on the pad.
    expect(await page.textContent('.mm-pad tbody tr:first-child td.mm-pad-cell')).toMatch(/2\/\d/);
  }, 600_000);

  it('shows the table at desktop and phone sizes', async () => {
    const page = await e2e.newPage('desktop');
    const { table, ticket } = await e2e.createTable({
      game: 'matchmaster',
      players: 4,
      botLevel: 'easy',
      name: 'Ada',
    });
    // The first three hands on the server, then on the page into the fourth hand (4 cards each),
    // to a trick where two cards lie and it is Ada's turn.
    await e2e.advance(table.id, 0, (s: { handIndex: number }) => s.handIndex >= 3);
    await e2e.openAs(page, ticket!);
    await page.waitForSelector('.mm-board');
    for (let actions = 0; actions < 400; actions++) {
      const turn = await waitForTurn(page);
      if (turn === 'over') break;
      const hand = Number(await page.getAttribute('.mm-board', 'data-hand'));
      const played = await page.locator('.mm-trick-card').count();
      const illegal = await page.locator('.mm-card--illegal').count();
      if (hand >= 4 && turn === 'play' && played >= 2 && illegal > 0) break;
      const before = await position(page);
      await clickTurn(page, turn, actions + 1);
      await moved(page, before);
    }
    await e2e.settle(page, '.mm-center-note--banner'); // the banners have passed
    await page.mouse.move(0, 0);
    // Hover a dimmed card, to show its reason.
    const dimmed = page.locator('.mm-card--illegal').first();
    if ((await dimmed.count()) > 0) await dimmed.hover();
    // And the hint, marked on the hand.
    await page.getByRole('button', { name: 'Hint' }).click();
    await page.getByTestId('hint').waitFor();
    await e2e.screenshot(page, join(SHOTS, 'matchmaster-desktop.png'));
    const phone = await e2e.newPage('phone');
    await e2e.openAs(phone, ticket!);
    await phone.waitForSelector('.mm-board');
    await e2e.settle(phone, '.mm-center-note--banner');
    await e2e.screenshot(phone, join(SHOTS, 'matchmaster-phone.png'), false);
    // Nothing is wider than the phone.
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }, 600_000);
});
