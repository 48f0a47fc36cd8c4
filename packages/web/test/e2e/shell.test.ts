// The shell in a real browser (Chromium) against a real server: the lobby, "Play now", a reload
// in the middle of a game, the German interface, and no hidden card on any seat's or a
// spectator's page.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { SeatTicket } from '@matchbox/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import commonDe from '../../src/i18n/locales/de/common.json';
import commonEn from '../../src/i18n/locales/en/common.json';
import type { E2E } from './harness.ts';
import { SCREENSHOT_DIR, startE2E } from './harness.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 300_000);
afterAll(async () => {
  await e2e?.close();
});

const SHOTS = SCREENSHOT_DIR;

/** Waits until the table page shows the board of a started game (not the loading text). */
async function boardShown(page: Page): Promise<void> {
  await page.waitForSelector('main.table-page .board-area', { timeout: 20_000 });
  await page.waitForFunction(
    () => {
      const area = document.querySelector('.board-area');
      return !!area && !area.querySelector('.loading') && (area.textContent ?? '').trim().length > 0;
    },
    undefined,
    { timeout: 20_000 },
  );
}

/** Every leaf string of a locale file with its key. */
function leaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

/**
 * The English phrases that must not appear on a German page: the literal parts (between
 * interpolations) of every common string that German says differently, at least two letters
 * long and not also part of German strings (names like "MatchMaster" are the same in both).
 */
function englishPhrases(): string[] {
  const de = new Map(leaves(commonDe));
  const germanText = [...de.values()].join('\n');
  const phrases = new Set<string>();
  for (const [key, en] of leaves(commonEn)) {
    if (de.get(key) === en || key.startsWith('app.languages')) continue;
    for (const part of en.split(/\{\{[^}]+\}\}/)) {
      const p = part
        .trim()
        .replace(/^[().,:!·]+|[().,:!·]+$/g, '')
        .trim();
      if (/[A-Za-z]{2}/.test(p) && !germanText.includes(p)) phrases.add(p);
    }
  }
  return [...phrases];
}

describe('the lobby', () => {
  it('lists the four games with Play now, on a desktop and on a phone', async () => {
    for (const size of ['desktop', 'phone'] as const) {
      const page = await e2e.newPage(size);
      await page.goto(e2e.url + '/');
      await page.waitForSelector('.game-card');
      const games = await page.locator('.game-card h3').allTextContents();
      expect(games).toEqual(['MatchMaster', 'MATCH!', 'Sweet16: Matchmaker', 'MATCHET']);
      expect(await page.locator('.game-card button.primary').count()).toBe(4);
      await page.waitForSelector('.create-form select[name="game"]');
      // nothing wider than the screen
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await e2e.screenshot(page, join(SHOTS, `lobby-${size}.png`));
      await page.context().close();
    }
  });

  it('switches to German and back, and keeps the choice', async () => {
    const page = await e2e.newPage('desktop');
    await page.goto(e2e.url + '/');
    await page.waitForSelector('.game-card');
    await page.selectOption('header select', 'de');
    await page.waitForSelector('text=Jetzt spielen');
    const text = await page.evaluate(() => document.body.innerText);
    const english = englishPhrases().filter((p) => text.includes(p));
    expect(english).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.reload();
    await page.waitForSelector('text=Jetzt spielen');
    await page.selectOption('header select', 'en');
    await page.waitForSelector('#play-now-title');
    await page.context().close();
  });
});

