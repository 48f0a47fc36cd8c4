// The table's pause after a MatchMaster hand in real browsers (#33), on a server of the file's own
// with an 8 s pause (the shared server has none): the hand just scored stands in the middle of
// the felt at 1280x800 and 360x740 (`table-matchmaster-pause-<size>.png`), the bots bid the next
// hand only once the pause is over, and then the summary leaves the felt.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from './harness.ts';
import { SCREENSHOT_DIR, startE2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ ownServer: { tablePauseMs: 8000 } });
}, 300_000);
afterAll(async () => {
  await e2e?.close();
});

interface MmState {
  handIndex: number;
  bids: Int8Array;
}

const bidsOf = async (id: string) => [...((await e2e.inspect(id)).state as MmState).bids];

describe("the table's pause after a hand", () => {
  it('shows the hand in the middle of the felt, and the bots wait for it', async () => {
    const made = await e2e.createTable({
      game: 'matchmaster',
      players: 3,
      name: 'Ada',
      options: { handSizes: [2, 2, 2] },
      seats: [{ kind: 'open' }, { kind: 'bot', level: 'easy' }, { kind: 'bot', level: 'easy' }],
    });
    const id = made.table.id;
    const desktop = await e2e.newPage('desktop', 'en-GB', { motion: true });
    const phone = await e2e.samePerson(desktop);
    await phone.setViewportSize({ width: 360, height: 740 });
    await e2e.advance(id, 0, (s: MmState) => s.handIndex >= 1);
    const started = Date.now();
    const open = async (page: Page, size: string) => {
      await e2e.openAs(page, made.ticket!);
      await page.waitForSelector('[data-testid="felt-summary"]');
      await e2e.settle(page);
      await e2e.screenshot(page, `${SCREENSHOT_DIR}/table-matchmaster-pause-${size}.png`, false);
    };
    await Promise.all([open(desktop, 'desktop'), open(phone, 'phone')]);
    expect(await desktop.textContent('[data-testid="felt-summary"]')).toContain('Hand 1: the score');
    // The pause is on: the bots have not bid the second hand yet.
    if (Date.now() - started < 6000) expect((await bidsOf(id)).slice(1)).toEqual([-1, -1]);
    await desktop.waitForSelector('[data-testid="felt-summary"]', { state: 'detached', timeout: 15_000 });
    await desktop.waitForFunction(() => document.querySelectorAll('.mm-seat-bid-hidden').length === 2);
    expect((await bidsOf(id)).slice(1).every((b) => b >= 0)).toBe(true);
  }, 90_000);
});
