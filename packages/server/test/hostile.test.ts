/**
 * The server as a hostile client meets it: a real server process (SQLite) and real sockets, with
 * this test's own socket.io connections and raw HTTP (hostile-client.ts), never the project's
 * client library. Property tests (fast-check) send malformed, deep, huge, wrongly typed and
 * out-of-order messages on every real-time event and HTTP route; after each, the process lives,
 * the answer carries a stable code, and no table changed. Then: seat changes with the former
 * holder's connection still open, undo secrecy over every game's undoable moves, and the secrecy
 * invariant (secrecy.ts) over everything each seat and the spectator received.
 *
 * `npm test` runs a short round of each property; the soak (`npm run test:soak`, MATCHBOX_SOAK=1)
 * runs many more.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Viewer } from '@matchbox/engine';
import { Rng, getGame } from '@matchbox/engine';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Node } from '../scripts/nodes.ts';
import { freePort, kill, startNode } from '../scripts/nodes.ts';
import type { RawSocket } from './hostile-client.ts';
import {
  STABLE_CODE,
  deepArrayText,
  http,
  httpCode,
  nestedArrays,
  nestedObjects,
  rawSocket,
  refusalCode,
} from './hostile-client.ts';
import { until } from './helpers.ts';
import type { Received } from './secrecy.ts';
import { Ledger, readStoredTable } from './secrecy.ts';

const SOAK = process.env.MATCHBOX_SOAK === '1';
const RUNS = SOAK ? 400 : 12;

let node: Node;
let base: string;
let dataDir: string;
const sockets: RawSocket[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'matchbox-hostile-'));
  node = await startNode(await freePort(), {
    MATCHBOX_DATA: dataDir,
    // SQLite, one node: the storage the test reads to check what was sent.
    DATABASE_URL: '',
    REDIS_URL: '',
    // The validation path, not the rate limit, is what the properties exercise.
    MESSAGES_PER_SECOND: '100000',
    TABLES_PER_ADDRESS: '100000',
    ADDRESS_LIMITS_SCALE: '1000',
    BOT_TIME_MS: '300',
    LOG_LEVEL: 'fatal',
  });
  base = node.url;
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  if (node) await kill(node);
  rmSync(dataDir, { recursive: true, force: true });
});

async function socket(): Promise<RawSocket> {
  const s = await rawSocket(base);
  sockets.push(s);
  return s;
}

/** The process is alive and answers. */
/** Whether fetch sends `value` as a header's value. */
function sendable(value: string): boolean {
  try {
    return new Headers({ 'x-test': value }).has('x-test');
  } catch {
    return false;
  }
}

async function alive(): Promise<void> {
  expect(node.child.exitCode, node.output.slice(-3000)).toBeNull();
  expect(node.child.signalCode).toBeNull();
  expect((await http(base, 'GET', '/healthz')).status).toBe(200);
}

interface Made {
  id: string;
  invite: string;
  tokens: string[];
}

/**
 * A table with people in every seat and an hour on the clock: no bot, and no stand-in while a
 * property runs (the default clock's 60 s ran out under a loaded soak and a stand-in moved), so
 * nothing changes unless someone acts.
 */
async function peopleTable(game: string, players: number, options: object = {}): Promise<Made> {
  const made = await http(base, 'POST', '/api/tables', {
    game,
    players,
    name: 'P0',
    options,
    clockSeconds: 3_600,
    seats: Array.from({ length: players }, () => ({ kind: 'open' })),
  });
  expect(made.status).toBe(201);
  const reply = made.body as { table: { id: string }; invite: string; ticket: { token: string } };
  const tokens = [reply.ticket.token];
  for (let i = 1; i < players; i++) {
    const joined = await http(base, 'POST', `/api/tables/${reply.table.id}/join`, {
      name: `P${i}`,
      invite: reply.invite,
    });
    expect(joined.status).toBe(200);
    tokens.push((joined.body as { token: string }).token);
  }
  return { id: reply.table.id, invite: reply.invite, tokens };
}

/** What may not change when a message is refused: the stored table as its summary tells it. */
async function snapshot(id: string): Promise<string> {
  const s = (await http(base, 'GET', `/api/tables/${id}`)).body as {
    seats: { connected?: boolean }[];
  };
  // Presence (who is connected) is not the table's state.
  return JSON.stringify({ ...s, seats: s.seats.map(({ connected: _c, ...rest }) => rest) });
}

// --- Generators ----------------------------------------------------------------------------

/** Deeply nested values: arrays and objects far past any real message's depth. */
const deep = fc.oneof(
  fc.integer({ min: 9, max: 2500 }).map((d) => nestedArrays(d)),
  fc.integer({ min: 9, max: 2500 }).map((d) => nestedObjects(d)),
  fc.integer({ min: 9, max: 400 }).map((d) => nestedArrays(d, nestedObjects(d))),
);
/** Large values inside one frame: long texts, wide lists and objects. */
const huge = fc.oneof(
  fc.integer({ min: 4_097, max: 15_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 2_001, max: 6_000 }).map((n) => Array.from({ length: n }, () => 0)),
  fc
    .integer({ min: 2_001, max: 3_000 })
    .map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 1]))),
);
const anyValue = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 2, arbitrary: deep },
  { weight: 1, arbitrary: huge },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined, true, -1, 1e308, '', [], {}) },
);

/** A message shaped like the real ones, with any field replaced by anything. */
function shaped(tableId: string, token: string) {
  return fc.record(
    {
      tableId: fc.oneof(fc.constant(tableId), anyValue),
      token: fc.oneof(fc.constant(token), anyValue),
      since: fc.oneof(fc.integer({ min: -5, max: 1e9 }), anyValue),
      browser: fc.oneof(fc.constant('browser-0123456789abcdef'), fc.string({ maxLength: 80 }), anyValue),
      deltas: fc.oneof(fc.boolean(), anyValue),
      action: fc.oneof(
        fc.string({ maxLength: 30 }),
        anyValue,
        deep,
        deep.map((d) => ({ type: d })),
      ),
      version: anyValue,
      extra: anyValue,
    },
    { requiredKeys: [] },
  );
}

const EVENTS = ['hello', 'act', 'undo', 'hint', 'solve'] as const;

// --- Properties ----------------------------------------------------------------------------

/** Today's MatchMaster event (its routes are in the hostile suite too). */
const TODAYS_EVENT = `matchmaster-daily-${new Date().toISOString().slice(0, 10)}`;