describe('a table', () => {
  it('Play now opens a table page with the board; a reload comes back to the same view', async () => {
    const page = await e2e.newPage('desktop');
    await page.goto(e2e.url + '/');
    await page.click('.game-matchmaster button.primary');
    await page.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
    await boardShown(page);
    // The bots bid at once; the game waits for this seat's bid.
    await page.waitForSelector('.turn-mine', { timeout: 20_000 });
    const before = {
      url: page.url(),
      board: await page.locator('.board-area').innerText(),
      seats: await page.locator('.seat-list').innerText(),
      log: await page.locator('.log-list li').count(),
    };
    expect(before.log).toBeGreaterThan(0);
    await page.reload();
    await boardShown(page);
    await page.waitForSelector('.turn-mine');
    expect(page.url()).toBe(before.url);
    expect(await page.locator('.board-area').innerText()).toBe(before.board);
    expect(await page.locator('.seat-list').innerText()).toBe(before.seats);
    expect(await page.locator('.log-list li').count()).toBe(before.log);
    expect(await page.locator('[data-connection="online"]').count()).toBe(1);
    // The table is among "your tables" in the lobby.
    await page.click('header .brand');
    await page.waitForSelector('.table-list li');
    expect(await page.locator('.table-list li').first().innerText()).toContain('MatchMaster');
    await page.context().close();
  });

  it('every one-click mode starts a game and shows its board', async () => {
    const page = await e2e.newPage('desktop');
    for (const mode of ['match', 'sweet16', 'sweet16-duel', 'matchet', 'matchet-reserve', 'matchet-stacks']) {
      await page.goto(e2e.url + '/');
      await page.click(`button[data-mode="${mode}"]`);
      await page.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
      await boardShown(page);
      expect(await page.locator('.error').count(), mode).toBe(0);
    }
    await page.context().close();
  });

  it('in German, the table frame has no English string of the shell', async () => {
    const page = await e2e.newPage('desktop', 'de-DE');
    await page.goto(e2e.url + '/');
    await page.waitForSelector('text=Jetzt spielen');
    await page.click('.game-match button.primary');
    await page.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
    await boardShown(page);
    const frame = await page.evaluate(() => {
      const main = document.querySelector('main')!.cloneNode(true) as HTMLElement;
      main.querySelector('.board-area')?.remove();
      return document.querySelector('header')!.innerText + '\n' + main.innerText;
    });
    const english = englishPhrases().filter((p) => frame.includes(p));
    expect(english).toEqual([]);
    expect(frame).toContain('Spieler');
    await page.context().close();
  });
});

describe('with friends', () => {
  it('a table from the form, its invite link, a second browser joins by it, both see the board', async () => {
    const host = await e2e.newPage('desktop');
    await host.goto(e2e.url + '/');
    await host.fill('.intro-settings input', 'Ada');
    await host.selectOption('.create-form select[name="game"]', 'match');
    await host.selectOption('.create-form select[name="players"]', '2');
    await host.click('.create-form button[type="submit"]');
    await host.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
    const invite = await host.locator('.invite input').inputValue();
    expect(invite).toMatch(/\/join\/[A-Za-z0-9_-]+\?invite=/);
    expect(await host.locator('.waiting').count()).toBe(1);

    const guest = await e2e.newPage('phone');
    await guest.goto(invite);
    await guest.fill('.join-form input', 'Bo');
    await guest.click('.join-form button[type="submit"]');
    await guest.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
    await boardShown(guest);
    await boardShown(host);
    expect(await host.locator('.seat-list').innerText()).toContain('Bo');
    expect(await guest.locator('.seat-list').innerText()).toContain('Ada');
    await host.context().close();
    await guest.context().close();
  });
});

describe('the connection', () => {
  it('shows when it is lost, comes back by itself and shows what happened meanwhile', async () => {
    const { ticket } = await e2e.createTable({
      game: 'matchmaster',
      players: 2,
      name: 'Ada',
      botLevel: 'easy',
    });
    const page = await e2e.newPage('desktop');
    await e2e.openAs(page, ticket!);
    await boardShown(page);
    await page.waitForSelector('[data-connection="online"]');
    const entries = await page.locator('.log-list li').count();
    await page.context().setOffline(true);
    await page.waitForSelector('[data-connection="reconnecting"]', { timeout: 20_000 });
    // Meanwhile this seat bids from elsewhere (the same ticket).
    const other = e2e.client.connect(ticket!.tableId, ticket!.token);
    const u = await other.waitFor((x) => x.legal.length > 0);
    expect((await other.act(u.legal[0]!.text)).ok).toBe(true);
    other.close();
    await page.context().setOffline(false);
    await page.waitForSelector('[data-connection="online"]', { timeout: 20_000 });
    await expect
      .poll(() => page.locator('.log-list li').count(), { timeout: 20_000 })
      .toBeGreaterThan(entries);
    // ... and the live region said it.
    await expect.poll(() => page.locator('[data-testid="announcer"]').innerText()).not.toBe('');
    await page.context().close();
  });
});

