// Accounts in a real browser against a real server: sign up, play a rated MatchMaster hand against
// a bot to the end, and see the rating on the profile and the leaderboard; a slow table (days per
// move) waits in the lobby's "Your turn" list, keeps its deadline through a server restart, and
// waits on a second device after logging in there.
// Screenshots of the new pages at desktop and phone width go to SCREENSHOT_DIR.
import { join } from 'node:path';
import type { CreateTableBody, CreateTableReply } from '@matchbox/client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from './harness.ts';
import { SCREENSHOT_DIR, TICKETS_KEY, startE2E } from './harness.ts';

const SHOTS = join(SCREENSHOT_DIR, 'account');
const PASSWORD = 'a long secret 42';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ ownServer: {} }); // it restarts its server
}, 300_000);
afterAll(async () => {
  await e2e?.close();
});

/** Creates a table from the page (with the member's session cookie) and keeps its seat, as the lobby does. */
async function createAsMember(page: Page, body: CreateTableBody): Promise<CreateTableReply> {
  // The body goes as text: the page's evaluate typing cannot take the body's deep type.
  const text = await page.evaluate(
    async ([key, json, game]) => {
      const response = await fetch('/api/tables', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: json,
      });
      const reply = (await response.json()) as { ticket: unknown };
      const list = JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[];
      localStorage.setItem(key, JSON.stringify([...list, { ...(reply.ticket as object), game }]));
      return JSON.stringify(reply);
    },
    [TICKETS_KEY, JSON.stringify(body), body.game] as const,
  );
  return JSON.parse(text) as CreateTableReply;
}

async function signUp(page: Page, name: string): Promise<void> {
  await page.goto(`${e2e.url}/`);
  await page.getByTestId('log-in').click();
  await page.waitForURL(/\/login$/);
  await page.locator('[role="tab"][data-mode="signup"]').click();
  await page.locator('input[name="name"]').fill(name);
  await page.locator('input[name="password"]').fill('short');
  await page.locator('form button[type="submit"]').click();
  // A weak password is refused in words, and nothing is created.
  await expect.poll(() => page.locator('.error').textContent()).toMatch(/at least 8 characters/);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(new RegExp(`/players/${name}$`));
  await expect.poll(() => page.getByTestId('account-name').textContent()).toBe(name);
}

/** Plays this seat's bids and cards (the first offered) until the game is over. */
async function playToTheEnd(page: Page): Promise<void> {
  for (let guard = 0; guard < 40; guard++) {
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
      { timeout: 60_000, polling: 50 },
    );
    const turn = (await handle.jsonValue()) as string;
    if (turn === 'over') return;
    const before = await page.getAttribute('.mm-board', 'data-position');
    if (turn === 'bid') await page.locator('.mm-bid-option').first().click();
    else await page.locator('.mm-cards button.mm-card[data-playable="true"]').first().click();
    await page.waitForFunction(
      (b) => document.querySelector('.mm-board')?.getAttribute('data-position') !== b,
      before,
      { timeout: 60_000, polling: 50 },
    );
  }
  throw new Error('the game did not end');
}

