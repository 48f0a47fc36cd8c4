/**
 * `npm run bench:flood [-- --seconds 20] [-- --rounds 3] [-- --replays 16] [-- --spectators 300]
 * [-- --no-bot-tables] [-- --profile DIR] [-- --flood-nice 19]` (`--replays 0 --spectators 0 --no-bot-tables`: a control
 * with no flood, for how much two windows of one run differ on this machine by themselves;
 * `--flood-nice N`: a control with the flooding process at niceness N, for how much of the effect
 * is that process's own processor time on the machine the server shares with it)
 *
 * One client's flood against another table (docs/server.md, "Threat model"): a real server
 * process with its default settings (fresh SQLite folder, free port); a table of two people from
 * 127.0.0.2 acting as soon as their turn comes, whose `act` round trips (to the acknowledgement)
 * are measured in windows of `--seconds`, taken in turn quietly and while 127.0.0.9 floods
 * (`--rounds` pairs, quiet then flood, so that a drift of the machine or the server during the run
 * falls on both alike): `--replays` loops of a live table's replay (that table played to about
 * version 200 first), 300 spectator connections each saying hello in a loop, and a loop creating
 * four-seat tables of expert bots; between flood windows the flood pauses (its spectators stay
 * connected, silent). It prints each window's p50 and p99, the p99 of all quiet and of all flood
 * round trips with their ratio, the median of the rounds' ratios, what the flood was answered (by
 * status or code), and the load average. Loopback only; the server it starts is ended when it ends.
 * `--profile DIR` has the server write a CPU profile of the whole run (`--cpu-prof`) into DIR.
 */
import { fork } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Socket } from 'socket.io-client';
import { io } from 'socket.io-client';
import { freePort, kill, startNode } from '../scripts/nodes.ts';

const child = process.argv[2] === '--flood-child';
const { values } = parseArgs({
  args: child ? [] : process.argv.slice(2),
  options: {
    seconds: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
    replays: { type: 'string', default: '16' },
    spectators: { type: 'string', default: '300' },
    'bot-tables': { type: 'boolean', default: true },
    profile: { type: 'string' },
    'flood-nice': { type: 'string', default: '0' },
  },
  strict: true,
  allowNegative: true,
});
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const REPLAY_LOOPS = Number(values.replays);
const SPECTATORS = Number(values.spectators);
const VICTIM = '127.0.0.2';
const FLOODER = '127.0.0.9';

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

