/**
 * The HTTP side of accounts, ratings and stats (docs/server.md, "Accounts and ratings"): sign-up,
 * log-in and log-out, the member's seats, profiles and leaderboards. A session travels in an
 * httpOnly, SameSite=Lax cookie (the web app) or, when asked for with `bearer`, as an
 * `Authorization: Bearer` token that the program keeps.
 */
import type { AccountInfo, AccountTicket } from '@matchbox/client/wire';
import { attachBody } from '@matchbox/client/wire';
import type { Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AccountService } from './accounts.ts';
import { SESSION_COOKIE, SESSION_MS } from './accounts.ts';
import type { Metrics } from './metrics.ts';
import type { NameClash } from './names.ts';
import { reservedClash } from './names.ts';
import type { RatingService } from './ratings.ts';
import type { Outcome, TableService } from './tables.ts';
import { zodMessage } from './tables.ts';

const STATUS: Record<string, number> = {
  bad_credentials: 401,
  not_logged_in: 401,
  name_taken: 409,
  name_lookalike: 409,
  rate_limited: 429,
  no_such_player: 404,
  unknown_game: 404,
};

export class Members {
  constructor(
    readonly accounts: AccountService,
    readonly ratings: RatingService,
  ) {}

  /** The session token a request carries: a bearer token, else the cookie. */
  token(c: Context): string | undefined {
    const auth = c.req.header('authorization');
    if (auth?.startsWith('Bearer ')) return auth.slice(7).trim();
    return getCookie(c, SESSION_COOKIE);
  }

  /** The member making a request, or null for a guest. */
  account(c: Context): Promise<AccountInfo | null> {
    return this.accounts.bySession(this.token(c));
  }

  /**
   * A guest's refusal when the name in `body` looks like a member's (a member plays under the
   * account's own name), else null.
   */
  async reservedFor(body: unknown): Promise<{ ok: false; error: NameClash } | null> {
    const name = (body as { name?: unknown } | null)?.name;
    if (typeof name !== 'string') return null;
    const member = await this.accounts.memberLike(name);
    return member === null ? null : { ok: false, error: reservedClash(member) };
  }

  /** Keeps a seat a member just took (creating or joining a table). */
  attach(account: AccountInfo, ticket: AccountTicket): Promise<void> {
    return this.accounts.attach(account.id, ticket);
  }
}

/** A table or join body with the member's account name as the seat's name. */
export function asMember<T>(body: T, account: AccountInfo | null): T {
  return account && typeof body === 'object' && body !== null ? { ...body, name: account.name } : body;
}

export function mountAccountRoutes(
  app: Hono,
  members: Members,
  deps: {
    service: () => TableService;
    metrics: Metrics;
    address: (c: Context) => string;
    readBody: (c: Context) => Promise<unknown>;
    /** Mark the session cookie Secure even when the request arrived as plain HTTP. */
    secureCookies?: boolean;
  },
): void {
  const { accounts, ratings } = members;
  const answer = <T>(c: Context, outcome: Outcome<T>, okStatus: 200 | 201 = 200) => {
    if (outcome.ok) return c.json(outcome.value as object, okStatus);
    deps.metrics.rejected.inc({ code: outcome.error.code });
    if (outcome.error.retry_after !== undefined) c.header('retry-after', String(outcome.error.retry_after));
    return c.json({ error: outcome.error }, (STATUS[outcome.error.code] ?? 400) as 400);
  };
  const notLoggedIn = (c: Context) =>
    answer(c, { ok: false, error: { code: 'not_logged_in', message: 'Log in first.' } });
  const secure = (c: Context) => deps.secureCookies === true || new URL(c.req.url).protocol === 'https:';
  const wantsBearer = (b: unknown) =>
    typeof b === 'object' && b !== null && (b as { bearer?: unknown }).bearer === true;

  const session = async (c: Context, kind: 'signUp' | 'logIn') => {
    const b = await deps.readBody(c);
    const outcome = await accounts[kind](b, deps.address(c));
    if (!outcome.ok) return answer(c, outcome);
    const { account, token } = outcome.value;
    if (wantsBearer(b))
      return answer(c, { ok: true, value: { account, token } }, kind === 'signUp' ? 201 : 200);
    setCookie(c, SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: secure(c),
      path: '/',
      maxAge: SESSION_MS / 1000,
    });
    return answer(c, { ok: true, value: { account } }, kind === 'signUp' ? 201 : 200);
  };
  app.post('/api/account/signup', (c) => session(c, 'signUp'));
  app.post('/api/account/login', (c) => session(c, 'logIn'));
  app.post('/api/account/logout', async (c) => {
    const token = members.token(c);
    if (token) await accounts.logOut(token);
    deleteCookie(c, SESSION_COOKIE, { path: '/', secure: secure(c) });
    return c.json({ ok: true });
  });
  // Who is logged in: a guest is an answer too (no account), not an error, so that a guest's page
  // loads without a failed request in the browser's console.
  app.get('/api/account', async (c) => c.json({ account: await members.account(c) }));
  app.get('/api/account/tables', async (c) => {
    const account = await members.account(c);
    if (!account) return notLoggedIn(c);
    return c.json({ tickets: await accounts.tickets(account.id) });
  });
  // Guest seats this browser holds join the account: only those whose token really holds the seat.
  app.post('/api/account/tables', async (c) => {
    const account = await members.account(c);
    if (!account) return notLoggedIn(c);
    const parsed = attachBody.safeParse(await deps.readBody(c));
    if (!parsed.success)
      return answer(c, { ok: false, error: { code: 'invalid_request', message: zodMessage(parsed.error) } });
    const { mine } = await deps.service().lobby(parsed.data.tickets);
    for (const table of mine) {
      const token = parsed.data.tickets.find((t) => t.tableId === table.id)!.token;
      await accounts.attach(account.id, { tableId: table.id, seat: table.seat, token, game: table.game });
    }
    return c.json({ attached: mine.length });
  });
  app.get('/api/players/:name', async (c) => {
    const profile = await ratings.profile(c.req.param('name'));
    return profile
      ? c.json(profile)
      : answer(c, { ok: false, error: { code: 'no_such_player', message: 'There is no such player.' } });
  });
  // Every bot level's rating in every game, on the players' scale (the lobby's level choice, bot seats).
  app.get('/api/bots/ratings', async (c) => c.json(await ratings.botRatings()));
  app.get('/api/leaderboard/:game', async (c) => {
    const board = await ratings.leaderboard(c.req.param('game'));
    return board
      ? c.json(board)
      : answer(c, { ok: false, error: { code: 'unknown_game', message: 'There is no such game.' } });
  });
}
