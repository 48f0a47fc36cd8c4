// What the site costs on the wire, measured in Chromium from the DevTools protocol's
// `Network.loadingFinished` (encodedDataLength: the bytes that crossed the network, compressed,
// headers included), against the real server sending the build's brotli files:
// - the lobby's first load: at most 120 kB of JavaScript and CSS;
// - a table's board on top of it (MatchMaster from "Play now"): at most 60 kB more;
// - the first visit with the service worker's precache (after the first interaction): 450 kB.
// The measured figures are printed (docs/web.md quotes them); load times on a throttled phone
// network are measured by `npm run bench:web`, not here.
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from './harness.ts';
import { startE2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 300_000);
afterAll(async () => {
  await e2e?.close();
});

const KB = 1000;

interface Transfer {
  readonly url: string;
  readonly type: string;
  readonly bytes: number;
}

/** Every finished request of the page, with its resource type and encoded bytes. */
async function recordWire(page: Page): Promise<{ cdp: CDPSession; done: Transfer[] }> {
  const cdp = await page.context().newCDPSession(page);
  const pending = new Map<string, { url: string; type: string }>();
  const done: Transfer[] = [];
  cdp.on('Network.requestWillBeSent', (e) =>
    pending.set(e.requestId, { url: e.request.url, type: e.type ?? '' }),
  );
  cdp.on('Network.responseReceived', (e) => {
    const p = pending.get(e.requestId);
    if (p) pending.set(e.requestId, { ...p, type: e.type ?? p.type });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const p = pending.get(e.requestId);
    if (p) done.push({ ...p, bytes: e.encodedDataLength });
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return { cdp, done };
}

const sum = (ts: readonly Transfer[]) => ts.reduce((n, t) => n + t.bytes, 0);
const code = (ts: readonly Transfer[]) => ts.filter((t) => t.type === 'Script' || t.type === 'Stylesheet');
const kb = (n: number) => `${(n / KB).toFixed(1)} kB`;

describe('the wire budget', () => {
  it('keeps the lobby, a table and the first visit with the precache within budget', async () => {
    const page = await e2e.newPage('phone', 'en-GB', { serviceWorkers: true });
    const { done } = await recordWire(page);
    // The service worker's own fetches (its precache) are not the page's: counted apart.
    const precache: number[] = [];
    page.context().on('requestfinished', (request) => {
      if (!request.serviceWorker()) return;
      void request.sizes().then((s) => precache.push(s.responseBodySize + s.responseHeadersSize));
    });

    await page.goto(`${e2e.url}/`);
    await page.waitForSelector('[data-mode="matchmaster"]');
    await page.waitForLoadState('networkidle');
    const lobby = [...done];
    const lobbyCode = sum(code(lobby));
    // Every script and style came compressed.
    for (const t of code(lobby)) expect(t.bytes, t.url).toBeGreaterThan(0);

    // A table's board: "Play now" (the first interaction, so the service worker starts too).
    const before = done.length;
    await page.click('[data-mode="matchmaster"]');
    await page.waitForSelector('.mm-board');
    await page.waitForLoadState('networkidle');
    const tableCode = sum(code(done.slice(before)));

    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await page.waitForTimeout(500);
    const firstVisit = sum(lobby) + precache.reduce((a, b) => a + b, 0);

    console.log(
      `wire: lobby JS+CSS ${kb(lobbyCode)} (all ${kb(sum(lobby))}, ${lobby.length} requests); ` +
        `table board +${kb(tableCode)}; precache ${kb(precache.reduce((a, b) => a + b, 0))} ` +
        `(${precache.length} files); first visit with precache ${kb(firstVisit)}`,
    );
    expect(lobbyCode).toBeLessThanOrEqual(120 * KB);
    expect(tableCode).toBeLessThanOrEqual(60 * KB);
    expect(precache.length).toBeGreaterThan(10);
    expect(firstVisit).toBeLessThanOrEqual(450 * KB);
    await page.context().close();
  }, 120_000);

  it('sends brotli with Vary, hashed assets for a year, a 404 page in the app, no console error for a guest', async () => {
    const page = await e2e.newPage('desktop');
    const response = await page.goto(`${e2e.url}/`);
    expect(response?.headers()['content-encoding']).toBe('br');
    const script = await page.evaluate(
      () => document.querySelector<HTMLScriptElement>('script[type=module]')!.src,
    );
    const asset = await page.request.get(script, { headers: { 'accept-encoding': 'br' } });
    expect(asset.headers()['content-encoding']).toBe('br');
    expect(asset.headers()['vary']).toBe('Accept-Encoding');
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

    // An unknown address, or an API path typed into the address bar: the app's own 404 page, and
    // a guest's page load logs no failed request (who is logged in answers 200 with no account).
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && !/404/.test(m.text())) errors.push(m.text());
    });
    for (const path of ['/no/such/page', '/api/nothing']) {
      const missing = await page.goto(`${e2e.url}${path}`);
      expect(missing?.status(), path).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'There is no such page.' }).waitFor();
      await page.getByRole('link', { name: 'Back to the lobby' }).waitFor();
    }
    await page.goto(`${e2e.url}/`);
    await page.waitForSelector('[data-mode="matchmaster"]');
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
