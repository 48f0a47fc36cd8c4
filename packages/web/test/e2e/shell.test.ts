// The shell in a real browser against a real server.
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

describe('the web shell', () => {
  it('serves the app at / and at the table routes', async () => {
    const page = await e2e.newPage('desktop');
    await page.goto(e2e.url + '/');
    await expect.poll(() => page.locator('h1').count()).toBeGreaterThan(0);
    const res = await fetch(e2e.url + '/t/abcdefgh');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  });
});
