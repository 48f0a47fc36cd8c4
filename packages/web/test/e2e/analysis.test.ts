// Analyses in a real browser against a real server: a short game of each game is played to its
// end against a bot, its replay's "Analyse" button asks the server, the progress shows while it
// runs, then the graph of expected scores, the players' figures, the key moments in words and, at
// a decision's step, its candidate choices with their values. In German the stored analysis is
// shown at once. Screenshots (docs/screenshots/analysis-<game>-<language>-<size>.png, and
// analysis-<game>-choices-<language>-desktop.png) at desktop and phone width.
import { join } from 'node:path';
import type { GameAnalysis } from '@matchbox/bots/analysis';
import type { Json } from '@matchbox/engine';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E, ViewportName } from './harness.ts';
import { SCREENSHOT_DIR, startE2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  // The shared server searches with a small budget per decision (ANALYSIS_BUDGET=40,
  // shared-server.ts): the pages are what is tested here, not the search.
  e2e = await startE2E();
}, 300_000);
afterAll(async () => {
  await e2e?.close();
});

/** Each game's short game of two: its options. */
const GAMES: [string, Record<string, Json>][] = [
  ['matchmaster', { handSizes: [2, 1] }],
  ['match', { target: 10 }],
  ['sweet16', { turnLimit: 16 }],
  ['matchet', { rounds: 1 }],
];

/** Notation a player should never read: MatchMaster cards and bids, MATCH! verbs, MATCHET tiles. */
const NOTATION =
  /\b(do|lo|db|lb)\d{1,2}\b|\bbid \d|\b(discard|collect|wild) [rygbp]\d|stack:[rygbp]|T\d\d@|\bflip [A-Z]\d/;

const WORDS = {
  en: { title: 'Analysis', analyse: 'Analyse', moments: 'Key moments', hindsight: 'Hindsight' },
  de: { title: 'Analyse', analyse: 'Analysieren', moments: 'Schlüsselmomente', hindsight: 'Im Nachhinein' },
} as const;

/** Each game's unit of its analyses' values, in English (a MATCHET game of several players: points). */
const UNIT_WORDS: Readonly<Record<string, string>> = {
  matchmaster: 'points of the hand',
  match: 'round points',
  sweet16: 'victory points',
  matchet: 'points',
};

async function playedTable(game: string, options: Record<string, Json>): Promise<string> {
  return (await playedGame(game, options)).table.id;
}

async function playedGame(
  game: string,
  options: Record<string, Json>,
  choose?: (legal: readonly string[], n: number) => string,
) {
  const created = await e2e.createTable({
    game,
    players: 2,
    name: 'Ann',
    options,
    seats: [{ kind: 'open' }, { kind: 'bot', level: 'easy' }],
  });
  await e2e.advance(created.table.id, 0, () => false, choose);
  return created;
}

async function openReplay(tableId: string, size: ViewportName, language: 'en' | 'de'): Promise<Page> {
  const page = await e2e.newPage(size, language === 'de' ? 'de-DE' : 'en-GB');
  await page.goto(`/replay/${tableId}`);
  await page.getByTestId('analysis').waitFor();
  return page;
}

/** Checks what the panel shows once the analysis is there; returns the first decision's step. */
async function checkPanel(page: Page, language: 'en' | 'de'): Promise<void> {
  const panel = page.getByTestId('analysis');
  await panel.getByTestId('analysis-done').waitFor({ timeout: 180_000 });
  await panel.getByRole('heading', { name: WORDS[language].title, exact: true }).waitFor();
  // The graph: a line per player (a dot for a player without a decision), labelled; the figures.
  const graph = panel.getByTestId('analysis-graph');
  expect(await graph.getAttribute('role')).toBe('img');
  const drawn = await graph
    .locator('[data-seat]')
    .evaluateAll((all) => all.map((e) => e.getAttribute('points')?.split(' ').length ?? 1));
  expect(drawn).toHaveLength(2);
  expect(Math.max(...drawn)).toBeGreaterThan(1);
  expect(await panel.locator('[data-testid="analysis-summary"] li').count()).toBe(2);
  // The key moments, in words (or that there were none).
  await panel.getByRole('heading', { name: WORDS[language].moments }).waitFor();
  const moments = panel.getByTestId('analysis-moments');
  if ((await moments.count()) > 0) {
    const lines = await moments.locator('li').allInnerTexts();
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).toMatch(
        language === 'en' ? /^Step \d+ Ann: .+\. Better: .+, by / : /^Schritt \d+ Ann: .+\. Besser: .+, um /,
      );
      expect(line).not.toMatch(NOTATION);
    }
  } else await panel.getByTestId('analysis-no-moments').waitFor();
}

/** Goes to the step of `move` with the slider; the candidates of its decision show with values. */
async function checkChoices(page: Page, move: number, language: 'en' | 'de'): Promise<void> {
  await page.getByRole('slider').fill(String(move));
  const choices = page.getByTestId('analysis-choices');
  await choices.waitFor();
  const values = await choices.getByTestId('candidate-value').allInnerTexts();
  expect(values.length).toBeGreaterThan(1);
  for (const v of values) expect(v).toMatch(/^-?\d+([.,]\d)? \S/);
  const text = await choices.innerText();
  expect(text).toContain(language === 'en' ? 'best' : 'beste');
  expect(text).toContain(language === 'en' ? 'played' : 'gespielt');
  expect(text).not.toMatch(NOTATION);
}

/** Scrolls the page so that the element of `testId` starts at the top of the window. */
const toTop = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((el) => el.scrollIntoView({ block: 'start' }));