describe('the end of a game', () => {
  it('shows the result and "play again" opens a new table with the same settings', async () => {
    const { ticket } = await e2e.createTable({
      game: 'matchmaster',
      players: 2,
      name: 'Ada',
      options: { handSizes: [1] },
      botLevel: 'easy',
    });
    const page = await e2e.newPage('desktop');
    await e2e.openAs(page, ticket!);
    await boardShown(page);
    const conn = e2e.client.connect(ticket!.tableId, ticket!.token);
    await conn.ready;
    for (;;) {
      const u = await conn.waitFor((x) => x.legal.length > 0 || x.status === 'finished');
      if (u.status === 'finished') break;
      expect((await conn.act(u.legal[0]!.text)).ok).toBe(true);
    }
    conn.close();
    await page.waitForSelector('.results');
    expect(await page.locator('.results tbody tr').count()).toBe(2);
    const first = page.url();
    await page.click('.results button');
    await page.waitForURL((url) => url.href !== first && /\/t\//.test(url.pathname));
    await boardShown(page);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const again = await e2e.client.table(id);
    expect(again.game).toBe('matchmaster');
    expect(again.players).toBe(2);
    expect(again.options).toEqual({ handSizes: [1] });
    expect(again.seats[1]!.kind).toBe('bot');
    await page.context().close();
  });
});

describe('hidden cards', () => {
  /** Card notations on the page: in the text and in every attribute of the body. */
  async function pageTokens(page: Page): Promise<string> {
    return page.evaluate(() => {
      const parts: string[] = [document.body.innerText];
      for (const el of document.body.querySelectorAll('*')) {
        for (const attr of el.attributes) parts.push(attr.value);
        if (el instanceof HTMLInputElement) parts.push(el.value);
      }
      return parts.join('\n');
    });
  }

  it('no seat and no spectator sees a MatchMaster card it must not know', async () => {
    // Three people at one table, so that every seat has a page; after the bids, a few cards.
    const created = await e2e.createTable({
      game: 'matchmaster',
      players: 3,
      name: 'Ada',
      seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'open' }],
    });
    const tableId = created.table.id;
    const tickets: SeatTicket[] = [created.ticket!];
    for (const name of ['Bo', 'Cy'])
      tickets.push(await e2e.client.join(tableId, { name, invite: created.invite }));
    const conns = tickets.map((t) => e2e.client.connect(tableId, t.token));
    await Promise.all(conns.map((c) => c.ready));
    // Everyone bids; then three cards are played (one trick).
    for (const c of conns) {
      const u = await c.waitFor((x) => x.legal.length > 0);
      expect((await c.act(u.legal[0]!.text)).ok).toBe(true);
    }
    for (let played = 0; played < 3; played++) {
      const version = Math.max(...conns.map((c) => c.latest!.version));
      const ready = await Promise.all(conns.map((c) => c.waitFor((x) => x.version >= version)));
      const i = ready.findIndex((u) => u.legal.length > 0);
      expect((await conns[i]!.act(ready[i]!.legal[0]!.text)).ok).toBe(true);
    }
    // The seats stay connected while their pages are read: an absent seat would get a stand-in
    // (after the test server's 2 s grace) whose moves would change what each page may show.
    const inspected = await e2e.inspect(tableId);
    const game = inspected.game;
    const all = game.cards(inspected.state);
    const viewers: (number | null)[] = [0, 1, 2, null];
    for (const viewer of viewers) {
      const page = await e2e.newPage('desktop');
      if (viewer === null) await e2e.spectate(page, tableId);
      else await e2e.openAs(page, tickets[viewer]!);
      await boardShown(page);
      await page.waitForFunction(() => document.querySelectorAll('.log-list li').length > 0);
      const text = await pageTokens(page);
      const hidden = game.hiddenCards(inspected.state, viewer);
      // A card counts as leaked when it is hidden and no copy of it is visible to this viewer.
      const visible = [...all];
      for (const card of hidden) visible.splice(visible.indexOf(card), 1);
      const shown = (card: string) => new RegExp(`(^|[^A-Za-z0-9])${card}($|[^A-Za-z0-9])`).test(text);
      const leaked = [...new Set(hidden)].filter((card) => !visible.includes(card) && shown(card));
      expect(leaked, `viewer ${viewer}`).toEqual([]);
      // The scan does see cards: the seat's own hand is on its page.
      if (viewer !== null) {
        const own = (game.view(inspected.state, viewer) as { myHand?: string[] }).myHand ?? [];
        expect(own.length).toBeGreaterThan(0);
        expect(own.filter(shown)).toEqual(own);
      }
      await page.context().close();
    }
    for (const c of conns) c.close();
  });
});
