/**
 * Ratings mean something (docs/server.md, "Ratings"): a game between members who share an address
 * or a browser is unrated, only `DAILY_PAIR_GAMES` rated games a day between the same two members
 * count, a member reaches the leaderboard only after rated games against `LEADERBOARD_OPPONENTS`
 * different members, and the table says whether its game is rated and why not. The puppet farm of
 * the audit (two accounts of one person playing each other over and over) rates nothing.
 */
import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { RatedStatus, SeatRecord, TableSummary, TableUpdate } from '@matchbox/client';
import { MatchboxClient } from '@matchbox/client';
import type { AnyGame } from '@matchbox/engine';
import { Rng, getGame } from '@matchbox/engine';
import { randomPlayout } from '@matchbox/engine/harness';
import pino from 'pino';
import { AccountLimiter } from '../src/account-limits.ts';
import type { Passwords } from '../src/accounts.ts';
import { AccountService } from '../src/accounts.ts';
import { openDb } from '../src/db.ts';
import { DAILY_PAIR_GAMES, RATED, ratedBySeats } from '../src/rated.ts';
import { LEADERBOARD_OPPONENTS, RatingService } from '../src/ratings.ts';
import { loadSealKey } from '../src/sealed.ts';
import type { SeatOrigin, TableRecord } from '../src/store.ts';
import type { Committed } from './autoplay.ts';
import { autoplay } from './autoplay.ts';
import { codeIn, fromAddress } from './from-address.ts';
import { startTestServer, testConfig } from './helpers.ts';
import { runName, services } from './services.ts';
import type { ServerConfig } from '../src/index.ts';

const password = 'correct horse battery';
const browserA = 'browser-aaaaaaaaaaaaaaaa';
const browserB = 'browser-bbbbbbbbbbbbbbbb';

const human = (name: string): SeatRecord => ({
  kind: 'human',
  name,
  level: 'medium',
  tokenHash: 'h',
  left: false,
});
const bot: SeatRecord = { kind: 'bot', name: 'Bot', level: 'medium', tokenHash: null, left: false };
const from = (account: string | null, address: string, browser: string | null = null): SeatOrigin => ({
  account,
  address,
  browser,
});
const standard = { game: 'matchmaster', options: {}, players: 2 };

describe('the rated verdict at the start', () => {
  it('rates members and bots on their own connections, and says why not otherwise', () => {
    const verdict = (seats: SeatRecord[], origins: (SeatOrigin | null)[], r = standard) =>
      ratedBySeats({ ...r, players: seats.length }, seats, origins).reason;
    expect(ratedBySeats(standard, [human('A'), bot], [from('a', '10.0.0.1'), null])).toEqual(RATED);
    expect(
      verdict([human('A'), human('B')], [from('a', '10.0.0.1', browserA), from('b', '10.0.0.2', browserB)]),
    ).toBeNull();
    expect(verdict([human('A'), human('B')], [from('a', '10.0.0.1'), from('b', '10.0.0.1')])).toBe(
      'shared_address',
    );
    expect(
      verdict([human('A'), human('B')], [from('a', '10.0.0.1', browserA), from('b', '10.0.0.2', browserA)]),
    ).toBe('shared_browser');
    expect(verdict([human('A'), human('B')], [from('a', '10.0.0.1'), from('a', '10.0.0.2')])).toBe(
      'same_member',
    );
    expect(verdict([human('A'), human('B')], [from('a', '10.0.0.1'), from(null, '10.0.0.2')])).toBe('guest');
    expect(verdict([human('A'), human('B')], [from('a', '10.0.0.1'), null])).toBe('guest');
    expect(verdict([bot, bot], [null, null])).toBe('no_member');
    expect(verdict([human('A')], [from('a', '10.0.0.1')])).toBe('solitaire');
    const custom = { ...standard, options: { handSizes: [1, 2] } };
    expect(verdict([human('A'), bot], [from('a', '10.0.0.1'), null], custom)).toBe('format');
  });
});

