/**
 * The duplicate events end to end (issue #34): two members enter today's MatchMaster event, get
 * the same first hand, play to the end against the event's bots, and appear in the standings with
 * the matchpoints this test works out by hand from their tables' records. Before finishing nobody
 * sees another's play (record, replay, chat, watching, the plays route), a second entry gets the
 * same ticket back, a late guest sees nothing of the others until they finish, and an entry
 * survives a restart of the server mid-event.
 */
import { join } from 'node:path';
import type { EventDetail, EventSummary, EventTicket, TableUpdate } from '@matchbox/client';
import { MatchboxClient } from '@matchbox/client';
import type { GameRecord, MatchMasterView } from '@matchbox/engine';
import { getGame, replay } from '@matchbox/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoplay } from './autoplay.ts';
import type { Committed } from './autoplay.ts';
import { startTestServer } from './helpers.ts';
import type { Received } from './secrecy.ts';
import { Ledger, readStoredTable } from './secrecy.ts';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
const game = getGame('matchmaster')!;
const today = new Date().toISOString().slice(0, 10);
const EVENT = `matchmaster-daily-${today}`;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function call(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  session?: string | null,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(session ? { authorization: `Bearer ${session}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const code = (r: { json: Record<string, unknown> }) => (r.json.error as { code?: string } | undefined)?.code;

/** Every string in a JSON value. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}
/** Every card name of the game (any deal holds each of them somewhere). */
const CARDS: ReadonlySet<string> = (() => {
  const made = game.setup({ players: 4, seed: 'cards' });
  if (!made.ok) throw new Error(made.error.message);
  return new Set(game.cards(made.value));
})();

/** Plays the entrant's seat to the end with random legal moves; every update is kept. */
async function playToEnd(client: MatchboxClient, ticket: EventTicket, seed: string) {
  const conn = client.connect(ticket.tableId, ticket.token);
  const committed: Committed[] = [];
  const seen = autoplay(conn, ticket.seat, seed, committed);
  const first = await conn.ready;
  const end = await conn.waitFor((u) => u.status === 'finished', 120_000);
  conn.close();
  return { first, end, seen: [first, ...seen] as TableUpdate[] };
}

/** Each hand's points of seat 0, from a record replayed by the engine. */
function handPoints(record: GameRecord): number[] {
  const state = replay(game, record);
  if (!state.ok) throw new Error(state.error.message);
  return (game.view(state.value, null) as MatchMasterView).history.map((h) => h.points[0]!);
}

/** Matchpoints by hand: 100 for the better result, 0 for the worse, 50 each for a tie. */
const versus = (a: number, b: number) => (a > b ? 100 : a === b ? 50 : 0);

describe("today's MatchMaster event", () => {
  let ann: MatchboxClient;
  let bob: MatchboxClient;
  let annTicket: EventTicket;
  let bobTicket: EventTicket;

  it("lists the day's and week's events of every game", async () => {
    const list = await call('GET', '/api/events');
    expect(list.status).toBe(200);
    const events = list.json as unknown as EventSummary[];
    const open = events.filter((e) => e.status === 'open');
    expect(open.map((e) => `${e.game}-${e.kind}`).sort()).toEqual(
      ['match', 'matchet', 'matchmaster', 'sweet16'].flatMap((g) => [`${g}-daily`, `${g}-weekly`]).sort(),
    );
    expect(open.find((e) => e.id === EVENT)).toMatchObject({ players: 4, seat: 0, deals: 6, entrants: 0 });
  });

  it('two members get the same first hand; a second entry gets the same ticket back', async () => {
    ann = new MatchboxClient(server.url);
    bob = new MatchboxClient(server.url);
    await ann.signUp('AnnEvents', 'correct horse battery');
    await bob.signUp('BobEvents', 'correct horse battery');
    const a = await call('POST', `/api/events/${EVENT}/entries`, { name: 'whatever' }, ann.session);
    const b = await call('POST', `/api/events/${EVENT}/entries`, { name: 'whatever' }, bob.session);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    annTicket = a.json as unknown as EventTicket;
    bobTicket = b.json as unknown as EventTicket;
    expect(annTicket.seat).toBe(0);
    expect(annTicket.tableId).not.toBe(bobTicket.tableId);
    const again = await call('POST', `/api/events/${EVENT}/entries`, { name: 'AnnEvents' }, ann.session);
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({ code: 'already_entered', ticket: annTicket });

    const annConn = ann.connect(annTicket.tableId, annTicket.token);
    const bobConn = bob.connect(bobTicket.tableId, bobTicket.token);
    const [annFirst, bobFirst] = await Promise.all([annConn.ready, bobConn.ready]);
    annConn.close();
    bobConn.close();
    const hand = (u: TableUpdate) => (u.view as MatchMasterView).myHand;
    expect(hand(annFirst)).toHaveLength(6);
    expect(hand(annFirst)).toEqual(hand(bobFirst));
    // The same bots, by name, at both tables.
    const names = async (t: EventTicket) => (await ann.table(t.tableId)).seats.map((s) => s.name);
    expect((await names(annTicket)).slice(1)).toEqual((await names(bobTicket)).slice(1));
  });

  it('before finishing, nobody sees a table of the event but its own seat', async () => {
    const annTable = annTicket.tableId;
    expect(code(await call('GET', `/api/tables/${annTable}/record`))).toBe('not_finished');
    expect(code(await call('GET', `/api/tables/${annTable}/chat`))).toBe('not_finished');
    expect(code(await call('POST', `/api/tables/${annTable}/replay`, {}))).toBe('not_finished');
    expect(code(await call('POST', `/api/tables/${annTable}/replay`, { token: bobTicket.token }))).toBe(
      'not_finished',
    );
    const plays = await call('POST', `/api/events/${EVENT}/plays`, { ticket: bobTicket, of: annTable });
    expect(code(plays)).toBe('not_finished');
    const watcher = bob.connect(annTable);
    await expect(watcher.ready).rejects.toMatchObject({ code: 'not_finished' });
    watcher.close();
    // The standings name the entrants but no table, and no card.
    const detail = await call('GET', `/api/events/${EVENT}`);
    expect(detail.status).toBe(200);
    expect(strings(detail.json).filter((s) => CARDS.has(s))).toEqual([]);
    expect(JSON.stringify(detail.json)).not.toContain(annTable);
    expect(detail.json.seed).toBeUndefined();
  });

  it('both play to the end; what each received passes the secrecy ledger; the standings are matchpoints', async () => {
    const [a, b] = await Promise.all([playToEnd(ann, annTicket, 'ann'), playToEnd(bob, bobTicket, 'bob')]);
    for (const [t, run] of [
      [annTicket, a],
      [bobTicket, b],
    ] as const) {
      const ledger = new Ledger(readStoredTable(join(server.config.dataDir, 'matchbox.db'), t.tableId));
      const received: Received[] = run.seen.map((u) => ({ kind: 'update', viewer: 0, body: u }));
      expect(ledger.check(received)).toEqual([]);
    }
    // Finished: each sees the other's play of the same cards.
    const list = await call('POST', `/api/events/${EVENT}/plays`, { ticket: annTicket });
    expect(list.status).toBe(200);
    expect((list.json.tables as { tableId: string }[]).map((t) => t.tableId).sort()).toEqual(
      [annTicket.tableId, bobTicket.tableId].sort(),
    );
    const records: GameRecord[] = [];
    for (const of of [annTicket.tableId, bobTicket.tableId]) {
      const got = await call('POST', `/api/events/${EVENT}/plays`, { ticket: annTicket, of });
      expect(got.status).toBe(200);
      records.push(got.json.record as GameRecord);
    }
    // The same deals: every hand's dealt cards are the same at both tables.
    const deals = (r: GameRecord) => [r.chance, ...r.moves.filter((m) => m.chance).map((m) => m.chance)];
    expect(deals(records[0]!)).toEqual(deals(records[1]!));
    expect(deals(records[0]!)).toHaveLength(6);

    const [annPoints, bobPoints] = records.map(handPoints) as [number[], number[]];
    const annMp = annPoints.map((p, i) => versus(p, bobPoints[i]!));
    const bobMp = bobPoints.map((p, i) => versus(p, annPoints[i]!));
    const average = (mp: number[]) => Math.round((mp.reduce((s, x) => s + x, 0) / 6) * 100) / 100;
    const detail = (await call('GET', `/api/events/${EVENT}`)).json as unknown as EventDetail;
    expect(detail.finished).toBe(2);
    const line = (name: string) => detail.standings.find((s) => s.name === name)!;
    expect(line('AnnEvents')).toMatchObject({ score: average(annMp), guest: false, finished: true });
    expect(line('BobEvents')).toMatchObject({ score: average(bobMp), guest: false, finished: true });
    expect(line('AnnEvents').deals.map((d) => d?.result)).toEqual(annPoints);
    expect(line('AnnEvents').deals.map((d) => d?.matchpoints)).toEqual(annMp);
    expect(line('AnnEvents').rank).toBe(average(annMp) >= average(bobMp) ? 1 : 2);
    // Ann's own analysis: for her seat's token only while the event is open.
    const annTable = annTicket.tableId;
    expect(code(await call('POST', `/api/tables/${annTable}/analysis`, {}))).toBe('not_finished');
    expect(code(await call('GET', `/api/tables/${annTable}/analysis`))).toBe('not_finished');
    expect(code(await call('POST', `/api/tables/${annTable}/analysis`, { token: bobTicket.token }))).toBe(
      'not_finished',
    );
    const analysis = await call('POST', `/api/tables/${annTable}/analysis`, { token: annTicket.token });
    expect([200, 202]).toContain(analysis.status);
    // The member's profile lists the entry.
    const mine = await call('GET', '/api/players/AnnEvents/events');
    expect(mine.json).toEqual([
      expect.objectContaining({ eventId: EVENT, score: average(annMp), entrants: 2, finished: true }),
    ]);
  }, 240_000);

  it("a late guest sees nobody's play before finishing, keeps one entry, and resumes after a restart", async () => {
    const cy = new MatchboxClient(server.url);
    const entered = await call('POST', `/api/events/${EVENT}/entries`, {
      name: 'Cy',
      browser: 'browser-cy-00000001',
    });
    expect(entered.status).toBe(201);
    const cyTicket = entered.json as unknown as EventTicket;
    // One guest entry per address: another browser at the same address is refused.
    const other = await call('POST', `/api/events/${EVENT}/entries`, {
      name: 'Di',
      browser: 'browser-di-00000001',
    });
    expect(code(other)).toBe('guest_limit');
    for (const of of [annTicket.tableId, bobTicket.tableId]) {
      expect(code(await call('POST', `/api/events/${EVENT}/plays`, { ticket: cyTicket, of }))).toBe(
        'not_finished',
      );
      expect(code(await call('GET', `/api/tables/${of}/record`))).toBe('not_finished');
      expect(code(await call('POST', `/api/tables/${of}/replay`, { token: cyTicket.token }))).toBe(
        'not_finished',
      );
    }
    // A few moves, then the server restarts mid-event.
    const conn = cy.connect(cyTicket.tableId, cyTicket.token);
    const committed: Committed[] = [];
    autoplay(conn, cyTicket.seat, 'cy', committed);
    await conn.ready;
    await conn.waitFor((u) => u.version >= 8, 60_000);
    conn.close();
    const dataDir = server.config.dataDir;
    await server.close();
    server = await startTestServer({ dataDir });
    const back = await call('POST', `/api/events/${EVENT}/entries`, {
      name: 'Cy',
      browser: 'browser-cy-00000001',
    });
    expect(back.json.error).toMatchObject({ code: 'already_entered', ticket: cyTicket });
    const resumed = new MatchboxClient(server.url).connect(cyTicket.tableId, cyTicket.token);
    const update = await resumed.ready;
    expect(update.version).toBeGreaterThanOrEqual(8);
    expect(update.status).toBe('playing');
    resumed.close();
    const detail = (await call('GET', `/api/events/${EVENT}`)).json as unknown as EventDetail;
    expect(detail.entrants).toBe(3);
    expect(detail.standings.find((s) => s.name === 'Cy')).toMatchObject({ guest: true, rank: 1 });
  }, 180_000);
});

describe('refusals', () => {
  it('an unknown, malformed or future event, a closed one, and bad bodies have stable codes', async () => {
    expect(code(await call('GET', '/api/events/chess-daily-2026-01-01'))).toBe('no_such_event');
    expect(code(await call('GET', '/api/events/matchmaster-weekly-2026-11-24'))).toBe('no_such_event');
    expect(code(await call('GET', '/api/events/matchmaster-daily-2999-01-01'))).toBe('no_such_event');
    const closed = await call('POST', '/api/events/match-daily-2020-01-01/entries', { name: 'Old' });
    expect(closed.status).toBe(409);
    expect(code(closed)).toBe('event_closed');
    expect(code(await call('POST', `/api/events/${EVENT}/entries`, { name: '' }))).toBe('invalid_request');
    expect(code(await call('POST', `/api/events/${EVENT}/entries`, { name: 'x', extra: 1 }))).toBe(
      'invalid_request',
    );
    expect(code(await call('POST', `/api/events/${EVENT}/plays`, { ticket: { tableId: 'x' } }))).toBe(
      'invalid_request',
    );
  });
});