describe('hostile messages on every real-time event', () => {
  it('malformed, deep, huge and wrongly typed payloads: the process lives, every answer has a stable code, no table changes', async () => {
    const t = await peopleTable('matchmaster', 2);
    // Seat 0 attached, so that `act`, `undo` and `hint` reach the table rather than stop early.
    const attach = async () => {
      const s = await socket();
      expect(await s.ask('hello', [{ tableId: t.id, token: t.tokens[0] }])).toMatchObject({ ok: true });
      return s;
    };
    let seated = await attach();
    const before = await snapshot(t.id);
    const game = getGame('matchmaster')!;
    let conn = await socket();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...EVENTS), fc.string({ maxLength: 20 })),
        fc.oneof(shaped(t.id, t.tokens[1]!), anyValue),
        fc.boolean(),
        async (event, payload, fromSeat) => {
          // A well-formed legal action would rightly change the table: not what this tests.
          const action = (payload as { action?: unknown } | null)?.action;
          fc.pre(typeof action !== 'string' || !game.parseAction(action).ok);
          fc.pre(event !== 'hello' || !fromSeat);
          const via = fromSeat ? seated : conn;
          const answer = await via.ask(event, [payload]);
          if (answer === 'disconnected') {
            // A frame past the size limit closes the connection; the process goes on.
            if (fromSeat) seated = await attach();
            else conn = await socket();
          } else {
            expect(answer).not.toBe('timeout');
            const code = refusalCode(answer);
            if (code === null) {
              // Only a spectator's hello to the real table may succeed.
              expect(event).toBe('hello');
              expect(answer).toMatchObject({ ok: true });
            } else {
              expect(code).toMatch(STABLE_CODE);
              expect(code).not.toBe('server_error');
            }
          }
          expect(node.child.exitCode).toBeNull();
        },
      ),
      { numRuns: RUNS * 4 },
    );
    await alive();
    expect(await snapshot(t.id)).toBe(before);
    expect(seated.connected).toBe(true);
  }, 600_000);

  it('an act whose action nests 1,500 deep, without a hello (3 kB), is refused, and the process lives', async () => {
    const s = await socket();
    const answer = await s.ask('act', [{ tableId: 'abcdefgh', action: { type: nestedArrays(1500) } }]);
    expect(refusalCode(answer)).toBe('invalid_message');
    // Deeper than any encoder goes: frames written by hand, up to the size limit, on every event.
    let id = 1;
    for (const depth of [3000, 7000])
      for (const event of [...EVENTS, 'say', 'chatHistory', 'nosuch']) {
        const body = `["${event}",{"tableId":"abcdefgh","action":{"type":${deepArrayText(depth)}}}]`;
        expect(refusalCode(await s.rawAsk(id++, body))).toBe(
          event === 'nosuch' ? 'unknown_event' : 'invalid_message',
        );
      }
    await alive();
  });

  it('raw socket.io frames: malformed packets close only their own connection', async () => {
    const t = await peopleTable('matchmaster', 2);
    const before = await snapshot(t.id);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 200 }).map((s) => `2${s}`),
          fc.string({ maxLength: 200 }).map((s) => `21${s}`),
          fc.jsonValue({ maxDepth: 3 }).map((v) => `27${JSON.stringify(v)}`),
          fc.integer({ min: 100, max: 3000 }).map((d) => `29${JSON.stringify(['act', nestedArrays(d)])}`),
          // A binary event whose placeholders point nowhere, deep inside.
          fc
            .integer({ min: 100, max: 3000 })
            .map((d) => `51-3${JSON.stringify(['act', nestedArrays(d, { _placeholder: true, num: 0 })])}`),
          fc.string({ maxLength: 50 }),
        ),
        async (packet) => {
          const s = await socket();
          s.raw(packet);
          // Whatever the frame did to its own connection, a new one is served.
          const other = await socket();
          expect(refusalCode(await other.ask('undo', [{ tableId: t.id }]))).toBe('not_attached');
          other.close();
          s.close();
        },
      ),
      { numRuns: RUNS },
    );
    await alive();
    expect(await snapshot(t.id)).toBe(before);
  }, 600_000);

  it('out of order: act, undo and hint before hello; undo on a waiting table; unknown events', async () => {
    const s = await socket();
    expect(refusalCode(await s.ask('act', [{ tableId: 'abcdefgh', action: 'bid 0' }]))).toBe('not_attached');
    for (const event of ['undo', 'hint', 'solve'])
      expect(refusalCode(await s.ask(event, [{ tableId: 'abcdefgh' }]))).toBe('not_attached');
    // A waiting table: undo answers as act does.
    const made = await http(base, 'POST', '/api/tables', {
      game: 'matchmaster',
      players: 2,
      name: 'Ada',
      seats: [{ kind: 'open' }, { kind: 'open' }],
    });
    const reply = made.body as { table: { id: string }; ticket: { token: string } };
    expect(await s.ask('hello', [{ tableId: reply.table.id, token: reply.ticket.token }])).toMatchObject({
      ok: true,
    });
    expect(refusalCode(await s.ask('act', [{ tableId: reply.table.id, action: 'bid 0' }]))).toBe(
      'not_started',
    );
    expect(refusalCode(await s.ask('undo', [{ tableId: reply.table.id }]))).toBe('not_started');
    // Any other event name, with an acknowledgement, hears that there is no such message.
    for (const event of ['chat', 'join', 'update', '__proto__', 'x'.repeat(500)])
      expect(refusalCode(await s.ask(event, [{ tableId: reply.table.id }]))).toBe('unknown_event');
    await alive();
  });

  it('random sequences of well-formed messages in any order: every answer has a code, the log replays, nothing leaks', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 1e9 }), async (seed) => {
        const rng = Rng.fromSeed(`ooo:${seed}`);
        const t = await peopleTable('matchmaster', 3, { handSizes: [2, 1] });
        const viewers: Viewer[] = [0, 1, 2, null];
        const conns = await Promise.all(viewers.map(() => socket()));
        const received: Received[] = [];
        for (let step = 0; step < 24; step++) {
          const k = rng.int(viewers.length);
          const viewer = viewers[k]!;
          const conn = conns[k]!;
          const token = viewer === null ? undefined : t.tokens[viewer];
          const u = [...conn.heard].reverse().find((h) => h.event === 'update')?.args[0] as
            { legal: { text: string }[] } | undefined;
          const legal = u?.legal ?? [];
          const choice = rng.int(6);
          const [event, body]: [string, object] =
            choice === 0
              ? ['hello', { tableId: t.id, ...(token ? { token } : {}), since: rng.int(4) }]
              : choice === 1 && legal.length > 0
                ? ['act', { tableId: t.id, action: legal[rng.int(legal.length)]!.text }]
                : choice === 2
                  ? ['act', { tableId: t.id, action: `bid ${rng.int(4)}` }]
                  : choice === 3
                    ? ['undo', { tableId: t.id }]
                    : choice === 4
                      ? ['hint', { tableId: t.id }]
                      : ['act', { tableId: t.id, action: 'play 7X' }];
          const answer = await conn.ask(event, [body], 10_000);
          const code = refusalCode(answer);
          if (code !== null) {
            expect(code).toMatch(STABLE_CODE);
            expect(code).not.toBe('server_error');
          } else {
            const a = answer as {
              ok: boolean;
              update?: { version: number };
              missed?: unknown;
              version?: number;
            };
            expect(a.ok).toBe(true);
            if (event === 'hello') {
              received.push({ kind: 'update', viewer, body: a.update });
              const since = (body as { since: number }).since;
              received.push({ kind: 'missed', viewer, since, version: a.update!.version, body: a.missed });
            } else
              received.push({
                kind: event === 'hint' ? 'hint' : 'ack',
                viewer,
                version: a.version ?? 0,
                body: a,
              });
          }
        }
        await new Promise((r) => setTimeout(r, 100));
        conns.forEach((c, k) => {
          for (const h of c.heard)
            if (h.event === 'update') received.push({ kind: 'update', viewer: viewers[k]!, body: h.args[0] });
          c.close();
        });
        const ledger = new Ledger(readStoredTable(join(dataDir, 'matchbox.db'), t.id));
        expect(ledger.check(received)).toEqual([]);
      }),
      { numRuns: SOAK ? 60 : 4 },
    );
    await alive();
  }, 600_000);
});

