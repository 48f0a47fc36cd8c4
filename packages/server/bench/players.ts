/**
 * One process of simulated people for `npm run bench:server` (started by it, driven over IPC):
 * it creates 4-seat MatchMaster tables over HTTP, opens one socket.io connection per seat, and
 * plays like people do: a seat acts 1.5 to 2.5 s after its turn comes, with a random legal action.
 *
 * For every action it measures the round trip from sending `act` to its acknowledgement, and to
 * the first update of each other seat that carries the committed version; an action's round trip
 * is the longest of these. Tables are created from addresses 127.G.x.y (G: this generator), at
 * most 40 per address, so the server's default limit of unfinished tables per address holds.
 */
import { request, Agent } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Socket } from 'socket.io-client';
import { io } from 'socket.io-client';
import type { TableDelta, TableUpdate } from '@matchbox/client/wire';
import { applyDelta } from '@matchbox/client/wire';

/** Messages from the bench to this process. */
export type ToPlayers =
  { type: 'grow'; tables: number } | { type: 'start' } | { type: 'stop' } | { type: 'close' };

/** What one measuring window saw. */
export interface WindowReport {
  type: 'window';
  /** Per action: ack round trip and the full round trip (ack and every other seat's update), ms. */
  ack: number[];
  full: number[];
  /** Each other seat's update delivery, ms after the act was sent. */
  deliveries: number[];
  actions: number;
  errors: Record<string, number>;
  /** Actions whose updates had not all arrived when the window closed. */
  unfinished: number;
  activeTables: number;
  finishedTables: number;
  cpuMs: number;
  lagMaxMs: number;
  lagP99Ms: number;
  /** Bytes of the packets the seats' connections were sent (their text, framing aside). */
  bytesIn: number;
}

export type FromPlayers =
  { type: 'grown'; tables: number } | WindowReport | { type: 'failed'; error: string };

const THINK_MIN_MS = 1500;
const THINK_SPREAD_MS = 1000;
const TABLES_PER_ADDRESS = 40;

const url = new URL(process.env.BENCH_URL ?? 'http://127.0.0.1:8080');
const generator = Number(process.env.BENCH_GENERATOR ?? '0');
/** Several node URLs (cluster): the seats of one table are spread over them, or (affinity "table") all on one. */
const urls = (process.env.BENCH_URLS ?? url.origin).split(',');
const byTable = process.env.BENCH_AFFINITY === 'table';
/** Every seat takes delta updates (docs/server.md, "Delta updates"). */
const deltas = process.env.BENCH_DELTAS === '1';

interface Latest {
  version: number;
  playing: boolean;
  legal: readonly string[];
}

interface Pending {
  seat: number;
  sent: number;
  /** The committed version, once acknowledged. */
  version: number;
  ackAt: number;
  /** Other seats whose update of `version` has not arrived. */
  waiting: Set<number>;
  /** Latest delivery among the other seats so far. */
  lastDelivery: number;
}

interface Table {
  id: string;
  sockets: Socket[];
  latest: (Latest | null)[];
  /** With deltas: each seat's last full update, what the next delta applies to. */
  full: (TableUpdate | null)[];
  /** Per seat, the recent versions it received and when (for updates that overtook the ack). */
  arrivals: [number, number][][];
  thinking: boolean[];
  inFlight: boolean[];
  pending: Set<Pending>;
  finished: boolean;
}

const tables: Table[] = [];
const agents = new Map<string, Agent>();
let measuring = false;
let win = freshWindow();

function freshWindow() {
  return {
    ack: [] as number[],
    full: [] as number[],
    deliveries: [] as number[],
    actions: 0,
    errors: {} as Record<string, number>,
    bytesIn: 0,
  };
}

/** The loopback address this generator's n-th table is created from. */
function addressFor(n: number): string {
  const k = Math.floor(n / TABLES_PER_ADDRESS);
  return `127.${generator + 1}.${(k >> 8) & 255}.${(k & 255) + 1}`;
}

/** A POST; retried when a kept-alive connection was closed by the server just as it was reused. */
async function post(path: string, body: unknown, localAddress: string): Promise<Record<string, unknown>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await postOnce(path, body, localAddress);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 3 || (code !== 'ECONNRESET' && code !== 'EPIPE')) throw error;
    }
  }
}

