// Chat at a table in two real browsers (Chromium) against a real server: a line typed in one
// browser appears in the other and after a reload, a quick phrase reads in each reader's language,
// and a browser whose person left the seat neither hears the next line nor can post.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from './harness.ts';
import { SCREENSHOT_DIR, VIEWPORTS, startE2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 300_000);
afterAll(async () => {
  await e2e?.close();
});

/** Each chat line as a reader reads it: the name and the words (not the line's report button). */
const chatLines = (page: Page) =>
  page.$$eval('[data-testid="chat"] .chat-line', (els) =>
    els.map(
      (e) =>
        `${e.querySelector('.chat-name')?.textContent ?? ''} ${e.querySelector('.chat-text')?.textContent ?? ''}`,
    ),
  );

async function say(page: Page, text: string): Promise<void> {
  await page.fill('#chat-input', text);
  await page.click('.chat-form button[type="submit"]');
}

describe('chat in the browser', () => {
  it('a line from one browser reaches the other, and not a browser that left the seat', async () => {
    const made = await e2e.createTable({
      game: 'matchmaster',
      players: 3,
      name: 'Ada',
      seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'bot', level: 'easy' }],
    });
    const bob = await e2e.client.join(made.table.id, { name: 'Bob', invite: made.invite });
    const adaPage = await e2e.newPage('desktop');
    const bobPage = await e2e.newPage('phone', 'de-DE');
    await e2e.openAs(adaPage, made.ticket!);
    await e2e.openAs(bobPage, bob);
    await adaPage.waitForSelector('#chat-input');
    await bobPage.waitForSelector('#chat-input');

    await say(adaPage, 'Hello Bob <script>alert(1)</script>');
    await bobPage.waitForFunction(() =>
      [...document.querySelectorAll('.chat-line')].some((l) => l.textContent?.includes('Hello Bob')),
    );
    expect(await chatLines(bobPage)).toEqual(['Ada: Hello Bob <script>alert(1)</script>']);
    // A quick phrase reads in each browser's language.
    await bobPage.getByRole('button', { name: 'Viel Glück!' }).click();
    await adaPage.waitForFunction(() => document.querySelectorAll('.chat-line').length === 2);
    expect((await chatLines(adaPage))[1]).toBe('Bob: Good luck!');
    expect((await chatLines(bobPage))[1]).toBe('Bob: Viel Glück!');

    // A reload shows the chat kept with the table.
    await adaPage.reload();
    await adaPage.waitForFunction(() => document.querySelectorAll('.chat-line').length === 2);

    // Bob leaves the seat (from another device, say); his open page neither hears nor posts.
    await e2e.client.leave(made.table.id, bob.token);
    await say(adaPage, 'Are you still there?');
    await adaPage.waitForFunction(() => document.querySelectorAll('.chat-line').length === 3);
    await say(bobPage, 'I am a ghost');
    await bobPage.waitForSelector('.chat-error');
    expect(await bobPage.textContent('.chat-error')).toBe('Du hast an diesem Tisch keinen Platz mehr.');
    // The refusal came from the page's own client, and the server kept no line of the ghost's.
    expect((await e2e.client.chat(made.table.id)).map((l) => l.name)).toEqual(['Ada', 'Bob', 'Ada']);
    expect(await chatLines(bobPage)).toHaveLength(2);
    expect(await chatLines(adaPage)).toHaveLength(3);
  });

  // #33: on a phone the chat panel is far below the felt; a word said shows as a bubble at the
  // speaker's seat, on the screen without scrolling, for a few seconds; one's own lines do not.
  it("a line from another player shows at once on a phone's screen, at the speaker's seat", async () => {
    const made = await e2e.createTable({
      game: 'matchmaster',
      players: 3,
      name: 'Ada',
      seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'bot', level: 'easy' }],
    });
    const bob = await e2e.client.join(made.table.id, { name: 'Bob', invite: made.invite });
    const page = await e2e.newPage('phone');
    await e2e.openAs(page, made.ticket!);
    await page.waitForSelector('.mm-seat[data-seat="1"]');
    // Ada at a computer too, for the picture at both sizes (`table-chat-bubble-<size>.png`).
    const desk = await e2e.samePerson(page);
    await desk.setViewportSize(VIEWPORTS.desktop);
    await e2e.openAs(desk, made.ticket!);
    await desk.waitForSelector('.mm-seat[data-seat="1"]');
    const bobSays = e2e.client.connect(made.table.id, bob.token);
    await bobSays.ready;
    expect((await bobSays.say('Nice hand, Ada!')).ok).toBe(true);
    const bubble = page.locator('.seat-bubble');
    // Visible once placed at the seat (it is laid out hidden first, to measure it).
    await bubble.waitFor({ state: 'visible' });
    expect(await bubble.textContent()).toBe('Bob Nice hand, Ada!');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = (await bubble.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    // At Bob's chip on the felt: just above or below it.
    const chip = (await page.locator('.mm-seat[data-seat="1"]').boundingBox())!;
    const near = Math.min(Math.abs(box.y + box.height - chip.y), Math.abs(box.y - (chip.y + chip.height)));
    expect(near).toBeLessThan(12);
    await desk.locator('.seat-bubble').waitFor({ state: 'visible' });
    await e2e.screenshot(page, join(SCREENSHOT_DIR, 'table-chat-bubble-phone.png'), false);
    await e2e.screenshot(desk, join(SCREENSHOT_DIR, 'table-chat-bubble-desktop.png'), false);
    await desk.close();
    // It goes after a few seconds; Ada's own line never bubbles at her screen.
    await bubble.waitFor({ state: 'detached', timeout: 10_000 });
    await say(page, 'Thanks!');
    await page.waitForFunction(() => document.querySelectorAll('.chat-line').length === 2);
    expect(await page.locator('.seat-bubble').count()).toBe(0);
    bobSays.close();
    await page.close();
  }, 120_000);
});
