// Replays in a real browser against a real server: a short MatchMaster game (two hands) against a
// bot; while it is played, the replay shows this seat's cards and never the bot's; at the end the
// results link to the replay, which steps back and forward (buttons and arrow keys), jumps to a
// hand, shows every player's cards and any seat's view; the record is downloaded as a text file
// and opened again on /replay; the lobby links to the replay. Screenshots at desktop and phone width.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GameRecord } from '@matchbox/engine';
import type { Json } from '@matchbox/engine';
import {
  GameSession,
  getGame,
  makeRecordText,
  parseRecord,
  parseRecordText,
  Rng,
  setupConfigOf,
} from '@matchbox/engine';
import { BOT_NAMES } from '@matchbox/client/faces';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from './harness.ts';
import { SCREENSHOT_DIR, startE2E, TICKETS_KEY } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 300_000);
afterAll(async () => {
  await e2e?.close();
});

const game = getGame('matchmaster')!;

/** Everything a page shows: its text and every attribute (a card may hide in a label). */
const pageTokens = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const parts: string[] = [document.body.innerText];
    for (const el of document.body.querySelectorAll('*'))
      for (const attr of el.attributes) parts.push(attr.value);
    return parts.join('\n');
  });
const shows = (text: string, card: string) =>
  new RegExp(`(^|[^A-Za-z0-9])${card}($|[^A-Za-z0-9])`).test(text);

const stepText = (page: Page) => page.getByTestId('replay-step').innerText();

/** Plays seat 0's first legal action whenever it is to act, until the game is over. */
async function playToEnd(tableId: string, stopAfter = Infinity): Promise<void> {
  for (let played = 0; played < stopAfter;) {
    const { state } = await e2e.inspect(tableId);
    if (game.isOver(state)) return;
    if (!game.toAct(state).includes(0)) {
      await new Promise((r) => setTimeout(r, 20));
      continue;
    }
    const action = game.formatAction(game.legalActions(state, 0)[0]!);
    const done = await e2e.act(tableId, 0, action);
    if (done.ok) played++;
  }
}

/** Each board's outermost element (it carries the view's phase). */
const BOARD: Record<string, string> = { match: '.ma-board', sweet16: '.s16', matchet: '.mt' };

describe('record files of every game', () => {
  it("open on /replay and draw with each game's own board at the start and the end", async () => {
    const page = await e2e.newPage('desktop');
    await page.goto('/replay');
    const cases: [string, number, Record<string, Json>, number, string][] = [
      ['match', 2, { target: 10 }, 10_000, 'Round 2'],
      ['sweet16', 2, { turnLimit: 30 }, 10_000, 'Turn 2'],
      ['matchet', 2, { rounds: 2 }, 10_000, 'Round 2'],
      ['matchet', 1, { mode: 'stacks' }, 12, ''],
    ];
    for (const [id, players, options, steps, chapter] of cases) {
      await page.getByTestId('open-record').setInputFiles({
        name: `${id}.txt`,
        mimeType: 'text/plain',
        buffer: Buffer.from(randomRecordText(id, players, options, steps)),
      });
      await page.locator(`[data-replay="${id}"]`).waitFor();
      const last = Number(/of (\d+)/.exec(await stepText(page))![1]);
      expect(last).toBeGreaterThan(0);
      if (chapter) {
        await page.getByTestId('replay-jump').selectOption({ label: chapter });
        expect(await stepText(page)).not.toBe(`Step 0 of ${last}`);
      } else expect(await page.getByTestId('replay-jump').count()).toBe(0);
      await page.getByTestId('replay-step').click(); // out of the select, which has its own Home and End
      for (const key of ['Home', 'End']) {
        await page.keyboard.press(key);
        expect(await stepText(page)).toBe(`Step ${key === 'Home' ? 0 : last} of ${last}`);
        await page.locator(`[data-replay="${id}"] ${BOARD[id]}[data-phase]`).waitFor();
        expect(await page.getByText('This screen failed to draw').count(), `${id} ${key}`).toBe(0);
      }
    }
  }, 60_000);
});

/** Waits until seat 0 is to act (the bot has moved), so the table stands still. */
async function waitForSeat0(tableId: string): Promise<void> {
  while (!game.toAct((await e2e.inspect(tableId)).state).includes(0))
    await new Promise((r) => setTimeout(r, 20));
}

