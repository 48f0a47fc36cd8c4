/**
 * Cost limits of expensive requests (limits.ts): a flood of replays, records or new tables from
 * one address is answered 429 `rate_limited` with `retry_after` and `Retry-After`; the address is
 * the peer's, or `X-Forwarded-For`'s only from a trusted proxy; in cluster mode every node counts
 * one allowance in Redis. Clients of other addresses come from 127.x source addresses.
 */
import { request } from 'node:http';
import { MatchboxClient } from '@matchbox/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddress, trustedProxies } from '../src/client-address.ts';
import type { CostLimits, ServerConfig } from '../src/config.ts';
import { configFromEnv } from '../src/config.ts';
import { tableCost } from '../src/limits.ts';
import { startTestServer } from './helpers.ts';
import { dropRunData, runName, services } from './services.ts';

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: { error?: { code: string; retry_after?: number } } & Record<string, unknown>;
}

/** One HTTP request from `from` (a 127.x address), with extra headers. */
function ask(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; from?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const url = new URL(path, base);
  const text = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        localAddress: options.from ?? '127.0.0.1',
        headers: { ...(text ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (data += d));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: JSON.parse(data) as Answer['body'],
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/** Every allowance generous, but `name`'s per address `points` a minute. */
function limitsWith(name: keyof CostLimits, points: number): CostLimits {
  const base = configFromEnv({}).costLimits;
  return { ...base, [name]: { ...base[name], address: { points, seconds: 60 } } };
}

const twoPeople = {
  game: 'matchmaster',
  players: 2,
  name: 'Ada',
  seats: [{ kind: 'open' }, { kind: 'open' }],
};

function expectLimited(a: Answer): void {
  expect(a.status).toBe(429);
  expect(a.body.error?.code).toBe('rate_limited');
  const wait = a.body.error?.retry_after ?? 0;
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(60);
  expect(a.headers['retry-after']).toBe(String(wait));
}

describe('the client address', () => {
  const trusted = trustedProxies('127.0.0.1, 10.1.0.0/16');
  it('is the peer when the peer is no trusted proxy, whatever X-Forwarded-For says', () => {
    expect(clientAddress('127.0.0.5', '10.9.9.9', trusted)).toBe('127.0.0.5');
    expect(clientAddress('::ffff:127.0.0.5', undefined, trusted)).toBe('127.0.0.5');
  });
  it("is X-Forwarded-For's last address that no trusted proxy added, behind a trusted proxy", () => {
    expect(clientAddress('127.0.0.1', '203.0.113.7', trusted)).toBe('203.0.113.7');
    // A client's own header comes first; its proxies append what they saw.
    expect(clientAddress('::ffff:127.0.0.1', '1.2.3.4, 203.0.113.7, 10.1.2.3', trusted)).toBe('203.0.113.7');
    expect(clientAddress('127.0.0.1', 'not an address', trusted)).toBe('127.0.0.1');
  });
  it('refuses a TRUSTED_PROXIES that does not parse, at start', () => {
    expect(() => configFromEnv({ TRUSTED_PROXIES: '10.0.0.0/99' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => configFromEnv({ TRUSTED_PROXIES: 'balancer' })).toThrow(/TRUSTED_PROXIES/);
  });
  it('prices a new table by its bots', () => {
    expect(tableCost(twoPeople)).toBe(1);
    expect(tableCost({ players: 4, botLevel: 'expert' })).toBe(13);
    expect(tableCost({ players: 4 })).toBe(4);
    expect(tableCost('nonsense')).toBe(1);
  });
});

describe('cost limits on one node', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer({
      trustedProxies: '127.0.0.1',
      costLimits: { ...limitsWith('replays', 5), tables: limitsWith('tables', 3).tables },
    });
  });
  afterAll(() => server.stop());

  it('answers a flood of replays 429 with retry_after, and another address still gets its replay', async () => {
    const client = new MatchboxClient(server.url);
    const made = await client.createTable({ game: 'matchmaster', players: 3, name: 'Ada' });
    const path = `/api/tables/${made.table.id}/replay`;
    const answers: Answer[] = [];
    for (let i = 0; i < 8; i++)
      answers.push(await ask(server.url, 'POST', path, { body: {}, from: '127.0.0.5' }));
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    for (const a of answers.slice(5)) expectLimited(a);
    const other = await ask(server.url, 'POST', path, { body: {}, from: '127.0.0.6' });
    expect(other.status).toBe(200);
    expect(other.body.kind).toBe('views');
  });

  // #30: refused requests still cost a request object, a body read and a store read each, and a
  // flood of them slowed other tables; a spent address is now refused before the routes.
  it('refuses a spent address before routing: no body read, no table looked up', async () => {
    const made = await ask(server.url, 'POST', '/api/tables', {
      body: { game: 'matchmaster', players: 3, name: 'Ada' },
      from: '127.0.0.16',
    });
    const id = (made.body as { table: { id: string } }).table.id;
    const from = '127.0.0.15';
    for (let i = 0; i < 6; i++) await ask(server.url, 'POST', `/api/tables/${id}/replay`, { body: {}, from });
    // A missing table with a body that does not parse would be 400 or 404 at the routes.
    const bad = await new Promise<number>((resolve, reject) => {
      const url = new URL('/api/tables/nosuchtable/replay', server.url);
      const req = request(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress: from },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end('{not json');
    });
    expect(bad).toBe(429);
    // Another address and another route of the same address are not refused by it.
    expect((await ask(server.url, 'POST', '/api/tables/nosuchtable/replay', { body: {} })).status).toBe(404);
    expect((await ask(server.url, 'GET', '/api/tables/nosuchtable', { from })).status).toBe(404);
  });

  it('honours X-Forwarded-For only from a trusted proxy', async () => {
    const create = (from: string, forwardedFor: string) =>
      ask(server.url, 'POST', '/api/tables', {
        body: twoPeople,
        from,
        headers: { 'x-forwarded-for': forwardedFor },
      });
    // From an untrusted peer the header is ignored: every table counts against 127.0.0.7.
    const untrusted = [];
    for (let i = 0; i < 4; i++) untrusted.push(await create('127.0.0.7', `198.51.100.${i}`));
    expect(untrusted.slice(0, 3).map((a) => a.status)).toEqual([201, 201, 201]);
    expectLimited(untrusted[3]!);
    // Through the trusted proxy (127.0.0.1) each forwarded client has an allowance of its own.
    const forwarded = [];
    for (let i = 0; i < 4; i++) forwarded.push(await create('127.0.0.1', '198.51.100.20'));
    expect(forwarded.slice(0, 3).map((a) => a.status)).toEqual([201, 201, 201]);
    expectLimited(forwarded[3]!);
    expect((await create('127.0.0.1', '198.51.100.21')).status).toBe(201);
  });
});

const { databaseUrl, redisUrl } = services;

describe.runIf(databaseUrl && redisUrl)('cost limits in cluster mode', () => {
  const run = runName('lim');
  const shared: Partial<ServerConfig> = {
    databaseUrl,
    databaseSchema: `mblimits_${run}`,
    redisUrl,
    redisPrefix: `matchbox-test-${run}:`,
    costLimits: limitsWith('records', 4),
  };
  let nodes: Awaited<ReturnType<typeof startTestServer>>[] = [];
  beforeAll(async () => {
    nodes = [await startTestServer(shared)];
    nodes.push(await startTestServer(shared));
  }, 60_000);
  afterAll(async () => {
    for (const n of nodes) await n.stop();
    await dropRunData(shared.databaseSchema!, shared.redisPrefix!);
  });

  it('counts one allowance for an address across two nodes on the same Redis', async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < 6; i++)
      answers.push(
        await ask(nodes[i % 2]!.url, 'GET', '/api/tables/nosuchtable/record', { from: '127.0.0.8' }),
      );
    // Four in all (two on each node) are answered; the fifth and sixth are refused on both nodes.
    expect(answers.slice(0, 4).map((a) => a.status)).toEqual([404, 404, 404, 404]);
    expectLimited(answers[4]!);
    expectLimited(answers[5]!);
    expect(
      (await ask(nodes[1]!.url, 'GET', '/api/tables/nosuchtable/record', { from: '127.0.0.9' })).status,
    ).toBe(404);
  });
});
