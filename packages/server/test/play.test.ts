/**
 * The server end to end over real sockets: a MatchMaster table with two people and two bots is
 * played to the end; every seat's updates are checked against the engine replaying the table's
 * record, so each seat saw its own share and the public history, nothing more.
 */
import type { GameEvent } from '@matchbox/engine';
import { Rng, eventsFor, getGame, parseRecord, setupConfigOf } from '@matchbox/engine';
import type { TableConnection, TableUpdate, MatchboxError } from '@matchbox/client';
import { MatchboxClient, parseInviteUrl } from '@matchbox/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers.ts';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
let client: MatchboxClient;

beforeAll(async () => {
  server = await startTestServer();
  client = new MatchboxClient(server.url);
});
afterAll(async () => {
  await server.stop();
});

/** Plays random legal actions for a connection whenever it is to act. */
function autoplay(conn: TableConnection, seed: string): { log: TableUpdate[]; errors: unknown[] } {
  const rng = Rng.fromSeed(seed);
  const log: TableUpdate[] = [];
  const errors: unknown[] = [];
  let busy = false;
  const step = async (u: TableUpdate) => {
    if (busy || u.legal.length === 0 || u.status !== 'playing') return;
    busy = true;
    const choice = u.legal[rng.int(u.legal.length)]!;
    const ack = await conn.act(choice.text);
    busy = false;
    if (!ack.ok) errors.push(ack.error);
    if (conn.latest && conn.latest !== u) void step(conn.latest);
  };
  conn.onUpdate((u) => {
    log.push(u);
    void step(u);
  });
  return { log, errors };
}

