// axe-core and the notation check over every game's table in play (each mode), a replay, the
// daily deal and the tutorials at desktop width, in English and German (axe.ts). The desktop and
// phone halves are files of their own so that two workers share the work.
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { E2E } from './harness.ts';
import { startE2E } from './harness.ts';
import { checkScreensOfPlay } from './axe.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 300_000);
afterAll(async () => {
  await e2e?.close();
});

describe('axe-core on the screens of play', () => {
  for (const [size, locale] of [
    ['desktop', 'en-GB'],
    ['desktop', 'de-DE'],
  ] as const)
    it(`every game's table in play, its replay, the daily deal and the tutorials (${size}, ${locale})`, async () => {
      await checkScreensOfPlay(e2e, size, locale);
    }, 300_000);
});
