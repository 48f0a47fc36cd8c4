/**
 * `npm run bench:server [-- --steps 250,500,1000,2000,3000] [-- --seconds 20] [-- --runs 3] [-- --json]`
 *
 * The server under the load of people, measured from outside: the real server process, started
 * as `npm start` starts it with its default settings (a fresh SQLite folder, any free port), and
 * separate generator processes (`players.ts`) with one socket.io connection per seat, four seats
 * per MatchMaster table, each seat acting 1.5 to 2.5 s after its turn comes. Per step (tables
 * playing at once) it reports the round trip from `act` to its acknowledgement and to every other
 * seat's update (p50, p99, max), errors, the server's longest event-loop blocks (a histogram on its
 * /metrics), its CPU time per action, the bytes it allocated per action and its collector's pauses
 * (count, total, longest: `GET /api/test/heap`, heap-watch.ts; the node starts with
 * `MATCHBOX_TEST_ROUTES=1` for that route alone), its RSS (per table too), the generators' own CPU
 * per action, and the machine's load average. Every figure is the median over `--runs` runs (3 by
 * default), each with fresh nodes and generators.
 *
 * `--nodes N` runs N nodes of the cluster mode (PostgreSQL and Redis) behind the same generators,
 * the seats of each table spread over them (`--affinity table`: each table's seats on one node;
 * `--shared-port`: one port shared by N processes, as `NODES=N npm start` runs them, each
 * connection handed to the next; event-loop blocks are then those of whichever process answers
 * /metrics); `--profile DIR` writes the server's CPU profile;
 * `--heap-profile DIR` writes each step's sampling heap profile of every node to DIR, its window
 * only, freed objects included (where the bytes allocated per action go: heap-watch.ts's
 * `AllocationSampler`; the sampling costs some CPU and allocation, so a profiled run's figures are
 * not compared with others); `--heap-snapshot DIR` writes a heap snapshot of every node to DIR
 * after each step's window (what it retains; the figures are read before it); `--server-flags "--trace-gc"` passes Node flags to the server. Loopback only; every process it
 * starts is ended when it ends.
 *
 * `--deltas` has every seat's connection say hello with `deltas: true` (docs/server.md, "Delta
 * updates"); each step reports the bytes the seats were sent per action either way (the socket.io
 * packets' text, WebSocket framing aside).
 *
 * `--analyses N` plays N short four-bot MatchMaster games to their end before the first step and
 * asks for their analyses (docs/server.md, "Analyses") when each step's window opens, so that the
 * actions are measured with analyses running (one at a time, in the node's low-priority analysis
 * thread, at the default budget); each step reports the decisions valued in its window.
 */
import type { ChildProcess } from 'node:child_process';
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { HeapReading, RssBreakdown } from '../src/heap-watch.ts';
import type { FromPlayers, ToPlayers, WindowReport } from './players.ts';

const { values } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    steps: { type: 'string', default: '250,500,1000,2000,3000' },
    /** The measured window of each step. */
    seconds: { type: 'string', default: '20' },
    /** Play before measuring, after a step's new tables joined (their first turns come at once). */
    warmup: { type: 'string', default: '5' },
    generators: { type: 'string', default: '2' },
    nodes: { type: 'string', default: '1' },
    /** With several nodes: "seat" spreads each table's seats over them (a round-robin balancer), "table" keeps them on one. */
    affinity: { type: 'string', default: 'seat' },
    /** With several nodes: run them as `NODES=N npm start` does, one port shared by N processes. */
    'shared-port': { type: 'boolean', default: false },
    profile: { type: 'string' },
    /** Writes each step's sampling heap profile of every node (its window only) to this folder. */
    'heap-profile': { type: 'string' },
    /** Writes a heap snapshot of every node to this folder after each step's window. */
    'heap-snapshot': { type: 'string' },
    'server-flags': { type: 'string', default: '' },
    /** Finished games whose analyses run during the windows (0: none). */
    analyses: { type: 'string', default: '0' },
    /** Every seat's connection takes delta updates (hello with `deltas: true`). */
    deltas: { type: 'boolean', default: false },
    /** Runs of every step (fresh nodes and generators each); the figures are their medians. */
    runs: { type: 'string', default: '3' },
  },
  strict: true,
});
const steps = values.steps.split(',').map(Number);
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);
const generatorCount = Math.max(1, Number(values.generators));
const nodeCount = Math.max(1, Number(values.nodes));
const analysisCount = Math.max(0, Number(values.analyses));
const runCount = Math.max(1, Math.round(Number(values.runs)));
const ROOT = resolve(import.meta.dirname, '../../..');
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

