// Accessibility checked by axe-core (the npm package, injected into the page) and the absence of
// notation and developer text, for the browser tests axe-*.test.ts: what every screen a player
// sees must pass, and the screens themselves (the tables of every game and mode in play, a
// replay, the daily deal, the tutorials, the score pad and the account pages).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E, ViewportName } from './harness.ts';
import { startE2E } from './harness.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly nodes: readonly { readonly target: readonly string[] }[];
}

/** The critical and serious violations on the page, as "rule: element" lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')}`));
}

/** The tables a player meets, one per game and mode, in play (seat 0 is the person). */
const TABLES = [
  { id: 'matchmaster', body: { game: 'matchmaster', players: 4 }, board: '.mm-board' },
  {
    id: 'match',
    body: { game: 'match', players: 4 },
    board: '.board-area [data-game="match"]',
  },
  { id: 'sweet16', body: { game: 'sweet16', players: 3 }, board: '.s16-grid' },
  {
    id: 'sweet16-duel',
    body: { game: 'sweet16', players: 2, options: { mode: 'duel' } },
    board: '.s16-grid',
  },
  { id: 'matchet', body: { game: 'matchet', players: 3 }, board: 'section.mt' },
  {
    id: 'matchet-stacks',
    body: { game: 'matchet', players: 1, options: { mode: 'stacks' } },
    board: 'section.mt',
  },
  {
    id: 'matchet-reserve',
    body: { game: 'matchet', players: 1, options: { mode: 'reserve' } },
    board: 'section.mt',
  },
] as const;

/**
 * Notation and developer words that must not show where a player reads: card and tile codes
 * (do12, T14, R6Y7B7), positions (0,3 / @), engine event and option names, ruling ids, code paths.
 */
const NOTATION =
  /\b(do|lo|db|lb)\d{1,2}\b|\bT\d{2}\b|\b[RYB]\d{1,2}[RYB]\d{1,2}\b|@-?\d|\b(card_played|seat=|handSizes|firstDealer|turnLimit|undefined|NaN)\b|\b(MM|MA|S16|MT)-\d|\.tsx?\b|\{\{/;

/** The page's visible text, with the accessible names of its controls. */
async function readable(page: Page): Promise<string> {
  return page.evaluate(() => {
    const names = [...document.querySelectorAll('[aria-label], [title]')].map(
      (el) => `${el.getAttribute('aria-label') ?? ''} ${el.getAttribute('title') ?? ''}`,
    );
    return `${document.body.innerText}\n${names.join('\n')}`;
  });
}

/** Every finding on the screen, as "screen: rule: element" or "screen: notation ..." lines. */
export async function findings(page: Page, what: string): Promise<string[]> {
  const found = (await seriousViolations(page)).map((v) => `${what}: ${v}`);
  const notation = NOTATION.exec(await readable(page));
  if (notation) found.push(`${what}: notation "${notation[0]}"`);
  return found;
}

/** Every game's table in play, a MatchMaster replay, the daily deal and the tutorials. */
export async function checkScreensOfPlay(e2e: E2E, size: ViewportName, locale: string): Promise<void> {
  const page = await e2e.newPage(size, locale);
  const found: string[] = [];
  const check = async (what: string) => found.push(...(await findings(page, what)));
  for (const table of TABLES) {
    const { table: made, ticket } = await e2e.createTable({ ...table.body, name: 'Ada' });
    await e2e.openAs(page, ticket!);
    await page.locator(table.board).first().waitFor({ timeout: 60_000 });
    await page.waitForSelector('[data-connection="online"]');
    await e2e.settle(page);
    await check(`${table.id} ${size} ${locale}`);
    if (table.id === 'matchmaster') {
      await page.goto(`${e2e.url}/replay/${made.id}`);
      await page.getByTestId('replay-step').waitFor({ timeout: 30_000 });
      await e2e.settle(page);
      await check(`replay ${size} ${locale}`);
    }
  }
  await page.goto(`${e2e.url}/daily?date=2026-01-01`);
  await page.waitForSelector('[data-testid="daily-game"] section.mt');
  await e2e.settle(page);
  await check(`daily ${size} ${locale}`);
  for (const game of ['matchmaster', 'match', 'sweet16', 'matchet']) {
    await page.goto(`${e2e.url}/learn/${game}`);
    await page.waitForSelector('[data-testid="tutorial-guide"]', { timeout: 30_000 });
    await e2e.settle(page);
    await check(`tutorial ${game} ${size} ${locale}`);
  }
  expect(found).toEqual([]);
  await page.context().close();
}

/** The score pad (list, each game's form and sheet), log-in, a leaderboard and a member's profile. */
export async function checkPadAndAccount(e2e: E2E, size: ViewportName, locale: string): Promise<void> {
  const page = await e2e.newPage(size, locale);
  const found: string[] = [];
  const check = async (what: string) => found.push(...(await findings(page, what)));
  await page.goto(`${e2e.url}/pad`);
  await page.waitForSelector('main h1');
  await check(`pad list ${size} ${locale}`);
  for (const game of ['matchmaster', 'match', 'sweet16', 'matchet']) {
    await page.goto(`${e2e.url}/pad/${game}?new`);
    await page.waitForSelector('main form');
    await check(`pad form ${game} ${size} ${locale}`);
    await page.locator('main form button[type="submit"]').first().click();
    await page.waitForSelector('.pad-table, table');
    await check(`pad ${game} ${size} ${locale}`);
  }
  await page.goto(`${e2e.url}/login`);
  await page.waitForSelector('main form');
  await check(`login ${size} ${locale}`);
  await page.goto(`${e2e.url}/leaderboard/matchmaster`);
  await page.waitForSelector('main table, main .empty, main p');
  await e2e.settle(page);
  await check(`leaderboard ${size} ${locale}`);
  // A member's profile: an account made through the API in this browser (its cookie kept).
  const member = `Axe${size}${locale.slice(0, 2)}`;
  const status = await page.evaluate(
    async (name) =>
      (
        await fetch('/api/account/signup', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name, password: 'a long enough password' }),
        })
      ).status,
    member,
  );
  expect(status).toBeLessThan(300);
  await page.goto(`${e2e.url}/players/${member}`);
  await page.waitForSelector('main.profile h1');
  await e2e.settle(page);
  await check(`profile ${size} ${locale}`);
  expect(found).toEqual([]);
  await page.context().close();
}

/**
 * A file of screen checks: one server and browser for the file, and one test per size and
 * language, each running `check` over its screens.
 */
export function describeScreens(
  suite: string,
  test: string,
  cases: readonly (readonly [ViewportName, string])[],
  check: (e2e: E2E, size: ViewportName, locale: string) => Promise<void>,
  timeoutMs: number,
): void {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  }, 300_000);
  afterAll(async () => {
    await e2e?.close();
  });
  describe(suite, () => {
    for (const [size, locale] of cases)
      it(`${test} (${size}, ${locale})`, () => check(e2e, size, locale), timeoutMs);
  });
}
