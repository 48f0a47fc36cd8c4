/**
 * Accounts, ratings and slow games against a real server, on SQLite and (when one answers:
 * services.ts; under CI it must) on PostgreSQL in a schema of this run's own: sign-up, log-in, stable refusals, the log-in rate limit,
 * a member's seats on another device, a rated game against a bot changing both ratings, and a slow
 * table's clock surviving a restart.
 */
import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Leaderboard, PlayerProfile } from '@matchbox/client';
import { MatchboxClient, MatchboxError } from '@matchbox/client';
import type { Committed } from './autoplay.ts';
import { autoplay } from './autoplay.ts';
import { startTestServer, testConfig } from './helpers.ts';
import { runName, services } from './services.ts';
import type { ServerConfig } from '../src/index.ts';
import { openDb, startServer } from '../src/index.ts';
import { join } from 'node:path';
import pino from 'pino';

const pgUrl = services.databaseUrl;

const schemas: string[] = [];
afterAll(async () => {
  if (!pgUrl || schemas.length === 0) return;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  for (const schema of schemas) await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
});

const backends: [string, () => Partial<ServerConfig>][] = [['sqlite', () => ({})]];
if (pgUrl)
  backends.push([
    'postgres',
    () => {
      const schema = runName('mbacct');
      schemas.push(schema);
      return { databaseUrl: pgUrl, databaseSchema: schema };
    },
  ]);

/** The refusal's stable code of a call that must fail. */
async function codeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (e) {
    if (e instanceof MatchboxError) return e.code;
    throw e;
  }
  throw new Error('the call succeeded');
}

