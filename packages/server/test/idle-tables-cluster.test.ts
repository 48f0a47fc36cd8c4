/**
 * Idle tables in their compact form across two nodes (real processes on PostgreSQL and Redis,
 * loopback only; soak tier): each node compacts its own copy of a table nobody uses there
 * (TABLE_IDLE_MS, short here). A copy compacted on a node that does not own the table only marks
 * another node's commit notices (it reads the store on its next use): a person who comes through
 * that node later sees exactly what the other node shows, and acts there. The owner rebuilds its
 * compacted copy at once on a notice, so its bots go on. Without the services the run says loudly
 * that it skips this file, and under CI fails instead. The single-node mechanism is checked in
 * `npm test` (`idle-tables.test.ts`).
 */
import type { TableConnection, TableUpdate } from '@matchbox/client';
import { MatchboxClient } from '@matchbox/client';
import { afterAll, describe, expect, it } from 'vitest';
import type { Node } from '../scripts/nodes.ts';
import { services } from './services.ts';
import { twoNodes } from './two-nodes.ts';

const { databaseUrl, redisUrl } = services;
const enabled = Boolean(databaseUrl && redisUrl);
// A table is compacted one to one and a half idle times after its last use (the sweep runs every
// second at the least); no stand-in and no pause at a hand's end meanwhile. The leases last ten
// minutes: the nodes' periodic check for tables behind the store (`adoptOrphans`, every half
// lease) never runs during the file, so only the commit notices can bring a copy up to date.
const { nodes } = twoNodes('idle', enabled, {
  TABLE_IDLE_MS: '1500',
  LEASE_MS: '600000',
  STAND_IN_GRACE_MS: '600000',
  TABLE_PAUSE_MS: '0',
});

const opened: TableConnection[] = [];
afterAll(() => {
  for (const c of opened) c.close();
});

function connect(node: Node, tableId: string, token?: string): TableConnection {
  const c = new MatchboxClient(node.url).connect(tableId, token);
  opened.push(c);
  return c;
}

/** How many tables `node` holds in their compact form (its `matchbox_tables_compacted` gauge). */
async function compacted(node: Node): Promise<number> {
  const text = await (await fetch(`${node.url}/metrics`)).text();
  const line = /^matchbox_tables_compacted (\d+)$/m.exec(text);
  if (!line) throw new Error(`no matchbox_tables_compacted in ${node.url}/metrics`);
  return Number(line[1]);
}

