/**
 * The client takes no answer of the server on trust: an HTTP body, a socket acknowledgement or an
 * update that does not fit its wire type is refused with the code `bad_answer`, naming the place
 * that is wrong. A fake fetch and a scripted socket.io server send the wrong shapes.
 */
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TableSummary, TableUpdate } from '../src/index.ts';
import { MatchboxClient, MatchboxError } from '../src/index.ts';
import { statsOf } from './player-stats.ts';
import { tableUpdate } from './table-update.ts';

const summary: TableSummary = {
  id: 'table1',
  game: 'matchmaster',
  players: 2,
  options: {},
  seats: [
    { seat: 0, kind: 'human', name: 'Ada', avatar: 'fox', level: 'medium', left: false, connected: true },
    { seat: 1, kind: 'bot', name: 'Owl', level: 'easy', left: false, connected: false },
  ],
  status: 'playing',
  version: 3,
  public: false,
  clockSeconds: null,
  createdAt: 1,
  updatedAt: 2,
  result: null,
};

const update: TableUpdate = tableUpdate({
  view: { hand: ['x'] },
  legal: [{ text: 'bid 1', action: { bid: 1 } }],
  phase: 'bid',
  seats: summary.seats,
});

/** Answers every fetch with `body` (a string is sent as it is) and `status`. */
function answer(body: unknown, status = 200): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(typeof body === 'string' ? body : JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
}

async function refusal(promise: Promise<unknown>): Promise<MatchboxError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MatchboxError);
  return error as MatchboxError;
}

let stop: (() => Promise<void>) | null = null;
afterEach(async () => {
  vi.unstubAllGlobals();
  await stop?.();
  stop = null;
});

describe("the client's HTTP answers", () => {
  const client = new MatchboxClient('http://matchbox.test');

  it('gives a well-formed answer as it came', async () => {
    answer(summary);
    expect(await client.table('table1')).toEqual(summary);
    answer({ open: [summary], mine: [{ ...summary, seat: 0, toAct: [0], deadlineAt: null }] });
    expect((await client.lobby()).mine[0]!.toAct).toEqual([0]);
  });

  it('refuses a table whose seat is of no known kind, and says where', async () => {
    answer({ ...summary, seats: [summary.seats[0], { ...summary.seats[1], kind: 'robot' }] });
    const error = await refusal(client.table('table1'));
    expect(error.code).toBe('bad_answer');
    expect(error.message).toContain('seats[1].kind');
    expect(error.message).toContain('"robot"');
  });

  it('refuses a lobby without its own tables, a number sent as text and a list for an object', async () => {
    answer({ open: [] });
    expect((await refusal(client.lobby())).message).toContain('mine should be a list');
    answer({ ...summary, version: '3' });
    expect((await refusal(client.table('table1'))).code).toBe('bad_answer');
    answer([summary]);
    expect((await refusal(client.table('table1'))).code).toBe('bad_answer');
    answer({ tickets: [{ tableId: 't', seat: 0.5, token: 'x', game: 'match' }] });
    expect((await refusal(client.myTables())).message).toContain('tickets[0].seat');
  });

  it('refuses a body that is not JSON, or null, where an answer was due', async () => {
    answer('<html>proxy error</html>');
    expect((await refusal(client.games())).code).toBe('bad_answer');
    answer('null');
    expect((await refusal(client.leaderboard('match'))).code).toBe('bad_answer');
  });

  it("passes the server's refusal on with its code, and refuses a malformed refusal", async () => {
    answer({ error: { code: 'no_such_table', message: 'There is no such table.' } }, 404);
    const refused = await refusal(client.table('nope12'));
    expect([refused.code, refused.status]).toEqual(['no_such_table', 404]);
    answer({ error: 'no' }, 400);
    expect((await refusal(client.table('nope12'))).code).toBe('bad_answer');
    answer('', 502);
    expect((await refusal(client.table('nope12'))).code).toBe('http_error');
  });

  it("takes a profile's stats as each game's named figures, and refuses the flat shape", async () => {
    const profile = {
      name: 'ada',
      createdAt: 5,
      ratings: [],
      history: [],
      stats: [
        statsOf('matchet'),
        { game: 'fifth', games: 1, wins: 0, figures: [{ name: 'towers', value: 2.5 }] },
      ],
    };
    answer(profile);
    expect(await client.profile('ada')).toEqual(profile);
    answer({ ...profile, stats: [{ game: 'matchmaster', games: 2, wins: 1, hands: 26 }] });
    expect((await refusal(client.profile('ada'))).message).toContain('stats[0].figures');
    answer({
      ...profile,
      stats: [{ game: 'match', games: 1, wins: 1, figures: [{ name: 'roundsWon', value: '2' }] }],
    });
    expect((await refusal(client.profile('ada'))).message).toContain('stats[0].figures[0].value');
  });

  it('keeps the optional fields optional and checks them when present', async () => {
    answer({ account: { id: 'a1', name: 'ada', createdAt: 5 } });
    expect(await client.signUp('ada', 'secret')).toEqual({ id: 'a1', name: 'ada', createdAt: 5 });
    expect(client.session).toBeNull();
    answer({ account: { id: 'a1', name: 'ada', createdAt: 5 }, token: 42 });
    expect((await refusal(client.logIn('ada', 'secret'))).message).toContain('token should be a text');
  });
});

/** A socket.io server that answers hello with `hello` and every act with `act`. */
async function serve(hello: unknown, act: unknown = { ok: true, version: 2 }) {
  const http = createServer();
  const io = new Server(http);
  io.on('connection', (socket) => {
    socket.on('hello', (_msg: unknown, ack: (a: unknown) => void) => ack(hello));
    socket.on('chatHistory', (_msg: unknown, ack: (a: unknown) => void) => ack({ ok: true, lines: [] }));
    socket.on('act', (_msg: unknown, ack: (a: unknown) => void) => ack(act));
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  stop = async () => {
    await io.close();
  };
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, io };
}

describe("a table connection's messages", () => {
  it('fails to open on a malformed answer to hello, with bad_answer', async () => {
    const { url } = await serve({ ok: true, update: { ...update, legal: undefined }, missed: null });
    const conn = new MatchboxClient(url).connect('t1', 'token');
    const error = await refusal(conn.ready);
    expect(error.code).toBe('bad_answer');
    expect(error.message).toContain('update.legal');
    conn.close();
  });

  it('drops a malformed update and reports it; a malformed acknowledgement is a bad_answer refusal', async () => {
    const { url, io } = await serve({ ok: true, update, missed: null }, { ok: 'yes' });
    const conn = new MatchboxClient(url).connect('t1', 'token');
    const problems: string[] = [];
    conn.onProblem((e) => problems.push(`${e.code}: ${e.message}`));
    await conn.ready;
    io.emit('update', { ...update, version: 2, from: 1, toAct: 'everyone' });
    io.emit('update', { ...update, version: 3, from: 1 });
    await conn.waitFor((u) => u.version === 3);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^bad_answer: .*toAct should be a list/);
    const acted = await conn.act('bid 1');
    expect(acted.ok).toBe(false);
    if (!acted.ok) expect(acted.error.code).toBe('bad_answer');
    conn.close();
  });
});