interface ServerNode {
  child: ChildProcess;
  url: string;
}

async function startNode(env: Record<string, string>): Promise<ServerNode> {
  const child = spawn(
    process.execPath,
    [
      ...(values.profile ? ['--cpu-prof', `--cpu-prof-dir=${resolve(values.profile)}`] : []),
      ...values['server-flags'].split(' ').filter(Boolean),
      '--import',
      'tsx',
      '--conditions=matchbox-source',
      'packages/server/src/main.ts',
    ],
    { cwd: ROOT, env: { ...process.env, PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  const url = await new Promise<string>((done, fail) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      if (values['server-flags']) process.stderr.write(d); // e.g. --trace-gc prints to stdout
      out = (out + d.toString()).slice(-4096);
      const m = /matchbox server: (\S+)/.exec(out);
      if (m) done(m[1]!);
    });
    child.on('exit', (code) => fail(new Error(`server exited ${code}`)));
  });
  return { child, url };
}

/**
 * CPU seconds and RSS bytes of a server, from /proc: with `--shared-port`, its process and the
 * server processes it started (NODES=N); else its own process (not its analysis process).
 */
function usage(pid: number): { cpu: number; rss: number } {
  if (!values['shared-port']) return processUsage(pid);
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return children.map(Number).reduce((sum, child) => {
    const u = processUsage(child);
    return { cpu: sum.cpu + u.cpu, rss: sum.rss + u.rss };
  }, processUsage(pid));
}

/** CPU seconds (user + system, every thread) and RSS bytes of one process, from /proc. */
function processUsage(pid: number): { cpu: number; rss: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = 100; // USER_HZ on Linux
  const cpu = (Number(fields[11]) + Number(fields[12])) / ticks;
  const rss = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  return { cpu, rss };
}

/** The server's event-loop blocks so far: count per lower bound (ms) and their sum. */
async function blocks(url: string): Promise<{ buckets: Map<number, number>; sum: number; lagMax: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const buckets = new Map<number, number>();
  let sum = 0;
  let lagMax = 0;
  for (const line of text.split('\n')) {
    const b = /^matchbox_eventloop_block_seconds_bucket\{le="([^"]+)"\} (\d+)/.exec(line);
    if (b && b[1] !== '+Inf') buckets.set(Number(b[1]) * 1000, Number(b[2]));
    const s = /^matchbox_eventloop_block_seconds_sum (\S+)/.exec(line);
    if (s) sum = Number(s[1]) * 1000;
    const l = /^matchbox_nodejs_eventloop_lag_max_seconds (\S+)/.exec(line);
    if (l) lagMax = Number(l[1]) * 1000;
  }
  return { buckets, sum, lagMax };
}

/** What a node allocated and its collector's pauses since the previous reading (heap-watch.ts). */
async function heap(url: string): Promise<HeapReading> {
  return (await (await fetch(`${url}/api/test/heap`)).json()) as HeapReading;
}