describe('a MatchMaster table with two people and two bots', () => {
  it('plays to the end and every seat sees exactly its share', async () => {
    const created = await client.createTable({
      game: 'matchmaster',
      players: 4,
      name: 'Ada',
      options: { handSizes: [3, 1, 2] },
      seats: [
        { kind: 'open' },
        { kind: 'open' },
        { kind: 'bot', level: 'medium' },
        { kind: 'bot', level: 'easy' },
      ],
    });
    expect(created.table.status).toBe('waiting');
    expect(created.ticket?.seat).toBe(0);
    const invite = parseInviteUrl(created.inviteUrl)!;
    expect(invite.tableId).toBe(created.table.id);
    await expect(client.join(invite.tableId, { name: 'Eve', invite: 'wrong-code' })).rejects.toMatchObject({
      code: 'bad_invite',
    });
    const joined = await client.join(invite.tableId, { name: 'Bob', invite: invite.invite! });
    expect(joined.seat).toBe(1);
    expect(joined.table.status).toBe('playing');
    await expect(client.join(invite.tableId, { name: 'Cy', invite: invite.invite! })).rejects.toMatchObject({
      code: 'table_full',
    });

    const id = created.table.id;
    const seat0 = client.connect(id, created.ticket!.token);
    const seat1 = client.connect(id, joined.token);
    const watcher = client.connect(id);
    const logs = [autoplay(seat0, 'a'), autoplay(seat1, 'b')];
    const spectator: TableUpdate[] = [];
    watcher.onUpdate((u) => spectator.push(u));
    await Promise.all([seat0.ready, seat1.ready, watcher.ready]);
    const end = await watcher.waitFor((u) => u.status === 'finished', 60_000);
    expect(end.result).toMatchObject({ winners: expect.any(Array) });
    for (const l of logs) expect(l.errors).toEqual([]);
    // Refused cards come with the engine's reason, for a UI to explain a dimmed card (MM-6, MM-7).
    const blocked = logs.flatMap((l) => l.log.flatMap((u) => u.blocked));
    for (const u of logs.flatMap((l) => l.log))
      for (const b of u.blocked) expect(u.legal.map((c) => c.text)).not.toContain(b.text);
    expect(blocked.every((b) => b.code !== '' && b.message !== '')).toBe(true);
    expect(blocked.some((b) => ['must_follow_suit', 'must_trump', 'must_overtrump'].includes(b.code))).toBe(
      true,
    );

    // Replay the published record and check what each viewer received at each version.
    const record = parseRecord(await client.record(id));
    expect(record.ok).toBe(true);
    if (!record.ok) return;
    expect(JSON.stringify(record.value)).not.toContain(server.config.dataDir);
    const game = getGame('matchmaster')!;
    const setupEvents: GameEvent[] = [];
    const setup = game.setup(setupConfigOf(record.value), setupEvents);
    if (!setup.ok) throw new Error(setup.error.message);
    const state = setup.value;
    const expected: { views: unknown[]; events: unknown[][] }[] = [];
    const viewers = [0, 1, null] as const;
    const snapshot = (events: GameEvent[]) => ({
      views: viewers.map((v) => game.view(state, v)),
      events: viewers.map((v) => eventsFor(events, v)),
    });
    expected.push(snapshot(setupEvents));
    for (const move of record.value.moves) {
      const events: GameEvent[] = [];
      const parsed = game.parseAction(move.action);
      if (!parsed.ok) throw new Error(parsed.error.message);
      expect(game.applyInPlace(state, move.seat, parsed.value, events)).toBeNull();
      expected.push(snapshot(events));
    }
    expect(record.value.moves.length).toBe(end.version);
    const received = [logs[0]!.log, logs[1]!.log, spectator];
    viewers.forEach((viewer, i) => {
      const byVersion = new Map<number, TableUpdate[]>();
      for (const u of received[i]!) byVersion.set(u.version, [...(byVersion.get(u.version) ?? []), u]);
      const versions = [...byVersion.keys()].sort((a, b) => a - b);
      for (const [version, updates] of byVersion) {
        // The last update of a version shows that version's view; its events came with it
        // (except at the version the client joined, whose update carries the whole view only).
        expect(updates.at(-1)!.view).toEqual(expected[version]!.views[i]);
        expect(updates.every((u) => u.seat === viewer)).toBe(true);
        if (version > versions[0]!) {
          const events = updates.flatMap((u) => u.events);
          expect(events).toEqual(expected[version]!.events[i]);
        }
      }
      // Every version after the first update reached this viewer.
      expect(versions.at(-1)).toBe(end.version);
      for (let v = versions[0]! + 1; v <= end.version; v++) expect(byVersion.has(v)).toBe(true);
    });
    // The seed never crossed: nothing any client received mentions it.
    const table = await server.store.getTable(id);
    const everything = JSON.stringify([logs[0]!.log, logs[1]!.log, spectator, record.value]);
    expect(everything).not.toContain(table!.seed);
    for (const c of [seat0, seat1, watcher]) c.close();
  });

  it('keeps secret bids secret until all are in (ruling MM-4)', async () => {
    const created = await client.createTable({
      game: 'matchmaster',
      players: 3,
      name: 'Ada',
      seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'open' }],
    });
    const id = created.table.id;
    const b = await client.join(id, { name: 'Bob', invite: created.invite });
    const c = await client.join(id, { name: 'Cy', invite: created.invite });
    const conns = [
      client.connect(id, created.ticket!.token),
      client.connect(id, b.token),
      client.connect(id, c.token),
    ];
    await Promise.all(conns.map((x) => x.ready));
    expect(conns[0]!.latest!.toAct).toEqual([0, 1, 2]);
    // Seats bid in any order; nobody sees another's bid before the last one is in.
    expect((await conns[2]!.act('bid 1')).ok).toBe(true);
    expect((await conns[0]!.act('bid 0')).ok).toBe(true);
    const seen = await conns[1]!.waitFor((u) => u.version === 2);
    expect((seen.view as { bids: unknown[] }).bids).toEqual([null, null, null]);
    expect(JSON.stringify(seen.events)).not.toMatch(/"bid":\s*[01]/);
    const own = await conns[2]!.waitFor((u) => u.version === 2);
    expect((own.view as { bids: unknown[] }).bids).toEqual([null, null, 1]);
    // A second bid by the same seat is refused and changes nothing.
    const again = await conns[0]!.act('bid 1');
    expect(again.ok).toBe(false);
    expect(conns[0]!.latest!.version).toBe(2);
    expect((await conns[1]!.act('bid 2')).ok).toBe(true);
    const revealed = await conns[0]!.waitFor((u) => u.version === 3);
    expect((revealed.view as { bids: unknown[] }).bids).toEqual([0, 2, 1]);
    for (const x of conns) x.close();
  });
});