describe('replays', () => {
  it('a live table shows only the own cards; a finished one every card, step by step, and its record file', async () => {
    const created = await e2e.createTable({
      game: 'matchmaster',
      players: 2,
      name: 'Ann',
      options: { handSizes: [2, 1] },
      seats: [{ kind: 'open' }, { kind: 'bot', level: 'easy' }],
    });
    const tableId = created.table.id;
    const page = await e2e.newPage('desktop');
    await e2e.openAs(page, { ...created.ticket!, tableId });
    await page.locator('.mm-board').waitFor();

    // Live: seat 0 bids, the bot bids; the replay (same browser, same ticket) shows seat 0's view.
    await playToEnd(tableId, 1);
    await waitForSeat0(tableId);
    const live = await e2e.samePerson(page);
    await live.goto(`/replay/${tableId}`);
    await live.getByText('live game').waitFor();
    await live.getByText('you see only your own cards').waitFor();
    const { state } = await e2e.inspect(tableId);
    const botCards = game.hiddenCards(state, 0);
    const myCards = (game.view(state, 0) as { myHand: string[] }).myHand;
    expect(botCards.length).toBeGreaterThan(0);
    await live.getByRole('button', { name: 'To the start' }).click();
    for (let i = 0; ; i++) {
      const text = await pageTokens(live);
      for (const card of botCards) expect(shows(text, card), `step ${i}: ${card}`).toBe(false);
      if (await live.getByRole('button', { name: 'One step forward' }).isDisabled()) break;
      await live.keyboard.press('ArrowRight');
    }
    const endText = await pageTokens(live);
    expect(myCards.filter((c) => shows(endText, c))).toEqual(myCards);
    expect(await live.locator('[data-testid="replay-hands"]').count()).toBe(0);
    await live.close();

    // To the end; the results link to the replay.
    await playToEnd(tableId);
    await page.getByRole('link', { name: 'Watch the replay' }).click();
    await page.waitForURL(`**/replay/${tableId}`);
    await page.getByText('finished game').waitFor();
    const record = parseRecord(await e2e.client.record(tableId));
    if (!record.ok) throw new Error(record.error.message);
    const last = record.value.moves.length;
    expect(await stepText(page)).toBe(`Step 0 of ${last}`);
    // The faces of the table on the replay's board, as at the table (#33), and nobody shown away.
    await page.locator('.mm-seat[data-seat="1"] .mm-seat-face').waitFor();
    expect(await page.locator('.mm-seat .mm-seat-face').count()).toBe(2);
    expect(await page.locator('.mm-seat[data-presence="away"]').count()).toBe(0);

    // Every player's cards as dealt, the bot's too.
    const dealt = game.setup(setupConfigOf(record.value));
    if (!dealt.ok) throw new Error(dealt.error.message);
    for (const seat of [0, 1]) {
      const hand = (game.view(dealt.value, seat) as { myHand: string[] }).myHand;
      const cards = page.locator(`[data-testid="replay-hands"] li[data-seat="${seat}"] [data-card]`);
      const codes = await cards.evaluateAll((all) => all.map((c) => c.getAttribute('data-card') ?? ''));
      expect(codes.sort()).toEqual([...hand].sort());
      // Named in words, as the table names them ("dark orange 12"), the code on hover.
      for (const words of await cards.allInnerTexts())
        expect(words).toMatch(/^(dark|light) (orange|blue) \d+$/);
    }

    // Forward and back by keys and buttons, the slider follows.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await stepText(page)).toBe(`Step 2 of ${last}`);
    await page.getByRole('button', { name: 'One step back' }).click();
    expect(await stepText(page)).toBe(`Step 1 of ${last}`);
    await page.getByRole('button', { name: 'One step forward' }).click();
    expect(await stepText(page)).toBe(`Step 2 of ${last}`);
    expect(await page.getByRole('slider', { name: 'Step' }).inputValue()).toBe('2');
    await page.keyboard.press('ArrowLeft');
    expect(await stepText(page)).toBe(`Step 1 of ${last}`);

    // Jump to the second hand: its first step is the move that dealt it.
    await page.getByTestId('replay-jump').selectOption({ label: 'Hand 2' });
    const hand2 = Number(/Step (\d+)/.exec(await stepText(page))![1]);
    expect(record.value.moves[hand2 - 1]!.chance).toBeDefined();
    await page.locator('.replay-move[aria-current="step"]').waitFor();
    // The move list in words: who bid, who played which card, never the notation.
    const moves = await page.locator('.replay-move').allInnerTexts();
    expect(moves.some((m) => /Ann (plays|bids) /.test(m) || /You (play|bid) /.test(m))).toBe(true);
    for (const m of moves) expect(m).not.toMatch(/\b(do|lo|db|lb)\d{1,2}\b|: bid \d/);

    // Seen by the bot: its own cards on its board.
    const seen = page.getByTestId('replay-viewer');
    const names = await seen.locator('option').allInnerTexts();
    // The bot is named after the face it wears at this table.
    expect(names).toEqual(['Ann', expect.any(String), 'a spectator']);
    expect(Object.values(BOT_NAMES)).toContain(names[1]);
    await seen.selectOption('1');
    const botHand = (game.view(stepState(record.value, hand2), 1) as { myHand: string[] }).myHand;
    const text = await pageTokens(page);
    expect(botHand.length).toBeGreaterThan(0);
    expect(botHand.filter((c) => shows(text, c))).toEqual(botHand);
    await seen.selectOption('0');

    await e2e.screenshot(page, join(SCREENSHOT_DIR, 'replay-desktop.png'));
    // The phone in German.
    const phone = await e2e.newPage('phone', 'de-DE');
    await phone.goto(`/replay/${tableId}`);
    await phone.getByText('beendetes Spiel').waitFor();
    await phone.getByRole('button', { name: 'Einen Schritt weiter' }).click();
    expect(await stepText(phone)).toBe(`Schritt 1 von ${last}`);
    await e2e.screenshot(phone, join(SCREENSHOT_DIR, 'replay-phone.png'));
    await phone.close();

    // Download the record, then open the file on /replay: the same game, names included.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download record' }).click(),
    ]);
    // The browser may run in another process (the run's shared Chromium): a copy is saved here.
    const file = join(mkdtempSync(join(tmpdir(), 'matchbox-record-')), download.suggestedFilename());
    await download.saveAs(file);
    const read = parseRecordText(readFileSync(file, 'utf8'));
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value.record.moves).toEqual(record.value.moves);
    expect(read.value.names).toEqual(names.slice(0, 2));
    await page.goto('/replay');
    await page.getByTestId('open-record').setInputFiles(file);
    await page.getByText('from a file').waitFor();
    expect(await stepText(page)).toBe(`Step 0 of ${last}`);
    await page.keyboard.press('End');
    expect(await stepText(page)).toBe(`Step ${last} of ${last}`);
    await page.getByTestId('open-record').setInputFiles({
      name: 'junk.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a record'),
    });
    await page.getByRole('alert').getByText('not a matchbox record').waitFor();

    // The lobby lists the finished table with a link to its replay.
    await page.goto('/');
    const link = page.locator(`[data-table="${tableId}"] [data-testid="replay-link"]`);
    expect(await link.getAttribute('href')).toBe(`/replay/${tableId}`);
    expect(await page.evaluate((k) => localStorage.getItem(k), TICKETS_KEY)).toContain(tableId);
  }, 120_000);
});

/** A random game of `id` (to its end, or `steps` moves) as a record file's text. */
function randomRecordText(id: string, players: number, options: Record<string, Json>, steps: number): string {
  const g = getGame(id)!;
  const started = GameSession.start(g, { players, seed: `replay-${id}`, options });
  if (!started.ok) throw new Error(started.error.message);
  const { session } = started.value;
  const rng = Rng.fromSeed(id);
  for (let i = 0; i < steps && !g.isOver(session.state); i++) {
    const seat = g.toAct(session.state)[0]!;
    const legal = g.legalActions(session.state, seat);
    session.act(seat, legal[rng.int(legal.length)]);
  }
  return makeRecordText(session.record());
}

/** The state after `step` moves of a record. */
function stepState(record: GameRecord, step: number): unknown {
  const setup = game.setup(setupConfigOf(record));
  if (!setup.ok) throw new Error(setup.error.message);
  for (const m of record.moves.slice(0, step)) {
    const parsed = game.parseAction(m.action);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const error = game.applyInPlace(setup.value, m.seat, parsed.value);
    if (error) throw new Error(error.message);
  }
  return setup.value;
}
