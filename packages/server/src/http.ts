/**
 * The HTTP API on Hono: tables, seats and the lobby as JSON, health and metrics. Every body is
 * validated with the wire schemas; errors are `{ error: { code, message } }` with a 4xx status.
 */
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { getConnInfo } from '@hono/node-server/conninfo';
import { GAMES } from '@matchbox/engine';
import {
  BROWSER_HEADER,
  BROWSER_ID_PATTERN,
  joinBody,
  leaveBody,
  lobbyBody,
  replaceBody,
} from '@matchbox/client/wire';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Members } from './account-http.ts';
import { mountAnalysisRoutes } from './analysis-http.ts';
import type { AnalysisService } from './analyses.ts';
import { BODY_LIMITS, shapeProblem } from './bounds.ts';
import { asMember, mountAccountRoutes } from './account-http.ts';
import { clientAddress, trustedProxies } from './client-address.ts';
import type { ServerConfig } from './config.ts';
import type { Charge, CostLimiters, Requester } from './limits.ts';
import { costLimiters, isLimited, limitStore, tableCost, tooMany } from './limits.ts';
import type { Metrics } from './metrics.ts';
import type { ReplayReply } from './replay.ts';
import type { SeatOrigin } from './store.ts';
import { replayBody } from './replay.ts';
import { sendFile } from './static-files.ts';
import { mountTestRoutes } from './test-routes.ts';
import type { PairingService } from './pairing.ts';
import { mountPairingRoutes } from './pairing-http.ts';
import type { Outcome, TableService } from './tables.ts';
import { zodMessage } from './tables.ts';
import { writeGuard } from './write-guard.ts';
import { personOf } from './leaving.ts';
import { mountEventRoutes } from './events/http.ts';
import { mountReportRoutes } from './reports-http.ts';
import type { ReportService } from './reports.ts';
import { mountPushRoutes } from './push-http.ts';
import type { PushService } from './push.ts';
import type { EventService } from './events/service.ts';
import { refusal } from './outcome.ts';

const STATUS: Record<string, number> = {
  no_such_table: 404,
  no_such_line: 404,
  no_person: 409,
  too_many_blocks: 409,
  no_such_event: 404,
  event_closed: 409,
  already_entered: 409,
  guest_limit: 409,
  no_such_player: 404,
  not_finished: 409,
  not_started: 409,
  conflict: 409,
  seat_taken: 409,
  table_full: 409,
  table_finished: 409,
  bad_invite: 403,
  bad_token: 403,
  too_many_tables: 429,
  rate_limited: 429,
  name_taken: 409,
  name_lookalike: 409,
  name_reserved: 409,
  already_seeking: 409,
  already_seated: 409,
  not_seeking: 404,
  paused: 403,
  push_unavailable: 404,
};

/**
 * A live table's replay is a view per step (up to a megabyte of JSON for a long game): its JSON
 * and gzip are made once per cached reply (replay.ts keeps one per table, version and viewer), so
 * a page that asks again costs neither again.
 */
const replayBodies = new WeakMap<ReplayReply, { json: string; gzip: Buffer }>();

function replayResponse(c: Context, reply: ReplayReply): Response {
  let body = replayBodies.get(reply);
  if (!body) {
    const json = JSON.stringify(reply);
    body = { json, gzip: gzipSync(json, { level: 6 }) };
    replayBodies.set(reply, body);
  }
  c.header('Vary', 'Accept-Encoding');
  if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
    c.header('Content-Encoding', 'gzip');
    c.header('Content-Type', 'application/json');
    return c.body(new Uint8Array(body.gzip), 200);
  }
  c.header('Content-Type', 'application/json');
  return c.body(body.json, 200);
}

