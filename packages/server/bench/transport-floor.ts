/**
 * `npm run bench:floor [-- --steps 1000,2000] [-- --seconds 20] [-- --runs 3] [-- --update full|events]`
 *
 * The floor under the server's figures: what the transport alone costs when people play, with no
 * game, no storage and no views. A bare socket.io server with the real server's transport
 * settings (`transportOptions` of realtime.ts: WebSocket only, the same JSON encoder, the same
 * pings; `--ping MS` tries another ping interval) answers each `act` with its
 * acknowledgement and sends each of the table's four seats an update of a real update's size (a
 * MatchMaster seat's update in the bidding, with its seats; `--update events`: only the version,
 * one event and whose turn it is, as a delta update would carry). The generator is the load of
 * `npm run bench:server`: one socket.io connection per seat, four per table, a seat acting 1.5 to
 * 2.5 s after the previous action of its table, in separate processes. Per step it reports the
 * actions per second, the round trip from `act` to its acknowledgement and every seat's update
 * (p50, p99, max), the server's CPU per action (user and system time of its process), the bytes it
 * allocated per action and its collector's pauses (count, total, longest; heap-watch.ts), its RSS
 * per table above its idle RSS, the generators' own CPU per action, and the machine's load
 * average. Every figure is the median over `--runs` runs (3 by default). Loopback only.
 *
 * Comparing it with `npm run bench:server` at the same step tells what the server's own work adds
 * to the transport's cost (docs/server.md, "The transport's floor").
 */
import type { ChildProcess } from 'node:child_process';
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { GameSession, getGame } from '@matchbox/engine';
import type { OpenGame } from '@matchbox/engine';
import { Server } from 'socket.io';
import type { Socket as ClientSocket } from 'socket.io-client';
import { io as connect } from 'socket.io-client';
import { configFromEnv } from '../src/config.ts';
import { transportOptions } from '../src/realtime.ts';
import type { HeapReading } from '../src/heap-watch.ts';
import { HeapWatch } from '../src/heap-watch.ts';

type Message =
  | { type: 'listening'; port: number }
  | { type: 'mark' }
  | { type: 'report' }
  | { type: 'server'; actions: number; cpuMs: number; rss: number; heap: HeapReading }
  | { type: 'latencies'; ms: number[]; cpuMs: number }
  | { type: 'ready' };

const role = process.env.FLOOR_ROLE ?? 'run';

/** A MatchMaster seat's update as the server sends it in the bidding, with four people's seats. */
function sampleUpdate(kind: string): Record<string, unknown> {
  if (kind === 'events')
    return { version: 5, from: 4, seat: 0, events: [{ type: 'bid_made', seat: 1 }], toAct: [2], legal: [] };
  const started = GameSession.start(getGame('matchmaster') as OpenGame, { players: 4, seed: 'floor' });
  if (!started.ok) throw new Error(started.error.message);
  const seats = [0, 1, 2, 3].map((i) => ({
    kind: 'human',
    name: `Player ${i + 1}`,
    present: true,
    avatar: 'fox',
  }));
  return {
    ...started.value.session.updateFor(0),
    version: 5,
    from: 4,
    status: 'playing',
    seats,
    deadlineAt: null,
  };
}

function usage(): { cpuMs: number; rss: number } {
  const c = process.cpuUsage();
  return { cpuMs: (c.user + c.system) / 1000, rss: process.memoryUsage().rss };
}

function serve(): void {
  const update = sampleUpdate(process.env.FLOOR_UPDATE ?? 'full');
  const http = createServer();
  const ping = process.env.FLOOR_PING_MS;
  const io = new Server(http, transportOptions(configFromEnv(ping ? { PING_INTERVAL_MS: ping } : {})));
  const tables = new Map<number, { emit: (e: string, u: unknown) => void }[]>();
  let actions = 0;
  let mark = { ...usage(), actions: 0 };
  const heap = new HeapWatch();
  io.on('connection', (socket) => {
    socket.on('hello', (msg: { table: number }, ack: (a: unknown) => void) => {
      const seats = tables.get(msg.table) ?? [];
      seats.push(socket);
      tables.set(msg.table, seats);
      ack({ ok: true });
    });
    socket.on('act', (msg: { table: number; version: number }, ack: (a: unknown) => void) => {
      actions++;
      const seats = tables.get(msg.table) ?? [];
      seats.forEach((s, seat) => s.emit('update', { ...update, seat, version: msg.version }));
      ack({ ok: true, version: msg.version });
    });
  });
  http.listen(0, '127.0.0.1', () =>
    process.send!({ type: 'listening', port: (http.address() as AddressInfo).port } satisfies Message),
  );
  process.on('message', (m: Message) => {
    if (m.type === 'mark') {
      mark = { ...usage(), actions };
      heap.start();
    }
    if (m.type === 'report') {
      const now = usage();
      process.send!({
        type: 'server',
        actions: actions - mark.actions,
        cpuMs: now.cpuMs - mark.cpuMs,
        rss: now.rss,
        heap: heap.read(),
      } satisfies Message);
    }
  });
}

