/**
 * The browser tests' shared server: one matchbox server process for every test file of a run that
 * needs no server of its own (harness.ts), started by global-setup.ts from the TypeScript sources
 * with tsx (`--conditions=matchbox-source`, so an edit is tested without a build), under a test
 * configuration: SQLite in a temporary folder, bots without pause, a short stand-in grace, limits per address raised (all
 * the files' tables and accounts come from one address), a small analysis budget, and the test
 * routes (test-routes.ts) with which a file reads a table's state and plays a seat's moves.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../scripts/build.ts';

/** The environment of the shared server: what differs from a player's server is said here. */
export function sharedServerEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    MATCHBOX_DATA: dataDir,
    BOT_PACE_MS: '0',
    BOT_TIME_MS: '500',
    BOT_THREADS: '1',
    TABLES_PER_ADDRESS: '100000',
    ADDRESS_LIMITS_SCALE: '1000',
    ANALYSIS_BUDGET: '40',
    MATCHBOX_TEST_ROUTES: '1',
    // argon2id at its smallest cost: the browser tests sign up and log in often.
    MATCHBOX_TEST_PASSWORDS: '1',
    // No pairing: files that press "Play now" at once get tables of their own, never each other's
    // (pairing.test.ts has a server of its own with the countdown).
    PAIRING_COUNTDOWN_MS: '0',
    // A closed page's seat gets its stand-in within 2 s (a reload in a test reconnects well within
    // it), and a table nobody plays at any more ends after 20 s: stand-ins.test.ts waits for both.
    STAND_IN_GRACE_MS: '2000',
    ABANDON_AFTER_MS: '20000',
    // No table's pause at a hand's end: games with bots play on at once (a file that shows the
    // pause has a server of its own).
    TABLE_PAUSE_MS: '0',
    LOG_LEVEL: 'warn',
    NODES: '1',
  };
  // SQLite, whatever the run's services: the browser tests test the app, not the stores.
  for (const name of ['DATABASE_URL', 'DATABASE_SCHEMA', 'REDIS_URL', 'PUBLIC_URL', 'MATCHBOX_SECRET'])
    delete env[name];
  return env;
}

export interface SharedServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** Starts the server process and resolves with its address once it listens. */
export async function startSharedServer(): Promise<SharedServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'matchbox-e2e-'));
  const child = spawn(
    process.execPath,
    ['--conditions=matchbox-source', '--import', 'tsx', 'packages/server/src/main.ts'],
    { cwd: REPO_ROOT, env: sharedServerEnv(dataDir), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await listening(child);
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The URL the server prints ("matchbox server: <url>"), or an error when it exits first. */
function listening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the shared test server did not start within 120 s: ${out}`));
    }, 120_000);
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      out += chunk;
      const found = /matchbox server: (http:\/\/\S+)/.exec(out);
      if (!found) return;
      clearTimeout(timer);
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      resolve(found[1]!);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the shared test server exited (${code ?? signal}) before it listened: ${out}`));
    });
  });
}
