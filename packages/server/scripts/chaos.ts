/**
 * `npm run chaos [-- --minutes 5 --tables 12 --nodes 3]`: the cluster under load while nodes die.
 *
 * Starts the nodes (PostgreSQL + Redis, a fresh schema) behind a round-robin proxy and plays
 * `--tables` MatchMaster tables of three simulated people and a bot, each person acting as soon as
 * it may. Every 10-20 s one random node is killed with SIGKILL and restarted. At the end it checks
 * every action a client was told was committed against the log, and reports games finished,
 * actions committed, lost actions (acknowledged but not in the log: must be 0), duplicated
 * actions (one version acknowledged twice, or a log that does not replay: must be 0) and the
 * longest stall a client saw (no update while its game was unfinished). Exits 1 on any loss.
 */
import { parseArgs } from 'node:util';
import type { TableConnection } from '@matchbox/client';
import { MatchboxClient } from '@matchbox/client';
import { Rng, getGame, parseRecord, replay } from '@matchbox/engine';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { Node } from './nodes.ts';
import { freePort, kill, roundRobinProxy, startNode } from './nodes.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '5' },
    tables: { type: 'string', default: '12' },
    nodes: { type: 'string', default: '3' },
    json: { type: 'boolean', default: false },
  },
  strict: true,
});
const minutes = Number(values.minutes);
const tableCount = Number(values.tables);
const nodeCount = Number(values.nodes);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const run = `chaos_${process.pid}_${Date.now() % 1e6}`;
const env = {
  DATABASE_URL: databaseUrl,
  DATABASE_SCHEMA: run,
  REDIS_URL: redisUrl,
  REDIS_PREFIX: `${run}:`,
  LEASE_MS: '2000',
  BOT_PACE_MS: '0',
};
const log = (line: string) => {
  if (!values.json) console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
};

const nodes: Node[] = [];
for (let i = 0; i < nodeCount; i++) nodes.push(await startNode(await freePort(), env));
const proxy = await roundRobinProxy(nodes.map((n) => n.port));
log(`${nodeCount} nodes behind ${proxy.url}; ${tableCount} tables for ${minutes} min`);

interface Ack {
  table: string;
  version: number;
  seat: number;
  action: string;
}
const acks: Ack[] = [];
const tables: string[] = [];
const connections: TableConnection[] = [];
let finished = 0;
let longestStall = 0;
const lastUpdate = new Map<TableConnection, number>();
const stopAt = Date.now() + minutes * 60_000;

async function newTable(n: number): Promise<void> {
  const direct = new MatchboxClient(nodes[n % nodes.length]!.url);
  for (;;) {
    try {
      const made = await direct.createTable({
        game: 'matchmaster',
        players: 4,
        name: 'C0',
        options: { handSizes: [3, 2, 1, 2, 3] },
        seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'open' }, { kind: 'bot', level: 'easy' }],
      });
      const id = made.table.id;
      const tickets = [made.ticket!];
      for (let i = 1; i < 3; i++) tickets.push(await direct.join(id, { name: `C${i}`, invite: made.invite }));
      tables.push(id);
      let done = 0;
      tickets.forEach((t, seat) => {
        const conn = new MatchboxClient(proxy.url).connect(id, t.token);
        connections.push(conn);
        const rng = Rng.fromSeed(`${id}:${seat}`);
        let busy = false;
        const step = async () => {
          const u = conn.latest;
          if (busy || !u || u.legal.length === 0 || u.status !== 'playing') return;
          busy = true;
          const choice = u.legal[rng.int(u.legal.length)]!;
          const ack = await conn.act(choice.text, 3000);
          busy = false;
          if (ack.ok) acks.push({ table: id, version: ack.version, seat, action: choice.text });
          setTimeout(() => void step(), ack.ok ? 0 : 200);
        };
        lastUpdate.set(conn, Date.now());
        conn.onUpdate((u) => {
          const now = Date.now();
          longestStall = Math.max(longestStall, now - (lastUpdate.get(conn) ?? now));
          lastUpdate.set(conn, now);
          if (u.status === 'finished') {
            lastUpdate.delete(conn);
            conn.close();
            if (++done === 3) {
              finished++;
              if (Date.now() < stopAt) void newTable(n);
            }
            return;
          }
          void step();
        });
      });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 500)); // the node may be restarting
    }
  }
}

for (let i = 0; i < tableCount; i++) await newTable(i);
let kills = 0;
while (Date.now() < stopAt) {
  await new Promise((r) => setTimeout(r, 10_000 + Math.random() * 10_000));
  if (Date.now() >= stopAt) break;
  const victim = Math.floor(Math.random() * nodes.length);
  await kill(nodes[victim]!);
  kills++;
  log(`killed node ${victim + 1} (${acks.length} actions acknowledged, ${finished} games finished)`);
  await new Promise((r) => setTimeout(r, 1000));
  nodes[victim] = await startNode(nodes[victim]!.port, env);
  log(`restarted node ${victim + 1}`);
}
// Let the games in flight settle, then read the log of every table.
await new Promise((r) => setTimeout(r, 5000));
for (const c of connections) c.close();

const game = getGame('matchmaster')!;
let lost = 0;
let duplicated = 0;
let committed = 0;
const checker = new MatchboxClient(nodes[0]!.url);
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
for (const id of tables) {
  const rows = await db.query(
    `select seq, seat, action, chance from ${run}.actions where table_id = $1 order by seq`,
    [id],
  );
  committed += rows.rowCount ?? 0;
  const seqs = rows.rows.map((r: { seq: number }) => Number(r.seq));
  if (seqs.some((s, i) => s !== i + 1)) duplicated++;
  const byVersion = new Map(
    rows.rows.map((r: { seq: number; seat: number; action: string }) => [Number(r.seq), r]),
  );
  const tableAcks = acks.filter((a) => a.table === id);
  const versions = new Set<number>();
  for (const a of tableAcks) {
    if (versions.has(a.version)) duplicated++;
    versions.add(a.version);
    const row = byVersion.get(a.version) as { seat: number; action: string } | undefined;
    if (!row || row.seat !== a.seat || row.action !== a.action) lost++;
  }
  const summary = await checker.table(id);
  if (summary.status === 'finished') {
    const record = parseRecord(await checker.record(id));
    if (!record.ok || !replay(game, record.value).ok) duplicated++;
  }
}
await db.query(`drop schema if exists ${run} cascade`);
await db.end();
const redis = new Redis(redisUrl);
const keys = await redis.keys(`${run}:*`);
if (keys.length > 0) await redis.del(...keys);
redis.disconnect();
await proxy.close();
for (const n of nodes) await kill(n);

const report = {
  minutes,
  nodes: nodeCount,
  kills,
  gamesFinished: finished,
  actionsCommitted: committed,
  actionsAcknowledged: acks.length,
  lostActions: lost,
  duplicatedActions: duplicated,
  longestStallMs: longestStall,
};
console.log(values.json ? JSON.stringify(report, null, 2) : report);
process.exit(lost === 0 && duplicated === 0 ? 0 : 1);