/** Waits (polling, up to a generous minute) until `check` holds. */
async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first legal action of whoever `conn`'s seat is, once it is to act. */
async function play(conn: TableConnection): Promise<number> {
  const mine = await conn.waitFor((u) => u.legal.length > 0, 30_000);
  const ack = await conn.act(mine.legal[0]!.text);
  if (!ack.ok) throw new Error(`refused: ${JSON.stringify(ack)}`);
  return mine.version + 1;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Which of the two seats' connections acts next, once both are at `version` (the first if both). */
async function turn(first: TableConnection, second: TableConnection, version: number) {
  await second.waitFor((u) => u.version === version, 30_000);
  return (await first.waitFor((u) => u.version === version, 30_000)).legal.length > 0 ? first : second;
}

/** The first full update a fresh connection through `node` gets, once at `version` at least. */
async function firstView(node: Node, tableId: string, version: number, token?: string): Promise<TableUpdate> {
  const c = connect(node, tableId, token);
  const first = await c.ready;
  expect(first.version).toBeGreaterThanOrEqual(version);
  return first;
}

describe.skipIf(!enabled)('idle tables compacted across two nodes', () => {
  it("a copy compacted on the other node follows the owner's commits: the same view there, and an action taken", async () => {
    const [a, b] = nodes as [Node, Node];
    const ada = new MatchboxClient(a.url);
    // Made on A: A holds the table's lease (its owner).
    const made = await ada.createTable({
      game: 'matchmaster',
      players: 2,
      name: 'Ada',
      clockSeconds: 86_400,
      seats: [{ kind: 'open' }, { kind: 'open' }],
    });
    const tableId = made.table.id;
    const joined = await new MatchboxClient(b.url).join(tableId, { name: 'Bob', invite: made.invite });
    const adaConn = connect(a, tableId, made.ticket!.token);
    const bobConn = connect(a, tableId, joined.token);
    let version = (await adaConn.waitFor((u) => u.status === 'playing', 30_000)).version;
    // A spectator through B loads B's copy and watches a few moves there, then leaves.
    const watcher = connect(b, tableId);
    await watcher.ready;
    for (let i = 0; i < 3; i++) version = await play(await turn(adaConn, bobConn, version));
    await watcher.waitFor((u) => u.version === version, 30_000);
    watcher.close();

    // Nobody on B: its copy is compacted; A's, with both seats connected, is not.
    await until('B compacts its copy', async () => (await compacted(b)) === 1);
    expect(await compacted(a)).toBe(0);

    // Moves through A: each commit notice only marks B's compacted copy (it stays compacted).
    const compactedAt = version;
    for (let i = 0; i < 4; i++) version = await play(await turn(adaConn, bobConn, version));
    await turn(adaConn, bobConn, version);
    expect(version).toBe(compactedAt + 4);
    // Two sweeps later (the gauge is counted at each): still compacted, nothing rebuilt it.
    await sleep(2_500);
    expect(await compacted(b)).toBe(1);

    // Through B, each seat and a spectator get exactly what A gives them: the same view, version,
    // legal actions and events since the start.
    for (const token of [made.ticket!.token, joined.token, undefined]) {
      const viaB = await firstView(b, tableId, version, token);
      const viaA = await firstView(a, tableId, version, token);
      expect(viaB.version).toBe(version);
      expect(viaB).toEqual(viaA);
    }
    await until('B counts its copy rebuilt', async () => (await compacted(b)) === 0);

    // The seat to act acts through B: taken, and A's connections see it.
    const toAct = (await turn(adaConn, bobConn, version)) === adaConn ? 0 : 1;
    const token = toAct === 0 ? made.ticket!.token : joined.token;
    const viaB = connect(b, tableId, token);
    await viaB.ready;
    version = await play(viaB);
    const seen = await adaConn.waitFor((u) => u.version === version, 30_000);
    await bobConn.waitFor((u) => u.version === version, 30_000);
    expect((await viaB.waitFor((u) => u.version === version, 30_000)).view).toEqual(
      (toAct === 0 ? adaConn : bobConn).latest!.view,
    );
    expect(seen.version).toBe(version);
    // And B's copy, used again, still agrees with A's after it.
    expect(await firstView(b, tableId, version)).toEqual(await firstView(a, tableId, version));
  }, 180_000);

  it("the owner's compacted copy rebuilds at once on another node's commit: its bot moves", async () => {
    const [a, b] = nodes as [Node, Node];
    const before = await compacted(a);
    // Made on A (the owner), played through B only: A's copy has no connection.
    const made = await new MatchboxClient(a.url).createTable({
      game: 'matchmaster',
      players: 2,
      name: 'Ada',
      clockSeconds: 86_400,
      seats: [{ kind: 'open' }, { kind: 'bot', level: 'easy' }],
    });
    const tableId = made.table.id;
    const adaConn = connect(b, tableId, made.ticket!.token);
    // Ada's turn (the bot has made whatever moves came first).
    const mine = await adaConn.waitFor((u) => u.status === 'playing' && u.legal.length > 0, 30_000);
    let version = mine.version;
    expect(mine.toAct).toContain(0);

    // A compacts its copy while Ada thinks; B's, with her connection, stays whole.
    await until('A compacts its copy', async () => (await compacted(a)) === before + 1);

    // Ada moves through B, each time once A has compacted its copy, until the bot has moved after
    // her twice: A, the owner, rebuilt its copy on B's commit notice and drove the bot.
    let botMoves = 0;
    for (let i = 0; i < 12 && botMoves < 2; i++) {
      await until('A compacts its copy again', async () => (await compacted(a)) === before + 1);
      version = await play(adaConn);
      const moved = version;
      const next = await adaConn.waitFor(
        (u) => u.version > moved || (u.version === moved && u.legal.length > 0),
        60_000,
      );
      if (next.version > moved) botMoves++;
      version = (await adaConn.waitFor((u) => u.legal.length > 0, 60_000)).version;
      // B's commit was used at A (its gauge counts the copy whole at its next sweep).
      await until('A counts its copy rebuilt', async () => (await compacted(a)) === before);
    }
    expect(botMoves).toBe(2);
    // The bot's moves are the owner's: A's view agrees with B's.
    expect(await firstView(a, tableId, version, made.ticket!.token)).toEqual(
      await firstView(b, tableId, version, made.ticket!.token),
    );
  }, 180_000);
});