/** A finished MatchMaster game of `players` (seed `seed`), as the table service hands it over. */
function finished(
  id: string,
  players: string[],
  seed: string,
): { record: TableRecord; game: AnyGame; state: unknown } {
  const game = getGame('matchmaster') as AnyGame;
  const state = game.setup({ players: players.length, seed, options: {} });
  if (!state.ok) throw new Error(state.error.message);
  randomPlayout(game, state.value, Rng.fromSeed(seed));
  const seats = players.map((p) => (p.startsWith('bot:') ? { ...bot, level: 'medium' as const } : human(p)));
  const origins = players.map((p, i) => (p.startsWith('bot:') ? null : from(p, `10.1.0.${i}`, null)));
  const record: TableRecord = {
    id,
    game: 'matchmaster',
    options: {},
    players: players.length,
    seed,
    deck: null,
    chance: null,
    seats,
    status: 'finished',
    version: 1,
    revision: 1,
    isPublic: false,
    inviteHash: '',
    clockSeconds: null,
    deadlineAt: null,
    creator: 'x',
    createdAt: 0,
    updatedAt: 0,
    result: null,
    origins,
    rated: RATED,
  };
  return { record, game, state: state.value };
}

describe('the leaderboard', () => {
  it(`ranks a member only after rated games against ${LEADERBOARD_OPPONENTS} different members; bots do not count`, async () => {
    const dir = testConfig().dataDir;
    const { db, dialect } = await openDb({ sqliteFile: ':memory:' });
    try {
      const cheap: Passwords = {
        hash: async (p) => `plain:${p}`,
        verify: async (h, p) => h === `plain:${p}`,
      };
      const accounts = new AccountService(
        db,
        loadSealKey('a test secret', dir),
        new AccountLimiter(),
        Date.now,
        cheap,
      );
      const ratings = new RatingService(db, dialect, accounts, pino({ level: 'silent' }));
      const ids: string[] = [];
      for (let i = 0; i <= LEADERBOARD_OPPONENTS; i++) {
        const made = await accounts.signUp({ name: `Member${i}`, password }, `10.2.0.${i}`);
        if (!made.ok) throw new Error(made.error.message);
        ids.push(made.value.account.id);
      }
      const [ada, ...others] = ids as [string, ...string[]];
      const onBoard = async () =>
        (await ratings.leaderboard('matchmaster'))!.entries
          .filter((e) => e.kind === 'account')
          .map((e) => e.name);
      // Many rated games against bots, and against one other member: a rating, but no rank.
      for (let g = 0; g < 6; g++)
        await ratings.recordFinished(finished(`bots${g}`, [ada, 'bot:medium'], `b${g}`));
      for (let g = 0; g < 6; g++)
        await ratings.recordFinished(finished(`pair${g}`, [ada, others[0]!], `p${g}`));
      expect((await ratings.profile('Member0'))!.ratings[0]!.games).toBe(12);
      expect(await onBoard()).toEqual([]);
      // One fewer different members than needed: still not ranked.
      for (let i = 1; i < LEADERBOARD_OPPONENTS - 1; i++)
        await ratings.recordFinished(finished(`more${i}`, [ada, others[i]!], `m${i}`));
      expect(await onBoard()).toEqual([]);
      await ratings.recordFinished(finished('last', [ada, others[LEADERBOARD_OPPONENTS - 1]!], 'last'));
      expect(await onBoard()).toEqual(['Member0']);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

type Server = Awaited<ReturnType<typeof startTestServer>>;

const schemas: string[] = [];
afterAll(async () => {
  if (!services.databaseUrl || schemas.length === 0) return;
  const admin = new pg.Client({ connectionString: services.databaseUrl });
  await admin.connect();
  for (const schema of schemas) await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
});

/** SQLite, and PostgreSQL when one answers (services.ts), each in a schema of this run's own. */
const backends: [string, () => Partial<ServerConfig>][] = [['sqlite', () => ({})]];
if (services.databaseUrl)
  backends.push([
    'postgres',
    () => {
      const schema = runName('mbrated');
      schemas.push(schema);
      return { databaseUrl: services.databaseUrl, databaseSchema: schema };
    },
  ]);

/** A member signing up from `address`, with the bearer token for their next requests. */
async function member(server: Server, name: string, address: string): Promise<string> {
  const made = await fromAddress(server.url, 'POST', '/api/account/signup', {
    from: address,
    body: { name, password, bearer: true },
  });
  expect(made.status).toBe(201);
  return (made.body as { token: string }).token;
}

interface Person {
  readonly token: string;
  readonly address: string;
  readonly browser?: string;
}

const headersOf = (p: Person): Record<string, string> => ({
  authorization: `Bearer ${p.token}`,
  ...(p.browser ? { 'x-matchbox-browser': p.browser } : {}),
});

/** `host` makes a two-seat MatchMaster table, `guest` joins it: the game starts. */
async function pairUp(server: Server, host: Person, guest: Person) {
  const made = await fromAddress(server.url, 'POST', '/api/tables', {
    from: host.address,
    headers: headersOf(host),
    body: { game: 'matchmaster', players: 2, name: 'Host', seats: [{ kind: 'open' }, { kind: 'open' }] },
  });
  expect(made.status).toBe(201);
  const created = made.body as { table: TableSummary; ticket: { token: string }; invite: string };
  const joined = await fromAddress(server.url, 'POST', `/api/tables/${created.table.id}/join`, {
    from: guest.address,
    headers: headersOf(guest),
    body: { name: 'Guest', invite: created.invite },
  });
  expect(joined.status).toBe(200);
  const join = joined.body as { token: string; table: TableSummary };
  return {
    id: created.table.id,
    invite: created.invite,
    tokens: [created.ticket.token, join.token],
    table: join.table,
  };
}

async function until<T>(what: () => Promise<T | null | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Both seats play random legal moves until the game is over. */
async function playOut(server: Server, id: string, tokens: readonly string[]): Promise<void> {
  const client = new MatchboxClient(server.url);
  const conns = tokens.map((token) => client.connect(id, token));
  try {
    await Promise.all(conns.map((c) => c.ready));
    const done: Committed[] = [];
    conns.forEach((c, seat) => autoplay(c, seat, `${id}:${seat}`, done));
    await until(async () => (conns[0]!.latest?.status === 'finished' ? true : null));
  } finally {
    for (const c of conns) c.close();
  }
}

const ratedOf = async (server: Server, id: string): Promise<RatedStatus | null | undefined> =>
  ((await fromAddress(server.url, 'GET', `/api/tables/${id}`)).body as TableSummary).rated;

describe('the puppet farm and the daily cap against a real server', () => {
  it('two accounts of one person (one address, or one browser) rate nothing and never reach the leaderboard', async () => {
    const server = await startTestServer();
    try {
      const ada: Person = {
        token: await member(server, 'Ada', '127.0.0.11'),
        address: '127.0.0.11',
        browser: browserA,
      };
      const puppet: Person = { token: await member(server, 'Puppet', '127.0.0.12'), address: '127.0.0.11' };
      const games = 3;
      for (let g = 0; g < games; g++) {
        const { id, tokens, table } = await pairUp(server, ada, puppet);
        expect(table.rated).toEqual({ rated: false, reason: 'shared_address' });
        await playOut(server, id, tokens);
      }
      // The same browser from another address: unrated too.
      const elsewhere: Person = { ...puppet, address: '127.0.0.13', browser: browserA };
      const { id, tokens, table } = await pairUp(server, ada, elsewhere);
      expect(table.rated).toEqual({ rated: false, reason: 'shared_browser' });
      await playOut(server, id, tokens);

      const profile = await until(async () => {
        const p = await new MatchboxClient(server.url).profile('Ada');
        return p.history.length === games + 1 ? p : null;
      });
      expect(profile.history.every((h) => !h.rated && h.ratingAfter === null)).toBe(true);
      expect(profile.ratings).toEqual([]);
      expect((await new MatchboxClient(server.url).profile('Puppet')).ratings).toEqual([]);
      const board = await new MatchboxClient(server.url).leaderboard('matchmaster');
      expect(board.entries.filter((e) => e.kind === 'account')).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it.each(backends)(
    `counts only ${DAILY_PAIR_GAMES} rated games a day between two members, and every table says so (%s)`,
    async (_name, db) => {
      const server = await startTestServer(db());
      try {
        const ada: Person = {
          token: await member(server, 'Ada', '127.0.0.21'),
          address: '127.0.0.21',
          browser: browserA,
        };
        const bea: Person = {
          token: await member(server, 'Bea', '127.0.0.22'),
          address: '127.0.0.22',
          browser: browserB,
        };
        const verdicts: (RatedStatus | null | undefined)[] = [];
        const ids: string[] = [];
        for (let g = 0; g <= DAILY_PAIR_GAMES; g++) {
          const { id, table } = await pairUp(server, g % 2 ? bea : ada, g % 2 ? ada : bea);
          verdicts.push(table.rated);
          ids.push(id);
        }
        expect(verdicts).toEqual([
          ...Array.from({ length: DAILY_PAIR_GAMES }, () => ({ rated: true, reason: null })),
          { rated: false, reason: 'daily_pair_limit' },
        ]);
        // The table's summary and each seat's update carry the verdict.
        expect(await ratedOf(server, ids[0]!)).toEqual({ rated: true, reason: null });
        expect(await ratedOf(server, ids.at(-1)!)).toEqual({ rated: false, reason: 'daily_pair_limit' });
        const watcher = new MatchboxClient(server.url).connect(ids.at(-1)!);
        const update: TableUpdate = await watcher.ready;
        watcher.close();
        expect(update.rated).toEqual({ rated: false, reason: 'daily_pair_limit' });
        // Another member is a new pair: rated.
        const cleo: Person = { token: await member(server, 'Cleo', '127.0.0.23'), address: '127.0.0.23' };
        const third = await pairUp(server, ada, cleo);
        expect(third.table.rated).toEqual({ rated: true, reason: null });
        // Cleo leaves during the game (a stand-in plays for her): unrated from then on (leaving.ts).
        const left = await fromAddress(server.url, 'POST', `/api/tables/${third.id}/leave`, {
          from: cleo.address,
          body: { token: third.tokens[1] },
        });
        expect(left.status).toBe(200);
        expect(await ratedOf(server, third.id)).toEqual({ rated: false, reason: 'player_left' });
        const taken = await fromAddress(server.url, 'POST', `/api/tables/${third.id}/join`, {
          from: bea.address,
          headers: headersOf(bea),
          body: { name: 'Bea', seat: 1, invite: third.invite },
        });
        expect(taken.status).toBe(200);
        // Bea takes the seat: an unrated game stays unrated, for the first reason.
        expect(await ratedOf(server, third.id)).toEqual({ rated: false, reason: 'player_left' });
      } finally {
        await server.stop();
      }
    },
    60_000,
  );

  it('refuses a malformed browser id with its own code, over HTTP and in a hello', async () => {
    const server = await startTestServer();
    try {
      for (const bad of ['short', 'x'.repeat(65), 'has spaces in it here', 'ünïcödé-browser-id-here'])
        expect(
          codeIn(
            await fromAddress(server.url, 'GET', '/api/tables', { headers: { 'x-matchbox-browser': bad } }),
          ),
        ).toBe('bad_browser_id');
      expect(
        (await fromAddress(server.url, 'GET', '/api/tables', { headers: { 'x-matchbox-browser': browserA } }))
          .status,
      ).toBe(200);
      const guest = new MatchboxClient(server.url, { browser: browserA });
      const made = await guest.createTable({ game: 'matchmaster', players: 2, name: 'Guest' });
      expect(made.table.rated).toEqual({ rated: false, reason: 'guest' });
      const conn = guest.connect(made.table.id, made.ticket!.token);
      await conn.ready;
      const ack = await conn.socket.emitWithAck('hello', { tableId: made.table.id, browser: 'bad id' });
      conn.close();
      expect(ack).toMatchObject({ ok: false, error: { code: 'bad_browser_id' } });
    } finally {
      await server.stop();
    }
  });
});