function play(): void {
  const port = Number(process.env.FLOOR_PORT);
  const first = Number(process.env.FLOOR_FIRST);
  const count = Number(process.env.FLOOR_COUNT);
  let version = first * 1_000_000;
  let latencies: number[] | null = null;
  /** Per version: when `act` was sent and how many answers (ack and four updates) are still due. */
  const due = new Map<number, { at: number; left: number }>();
  const heard = (v: number) => {
    const d = due.get(v);
    if (!d || --d.left > 0) return;
    due.delete(v);
    latencies?.push(performance.now() - d.at);
  };
  let joined = 0;
  for (let t = first; t < first + count; t++) {
    const seats: ClientSocket[] = [];
    for (let s = 0; s < 4; s++) {
      const socket = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'] });
      socket.on('update', (u: { version: number }) => heard(u.version));
      socket.emit('hello', { table: t }, () => {
        if (++joined === count * 4) process.send!({ type: 'ready' } satisfies Message);
      });
      seats.push(socket);
    }
    let turn = 0;
    const act = () => {
      const v = ++version;
      due.set(v, { at: performance.now(), left: 5 });
      seats[turn++ % 4]!.emit('act', { table: t, version: v }, () => heard(v));
      setTimeout(act, 1500 + Math.random() * 1000);
    };
    setTimeout(act, Math.random() * 2000);
  }
  let cpu = process.cpuUsage();
  process.on('message', (m: Message) => {
    if (m.type === 'mark') {
      latencies = [];
      cpu = process.cpuUsage();
    }
    if (m.type === 'report') {
      const used = process.cpuUsage(cpu);
      const cpuMs = (used.user + used.system) / 1000;
      process.send!({ type: 'latencies', ms: latencies ?? [], cpuMs } satisfies Message);
    }
  });
}