/** The generator processes; `ask` sends each a message (or its own) and waits for their answers. */
function startGenerators(urls: string[]): {
  ask: (m: ToPlayers | ((g: number) => ToPlayers)) => Promise<FromPlayers[]>;
} {
  const procs = Array.from({ length: generatorCount }, (_, g) => {
    const p = fork(join(import.meta.dirname, 'players.ts'), [], {
      cwd: ROOT,
      execArgv: ['--import', 'tsx', '--conditions=matchbox-source'],
      env: {
        ...process.env,
        BENCH_URL: urls[0]!,
        BENCH_URLS: urls.join(','),
        BENCH_GENERATOR: String(g),
        BENCH_AFFINITY: values.affinity,
        BENCH_DELTAS: values.deltas ? '1' : '',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(p);
    return p;
  });
  const ask = (m: ToPlayers | ((g: number) => ToPlayers)) =>
    Promise.all(
      procs.map(
        (p, g) =>
          new Promise<FromPlayers>((done, fail) => {
            const msg = typeof m === 'function' ? m(g) : m;
            if (msg.type === 'start') {
              p.send(msg);
              done({ type: 'grown', tables: 0 });
              return;
            }
            if (msg.type === 'close') {
              p.once('exit', () => done({ type: 'grown', tables: 0 }));
              p.send(msg);
              return;
            }
            const exited = (code: number | null) => fail(new Error(`a generator exited (${code})`));
            p.once('exit', exited);
            p.once('message', (r: FromPlayers) => {
              p.off('exit', exited);
              if (r.type === 'failed') fail(new Error(r.error));
              else done(r);
            });
            p.send(msg);
          }),
      ),
    );
  return { ask };
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const ms = (x: number) => Number(x.toFixed(1));

export interface BenchStep {
  tables: number;
  /** With `--heap-profile`: each node's sampling heap profile of the window (the file). */
  heapProfiles?: string[];
  /** With `--heap-snapshot`: each node's heap snapshot after the window (the file). */
  heapSnapshots?: string[];
  activeTables: number;
  actionsPerSecond: number;
  actions: number;
  /** From `act` to the acknowledgement and every other seat's update (the slowest of them). */
  p50ms: number;
  p99ms: number;
  maxMs: number;
  ackP50ms: number;
  ackP99ms: number;
  ackMaxMs: number;
  errors: number;
  errorCodes: Record<string, number>;
  unfinished: number;
  /** Server event-loop blocks of 20 ms or more in the window, by lower bound (ms), and the longest delay seen. */
  blocksOver20ms: number;
  blocksOver50ms: number;
  blocksOver100ms: number;
  longestBlockMs: number;
  serverCpuMsPerAction: number;
  serverCpuShare: number;
  /** Bytes the server allocated in its heap during the window per action (heap-watch.ts), kB. */
  allocatedKbPerAction: number;
  /** Bytes the seats' connections were sent during the window per action (packets' text), kB. */
  receivedKbPerAction: number;
  /** The server's collector pauses in the window: how many, their total and the longest (ms). */
  gcPauses: number;
  gcPauseTotalMs: number;
  gcPauseMaxMs: number;
  serverRssMb: number;
  rssKbPerTable: number;
  rssKbPerTableAboveIdle: number;
  /**
   * Where the RSS is at the window's end, per table (kB, heap-watch.ts's `rssBreakdown`): V8's heap
   * as reserved and as used, memory outside it that V8 knows of (ArrayBuffers included), and the
   * kernel's anonymous and file pages.
   */
  heapTotalKbPerTable: number;
  heapUsedKbPerTable: number;
  externalKbPerTable: number;
  arrayBuffersKbPerTable: number;
  rssAnonKbPerTable: number;
  rssFileKbPerTable: number;
  generatorCpuMsPerAction: number;
  generatorLagMaxMs: number;
  /** With `--analyses`: decisions the analyses valued during the window (0: none ran). */
  analysisDecisions?: number;
  loadAverage: [number, number, number];
}

/**
 * Plays `count` short MatchMaster games of four bots to their end on `url` (the bots move at once:
 * the node runs with BOT_PACE_MS=0), for their analyses to run during the windows.
 */
async function finishedGames(url: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${url}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        game: 'matchmaster',
        players: 4,
        name: 'Analyst',
        spectate: true,
        options: { handSizes: [4, 3, 2, 1] },
        seats: Array.from({ length: 4 }, () => ({ kind: 'bot', level: 'easy' })),
      }),
    });
    if (!res.ok) throw new Error(`a game to analyse: HTTP ${res.status} ${await res.text()}`);
    ids.push(((await res.json()) as { table: { id: string } }).table.id);
  }
  for (const id of ids)
    for (;;) {
      const t = (await (await fetch(`${url}/api/tables/${id}`)).json()) as { status: string };
      if (t.status === 'finished') break;
      await new Promise((r) => setTimeout(r, 250));
    }
  return ids;
}

/** Decisions valued so far over the analyses of `ids` (a stored one counts all of its own). */
async function analysed(url: string, ids: readonly string[], start = false): Promise<number> {
  let decisions = 0;
  for (const id of ids) {
    const res = await fetch(`${url}/api/tables/${id}/analysis`, start ? { method: 'POST' } : {});
    const a = (await res.json()) as { status: string; done?: number; analysis?: { decisions: unknown[] } };
    decisions += a.status === 'running' ? a.done! : a.status === 'done' ? a.analysis!.decisions.length : 0;
  }
  return decisions;
}

