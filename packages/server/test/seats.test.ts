/**
 * Seats and clocks against the real server: leaving, taking over a left seat, handing it to a bot,
 * and a turn clock that plays for a person who does not move, also after a restart.
 */
import { MatchboxClient } from '@matchbox/client';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../src/index.ts';
import { startTestServer, testConfig } from './helpers.ts';

const servers: { stop(): Promise<void> }[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
});

describe('seats', () => {
  it('a person leaves, another takes the seat over, then a bot replaces the next who leaves', async () => {
    const server = await startTestServer();
    servers.push(server);
    const client = new MatchboxClient(server.url);
    const made = await client.createTable({
      game: 'matchmaster',
      players: 2,
      name: 'Ada',
      seats: [{ kind: 'open' }, { kind: 'open' }],
    });
    const id = made.table.id;
    // While waiting, leaving frees the seat again.
    const bob = await client.join(id, { name: 'Bob', invite: made.invite });
    expect((await client.table(id)).status).toBe('playing');
    const left = await client.leave(id, bob.token);
    expect(left.seats[1]).toMatchObject({ kind: 'human', name: 'Bob', left: true });
    // The old token no longer holds the seat.
    await expect(client.leave(id, bob.token)).rejects.toMatchObject({ code: 'bad_token' });
    const cy = await client.join(id, { name: 'Cy', invite: made.invite });
    expect(cy.seat).toBe(1);
    await client.leave(id, cy.token);
    // Only a player at the table may hand a seat to a bot, and only a free one.
    await expect(client.replaceByBot(id, 'X'.repeat(32), 1, 'easy')).rejects.toMatchObject({
      code: 'bad_token',
    });
    await expect(client.replaceByBot(id, made.ticket!.token, 0, 'easy')).rejects.toMatchObject({
      code: 'seat_taken',
    });
    const replaced = await client.replaceByBot(id, made.ticket!.token, 1, 'easy');
    expect(replaced.seats[1]).toMatchObject({ kind: 'bot', level: 'easy' });
    // The bot now plays seat 1: after Ada bids, the bot's bid completes the round of bids.
    const conn = client.connect(id, made.ticket!.token);
    await conn.ready;
    expect((await conn.act('bid 1')).ok).toBe(true);
    const after = await conn.waitFor((u) => (u.view as { phase: string }).phase === 'play' || u.version >= 2);
    expect(after.version).toBeGreaterThanOrEqual(2);
    conn.close();
  });
});

describe('turn clocks', () => {
  it('a bot plays for a person whose clock ran out, and the deadline survives a restart', async () => {
    const config = testConfig();
    const log = pino({ level: 'silent' });
    let server = await startServer(config, { log });
    const client = new MatchboxClient(server.url);
    const made = await client.createTable({
      game: 'matchmaster',
      players: 2,
      name: 'Ada',
      clockSeconds: 5,
      seats: [{ kind: 'open' }, { kind: 'bot', level: 'random' }],
    });
    const id = made.table.id;
    const first = await client.table(id);
    expect(first.status).toBe('playing');
    const stored = await server.store.getTable(id);
    expect(stored!.deadlineAt).toBeGreaterThan(Date.now());
    // Restart before the deadline: the clock must still run out on the stored deadline.
    await server.close();
    server = await startServer({ ...config }, { log });
    servers.push({ stop: () => server.close() });
    const deadline = (await server.store.getTable(id))!.deadlineAt!;
    const actions = async () => server.store.actions(id);
    for (let i = 0; i < 100 && !(await actions()).some((a) => a.actor === 'clock'); i++)
      await new Promise((r) => setTimeout(r, 200));
    const log2 = await actions();
    const clocked = log2.find((a) => a.actor === 'clock');
    expect(clocked, 'the clock played for seat 0').toMatchObject({ seat: 0 });
    expect(clocked!.at).toBeGreaterThanOrEqual(deadline);
  });
});

describe('the start', () => {
  it('a waiting table has no deal until its last seat fills; the start and its deal survive restarts', async () => {
    const config = testConfig();
    const log = pino({ level: 'silent' });
    let server = await startServer(config, { log });
    const client = new MatchboxClient(server.url);
    const made = await client.createTable({
      game: 'match',
      players: 2,
      name: 'Ada',
      seats: [{ kind: 'open' }, { kind: 'open' }],
    });
    const id = made.table.id;
    expect(await server.store.getTable(id)).toMatchObject({ status: 'waiting', seed: null, chance: null });
    // A restart while it waits: it comes back waiting, with nothing dealt.
    await server.close();
    server = await startServer({ ...config }, { log });
    expect(server.service.inspect(id)).toMatchObject({ state: null });
    // The server listens on a new port after each restart.
    const joined = await new MatchboxClient(server.url).join(id, { name: 'Bob', invite: made.invite });
    const stored = await server.store.getTable(id);
    expect(stored).toMatchObject({ status: 'playing', seed: expect.any(String), chance: expect.any(Array) });
    const seen = [made.ticket!.token, joined.token].map((token) => server.service.attach(id, token, 0));
    const views = await Promise.all(
      seen.map(async (a) => {
        const attached = await a;
        if (!attached.ok) throw new Error(attached.error.message);
        return attached.value.catchUp().update.view;
      }),
    );
    expect(views.every((v) => v !== null)).toBe(true);
    // A restart after the start deals the same cards from the stored seed and first deal.
    await server.close();
    server = await startServer({ ...config }, { log });
    servers.push({ stop: () => server.close() });
    expect(await server.store.getTable(id)).toMatchObject({ seed: stored!.seed, chance: stored!.chance });
    for (const [seat, token] of [made.ticket!.token, joined.token].entries()) {
      const attached = await server.service.attach(id, token, 0);
      if (!attached.ok) throw new Error(attached.error.message);
      expect(attached.value.catchUp().update.view).toEqual(views[seat]);
    }
  });
});

