/**
 * Browser tests against the real thing: the built web app (built here when dist/ is missing or
 * older than its sources), a real matchbox server in this process (free port, its own data
 * folder, bots without pause), and Debian's Chromium driven by playwright-core.
 *
 *   const e2e = await startE2E();            // in beforeAll
 *   const page = await e2e.newPage('phone');
 *   const { table, ticket } = await e2e.createTable({ game: 'matchmaster', players: 4, name: 'Ada' });
 *   await e2e.openAs(page, ticket);          // the seat's token in localStorage, then /t/<id>
 *   await e2e.close();                       // in afterAll
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CreateTableBody, CreateTableReply, SeatTicket } from '@matchbox/client';
import { MatchboxClient } from '@matchbox/client';
import type { RunningServer, ServerConfig } from '@matchbox/server';
import { configFromEnv, startServer } from '@matchbox/server';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';

export const WEB_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const REPO_ROOT = resolve(WEB_ROOT, '../..');
export const WEB_DIST = join(WEB_ROOT, 'dist');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 360, height: 740 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** What the web build reads: a change in any of these makes dist/ stale. */
const SOURCES = [
  join(WEB_ROOT, 'src'),
  join(WEB_ROOT, 'index.html'),
  join(WEB_ROOT, 'vite.config.ts'),
  join(WEB_ROOT, 'public'),
  join(REPO_ROOT, 'docs/rules'),
  join(REPO_ROOT, 'packages/client/src'),
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function webBuildIsFresh(): boolean {
  const index = join(WEB_DIST, 'index.html');
  if (!existsSync(index)) return false;
  const built = statSync(index).mtimeMs;
  return SOURCES.every((s) => newestMtime(s) <= built);
}

/**
 * Builds the web app into dist/ unless it is fresh. Test files run in parallel workers, so the
 * build holds a lock (a directory) and goes to a temporary folder that then replaces dist/.
 */
export async function ensureWebBuilt(): Promise<void> {
  const lock = join(WEB_ROOT, '.build-lock');
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (webBuildIsFresh()) return;
    try {
      mkdirSync(lock);
      break;
    } catch {
      // another worker builds: a lock older than four minutes is left over from a killed run
      try {
        if (Date.now() - statSync(lock).mtimeMs > 240_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // gone meanwhile
      }
      if (Date.now() > deadline) throw new Error('timed out waiting for the web build of another test');
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    if (webBuildIsFresh()) return;
    const out = join(WEB_ROOT, `.dist-${process.pid}`);
    const built = spawnSync(
      process.execPath,
      [join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', out, '--logLevel', 'warn'],
      { cwd: WEB_ROOT, encoding: 'utf8', timeout: 240_000 },
    );
    if (built.status !== 0) {
      rmSync(out, { recursive: true, force: true });
      throw new Error(`the web build failed:\n${built.stdout}\n${built.stderr}`);
    }
    const old = join(WEB_ROOT, `.dist-old-${process.pid}`);
    if (existsSync(WEB_DIST)) renameSync(WEB_DIST, old);
    renameSync(out, WEB_DIST);
    rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface E2E {
  readonly server: RunningServer;
  readonly config: ServerConfig;
  readonly browser: Browser;
  readonly client: MatchboxClient;
  readonly url: string;
  /** A page in a fresh browser context (its own localStorage) at a named or given viewport. */
  newPage(viewport?: ViewportName | { width: number; height: number }, locale?: string): Promise<Page>;
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
  close(): Promise<void>;
}

/** The key under which the web app keeps seat tickets (see src/tickets.ts). */
export const TICKETS_KEY = 'matchbox.tickets';

export async function startE2E(overrides: Partial<ServerConfig> = {}): Promise<E2E> {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run installs it)`);
  await ensureWebBuilt();
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
  const server = await startServer(config);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const client = new MatchboxClient(server.url);
  const contexts: BrowserContext[] = [];
  const e2e: E2E = {
    server,
    config,
    browser,
    client,
    url: server.url,
    async newPage(viewport = 'desktop', locale = 'en-GB') {
      const size = typeof viewport === 'string' ? VIEWPORTS[viewport] : viewport;
      const context = await browser.newContext({ viewport: size, locale, baseURL: server.url });
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
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await server.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
  return e2e;
}
