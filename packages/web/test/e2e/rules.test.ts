// The rules pages in Chromium: every game in English and German at desktop and phone width, with
// their pictures drawn and no developer text on the screen (MATCHBOX_SCREENSHOTS=1 writes
// docs/screenshots/rules-<game>-<language>-<size>.png).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E, ViewportName } from './harness.ts';
import { SCREENSHOT_DIR, startE2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 300_000);
afterAll(async () => {
  await e2e?.close();
});

const GAMES = ['matchmaster', 'match', 'sweet16', 'matchet'] as const;
const TITLES = {
  en: {
    matchmaster: 'Rules of MatchMaster',
    match: 'Rules of MATCH!',
    sweet16: 'Rules of Sweet16: Matchmaker',
    matchet: 'Rules of MATCHET',
  },
  de: {
    matchmaster: 'Regeln: MatchMaster',
    match: 'Regeln: MATCH!',
    sweet16: 'Regeln: Sweet16: Matchmaker',
    matchet: 'Regeln: MATCHET',
  },
} as const;

describe('the rules pages', () => {
  for (const language of ['en', 'de'] as const)
    for (const size of ['desktop', 'phone'] as ViewportName[])
      it(`show every game's rules in ${language} on a ${size}`, async () => {
        const page = await e2e.newPage(size, language === 'de' ? 'de-DE' : 'en-GB');
        for (const game of GAMES) {
          await page.goto(`${e2e.url}/rules/${game}`);
          await page.getByRole('heading', { level: 1, name: TITLES[language][game] }).waitFor();
          await page.locator('.rules-lead').waitFor();
          const text = await page.locator('main').innerText();
          expect(text).not.toMatch(/\b(MM|MA|S16|MT)-X?\d+\b|packages\/|\.tsx?\b|`|\bruling/);
          expect(await page.locator('figure svg').count()).toBeGreaterThan(0);
          // The pictures fit the screen: nothing makes the page scroll sideways.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            page.viewportSize()!.width,
          );
          await page
            .getByRole('link', { name: language === 'de' ? /Spielend lernen/ : /Learn by playing/ })
            .first()
            .waitFor();
          await e2e.screenshot(page, join(SCREENSHOT_DIR, `rules-${game}-${language}-${size}.png`));
        }
        await page.context().close();
      }, 120_000);
});