describe('hostile requests on every HTTP route', () => {
  it('any body on the notification routes, by any method: never a 5xx, always a stable code', async () => {
    const routes: [string, string][] = [
      ['POST', '/api/push/subscriptions'],
      ['DELETE', '/api/push/subscriptions'],
      ['PUT', '/api/push/settings'],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(
          anyValue,
          anyValue.map((v) => ({ endpoint: v, keys: { p256dh: v, auth: v } })),
          fc.constantFrom('{', 'null', '[]', '{"__proto__":{"x":1}}'),
          fc
            .webUrl()
            .map((endpoint) => ({ endpoint, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } })),
        ),
        async ([method, route], body) => {
          const answer = await http(base, method, route, body === undefined ? null : body);
          expect(answer.status).toBeGreaterThanOrEqual(400);
          expect(answer.status).toBeLessThan(500);
          expect(httpCode(answer.body)).toMatch(STABLE_CODE);
        },
      ),
      { numRuns: RUNS * 2 },
    );
    await alive();
  }, 600_000);

  it('any body on any route: never a 5xx, always a stable code, no table changes', async () => {
    const t = await peopleTable('matchmaster', 2);
    const before = await snapshot(t.id);
    const routes = [
      '/api/tables',
      '/api/lobby',
      `/api/tables/${t.id}/join`,
      `/api/tables/${t.id}/leave`,
      `/api/tables/${t.id}/replace`,
      `/api/tables/${t.id}/replay`,
      `/api/tables/${t.id}/analysis`,
      '/api/tables/nosuchtable/join',
      '/api/tables/nosuchtable/analysis',
      '/api/account/signup',
      '/api/account/login',
      '/api/account/tables',
      `/api/events/${TODAYS_EVENT}/entries`,
      `/api/events/${TODAYS_EVENT}/plays`,
      '/api/events/nosuchevent/entries',
      '/api/events/match-daily-2020-01-01/plays',
      '/api/reports',
      '/api/blocks',
      '/api/push/subscriptions',
      '/api/pairing/leaving',
    ];
    const bodyFor = (v: unknown) =>
      fc.constantFrom(
        v,
        { name: v },
        { options: v, game: 'matchmaster', players: 2, name: 'x' },
        { token: v },
        { tickets: v },
        { ticket: v, of: v },
        { name: 'x', browser: v },
      );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(
          anyValue.chain(bodyFor),
          fc.string({ maxLength: 300 }),
          fc.constantFrom('{', '{"a":', 'null', '[]', '"x"', '\u0000', '{"__proto__":{"x":1}}'),
          fc.integer({ min: 17_000, max: 40_000 }).map((n) => JSON.stringify({ name: 'x'.repeat(n) })),
        ),
        async (route, body) => {
          const answer = await http(base, 'POST', route, body === undefined ? null : body);
          expect(answer.status).toBeLessThan(500);
          // A generated body can be a harmless one (no options, or empty ones, for a new table; no
          // tickets for the lobby; no token for a replay, which is then a spectator's): those
          // routes may accept it. Every other answer is a refusal.
          if (answer.status < 400 && (route === '/api/tables' || route === '/api/lobby')) return;
          // A guest's first entry of today's event (a name and nothing else) is accepted.
          if (answer.status < 400 && route.endsWith('/entries')) return;
          if (answer.status < 400 && route.endsWith('/replay')) {
            expect(answer.body).toMatchObject({ kind: 'views', viewer: null });
            return;
          }
          expect(answer.status).toBeGreaterThanOrEqual(400);
          const code = httpCode(answer.body);
          expect(code).toMatch(STABLE_CODE);
        },
      ),
      { numRuns: RUNS * 4 },
    );
    await alive();
    expect(await snapshot(t.id)).toBe(before);
  }, 600_000);

  it('a write that is not JSON, or from another origin, is refused on every route before it is read', async () => {
    const t = await peopleTable('matchmaster', 2);
    const before = await snapshot(t.id);
    const routes = [
      '/api/tables',
      '/api/lobby',
      `/api/tables/${t.id}/join`,
      `/api/tables/${t.id}/leave`,
      `/api/tables/${t.id}/replace`,
      '/api/account/signup',
      '/api/account/login',
      '/api/account/logout',
      '/api/account/tables',
      `/api/events/${TODAYS_EVENT}/entries`,
      `/api/events/${TODAYS_EVENT}/plays`,
      '/api/reports',
      '/api/blocks',
      '/api/push/subscriptions',
      '/api/pairing/leaving',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          '',
        ),
        fc.constantFrom('https://elsewhere.example', 'null', 'http://127.0.0.1:1', undefined),
        fc.constantFrom(
          JSON.stringify({ game: 'matchmaster', players: 2, name: 'x' }),
          JSON.stringify({ name: 'Grace', password: 'correct horse battery' }),
          JSON.stringify({ token: t.tokens[0] }),
          'name=x',
        ),
        async (route, type, origin, body) => {
          const response = await fetch(`${base}${route}`, {
            method: 'POST',
            headers: { 'content-type': type, ...(origin ? { origin } : {}) },
            body,
          });
          const answer = (await response.json()) as unknown;
          // Not JSON: 415 whatever the origin; JSON from another origin would be 403 (below).
          expect(response.status).toBe(415);
          expect(httpCode(answer)).toBe('unsupported_type');
        },
      ),
      { numRuns: RUNS * 2 },
    );
    for (const route of routes) {
      const response = await fetch(`${base}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://elsewhere.example' },
        body: JSON.stringify({ token: t.tokens[0] }),
      });
      expect([response.status, httpCode(await response.json())]).toEqual([403, 'bad_origin']);
    }
    await alive();
    expect(await snapshot(t.id)).toBe(before);
  }, 600_000);

  it('any GET of a table route, with any X-Forwarded-For and X-Matchbox-Browser: never a 5xx, always an answer or a stable code', async () => {
    const t = await peopleTable('matchmaster', 2);
    const before = await snapshot(t.id);
    const ids = fc.oneof(fc.constant(t.id), fc.constant('nosuchtable'), fc.string({ maxLength: 40 }));
    const tails = fc.constantFrom('', '/record', '/chat', '/analysis');
    const forwarded = fc.oneof(
      fc.constant(undefined),
      fc.ipV4(),
      fc.ipV6(),
      fc.array(fc.oneof(fc.ipV4(), fc.string({ maxLength: 20 })), { maxLength: 6 }).map((a) => a.join(',')),
      fc.string({ maxLength: 200 }),
    );
    // The browser id (`X-Matchbox-Browser`): absent, one, or anything (a malformed one: `bad_browser_id`).
    const browsers = fc.oneof(
      fc.constant(undefined),
      fc.constant('browser-0123456789abcdef'),
      fc.string({ maxLength: 100 }),
    );
    await fc.assert(
      fc.asyncProperty(ids, tails, forwarded, browsers, async (id, tail, xff, browser) => {
        // A header value fetch itself refuses to send (a line break) is left out.
        const headers: Record<string, string> = {
          ...(xff !== undefined && sendable(xff) ? { 'x-forwarded-for': xff } : {}),
          ...(browser !== undefined && sendable(browser) ? { 'x-matchbox-browser': browser } : {}),
        };
        const response = await fetch(`${base}/api/tables/${encodeURIComponent(id)}${tail}`, { headers });
        expect(response.status).toBeLessThan(500);
        const body: unknown = await response.json().catch(() => null);
        if (response.status >= 400) expect(httpCode(body)).toMatch(STABLE_CODE);
        const sent = headers['x-matchbox-browser'];
        const badBrowser = sent !== undefined && !/^[A-Za-z0-9_-]{16,64}$/.test(sent.trim());
        if (badBrowser) expect([response.status, httpCode(body)]).toEqual([400, 'bad_browser_id']);
        // The bot levels' ratings answer anyone with a well-formed id, or none.
        const bots = await fetch(`${base}/api/bots/ratings`, { headers });
        const botsBody: unknown = await bots.json().catch(() => null);
        if (badBrowser) expect([bots.status, httpCode(botsBody)]).toEqual([400, 'bad_browser_id']);
        else expect(bots.status).toBe(200);
        // The caller's blocks, with any table id: an answer, or a stable code.
        const blocks = await fetch(`${base}/api/blocks?tableId=${encodeURIComponent(id)}`, { headers });
        expect(blocks.status).toBeLessThan(500);
        if (blocks.status >= 400) expect(httpCode(await blocks.json())).toMatch(STABLE_CODE);
      }),
      { numRuns: RUNS * 2 },
    );
    await alive();
    expect(await snapshot(t.id)).toBe(before);
  }, 600_000);

  it('any GET of an event route: never a 5xx, always an answer or a stable code', async () => {
    const ids = fc.oneof(
      fc.constant(TODAYS_EVENT),
      fc.constant('matchmaster-weekly-2026-11-24'),
      fc.constant('sweet16-daily-9999-12-31'),
      fc.string({ maxLength: 80 }),
    );
    await fc.assert(
      fc.asyncProperty(ids, async (id) => {
        const response = await fetch(`${base}/api/events/${encodeURIComponent(id)}`);
        expect(response.status).toBeLessThan(500);
        const body: unknown = await response.json().catch(() => null);
        if (response.status >= 400) expect(httpCode(body)).toMatch(STABLE_CODE);
      }),
      { numRuns: RUNS * 2 },
    );
    expect((await fetch(`${base}/api/events`)).status).toBe(200);
    expect((await fetch(`${base}/api/players/${'x'.repeat(200)}/events`)).status).toBe(404);
    await alive();
  }, 600_000);

  it('the test routes do not exist without MATCHBOX_TEST_ROUTES=1: no state shown, no move made', async () => {
    const t = await peopleTable('matchmaster', 2);
    const before = await snapshot(t.id);
    const look = await http(base, 'GET', `/api/test/tables/${t.id}`);
    expect(look.status).toBe(404);
    expect(httpCode(look.body)).toBe('not_found');
    expect(JSON.stringify(look.body)).not.toContain('save');
    const act = await http(base, 'POST', `/api/test/tables/${t.id}/act`, { seat: 0, action: 'bid 0' });
    expect(act.status).toBe(404);
    expect(httpCode(act.body)).toBe('not_found');
    expect((await http(base, 'GET', '/api/test/heap')).status).toBe(404);
    expect(await snapshot(t.id)).toBe(before);
    await alive();
  });

  it('POST /api/tables with options nested 3,000 deep is a 400, not a 500', async () => {
    const answer = await http(base, 'POST', '/api/tables', {
      game: 'matchmaster',
      players: 2,
      name: 'Ada',
      options: { handSizes: nestedArrays(3000) },
    });
    expect(answer.status).toBe(400);
    expect(httpCode(answer.body)).toBe('invalid_request');
    await alive();
  });

  it('names: control characters, bidi overrides and invisible-only names are refused; list options are bounded', async () => {
    const bad = [
      'a\u007fb', // DEL
      'a\u0085b', // C1 (next line)
      'a\u009bb', // C1 (control sequence introducer)
      'a\u202eb', // right-to-left override
      'a\u2066b', // left-to-right isolate
      '\u200f', // a right-to-left mark alone
      '\u200b\u200b', // zero-width spaces only
      '\u3164', // a Hangul filler (a letter that draws nothing)
      '\u2800\u2800', // blank braille
      '\u0301', // a combining mark alone
      'a\u2028b', // a line separator
    ];
    const t = await peopleTable('matchmaster', 2);
    for (const name of bad) {
      const created = await http(base, 'POST', '/api/tables', { game: 'matchmaster', players: 2, name });
      expect([created.status, httpCode(created.body)]).toEqual([400, 'invalid_request']);
      const joined = await http(base, 'POST', `/api/tables/${t.id}/join`, { name, invite: t.invite });
      expect(joined.status).toBe(400);
    }
    for (const name of ['Ada', 'Zoë', '山田', 'O.K. 2', '👩‍👩‍👧']) {
      const created = await http(base, 'POST', '/api/tables', { game: 'matchmaster', players: 2, name });
      expect(created.status).toBe(201);
    }
    const long = await http(base, 'POST', '/api/tables', {
      game: 'matchmaster',
      players: 2,
      name: 'Ada',
      options: { handSizes: Array.from({ length: 27 }, () => 1) },
    });
    expect([long.status, httpCode(long.body)]).toEqual([400, 'invalid_option']);
    await alive();
  });
});

// --- Names and chat ------------------------------------------------------------------------

/** A table where Ada sits, with open seats, whose spectators may write. */
async function adaTable(): Promise<Made> {
  const made = await http(base, 'POST', '/api/tables', {
    game: 'matchmaster',
    players: 4,
    name: 'Ada',
    spectatorChat: true,
    seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'open' }, { kind: 'open' }],
  });
  expect(made.status).toBe(201);
  const reply = made.body as { table: { id: string }; invite: string; ticket: { token: string } };
  return { id: reply.table.id, invite: reply.invite, tokens: [reply.ticket.token] };
}

/** A spectator connection at table `id`. */
async function spectator(id: string): Promise<RawSocket> {
  const s = await socket();
  expect(await s.ask('hello', [{ tableId: id }])).toMatchObject({ ok: true });
  return s;
}

/** Letters that look like A, d and a (TR39 confusables), and characters that draw nothing. */
const LOOKS = {
  A: ['A', 'a', '\u0410', '\u0391', '\uff21', '\u13aa'],
  d: ['d', 'D', '\uff44', '\u217e'],
  a: ['a', 'A', '\u0430', '\u0251', '\uff41'],
};
const INVISIBLES = ['', '\u200b', '\u200c', '\u200d', '\u2060', '\u00ad', '\u3164', '\ufe0f', '\u034f'];
/** "Ada" disguised: each letter swapped for a look-alike, invisible characters between them. */
const disguisedAda = fc
  .tuple(
    fc.constantFrom(...LOOKS.A),
    fc.constantFrom(...LOOKS.d),
    fc.constantFrom(...LOOKS.a),
    fc.array(fc.constantFrom(...INVISIBLES), { minLength: 4, maxLength: 4 }),
  )
  .map(([a, d, a2, [i0, i1, i2, i3]]) => `${i0}${a}${i1}${d}${i2}${a2}${i3}`);

describe('names and chat between strangers', () => {
  const REFUSED_NAME = /^(invalid_request|name_taken|name_lookalike)$/;

  it('every look-alike of a seated Ada is refused at the table: as a seat, and as a spectator in the chat', async () => {
    const { ADA_LOOKALIKES } = await import('./lookalikes.ts');
    const t = await adaTable();
    const before = await snapshot(t.id);
    const watcher = await spectator(t.id);
    for (const [how, name] of ADA_LOOKALIKES) {
      const joined = await http(base, 'POST', `/api/tables/${t.id}/join`, { name, invite: t.invite });
      expect([how, joined.status >= 400 && joined.status < 500]).toEqual([how, true]);
      expect([how, httpCode(joined.body)]).toEqual([how, expect.stringMatching(REFUSED_NAME)]);
      const said = refusalCode(await watcher.ask('say', [{ tableId: t.id, text: 'hi', name }]));
      expect([how, said]).toEqual([
        how,
        expect.stringMatching(/^(invalid_message|name_taken|name_lookalike)$/),
      ]);
    }
    expect(await snapshot(t.id)).toBe(before);
    await alive();
  });

  it('property: "Ada" with swapped letters and invisible characters never sits beside Ada', async () => {
    const t = await adaTable();
    const before = await snapshot(t.id);
    await fc.assert(
      fc.asyncProperty(disguisedAda, async (name) => {
        const joined = await http(base, 'POST', `/api/tables/${t.id}/join`, { name, invite: t.invite });
        expect(httpCode(joined.body)).toMatch(REFUSED_NAME);
      }),
      { numRuns: RUNS },
    );
    expect(await snapshot(t.id)).toBe(before);
  });

  it("a spectator's name is its own: not another spectator's, nor a seat's; a new name keeps its speaker", async () => {
    const t = await adaTable();
    const [eve, other] = [await spectator(t.id), await spectator(t.id)];
    const first = (await eve.ask('say', [{ tableId: t.id, text: 'hello', name: 'Eve' }])) as {
      line: { speaker: string };
    };
    expect(first).toMatchObject({ ok: true, line: { seat: null, name: 'Eve' } });
    for (const name of ['Eve', 'eve', '\u0415ve', 'E\u200bve'])
      expect(refusalCode(await other.ask('say', [{ tableId: t.id, text: 'me too', name }]))).toMatch(
        /^name_(taken|lookalike)$/,
      );
    // Nobody may sit down under the name a spectator writes under either.
    const joined = await http(base, 'POST', `/api/tables/${t.id}/join`, { name: 'EVE', invite: t.invite });
    expect(httpCode(joined.body)).toBe('name_taken');
    // Eve renames: her lines carry the same speaker (what a mute holds); the other is another.
    const renamed = (await eve.ask('say', [{ tableId: t.id, text: 'new me', name: 'Mallory' }])) as {
      line: { speaker: string };
    };
    expect(renamed.line.speaker).toBe(first.line.speaker);
    const theirs = (await other.ask('say', [{ tableId: t.id, text: 'hi', name: 'Dan' }])) as {
      line: { speaker: string };
    };
    expect(theirs.line.speaker).not.toBe(first.line.speaker);
    await alive();
  });

  it("a guest may not take a member's name or its look-alike; a second member may not either", async () => {
    const grace = await http(base, 'POST', '/api/account/signup', {
      name: 'Grace',
      password: 'x9-long-enough!',
    });
    expect(grace.status).toBe(201);
    for (const name of ['Grace', 'grace', 'Gr\u0430ce', 'Ｇrace', 'Gra\u200bce']) {
      const created = await http(base, 'POST', '/api/tables', { game: 'matchmaster', players: 2, name });
      expect([name, httpCode(created.body)]).toEqual([name, 'name_reserved']);
    }
    const again = await http(base, 'POST', '/api/account/signup', {
      name: 'Gr\u0430ce',
      password: 'x9-long-enough!',
    });
    expect(httpCode(again.body)).toBe('name_lookalike');
    // The member plays under her own name.
    const token = (
      (
        await http(base, 'POST', '/api/account/login', {
          name: 'Grace',
          password: 'x9-long-enough!',
          bearer: true,
        })
      ).body as { token: string }
    ).token;
    const own = await fetch(`${base}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ game: 'matchmaster', players: 2, name: 'Grace' }),
    });
    expect(own.status).toBe(201);
    // In the chat too: a guest spectator may not write as Grace, Grace watching with her session may.
    const t = await adaTable();
    const guest = await spectator(t.id);
    for (const name of ['Grace', 'Gr\u0430ce'])
      expect(refusalCode(await guest.ask('say', [{ tableId: t.id, text: 'hi', name }]))).toBe(
        'name_reserved',
      );
    const member = await rawSocket(base, { headers: { cookie: `matchbox_session=${token}` } });
    sockets.push(member);
    expect(await member.ask('hello', [{ tableId: t.id }])).toMatchObject({ ok: true });
    expect(await member.ask('say', [{ tableId: t.id, text: 'hi', name: 'Grace' }])).toMatchObject({
      ok: true,
      line: { name: 'Grace' },
    });
  });
});