async function run(): Promise<void> {
  const { values } = parseArgs({
    options: {
      steps: { type: 'string', default: '1000,2000' },
      seconds: { type: 'string', default: '20' },
      warmup: { type: 'string', default: '5' },
      update: { type: 'string', default: 'full' },
      /** The server's ping interval (ms) instead of the real server's default. */
      ping: { type: 'string', default: '' },
      generators: { type: 'string', default: '2' },
      /** Runs of every step (a fresh server and generators each); the figures are their medians. */
      runs: { type: 'string', default: '3' },
      json: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const children: ChildProcess[] = [];
  const child = (env: Record<string, string>) => {
    const p = fork(import.meta.filename, [], {
      execArgv: ['--import', 'tsx', '--conditions=matchbox-source'],
      env: { ...process.env, ...env },
    });
    children.push(p);
    return p;
  };
  const next = <T extends Message['type']>(p: ChildProcess, type: T) =>
    new Promise<Extract<Message, { type: T }>>((done) => {
      const on = (m: Message) => {
        if (m.type !== type) return;
        p.off('message', on);
        done(m as Extract<Message, { type: T }>);
      };
      p.on('message', on);
    });
  const wait = (s: number) => new Promise((r) => setTimeout(r, s * 1000));
  /** One step of one run: a fresh server and generators, measured over the window. */
  const measure = async (tables: number) => {
    const server = child({ FLOOR_ROLE: 'serve', FLOOR_UPDATE: values.update, FLOOR_PING_MS: values.ping });
    const { port } = await next(server, 'listening');
    await wait(1);
    server.send({ type: 'mark' });
    const idleReport = next(server, 'server');
    server.send({ type: 'report' });
    const idle = await idleReport;
    const count = Number(values.generators);
    const generators = Array.from({ length: count }, (_, g) => {
      const from = Math.floor((g * tables) / count);
      const to = Math.floor(((g + 1) * tables) / count);
      return child({
        FLOOR_ROLE: 'play',
        FLOOR_PORT: String(port),
        FLOOR_FIRST: String(from),
        FLOOR_COUNT: String(to - from),
      });
    });
    await Promise.all(generators.map((g) => next(g, 'ready')));
    await wait(Number(values.warmup));
    for (const p of [server, ...generators]) p.send({ type: 'mark' });
    await wait(Number(values.seconds));
    const serverReport = next(server, 'server');
    const generatorReports = generators.map((g) => next(g, 'latencies'));
    for (const p of [server, ...generators]) p.send({ type: 'report' });
    const s = await serverReport;
    const l = await Promise.all(generatorReports);
    const ms = l.flatMap((x) => x.ms).sort((a, b) => a - b);
    const q = (p: number) =>
      Number((ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] ?? NaN).toFixed(1));
    const row = {
      tables,
      actionsPerSecond: Math.round(s.actions / Number(values.seconds)),
      p50ms: q(0.5),
      p99ms: q(0.99),
      maxMs: q(1),
      serverCpuMsPerAction: Number((s.cpuMs / s.actions).toFixed(3)),
      allocatedKbPerAction: Number((s.heap.allocatedBytes / 1024 / s.actions).toFixed(1)),
      gcPauses: s.heap.gcCount,
      gcPauseTotalMs: Number(s.heap.gcTotalMs.toFixed(1)),
      gcPauseMaxMs: Number(s.heap.gcMaxMs.toFixed(1)),
      rssKbPerTableAboveIdle: Math.round((s.rss - idle.rss) / 1024 / tables),
      rssKbPerTable: Math.round(s.rss / 1024 / tables),
      // Where the RSS is (heap-watch.ts's `rssBreakdown`), per table, as the server bench has it.
      heapTotalKbPerTable: Math.round(s.heap.memory.heapTotal / 1024 / tables),
      heapUsedKbPerTable: Math.round(s.heap.memory.heapUsed / 1024 / tables),
      externalKbPerTable: Math.round(s.heap.memory.external / 1024 / tables),
      arrayBuffersKbPerTable: Math.round(s.heap.memory.arrayBuffers / 1024 / tables),
      rssAnonKbPerTable: Math.round(s.heap.memory.rssAnon / 1024 / tables),
      generatorCpuMsPerAction: Number((l.reduce((a, x) => a + x.cpuMs, 0) / s.actions).toFixed(3)),
      load: loadavg().map((x) => Number(x.toFixed(2))),
    };
    for (const p of [server, ...generators]) p.kill();
    await wait(2);
    return row;
  };
  type Row = Awaited<ReturnType<typeof measure>>;
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const m = s.length >> 1;
    return s.length % 2 === 1 ? s[m]! : Number(((s[m - 1]! + s[m]!) / 2).toFixed(3));
  };
  const medianRow = (runs: Row[]): Row => {
    const out: Record<string, unknown> = { ...runs[0]! };
    for (const key of Object.keys(runs[0]!) as (keyof Row)[]) {
      if (key === 'load') out.load = runs[0]!.load.map((_, i) => median(runs.map((r) => r.load[i]!)));
      else out[key] = median(runs.map((r) => r[key]));
    }
    return out as Row;
  };
  const rows: Row[] = [];
  const runs = Math.max(1, Math.round(Number(values.runs)));
  try {
    for (const tables of values.steps.split(',').map(Number)) {
      const each: Row[] = [];
      for (let i = 0; i < runs; i++) each.push(await measure(tables));
      rows.push(medianRow(each));
    }
  } finally {
    for (const p of children) p.kill();
  }
  if (values.json) console.log(JSON.stringify({ update: values.update, runs, rows }, null, 2));
  else {
    console.log(`Medians of ${runs} run(s), ${values.seconds} s windows, update "${values.update}".`);
    console.log(
      '| tables | actions/s | p50 ms | p99 ms | max ms | server CPU ms/action | allocated kB/action | GC pauses (count / total ms / longest ms) | RSS kB/table above idle | generator CPU ms/action | load average |',
    );
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
    for (const r of rows)
      console.log(
        `| ${r.tables} | ${r.actionsPerSecond} | ${r.p50ms} | ${r.p99ms} | ${r.maxMs} | ${r.serverCpuMsPerAction} | ${r.allocatedKbPerAction} | ${r.gcPauses} / ${r.gcPauseTotalMs} / ${r.gcPauseMaxMs} | ${r.rssKbPerTableAboveIdle} | ${r.generatorCpuMsPerAction} | ${r.load.join(' ')} |`,
      );
    console.log(
      '\nRSS per table (kB) by kind: all = V8 heap reserved (used) + external (ArrayBuffers) + the rest; anonymous pages.',
    );
    for (const r of rows)
      console.log(
        `${r.tables} tables: ${r.rssKbPerTable} = heap ${r.heapTotalKbPerTable} (${r.heapUsedKbPerTable}) + external ${r.externalKbPerTable} (${r.arrayBuffersKbPerTable}) + ${r.rssKbPerTable - r.heapTotalKbPerTable - r.externalKbPerTable}; anonymous ${r.rssAnonKbPerTable}`,
      );
  }
}

if (role === 'serve') serve();
else if (role === 'play') play();
else await run();
