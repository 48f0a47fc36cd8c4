// axe-core and the notation check over the score pad and the account pages, at desktop width in
// English and phone width in German (axe.ts).
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { E2E } from './harness.ts';
import { startE2E } from './harness.ts';
import { checkPadAndAccount } from './axe.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 300_000);
afterAll(async () => {
  await e2e?.close();
});

describe('axe-core on the score pad and the account pages', () => {
  for (const [size, locale] of [
    ['desktop', 'en-GB'],
    ['phone', 'de-DE'],
  ] as const)
    it(`the score pad and the account pages (${size}, ${locale})`, async () => {
      await checkPadAndAccount(e2e, size, locale);
    }, 180_000);
});