describe('accounts, ratings and slow games in the browser', () => {
  it('a member plays a rated game against a bot and its rating changes', async () => {
    const page = await e2e.newPage('desktop');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signUp(page, 'Ada');
    // Before any game: no rating on the profile; the bots are on the leaderboard from the start.
    await expect.poll(() => page.locator('.profile').textContent()).toContain('No rated games yet');
    await page.goto(`${e2e.url}/leaderboard/matchmaster`);
    const easyBot = page.locator('tr[data-kind="bot"][data-name="easy"]');
    await easyBot.waitFor();
    expect(await easyBot.locator('td').nth(3).textContent()).toBe('0');
    expect(await page.locator('tr[data-kind="bot"]').count()).toBe(5);

    const { table } = await createAsMember(page, {
      game: 'matchmaster',
      players: 2,
      name: 'Ada',
      botLevel: 'easy',
    });
    // Only the standard game moves a rating (13 hands, 7..1..7): its first twelve hands are played
    // on the server, the last one in the browser.
    await e2e.advance(table.id, 0, (s: { handIndex: number }) => s.handIndex >= 12);
    await page.goto(`${e2e.url}/t/${table.id}`);
    await page.waitForSelector('.mm-board');
    await playToTheEnd(page);

    // The profile shows the new rating (recorded as the game ended) and the game in the history.
    await page.goto(`${e2e.url}/players/Ada`);
    const row = page.locator('.ratings tr[data-game="matchmaster"]');
    await expect
      .poll(
        async () => {
          if ((await row.count()) === 0) {
            await page.reload();
            await page.locator('.profile').waitFor();
          }
          return row.count();
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(1);
    // On the players' scale (a whole number, shown with the language's digit grouping): a new member
    // starts at 860.
    const digits = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));
    const rating = digits(await row.locator('.rating').textContent());
    expect(rating).toBeGreaterThan(0);
    expect(rating).not.toBe(860);
    expect(await row.locator('td').nth(2).textContent()).toBe('1');
    expect(await page.locator(`.history li[data-table="${table.id}"]`).textContent()).toMatch(
      /Rating 860 → \d/,
    );
    expect(await page.locator('.stats[data-game="matchmaster"]').textContent()).toMatch(/Hands13/);
    await e2e.screenshot(page, join(SHOTS, 'profile-desktop.png'));

    // The leaderboard counts the bot's game; the member is ranked only after rated games against 5
    // different members (bots do not count: docs/server.md, "Accounts, ratings and slow games").
    await page.goto(`${e2e.url}/leaderboard/matchmaster`);
    await easyBot.waitFor();
    expect(await easyBot.locator('td').nth(3).textContent()).toBe('1');
    expect(await page.locator('tr[data-kind="account"][data-name="Ada"]').count()).toBe(0);
    await e2e.screenshot(page, join(SHOTS, 'leaderboard-desktop.png'));
    expect(errors).toEqual([]);
  }, 120_000);

  it('a slow table waits in "Your turn", on a second device too', async () => {
    const page = await e2e.newPage('desktop');
    await signUp(page, 'Bea');
    const slow = await createAsMember(page, {
      game: 'matchmaster',
      players: 2,
      name: 'Bea',
      seats: [{ kind: 'open' }, { kind: 'open' }],
      clockSeconds: 3 * 86_400,
    });
    await e2e.client.join(slow.table.id, { name: 'Cleo', invite: slow.invite });
    await page.goto(`${e2e.url}/`);
    const waiting = page.locator(`.your-turn li[data-table="${slow.table.id}"]`);
    await waiting.waitFor();
    expect(await waiting.textContent()).toMatch(/clock runs out in 3 days/);
    await e2e.screenshot(page, join(SHOTS, 'lobby-your-turn-desktop.png'), false);

    // The server restarts: the table and its clock come back with the same deadline, not a new one.
    const ask = async () =>
      (await e2e.client.lobby([{ tableId: slow.table.id, token: slow.ticket!.token }])).mine[0]?.deadlineAt;
    // After a restart the first call may go out on a kept-alive connection to the old process
    // ("other side closed"): a client tries again once, as a browser does.
    const deadline = async () => {
      try {
        return await ask();
      } catch {
        return ask();
      }
    };
    const before = await deadline();
    expect(before).toBeGreaterThan(Date.now() + 2 * 86_400_000);
    await e2e.restart();
    expect(await deadline()).toBe(before);
    await page.reload();
    await waiting.waitFor();
    expect(await waiting.textContent()).toMatch(/clock runs out in 3 days/);

    // The same member on a phone: after logging in, the table is there, in German too.
    const phone = await e2e.newPage('phone', 'de-DE');
    await phone.goto(`${e2e.url}/login`);
    await phone.locator('input[name="name"]').fill('bea');
    await phone.locator('input[name="password"]').fill(PASSWORD);
    await e2e.screenshot(phone, join(SHOTS, 'login-phone-de.png'));
    await phone.locator('form button[type="submit"]').click();
    await phone.waitForURL(/\/players\/Bea$/);
    await phone.locator('.profile').waitFor();
    await e2e.screenshot(phone, join(SHOTS, 'profile-phone-de.png'));
    await phone.goto(`${e2e.url}/`);
    const there = phone.locator(`.your-turn li[data-table="${slow.table.id}"]`);
    await there.waitFor();
    expect(await there.textContent()).toMatch(/Zeit läuft ab in 3 Tagen/);
    await e2e.screenshot(phone, join(SHOTS, 'lobby-top-phone-de.png'), false);
    await there.screenshot({ path: join(SHOTS, 'lobby-your-turn-phone-de.png') });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await phone.goto(`${e2e.url}/leaderboard/matchmaster`);
    await phone.locator('tr[data-kind="bot"]').first().waitFor();
    await e2e.screenshot(phone, join(SHOTS, 'leaderboard-phone-de.png'));
    // Opening it on the phone takes the member's seat: it is asked for its bid.
    await phone.goto(`${e2e.url}/t/${slow.table.id}`);
    await phone.waitForSelector('.mm-board[data-my-turn="bid"]');
    // The turn line gives the slow clock in days, not seconds.
    await expect.poll(() => phone.locator('.deadline').textContent()).toMatch(/Zeit läuft ab in 3 Tagen/);
  }, 120_000);
});