describe('bad input', () => {
  it('is refused with a stable code and changes nothing', async () => {
    const created = await client.createTable({
      game: 'matchmaster',
      players: 2,
      name: 'Ada',
      botLevel: 'random',
    });
    const id = created.table.id;
    const conn = client.connect(id, created.ticket!.token);
    await conn.ready;
    // The bot bids at the same time as this seat (MM-4) and may commit after the hello: take the
    // version once only this seat is left to bid, so nothing else can move the table below.
    const { version } = await conn.waitFor((u) => u.toAct.length === 1 && u.toAct[0] === 0);
    const socket = conn.socket;
    const ask = (event: string, payload: unknown) =>
      new Promise<{ ok: boolean; error?: { code: string } }>((resolve) =>
        socket.emit(event, payload, resolve),
      );
    expect((await ask('act', { tableId: id, action: 'nonsense' })).error?.code).toBe('malformed_action');
    expect((await ask('act', { tableId: id, action: { type: 'bid', bid: 99 } })).error?.code).toBe(
      'bid_out_of_range',
    );
    expect((await ask('act', { tableId: id, action: 42 })).error?.code).toBe('invalid_message');
    expect((await ask('act', { tableId: 'x', action: 'bid 1' })).error?.code).toBe('invalid_message');
    expect((await ask('act', null)).error?.code).toBe('invalid_message');
    expect((await ask('act', { tableId: id, action: 'bid 1', extra: true })).error?.code).toBe(
      'invalid_message',
    );
    expect((await ask('hello', { tableId: id, token: 'A'.repeat(32) })).error?.code).toBe('bad_token');
    expect((await ask('hello', { tableId: 'nosuchtable', token: created.ticket!.token })).error?.code).toBe(
      'no_such_table',
    );
    const spectator = client.connect(id);
    await spectator.ready;
    const refused = await spectator.act('bid 1');
    expect(refused.ok ? null : refused.error.code).toBe('spectator');
    spectator.close();
    expect(conn.latest!.version).toBe(version);
    // HTTP: malformed bodies, unknown games and options, names with markup.
    const post = (path: string, body: string) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    expect((await post('/api/tables', '{not json')).status).toBe(400);
    expect(
      (
        (await (await post('/api/tables', '{"game":"chess","players":2,"name":"A"}')).json()) as {
          error: { code: string };
        }
      ).error.code,
    ).toBe('unknown_game');
    const badOption = await client
      .createTable({ game: 'matchmaster', players: 2, name: 'A', options: { nonsense: 1 } })
      .catch((e: MatchboxError) => e);
    expect(badOption).toMatchObject({ code: 'unknown_option' });
    const markup = await client
      .createTable({ game: 'matchmaster', players: 2, name: '<script>' })
      .catch((e: MatchboxError) => e);
    expect(markup).toMatchObject({ code: 'invalid_request' });
    const big = await post(
      '/api/tables',
      JSON.stringify({
        game: 'matchmaster',
        players: 2,
        name: 'A',
        options: { handSizes: new Array(9000).fill(1) },
      }),
    );
    expect(big.status).toBe(413);
    // Its unread body ends the connection, and the answer says so: no client reuses it.
    expect(big.headers.get('connection')).toBe('close');
    // The process is still serving.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    conn.close();
  });

  it('limits messages per connection', async () => {
    const created = await client.createTable({ game: 'matchmaster', players: 2, name: 'Ada' });
    const conn = client.connect(created.table.id, created.ticket!.token);
    await conn.ready;
    const answers = await Promise.all(
      Array.from(
        { length: 80 },
        () =>
          new Promise<{ ok: boolean; error?: { code: string } }>((resolve) =>
            conn.socket.emit('act', { tableId: created.table.id, action: 'bid 99' }, resolve),
          ),
      ),
    );
    expect(answers.some((a) => a.error?.code === 'rate_limited')).toBe(true);
    conn.close();
  });
});