/** Waits for `what` to give a value: a bound, not a timing (a loaded machine plays a whole game slowly). */
async function until<T>(what: () => Promise<T | null | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const password = 'correct horse battery';

describe.each(backends)('accounts and ratings on %s', (_name, db) => {
  it('signs up, logs in and out, refuses with stable codes and limits failed log-ins', async () => {
    const server = await startTestServer(db());
    try {
      const ada = new MatchboxClient(server.url);
      const account = await ada.signUp('Ada', password);
      expect(account.name).toBe('Ada');
      expect((await ada.me()).id).toBe(account.id);
      await ada.logOut();
      expect(await codeOf(ada.me())).toBe('not_logged_in');

      const other = new MatchboxClient(server.url);
      expect(await codeOf(other.signUp('ada', 'another password'))).toBe('name_taken');
      expect(await codeOf(other.signUp('Bea', 'short'))).toBe('weak_password');
      expect(await codeOf(other.signUp('Bea', 'bea-secret-word'))).toBe('weak_password');
      expect(await codeOf(other.signUp('<b>', password))).toBe('bad_name');
      expect(await codeOf(other.logIn('Ada', 'wrong password'))).toBe('bad_credentials');
      expect(await codeOf(other.logIn('Nobody', password))).toBe('bad_credentials');
      expect(other.session).toBeNull();
      expect((await other.logIn('ADA', password)).id).toBe(account.id);

      // Ten failed log-ins for one name from one address (the log-in above forgot the earlier
      // one): then even the right password waits there (login-limits.test.ts has the rest).
      for (let i = 0; i < 10; i++)
        expect(await codeOf(other.logIn('Ada', `wrong ${i}`))).toBe('bad_credentials');
      expect(await codeOf(other.logIn('Ada', password))).toBe('rate_limited');

      // The session cookie is httpOnly and SameSite=Lax.
      const response = await fetch(`${server.url}/api/account/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Cleo', password }),
      });
      expect(response.status).toBe(201);
      const cookie = response.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^matchbox_session=[A-Za-z0-9_-]{40,};/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      const me = await fetch(`${server.url}/api/account`, { headers: { cookie: cookie.split(';')[0]! } });
      expect(((await me.json()) as { account: { name: string } }).account.name).toBe('Cleo');
    } finally {
      await server.stop();
    }
  });

  it('marks the session cookie Secure behind an HTTPS address', async () => {
    const server = await startTestServer({ ...db(), publicUrl: 'https://matchbox.test' });
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/api/account/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Dora', password }),
      });
      expect(response.status).toBe(201);
      expect(response.headers.get('set-cookie')).toMatch(/; Secure/);
    } finally {
      await server.stop();
    }
  });

  it("rates a finished game of a member against a bot and keeps the member's table on every device", async () => {
    const server = await startTestServer(db());
    try {
      const ada = new MatchboxClient(server.url);
      await ada.signUp('Ada', password);
      const before = await ada.leaderboard('matchmaster');
      const botBefore = before.entries.find((e) => e.kind === 'bot' && e.name === 'medium')!;
      expect(botBefore.games).toBe(0);
      const created = await ada.createTable({
        game: 'matchmaster',
        players: 2,
        name: 'Someone else',
        botLevel: 'medium',
      });
      // A member sits under the account's name.
      expect(created.table.seats[0]!.name).toBe('Ada');
      const conn = ada.connect(created.table.id, created.ticket!.token);
      await conn.ready;
      const committed: Committed[] = [];
      autoplay(conn, 0, 'rated', committed);
      const profile = await until<PlayerProfile>(async () => {
        const p = await ada.profile('ada');
        return p.ratings.length > 0 ? p : null;
      });
      conn.close();
      const mm = profile.ratings[0]!;
      // One game says little: the rating is marked provisional.
      expect(mm).toMatchObject({
        game: 'matchmaster',
        kind: 'account',
        name: 'Ada',
        games: 1,
        provisional: true,
      });
      const game = profile.history[0]!;
      // A new member starts at 860 on the players' scale (ratings.ts `displayRating`).
      expect(game).toMatchObject({ tableId: created.table.id, rated: true, ratingBefore: 860 });
      expect(game.ratingAfter).toBe(mm.rating);
      expect(mm.rating).not.toBe(860);
      expect(Number.isInteger(mm.rating)).toBe(true);
      expect(profile.stats[0]).toMatchObject({ game: 'matchmaster', games: 1 });
      const figure = (name: string) => profile.stats[0]!.figures.find((f) => f.name === name)?.value;
      expect(figure('hands')).toBe(13);
      expect(figure('exactBids')).toBeLessThanOrEqual(13);

      const board: Leaderboard = await ada.leaderboard('matchmaster');
      const bot = board.entries.find((e) => e.kind === 'bot' && e.name === 'medium')!;
      expect(bot.games).toBe(1);
      expect(bot.provisional).toBe(false);
      // The bot's standing moved: always less uncertain, and its mean too unless they tied (a tie
      // of two equal ratings leaves both means where they were).
      expect(bot.sigma).toBeLessThan(botBefore.sigma);
      const tied = game.rank === 1 && mm.mu === botBefore.mu;
      if (!tied) expect(bot.mu).not.toBe(botBefore.mu);
      // Bots do not count as people for the leaderboard (ratings.ts, LEADERBOARD_OPPONENTS).
      expect(board.entries.find((e) => e.name === 'Ada')).toBeUndefined();
      // Unless they tied, one gains what the other loses: their means move opposite ways.
      if (game.rank !== 1 || mm.mu < 25) expect(mm.mu > 25).toBe(bot.mu < botBefore.mu);

      // The same member on another device sees the table and holds its seat.
      const phone = new MatchboxClient(server.url);
      await phone.logIn('Ada', password);
      const tickets = await phone.myTables();
      expect(tickets).toEqual([
        { tableId: created.table.id, seat: 0, token: created.ticket!.token, game: 'matchmaster' },
      ]);
      const lobby = await phone.lobby(tickets.map(({ tableId, token }) => ({ tableId, token })));
      expect(lobby.mine.map((t) => t.id)).toEqual([created.table.id]);

      // A guest's game stays unrated; its seat can be brought into an account later.
      const guest = new MatchboxClient(server.url);
      const solo = await guest.createTable({
        game: 'matchmaster',
        players: 2,
        name: 'Guest',
        options: { handSizes: [1] },
      });
      const bea = new MatchboxClient(server.url);
      await bea.signUp('Bea', password);
      expect(await bea.attachTables([{ tableId: solo.table.id, token: 'x'.repeat(32) }])).toBe(0);
      expect(await bea.attachTables([{ tableId: solo.table.id, token: solo.ticket!.token }])).toBe(1);
      expect((await bea.myTables()).map((t) => t.tableId)).toEqual([solo.table.id]);
      expect(await codeOf(guest.profile('nobody-here'))).toBe('no_such_player');
      expect(await codeOf(guest.leaderboard('chess'))).toBe('unknown_game');
    } finally {
      await server.stop();
    }
  });

  it('a custom game (two short hands against an easy bot) is kept in the history but moves no rating', async () => {
    const server = await startTestServer(db());
    try {
      const ada = new MatchboxClient(server.url);
      await ada.signUp('Ada', password);
      const created = await ada.createTable({
        game: 'matchmaster',
        players: 2,
        name: 'Ada',
        botLevel: 'easy',
        options: { handSizes: [1, 2] },
      });
      const conn = ada.connect(created.table.id, created.ticket!.token);
      await conn.ready;
      autoplay(conn, 0, 'farm', []);
      const profile = await until(async () => {
        const p = await ada.profile('Ada');
        return p.history.length > 0 ? p : null;
      });
      conn.close();
      expect(profile.history[0]).toMatchObject({
        tableId: created.table.id,
        rated: false,
        ratingAfter: null,
      });
      expect(profile.ratings).toEqual([]);
      const board = await ada.leaderboard('matchmaster');
      expect(board.entries.find((e) => e.kind === 'bot' && e.name === 'easy')?.games).toBe(0);
    } finally {
      await server.stop();
    }
  });

  it('records a rated game that ended just before a crash when the server starts again', async () => {
    const config = testConfig(db());
    let server = await startServer(config, { log: pino({ level: 'silent' }) });
    try {
      const ada = new MatchboxClient(server.url);
      await ada.signUp('Ada', password);
      const created = await ada.createTable({
        game: 'matchmaster',
        players: 2,
        name: 'Ada',
        botLevel: 'random',
      });
      const conn = ada.connect(created.table.id, created.ticket!.token);
      await conn.ready;
      autoplay(conn, 0, 'crash', []);
      await until(async () => (await ada.profile('Ada')).history.length > 0);
      conn.close();
      await server.close();
      // As if the node had died between the last commit and the rating: the results are gone.
      const opened = await openDb({
        databaseUrl: config.databaseUrl,
        schema: config.databaseSchema,
        sqliteFile: join(config.dataDir, 'matchbox.db'),
      });
      await opened.db.deleteFrom('game_results').where('table_id', '=', created.table.id).execute();
      await opened.db.deleteFrom('ratings').execute();
      // The seat token the account keeps for Ada's other devices is stored sealed, not readable.
      const kept = await opened.db.selectFrom('account_tables').select(['token']).execute();
      expect(kept).toHaveLength(1);
      expect(kept[0]!.token.startsWith('s1.')).toBe(true);
      expect(kept[0]!.token).not.toContain(created.ticket!.token);
      // As a database from before sealing: the token readable; the next start seals it.
      await opened.db.updateTable('account_tables').set({ token: created.ticket!.token }).execute();
      await opened.db.destroy();

      server = await startServer(config, { log: pino({ level: 'silent' }) });
      const again = new MatchboxClient(server.url);
      const profile = await until(async () => {
        const p = await again.profile('Ada');
        return p.ratings.length > 0 ? p : null;
      });
      expect(profile.history.map((h) => h.tableId)).toEqual([created.table.id]);
      expect(profile.ratings[0]).toMatchObject({ game: 'matchmaster', games: 1 });
      await again.logIn('Ada', password);
      expect((await again.myTables()).map((t) => t.token)).toEqual([created.ticket!.token]);
      const reopened = await openDb({
        databaseUrl: config.databaseUrl,
        schema: config.databaseSchema,
        sqliteFile: join(config.dataDir, 'matchbox.db'),
      });
      const sealed = await reopened.db.selectFrom('account_tables').select(['token']).execute();
      await reopened.db.destroy();
      expect(sealed[0]!.token.startsWith('s1.')).toBe(true);
    } finally {
      await server.close();
      if (!config.databaseUrl) rmSync(config.dataDir, { recursive: true, force: true });
    }
  });

  it('keeps a slow table and its clock through a restart', async () => {
    const overrides = db();
    const config = testConfig(overrides);
    let server = await startServer(config, { log: pino({ level: 'silent' }) });
    try {
      const ada = new MatchboxClient(server.url);
      const twoDays = 2 * 86_400;
      const created = await ada.createTable({
        game: 'matchmaster',
        players: 2,
        name: 'Ada',
        seats: [{ kind: 'open' }, { kind: 'open' }],
        clockSeconds: twoDays,
      });
      const bea = await ada.join(created.table.id, { name: 'Bea', invite: created.invite });
      const tickets = [
        { tableId: created.table.id, token: created.ticket!.token },
        { tableId: created.table.id, token: bea.token },
      ];
      const [first] = (await ada.lobby(tickets.slice(0, 1))).mine;
      expect(first!.status).toBe('playing');
      expect(first!.clockSeconds).toBe(twoDays);
      const deadline = first!.deadlineAt!;
      expect(deadline - Date.now()).toBeGreaterThan(twoDays * 1000 - 60_000);
      // Both bid at once (MM-4): it is both seats' turn.
      expect([...first!.toAct].sort()).toEqual([0, 1]);
      await server.close();

      server = await startServer(config, { log: pino({ level: 'silent' }) });
      const again = new MatchboxClient(server.url);
      const [after] = (await again.lobby(tickets.slice(0, 1))).mine;
      expect(after).toMatchObject({ id: created.table.id, status: 'playing', deadlineAt: deadline });
      expect([...after!.toAct].sort()).toEqual([0, 1]);
      const conn = again.connect(created.table.id, bea.token);
      expect((await conn.ready).deadlineAt).toBe(deadline);
      conn.close();
    } finally {
      await server.close();
      if (!config.databaseUrl) rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});
