/**
 * Browser tests against the real thing: the built web app, a real matchbox server and a headless
 * Chromium (scripts/chromium.ts finds one: CHROMIUM_PATH, Debian's, Playwright's or the one shipped
 * in the @sparticuz/chromium dev dependency) driven by playwright-core. The run's global setup
 * (global-setup.ts) builds the app and starts one Chromium and one server process (shared-server.ts)
 * for all the files; a file that stops or restarts its server asks for one of its own, in this
 * process (free port, its own data folder, bots without pause).
 *
 *   const e2e = await startE2E();            // in beforeAll; startE2E({ ownServer: {} }) for one's own
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
import type { AnyGame } from '@matchbox/engine';
import { getGame } from '@matchbox/engine';
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
  /** The file's own server (`startE2E({ ownServer })`); a file on the shared server has none. */
  readonly server: RunningServer;
  /** The own server's configuration (as `server`). */
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
  /**
   * A loaded table's engine and real state, through the server's test route (test-routes.ts): for
   * checks of what a page may show against what the table holds. Throws when it is not loaded.
   */
  inspect(tableId: string): Promise<{ game: AnyGame; state: unknown }>;
  /** Plays `action` (text notation) for `seat` as its person would, through the test route. */
  act(tableId: string, seat: number, action: string): Promise<{ ok: true } | { ok: false; code: string }>;
  /** The own server stopped and started again on the same port and data (pages keep their URL). */
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

export interface E2EOptions {
  /**
   * A server of the file's own in this process, with these settings over the test ones: for a
   * file that stops or restarts it. Without it the file uses the run's shared server.
   */
  readonly ownServer?: Partial<ServerConfig>;
}

export async function startE2E(options: E2EOptions = {}): Promise<E2E> {
  const shared = options.ownServer ? undefined : inject('serverUrl');
  const own = shared ? null : await startOwnServer(options.ownServer ?? {});
  const url = shared ?? own!.server.url;
  const browser = await sharedChromium();
  const client = new MatchboxClient(url);
  const contexts: BrowserContext[] = [];
  const ownOnly = (): NonNullable<typeof own> => {
    if (!own)
      throw new Error('this file uses the shared server: startE2E({ ownServer: {} }) for one of its own');
    return own;
  };
  const e2e: E2E = {
    get server() {
      return ownOnly().server;
    },
    get config() {
      return ownOnly().config;
    },
    browser,
    client,
    url,
    async newPage(viewport = 'desktop', locale = 'en-GB', options = {}) {
      const size = typeof viewport === 'string' ? VIEWPORTS[viewport] : viewport;
      // The app's service worker caches the whole build at install: only the offline tests,
      // which need it, let it register; elsewhere it would only cost time.
      const context = await browser.newContext({
        viewport: size,
        locale,
        baseURL: url,
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
      if (page.url() === 'about:blank') await page.goto(url + '/');
      await page.evaluate(
        ([key, t]) => {
          const list = JSON.parse(localStorage.getItem(key) ?? '[]') as { tableId: string }[];
          localStorage.setItem(key, JSON.stringify([...list.filter((x) => x.tableId !== t.tableId), t]));
        },
        [TICKETS_KEY, ticket] as const,
      );
      await page.goto(`${url}/t/${ticket.tableId}`);
    },
    async spectate(page, tableId) {
      await page.goto(`${url}/t/${tableId}`);
    },
    async screenshot(page, path, fullPage = true) {
      mkdirSync(dirname(path), { recursive: true });
      await page.screenshot({ path, fullPage });
    },
    settle,
    inspect: (tableId) => inspectTable(url, tableId),
    act: (tableId, seat, action) => actAt(url, tableId, seat, action),
    async advance(tableId, seat, until, choose = (legal, n) => legal[(n * 7) % legal.length]!) {
      const deadline = Date.now() + 120_000;
      for (let n = 0; ;) {
        const { game, state } = await e2e.inspect(tableId);
        if (game.isOver(state) || until(state as never)) return n;
        if (Date.now() > deadline) throw new Error(`advance: no such position after ${n} actions`);
        if (!game.toAct(state).includes(seat)) {
          await new Promise((r) => setTimeout(r, 10)); // the bots' turn
          continue;
        }
        const legal = game.legalActions(state, seat).map((a) => game.formatAction(a));
        const done = await e2e.act(tableId, seat, choose(legal, n));
        if (!done.ok) throw new Error(`advance: ${done.code}`);
        n++;
      }
    },
    async restart() {
      await ownOnly().restart();
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await own?.close();
    },
  };
  return e2e;
}

interface OwnServer {
  readonly config: ServerConfig;
  readonly server: RunningServer;
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** A server in this process for one file, with the test configuration of the shared one. */
async function startOwnServer(overrides: Partial<ServerConfig>): Promise<OwnServer> {
  await ensureWebBuilt({ quiet: true });
  const config: ServerConfig = {
    ...configFromEnv({}),
    port: 0,
    host: '127.0.0.1',
    dataDir: mkdtempSync(join(tmpdir(), 'matchbox-web-')),
    botPaceMs: 0,
    // No pause at a hand's end, as the shared server (shared-server.ts); a file may ask for one.
    tablePauseMs: 0,
    botTimeMs: 500,
    botThreads: 1,
    logLevel: 'silent',
    testRoutes: true,
    testPasswords: true,
    // As the shared server: no pairing unless a file asks for it (shared-server.ts).
    pairingCountdownMs: 0,
    ...overrides,
  };
  let server = await startServer(config);
  return {
    config,
    get server() {
      return server;
    },
    async restart() {
      const port = server.port;
      await server.close();
      server = await startServer({ ...config, port });
    },
    async close() {
      await server.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** GET /api/test/tables/:id: the game and its real state, deserialized here. */
async function inspectTable(url: string, tableId: string): Promise<{ game: AnyGame; state: unknown }> {
  const res = await fetch(`${url}/api/test/tables/${encodeURIComponent(tableId)}`);
  const body = (await res.json()) as { game: string; save: unknown; error?: { code: string } };
  if (!res.ok) throw new Error(`no table ${tableId}: ${body.error?.code ?? res.status}`);
  const game = getGame(body.game);
  if (!game) throw new Error(`unknown game ${body.game}`);
  const loaded = game.deserialize(body.save);
  if (!loaded.ok) throw new Error(`table ${tableId}: ${loaded.error.message}`);
  return { game, state: loaded.value };
}

/** POST /api/test/tables/:id/act. */
async function actAt(
  url: string,
  tableId: string,
  seat: number,
  action: string,
): Promise<{ ok: true } | { ok: false; code: string }> {
  const res = await fetch(`${url}/api/test/tables/${encodeURIComponent(tableId)}/act`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seat, action }),
  });
  if (res.ok) return { ok: true };
  const body = (await res.json()) as { error?: { code: string } };
  return { ok: false, code: body.error?.code ?? String(res.status) };
}

/** A rectangle on the page, as `getBoundingClientRect` gives it. */
export interface Box {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
}

/** Whether two rectangles share any area (touching edges do not count). */
export const overlap = (a: Box, b: Box): boolean =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
