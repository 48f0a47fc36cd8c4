/**
 * The test routes (test-routes.ts) that the browser tests' shared server runs with: a loaded
 * table's real state through the engine's serialization, a seat's move without its token, and
 * refusals with stable codes; and none of it on a server started without the flag.
 */
import { getGame } from '@matchbox/engine';
import { MatchboxClient } from '@matchbox/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeapReading } from '../src/heap-watch.ts';
import { startTestServer } from './helpers.ts';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let flagged: Server;
let plain: Server;

beforeAll(async () => {
  [flagged, plain] = await Promise.all([startTestServer({ testRoutes: true }), startTestServer()]);
});
afterAll(async () => {
  await Promise.all([flagged?.stop(), plain?.stop()]);
});

/** A two-seat MatchMaster table in play with people only (nothing moves unless a test acts). */
async function peopleTable(server: Server): Promise<string> {
  const client = new MatchboxClient(server.url);
  const made = await client.createTable({
    game: 'matchmaster',
    players: 2,
    name: 'Ada',
    seats: [{ kind: 'open' }, { kind: 'open' }],
  });
  await client.join(made.table.id, { name: 'Bob', invite: made.invite });
  return made.table.id;
}

const get = (server: Server, path: string) => fetch(server.url + path);
const post = (server: Server, path: string, body: unknown) =>
  fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('the test routes', () => {
  it('show the real state (the engine deserializes it) and play a seat’s legal move', async () => {
    const id = await peopleTable(flagged);
    const game = getGame('matchmaster')!;
    const read = async () => {
      const res = await get(flagged, `/api/test/tables/${id}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { game: string; save: unknown };
      expect(body.game).toBe('matchmaster');
      const loaded = game.deserialize(body.save);
      if (!loaded.ok) throw new Error(loaded.error.message);
      return loaded.value;
    };
    const state = await read();
    expect(game.serialize(state)).toEqual(game.serialize(flagged.service.inspect(id)!.state as never));
    const seat = game.toAct(state)[0]!;
    const action = game.formatAction(game.legalActions(state, seat)[0]!);
    const done = await post(flagged, `/api/test/tables/${id}/act`, { seat, action });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ version: 1 });
    expect(game.serialize(await read())).not.toEqual(game.serialize(state));
  });

  it('refuse with stable codes: an illegal move, a malformed body, a table that is not loaded', async () => {
    const id = await peopleTable(flagged);
    const before = await (await get(flagged, `/api/test/tables/${id}`)).json();
    const code = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;
    const illegal = await post(flagged, `/api/test/tables/${id}/act`, { seat: 0, action: 'bid 99' });
    expect(illegal.status).toBe(409);
    expect(await code(illegal)).toMatch(/^[a-z_]+$/);
    for (const body of ['{', { seat: -1, action: 'bid 0' }, { seat: 0 }, { seat: 0, action: 'x', more: 1 }]) {
      const bad = await post(flagged, `/api/test/tables/${id}/act`, body);
      expect(bad.status).toBe(400);
      expect(await code(bad)).toBe('invalid_request');
    }
    expect(await (await get(flagged, `/api/test/tables/${id}`)).json()).toEqual(before);
    const none = await get(flagged, '/api/test/tables/nosuchtable');
    expect(none.status).toBe(404);
    expect(await code(none)).toBe('no_such_table');
    const noAct = await post(flagged, '/api/test/tables/nosuchtable/act', { seat: 0, action: 'bid 0' });
    expect(noAct.status).toBe(404);
  });

  it('read the heap: bytes allocated and collector pauses since the last reading, tables held', async () => {
    await get(flagged, '/api/test/heap');
    const id = await peopleTable(flagged);
    const res = await get(flagged, '/api/test/heap');
    expect(res.status).toBe(200);
    const heap = (await res.json()) as HeapReading & { tablesLoaded: number };
    // Making a table, its seats and their answers allocate well over a kilobyte.
    expect(heap.allocatedBytes).toBeGreaterThan(1024);
    expect(heap.gcCount).toBeGreaterThanOrEqual(0);
    expect(heap.gcMaxMs).toBeLessThanOrEqual(heap.gcTotalMs);
    expect(heap.rssBytes).toBeGreaterThan(heap.heapUsedBytes);
    expect(heap.tablesLoaded).toBeGreaterThanOrEqual(1);
    expect(flagged.service.inspect(id)).not.toBeNull();
    expect((await get(plain, '/api/test/heap')).status).toBe(404);
  });

  it('write no heap snapshot unless MATCHBOX_HEAP_SNAPSHOT names a folder', async () => {
    const res = await post(flagged, '/api/test/heap-snapshot', {});
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  it('do not exist on a server started without the flag (the default)', async () => {
    const id = await peopleTable(plain);
    const state = () => plain.service.inspect(id)!.game.serialize(plain.service.inspect(id)!.state);
    const before = state();
    const look = await get(plain, `/api/test/tables/${id}`);
    expect(look.status).toBe(404);
    expect(((await look.json()) as { error: { code: string } }).error.code).toBe('not_found');
    const act = await post(plain, `/api/test/tables/${id}/act`, { seat: 0, action: 'bid 0' });
    expect(act.status).toBe(404);
    expect(state()).toEqual(before);
  });
});
