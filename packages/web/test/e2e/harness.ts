/**
 * Browser tests against the real thing: the built web app (built here when dist/ is missing or
 * older than its sources), a real matchbox server in this process (free port, its own data
 * folder, bots without pause), and a headless Chromium (scripts/chromium.ts finds one: CHROMIUM_PATH,
 * Debian's, Playwright's or the one shipped in the @sparticuz/chromium dev dependency) driven by
 * playwright-core.
 *
 *   const e2e = await startE2E();            // in beforeAll
 *   const page = await e2e.newPage('phone');
 *   const { table, ticket } = await e2e.createTable({ game: 'matchmaster', players: 4, name: 'Ada' });
 *   await e2e.openAs(page, ticket);          // the seat's token in localStorage, then /t/<id>
 *   await e2e.close();                       // in afterAll
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { CreateTableBody, CreateTableReply, SeatTicket } from '@matchbox/client';
import { MatchboxClient } from '@matchbox/client';
import type { RunningServer, ServerConfig } from '@matchbox/server';
import { configFromEnv, startServer } from '@matchbox/server';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { REPO_ROOT, ensureWebBuilt } from '../../scripts/build.ts';
import { connectChromium, launchChromium } from '../../scripts/chromium.ts';

export { REPO_ROOT, WEB_DIST, WEB_ROOT, ensureWebBuilt, webBuildIsFresh } from '../../scripts/build.ts';
/**
 * Where the screenshot tests write: docs/screenshots with MATCHBOX_SCREENSHOTS=1 (to update them),
 * otherwise a temporary folder, so that a test run leaves the work tree as it was.
 */
export const SCREENSHOT_DIR =
  process.env.MATCHBOX_SCREENSHOTS === '1'
    ? join(REPO_ROOT, 'docs/screenshots')
    : join(tmpdir(), 'matchbox-shots');

