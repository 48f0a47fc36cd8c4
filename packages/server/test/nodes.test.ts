/**
 * `NODES=N`: several server processes of one machine share its port (docs/deploy.md, "A big
 * single host"). Real processes on PostgreSQL and Redis (loopback only), like cluster.test.ts: the
 * tables of the run live in a schema and a Redis prefix of their own. Without the services the run
 * says loudly that it skips this file, and under CI fails instead.
 */
import { execFileSync } from 'node:child_process';
import { MatchboxClient } from '@matchbox/client';
import { afterAll, describe, expect, it } from 'vitest';
import type { Node } from '../scripts/nodes.ts';
import { freePort, kill, startNode } from '../scripts/nodes.ts';
import type { Committed } from './autoplay.ts';
import { autoplay } from './autoplay.ts';
import { dropRunData, runName, services } from './services.ts';

const { databaseUrl, redisUrl } = services;
const enabled = Boolean(databaseUrl && redisUrl);
const run = runName('n');
const env = {
  DATABASE_URL: databaseUrl ?? '',
  DATABASE_SCHEMA: `mbnodes_${run}`,
  REDIS_URL: redisUrl ?? '',
  REDIS_PREFIX: `matchbox-test-${run}:`,
  LEASE_MS: '1500',
  NODES: '2',
};
const started: Node[] = [];

afterAll(async () => {
  for (const n of started) await kill(n);
  if (enabled) await dropRunData(env.DATABASE_SCHEMA, env.REDIS_PREFIX);
});

/** The server processes the supervising process runs now. */
const serverProcesses = (node: Node): number[] =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(node.child.pid)], { encoding: 'utf8' })
    .split('\n')
    .map((l) => Number(l.trim()))
    .filter((pid) => pid > 0);

async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('NODES without the cluster mode', () => {
  it('is refused with a reason: SQLite is served by one process', async () => {
    const port = await freePort();
    const failed = await startNode(port, { NODES: '2', DATABASE_URL: '', REDIS_URL: '' }).then(
      (n) => {
        started.push(n);
        return '';
      },
      (e: Error) => e.message,
    );
    expect(failed).toContain('exited (2)');
    expect(failed).toContain('NODES=2 needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL)');
  });

  it('stops with an error when its server processes keep dying at start (no database answers)', async () => {
    const failed = await startNode(await freePort(), {
      NODES: '2',
      DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/none`,
      REDIS_URL: 'redis://127.0.0.1:1',
      LOG_LEVEL: 'fatal',
    }).then(
      (n) => {
        started.push(n);
        return '';
      },
      (e: Error) => e.message,
    );
    expect(failed).toContain('exited (1)');
    expect(failed).toContain('server processes keep dying at start');
  }, 120_000);
});

describe.runIf(enabled)('NODES=2 on PostgreSQL and Redis', () => {
  it('two processes share the port; a table plays across them and goes on when one is killed', async () => {
    const node = await startNode(await freePort(), env);
    started.push(node);
    expect(node.output).toContain('(2 nodes)');
    const workers = serverProcesses(node);
    expect(workers).toHaveLength(2);

    const creator = new MatchboxClient(node.url);
    const made = await creator.createTable({
      game: 'matchmaster',
      players: 4,
      name: 'P0',
      options: { handSizes: [3, 2, 3] },
      seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'open' }, { kind: 'open' }],
    });
    const id = made.table.id;
    const tickets = [made.ticket!];
    for (let i = 1; i < 4; i++)
      tickets.push(await new MatchboxClient(node.url).join(id, { name: `P${i}`, invite: made.invite }));
    const committed: Committed[] = [];
    const conns = tickets.map((t) => new MatchboxClient(node.url).connect(id, t.token));
    for (const [seat, c] of conns.entries()) autoplay(c, seat, `nodes:${seat}`, committed);
    await Promise.all(conns.map((c) => c.ready));
    await Promise.all(conns.map((c) => c.waitFor((u) => u.version >= 6, 60_000)));

    // One process dies mid-game: the supervisor starts another, the connections it held come
    // back through the shared port, and the game goes on to its end with nothing lost.
    process.kill(workers[0]!, 'SIGKILL');
    await until(() => {
      const now = serverProcesses(node);
      return now.length === 2 && !now.includes(workers[0]!);
    }, 60_000);
    const ends = await Promise.all(conns.map((c) => c.waitFor((u) => u.status === 'finished', 120_000)));
    for (const e of ends) expect(e.version).toBe(ends[0]!.version);
    const record = (await new MatchboxClient(node.url).record(id)) as {
      moves: { seat: number; action: string }[];
    };
    expect(record.moves).toHaveLength(ends[0]!.version);
    for (const c of committed)
      expect(record.moves[c.version - 1]).toMatchObject({ seat: c.seat, action: c.action });
    expect(node.child.exitCode).toBeNull();
    for (const c of conns) c.close();
  }, 240_000);
});