describe.runIf(SOAK)('a crowd in the chat (soak)', () => {
  it('forty spectators flooding cannot silence the table, nor one seat with twenty connections', async () => {
    const t = await adaTable();
    const bob = await http(base, 'POST', `/api/tables/${t.id}/join`, { name: 'Bob', invite: t.invite });
    const bobToken = (bob.body as { token: string }).token;
    // With Bob's twenty and Ada's one, within the table's 64 connections.
    const crowd = await Promise.all(Array.from({ length: 40 }, () => spectator(t.id)));
    const bobs = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const s = await socket();
        expect(await s.ask('hello', [{ tableId: t.id, token: bobToken }])).toMatchObject({ ok: true });
        return s;
      }),
    );
    const started = Date.now();
    let watchers = 0;
    let bobLines = 0;
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all([
        ...crowd.map((s, i) => s.ask('say', [{ tableId: t.id, text: `flood ${round}`, name: `Fan${i}` }])),
        ...bobs.map((s) => s.ask('say', [{ tableId: t.id, text: `bob ${round}` }])),
      ]);
      watchers += answers.slice(0, crowd.length).filter((a) => (a as { ok: boolean }).ok).length;
      bobLines += answers.slice(crowd.length).filter((a) => (a as { ok: boolean }).ok).length;
      await new Promise((r) => setTimeout(r, 200));
    }
    const seconds = (Date.now() - started) / 1000;
    // The spectators all together: one line a second in bursts of ten; Bob's seat: one every two
    // seconds in bursts of five, however many connections he writes from.
    expect(watchers).toBeLessThanOrEqual(Math.ceil(10 + seconds * 1));
    expect(bobLines).toBeLessThanOrEqual(Math.ceil(5 + seconds * 0.5));
    // Ada still talks, and her line is the latest in the history.
    const ada = await socket();
    expect(await ada.ask('hello', [{ tableId: t.id, token: t.tokens[0] }])).toMatchObject({ ok: true });
    expect(await ada.ask('say', [{ tableId: t.id, text: 'can you hear me?' }])).toMatchObject({ ok: true });
    const history = (await http(base, 'GET', `/api/tables/${t.id}/chat`)).body as {
      lines: { text: string; seq: number }[];
    };
    expect(history.lines.at(-1)).toMatchObject({ text: 'can you hear me?' });
    const seqs = history.lines.map((l) => l.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    for (const s of [...crowd, ...bobs, ada]) s.close();
    await alive();
  }, 300_000);
});

