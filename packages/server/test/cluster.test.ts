/**
 * Cluster mode with real processes on PostgreSQL and Redis (loopback only): three nodes share the
 * tables. Needs PostgreSQL and Redis (services.ts: DATABASE_URL / REDIS_URL or the local ones);
 * without them the run says loudly that it skips this file, and under CI fails instead. The
 * schema and the Redis key prefix are this run's own.
 */
import { eventsFor, getGame, parseRecord, replay, setupConfigOf } from '@matchbox/engine';
import type { GameEvent } from '@matchbox/engine';
import type { TableUpdate } from '@matchbox/client';
import { MatchboxClient } from '@matchbox/client';
import type { Committed } from './autoplay.ts';
import { autoplay } from './autoplay.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Node } from '../scripts/nodes.ts';
import { freePort, kill, roundRobinProxy, startNode } from '../scripts/nodes.ts';
import { http, rawSocket } from './hostile-client.ts';
import { dropRunData, runName, services } from './services.ts';

const { databaseUrl, redisUrl } = services;
const enabled = Boolean(databaseUrl && redisUrl);

const run = runName('c');
const env = {
  DATABASE_URL: databaseUrl ?? '',
  DATABASE_SCHEMA: `mbcluster_${run}`,
  REDIS_URL: redisUrl ?? '',
  REDIS_PREFIX: `matchbox-test-${run}:`,
  LEASE_MS: '1500',
};
let nodes: Node[] = [];

beforeAll(async () => {
  if (!enabled) return;
  const ports = [await freePort(), await freePort(), await freePort()];
  // The first node creates the schema; the others start beside it.
  nodes = [await startNode(ports[0]!, env)];
  nodes.push(...(await Promise.all(ports.slice(1).map((p) => startNode(p, env)))));
}, 180_000);

afterAll(async () => {
  for (const n of nodes) await kill(n);
  if (enabled) await dropRunData(env.DATABASE_SCHEMA, env.REDIS_PREFIX);
});

/** Checks a client's updates against the engine replaying the record: same views and events. */
function checkAgainstRecord(record: unknown, updates: readonly TableUpdate[], viewer: number | null): void {
  const parsed = parseRecord(record);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const game = getGame(parsed.value.game)!;
  const setupEvents: GameEvent[] = [];
  const setup = game.setup(setupConfigOf(parsed.value), setupEvents);
  if (!setup.ok) throw new Error(setup.error.message);
  const perVersion: unknown[][] = [eventsFor(setupEvents, viewer)];
  const views: unknown[] = [game.view(setup.value, viewer)];
  for (const m of parsed.value.moves) {
    const events: GameEvent[] = [];
    const action = game.parseAction(m.action);
    if (!action.ok) throw new Error(action.error.message);
    expect(game.applyInPlace(setup.value, m.seat, action.value, events)).toBeNull();
    perVersion.push(eventsFor(events, viewer));
    views.push(game.view(setup.value, viewer));
  }
  const first = updates[0]!;
  // A client that joined at version 0 and later asked for what it missed from 0 also gets the
  // setup's events (the first deal): they are not repeats, but they are not in the expectation.
  const setupSeen = perVersion[0]!.map((e) => JSON.stringify(e));
  const received = updates
    .slice(1)
    .flatMap((u) => u.events)
    .filter((e) => first.version > 0 || !setupSeen.includes(JSON.stringify(e)));
  expect(received).toEqual(perVersion.slice(first.version + 1).flat());
  for (const u of updates) expect(u.view).toEqual(views[u.version]);
}