function call(base: string, method: string, path: string, body: unknown, from: string): Promise<Answer> {
  const url = new URL(path, base);
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        localAddress: from,
        headers: { ...(text ? { 'content-type': 'application/json' } : {}), 'accept-encoding': 'gzip' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => {
          let parsed: Record<string, unknown> = {};
          if (res.headers['content-encoding'] !== 'gzip') {
            try {
              parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
            } catch {
              parsed = {};
            }
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

function connect(base: string, from: string): Promise<Socket> {
  // localAddress reaches the WebSocket in Node (engine.io-client passes it on).
  const options = { transports: ['websocket'], reconnection: false, forceNew: true, localAddress: from };
  const socket = io(base, options);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const ask = (socket: Socket, event: string, payload: unknown): Promise<Record<string, unknown>> =>
  socket.timeout(15_000).emitWithAck(event, payload) as Promise<Record<string, unknown>>;

interface Update {
  version: number;
  toAct: number[];
  legal: { text: string }[];
  status: string;
}

/** A two-seat MatchMaster table of people: its id and a connection per seat, attached. */
async function peopleTable(base: string, from: string, players = 2) {
  const made = await call(
    base,
    'POST',
    '/api/tables',
    {
      game: 'matchmaster',
      players,
      name: 'P0',
      seats: Array.from({ length: players }, () => ({ kind: 'open' })),
    },
    from,
  );
  const reply = made.body as { table: { id: string }; invite: string; ticket: { token: string } };
  const tokens = [reply.ticket.token];
  for (let i = 1; i < players; i++) {
    const joined = await call(
      base,
      'POST',
      `/api/tables/${reply.table.id}/join`,
      { name: `P${i}`, invite: reply.invite },
      from,
    );
    tokens.push((joined.body as { token: string }).token);
  }
  const latest: (Update | null)[] = tokens.map(() => null);
  const sockets: Socket[] = [];
  for (const [seat, token] of tokens.entries()) {
    const s = await connect(base, from);
    s.on('update', (u: Update) => (latest[seat] = u));
    const hello = await ask(s, 'hello', { tableId: reply.table.id, token });
    latest[seat] = hello.update as Update;
    sockets.push(s);
  }
  return { id: reply.table.id, sockets, latest };
}

/** Plays a table: the seat to act acts at once; `rtts` gets each act's round trip (ms). */
async function play(
  table: Awaited<ReturnType<typeof peopleTable>>,
  until: () => boolean,
  rtts: number[] | null,
  maxVersion = Infinity,
): Promise<boolean> {
  while (!until()) {
    const u = table.latest.find((l) => l !== null && l.status === 'playing' && l.toAct.length > 0);
    const current = table.latest[0];
    if (!current || current.status !== 'playing' || current.version >= maxVersion) return false;
    const seat = current.toAct[0]!;
    const mine = table.latest[seat] ?? u;
    const text = mine?.legal[0]?.text;
    if (!text) {
      await new Promise((r) => setTimeout(r, 5));
      continue;
    }
    const started = performance.now();
    const answer = await ask(table.sockets[seat]!, 'act', { tableId: table.id, action: text });
    if (answer.ok) rtts?.push(performance.now() - started);
    else await new Promise((r) => setTimeout(r, 5));
  }
  return true;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

/** The victim plays tables one after another for `seconds`; its act round trips. */
async function victimWindow(base: string, seconds: number): Promise<number[]> {
  const rtts: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const t = await peopleTable(base, VICTIM);
    await play(t, () => performance.now() >= end, rtts);
    for (const s of t.sockets) s.close();
  }
  return rtts;
}

/** The flooding process: floods until told to stop, then sends what it was answered. */
async function floodChild(
  base: string,
  tableId: string,
  replayLoops: number,
  botTables: boolean,
  spectators: number,
) {
  const answered: Record<string, number> = {};
  const count = (what: string) => (answered[what] = (answered[what] ?? 0) + 1);
  let flooding = true;
  let paused = false;
  process.on('message', (m) => {
    if (m === 'pause') paused = true;
    else if (m === 'resume') paused = false;
    else flooding = false;
  });
  /** Waits while the flood is paused; true while it goes on. */
  const goOn = async (): Promise<boolean> => {
    while (flooding && paused) await new Promise((r) => setTimeout(r, 50));
    return flooding;
  };
  const loops: Promise<void>[] = [];
  for (let i = 0; i < replayLoops; i++)
    loops.push(
      (async () => {
        while (await goOn()) {
          const a = await call(base, 'POST', `/api/tables/${tableId}/replay`, {}, FLOODER).catch(() => null);
          count(`replay ${a?.status ?? 'error'}`);
        }
      })(),
    );
  if (botTables)
    loops.push(
      (async () => {
        while (await goOn()) {
          const body = { game: 'matchmaster', players: 4, name: 'F', botLevel: 'expert' };
          const a = await call(base, 'POST', '/api/tables', body, FLOODER).catch(() => null);
          count(`bot table ${a?.status ?? 'error'}`);
        }
      })(),
    );
  const crowd: Socket[] = [];
  loops.push(
    (async () => {
      for (let i = 0; i < spectators && (await goOn()); i++) {
        const s = await connect(base, FLOODER).catch(() => null);
        if (!s) {
          count('spectator connection refused');
          continue;
        }
        crowd.push(s);
        s.on('disconnect', () => count('spectator closed'));
        void (async () => {
          while ((await goOn()) && s.connected) {
            const a = await ask(s, 'hello', { tableId }).catch(() => ({
              ok: false,
              error: { code: 'timeout' },
            }));
            count(`hello ${a.ok ? 'ok' : (a.error as { code: string }).code}`);
          }
        })();
      }
    })(),
  );
  while (flooding) await new Promise((r) => setTimeout(r, 100));
  for (const s of crowd) s.close();
  await Promise.all(loops);
  process.send?.(answered);
  process.exit(0);
}

if (process.argv[2] === '--flood-child') {
  const [, , , base, tableId, loops, bots, spectators] = process.argv;
  await floodChild(base!, tableId!, Number(loops), bots === 'true', Number(spectators));
}

const dir = mkdtempSync(join(tmpdir(), 'matchbox-flood-'));
const node = await startNode(
  await freePort(),
  {
    MATCHBOX_DATA: dir,
    BOT_PACE_MS: '700',
    BOT_THREADS: '',
    LOG_LEVEL: 'warn',
  },
  values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] : [],
);
const base = node.url;
try {
  // The table whose replay is flooded: a four-seat table of people played to about version 200.
  const long = await peopleTable(base, '127.0.0.3', 4);
  await play(long, () => false, null, 200);
  const version = long.latest[0]?.version ?? 0;

  await victimWindow(base, 3); // warm-up

  // The flood runs in a process of its own, so that its clients do not slow the victim's; with
  // `--flood-nice`, started through nice(1), so that every thread of it has that niceness. It
  // starts paused and floods only during the flood windows.
  const niceness = Number(values['flood-nice']);
  const child = fork(
    fileURLToPath(import.meta.url),
    ['--flood-child', base, long.id, String(REPLAY_LOOPS), String(values['bot-tables']), String(SPECTATORS)],
    niceness === 0
      ? { execArgv: process.execArgv }
      : { execPath: 'nice', execArgv: ['-n', String(niceness), process.execPath, ...process.execArgv] },
  );
  child.send('pause');
  const answeredP = new Promise<Record<string, number>>((r) =>
    child.once('message', (m) => r(m as Record<string, number>)),
  );
  const line = (name: string, xs: number[]) =>
    `${name}: ${xs.length} acts, p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms`;
  console.log(
    `replayed table at version ${version}; ${REPLAY_LOOPS} replay loops, ${SPECTATORS} spectator sockets${values['bot-tables'] ? ', one bot-table loop' : ''}${niceness !== 0 ? `; the flooding process at niceness ${niceness}` : ''}; ${ROUNDS} rounds of ${SECONDS} s quiet then ${SECONDS} s flood`,
  );
  const quiet: number[] = [];
  const flood: number[] = [];
  const ratios: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const calm = await victimWindow(base, SECONDS);
    child.send('resume');
    await new Promise((r) => setTimeout(r, 2000)); // the flood under way
    const flooded = await victimWindow(base, SECONDS);
    child.send('pause');
    await new Promise((r) => setTimeout(r, 2000)); // the flood's requests in flight answered
    quiet.push(...calm);
    flood.push(...flooded);
    ratios.push(pct(flooded, 99) / pct(calm, 99));
    console.log(`round ${round}: ${line('quiet', calm)}; ${line('flood', flooded)}`);
  }
  child.send('stop');
  const answered = await answeredP;
  console.log(line('all quiet', quiet));
  console.log(line('all flood', flood));
  console.log(`p99 flood/quiet, all rounds: ${(pct(flood, 99) / pct(quiet, 99)).toFixed(2)}`);
  console.log(
    `p99 flood/quiet by round: ${ratios.map((r) => r.toFixed(2)).join(', ')}; median ${pct(ratios, 50).toFixed(2)}`,
  );
  console.log('flood answered:', JSON.stringify(answered));
  console.log(
    `load average: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  if (values.profile) {
    // A profile is written when the process exits by itself (SIGTERM: it closes and exits).
    const exited = new Promise((r) => node.child.once('exit', r));
    node.child.kill('SIGTERM');
    await exited;
  }
  await kill(node);
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