// --- Seats ---------------------------------------------------------------------------------

describe('a seat belongs to whoever holds it now', () => {
  for (const how of ['a new joiner', 'a stranger with the invite', 'a bot (replace)'] as const) {
    it(`after leaving, the old connection hears nothing more of the seat taken by ${how} and cannot act for it`, async () => {
      const t = await peopleTable('matchmaster', 2, { handSizes: [3, 2] });
      const [a, b] = [await socket(), await socket()];
      expect(await a.ask('hello', [{ tableId: t.id, token: t.tokens[0] }])).toMatchObject({ ok: true });
      expect(await b.ask('hello', [{ tableId: t.id, token: t.tokens[1] }])).toMatchObject({ ok: true });
      // Bob leaves over HTTP; his socket stays open.
      expect((await http(base, 'POST', `/api/tables/${t.id}/leave`, { token: t.tokens[1] })).status).toBe(
        200,
      );
      await until(() => b.heard.some((h) => h.event === 'detached'));
      expect(b.heard.find((h) => h.event === 'detached')!.args[0]).toMatchObject({
        tableId: t.id,
        seat: 1,
        code: 'seat_changed',
      });
      const heardBefore = b.heard.length;
      let newcomer: RawSocket | null = null;
      if (how === 'a bot (replace)') {
        const replaced = await http(base, 'POST', `/api/tables/${t.id}/replace`, {
          token: t.tokens[0],
          seat: 1,
          level: 'random',
        });
        expect(replaced.status).toBe(200);
      } else {
        const joined = await http(base, 'POST', `/api/tables/${t.id}/join`, {
          name: how === 'a new joiner' ? 'Cy' : 'Stranger',
          ...(how === 'a new joiner' ? { invite: t.invite, seat: 1 } : { invite: t.invite }),
        });
        expect(joined.status).toBe(200);
        newcomer = await socket();
        const token = (joined.body as { token: string }).token;
        expect(await newcomer.ask('hello', [{ tableId: t.id, token }])).toMatchObject({ ok: true });
      }
      // The table goes on: seat 0 bids (the bot, or nobody, bids for seat 1).
      expect(await a.ask('act', [{ tableId: t.id, action: 'bid 1' }])).toMatchObject({ ok: true });
      // A stand-in may already have bid for the seat left (it plays a left seat at once).
      if (newcomer) {
        const bid = (await newcomer.ask('act', [{ tableId: t.id, action: 'bid 0' }])) as {
          ok: boolean;
          error?: { code: string };
        };
        // (before or after seat 0's bid: then the bidding is already over)
        if (!bid.ok) expect(['already_bid', 'not_bidding']).toContain(bid.error?.code);
      }
      // Both bids are in and seat 1 leads the first trick: a person's move waits, a bot's is made,
      // and then it is seat 0's turn. The table rests there.
      const settled = (u: { version: number; toAct: number[] }) =>
        u.version >= 2 && u.toAct.length === 1 && (newcomer ? true : u.toAct[0] === 0);
      await until(() =>
        a.heard.some(
          (h) => h.event === 'update' && settled(h.args[0] as { version: number; toAct: number[] }),
        ),
      );
      const version = (JSON.parse(await snapshot(t.id)) as { version: number }).version;
      // The old connection is refused for the seat, and the table does not change.
      for (const [event, body] of [
        ['act', { tableId: t.id, action: 'play 2D' }],
        ['undo', { tableId: t.id }],
        ['hint', { tableId: t.id }],
      ] as const) {
        const code = refusalCode(await b.ask(event, [body]));
        expect(['not_attached', 'seat_changed']).toContain(code);
      }
      expect((JSON.parse(await snapshot(t.id)) as { version: number }).version).toBe(version);
      // Nothing of the seat reached the old connection after it was detached: no update at all.
      expect(b.heard.slice(heardBefore).filter((h) => h.event === 'update')).toEqual([]);
      // Its old token holds nothing: a new hello is refused.
      expect(refusalCode(await b.ask('hello', [{ tableId: t.id, token: t.tokens[1] }]))).toBe('bad_token');
      a.close();
      b.close();
      newcomer?.close();
    });
  }
});

