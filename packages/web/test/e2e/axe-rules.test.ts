// axe-core finds nothing critical or serious on the rules pages of every game, the 404 page and
// the lobby, at desktop and phone width, in English and German (axe.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from './harness.ts';
import { startE2E } from './harness.ts';
import type { ViewportName } from './harness.ts';
import { seriousViolations } from './axe.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 300_000);
afterAll(async () => {
  await e2e?.close();
});

describe('axe-core', () => {
  for (const size of ['desktop', 'phone'] as ViewportName[])
    it(`finds nothing critical or serious on the rules pages, the 404 page and the lobby (${size})`, async () => {
      for (const locale of ['en-GB', 'de-DE']) {
        const page = await e2e.newPage(size, locale);
        for (const game of ['matchmaster', 'match', 'sweet16', 'matchet']) {
          await page.goto(`${e2e.url}/rules/${game}`);
          await page.locator('.rules-lead').waitFor();
          expect(await seriousViolations(page), `${game} ${locale}`).toEqual([]);
        }
        await page.goto(`${e2e.url}/no/such/page`);
        await page.locator('main h1').waitFor();
        expect(await seriousViolations(page), `404 ${locale}`).toEqual([]);
        await page.goto(`${e2e.url}/`);
        await page.waitForSelector('[data-mode="matchmaster"]');
        expect(await seriousViolations(page), `lobby ${locale}`).toEqual([]);
        await page.context().close();
      }
    }, 120_000);
});
