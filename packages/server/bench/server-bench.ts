/**
 * `npm run bench:server [-- --json] [-- --steps 250,500,1000,2000] [-- --seconds 10]`
 *
 * Starts the real server (SQLite, a fresh data folder) as a child process, then ramps the number
 * of concurrent 4-seat MatchMaster tables played by simulated people over loopback WebSockets (the
 * load generator shares the machine). Each table acts about once every 2 seconds. Per step it
 * reports tables, actions/s, the p50/p99 action round trip (from sending an action until the
 * actor's confirmation and every other seat's update have arrived), the server's RSS and its
 * event-loop lag; then memory per idle table and bot moves per second per level.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { MatchboxClient } from '@matchbox/client';
import { loadSteps, metric } from './load.ts';

const { values } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    steps: { type: 'string', default: '250,500,1000,2000' },
    seconds: { type: 'string', default: '10' },
    'bot-seconds': { type: 'string', default: '8' },
    // Writes the server's CPU profile (node --cpu-prof) of the load steps to this folder.
    profile: { type: 'string' },
    // Only the load steps (no idle memory or bot rates).
    'load-only': { type: 'boolean', default: false },
    // Extra Node flags for the server process, e.g. "--trace-gc" (its output goes to stderr).
    'server-flags': { type: 'string', default: '' },
  },
  strict: true,
});
const steps = values.steps.split(',').map(Number);
const seconds = Number(values.seconds);
const ROOT = resolve(import.meta.dirname, '../../..');

async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  profile?: string,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
      ...values['server-flags'].split(' ').filter(Boolean),
      '--import',
      'tsx',
      '--conditions=matchbox-source',
      'packages/server/src/main.ts',
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        MATCHBOX_DATA: dataDir,
        BOT_PACE_MS: '0',
        LOG_LEVEL: 'warn',
        TABLES_PER_ADDRESS: '100000',
        MESSAGES_PER_SECOND: '100000',
        CONNECTIONS_PER_TABLE: '1000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((done, fail) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      if (values['server-flags']) process.stderr.write(d); // e.g. --trace-gc prints to stdout
      out += d.toString();
      const m = /matchbox server: (\S+)/.exec(out);
      if (m) done(m[1]!);
    });
    child.on('exit', (code) => fail(new Error(`server exited ${code}`)));
  });
  return { child, url };
}

async function idleMemory(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'matchbox-bench-idle-'));
  const { child, url } = await startServer(dir);
  const client = new MatchboxClient(url);
  const before = await metric(url, 'matchbox_process_resident_memory_bytes');
  const n = 1000;
  for (let i = 0; i < n; i += 50)
    await Promise.all(
      Array.from({ length: 50 }, () =>
        client.createTable({
          game: 'matchmaster',
          players: 4,
          name: 'Idle',
          seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'open' }, { kind: 'open' }],
        }),
      ),
    );
  await new Promise((r) => setTimeout(r, 1000));
  const after = await metric(url, 'matchbox_process_resident_memory_bytes');
  child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
  return Math.round((after - before) / n / 1024);
}

async function botRate(level: string): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'matchbox-bench-bots-'));
  const { child, url } = await startServer(dir);
  const client = new MatchboxClient(url);
  for (let i = 0; i < 8; i++)
    await client.createTable({
      game: 'matchmaster',
      players: 4,
      name: 'Watch',
      spectate: true,
      seats: Array.from({ length: 4 }, () => ({ kind: 'bot' as const, level: level as 'easy' })),
    });
  const start = await metric(url, 'matchbox_actions_total');
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, Number(values['bot-seconds']) * 1000));
  const moves = (await metric(url, 'matchbox_actions_total')) - (Number.isNaN(start) ? 0 : start);
  child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
  return Math.round(moves / ((performance.now() - t0) / 1000));
}

const dir = mkdtempSync(join(tmpdir(), 'matchbox-bench-'));
const { child, url } = await startServer(dir, {}, values.profile ? resolve(values.profile) : undefined);
try {
  const load = await loadSteps([url], steps, seconds, (r) => {
    if (!values.json) console.log(r);
  });
  if (values.profile) {
    // The profile is written when the server exits on its own.
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  } else child.kill('SIGKILL');
  if (values['load-only']) {
    console.log(values.json ? JSON.stringify({ load }, null, 2) : { load });
  } else {
    const memoryPerIdleTableKb = await idleMemory();
    const botMovesPerSecond: Record<string, number> = {};
    for (const level of ['easy', 'medium', 'hard', 'expert']) botMovesPerSecond[level] = await botRate(level);
    const report = { load, memoryPerIdleTableKb, botMovesPerSecond };
    console.log(values.json ? JSON.stringify(report, null, 2) : report);
  }
} finally {
  child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
