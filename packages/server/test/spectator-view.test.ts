/**
 * A spectator's hello is served the table's one spectators' update of this version
 * (`LiveTable.spectatorUpdate`): a crowd saying hello at one version makes one view, and a new
 * version, a seat's arrival or a move makes the next one; what each is sent stays the engine's
 * `view(state, null)`.
 */
import { getGame } from '@matchbox/engine';
import type { TableUpdate } from '@matchbox/client/wire';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RawSocket } from './hostile-client.ts';
import { socketsClosedAfterEach, twoSeatTable } from './hostile-client.ts';
import type { LiveTable } from '../src/live-table.ts';
import { startTestServer } from './helpers.ts';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const socket = socketsClosedAfterEach();
const connect = (server: Server, from: string) => socket(server.url, from);
afterEach(() => {
  vi.restoreAllMocks();
});

interface HelloReply {
  ok: boolean;
  update: TableUpdate;
}

describe("spectators' hellos", () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('make one spectator view per version of the table, however many say hello', async () => {
    const { id, tokens } = await twoSeatTable(server.url);

    const game = getGame('matchmaster')!;
    const view = vi.spyOn(game, 'view');
    const spectatorViews = () => view.mock.calls.filter(([, viewer]) => viewer === null).length;

    const crowd: RawSocket[] = [];
    for (let i = 0; i < 12; i++) crowd.push(await connect(server, `127.0.5.${i + 1}`));
    const helloAll = async () =>
      (await Promise.all(crowd.map((s) => s.ask('hello', [{ tableId: id }])))) as HelloReply[];

    // Twelve spectators, each saying hello twice at one version: one view.
    const first = [...(await helloAll()), ...(await helloAll())];
    expect(first.every((r) => r.ok)).toBe(true);
    expect(spectatorViews()).toBe(1);
    const version = first[0]!.update.version;
    expect(new Set(first.map((r) => JSON.stringify(r.update))).size).toBe(1);
    expect(first[0]!.update.seat).toBeNull();
    expect(first[0]!.update.seats.map((s) => s.connected)).toEqual([false, false]);

    // Another node says a seat's person is connected there: shown at the next hello, and gone again.
    const live = (
      server.service as unknown as { ctx: { tables: { loaded(id: string): LiveTable } } }
    ).ctx.tables.loaded(id);
    live.connectedElsewhere('node-b', 1, 1);
    expect((await helloAll())[0]!.update.seats.map((s) => s.connected)).toEqual([false, true]);
    live.connectedElsewhere('node-b', 1, 0);
    expect((await helloAll())[0]!.update.seats.map((s) => s.connected)).toEqual([false, false]);
    expect(spectatorViews()).toBe(3);

    // The seats' people arrive: what spectators are shown changes, so the next hello has it.
    const players: RawSocket[] = [];
    for (const [seat, token] of tokens.entries()) {
      const p = await connect(server, `127.0.6.${seat + 1}`);
      expect((await p.ask('hello', [{ tableId: id, token }])) as HelloReply).toMatchObject({ ok: true });
      players.push(p);
    }
    let before = spectatorViews();
    const present = await helloAll();
    expect(present[0]!.update.seats.map((s) => s.connected)).toEqual([true, true]);
    expect(spectatorViews() - before).toBe(1);

    // A move: a new version, one new view for all the hellos at it.
    const toAct = present[0]!.update.toAct[0]!;
    const mine = (await players[toAct]!.ask('hello', [{ tableId: id, token: tokens[toAct] }])) as HelloReply;
    const acted = (await players[toAct]!.ask('act', [
      { tableId: id, action: mine.update.legal[0]!.text },
    ])) as {
      ok: boolean;
      version: number;
    };
    expect(acted.ok).toBe(true);
    before = spectatorViews();
    const after = [...(await helloAll()), ...(await helloAll())];
    expect(after.every((r) => r.ok && r.update.version === acted.version)).toBe(true);
    expect(acted.version).toBeGreaterThan(version);
    expect(spectatorViews() - before).toBe(1);

    // What a spectator is sent is the engine's view for a spectator, no seat's hand.
    const stateView = view.mock.results.at(-1)?.value as unknown;
    expect(after[0]!.update.view).toEqual(JSON.parse(JSON.stringify(stateView)));
  }, 30_000);
});
