// Notifications in the browser (docs/server.md, "Notifications"): a push delivered to the app's
// service worker through Chromium's DevTools protocol (`ServiceWorker.deliverPushMessage`, as a
// push service would) is shown as a notification with the server's words, unless the table it
// names is on screen, or (a table found by pairing) the app is; the page hears of each. A member's
// own profile has the notifications section, in English and German, whose switches the server keeps.
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from './harness.ts';
import { startE2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

const PASSWORD = 'a long enough secret';

interface Shown {
  readonly title: string;
  readonly body: string;
  readonly tag: string;
}

/** What the service worker told the page of a push: its table's page, and the notification shown. */
interface Handled {
  readonly url: string;
  readonly shown: Shown | null;
}

/** The notifications the browser holds (none where it shows none: headless Chromium denies them). */
const held = (page: Page): Promise<Shown[]> =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return (await reg.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
  });

const heard = (page: Page): Promise<Handled[]> =>
  page.evaluate(() => (window as unknown as { heardPushes: Handled[] }).heardPushes);

/** Keeps what the service worker tells this page of each push (`heard`). */
const listen = (page: Page): Promise<void> =>
  page.evaluate(() => {
    const w = window as unknown as { heardPushes: unknown[] };
    w.heardPushes = [];
    navigator.serviceWorker.addEventListener(
      'message',
      (e: MessageEvent<{ type: string; url: string; shown: unknown }>) => {
        if (e.data?.type === 'matchbox-push') w.heardPushes.push({ url: e.data.url, shown: e.data.shown });
      },
    );
  });

/** The app's service worker registered and active, and its registration id for the protocol. */
async function workerOf(page: Page): Promise<{ cdp: CDPSession; registrationId: string }> {
  await listen(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js');
    await navigator.serviceWorker.ready;
  });
  const cdp = await page.context().newCDPSession(page);
  const registrationId = await new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL.startsWith(e2e.url) && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
    void cdp.send('ServiceWorker.enable');
  });
  return { cdp, registrationId };
}

describe('notifications', () => {
  it('the service worker shows a pushed turn, and not one for the table on screen', async () => {
    const page = await e2e.newPage('desktop', 'en-GB', { serviceWorkers: true });
    await page.context().grantPermissions(['notifications'], { origin: e2e.url });
    await page.goto(`${e2e.url}/`);
    const { cdp, registrationId } = await workerOf(page);
    const deliver = (data: unknown) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: new URL(e2e.url).origin,
        registrationId,
        data: JSON.stringify(data),
      });
    /** Delivers a push as the server makes it; resolves with what the service worker did. */
    const push = async (kind: string, tableId: string, title: string): Promise<Handled> => {
      const before = (await heard(page)).length;
      await deliver({ kind, tableId, game: 'matchmaster', title, body: 'Words.', url: `/t/${tableId}` });
      await expect.poll(async () => (await heard(page)).length).toBe(before + 1);
      return (await heard(page))[before]!;
    };
    const turn1 = { title: 'Your turn: MatchMaster', body: 'Words.', tag: 'turn:pushTable1' };
    expect(await push('turn', 'pushTable1', 'Your turn: MatchMaster')).toEqual({
      url: '/t/pushTable1',
      shown: turn1,
    });

    // At the table named, and a pairing while the app is on screen: heard, not shown.
    await page.goto(`${e2e.url}/t/pushTable2`);
    await listen(page);
    expect(await push('turn', 'pushTable2', 'Your turn: MatchMaster')).toEqual({
      url: '/t/pushTable2',
      shown: null,
    });
    expect(await push('paired', 'pushTable3', 'Your table is ready: MatchMaster')).toEqual({
      url: '/t/pushTable3',
      shown: null,
    });
    expect((await push('accepted', 'pushTable4', 'A player joined: MatchMaster')).shown).toMatchObject({
      tag: 'accepted:pushTable4',
    });
    // A payload that is not the server's (another address, no table) is dropped unheard: the next
    // push is the next thing the page hears.
    await deliver({
      kind: 'turn',
      tableId: '../../evil',
      title: 'x',
      body: 'y',
      url: 'https://evil.example/',
    });
    await deliver({ kind: 'unknown', tableId: 'pushTable6', title: 'x', body: 'y' });
    expect((await push('turn', 'pushTable5', 'Your turn: MatchMaster')).url).toBe('/t/pushTable5');
    expect((await heard(page)).map((h) => h.url)).toEqual([
      '/t/pushTable2',
      '/t/pushTable3',
      '/t/pushTable4',
      '/t/pushTable5',
    ]);
    // A browser that shows notifications holds exactly those shown (headless Chromium shows none).
    const tags = (await held(page)).map((n) => n.tag).sort();
    if (tags.length > 0) expect(tags).toEqual(['accepted:pushTable4', 'turn:pushTable1', 'turn:pushTable5']);
  });

  it("a member's profile has the notifications section; its switches are kept by the server", async () => {
    const page = await e2e.newPage('desktop', 'de-DE');
    const name = `push${Date.now().toString(36).slice(-6)}`;
    await page.goto(`${e2e.url}/login`);
    await page.locator('[role="tab"][data-mode="signup"]').click();
    await page.locator('input[name="name"]').fill(name);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(new RegExp(`/players/${name}$`));
    const section = page.getByTestId('notifications');
    await expect.poll(() => section.locator('h2').textContent()).toBe('Benachrichtigungen');
    // Service workers are blocked in this context: the page says this browser cannot show them.
    await expect.poll(() => page.getByTestId('notifications-device').textContent()).not.toMatch(/geprüft/);
    const turn = section.locator('input[data-kind="turn"]');
    await expect.poll(() => turn.isChecked()).toBe(true);
    expect(
      await section.locator('label', { has: page.locator('input[data-kind="turn"]') }).textContent(),
    ).toContain('langsamen Partie');
    await turn.click();
    await expect.poll(() => turn.isChecked()).toBe(false);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('notifications').locator('input[data-kind="turn"]').isChecked())
      .toBe(false);
    expect(await page.getByTestId('notifications').locator('input[data-kind="paired"]').isChecked()).toBe(
      true,
    );
  });
});