function postOnce(path: string, body: unknown, localAddress: string): Promise<Record<string, unknown>> {
  let agent = agents.get(localAddress);
  if (!agent) {
    agent = new Agent({ keepAlive: true, maxSockets: 4 });
    agents.set(localAddress, agent);
  }
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        agent,
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (data += d));
        res.on('end', () => {
          const parsed = JSON.parse(data) as Record<string, unknown>;
          if ((res.statusCode ?? 500) >= 400) reject(new Error(`${path}: ${res.statusCode} ${data}`));
          else resolve(parsed);
        });
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const count = (errors: Record<string, number>, code: string) => (errors[code] = (errors[code] ?? 0) + 1);

interface UpdateMessage {
  tableId: string;
  version: number;
  status: string;
  legal: readonly { text: string }[];
}

function remember(t: Table, seat: number, u: UpdateMessage, now: number): void {
  const before = t.latest[seat];
  t.latest[seat] = {
    version: u.version,
    playing: u.status === 'playing',
    legal: u.status === 'playing' ? u.legal.map((l) => l.text) : [],
  };
  if (u.status === 'finished') t.finished = true;
  if (!before || u.version > before.version) {
    const list = t.arrivals[seat]!;
    list.push([u.version, now]);
    if (list.length > 16) list.shift();
    for (const p of t.pending) {
      if (p.version > 0 && p.waiting.has(seat) && u.version >= p.version) delivered(t, p, seat, now);
    }
  }
  think(t, seat);
}

function delivered(t: Table, p: Pending, seat: number, at: number): void {
  p.waiting.delete(seat);
  if (measuring) win.deliveries.push(at - p.sent);
  p.lastDelivery = Math.max(p.lastDelivery, at);
  if (p.waiting.size === 0) {
    t.pending.delete(p);
    if (measuring) win.full.push(Math.max(p.ackAt, p.lastDelivery) - p.sent);
  }
}

/** A seat whose turn has come acts after thinking for a while. */
function think(t: Table, seat: number): void {
  const u = t.latest[seat];
  if (!u || !u.playing || u.legal.length === 0 || t.thinking[seat] || t.inFlight[seat]) return;
  t.thinking[seat] = true;
  setTimeout(() => act(t, seat), THINK_MIN_MS + Math.random() * THINK_SPREAD_MS);
}

function act(t: Table, seat: number): void {
  t.thinking[seat] = false;
  const u = t.latest[seat];
  if (!u || !u.playing || u.legal.length === 0) return;
  const action = u.legal[Math.floor(Math.random() * u.legal.length)]!;
  const p: Pending = {
    seat,
    sent: performance.now(),
    version: 0,
    ackAt: 0,
    waiting: new Set([0, 1, 2, 3].filter((s) => s !== seat)),
    lastDelivery: 0,
  };
  t.inFlight[seat] = true;
  const counted = measuring;
  t.sockets[seat]!.emit(
    'act',
    { tableId: t.id, action },
    (ack: { ok: true; version: number } | { ok: false; error: { code: string } }) => {
      const now = performance.now();
      t.inFlight[seat] = false;
      if (!ack.ok) {
        if (counted && measuring) count(win.errors, ack.error.code);
        think(t, seat);
        return;
      }
      if (measuring) {
        win.actions++;
        win.ack.push(now - p.sent);
      }
      p.version = ack.version;
      p.ackAt = now;
      t.pending.add(p);
      // Updates that overtook the acknowledgement.
      for (const other of [...p.waiting]) {
        const hit = t.arrivals[other]!.find(([v]) => v >= ack.version);
        if (hit) delivered(t, p, other, hit[1]);
      }
      if (p.waiting.size === 0) t.pending.delete(p);
      think(t, seat);
    },
  );
}

/** A seat's connection; retried a few times (a busy machine can make a connection time out). */
async function connect(address: string, node: string): Promise<Socket> {
  for (let attempt = 1; ; attempt++) {
    const s = io(node, {
      transports: ['websocket'],
      reconnection: false,
      timeout: 60_000,
      localAddress: address,
    } as never);
    try {
      return await new Promise<Socket>((resolve, reject) => {
        s.once('connect', () => resolve(s));
        s.once('connect_error', reject);
      });
    } catch (error) {
      s.close();
      if (attempt >= 3) throw error;
    }
  }
}

