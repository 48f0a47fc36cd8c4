// axe-core and the notation check (axe.ts) over a table during its pause after a hand or round,
// with the summary shown in the middle of the felt, over the pile or over the board: MatchMaster,
// MATCH! and MATCHET, at desktop width in English and phone width in German. A server of the
// file's own keeps a 10 s pause (the shared server has none); the pages let things move, so the
// summary stays for the whole pause, and each check ends with the summary still on the screen.
import type { CreateTableBody } from '@matchbox/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findings } from './axe.ts';
import type { E2E } from './harness.ts';
import { startE2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ ownServer: { tablePauseMs: 10_000 } });
}, 300_000);
afterAll(async () => {
  await e2e?.close();
});

const TABLES: {
  body: Omit<CreateTableBody, 'name'>;
  board: string;
  scored: (s: never) => boolean;
}[] = [
  {
    body: { game: 'matchmaster', players: 4, options: { handSizes: [1, 1, 1] } },
    board: '.mm-board',
    scored: (s: { handIndex: number }) => s.handIndex >= 1,
  },
  { body: { game: 'match', players: 3 }, board: '.ma-board', scored: (s: { round: number }) => s.round >= 2 },
  {
    body: { game: 'matchet', players: 3, options: { mode: 'multi', rounds: 2 } },
    board: 'section.mt',
    scored: (s: { round: number }) => s.round >= 1,
  },
];

describe("axe-core on a table during the table's pause", () => {
  for (const [size, locale] of [
    ['desktop', 'en-GB'],
    ['phone', 'de-DE'],
  ] as const)
    it(`the summary of a hand or round on the felt (${size}, ${locale})`, async () => {
      const page = await e2e.newPage(size, locale, { motion: true });
      const found: string[] = [];
      for (const table of TABLES) {
        const made = await e2e.createTable({ ...table.body, name: 'Ada', botLevel: 'random' });
        await e2e.openAs(page, made.ticket!);
        await page.locator(table.board).first().waitFor({ timeout: 60_000 });
        await e2e.advance(made.table.id, 0, table.scored);
        await page.waitForSelector('[data-testid="felt-summary"]');
        await e2e.settle(page);
        found.push(...(await findings(page, `${table.body.game} pause ${size} ${locale}`)));
        // axe saw the summary: it is still there.
        expect(await page.locator('[data-testid="felt-summary"]').count()).toBe(1);
      }
      expect(found).toEqual([]);
      await page.context().close();
    }, 180_000);
});