/** One run: fresh nodes and generators, every step measured; the nodes and generators end with it. */
async function runOnce(index: number): Promise<BenchStep[]> {
  const run = `bench_${process.pid}_${Date.now() % 1e6}_${index}`;
  const dir = mkdtempSync(join(tmpdir(), 'matchbox-bench-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  // The test routes give the heap's reading (`GET /api/test/heap`); nothing else of them is used.
  const inspect = {
    MATCHBOX_TEST_ROUTES: '1',
    ...(values['heap-profile'] ? { MATCHBOX_HEAP_PROFILE: resolve(values['heap-profile']) } : {}),
    ...(values['heap-snapshot'] ? { MATCHBOX_HEAP_SNAPSHOT: resolve(values['heap-snapshot']) } : {}),
  };
  let nodes: ServerNode[];
  if (nodeCount === 1)
    nodes = [
      await startNode({ MATCHBOX_DATA: dir, ...inspect, ...(analysisCount > 0 ? { BOT_PACE_MS: '0' } : {}) }),
    ];
  else {
    const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const env = {
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: run,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `${run}:`,
      MATCHBOX_DATA: dir,
      MATCHBOX_SECRET: run,
      ...inspect,
    };
    nodes = [];
    if (values['shared-port']) nodes.push(await startNode({ ...env, NODES: String(nodeCount) }));
    else for (let i = 0; i < nodeCount; i++) nodes.push(await startNode(env));
    cleanups.push(async () => {
      const { default: pg } = await import('pg');
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      await db.query(`drop schema if exists ${run} cascade`);
      await db.end();
      const { Redis } = await import('ioredis');
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${run}:*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    });
  }
  const urls = nodes.map((n) => n.url);
  const toAnalyse = analysisCount > 0 ? await finishedGames(nodes[0]!.url, analysisCount) : [];
  const idleRss = nodes.reduce((a, n) => a + usage(n.child.pid!).rss, 0);
  const { ask } = startGenerators(urls);
  const results: BenchStep[] = [];
  let created = 0;
  for (const target of steps) {
    const add = target - created;
    if (add > 0) {
      const share = (g: number) => Math.floor(add / generatorCount) + (g < add % generatorCount ? 1 : 0);
      await ask((g) => ({ type: 'grow', tables: share(g) }));
      created = target;
    }
    await new Promise((r) => setTimeout(r, warmup * 1000));
    const before = nodes.map((n) => usage(n.child.pid!));
    const blocksBefore = await Promise.all(urls.map(blocks));
    const analysedBefore = toAnalyse.length > 0 ? await analysed(urls[0]!, toAnalyse, true) : 0;
    await Promise.all(urls.map(heap));
    await ask({ type: 'start' });
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const reports = (await ask({ type: 'stop' })) as WindowReport[];
    const elapsed = (performance.now() - t0) / 1000;
    const heaps = await Promise.all(urls.map(heap));
    const after = nodes.map((n) => usage(n.child.pid!));
    const blocksAfter = await Promise.all(urls.map(blocks));
    const analysedAfter = toAnalyse.length > 0 ? await analysed(urls[0]!, toAnalyse) : 0;
    const step = stepOf(target, reports, elapsed, {
      before,
      after,
      blocksBefore,
      blocksAfter,
      heaps,
      idleRss,
    });
    if (toAnalyse.length > 0) step.analysisDecisions = analysedAfter - analysedBefore;
    if (values['heap-profile']) step.heapProfiles = heaps.map((h) => h.heapProfile ?? '');
    // After the window's figures: writing a snapshot stops the node for a while.
    if (values['heap-snapshot'])
      step.heapSnapshots = await Promise.all(
        urls.map(async (u) => {
          const r = await fetch(`${u}/api/test/heap-snapshot`, { method: 'POST' });
          return ((await r.json()) as { file: string }).file;
        }),
      );
    results.push(step);
    if (!values.json) console.log(step);
  }
  await ask({ type: 'close' }).catch(() => undefined);
  if (values.profile) {
    // A CPU profile is written when the server exits on its own.
    await Promise.all(
      nodes.map((n) => {
        const exited = new Promise((r) => n.child.once('exit', r));
        n.child.kill('SIGTERM');
        return exited;
      }),
    );
  }
  for (const n of nodes)
    if (n.child.exitCode === null && n.child.signalCode === null) n.child.kill('SIGKILL');
  return results;
}

/** What the nodes said about a step's window. */
interface NodeReadings {
  before: { cpu: number; rss: number }[];
  after: { cpu: number; rss: number }[];
  blocksBefore: Awaited<ReturnType<typeof blocks>>[];
  blocksAfter: Awaited<ReturnType<typeof blocks>>[];
  heaps: HeapReading[];
  idleRss: number;
}

/** A step's figures from the generators' reports and the nodes' readings. */
function stepOf(target: number, reports: WindowReport[], elapsed: number, n: NodeReadings): BenchStep {
  const { before, after, blocksBefore, blocksAfter, heaps, idleRss } = n;
  const full = reports.flatMap((r) => r.full).sort((a, b) => a - b);
  const ack = reports.flatMap((r) => r.ack).sort((a, b) => a - b);
  const actions = reports.reduce((a, r) => a + r.actions, 0);
  const errorCodes: Record<string, number> = {};
  for (const r of reports)
    for (const [code, n] of Object.entries(r.errors)) errorCodes[code] = (errorCodes[code] ?? 0) + n;
  const over = (lowerMs: number) =>
    blocksAfter.reduce((a, b, i) => {
      // Histogram buckets count blocks up to each bound: over a bound = total - up to it.
      const total = (x: typeof b) => x.buckets.get(Math.max(...x.buckets.keys())) ?? 0;
      const upTo = (x: typeof b) => x.buckets.get(lowerMs) ?? 0;
      const a0 = blocksBefore[i]!;
      return a + (total(b) - upTo(b)) - (total(a0) - upTo(a0));
    }, 0);
  const serverCpu = after.reduce((a, u, i) => a + u.cpu - before[i]!.cpu, 0);
  const rss = after.reduce((a, u) => a + u.rss, 0);
  const active = reports.reduce((a, r) => a + r.activeTables, 0);
  const generatorCpu = reports.reduce((a, r) => a + r.cpuMs, 0);
  const allocated = heaps.reduce((a, h) => a + h.allocatedBytes, 0);
  const perAction = (x: number) => x / Math.max(1, actions);
  const perTable = (kind: keyof RssBreakdown) =>
    Math.round(heaps.reduce((a, h) => a + (h.memory?.[kind] ?? 0), 0) / 1024 / Math.max(1, active));
  return {
    tables: target,
    activeTables: active,
    actionsPerSecond: Math.round(actions / elapsed),
    actions,
    p50ms: ms(quantile(full, 0.5)),
    p99ms: ms(quantile(full, 0.99)),
    maxMs: ms(full.at(-1) ?? NaN),
    ackP50ms: ms(quantile(ack, 0.5)),
    ackP99ms: ms(quantile(ack, 0.99)),
    ackMaxMs: ms(ack.at(-1) ?? NaN),
    errors: Object.values(errorCodes).reduce((a, b) => a + b, 0),
    errorCodes,
    unfinished: reports.reduce((a, r) => a + r.unfinished, 0),
    blocksOver20ms: over(0),
    blocksOver50ms: over(50),
    blocksOver100ms: over(100),
    longestBlockMs: ms(Math.max(...blocksAfter.map((b) => b.lagMax))),
    serverCpuMsPerAction: Number(((serverCpu * 1000) / Math.max(1, actions)).toFixed(3)),
    serverCpuShare: Number((serverCpu / elapsed).toFixed(2)),
    allocatedKbPerAction: Number((perAction(allocated) / 1024).toFixed(1)),
    receivedKbPerAction: Number((perAction(reports.reduce((a, r) => a + r.bytesIn, 0)) / 1024).toFixed(2)),
    gcPauses: heaps.reduce((a, h) => a + h.gcCount, 0),
    gcPauseTotalMs: ms(heaps.reduce((a, h) => a + h.gcTotalMs, 0)),
    gcPauseMaxMs: ms(Math.max(...heaps.map((h) => h.gcMaxMs))),
    serverRssMb: Math.round(rss / 2 ** 20),
    rssKbPerTable: Math.round(rss / 1024 / Math.max(1, active)),
    rssKbPerTableAboveIdle: Math.round((rss - idleRss) / 1024 / Math.max(1, active)),
    heapTotalKbPerTable: perTable('heapTotal'),
    heapUsedKbPerTable: perTable('heapUsed'),
    externalKbPerTable: perTable('external'),
    arrayBuffersKbPerTable: perTable('arrayBuffers'),
    rssAnonKbPerTable: perTable('rssAnon'),
    rssFileKbPerTable: perTable('rssFile'),
    generatorCpuMsPerAction: Number((generatorCpu / Math.max(1, actions)).toFixed(3)),
    generatorLagMaxMs: ms(Math.max(...reports.map((r) => r.lagMaxMs))),
    loadAverage: loadavg().map((x) => Number(x.toFixed(2))) as [number, number, number],
  };
}

/** The median of every figure of one step over the runs (the load average's too); the rest from the first run. */
function medianStep(runs: BenchStep[]): BenchStep {
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const m = s.length >> 1;
    return s.length % 2 === 1 ? s[m]! : Number(((s[m - 1]! + s[m]!) / 2).toFixed(3));
  };
  const out: Record<string, unknown> = { ...runs[0]! };
  for (const [key, value] of Object.entries(runs[0]!)) {
    const all = runs.map((r) => (r as unknown as Record<string, unknown>)[key]);
    if (typeof value === 'number') out[key] = median(all as number[]);
    else if (Array.isArray(value))
      out[key] = value.map((_, i) => median(all.map((a) => (a as number[])[i]!)));
  }
  out.errorCodes = runs.reduce<Record<string, number>>((acc, r) => {
    for (const [code, n] of Object.entries(r.errorCodes)) acc[code] = (acc[code] ?? 0) + n;
    return acc;
  }, {});
  return out as unknown as BenchStep;
}

try {
  const perRun: BenchStep[][] = [];
  for (let i = 0; i < runCount; i++) perRun.push(await runOnce(i));
  const results = steps.map((_, s) => medianStep(perRun.map((r) => r[s]!)));
  const report = {
    nodes: nodeCount,
    affinity: nodeCount > 1 ? values.affinity : undefined,
    generators: generatorCount,
    seconds,
    runs: runCount,
    steps: results,
    ...(runCount > 1 ? { eachRun: perRun } : {}),
  };
  console.log(values.json ? JSON.stringify(report, null, 2) : summary(results));
} finally {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const c of cleanups) await c();
}
process.exit(0);