// --- Undo secrecy --------------------------------------------------------------------------

/** Each game at a table of several, and the solitaires with a spectator watching. */
const UNDO_TABLES: { game: string; players: number; options: object; moves: number }[] = [
  { game: 'matchmaster', players: 3, options: { handSizes: [3, 2] }, moves: 60 },
  { game: 'match', players: 3, options: {}, moves: 50 },
  { game: 'sweet16', players: 3, options: {}, moves: 50 },
  { game: 'sweet16', players: 2, options: { mode: 'duel' }, moves: 30 },
  { game: 'matchet', players: 3, options: { rounds: 1 }, moves: 40 },
  { game: 'matchet', players: 1, options: { mode: 'reserve' }, moves: 30 },
  { game: 'matchet', players: 1, options: { mode: 'stacks' }, moves: 30 },
];

describe('undo keeps secrets', () => {
  for (const spec of UNDO_TABLES) {
    it(`${spec.game} (${spec.players} ${spec.players === 1 ? 'player' : 'players'}${'mode' in spec.options ? `, ${String(spec.options.mode)}` : ''}): an undo tells the others only that a move was taken back; every message passes the secrecy invariant`, async () => {
      const t = await peopleTable(spec.game, spec.players, spec.options);
      const viewers: Viewer[] = [...Array.from({ length: spec.players }, (_, i) => i), null];
      const conns = await Promise.all(viewers.map(() => socket()));
      const received: Received[] = [];
      // Every other viewer takes delta updates: what they are sent passes the same checks.
      const deltas = (k: number) => k % 2 === 0;
      for (const [k, viewer] of viewers.entries()) {
        const hello = (await conns[k]!.ask('hello', [
          {
            tableId: t.id,
            ...(viewer === null ? {} : { token: t.tokens[viewer] }),
            since: 0,
            deltas: deltas(k),
          },
        ])) as { ok: boolean; update: { version: number }; missed: unknown };
        expect(hello.ok).toBe(true);
        received.push({ kind: 'update', viewer, body: hello.update });
        received.push({
          kind: 'missed',
          viewer,
          since: 0,
          version: hello.update.version,
          body: hello.missed,
        });
      }
      const rng = Rng.fromSeed(`undo:${spec.game}:${spec.players}`);
      const latest = (k: number) =>
        [...conns[k]!.heard].reverse().find((h) => h.event === 'update')?.args[0] as
          { version: number; legal: { text: string }[]; canUndo: boolean; status: string } | undefined;
      let undos = 0;
      for (let move = 0; move < spec.moves; move++) {
        await new Promise((r) => setTimeout(r, 5));
        const seats = viewers
          .map((_, k) => k)
          .filter((k) => viewers[k] !== null && (latest(k)?.legal.length ?? 0) > 0);
        if (seats.length === 0) break;
        const k = seats[rng.int(seats.length)]!;
        const answer = (await conns[k]!.ask('act', [
          { tableId: t.id, action: latest(k)!.legal[rng.int(latest(k)!.legal.length)]!.text },
        ])) as { ok: boolean; version: number };
        if (!answer.ok) continue;
        received.push({ kind: 'ack', viewer: viewers[k]!, version: answer.version, body: answer });
        await until(() => (latest(k)?.version ?? 0) >= answer.version);
        if (latest(k)!.canUndo) {
          const undone = (await conns[k]!.ask('undo', [{ tableId: t.id }])) as {
            ok: boolean;
            version: number;
          };
          expect(undone.ok).toBe(true);
          undos++;
          received.push({ kind: 'ack', viewer: viewers[k]!, version: undone.version, body: undone });
          await until(() => conns.every((_, j) => (latest(j)?.version ?? 0) >= undone.version));
          // The others and the spectator hear who took a move back; which move only when they saw
          // the move as its seat did (never a secret bid, MM-4). The ledger below checks each case
          // against the engine.
          for (const [j, viewer] of viewers.entries()) {
            const heard = conns[j]!.heard.filter(
              (h) => h.event === 'update' && (h.args[0] as { version: number }).version === undone.version,
            );
            const events = heard.flatMap((h) => (h.args[0] as { events: unknown[] }).events);
            if (viewer === viewers[k])
              expect(events).toEqual([{ type: 'undo', seat: viewers[k], action: expect.any(String) }]);
            else if (spec.game === 'matchmaster')
              expect(events).toEqual([{ type: 'undo', seat: viewers[k] }]);
            else expect(events).toMatchObject([{ type: 'undo', seat: viewers[k] }]);
          }
        }
      }
      // A later hello's missed events say the same.
      for (const [k, viewer] of viewers.entries()) {
        const again = (await conns[k]!.ask('hello', [
          {
            tableId: t.id,
            ...(viewer === null ? {} : { token: t.tokens[viewer] }),
            since: 0,
            deltas: deltas(k),
          },
        ])) as { ok: boolean; update: { version: number }; missed: unknown };
        // Deltas were sent to those that asked, and each applied to the update before it.
        expect(conns[k]!.heard.some((h) => h.event === 'delta')).toBe(deltas(k));
        expect(conns[k]!.heard.filter((h) => h.event === 'delta_unapplied')).toEqual([]);
        received.push({ kind: 'update', viewer, body: again.update });
        received.push({
          kind: 'missed',
          viewer,
          since: 0,
          version: again.update.version,
          body: again.missed,
        });
        for (const h of conns[k]!.heard)
          if (h.event === 'update') received.push({ kind: 'update', viewer, body: h.args[0] });
        // The replay of a live table, step by step as this viewer saw it.
        const replay = await http(
          base,
          'POST',
          `/api/tables/${t.id}/replay`,
          viewer === null ? {} : { token: t.tokens[viewer] },
        );
        expect(replay.status).toBe(200);
        const steps = (replay.body as { steps?: unknown[] }).steps ?? [];
        steps.forEach((step, i) => received.push({ kind: 'replay', viewer, step: i, body: step }));
      }
      const ledger = new Ledger(readStoredTable(join(dataDir, 'matchbox.db'), t.id));
      expect(ledger.check(received)).toEqual([]);
      if (spec.game === 'matchmaster' || spec.players === 1) expect(undos).toBeGreaterThan(0);
      for (const c of conns) c.close();
    }, 120_000);
  }
});