describe.runIf(enabled)('three nodes on PostgreSQL and Redis', () => {
  it('four clients on different nodes play a MatchMaster table with a bot; each sees the public history and its own share', async () => {
    const creator = new MatchboxClient(nodes[0]!.url);
    const made = await creator.createTable({
      game: 'matchmaster',
      players: 5,
      name: 'P0',
      options: { handSizes: [3, 2, 3] },
      seats: [
        { kind: 'open' },
        { kind: 'open' },
        { kind: 'open' },
        { kind: 'open' },
        { kind: 'bot', level: 'easy' },
      ],
    });
    const id = made.table.id;
    const tickets = [made.ticket!];
    for (let i = 1; i < 4; i++)
      tickets.push(
        await new MatchboxClient(nodes[i % 3]!.url).join(id, { name: `P${i}`, invite: made.invite }),
      );
    const committed: Committed[] = [];
    const conns = tickets.map((t, seat) => new MatchboxClient(nodes[seat % 3]!.url).connect(id, t.token));
    const logs = conns.map((c, seat) => autoplay(c, seat, `cluster:${seat}`, committed));
    await Promise.all(conns.map((c) => c.ready));
    const ends = await Promise.all(conns.map((c) => c.waitFor((u) => u.status === 'finished', 120_000)));
    const record = await new MatchboxClient(nodes[1]!.url).record(id);
    for (let seat = 0; seat < 4; seat++) {
      expect(ends[seat]!.version).toBe(ends[0]!.version);
      checkAgainstRecord(record, logs[seat]!, seat);
    }
    const moves = (record as { moves: { seat: number; action: string }[] }).moves;
    for (const c of committed) expect(moves[c.version - 1]).toMatchObject({ seat: c.seat, action: c.action });
    // The bot's moves were made by one node at a time: every version appears exactly once.
    expect(moves.length).toBe(ends[0]!.version);
    for (const c of conns) c.close();
  });

  it('chat crosses nodes, and a seat left on one node cannot post from another', async () => {
    const made = await new MatchboxClient(nodes[0]!.url).createTable({
      game: 'matchmaster',
      players: 2,
      name: 'Ada',
      seats: [{ kind: 'open' }, { kind: 'open' }],
    });
    const id = made.table.id;
    const bob = await new MatchboxClient(nodes[1]!.url).join(id, { name: 'Bob', invite: made.invite });
    const ada = new MatchboxClient(nodes[0]!.url).connect(id, made.ticket!.token);
    const bobConn = new MatchboxClient(nodes[1]!.url).connect(id, bob.token);
    const watcher = new MatchboxClient(nodes[2]!.url).connect(id);
    try {
      await Promise.all([ada.ready, bobConn.ready, watcher.ready]);
      const heard = (c: typeof ada, text: string) =>
        new Promise<void>((resolve) => {
          if (c.chat.some((l) => l.text === text)) return resolve();
          const off = c.onChat((lines) => lines.some((l) => l.text === text) && (off(), resolve()));
        });
      expect((await ada.say('from node 0')).ok).toBe(true);
      await Promise.all([heard(bobConn, 'from node 0'), heard(watcher, 'from node 0')]);
      // Bob leaves through node 2; his connection on node 1 can no longer write.
      await new MatchboxClient(nodes[2]!.url).leave(id, bob.token);
      // Detached from the seat at once (not_attached), or refused by the chat's own check.
      expect(codeOf(await bobConn.say('ghost'))).toMatch(/^(not_seated|not_attached)$/);
      expect((await new MatchboxClient(nodes[1]!.url).chat(id)).map((l) => l.text)).toEqual(['from node 0']);
    } finally {
      for (const c of [ada, bobConn, watcher]) c.close();
    }
  });

  it('two nodes racing to commit the same seat: exactly one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const made = await new MatchboxClient(nodes[0]!.url).createTable({
        game: 'matchmaster',
        players: 2,
        name: 'A',
        seats: [{ kind: 'open' }, { kind: 'open' }],
      });
      const id = made.table.id;
      await new MatchboxClient(nodes[0]!.url).join(id, { name: 'B', invite: made.invite });
      const a = new MatchboxClient(nodes[1]!.url).connect(id, made.ticket!.token);
      const b = new MatchboxClient(nodes[2]!.url).connect(id, made.ticket!.token);
      await Promise.all([a.ready, b.ready]);
      const [x, y] = await Promise.all([a.act('bid 0'), b.act('bid 1')]);
      expect([x.ok, y.ok].filter(Boolean)).toHaveLength(1);
      const loser = x.ok ? y : x;
      expect(loser.ok ? '' : loser.error.code).not.toBe('');
      // Every node comes to the same single action (node 0 learns of it by a commit notice).
      let version = 0;
      for (let i = 0; i < 40 && version < 1; i++) {
        await new Promise((r) => setTimeout(r, 50));
        version = (await new MatchboxClient(nodes[0]!.url).table(id)).version;
      }
      await new Promise((r) => setTimeout(r, 200));
      expect((await new MatchboxClient(nodes[0]!.url).table(id)).version).toBe(1);
      expect(((await new MatchboxClient(nodes[2]!.url).table(id)) as { version: number }).version).toBe(1);
      a.close();
      b.close();
    }
  });

  it('simultaneous joins through two nodes: both joiners hold a seat, every table starts', async () => {
    const tables = process.env.MATCHBOX_SOAK === '1' ? 40 : 8;
    for (let i = 0; i < tables; i++) {
      const made = await new MatchboxClient(nodes[0]!.url).createTable({
        game: 'matchmaster',
        players: 3,
        name: 'A',
        seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'open' }],
      });
      const id = made.table.id;
      // Two people press "join" at once, on two nodes (raw HTTP, as browsers would).
      const answers = await Promise.all(
        [nodes[1]!, nodes[2]!].map((n, k) =>
          http(n.url, 'POST', `/api/tables/${id}/join`, { name: `J${k}`, invite: made.invite }),
        ),
      );
      for (const a of answers) expect(a.status).toBe(200);
      const tickets = answers.map((a) => a.body as { seat: number; token: string });
      expect(new Set(tickets.map((t) => t.seat)).size).toBe(2);
      // Both tokens hold their seats, and the table started: no seat was reopened by the later write.
      // (Node 0 hears of the joins by a commit notice: it may take a moment.)
      let table = await new MatchboxClient(nodes[0]!.url).table(id);
      for (let k = 0; k < 100 && table.status !== 'playing'; k++) {
        await new Promise((r) => setTimeout(r, 20));
        table = await new MatchboxClient(nodes[0]!.url).table(id);
      }
      expect(table.status).toBe('playing');
      expect(table.seats.map((s) => s.name).sort()).toEqual(['A', 'J0', 'J1']);
      for (const t of tickets) {
        const s = await rawSocket(nodes[i % 3]!.url);
        const hello = (await s.ask('hello', [{ tableId: id, token: t.token }])) as {
          ok: boolean;
          update?: { seat: number };
        };
        s.close();
        expect(hello).toMatchObject({ ok: true, update: { seat: t.seat } });
      }
    }
  });

  it('a seat handed on through one node detaches the former holder’s connection on another at once', async () => {
    const made = await new MatchboxClient(nodes[0]!.url).createTable({
      game: 'matchmaster',
      players: 2,
      name: 'Ada',
      options: { handSizes: [3, 2] },
      seats: [{ kind: 'open' }, { kind: 'open' }],
    });
    const id = made.table.id;
    const bob = await new MatchboxClient(nodes[0]!.url).join(id, { name: 'Bob', invite: made.invite });
    const old = await rawSocket(nodes[1]!.url);
    expect(await old.ask('hello', [{ tableId: id, token: bob.token }])).toMatchObject({ ok: true });
    // Bob leaves and Cy takes the seat, both through node 2.
    expect((await http(nodes[2]!.url, 'POST', `/api/tables/${id}/leave`, { token: bob.token })).status).toBe(
      200,
    );
    for (let i = 0; i < 200 && !old.heard.some((h) => h.event === 'detached'); i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(old.heard.find((h) => h.event === 'detached')?.args[0]).toMatchObject({ tableId: id, seat: 1 });
    const heard = old.heard.length;
    const cy = await http(nodes[2]!.url, 'POST', `/api/tables/${id}/join`, {
      name: 'Cy',
      invite: made.invite,
    });
    expect(cy.status).toBe(200);
    const cyConn = await rawSocket(nodes[2]!.url);
    expect(
      await cyConn.ask('hello', [{ tableId: id, token: (cy.body as { token: string }).token }]),
    ).toMatchObject({ ok: true });
    // A stand-in may have bid for the left seat before Cy took it; from Cy's join on, nobody acts.
    const version = (await new MatchboxClient(nodes[0]!.url).table(id)).version;
    // The old connection acts for nobody, and hears nothing of Cy's seat.
    const refused = (await old.ask('act', [{ tableId: id, action: 'bid 0' }])) as {
      ok: boolean;
      error?: { code: string };
    };
    expect(['not_attached', 'seat_changed']).toContain(refused.error?.code);
    await new Promise((r) => setTimeout(r, 300));
    expect(old.heard.slice(heard).filter((h) => h.event === 'update')).toEqual([]);
    expect((await new MatchboxClient(nodes[0]!.url).table(id)).version).toBe(version);
    old.close();
    cyConn.close();
  });

  it('the owner killed mid-hand: clients reconnect to another node, the bot goes on, nothing is lost', async () => {
    const proxy = await roundRobinProxy(nodes.map((n) => n.port));
    try {
      // Created on node 0, so node 0 holds the lease and drives the bot.
      const made = await new MatchboxClient(nodes[0]!.url).createTable({
        game: 'matchmaster',
        players: 4,
        name: 'P0',
        options: { handSizes: [4, 3, 4] },
        seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'open' }, { kind: 'bot', level: 'easy' }],
      });
      const id = made.table.id;
      const tickets = [made.ticket!];
      for (let i = 1; i < 3; i++)
        tickets.push(
          await new MatchboxClient(nodes[1]!.url).join(id, { name: `P${i}`, invite: made.invite }),
        );
      const committed: Committed[] = [];
      const conns = tickets.map((t) => new MatchboxClient(proxy.url).connect(id, t.token));
      const logs = conns.map((c, seat) => autoplay(c, seat, `failover:${seat}`, committed));
      await Promise.all(conns.map((c) => c.ready));
      // Mid-hand: some tricks of the first hand played.
      await conns[0]!.waitFor((u) => u.version >= 8, 60_000);
      const killedAt = Date.now();
      await kill(nodes[0]!);
      // The bot's next move comes from another node within a few seconds.
      const ends = await Promise.all(conns.map((c) => c.waitFor((u) => u.status === 'finished', 120_000)));
      const record = await new MatchboxClient(nodes[1]!.url).record(id);
      const parsed = parseRecord(record);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const replayed = replay(getGame('matchmaster')!, parsed.value);
      if (!replayed.ok) throw new Error(replayed.error.message);
      for (let seat = 0; seat < 3; seat++) {
        expect(ends[seat]!.view).toEqual(getGame('matchmaster')!.view(replayed.value, seat));
        checkAgainstRecord(record, logs[seat]!, seat);
      }
      for (const c of committed)
        expect(parsed.value.moves[c.version - 1]).toMatchObject({ seat: c.seat, action: c.action });
      expect(Date.now() - killedAt).toBeLessThan(120_000);
      for (const c of conns) c.close();
    } finally {
      await proxy.close();
      nodes[0] = await startNode(nodes[0]!.port, env);
    }
  });
});

function codeOf(answer: { ok: boolean; error?: { code: string } }): string {
  return answer.ok ? 'ok' : (answer.error?.code ?? '');
}
