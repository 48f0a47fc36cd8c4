/**
 * Delta updates over real sockets: connections that said hello with `deltas: true` (the client
 * library's `deltas` option) are sent deltas after a move and end with exactly the updates of
 * connections that take full ones, seat and spectator alike; one that misses a delta asks for a
 * full update (hello with since) and is whole again.
 */
import type { TableConnection, TableUpdate } from '@matchbox/client';
import { MatchboxClient } from '@matchbox/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveTable } from '../src/live-table.ts';
import { startTestServer } from './helpers.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
let full: MatchboxClient;
let deltas: MatchboxClient;
beforeAll(async () => {
  server = await startTestServer();
  full = new MatchboxClient(server.url);
  deltas = new MatchboxClient(server.url, { deltas: true });
});
afterAll(async () => {
  await server.stop();
});

/** The game's part of an update: a function of the game's version and the viewer alone. */
const share = (u: TableUpdate) => ({
  version: u.version,
  view: u.view,
  legal: u.legal,
  blocked: u.blocked,
  canUndo: u.canUndo,
  toAct: u.toAct,
  phase: u.phase,
  turn: u.turn,
  result: u.result,
});

/** Every update a connection delivers, by version (the last one of each). */
function record(conn: TableConnection): Map<number, TableUpdate> {
  const seen = new Map<number, TableUpdate>();
  conn.onUpdate((u) => seen.set(u.version, u));
  return seen;
}

/** How many messages of `event` a connection's socket was sent. */
function count(conn: TableConnection, event: string): { n: number } {
  const c = { n: 0 };
  conn.socket.on(event, () => c.n++);
  return c;
}

/** A short MatchMaster table of two people and two bots. */
async function table() {
  const made = await full.createTable({
    game: 'matchmaster',
    players: 4,
    name: 'Ada',
    options: { handSizes: [3, 2] },
    seats: [
      { kind: 'open' },
      { kind: 'open' },
      { kind: 'bot', level: 'random' },
      { kind: 'bot', level: 'random' },
    ],
  });
  const bea = await full.join(made.table.id, { name: 'Bea', invite: made.invite });
  return { id: made.table.id, tokens: [made.ticket!.token, bea.token] };
}

/** Plays the people's seats (through `actors`; the first one takes full updates) until the game is over. */
async function playOut(actors: TableConnection[]): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    const u = actors[0]!.latest!;
    if (u.status === 'finished') return;
    const mover = actors.find((a) => (a.latest?.legal.length ?? 0) > 0);
    if (!mover) {
      await new Promise((r) => setTimeout(r, 10));
      continue;
    }
    const before = actors[0]!.latest!.version;
    // A connection that missed an update may offer a stale choice: refused, it tries again.
    const answer = await mover.act(mover.latest!.legal[0]!.text);
    if (answer.ok) await actors[0]!.waitFor((x) => x.version > before);
    else await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the game did not end');
}

