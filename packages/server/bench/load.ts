/**
 * The load generator shared by the server benchmarks: simulated people over loopback WebSockets
 * playing 4-seat MatchMaster tables, measuring each action's round trip (from sending it until the
 * actor's confirmation and every other seat's update have arrived).
 */
import type { TableUpdate } from '@matchbox/client';
import { MatchboxClient } from '@matchbox/client';
import type { Socket } from 'socket.io-client';
import { io } from 'socket.io-client';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const SOCKETS_PER_SEAT = 16;

/** A metric of one node (the first line of that name, or the sum of its labelled lines). */
export async function metric(url: string, name: string): Promise<number> {
  return (await metrics(url))(name);
}

/**
 * One reading of a node's metrics. Read several figures from one reading: each reading restarts
 * the event-loop lag histogram, so a second one just after the first reports no lag at all.
 */
export async function metrics(url: string): Promise<(name: string) => number> {
  const lines = (await (await fetch(`${url}/metrics`)).text()).split('\n');
  return (name) => {
    const line = lines.find((l) => l.startsWith(name + ' ') || l.startsWith(name + '{'));
    return line ? Number(line.split(' ').at(-1)) : NaN;
  };
}

const quantile = (xs: number[], q: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

interface Latest {
  version: number;
  action: string | null;
}

/**
 * Only what the generator acts on is kept of an update: keeping 8,000 whole updates alive made the
 * generator's old generation churn (its garbage collection pauses showed up in the round trips).
 */
const latestOf = (u: TableUpdate): Latest => ({
  version: u.version,
  action: u.status === 'playing' ? (u.legal[0]?.text ?? null) : null,
});

interface Table {
  id: string;
  /** Per seat, what its latest update said: the version and the first legal action, if any. */
  latest: (Latest | null)[];
  pending: { version: number; start: number; waiting: Set<number> } | null;
}

async function connectSockets(urls: readonly string[]): Promise<Socket[][]> {
  const sockets: Socket[][] = [];
  for (let seat = 0; seat < 4; seat++) {
    sockets.push([]);
    for (let k = 0; k < SOCKETS_PER_SEAT; k++) {
      // Seats of one table sit on different nodes when there are several.
      const s = io(urls[(seat + k) % urls.length], { transports: ['websocket'] });
      await new Promise<void>((r) => s.once('connect', () => r()));
      sockets[seat]!.push(s);
    }
  }
  return sockets;
}

export interface StepResult {
  tables: number;
  actionsPerSecond: number;
  p50ms: number;
  p99ms: number;
  errors: number;
  /** The refused actions by error code. */
  errorCodes: Record<string, number>;
  serverRssMb: number;
  eventLoopLagP99ms: number;
  eventLoopLagMaxMs: number;
  actions: number;
  /** CPU time (user + system) per action of the server(s) and of this load generator: unlike the latencies, hardly swayed by other work on the machine. */
  serverCpuMsPerAction: number;
  generatorCpuMsPerAction: number;
  /** The load generator's own event-loop lag: a late generator inflates the round trips. */
  generatorLagP99ms: number;
  generatorLagMaxMs: number;
}

/**
 * Ramps concurrent 4-seat MatchMaster tables over the nodes at `urls`; each table acts about
 * once every 2 s. `after` runs after each step (to read counters).
 */
export async function loadSteps(
  urls: readonly string[],
  steps: readonly number[],
  seconds: number,
  after?: (result: StepResult) => Promise<void> | void,
  before?: () => Promise<void> | void,
): Promise<StepResult[]> {
  const clients = urls.map((u) => new MatchboxClient(u));
  const sockets = await connectSockets(urls);
  const tables = new Map<string, Table>();
  const rtts: number[] = [];
  let actions = 0;
  let errors = 0;
  let errorCodes: Record<string, number> = {};
  const onUpdate = (seat: number) => (u: TableUpdate) => {
    const t = tables.get(u.tableId);
    if (!t) return;
    t.latest[seat] = latestOf(u);
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
          const client = clients[created % clients.length]!;
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
                      if (ack.ok) t.latest[seat] = latestOf(ack.update);
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
    errorCodes = {};
    const list = [...tables.values()];
    await before?.();
    // Restarts the event-loop lag histogram, so that the step's figure leaves out the tables' creation.
    let serverCpu = 0;
    for (const u of urls) serverCpu -= (await metrics(u))('matchbox_process_cpu_seconds_total');
    const generatorCpu = process.cpuUsage();
    const generatorLag = monitorEventLoopDelay({ resolution: 10 });
    generatorLag.enable();
    const started = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      const slot = Math.floor((now - started) / 20) % 100;
      for (let i = slot; i < list.length; i += 100) {
        const t = list[i]!;
        if (t.pending) continue;
        const seat = t.latest.findIndex((u) => u?.action);
        if (seat < 0) continue;
        const u = t.latest[seat]!;
        t.pending = { version: u.version + 1, start: performance.now(), waiting: new Set([0, 1, 2, 3]) };
        sockets[seat]![i % SOCKETS_PER_SEAT]!.emit(
          'act',
          { tableId: t.id, action: u.action! },
          (ack: { ok: boolean; error?: { code?: string } }) => {
            if (ack.ok) actions++;
            else {
              errors++;
              const code = ack.error?.code ?? 'unknown';
              errorCodes[code] = (errorCodes[code] ?? 0) + 1;
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
    let rss = 0;
    let lag = 0;
    let lagMax = 0;
    const generator = process.cpuUsage(generatorCpu);
    generatorLag.disable();
    for (const u of urls) {
      const read = await metrics(u);
      rss += read('matchbox_process_resident_memory_bytes');
      lag = Math.max(lag, read('matchbox_nodejs_eventloop_lag_p99_seconds'));
      lagMax = Math.max(lagMax, read('matchbox_nodejs_eventloop_lag_max_seconds'));
      serverCpu += read('matchbox_process_cpu_seconds_total');
    }
    const perAction = (seconds: number) => Number(((seconds * 1000) / Math.max(1, actions)).toFixed(3));
    const result: StepResult = {
      tables: target,
      actionsPerSecond: Math.round(actions / elapsed),
      p50ms: Number(quantile(rtts, 0.5).toFixed(1)),
      p99ms: Number(quantile(rtts, 0.99).toFixed(1)),
      errors,
      errorCodes,
      serverRssMb: Math.round(rss / 2 ** 20),
      eventLoopLagP99ms: Number((lag * 1000).toFixed(1)),
      eventLoopLagMaxMs: Number((lagMax * 1000).toFixed(1)),
      actions,
      serverCpuMsPerAction: perAction(serverCpu),
      generatorCpuMsPerAction: perAction((generator.user + generator.system) / 1e6),
      generatorLagP99ms: Number((generatorLag.percentile(99) / 1e6).toFixed(1)),
      generatorLagMaxMs: Number((generatorLag.max / 1e6).toFixed(1)),
    };
    results.push(result);
    await after?.(result);
  }
  for (const list of sockets) for (const s of list) s.close();
  return results;
}