describe('reconnection and the lobby', () => {
  it('a client that comes back gets the view and the events it missed', async () => {
    const created = await client.createTable({
      game: 'matchmaster',
      players: 2,
      name: 'Ada',
      public: true,
      seats: [{ kind: 'open' }, { kind: 'open' }],
    });
    const id = created.table.id;
    const lobby = await client.lobby([{ tableId: id, token: created.ticket!.token }]);
    expect(lobby.open.map((t) => t.id)).toContain(id);
    expect(lobby.mine).toEqual([expect.objectContaining({ id, seat: 0 })]);
    const bob = await client.join(id, { name: 'Bob' }); // public: no invite needed
    const a = client.connect(id, created.ticket!.token);
    const b = client.connect(id, bob.token);
    await Promise.all([a.ready, b.ready]);
    a.close();
    expect((await b.act('bid 0')).ok).toBe(true);
    const back = client.connect(id, created.ticket!.token);
    await back.ready;
    const missed = await new Promise<{ ok: boolean; missed?: unknown[]; update?: TableUpdate }>((resolve) =>
      back.socket.emit('hello', { tableId: id, token: created.ticket!.token, since: 0 }, resolve),
    );
    expect(missed.ok).toBe(true);
    // The first deal (with this seat's own cards) and Bob's bid, without its value.
    expect(missed.missed!.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(missed.missed)).toContain((missed.update!.view as { myHand: string[] }).myHand[0]);
    b.close();
    back.close();
  });
});

describe('the pages around the API', () => {
  it('serves a start page, health, readiness and metrics', async () => {
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toContain('text/html');
    const html = await home.text();
    // The built web app when there is one, else the plain page that says how to play.
    if (!/<div id="root"/.test(html)) {
      expect(html).toContain(`npx matchbox connect ${server.url}`);
      expect(html).toContain('MatchMaster');
      const invited = await (await fetch(`${server.url}/join/abcdefgh?invite=<b>x</b>`)).text();
      expect(invited).toContain('You are invited');
      expect(invited).not.toContain('<b>x</b>');
    }
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ ok: true });
    expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({ ok: true });
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    for (const name of [
      'matchbox_tables_live',
      'matchbox_connections',
      'matchbox_actions_total',
      'matchbox_action_round_trip_seconds',
      'matchbox_bot_move_seconds',
    ])
      expect(metrics).toContain(name);
    const games = (await (await fetch(`${server.url}/api/games`)).json()) as { id: string }[];
    expect(games.map((g) => g.id).sort()).toEqual(['match', 'matchet', 'matchmaster', 'sweet16']);
    expect((await fetch(`${server.url}/api/nothing`)).status).toBe(404);
  });

  it('limits unfinished tables per address', async () => {
    const limited = await startTestServer({ tablesPerAddress: 2 });
    const c = new MatchboxClient(limited.url);
    await c.createTable({
      game: 'matchmaster',
      players: 2,
      name: 'A',
      seats: [{ kind: 'open' }, { kind: 'open' }],
    });
    await c.createTable({
      game: 'matchmaster',
      players: 2,
      name: 'A',
      seats: [{ kind: 'open' }, { kind: 'open' }],
    });
    await expect(c.createTable({ game: 'matchmaster', players: 2, name: 'A' })).rejects.toMatchObject({
      code: 'too_many_tables',
      status: 429,
    });
    await limited.stop();
  });
});