describe('delta updates over sockets', () => {
  it('a deltas connection ends with the same updates as a full one, seat and spectator', async () => {
    const t = await table();
    const adaFull = full.connect(t.id, t.tokens[0]);
    const adaDelta = deltas.connect(t.id, t.tokens[0]);
    const bea = deltas.connect(t.id, t.tokens[1]);
    const watchFull = full.connect(t.id);
    const watchDelta = deltas.connect(t.id);
    const all = [adaFull, adaDelta, bea, watchFull, watchDelta];
    try {
      await Promise.all(all.map((c) => c.waitFor((u) => u.status === 'playing')));
      const deltasHeard = [adaDelta, watchDelta, adaFull, watchFull].map((c) => count(c, 'delta'));
      const seen = [adaFull, adaDelta, watchFull, watchDelta].map(record);
      await playOut([adaFull, bea]);
      const last = adaFull.latest!.version;
      await Promise.all(all.map((c) => c.waitFor((u) => u.version === last && u.status === 'finished')));
      // The deltas were sent, and only to the connections that asked for them.
      expect(deltasHeard[0]!.n).toBeGreaterThan(5);
      expect(deltasHeard[1]!.n).toBeGreaterThan(5);
      expect(deltasHeard[2]!.n + deltasHeard[3]!.n).toBe(0);
      // At every version both saw, the same game; at the end, the same update.
      const pairs: [Map<number, TableUpdate>, Map<number, TableUpdate>][] = [
        [seen[0]!, seen[1]!],
        [seen[2]!, seen[3]!],
      ];
      for (const [a, b] of pairs) {
        const both = [...a.keys()].filter((v) => b.has(v));
        expect(both.length).toBeGreaterThan(5);
        for (const v of both) expect(share(b.get(v)!)).toEqual(share(a.get(v)!));
      }
      const settled = (c: TableConnection) => ({ ...share(c.latest!), seats: c.latest!.seats.length });
      expect(settled(adaDelta)).toEqual(settled(adaFull));
      expect(settled(watchDelta)).toEqual(settled(watchFull));
      expect(share(adaDelta.latest!)).toEqual(share(server.service.current(t.id, 0)!));
      expect(share(watchDelta.latest!)).toEqual(share(server.service.current(t.id, null)!));
    } finally {
      for (const c of all) c.close();
    }
  }, 60_000);

  it('a missed delta makes the connection ask for a full update, and it is whole again', async () => {
    const t = await table();
    const ada = full.connect(t.id, t.tokens[0]);
    const bea = deltas.connect(t.id, t.tokens[1]);
    try {
      await Promise.all([ada, bea].map((c) => c.waitFor((u) => u.status === 'playing')));
      // The first delta after which another seat is to act is lost on its way (the client's
      // handler never sees it); that seat's move brings the next one.
      const [handler] = bea.socket.listeners('delta');
      bea.socket.off('delta', handler);
      let dropped: number | null = null;
      let droppedAt = 0;
      bea.socket.on('delta', (raw: { version: number; toAct?: number[] }) => {
        if (dropped !== null || !raw.toAct || raw.toAct.includes(1)) return handler!(raw);
        dropped = raw.version;
        droppedAt = Date.now();
      });
      const hellos: unknown[] = [];
      let askedAt = 0;
      const emit = bea.socket.emit.bind(bea.socket);
      bea.socket.emit = ((event: string, ...args: unknown[]) => {
        if (event === 'hello') {
          hellos.push(args[0]);
          askedAt ||= Date.now();
        }
        return emit(event, ...args);
      }) as typeof bea.socket.emit;
      const versions: number[] = [];
      bea.onUpdate((u) => versions.push(u.version));
      await playOut([ada, bea]);
      const last = ada.latest!.version;
      await bea.waitFor((u) => u.version === last);
      expect(dropped).not.toBeNull();
      // It asked again from the version before the lost one, and never showed that one's gap wrongly.
      expect(hellos).toContainEqual(expect.objectContaining({ since: dropped! - 1, deltas: true }));
      // At the next delta, not by the client's idle watchdog (4 s without news).
      expect(askedAt - droppedAt).toBeLessThan(3000);
      expect(share(bea.latest!)).toEqual(share(server.service.current(t.id, 1)!));
      for (let i = 1; i < versions.length; i++) expect(versions[i]!).toBeGreaterThanOrEqual(versions[i - 1]!);
    } finally {
      ada.close();
      bea.close();
    }
  }, 60_000);

  it('a hello that finds the table changed without a broadcast re-anchors every deltas connection of its viewer', async () => {
    const t = await table();
    const ada = full.connect(t.id, t.tokens[0]);
    const bea = full.connect(t.id, t.tokens[1]);
    const watch = deltas.connect(t.id);
    let watch2: TableConnection | null = null;
    try {
      await Promise.all(
        [ada, bea].map((c) => c.waitFor((u) => u.status === 'playing' && u.legal.length > 0)),
      );
      await watch.ready;
      // A move, so that the table keeps a base for the spectators (a spectator's hello makes no
      // broadcast), and a delta for it.
      const first = bea.latest!.version;
      expect((await bea.act(bea.latest!.legal[0]!.text)).ok).toBe(true);
      await watch.waitFor((x) => x.version > first);
      // Something shown changes without a broadcast (a spectator's hello makes none), and a
      // second spectator says hello and is shown it...
      const loaded = (
        server.service as unknown as { ctx: { tables: { loaded(id: string): LiveTable } } }
      ).ctx.tables.loaded(t.id);
      const seats = loaded.record.seats;
      loaded.record = {
        ...loaded.record,
        seats: seats.map((s, i) => (i === 3 ? { ...s, name: 'Quiet' } : s)),
      };
      watch2 = deltas.connect(t.id);
      expect((await watch2.ready).seats[3]!.name).toBe('Quiet');
      // ...then changes back, again without one. The next move's seats are the last broadcast's:
      // a delta from that base would leave the second spectator with the name it was shown.
      loaded.record = { ...loaded.record, seats };
      const before = ada.latest!.version;
      expect((await ada.act(ada.latest!.legal[0]!.text)).ok).toBe(true);
      for (const c of [watch, watch2]) {
        const u = await c.waitFor((x) => x.version > before);
        expect(u.seats).toEqual(server.service.current(t.id, null)!.seats);
        expect(share(u)).toEqual(share(server.service.current(t.id, null)!));
      }
    } finally {
      for (const c of [ada, bea, watch, watch2]) c?.close();
    }
  });

  it('refuses a hello whose deltas is not true or false, with a stable code', async () => {
    const t = await table();
    const ada = full.connect(t.id, t.tokens[0]);
    try {
      await ada.ready;
      for (const bad of ['yes', 1, null, {}, [true]]) {
        const answer = (await ada.socket.emitWithAck('hello', { tableId: t.id, deltas: bad })) as {
          ok: boolean;
          error?: { code: string };
        };
        expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_message' } });
      }
    } finally {
      ada.close();
    }
  });
});
