/**
 * Replays (POST /api/tables/:id/replay): while a table is played, a seat gets the game step by
 * step as it saw it and a spectator the public view, never a card the engine hides from them, nor
 * the record; once the game is over, the whole record, which replays to the end and survives the
 * record text format.
 */
import type { AnyGame } from '@matchbox/engine';
import { getGame, makeRecordText, parseRecord, parseRecordText, replay } from '@matchbox/engine';
import { MatchboxClient } from '@matchbox/client';
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

async function askReplay(
  id: string,
  token?: string,
): Promise<{ status: number; body: Record<string, unknown>; encoding: string | null }> {
  const res = await fetch(`${server.url}/api/tables/${id}/replay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(token === undefined ? {} : { token }),
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
    encoding: res.headers.get('content-encoding'),
  };
}

/** Plays the first legal action of whoever is to act, `count` times (or to the end). */
async function playMoves(id: string, game: AnyGame, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const state = server.service.inspect(id)!.state;
    if (game.isOver(state)) return;
    const seat = game.toAct(state)[0]!;
    const action = game.formatAction(game.legalActions(state, seat)[0]!);
    const done = await server.service.act(id, seat, action, 'human');
    expect(done.ok).toBe(true);
  }
}

describe('replays', () => {
  it('tell a live table only what each viewer saw, and give the whole record once it is over', async () => {
    const game = getGame('matchmaster')!;
    const created = await client.createTable({
      game: 'matchmaster',
      players: 2,
      name: 'Ada',
      options: { handSizes: [3, 2] },
      seats: [{ kind: 'open' }, { kind: 'open' }],
    });
    const id = created.table.id;
    const joined = await client.join(id, { name: 'Bob', invite: created.invite });
    const tokens = [created.ticket!.token, joined.token];
    // Both bid and a card is played: the other hand is still hidden from each seat.
    await playMoves(id, game, 3);

    await expect(client.record(id)).rejects.toMatchObject({ code: 'not_finished' });
    const real = server.service.inspect(id)!.state;
    for (const viewer of [0, 1, null]) {
      const asked = await askReplay(id, viewer === null ? undefined : tokens[viewer]);
      expect(asked.status).toBe(200);
      expect(asked.body.kind).toBe('views');
      expect(asked.encoding).toBe('gzip'); // a view per step: it is sent compressed
      expect(asked.body.viewer).toBe(viewer);
      expect(asked.body).not.toHaveProperty('record');
      const steps = asked.body.steps as { seat: number | null; action: string | null; view: unknown }[];
      expect(steps).toHaveLength(4);
      expect(steps.at(-1)!.view).toEqual(game.view(real, viewer));
      const text = JSON.stringify(asked.body);
      // The cards still in a hand this viewer may not see were there all along: none may show.
      const hidden = game.hiddenCards(real, viewer);
      expect(hidden.length).toBeGreaterThan(0);
      for (const card of hidden) expect(text).not.toContain(`"${card}"`);
      // Another seat's action (a secret bid) is told only through its events.
      for (const s of steps) if (s.seat !== viewer) expect(s.action).toBeNull();
      expect(text).not.toContain('"seed"');
    }
    // A token that holds no seat sees what a spectator sees.
    const stranger = await askReplay(id, 'x'.repeat(32));
    expect(stranger.body.viewer).toBeNull();
    expect((await askReplay(id, 'bad token!')).status).toBe(400);
    expect((await askReplay('nosuchtable')).body).toMatchObject({ error: { code: 'no_such_table' } });

    await playMoves(id, game, 1000);
    const finished = await askReplay(id, tokens[0]);
    expect(finished.body.kind).toBe('record');
    const record = parseRecord(finished.body.record);
    if (!record.ok) throw new Error(record.error.message);
    const replayed = replay(game, record.value);
    if (!replayed.ok) throw new Error(replayed.error.message);
    const end = server.service.inspect(id)!.state;
    expect(game.isOver(end)).toBe(true);
    // Every seat's view at the end, its last hand included, is the table's.
    for (const viewer of [0, 1, null])
      expect(game.view(replayed.value, viewer)).toEqual(game.view(end, viewer));
    expect(game.result(replayed.value)).toEqual(game.result(end));
    const read = parseRecordText(makeRecordText(record.value, ['Ada', 'Bob']));
    expect(read.ok && read.value.names).toEqual(['Ada', 'Bob']);
    const again = read.ok ? replay(game, read.value.record) : null;
    expect(again?.ok && game.isOver(again.value)).toBe(true);
  });
});
