/**
 * Soak only (`npm run test:soak:server`): pairing under a crowd through two nodes on PostgreSQL and
 * Redis (real processes, as cluster.test.ts). 200 seekers arrive within 10 s, each through one of
 * the nodes, for MatchMaster (4 players) or MATCH! (3), and ask where they stand every second
 * until seated. Everyone is seated exactly once (no seat given twice, every ticket holds its
 * seat), and no table is short of its seats (every seat a person's or a bot's, the game started).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeekStatus, TableSummary } from '@matchbox/client/wire';
import type { Node } from '../scripts/nodes.ts';
import { freePort, kill, startNode } from '../scripts/nodes.ts';
import { dropRunData, runName, services } from './services.ts';

const SOAK = process.env.MATCHBOX_SOAK === '1';
const { databaseUrl, redisUrl } = services;
const enabled = SOAK && Boolean(databaseUrl && redisUrl);
const run = runName('p');
const env = {
  DATABASE_URL: databaseUrl ?? '',
  DATABASE_SCHEMA: `mbpairing_${run}`,
  REDIS_URL: redisUrl ?? '',
  REDIS_PREFIX: `matchbox-test-${run}:`,
  LEASE_MS: '1500',
  // Every seeker comes from 127.0.0.1: the per-address allowances would stop a crowd of 200.
  ADDRESS_LIMITS_SCALE: '100',
  TABLES_PER_ADDRESS: '100000',
};
let nodes: Node[] = [];

beforeAll(async () => {
  if (!enabled) return;
  const ports = [await freePort(), await freePort()];
  nodes = [await startNode(ports[0]!, env)];
  nodes.push(await startNode(ports[1]!, env));
}, 180_000);

afterAll(async () => {
  for (const n of nodes) await kill(n);
  if (enabled) await dropRunData(env.DATABASE_SCHEMA, env.REDIS_PREFIX);
});

const SEEKERS = 200;
const ARRIVALS_MS = 10_000;

async function post<T>(
  node: Node,
  path: string,
  browser: string,
  body: unknown,
): Promise<{ status: number; body: T }> {
  const r = await fetch(`${node.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-matchbox-browser': browser },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as T };
}

/** One seeker: arrives at `at` ms, seeks through its node, asks every second until seated. */
async function seeker(i: number, at: number): Promise<Extract<SeekStatus, { state: 'seated' }>> {
  await new Promise((r) => setTimeout(r, at));
  const node = nodes[i % 2]!;
  const browser = `soak-seeker-${run}-${i}`.replace(/[^A-Za-z0-9_-]/g, '-');
  const game = i % 4 === 3 ? { game: 'match', players: 3 } : { game: 'matchmaster', players: 4 };
  let answer = await post<SeekStatus>(node, '/api/pairing', browser, { ...game, name: `Seeker ${i}` });
  expect(answer.status).toBe(201);
  for (let polls = 0; answer.body.state !== 'seated'; polls++) {
    if (polls > 60) throw new Error(`seeker ${i} not seated: ${JSON.stringify(answer.body)}`);
    await new Promise((r) => setTimeout(r, 1_000));
    // Asked through either node: the pool lives in the store.
    answer = await post<SeekStatus>(nodes[(i + polls) % 2]!, '/api/pairing/status', browser, {});
  }
  return answer.body;
}

describe.runIf(enabled)('pairing 200 seekers through two nodes', () => {
  it('seats everyone exactly once, and no table is short of its seats', async () => {
    const arrivals = Array.from({ length: SEEKERS }, (_, i) => Math.floor((i * ARRIVALS_MS) / SEEKERS));
    const started = Date.now();
    const seated = await Promise.all(arrivals.map((at, i) => seeker(i, at)));
    const took = Date.now() - started;
    const seats = seated.map((s) => `${s.ticket.tableId}/${s.ticket.seat}`);
    expect(new Set(seats).size).toBe(SEEKERS);
    const tableIds = [...new Set(seated.map((s) => s.ticket.tableId))];
    const tables: TableSummary[] = [];
    for (const id of tableIds) {
      const r = await fetch(`${nodes[0]!.url}/api/tables/${id}`);
      tables.push((await r.json()) as TableSummary);
    }
    let people = 0;
    for (const t of tables) {
      expect(t.seats.filter((s) => s.kind === 'open')).toEqual([]);
      expect(['playing', 'finished']).toContain(t.status);
      const here = seated.filter((s) => s.ticket.tableId === t.id);
      expect(t.seats.filter((s) => s.kind === 'human').length).toBe(here.length);
      for (const s of here) expect(t.seats[s.ticket.seat]?.kind).toBe('human');
      people += here.length;
    }
    expect(people).toBe(SEEKERS);
    // Every ticket holds its seat (the lobby finds each table by its token).
    const lobby = await post<{ mine: { id: string; seat: number }[] }>(
      nodes[1]!,
      '/api/lobby',
      'soak-lobby-browser-0000',
      {
        tickets: seated.map((s) => ({ tableId: s.ticket.tableId, token: s.ticket.token })),
      },
    );
    expect(lobby.body.mine.map((m) => `${m.id}/${m.seat}`).sort()).toEqual([...seats].sort());
    const full = tables.filter((t) => t.seats.every((s) => s.kind === 'human')).length;
    console.log(
      `pairing soak: ${SEEKERS} seekers in ${took} ms, ${tables.length} tables (${full} without bots)`,
    );
  });
});