function summary(results: BenchStep[]): string {
  const rows = results.map(
    (r) =>
      `| ${r.tables} | ${r.actionsPerSecond} | ${r.p50ms} | ${r.p99ms} | ${r.maxMs} | ${r.errors} | ${r.blocksOver50ms} | ${r.longestBlockMs} | ${r.serverCpuMsPerAction} | ${r.allocatedKbPerAction} | ${r.receivedKbPerAction} | ${r.gcPauses} / ${r.gcPauseTotalMs} / ${r.gcPauseMaxMs} | ${r.serverRssMb} MB (${r.rssKbPerTable} kB/table) | ${r.generatorCpuMsPerAction} |${analysisCount > 0 ? ` ${r.analysisDecisions} |` : ''} ${r.loadAverage.join(' ')} |`,
  );
  return [
    `Medians of ${runCount} run(s), ${seconds} s windows${values.deltas ? ', seats taking deltas' : ''}.`,
    `| tables | actions/s | p50 ms | p99 ms | max ms | errors | blocks > 50 ms | longest block ms | server CPU ms/action | allocated kB/action | sent kB/action | GC pauses (count / total ms / longest ms) | RSS | generator CPU ms/action |${analysisCount > 0 ? ' decisions analysed |' : ''} load average |`,
    `|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|${analysisCount > 0 ? '---:|' : ''}---|`,
    ...rows,
    '',
    "RSS per table (kB) by kind, at the window's end: all (above idle) = V8 heap reserved (used) + external (ArrayBuffers) + the rest; the kernel's anonymous / file pages.",
    ...results.map(
      (r) =>
        `${r.tables} tables: ${r.rssKbPerTable} (${r.rssKbPerTableAboveIdle}) = heap ${r.heapTotalKbPerTable} (${r.heapUsedKbPerTable}) + external ${r.externalKbPerTable} (${r.arrayBuffersKbPerTable}) + ${r.rssKbPerTable - r.heapTotalKbPerTable - r.externalKbPerTable}; anonymous ${r.rssAnonKbPerTable} / file ${r.rssFileKbPerTable}`,
    ),
  ].join('\n');
}
