// A real-time table never waits (#32), in two real browsers: one person closes the page, the other
// sits idle at a 5 s clock; the table moves on by itself, each page shows the stand-in at its seat
// as such (the players panel and the felt), and each person gets the seat back on return: by
// reopening the page, or with "Take my seat back". `stand-in-desktop.png` and `stand-in-phone.png`
// show seats played by stand-ins. The file has a server of its own, with the shared server's 2 s
// grace but bots at a player's pace: with bots at once (the shared server's) the stand-ins of two
// absent people play a 13-hand game to its end in a few seconds, before anyone could come back.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from './harness.ts';
import { SCREENSHOT_DIR, startE2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ ownServer: { botPaceMs: 400, standInGraceMs: 2000, abandonAfterMs: 60_000 } });
}, 300_000);
afterAll(async () => {
  await e2e?.close();
});

/** What the players panel says of a seat ("here", "gone: a stand-in plays", ...). */
const seatState = (page: Page, seat: number) => page.textContent(`.seat[data-seat="${seat}"] .seat-state`);

/** Waits until the players panel says `words` of the seat. */
async function seatSays(page: Page, seat: number, words: string, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    ([s, w]) => document.querySelector(`.seat[data-seat="${s}"] .seat-state`)?.textContent === w,
    [seat, words] as const,
    { timeout },
  );
}

/** Waits until the felt's chip of the seat shows (or no longer shows) its stand-in. */
async function chipStandIn(page: Page, seat: number, shown: boolean): Promise<void> {
  await page.waitForFunction(
    ([s, want]) => (document.querySelector(`[data-seat-chip="${s}"] .stand-in-mark`) !== null) === want,
    [seat, shown] as const,
    { timeout: 30_000 },
  );
}

describe('stand-ins and the turn clock in the browser', () => {
  it('a closed page and an idle person: the table moves on, shows its stand-ins, and gives each seat back', async () => {
    const made = await e2e.createTable({
      game: 'matchmaster',
      players: 3,
      name: 'Ada',
      seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'bot', level: 'easy' }],
      clockSeconds: 5,
    });
    const id = made.table.id;
    const bob = await e2e.client.join(id, { name: 'Bob', invite: made.invite });
    const ada = await e2e.newPage('desktop');
    const bobPage = await e2e.newPage('phone');
    await e2e.openAs(ada, made.ticket!);
    await e2e.openAs(bobPage, bob);
    await seatSays(ada, 1, 'here');
    await ada.waitForSelector('.turn-clock');

    // Bob closes the page: after the grace a stand-in plays his seat, shown as such to Ada.
    const bobBrowser = bobPage.context();
    await bobPage.close();
    await seatSays(ada, 1, 'gone: a stand-in plays');
    await chipStandIn(ada, 1, true);
    const before = (await e2e.client.table(id)).version;

    // Ada never moves: her clock plays for her once, then a stand-in plays every turn of hers.
    await ada.waitForSelector('[data-testid="stand-in-notice"]', { timeout: 40_000 });
    expect(await ada.textContent('[data-testid="stand-in-notice"] p')).toBe(
      'Your time ran out twice in a row: a stand-in bot plays for you now.',
    );
    await seatSays(ada, 0, 'away: a stand-in plays');
    await chipStandIn(ada, 0, true);
    const summary = await e2e.client.table(id);
    expect(summary.status).toBe('playing');
    expect(summary.version).toBeGreaterThan(before);
    expect(summary.seats.map((s) => s.standIn ?? null)).toEqual(['away', 'absent', null]);
    await e2e.screenshot(ada, `${SCREENSHOT_DIR}/stand-in-desktop.png`, false);

    // Bob opens the table again: his seat is his at once, and he sees Ada's stand-in.
    const bobAgain = await bobBrowser.newPage();
    await bobAgain.goto(`${e2e.url}/t/${id}`);
    await seatSays(bobAgain, 1, 'here');
    await seatSays(bobAgain, 0, 'away: a stand-in plays');
    await chipStandIn(bobAgain, 0, true);
    await chipStandIn(bobAgain, 1, false);
    expect(await bobAgain.$('[data-testid="stand-in-notice"]')).toBeNull();
    await seatSays(ada, 1, 'here');
    await e2e.screenshot(bobAgain, `${SCREENSHOT_DIR}/stand-in-phone.png`, false);

    // Ada takes her seat back: the notice goes, and both pages show her seat as hers again.
    await ada.click('[data-testid="take-seat-back"]');
    await ada.waitForSelector('[data-testid="stand-in-notice"]', { state: 'detached' });
    await seatSays(ada, 0, 'here');
    await seatSays(bobAgain, 0, 'here');
    await chipStandIn(bobAgain, 0, false);
    expect(await seatState(ada, 1)).toBe('here');
    expect((await e2e.client.table(id)).seats.map((s) => s.standIn ?? null)).toEqual([null, null, null]);
  }, 120_000);
});