// --- Hands before the start ------------------------------------------------------------------

/**
 * A seat taken at a waiting table and left again, one after another: everything each of those
 * seats got (the join's answer, the hello's update and missed events, the updates pushed, the
 * table's summary, the lobby with its ticket, a replay, the refusals of act, undo and hint) is
 * kept, and none of it may carry a card of the deal, which is made only when the last seat fills.
 */
async function probeWaitingSeat(t: { id: string; invite: string }, seat: number, isPublic: boolean) {
  const got: unknown[] = [];
  const joined = await http(base, 'POST', `/api/tables/${t.id}/join`, {
    name: `Probe${seat}`,
    seat,
    ...(isPublic ? {} : { invite: t.invite }),
  });
  expect(joined.status).toBe(200);
  got.push(joined.body);
  const token = (joined.body as { token: string }).token;
  const s = await socket();
  const hello = (await s.ask('hello', [{ tableId: t.id, token, since: 0 }])) as {
    ok: boolean;
    update: { status: string; view: unknown; seat: number };
  };
  expect(hello).toMatchObject({ ok: true, update: { status: 'waiting', view: null, seat } });
  got.push(hello);
  for (const [event, body] of [
    ['act', { tableId: t.id, action: 'bid 1' }],
    ['undo', { tableId: t.id }],
    ['hint', { tableId: t.id }],
  ] as const) {
    const answer = await s.ask(event, [body]);
    expect(refusalCode(answer)).toBe('not_started');
    got.push(answer);
  }
  const replay = await http(base, 'POST', `/api/tables/${t.id}/replay`, { token });
  expect([replay.status, httpCode(replay.body)]).toEqual([409, 'not_started']);
  got.push(replay.body);
  got.push((await http(base, 'GET', `/api/tables/${t.id}`)).body);
  got.push((await http(base, 'GET', `/api/tables/${t.id}/record`)).body);
  got.push((await http(base, 'POST', '/api/lobby', { tickets: [{ tableId: t.id, token }] })).body);
  got.push((await http(base, 'GET', '/api/tables')).body);
  expect((await http(base, 'POST', `/api/tables/${t.id}/leave`, { token })).status).toBe(200);
  got.push(...s.heard.map((h) => h.args));
  s.close();
  return got;
}