describe('undo', () => {
  it('a seat takes back its own secret bid, not after the reveal; the log keeps the undo and replays', async () => {
    const server = await startTestServer();
    servers.push(server);
    const client = new MatchboxClient(server.url);
    const made = await client.createTable({
      game: 'matchmaster',
      players: 3,
      name: 'Ada',
      seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'open' }],
    });
    const id = made.table.id;
    const b = await client.join(id, { name: 'Bob', invite: made.invite });
    const c = await client.join(id, { name: 'Cy', invite: made.invite });
    const conns = [
      client.connect(id, made.ticket!.token),
      client.connect(id, b.token),
      client.connect(id, c.token),
    ];
    await Promise.all(conns.map((x) => x.ready));
    const first = conns[0]!.latest!.view;
    expect((await conns[0]!.undo()).ok).toBe(false); // nothing yet
    expect((await conns[0]!.act('bid 2')).ok).toBe(true);
    expect((await conns[1]!.undo()).ok ? 'undone' : 'refused').toBe('refused'); // not Bob's move
    const back = await conns[0]!.undo();
    expect(back.ok).toBe(true);
    const after = await conns[0]!.waitFor((u) => u.version === 2);
    expect(after.view).toEqual(first);
    expect(after.events).toEqual([{ type: 'undo', seat: 0, action: 'bid 2' }]);
    expect((await conns[0]!.act('bid 1')).ok).toBe(true);
    expect((await conns[1]!.act('bid 0')).ok).toBe(true);
    expect((await conns[2]!.act('bid 1')).ok).toBe(true); // the last bid reveals them all
    const refused = await conns[2]!.undo();
    expect(refused.ok ? '' : refused.error.code).toBe('undo_after_reveal');
    // A restart replays the log with its undo to the same state.
    const before = server.service.inspect(id)!;
    const view = before.game.view(before.state, 0);
    for (const x of conns) x.close();
    await server.close();
    const again = await startServer({ ...server.config }, { log: pino({ level: 'silent' }) });
    servers.push({ stop: () => again.close() });
    const reloaded = new MatchboxClient(again.url).connect(id, made.ticket!.token);
    expect((await reloaded.ready).view).toEqual(view);
    reloaded.close();
  });

  it('a solitaire takes back any move, and says whether a Solitaire B deal is still winnable', async () => {
    const server = await startTestServer();
    servers.push(server);
    const client = new MatchboxClient(server.url);
    // Three moves, then three undos. A deal can be lost within three moves (no stack top fits the
    // last tile: MT-10, about one deal in 26 with these moves), and a finished game takes nothing
    // back, so the test deals again until its three moves leave the game open.
    for (let deal = 0; deal < 20; deal++) {
      const made = await client.createTable({
        game: 'matchet',
        players: 1,
        name: 'Ada',
        options: { mode: 'stacks' },
      });
      const conn = client.connect(made.table.id, made.ticket!.token);
      const start = await conn.ready;
      const solved = await conn.solve();
      expect(solved).toMatchObject({ ok: true, status: expect.stringMatching(/^(win|loss|unknown)$/) });
      for (let i = 0; i < 3 && conn.latest!.status === 'playing'; i++) {
        const u = conn.latest!;
        expect(await conn.act(u.legal[0]!.text)).toEqual({ ok: true, version: u.version + 1 });
        await conn.waitFor((x) => x.version === u.version + 1);
      }
      if (conn.latest!.status !== 'playing') {
        // A lost deal is over: the undo is refused and changes nothing.
        const v = conn.latest!.version;
        const refused = await conn.undo();
        expect(refused.ok ? '' : refused.error.code).toBe('game_over');
        expect((await client.table(made.table.id)).version).toBe(v);
        conn.close();
        continue;
      }
      for (let i = 0; i < 3; i++) {
        const v = conn.latest!.version;
        expect(await conn.undo()).toEqual({ ok: true, version: v + 1 });
        await conn.waitFor((x) => x.version === v + 1);
      }
      expect(conn.latest!.view).toEqual(start.view);
      const record = await client.table(made.table.id);
      expect(record.version).toBe(6);
      conn.close();
      return;
    }
    throw new Error('twenty deals in a row were lost within three moves');
  });
});
