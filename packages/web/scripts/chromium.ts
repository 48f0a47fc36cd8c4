/**
 * Finds and launches the headless Chromium that the browser tests and screenshot scripts drive
 * through playwright-core, so that `npm install && npm test` needs nothing but Node and npm.
 * The first of these that exists wins:
 *
 *   1. `CHROMIUM_PATH` (an explicit binary; an error when it names nothing);
 *   2. Debian's `/usr/bin/chromium`;
 *   3. a browser that `npx playwright install chromium` put under `PLAYWRIGHT_BROWSERS_PATH` or
 *      ~/.cache/ms-playwright;
 *   4. the headless Chromium shipped inside the `@sparticuz/chromium` dev dependency: its
 *      brotli-packed binary is unpacked once into node_modules/.cache/matchbox-chromium/<version>
 *      (about 2 s; later runs reuse it). Concurrent callers each unpack to a file of their own and
 *      rename it into place, so nobody ever starts a half-written binary.
 *
 *   const browser = await launchChromium();              // playwright-core's Browser
 *   const found = await findChromium(); found.path;      // where it is, found.source: which one
 *
 * `tsx packages/web/scripts/chromium.ts` prints which browser a run would use.
 */
import {
  chmodSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createBrotliDecompress } from 'node:zlib';
import type { Browser, BrowserServer, LaunchOptions } from 'playwright-core';
import { chromium } from 'playwright-core';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where a browser came from, in the order they are tried. */
export type ChromiumSource = 'CHROMIUM_PATH' | 'debian' | 'playwright' | '@sparticuz/chromium';

export interface FoundChromium {
  readonly path: string;
  readonly source: ChromiumSource;
}

/**
 * The flags every launch uses: headless, no sandbox (tests run as root in containers), no GPU, and
 * nothing that talks to the network on its own (no QUIC, first-run pages, component updates,
 * sync or background requests), so that a run touches only the local test server.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** A Playwright-installed Chromium: the revision this playwright-core wants, else any other. */
function playwrightChromium(): string | undefined {
  try {
    const wanted = chromium.executablePath();
    if (wanted && existsSync(wanted)) return wanted;
  } catch {
    // this playwright-core names no browser for this platform
  }
  const root = process.env.PLAYWRIGHT_BROWSERS_PATH || join(homedir(), '.cache/ms-playwright');
  if (!existsSync(root)) return undefined;
  const candidates = readdirSync(root)
    .filter((d) => /^chromium(_headless_shell)?-\d+$/.test(d))
    .sort((a, b) => Number(b.split('-')[1]) - Number(a.split('-')[1]));
  for (const dir of candidates) {
    for (const rel of [
      'chrome-linux64/chrome',
      'chrome-linux/chrome',
      'chrome-headless-shell-linux64/chrome-headless-shell',
      'chrome-linux/headless_shell',
    ]) {
      const path = join(root, dir, rel);
      if (existsSync(path)) return path;
    }
  }
  return undefined;
}

/** The folder of the installed `@sparticuz/chromium` package, or undefined when it is not installed. */
function sparticuzRoot(): string | undefined {
  const require = createRequire(join(REPO_ROOT, 'packages/web/package.json'));
  let entry: string;
  try {
    entry = require.resolve('@sparticuz/chromium');
  } catch {
    return undefined;
  }
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'bin/chromium.br'))) return dir;
  }
  return undefined;
}

/** Unpacks the npm-shipped Chromium once (atomically) and returns the binary's path. */
async function sparticuzChromium(): Promise<string | undefined> {
  const root = sparticuzRoot();
  if (!root) return undefined;
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const dir = join(REPO_ROOT, 'node_modules/.cache/matchbox-chromium', version);
  const binary = join(dir, 'chromium');
  if (existsSync(binary)) return binary;
  mkdirSync(dir, { recursive: true });
  const partial = `${binary}.${process.pid}.${Date.now()}.part`;
  try {
    await pipeline(
      createReadStream(join(root, 'bin/chromium.br')),
      createBrotliDecompress(),
      createWriteStream(partial),
    );
    chmodSync(partial, 0o755);
    renameSync(partial, binary);
  } finally {
    rmSync(partial, { force: true });
  }
  return binary;
}

/** The browser to use, by the order above; throws with what was looked for when there is none. */
export async function findChromium(): Promise<FoundChromium> {
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit) {
    if (!existsSync(explicit)) throw new Error(`CHROMIUM_PATH=${explicit} does not exist`);
    return { path: explicit, source: 'CHROMIUM_PATH' };
  }
  if (existsSync(DEBIAN_CHROMIUM)) return { path: DEBIAN_CHROMIUM, source: 'debian' };
  const playwright = playwrightChromium();
  if (playwright) return { path: playwright, source: 'playwright' };
  const shipped = await sparticuzChromium();
  if (shipped) return { path: shipped, source: '@sparticuz/chromium' };
  throw new Error(
    "no Chromium found: set CHROMIUM_PATH, install Debian's chromium, run `npx playwright install chromium`, " +
      'or run `npm install` (the @sparticuz/chromium dev dependency of @matchbox/web ships one)',
  );
}

let found: Promise<FoundChromium> | undefined;

/** Launches the found Chromium headless with CHROMIUM_ARGS (plus any `options.args`). */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  found ??= findChromium();
  const { path } = await found.catch((e: unknown) => {
    found = undefined;
    throw e;
  });
  return chromium.launch({
    ...options,
    executablePath: path,
    headless: true,
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
  });
}

/**
 * Starts the found Chromium as a browser server (CHROMIUM_ARGS, headless) that several processes
 * drive at once through `chromium.connect(server.wsEndpoint())`: the browser tests' one Chromium.
 */
export async function launchChromiumServer(): Promise<{ browser: BrowserServer; found: FoundChromium }> {
  found ??= findChromium();
  const chosen = await found.catch((e: unknown) => {
    found = undefined;
    throw e;
  });
  const browser = await chromium.launchServer({
    executablePath: chosen.path,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
  return { browser, found: chosen };
}

/** Connects to a browser server that `launchChromiumServer` started (in this or another process). */
export function connectChromium(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { path, source } = await findChromium();
  const browser = await launchChromium();
  console.log(`${source}: ${path} (Chromium ${browser.version()})`);
  await browser.close();
}
