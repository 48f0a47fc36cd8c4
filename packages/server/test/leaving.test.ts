/**
 * Leaving has a cost: a member who leaves a rated game is rated alone for it, as last place, and
 * the others' ratings do not move (the game is unrated for them); a person who leaves repeatedly
 * is paused from pairing for a while that grows with each leave, told with the reason and the end.
 */
import { MatchboxClient } from '@matchbox/client';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db.ts';
import {
  FIRST_PAUSE_MS,
  MAX_PAUSE_MS,
  PAUSE_WINDOW_MS,
  pairingPauseFor,
  pauseLength,
  pausedRefusal,
} from '../src/leaving.ts';
import { KyselyStore } from '../src/store.ts';
import type { TableSummary } from '@matchbox/client';
import { autoplay } from './autoplay.ts';
import { fromAddress } from './from-address.ts';
import { startTestServer } from './helpers.ts';

const servers: { stop(): Promise<void> }[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
});

async function until<T>(what: () => Promise<T | null | undefined | false>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("a leaver's rating", () => {
  it('drops for the game they left, as last place; the member who stayed is not rated for it', async () => {
    const server = await startTestServer();
    servers.push(server);
    // Two members, each from an address of their own (one address would make the game unrated).
    const signUp = async (name: string, from: string) => {
      const made = await fromAddress(server.url, 'POST', '/api/account/signup', {
        from,
        body: { name, password: 'correct horse battery', bearer: true },
      });
      return { authorization: `Bearer ${(made.body as { token: string }).token}` };
    };
    const ada = await signUp('Ada', '127.0.0.31');
    const bea = await signUp('Bea', '127.0.0.32');
    // The standard game (a rated format), people only; the stand-ins are random bots.
    const made = (
      await fromAddress(server.url, 'POST', '/api/tables', {
        from: '127.0.0.31',
        headers: ada,
        body: {
          game: 'matchmaster',
          players: 2,
          name: 'Ada',
          botLevel: 'random',
          seats: [{ kind: 'open' }, { kind: 'open' }],
        },
      })
    ).body as { table: { id: string }; ticket: { token: string }; invite: string };
    const id = made.table.id;
    const joined = (
      await fromAddress(server.url, 'POST', `/api/tables/${id}/join`, {
        from: '127.0.0.32',
        headers: bea,
        body: { name: 'Bea', invite: made.invite },
      })
    ).body as { token: string; table: TableSummary };
    expect(joined.table.rated).toEqual({ rated: true, reason: null });
    const client = new MatchboxClient(server.url);
    await client.leave(id, joined.token);
    // For Ada the game is unrated from now on; Bea is rated alone, as last place.
    expect((await client.table(id)).rated).toEqual({ rated: false, reason: 'player_left' });
    const leaver = await until(async () =>
      (await client.profile('Bea')).ratings.find((r) => r.game === 'matchmaster'),
    );
    expect(leaver.games).toBe(1);
    // A new member shows 860 (mu 25 - 3 sigma 25/3 on the players' scale); last place takes some away.
    expect(leaver.rating).toBeLessThan(860);
    // Ada plays the game to its end against Bea's stand-in.
    const conn = client.connect(id, made.ticket.token);
    await conn.ready;
    autoplay(conn, 0, 'ada', []);
    await until(async () => (await client.table(id)).status === 'finished', 120_000);
    conn.close();
    const history = await until(async () =>
      (await client.profile('Ada')).history.find((h) => h.tableId === id),
    );
    expect(history.rated).toBe(false);
    expect((await client.profile('Ada')).ratings).toEqual([]);
    // Bea's rating is the one from leaving: the end of the game changed nothing more.
    expect((await client.profile('Bea')).ratings.find((r) => r.game === 'matchmaster')).toEqual(leaver);
  });
});

describe('the pause from pairing for repeat leavers', () => {
  it('is none after one leave a day, then 5, 15, 45 minutes, ... at most a day', () => {
    expect([0, 1, 2, 3, 4].map(pauseLength)).toEqual([
      0,
      0,
      FIRST_PAUSE_MS,
      3 * FIRST_PAUSE_MS,
      9 * FIRST_PAUSE_MS,
    ]);
    expect(pauseLength(40)).toBe(MAX_PAUSE_MS);
  });

  it('grows with each leave, counts from the latest, and is told with the reason and the end', async () => {
    const opened = await openDb({ sqliteFile: ':memory:' });
    const store = new KyselyStore(opened.db, opened.dialect);
    const person = 'g:browser-of-a-leaver-01';
    const at = 10 * PAUSE_WINDOW_MS;
    const leave = (n: number, when: number) =>
      store.recordLeave({ person, tableId: `table${n}`, seat: 1, how: 'left', at: when });
    await leave(1, at);
    expect(await pairingPauseFor(store, person, at + 1000)).toBeNull();
    await leave(2, at + 60_000);
    const second = await pairingPauseFor(store, person, at + 61_000);
    expect(second).toEqual({ reason: 'left_games', leaves: 2, until: at + 60_000 + FIRST_PAUSE_MS });
    expect(pausedRefusal(second!)).toMatchObject({ code: 'paused', until: second!.until });
    expect(pausedRefusal(second!).message).toContain(new Date(second!.until).toISOString());
    // Over once the time is up.
    expect(await pairingPauseFor(store, person, second!.until)).toBeNull();
    await leave(3, second!.until + 1000);
    const third = await pairingPauseFor(store, person, second!.until + 2000);
    expect(third!.until - (second!.until + 1000)).toBe(3 * FIRST_PAUSE_MS);
    // The same game twice counts once; a leave older than a day not at all.
    expect(await leave(3, second!.until + 5000)).toBe(false);
    const dayLater = second!.until + 1000 + PAUSE_WINDOW_MS;
    expect(await pairingPauseFor(store, person, dayLater)).toBeNull();
    await store.close();
  });

  it('a guest who left two games is told so by GET /api/pause, by its browser id', async () => {
    const server = await startTestServer();
    servers.push(server);
    const browser = { 'x-matchbox-browser': 'guest-browser-0123456789' };
    const pause = async () =>
      (
        (await (await fetch(`${server.url}/api/pause`, { headers: browser })).json()) as {
          pause: { leaves: number; until: number } | null;
        }
      ).pause;
    for (let i = 0; i < 2; i++) {
      const made = await new MatchboxClient(server.url).createTable({
        game: 'matchmaster',
        players: 2,
        name: 'Host',
        seats: [{ kind: 'open' }, { kind: 'open' }],
      });
      const post = (path: string, body: object) =>
        fetch(`${server.url}/api/tables/${made.table.id}/${path}`, {
          method: 'POST',
          headers: { ...browser, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((r) => r.json() as Promise<{ token: string }>);
      const joined = await post('join', { name: 'Guest', invite: made.invite });
      expect(await pause()).toBeNull();
      await post('leave', { token: joined.token });
    }
    const told = await pause();
    expect(told).toMatchObject({ leaves: 2 });
    expect(told!.until).toBeGreaterThan(Date.now() + FIRST_PAUSE_MS - 60_000);
    // "Play now" (the pairing pool) refuses the paused guest, with the reason and the end.
    const seek = await fetch(`${server.url}/api/pairing`, {
      method: 'POST',
      headers: { ...browser, 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'matchmaster', players: 2, name: 'Guest' }),
    });
    expect(seek.status).toBe(403);
    const refused = ((await seek.json()) as { error: { code: string; message: string; until: number } })
      .error;
    expect(refused).toMatchObject({ code: 'paused', until: told!.until });
    expect(refused.message).toContain(new Date(told!.until).toISOString());
  });
});
