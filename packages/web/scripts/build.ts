/**
 * The web app's build, when it is missing or older than its sources: `npm start` runs this before
 * the server (a fresh clone then serves the interface at once), and the browser tests call
 * `ensureWebBuilt()`. Parallel callers share one build through a lock directory; the build goes
 * to a temporary folder that then replaces dist/, so a running server never serves half of one.
 *
 *   tsx packages/web/scripts/build.ts          # build if stale
 *   tsx packages/web/scripts/build.ts --force  # build anyway
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress.ts';

export const WEB_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = resolve(WEB_ROOT, '../..');
export const WEB_DIST = join(WEB_ROOT, 'dist');

/** What the web build reads: a change in any of these makes dist/ stale. */
const SOURCES = [
  join(WEB_ROOT, 'src'),
  join(WEB_ROOT, 'index.html'),
  join(WEB_ROOT, 'vite.config.ts'),
  join(WEB_ROOT, 'public'),
  join(WEB_ROOT, 'scripts'),
  join(REPO_ROOT, 'packages/client/src'),
  join(REPO_ROOT, 'packages/engine/src'),
  join(REPO_ROOT, 'packages/bots/src'),
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
  // A build without its brotli and gzip copies (a plain `vite build`) is not the one we serve.
  if (!existsSync(index) || !existsSync(`${index}.br`) || !existsSync(`${index}.gz`)) return false;
  const built = statSync(index).mtimeMs;
  return SOURCES.every((s) => newestMtime(s) <= built);
}

function viteBin(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('vite/package.json')), 'bin/vite.js');
}

/** Builds the web app into dist/ unless it is fresh (or always, with `force`). */
export async function ensureWebBuilt(options: { force?: boolean; quiet?: boolean } = {}): Promise<boolean> {
  const lock = join(WEB_ROOT, '.build-lock');
  const deadline = Date.now() + 240_000;
  const fresh = () => !options.force && webBuildIsFresh();
  for (;;) {
    if (fresh()) return false;
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another process builds; a lock older than four minutes is left over from a killed run.
      try {
        if (Date.now() - statSync(lock).mtimeMs > 240_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // gone meanwhile
      }
      if (Date.now() > deadline) throw new Error('timed out waiting for another build of the web app');
      await new Promise((r) => setTimeout(r, 500));
      if (options.force && !existsSync(lock)) return true; // the other one built it
    }
  }
  try {
    if (fresh()) return false;
    const out = join(WEB_ROOT, `.dist-${process.pid}`);
    const built = spawnSync(process.execPath, [viteBin(), 'build', '--outDir', out, '--logLevel', 'warn'], {
      cwd: WEB_ROOT,
      // A production build also when called from a test runner (vitest sets NODE_ENV=test).
      env: { ...process.env, NODE_ENV: 'production' },
      encoding: 'utf8',
      timeout: 240_000,
      stdio: options.quiet ? 'pipe' : ['ignore', 'inherit', 'inherit'],
    });
    if (built.status !== 0) {
      rmSync(out, { recursive: true, force: true });
      throw new Error(`the web build failed${options.quiet ? `:\n${built.stdout}\n${built.stderr}` : ''}`);
    }
    // Every text file also as brotli and gzip, for the server to send by Accept-Encoding.
    precompress(out);
    const old = join(WEB_ROOT, `.dist-old-${process.pid}`);
    if (existsSync(WEB_DIST)) renameSync(WEB_DIST, old);
    renameSync(out, WEB_DIST);
    rmSync(old, { recursive: true, force: true });
    return true;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const force = process.argv.includes('--force');
  if (!force && webBuildIsFresh()) process.exit(0);
  process.stderr.write('matchbox: building the web interface (packages/web/dist)...\n');
  try {
    await ensureWebBuilt({ force });
  } catch (error) {
    process.stderr.write(`matchbox: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
