// Accessibility checked by axe-core (the npm package, injected into the page) on the rules pages
// of every game in both languages, the 404 page and the lobby: no critical and no serious
// violation. (The tables, replay, pad, tutorial and account pages are not covered yet.)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E, ViewportName } from './harness.ts';
import { startE2E } from './harness.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 300_000);
afterAll(async () => {
  await e2e?.close();
});

interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly nodes: readonly { readonly target: readonly string[] }[];
}

/** The critical and serious violations on the page, as "rule: element" lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')}`));
}

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
