// Pairing in a real browser (docs/server.md, "Pairing"): two people press MatchMaster's "Play
// now" two seconds apart; both see the wait with its countdown and each other, and sit at the same
// table when it starts; a third, after the start, takes over a bot at the next hand; a person
// alone on another game starts with bots before the countdown ends; a person who closes the page
// while waiting leaves the pool.
// A server of the file's own, with pairing's countdown (the shared one runs without).
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from './harness.ts';
import { SCREENSHOT_DIR, startE2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ ownServer: { pairingCountdownMs: 10_000 } });
});
afterAll(async () => {
  await e2e?.close();
});

/** A person in the lobby, with a name. */
async function openLobby(page: Page, name: string): Promise<void> {
  await page.goto(e2e.url + '/');
  await page.waitForSelector('.game-card');
  await page.fill('input[autocomplete="nickname"]', name);
}

/** The person presses the game's "Play now" and sees the wait. */
async function pressPlayNow(page: Page, game: string): Promise<void> {
  await page.click(`button[data-mode="${game}"]`);
  await page.waitForSelector('.play-now-wait');
}

const tableOf = (page: Page) => new URL(page.url()).pathname;

/** Plays the first legal move of `seats` at the table (in the server's process) until `done`. */
async function playUntil(tableId: string, seats: readonly number[], done: () => boolean): Promise<void> {
  const service = e2e.server.service;
  for (let i = 0; i < 2_000 && !done(); i++) {
    let moved = false;
    for (const seat of seats) {
      const legal = service.current(tableId, seat)?.legal ?? [];
      if (legal.length > 0) moved = (await service.act(tableId, seat, legal[0]!.text, 'human')).ok || moved;
    }
    if (!moved) await new Promise((r) => setTimeout(r, 50));
  }
}

