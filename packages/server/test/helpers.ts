/** Test helpers: a real server on a free loopback port with its own data folder. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { RunningServer, ServerConfig } from '../src/index.ts';
import { configFromEnv, startServer } from '../src/index.ts';

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...configFromEnv({}),
    port: 0,
    host: '127.0.0.1',
    dataDir: mkdtempSync(join(tmpdir(), 'matchbox-server-')),
    botPaceMs: 0,
    // No pause at a hand's end: tests play on at once (table-pause.test.ts asks for one).
    tablePauseMs: 0,
    botTimeMs: 500,
    botThreads: 1,
    logLevel: 'silent',
    // argon2id at its smallest cost: these tests sign up and log in hundreds of times
    // (login-limits.test.ts checks the real cost on its own).
    testPasswords: true,
    ...overrides,
  };
}

export async function startTestServer(
  overrides: Partial<ServerConfig> = {},
): Promise<RunningServer & { config: ServerConfig; stop(): Promise<void> }> {
  const config = testConfig(overrides);
  const server = await startServer(config, { log: pino({ level: 'silent' }) });
  return {
    ...server,
    config,
    async stop() {
      await server.close();
      if (!config.databaseUrl) rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until `holds`, checking every 10 ms, and fails naming `what` after `timeoutMs` (10 s by
 * default). Bounded by time, not by a count of checks: a loaded machine answers late, not never.
 */
export async function until(
  holds: () => boolean,
  what = 'the condition held',
  timeoutMs = 10_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!holds()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