export { findChromium, launchChromium } from '../../scripts/chromium.ts';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 360, height: 740 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export interface E2E {
  readonly server: RunningServer;
  readonly config: ServerConfig;
  readonly browser: Browser;
  readonly client: MatchboxClient;
  readonly url: string;
  /**
   * A page in a fresh browser context (its own localStorage) at a named or given viewport. The
   * page asks for reduced motion (the app then moves nothing, so a test waits for no animation)
   * unless `motion` is set: a test of the motion itself sees it as a player does.
   */
  newPage(
    viewport?: ViewportName | { width: number; height: number },
    locale?: string,
    options?: { serviceWorkers?: boolean; motion?: boolean },
  ): Promise<Page>;
  /** Another page in the same context as `page` (same localStorage: the same person). */
  samePerson(page: Page): Promise<Page>;
  /** A table through the HTTP API (default: the creator's seat open, bots elsewhere). */
  createTable(body: CreateTableBody): Promise<CreateTableReply>;
  /** Stores the seat's ticket as the web app does, then opens the table page. */
  openAs(page: Page, ticket: SeatTicket): Promise<void>;
  /** Opens the table page as a spectator. */
  spectate(page: Page, tableId: string): Promise<void>;
  /** A PNG of the page (full page unless told otherwise); folders are created. */
  screenshot(page: Page, path: string, fullPage?: boolean): Promise<void>;
  /**
   * Waits until the page stands still, instead of sleeping for as long as it might move: no
   * element matches `busy` (a banner, a card about to turn down...), no finite CSS animation or
   * transition runs, and two frames have been drawn since.
   */
  settle(page: Page, busy?: string): Promise<void>;
  /**
   * Plays `seat`'s turns on the server itself until `until(state)` holds (the real engine state)
   * or the game is over, while the table's bots answer as usual: the quick way to a late position
   * (a fourth hand, a grid with piles), which a page then opens and plays on from as a player
   * would. `choose` picks among the legal actions (default: the n-th, wrapping). Returns the
   * number of actions played.
   */
  advance(
    tableId: string,
    seat: number,
    until: (state: never) => boolean,
    choose?: (legal: readonly string[], n: number) => string,
  ): Promise<number>;
  /** Stops the server and starts it again on the same port and data (pages keep their URL). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** See E2E.settle: usable without a server too. */
export async function settle(page: Page, busy?: string): Promise<void> {
  await page.waitForFunction(
    (selector) => {
      if (selector && document.querySelector(selector)) return false;
      return document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity);
    },
    busy ?? null,
    { polling: 'raf', timeout: 30_000 },
  );
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/** The key under which the web app keeps seat tickets (see src/tickets.ts). */
export const TICKETS_KEY = 'matchbox.tickets';

/**
 * The run's one Chromium (global-setup.ts), connected; a browser of this file's own when the file
 * runs without that setup.
 */
function sharedChromium(): Promise<Browser> {
  const endpoint = inject('chromiumWs');
  return endpoint ? connectChromium(endpoint) : launchChromium();
}

export async function startE2E(overrides: Partial<ServerConfig> = {}): Promise<E2E> {
  await ensureWebBuilt({ quiet: true });
  const config: ServerConfig = {
    ...configFromEnv({}),
    port: 0,
    host: '127.0.0.1',
    dataDir: mkdtempSync(join(tmpdir(), 'matchbox-web-')),
    botPaceMs: 0,
    botTimeMs: 500,
    botThreads: 1,
    logLevel: 'silent',
    ...overrides,
  };
  let server = await startServer(config);
  const browser = await sharedChromium();
  const client = new MatchboxClient(server.url);
  const contexts: BrowserContext[] = [];
  const e2e: E2E = {
    get server() {
      return server;
    },
    config,
    browser,
    client,
    url: server.url,
    async newPage(viewport = 'desktop', locale = 'en-GB', options = {}) {
      const size = typeof viewport === 'string' ? VIEWPORTS[viewport] : viewport;
      // The app's service worker caches the whole build at install: only the offline tests,
      // which need it, let it register; elsewhere it would only cost time.
      const context = await browser.newContext({
        viewport: size,
        locale,
        baseURL: server.url,
        serviceWorkers: options.serviceWorkers ? 'allow' : 'block',
        reducedMotion: options.motion ? 'no-preference' : 'reduce',
      });
      contexts.push(context);
      return context.newPage();
    },
    samePerson(page) {
      return page.context().newPage();
    },
    createTable(body) {
      return client.createTable(body);
    },
    async openAs(page, ticket) {
      if (page.url() === 'about:blank') await page.goto(server.url + '/');
      await page.evaluate(
        ([key, t]) => {
          const list = JSON.parse(localStorage.getItem(key) ?? '[]') as { tableId: string }[];
          localStorage.setItem(key, JSON.stringify([...list.filter((x) => x.tableId !== t.tableId), t]));
        },
        [TICKETS_KEY, ticket] as const,
      );
      await page.goto(`${server.url}/t/${ticket.tableId}`);
    },
    async spectate(page, tableId) {
      await page.goto(`${server.url}/t/${tableId}`);
    },
    async screenshot(page, path, fullPage = true) {
      mkdirSync(dirname(path), { recursive: true });
      await page.screenshot({ path, fullPage });
    },
    settle,
    async advance(tableId, seat, until, choose = (legal, n) => legal[(n * 7) % legal.length]!) {
      const deadline = Date.now() + 120_000;
      for (let n = 0; ;) {
        const live = server.service.inspect(tableId);
        if (!live) throw new Error(`no table ${tableId}`);
        const game = live.game;
        const state = live.state;
        if (game.isOver(state) || until(state as never)) return n;
        if (Date.now() > deadline) throw new Error(`advance: no such position after ${n} actions`);
        if (!game.toAct(state).includes(seat)) {
          await new Promise((r) => setTimeout(r, 5)); // the bots' turn
          continue;
        }
        const legal = game.legalActions(state, seat).map((a) => game.formatAction(a));
        const done = await server.service.act(tableId, seat, choose(legal, n), 'human');
        if (!done.ok) throw new Error(`advance: ${done.error.code}: ${done.error.message}`);
        n++;
      }
    },
    async restart() {
      const port = server.port;
      await server.close();
      server = await startServer({ ...config, port });
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await server.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
  return e2e;
}