describe('pairing', () => {
  it('seats two people who pressed Play now two seconds apart at one table', async () => {
    const anna = await e2e.newPage('desktop');
    const ben = await e2e.newPage('phone', 'de-DE');
    await openLobby(anna, 'Anna');
    await openLobby(ben, 'Ben');
    const pressed = Date.now();
    await pressPlayNow(anna, 'matchmaster');
    await new Promise((r) => setTimeout(r, 2_000 - (Date.now() - pressed)));
    await pressPlayNow(ben, 'matchmaster');
    // Both see the wait: the countdown Anna started, and both names.
    for (const page of [anna, ben])
      await expect.poll(() => page.locator('.play-now-people li').count()).toBe(2);
    expect(await anna.locator('.play-now-people').innerText()).toContain('Ben');
    expect(await ben.locator('.play-now-wait').innerText()).toContain('Mit Bots starten');
    const seconds = Number((await anna.locator('.play-now-countdown').innerText()).match(/\d+/)?.[0]);
    expect(seconds).toBeGreaterThan(0);
    // Not restarted by Ben, who came about 2 s later (a restart would read 10 again); Anna's own
    // seek may have reached the server a moment after her press.
    expect(seconds).toBeLessThan(10);
    await e2e.screenshot(anna, join(SCREENSHOT_DIR, 'pairing-wait-desktop.png'), false);
    await e2e.screenshot(ben, join(SCREENSHOT_DIR, 'pairing-wait-phone-de.png'), false);
    // The countdown ends: both open the same table, at seats of their own, with bots at the rest.
    await anna.waitForURL(/\/t\/[A-Za-z0-9_-]+$/, { timeout: 20_000 });
    await ben.waitForURL(/\/t\/[A-Za-z0-9_-]+$/, { timeout: 20_000 });
    expect(tableOf(anna)).toBe(tableOf(ben));
    const table = await e2e.client.table(tableOf(anna).slice(3));
    expect(table.seats.map((s) => (s.kind === 'human' ? s.name : s.kind))).toEqual([
      'Anna',
      'Ben',
      'bot',
      'bot',
    ]);
    await anna.locator('.mm-board').first().waitFor({ timeout: 30_000 });
    await ben.locator('.mm-board').first().waitFor({ timeout: 30_000 });

    // A third person presses Play now after the start: no pool is open, so Cleo takes over a bot
    // of this table when its next hand is dealt, and the table shows her name.
    const cleo = await e2e.newPage('desktop');
    await openLobby(cleo, 'Cleo');
    await pressPlayNow(cleo, 'matchmaster');
    expect(await cleo.getAttribute('.play-now-wait', 'data-pairing')).toBe('claimed');
    const id = tableOf(anna).slice(3);
    await playUntil(id, [0, 1], () => cleo.url().includes(id));
    await cleo.waitForURL(/\/t\/[A-Za-z0-9_-]+$/, { timeout: 20_000 });
    expect(tableOf(cleo)).toBe(tableOf(anna));
    await cleo.locator('.mm-board').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => anna.locator('.seat-list').innerText(), { timeout: 20_000 }).toContain('Cleo');
    // Anna's table tells her, with Cleo's name and face.
    await expect.poll(() => anna.locator('.take-over-notice').innerText()).toContain('Cleo joins the table');
    await expect
      .poll(() => ben.locator('.take-over-notice').innerText())
      .toContain('Cleo kommt an den Tisch');
    await anna.locator('.take-over-notice').scrollIntoViewIfNeeded();
    await ben.locator('.take-over-notice').scrollIntoViewIfNeeded();
    await e2e.screenshot(anna, join(SCREENSHOT_DIR, 'pairing-take-over-desktop.png'), false);
    await e2e.screenshot(ben, join(SCREENSHOT_DIR, 'pairing-take-over-phone-de.png'), false);
    const after = await e2e.client.table(id);
    expect(after.seats.filter((s) => s.kind === 'human').map((s) => s.name)).toEqual(['Anna', 'Ben', 'Cleo']);
    for (const page of [anna, ben, cleo]) await page.context().close();
  });

  it('starts a lone person at once with "Start with bots", and Cancel leaves the pool', async () => {
    const cleo = await e2e.newPage('desktop');
    await openLobby(cleo, 'Cleo');
    await pressPlayNow(cleo, 'match');
    await cleo.click('.play-now-buttons .button:not(.primary)');
    await cleo.waitForSelector('.play-now-wait', { state: 'detached' });
    expect(await cleo.locator('button[data-mode="match"]').isEnabled()).toBe(true);
    await cleo.click('button[data-mode="match"]');
    await cleo.waitForSelector('.play-now-wait');
    const started = Date.now();
    await cleo.click('.play-now-buttons .button.primary');
    await cleo.waitForURL(/\/t\/[A-Za-z0-9_-]+$/, { timeout: 20_000 });
    expect(Date.now() - started).toBeLessThan(8_000);
    await cleo.locator('.ma-board').first().waitFor({ timeout: 30_000 });
    await cleo.context().close();
  });

  it('a person who closes the page while waiting leaves the pool and is not seated', async () => {
    // A game no other test here plays: no running table of its own whose bots a seek would take over.
    const dora = await e2e.newPage('desktop');
    await openLobby(dora, 'Dora');
    await pressPlayNow(dora, 'matchet');
    const browser = await dora.evaluate(() => localStorage.getItem('matchbox.browser'));
    await dora.close();
    // The closing page said so (pagehide, a keepalive request): the seek is marked.
    const mark = async () =>
      (
        await e2e.server.db
          .selectFrom('pairing_seekers')
          .select('leaving_at')
          .where('person', '=', `g:${browser}`)
          .executeTakeFirst()
      )?.leaving_at ?? null;
    await expect.poll(mark, { timeout: 10_000 }).not.toBeNull();
    // Another person's wait does not list Dora, and the table starts without her.
    const eli = await e2e.newPage('desktop');
    await openLobby(eli, 'Eli');
    await pressPlayNow(eli, 'matchet');
    await expect.poll(() => eli.locator('.play-now-people li').count()).toBe(1);
    expect(await eli.locator('.play-now-people').innerText()).not.toContain('Dora');
    await eli.click('.play-now-buttons .button.primary');
    await eli.waitForURL(/\/t\/[A-Za-z0-9_-]+$/, { timeout: 20_000 });
    const table = await e2e.client.table(tableOf(eli).slice(3));
    expect(table.seats.filter((s) => s.kind === 'human').map((s) => s.name)).toEqual(['Eli']);
    expect(await e2e.server.pairing.status(`g:${browser}`)).toMatchObject({
      ok: false,
      error: { code: 'not_seeking' },
    });
    await eli.context().close();
  });
});