async function createTable(n: number): Promise<void> {
  const address = addressFor(n);
  const made = (await post(
    '/api/tables',
    {
      game: 'matchmaster',
      players: 4,
      name: 'Ada',
      seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'open' }, { kind: 'open' }],
    },
    address,
  )) as { table: { id: string }; ticket: { token: string }; invite: string };
  const id = made.table.id;
  const tokens = [made.ticket.token];
  for (const name of ['Bea', 'Cem', 'Dov'])
    tokens.push(
      ((await post(`/api/tables/${id}/join`, { name, invite: made.invite }, address)) as { token: string })
        .token,
    );
  const t: Table = {
    id,
    sockets: [],
    latest: [null, null, null, null],
    full: [null, null, null, null],
    arrivals: [[], [], [], []],
    thinking: [false, false, false, false],
    inFlight: [false, false, false, false],
    pending: new Set(),
    finished: false,
  };
  const nodeOf = (seat: number) => urls[(n + (byTable ? 0 : seat)) % urls.length]!;
  t.sockets = await Promise.all(tokens.map((_, seat) => connect(address, nodeOf(seat))));
  t.sockets.forEach((s, seat) => {
    s.on('update', (u: TableUpdate) => {
      if (u.tableId !== id) return;
      if (deltas) t.full[seat] = u;
      remember(t, seat, u, performance.now());
    });
    s.on('delta', (d: TableDelta) => {
      const base = t.full[seat];
      if (d.tableId !== id || !base || d.version <= base.version) return;
      const u = applyDelta(base, d);
      if (!u) return void hello(t, seat, tokens[seat]!, base.version).catch(() => undefined);
      t.full[seat] = u;
      remember(t, seat, u, performance.now());
    });
    // The bytes this connection is sent: each packet's text (engine.io's, framing aside).
    s.io.engine.on('packet', (p: { data?: unknown }) => {
      if (measuring && typeof p.data === 'string') win.bytesIn += p.data.length;
    });
    s.on('disconnect', (reason) => {
      if (reason !== 'io client disconnect') count(win.errors, `disconnect: ${reason}`);
    });
  });
  await Promise.all(tokens.map((token, seat) => hello(t, seat, token)));
  tables.push(t);
}

/** Attaches a seat's connection (again with `since`: a delta did not apply), with deltas if asked. */
function hello(t: Table, seat: number, token: string, since?: number): Promise<void> {
  return new Promise<void>((resolve, reject) =>
    t.sockets[seat]!.emit(
      'hello',
      { tableId: t.id, token, ...(since !== undefined ? { since } : {}), ...(deltas ? { deltas } : {}) },
      (ack: { ok: true; update: TableUpdate } | { ok: false; error: { code: string } }) => {
        if (!ack.ok) return reject(new Error(`hello: ${ack.error.code}`));
        if (deltas) t.full[seat] = ack.update;
        remember(t, seat, ack.update, performance.now());
        resolve();
      },
    ),
  );
}

let cpu = process.cpuUsage();
const lag = monitorEventLoopDelay({ resolution: 10 });

const send = (m: FromPlayers) => process.send!(m);

process.on('message', (m: ToPlayers) => {
  void (async () => {
    try {
      if (m.type === 'grow') {
        const target = tables.length + m.tables;
        let next = tables.length;
        // A few tables at a time, so the server keeps serving the tables already playing.
        const worker = async () => {
          while (next < target) await createTable(next++);
        };
        await Promise.all(Array.from({ length: 8 }, worker));
        send({ type: 'grown', tables: tables.length });
      } else if (m.type === 'start') {
        win = freshWindow();
        measuring = true;
        cpu = process.cpuUsage();
        lag.reset();
        lag.enable();
      } else if (m.type === 'stop') {
        measuring = false;
        lag.disable();
        const used = process.cpuUsage(cpu);
        let unfinished = 0;
        for (const t of tables) unfinished += t.pending.size;
        for (const t of tables) t.pending.clear();
        send({
          type: 'window',
          ...win,
          unfinished,
          activeTables: tables.filter((t) => !t.finished).length,
          finishedTables: tables.filter((t) => t.finished).length,
          cpuMs: (used.user + used.system) / 1000,
          lagMaxMs: lag.max / 1e6,
          lagP99Ms: lag.percentile(99) / 1e6,
        });
      } else {
        for (const t of tables) for (const s of t.sockets) s.close();
        for (const a of agents.values()) a.destroy();
        process.exit(0);
      }
    } catch (error) {
      send({ type: 'failed', error: String(error instanceof Error ? error.stack : error) });
    }
  })();
});