describe('hands before the start', () => {
  for (const game of ['matchmaster', 'match'] as const)
    for (const isPublic of [true, false])
      it(`${game}, ${isPublic ? 'public' : 'invite'} table of 4: seats 1, 2, 3 taken and left in turn before the start see no card of any seat; the deal is made at the start`, async () => {
        const made = await http(base, 'POST', '/api/tables', {
          game,
          players: 4,
          name: 'Ada',
          public: isPublic,
          seats: Array.from({ length: 4 }, () => ({ kind: 'open' })),
        });
        expect(made.status).toBe(201);
        const reply = made.body as { table: { id: string }; invite: string; ticket: { token: string } };
        const t = { id: reply.table.id, invite: reply.invite };
        const received: Received[] = [];
        // The creator and a spectator watch the table fill.
        const creator = await socket();
        const watcher = await socket();
        const creatorHello = await creator.ask('hello', [
          { tableId: t.id, token: reply.ticket.token, since: 0 },
        ]);
        received.push({ kind: 'waiting', viewer: 0, body: [made.body, creatorHello] });
        received.push({
          kind: 'waiting',
          viewer: null,
          body: await watcher.ask('hello', [{ tableId: t.id, since: 0 }]),
        });
        for (const seat of [1, 2, 3])
          received.push({ kind: 'waiting', viewer: seat, body: await probeWaitingSeat(t, seat, isPublic) });
        // No seed and no deal are stored while the table waits.
        const waiting = readStoredTable(join(dataDir, 'matchbox.db'), t.id);
        expect([waiting.seed, waiting.chance]).toEqual(['', null]);
        // Now the seats are taken for real: the last one starts the game, and only then is it dealt.
        const players = [creator];
        for (const seat of [1, 2, 3]) {
          const joined = await http(base, 'POST', `/api/tables/${t.id}/join`, {
            name: `P${seat}`,
            ...(isPublic ? {} : { invite: t.invite }),
          });
          expect(joined.status).toBe(200);
          const p = await socket();
          const token = (joined.body as { token: string }).token;
          const hello = (await p.ask('hello', [{ tableId: t.id, token }])) as { update: { status: string } };
          expect(hello.update.status).toBe(seat === 3 ? 'playing' : 'waiting');
          if (seat < 3) received.push({ kind: 'waiting', viewer: seat, body: hello });
          else received.push({ kind: 'update', viewer: seat, body: hello.update });
          players.push(p);
        }
        const started = readStoredTable(join(dataDir, 'matchbox.db'), t.id);
        expect(started.seed).not.toBe('');
        expect(started.chance).not.toBeNull();
        // Every seat hears of the start with its own hand, the spectator with none.
        const startedFor = (heard: RawSocket['heard']) =>
          heard.some((h) => h.event === 'update' && (h.args[0] as { status: string }).status === 'playing');
        await until(() => startedFor(creator.heard) && startedFor(watcher.heard));
        const viewers: [Viewer, RawSocket][] = [...players.entries(), [null, watcher]];
        for (const [viewer, p] of viewers)
          for (const h of p.heard)
            if (h.event === 'update') {
              const waited = (h.args[0] as { status: string }).status === 'waiting';
              received.push({ kind: waited ? 'waiting' : 'update', viewer, body: h.args[0] });
            }
        const ledger = new Ledger(started);
        expect(ledger.check(received)).toEqual([]);
        for (const p of [...players, watcher]) p.close();
      }, 120_000);
});

describe.runIf(SOAK)('a thousand hostile connections', () => {
  it('players attach and play with 1,000 spectator connections from one address open', async () => {
    const t = await peopleTable('matchmaster', 2);
    const crowd: RawSocket[] = [];
    const answers: string[] = [];
    for (let i = 0; i < 1000; i++) {
      const s = await rawSocket(base, { from: '127.0.9.1' });
      crowd.push(s);
      sockets.push(s);
      const answer = await s.ask('hello', [{ tableId: t.id }], 10_000);
      // An answer, or what ask says instead ('timeout', 'disconnected').
      if (typeof answer === 'string') answers.push(answer);
      else {
        const a = answer as { ok?: boolean; error?: { code: string } };
        answers.push(a.ok ? 'ok' : (a.error?.code ?? 'no code'));
      }
    }
    // The table's spectators fill up; the rest are refused with a code.
    expect(answers.filter((a) => a === 'ok').length).toBe(64);
    expect(new Set(answers.filter((a) => a !== 'ok'))).toEqual(new Set(['table_crowded']));
    for (const [seat, token] of t.tokens.entries()) {
      const player = await socket();
      const hello = (await player.ask('hello', [{ tableId: t.id, token }])) as { ok: boolean };
      expect(hello.ok).toBe(true);
      if (seat === 0) {
        const update = (hello as unknown as { update: { legal: { text: string }[]; toAct: number[] } })
          .update;
        if (update.toAct.includes(0)) {
          const acted = (await player.ask('act', [{ tableId: t.id, action: update.legal[0]!.text }])) as {
            ok: boolean;
          };
          expect(acted.ok).toBe(true);
        }
      }
    }
    for (const s of crowd) s.close();
    await alive();
  }, 600_000);
});