describe('analyses of finished games in the browser', () => {
  for (const [game, options] of GAMES)
    it(`analyse a whole game of ${game}, shown in English and German`, async () => {
      const tableId = await playedTable(game, options);

      // English, desktop: the button, the progress, the analysis.
      const page = await openReplay(tableId, 'desktop', 'en');
      await page.getByRole('button', { name: WORDS.en.analyse, exact: true }).click();
      await page
        .locator('[data-testid="analysis-progress"], [data-testid="analysis-done"]')
        .first()
        .waitFor();
      await checkPanel(page, 'en');
      // The graph's line is the game's score: in MatchMaster and MATCH! the decisions are valued in
      // a hand's or a round's points, but the graph is in the game's points.
      const caption = await page.locator('#analysis-graph-caption').innerText();
      if (game === 'matchmaster' || game === 'match') expect(caption).toContain('(points)');
      // The values' unit in the game's own words (its namespace's `analysisUnit.<name>`).
      expect(await page.locator('.analysis-unit').innerText()).toContain(`Values are ${UNIT_WORDS[game]} `);
      const stored = (await (await fetch(`${e2e.url}/api/tables/${tableId}/analysis`)).json()) as
        { status: 'done'; analysis: GameAnalysis } | { status: string };
      if (!('analysis' in stored)) throw new Error('the analysis is not stored');
      const analysis = stored.analysis;
      const first = analysis.decisions.find((d) => d.seat === 0) ?? analysis.decisions[0]!;
      const move = analysis.summaries[0]!.keyMoments[0] ?? first.move;
      await checkChoices(page, move, 'en');
      // Hindsight in the words of the game's own part of the panel (games/<game>/Hindsight.tsx).
      if (game === 'matchmaster' || analysis.hindsight)
        await page.locator('[data-testid="analysis-hindsight"] :is(li, p:not(.muted))').first().waitFor();
      await toTop(page, 'analysis-choices');
      await e2e.settle(page);
      await e2e.screenshot(page, join(SCREENSHOT_DIR, `analysis-${game}-choices-en-desktop.png`), false);
      await toTop(page, 'analysis');
      await e2e.settle(page);
      await e2e.screenshot(page, join(SCREENSHOT_DIR, `analysis-${game}-en-desktop.png`), false);
      await page.close();

      // Then from storage at once: German, and the phone.
      for (const [size, language] of [
        ['phone', 'en'],
        ['desktop', 'de'],
        ['phone', 'de'],
      ] as const) {
        const p = await openReplay(tableId, size, language);
        await checkPanel(p, language);
        expect(await p.getByTestId('analyse').count()).toBe(0);
        if (size === 'desktop') {
          await checkChoices(p, move, language);
          await toTop(p, 'analysis-choices');
          await e2e.settle(p);
          await e2e.screenshot(
            p,
            join(SCREENSHOT_DIR, `analysis-${game}-choices-${language}-desktop.png`),
            false,
          );
        }
        await toTop(p, 'analysis');
        await e2e.settle(p);
        await e2e.screenshot(p, join(SCREENSHOT_DIR, `analysis-${game}-${language}-${size}.png`), false);
        await p.close();
      }
    }, 300_000);

  // The analysis where players look (#33): the results box offers it, it starts by itself, and a
  // key moment brings the board at that step into view, above the moment's words on a phone.
  it('"See the analysis" from the results opens and starts it; a key moment shows the board on a phone', async () => {
    // Ann bids every trick of each hand and plays her lowest card: moments to learn from.
    const created = await playedGame('matchmaster', { handSizes: [3, 2, 1] }, (legal) =>
      legal[0]!.startsWith('bid') ? legal.at(-1)! : legal[0]!,
    );
    const page = await e2e.newPage('phone');
    await e2e.openAs(page, created.ticket!);
    const link = page.getByTestId('results').getByRole('link', { name: 'See the analysis' });
    // The results box with its link at both sizes (`results-analysis-<size>.png`).
    const desk = await e2e.newPage('desktop');
    await e2e.openAs(desk, created.ticket!);
    for (const [p, size] of [
      [page, 'phone'],
      [desk, 'desktop'],
    ] as const) {
      const results = p.getByTestId('results');
      await results.getByRole('link', { name: 'See the analysis' }).waitFor();
      await results.scrollIntoViewIfNeeded();
      await e2e.settle(p);
      await e2e.screenshot(p, join(SCREENSHOT_DIR, `results-analysis-${size}.png`), false);
    }
    await desk.close();
    await page.evaluate(() => window.scrollTo(0, 0));
    await link.click();
    await page.waitForURL(/\/replay\/[^/]+#analysis$/);
    // No "Analyse" click: the analysis was asked for, and the panel is on the screen.
    await page.getByTestId('analysis-done').waitFor({ timeout: 180_000 });
    const panel = await page.getByTestId('analysis').boundingBox();
    expect(panel!.y).toBeLessThan(740);
    expect(panel!.y + panel!.height).toBeGreaterThan(0);
    // A key moment (Ann's poor bids make one likely); with none at this small test budget, a
    // point of the graph, which moves the replay the same way.
    const moment = page.getByTestId('analysis-moments').locator('li button').first();
    if ((await moment.count()) === 1) await moment.click();
    else await page.getByTestId('analysis-graph').click();
    await page.waitForFunction(() => {
      const board = document.querySelector('.board-area')!.getBoundingClientRect();
      return board.top >= -1 && board.top < 80;
    });
    const board = await page.locator('.board-area').boundingBox();
    expect(board!.y).toBeGreaterThanOrEqual(-1);
    expect(board!.y).toBeLessThan(740 / 2);
    await page.close();
  }, 300_000);
});
