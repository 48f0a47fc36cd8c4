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
import type { TableUpdate } from '@matchbox/client';
import { MatchboxClient } from '@matchbox/client';
import type { Socket } from 'socket.io-client';
import { io } from 'socket.io-client';

const { values } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    steps: { type: 'string', default: '250,500,1000,2000' },
    seconds: { type: 'string', default: '10' },
    'bot-seconds': { type: 'string', default: '8' },
  },
  strict: true,
});
const steps = values.steps.split(',').map(Number);
const seconds = Number(values.seconds);
const ROOT = resolve(import.meta.dirname, '../../..');
const SOCKETS_PER_SEAT = 16;

async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=matchbox-source', 'packages/server/src/main.ts'],
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
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /matchbox server: (\S+)/.exec(out);
      if (m) done(m[1]!);
    });
    child.on('exit', (code) => fail(new Error(`server exited ${code}`)));
  });
  return { child, url };
}

async function metric(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(name + ' ') || l.startsWith(name + '{'));
  return line ? Number(line.split(' ').at(-1)) : NaN;
}

const quantile = (xs: number[], q: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

interface Table {
  id: string;
  latest: (TableUpdate | null)[];
  pending: { version: number; start: number; waiting: Set<number> } | null;
}

async function connectSockets(url: string): Promise<Socket[][]> {
  const sockets: Socket[][] = [];
  for (let seat = 0; seat < 4; seat++) {
    sockets.push([]);
    for (let k = 0; k < SOCKETS_PER_SEAT; k++) {
      const s = io(url, { transports: ['websocket'] });
      await new Promise<void>((r) => s.once('connect', () => r()));
      sockets[seat]!.push(s);
    }
  }
  return sockets;
}

async function loadSteps(url: string) {
  const client = new MatchboxClient(url);
  const sockets = await connectSockets(url);
  const tables = new Map<string, Table>();
  const rtts: number[] = [];
  let actions = 0;
  let errors = 0;
  const onUpdate = (seat: number) => (u: TableUpdate) => {
    const t = tables.get(u.tableId);
    if (!t) return;
    t.latest[seat] = u;
    const p = t.pending;
    if (p && u.version >= p.version && p.waiting.delete(seat) && p.waiting.size === 0) {
      rtts.push(performance.now() - p.start);
      t.pending = null;
    }
  };
  sockets.forEach((list, seat) => list.forEach((s) => s.on('update', onUpdate(seat))));
  const results = [];
  let created = 0;
  for (const target of steps) {
    while (created < target) {
      const batch = Math.min(50, target - created);
      await Promise.all(
        Array.from({ length: batch }, async () => {
          const made = await client.createTable({
            game: 'matchmaster',
            players: 4,
            name: 'Bench',
            seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'open' }, { kind: 'open' }],
          });
          const id = made.table.id;
          const tokens = [made.ticket!.token];
          for (let i = 1; i < 4; i++)
            tokens.push((await client.join(id, { name: `B${i}`, invite: made.invite })).token);
          const t: Table = { id, latest: [null, null, null, null], pending: null };
          tables.set(id, t);
          const n = created++;
          await Promise.all(
            tokens.map(
              (token, seat) =>
                new Promise<void>((done) =>
                  sockets[seat]![n % SOCKETS_PER_SEAT]!.emit(
                    'hello',
                    { tableId: id, token },
                    (ack: { ok: boolean; update: TableUpdate }) => {
                      if (ack.ok) t.latest[seat] = ack.update;
                      done();
                    },
                  ),
                ),
            ),
          );
        }),
      );
    }
    // Each table acts about once every 2 s, spread evenly.
    rtts.length = 0;
    actions = 0;
    errors = 0;
    const list = [...tables.values()];
    const lagBefore = await metric(url, 'matchbox_nodejs_eventloop_lag_p99_seconds');
    const started = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      const slot = Math.floor((now - started) / 20) % 100;
      for (let i = slot; i < list.length; i += 100) {
        const t = list[i]!;
        if (t.pending) continue;
        const seat = t.latest.findIndex((u) => u && u.legal.length > 0 && u.status === 'playing');
        if (seat < 0) continue;
        const u = t.latest[seat]!;
        t.pending = { version: u.version + 1, start: performance.now(), waiting: new Set([0, 1, 2, 3]) };
        sockets[seat]![list.indexOf(t) % SOCKETS_PER_SEAT]!.emit(
          'act',
          { tableId: t.id, action: u.legal[0]!.text },
          (ack: { ok: boolean }) => {
            if (ack.ok) actions++;
            else {
              errors++;
              t.pending = null;
            }
          },
        );
      }
    }, 20);
    await new Promise((r) => setTimeout(r, seconds * 1000));
    clearInterval(ticker);
    await new Promise((r) => setTimeout(r, 500));
    const elapsed = (performance.now() - started) / 1000;
    results.push({
      tables: target,
      actionsPerSecond: Math.round(actions / elapsed),
      p50ms: Number(quantile(rtts, 0.5).toFixed(1)),
      p99ms: Number(quantile(rtts, 0.99).toFixed(1)),
      errors,
      serverRssMb: Math.round((await metric(url, 'matchbox_process_resident_memory_bytes')) / 2 ** 20),
      eventLoopLagP99ms: Number(
        ((await metric(url, 'matchbox_nodejs_eventloop_lag_p99_seconds')) * 1000).toFixed(1),
      ),
      lagBefore,
    });
    if (!values.json) console.log(results.at(-1));
  }
  for (const list of sockets) for (const s of list) s.close();
  return results;
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
const { child, url } = await startServer(dir);
try {
  const load = await loadSteps(url);
  child.kill('SIGKILL');
  const memoryPerIdleTableKb = await idleMemory();
  const botMovesPerSecond: Record<string, number> = {};
  for (const level of ['easy', 'medium', 'hard', 'expert']) botMovesPerSecond[level] = await botRate(level);
  const report = { load, memoryPerIdleTableKb, botMovesPerSecond };
  console.log(values.json ? JSON.stringify(report, null, 2) : report);
} finally {
  child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