/** The start page, until the web interface exists: what runs here and how to play now. */
function homePage(url: string): string {
  const games = GAMES.map(
    (g) =>
      `<li><b>${escapeHtml(g.meta.name)}</b> (<code>${g.meta.id}</code>, ${g.meta.minPlayers}-${g.meta.maxPlayers} players): ${escapeHtml(g.meta.summary)}</li>`,
  ).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>matchbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 44rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5">
<h1>matchbox</h1>
<p>The matchbox server is running at <code>${escapeHtml(url)}</code>. Playing in the browser comes
in a later version; today you play from a terminal, against bots and with friends.</p>
<h2>Play a table on this server</h2>
<p>Create a table with one seat for you, one for a friend and bots for the rest; it prints an
invite link:</p>
<pre>npx matchbox connect ${escapeHtml(url)} --game matchmaster --players 4 --open 2</pre>
<p>Your friend joins with that link: <code>npx matchbox connect &lt;invite link&gt;</code>.</p>
<h2>Play alone on this computer</h2>
<pre>npm run matchbox</pre>
<h2>The games</h2><ul>${games}</ul>
<p>For programs: the HTTP API and real-time messages are described in <code>docs/server.md</code>;
health at <a href="/healthz">/healthz</a>, metrics at <a href="/metrics">/metrics</a>.</p>
</body></html>`;
}

/** The built web interface (packages/web/dist), from src/ and from dist/ alike. */
export const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/**
 * The web app's files when it is built (looked up on each request, so a build made while the
 * server runs is picked up): index.html for the app's routes, hashed assets cached for a year;
 * each sent compressed by the client's Accept-Encoding (static-files.ts).
 */
function webApp(dir: string) {
  return {
    index: (c: Context, status: 200 | 404 = 200): Response | null =>
      sendFile(c, dir, 'index.html', 'no-cache', status),
    asset: (c: Context): Response | null =>
      sendFile(c, dir, new URL(c.req.url).pathname, 'public, max-age=31536000, immutable'),
    file: (c: Context, name: string, cacheControl: string): Response | null =>
      sendFile(c, dir, name, cacheControl),
  };
}

/** The helpers every route shares: who asks, answers, bodies, refusals and allowances. */
export interface RouteKit {
  /** The client's address: the peer, or `X-Forwarded-For` from a trusted proxy (client-address.ts). */
  readonly address: (c: Context) => string;
  /** Who asks: the address, and the member's account when the request carries a session. */
  readonly requester: (c: Context) => Promise<Requester>;
  /** Where a seat taken by this request comes from: address, browser id, the member's account. */
  readonly origin: (c: Context, account: string | null) => SeatOrigin;
  readonly charger: (
    limit: CostLimiters[keyof CostLimiters],
    who: Requester,
  ) => (cost: number) => Promise<Charge>;
  readonly reply: <T>(c: Context, outcome: Outcome<T>, okStatus?: 200 | 201) => Response;
  /** A refusal when the allowance is spent, else null. */
  readonly spent: (c: Context, charged: Charge, what: string) => Response | null;
  /** The request's JSON body, or `Symbol.for('invalid')` when it is not JSON. */
  readonly body: (c: Context) => Promise<unknown>;
  readonly invalid: (c: Context, message: string) => Response;
}

function routeKit(config: ServerConfig, metrics: Metrics, members: Members | null): RouteKit {
  const trusted = trustedProxies(config.trustedProxies);
  /** The client's address: the peer, or `X-Forwarded-For` from a trusted proxy (client-address.ts). */
  const address = (c: Context): string => {
    let peer: string | undefined;
    try {
      peer = getConnInfo(c).remote.address;
    } catch {
      peer = undefined;
    }
    return clientAddress(peer, c.req.header('x-forwarded-for'), trusted);
  };
  /** Who asks: the address, and the member's account when the request carries a session. */
  const requester = async (c: Context): Promise<Requester> => ({
    address: address(c),
    account: (await members?.account(c))?.id ?? null,
  });
  // The browser id is checked for every API request (mountBodyGuards) before a route reads it.
  const origin = (c: Context, account: string | null): SeatOrigin => ({
    address: address(c),
    browser: c.req.header(BROWSER_HEADER) ?? null,
    account,
  });
  const charger =
    (limit: CostLimiters[keyof CostLimiters], who: Requester) =>
    (cost: number): Promise<Charge> =>
      limit.charge(who, cost);
  const reply = <T>(c: Context, outcome: Outcome<T>, okStatus: 200 | 201 = 200) => {
    if (outcome.ok) return c.json(outcome.value as object, okStatus);
    metrics.rejected.inc({ code: outcome.error.code });
    if (isLimited(outcome.error)) return tooMany(c, outcome.error);
    return c.json({ error: outcome.error }, (STATUS[outcome.error.code] ?? 400) as 400);
  };
  const spent = (c: Context, charged: Charge, what: string): Response | null => {
    if (charged.ok) return null;
    metrics.rejected.inc({ code: 'rate_limited' });
    return tooMany(c, {
      code: 'rate_limited',
      message: `Too many ${what} from here; wait a moment.`,
      retryAfter: charged.retryAfter,
    });
  };
  const body = async (c: Context): Promise<unknown> => {
    try {
      return await c.req.json();
    } catch {
      return Symbol.for('invalid');
    }
  };
  const invalid = (c: Context, message: string) => {
    metrics.rejected.inc({ code: 'invalid_request' });
    return c.json(refusal('invalid_request', message), 400);
  };

  return { address, requester, origin, charger, reply, spent, body, invalid };
}

export function createHttpApp(
  service: () => TableService,
  config: ServerConfig,
  metrics: Metrics,
  ready: () => Promise<boolean>,
  webDir: string = WEB_DIST,
  /** Accounts, ratings and stats; without them the server serves guests only. */
  members: Members | null = null,
  /** Analyses of finished tables (analysis-http.ts); without them there are none. */
  analyses: (() => AnalysisService) | null = null,
  /** The expensive requests' allowances (in cluster mode counted in Redis, server.ts). */
  limits: CostLimiters = costLimiters(config.costLimits, limitStore()),
  /** "Play now" pools (pairing.ts); without them there is no pairing. */
  pairing: (() => PairingService) | null = null,
  /** The duplicate events (events/); without them there are none. */
  events: (() => EventService) | null = null,
  /** Reports and blocks (reports.ts); without them there are none. */
  reports: (() => ReportService) | null = null,
  /** Notifications (push.ts); without them there are none. */
  push: (() => PushService) | null = null,
): Hono {
  const app = new Hono();
  const kit = routeKit(config, metrics, members);
  mountBodyGuards(app, config, kit);
  const web = webApp(webDir);
  mountPages(app, config, web);
  mountOperations(app, service, metrics, ready);
  mountTableRoutes(app, service, members, limits, kit);
  const { address, requester, charger, body } = kit;
  if (analyses)
    mountAnalysisRoutes(
      app,
      analyses,
      metrics,
      requester,
      (who) => charger(limits.analyses, who)(1),
      (id, token) => service().eventRefusal(id, token),
    );
  if (pairing) mountPairingRoutes(app, pairing, members, limits, kit);
  if (events) mountEventRoutes(app, events, members, limits, kit);
  if (reports) mountReportRoutes(app, reports, service, members, limits, kit);
  if (push) mountPushRoutes(app, push, members, kit);
  if (config.testRoutes) mountTestRoutes(app, service);
  if (members)
    mountAccountRoutes(app, members, {
      service,
      metrics,
      address,
      readBody: body,
      // Behind a proxy that ends TLS the request looks like plain HTTP: PUBLIC_URL tells.
      secureCookies: config.publicUrl?.startsWith('https://') ?? false,
    });
  app.notFound((c) => {
    // A browser asking for a page (an unknown address, or an API path typed into the address bar)
    // gets the app, which says "no such page" in its own frame, with the 404 status.
    if (c.req.method === 'GET' && (c.req.header('accept') ?? '').includes('text/html')) {
      const page = web.index(c, 404);
      if (page !== null) return page;
    }
    return c.json(refusal('not_found', 'No such page.'), 404);
  });
  app.onError((error, c) => {
    console.error(error);
    return c.json(refusal('server_error', 'Something went wrong on the server.'), 500);
  });
  return app;
}

/**
 * Bodies are bounded in bytes, then in shape, before any API route reads them; a browser id
 * (`X-Matchbox-Browser`) that is sent must be one.
 */
function mountBodyGuards(app: Hono, config: ServerConfig, { invalid }: RouteKit): void {
  // Only JSON writes, and none from another site (write-guard.ts).
  app.use('/api/*', writeGuard(config.publicUrl ?? undefined));
  app.use('/api/*', async (c: Context, next) => {
    const browser = c.req.header(BROWSER_HEADER);
    if (browser === undefined || BROWSER_ID_PATTERN.test(browser)) return next();
    return c.json(
      refusal('bad_browser_id', 'X-Matchbox-Browser must be 16 to 64 letters, digits, "_" or "-".'),
      400,
    );
  });
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: config.maxMessageBytes,
      // The body is left unread, so the connection closes after the answer: the client is told,
      // and sends its next request on a new connection rather than on this one as it closes.
      onError: (c) =>
        c.json(refusal('too_large', 'The request is too large.'), 413, {
          Connection: 'close',
        }),
    }),
  );

  // A body's shape is bounded before any route walks it (the schemas recurse): too deep or too
  // many values is a 400 with a code, never a stack overflow. A body that is not JSON is left to
  // the route, which answers it in its own words.
  app.use('/api/*', async (c: Context, next) => {
    if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(c.req.method)) return next();
    let parsed: unknown;
    try {
      parsed = await c.req.json();
    } catch {
      return next();
    }
    const problem = shapeProblem(parsed, BODY_LIMITS);
    return problem ? invalid(c, problem) : next();
  });
}

/** The web interface's pages and files when it is built; otherwise the plain start page. */
function mountPages(app: Hono, config: ServerConfig, web: ReturnType<typeof webApp>): void {
  const origin = (c: Context) => config.publicUrl ?? new URL(c.req.url).origin;
  const spa = (c: Context) => web.index(c);
  app.get('/assets/*', async (c, next) => web.asset(c) ?? next());
  app.get('/', (c) => spa(c) ?? c.html(homePage(origin(c))));
  app.get(
    '/join/:id',
    (c) =>
      spa(c) ??
      c.html(
        homePage(origin(c)).replace(
          '<h2>Play a table',
          `<h2>You are invited</h2><p>Join the table from a terminal:</p><pre>npx matchbox connect ${escapeHtml(c.req.url)}</pre><h2>Play a table`,
        ),
      ),
  );
  app.get('/t/*', (c, next) => spa(c) ?? next());
  app.get('/replay', (c, next) => spa(c) ?? next());
  app.get('/replay/*', (c, next) => spa(c) ?? next());
  app.get('/rules/*', (c, next) => spa(c) ?? next());
  // The score pad for the physical games (docs/web.md): client state only, no API.
  for (const route of ['/pad', '/pad/*']) app.get(route, (c, next) => spa(c) ?? next());
  // Games in the browser: against bots, the daily solitaire, the tutorials (docs/web.md, "Offline").
  for (const route of ['/play/*', '/daily', '/learn/*']) app.get(route, (c, next) => spa(c) ?? next());
  // The installable app's files from the build: the service worker and the manifest are never
  // kept by HTTP caches (a new build's worker is found at the next visit); the icon for a day.
  const appFile = (name: string, cacheControl: string) => (c: Context, next: () => Promise<void>) =>
    web.file(c, name, cacheControl) ?? next();
  app.get('/sw.js', appFile('sw.js', 'no-cache'));
  app.get('/manifest.webmanifest', appFile('manifest.webmanifest', 'no-cache'));
  app.get('/icon.svg', appFile('icon.svg', 'public, max-age=86400'));
  app.get('/icon-192.png', appFile('icon-192.png', 'public, max-age=86400'));
  app.get('/icon-512.png', appFile('icon-512.png', 'public, max-age=86400'));
  for (const route of ['/login', '/players/*', '/leaderboard/*', '/events', '/events/*', '/blocks'])
    app.get(route, (c, next) => spa(c) ?? next());
}

/** Health, readiness and the Prometheus metrics. */
function mountOperations(
  app: Hono,
  service: () => TableService,
  metrics: Metrics,
  ready: () => Promise<boolean>,
): void {
  app.get('/healthz', (c) => c.json({ ok: true }));
  app.get('/readyz', async (c) => ((await ready()) ? c.json({ ok: true }) : c.json({ ok: false }, 503)));
  app.get('/metrics', async (c) => {
    metrics.tables.set(service().liveCount);
    return c.text(await metrics.registry.metrics(), 200, { 'content-type': metrics.registry.contentType });
  });
}

/** The games, and the tables: create, list, read, replay, join, leave, replace by a bot. */
function mountTableRoutes(
  app: Hono,
  service: () => TableService,
  members: Members | null,
  limits: CostLimiters,
  { address, requester, origin, charger, reply, spent, body, invalid }: RouteKit,
): void {
  app.get('/api/games', (c) =>
    c.json(
      GAMES.map((g) => ({
        id: g.meta.id,
        name: g.meta.name,
        minPlayers: g.meta.minPlayers,
        maxPlayers: g.meta.maxPlayers,
        defaultPlayers: g.meta.defaultPlayers,
        options: g.meta.options,
        summary: g.meta.summary,
      })),
    ),
  );
  app.post('/api/tables', async (c) => {
    const b = await body(c);
    if (typeof b === 'symbol') return invalid(c, 'The body must be JSON.');
    // A member plays under the account's name, and keeps the seat in the account.
    const member = (await members?.account(c)) ?? null;
    const who = { address: address(c), account: member?.id ?? null };
    const refused = spent(c, await limits.tables.charge(who, tableCost(b)), 'new tables');
    if (refused) return refused;
    const reserved = member ? null : await members?.reservedFor(b);
    if (reserved) return reply(c, reserved);
    const created = await service().create(asMember(b, member), origin(c, member?.id ?? null));
    if (member && created.ok && created.value.ticket)
      await members?.attach(member, { ...created.value.ticket, game: created.value.table.game });
    return reply(c, created, 201);
  });
  app.get('/api/tables', async (c) => c.json((await service().lobby([])).open));
  app.post('/api/lobby', async (c) => {
    const parsed = lobbyBody.safeParse(await body(c));
    if (!parsed.success) return invalid(c, zodMessage(parsed.error));
    return c.json(await service().lobby(parsed.data.tickets));
  });
  app.get('/api/tables/:id', async (c) => {
    const summary = await service().summary(c.req.param('id'));
    return summary
      ? c.json(summary)
      : reply(c, { ok: false, error: { code: 'no_such_table', message: 'There is no such table.' } });
  });
  app.get('/api/tables/:id/record', async (c) => {
    const refused = spent(c, await limits.records.charge(await requester(c)), 'record downloads');
    return refused ?? reply(c, await service().record(c.req.param('id')));
  });
  // The chat is read by everyone who may watch the table (replays show it too).
  app.get('/api/tables/:id/chat', async (c) => {
    const refused = await service().eventRefusal(c.req.param('id'), null);
    if (refused) return reply(c, { ok: false, error: refused });
    const history = await service().chat.history(c.req.param('id'));
    return reply(c, history.ok ? { ok: true, value: { lines: history.value } } : history);
  });
  // A live table's replay is a view per step (up to a megabyte of JSON for a long game): charged
  // by its length, and gzipped once per version and viewer.
  app.post('/api/tables/:id/replay', async (c) => {
    const parsed = replayBody.safeParse(await body(c));
    if (!parsed.success) return invalid(c, zodMessage(parsed.error));
    const charge = charger(limits.replays, await requester(c));
    const replayed = await service().replay(c.req.param('id'), parsed.data.token ?? null, charge);
    return replayed.ok ? replayResponse(c, replayed.value) : reply(c, replayed);
  });
  app.post('/api/tables/:id/join', async (c) => {
    const parsed = joinBody.safeParse(await body(c));
    if (!parsed.success) return invalid(c, zodMessage(parsed.error));
    const member = (await members?.account(c)) ?? null;
    const reserved = member ? null : await members?.reservedFor(parsed.data);
    if (reserved) return reply(c, reserved);
    const joined = await service().join(
      c.req.param('id'),
      asMember(parsed.data, member),
      origin(c, member?.id ?? null),
    );
    if (member && joined.ok)
      await members?.attach(member, { ...joined.value, game: joined.value.table.game });
    return reply(c, joined);
  });
  // Leaving's cost (leaving.ts): whether the asker (a member, else this browser) is paused from
  // pairing for leaving games, with the reason and the end.
  app.get('/api/pause', async (c) => {
    const member = (await members?.account(c)) ?? null;
    const person = personOf(member?.id ?? null, c.req.header('x-matchbox-browser'));
    return c.json({ pause: person ? await service().pairingPauseFor(person) : null });
  });
  app.post('/api/tables/:id/leave', async (c) => {
    const parsed = leaveBody.safeParse(await body(c));
    if (!parsed.success) return invalid(c, zodMessage(parsed.error));
    return reply(c, await service().leave(c.req.param('id'), parsed.data.token));
  });
  app.post('/api/tables/:id/replace', async (c) => {
    const parsed = replaceBody.safeParse(await body(c));
    if (!parsed.success) return invalid(c, zodMessage(parsed.error));
    const { token, seat, level } = parsed.data;
    return reply(c, await service().replaceByBot(c.req.param('id'), token, seat, level));
  });
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
