/**
 * Log-in and sign-up limits (account-limits.ts) and the write guard (write-guard.ts) against a real
 * server, each person at a loopback address of its own (from-address.ts): a wrong password never
 * locks the owner out, a missing name costs the same password check and gets the same answer,
 * guesses are limited per (name, address) and per address, sign-up probing is limited, and the
 * counts are shared through Redis in cluster mode. Cookie writes must be JSON from this origin.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { AccountLimiter, DEFAULT_LIMITS, nameSlowdownMs } from '../src/account-limits.ts';
import type { Passwords } from '../src/accounts.ts';
import { ARGON2, AccountService, TEST_ARGON2 } from '../src/accounts.ts';
import { configFromEnv } from '../src/config.ts';
import { openDb } from '../src/db.ts';
import { limitStore } from '../src/limits.ts';
import { loadSealKey } from '../src/sealed.ts';
import { codeIn, fromAddress } from './from-address.ts';
import { startTestServer } from './helpers.ts';
import { dropRunData, runName, services } from './services.ts';

const password = 'correct horse battery';
const login = (name: string, pw: string) => ({ name, password: pw });

describe('a log-in for a name without an account', () => {
  it('checks the password against a hash all the same, and answers as for a wrong password', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'matchbox-login-'));
    const opened = await openDb({ sqliteFile: join(dir, 'matchbox.db') });
    const checks: string[] = [];
    const counting: Passwords = {
      hash: (p) => ARGON2.hash(p),
      verify: (h, p) => {
        checks.push(h);
        return ARGON2.verify(h, p);
      },
    };
    try {
      const accounts = new AccountService(
        opened.db,
        loadSealKey('login-limits-test', dir),
        new AccountLimiter(),
        Date.now,
        counting,
      );
      expect((await accounts.signUp(login('Ada', password), '10.0.0.1')).ok).toBe(true);
      const wrong = await accounts.logIn(login('Ada', 'not the password'), '10.0.0.2');
      const missing = await accounts.logIn(login('Nobody', password), '10.0.0.2');
      expect(missing).toEqual(wrong);
      expect(missing).toMatchObject({ ok: false, error: { code: 'bad_credentials' } });
      // Two checks, the second against an argon2id hash that is no account's.
      expect(checks).toHaveLength(2);
      expect(checks[1]).toMatch(/^\$argon2id\$/);
      expect(checks[1]).not.toBe(checks[0]);
    } finally {
      await opened.db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the cost of a password', () => {
  it('is the real one unless MATCHBOX_TEST_PASSWORDS=1 makes a test server; either hash verifies', async () => {
    expect(configFromEnv({}).testPasswords).toBe(false);
    expect(configFromEnv({ MATCHBOX_TEST_PASSWORDS: '1' }).testPasswords).toBe(true);
    const cheap = await TEST_ARGON2.hash(password);
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    const real = await ARGON2.hash(password);
    expect(real).toMatch(/^\$argon2id\$/);
    expect(real).not.toMatch(/m=8,t=1,/);
    expect(await ARGON2.verify(cheap, password)).toBe(true);
    expect(await TEST_ARGON2.verify(real, password)).toBe(true);
    expect(await TEST_ARGON2.verify(real, 'not the password')).toBe(false);
  });
});

describe('log-in and sign-up limits over HTTP', () => {
  it('lets the owner in after wrong guesses from other addresses; limits each (name, address) pair', async () => {
    const server = await startTestServer();
    const post = (path: string, body: unknown, from: string) =>
      fromAddress(server.url, 'POST', path, { body, from });
    try {
      expect((await post('/api/account/signup', login('Ada', password), '127.0.0.1')).status).toBe(201);
      expect((await post('/api/account/signup', login('Bea', password), '127.0.0.1')).status).toBe(201);
      // Thirty wrong guesses from three addresses, ten each: each of those pairs is then refused,
      // even with the right password, with a stable code and when to come back.
      for (const from of ['127.0.0.2', '127.0.0.3', '127.0.0.4'])
        for (let i = 0; i < DEFAULT_LIMITS.failedPerPair; i++) {
          const answer = await post('/api/account/login', login('Ada', `wrong ${i}`), from);
          expect(codeIn(answer)).toBe('bad_credentials');
        }
      const refused = await post('/api/account/login', login('Ada', password), '127.0.0.2');
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ error: { code: 'rate_limited' } });
      const retryAfter = (refused.body as { error: { retry_after: number } }).error.retry_after;
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(DEFAULT_LIMITS.windowMs / 1000);
      expect(refused.headers['retry-after']).toBe(String(retryAfter));
      // The pair is limited, not the address: another name from there is still checked.
      expect((await post('/api/account/login', login('Bea', password), '127.0.0.2')).status).toBe(200);
      // And not the name: its owner, from an address of its own, gets in.
      const owner = await post('/api/account/login', login('Ada', password), '127.0.0.1');
      expect(owner.status).toBe(200);
      expect(owner.body).toMatchObject({ account: { name: 'Ada' } });
    } finally {
      await server.stop();
    }
  });

  it('limits failed log-ins per address over many names, and sign-up probing per address', async () => {
    const server = await startTestServer();
    const post = (path: string, body: unknown, from: string) =>
      fromAddress(server.url, 'POST', path, { body, from });
    try {
      expect((await post('/api/account/signup', login('Ada', password), '127.0.0.1')).status).toBe(201);
      for (let i = 0; i < DEFAULT_LIMITS.failedPerAddress; i++)
        expect(codeIn(await post('/api/account/login', login(`guess${i}`, password), '127.0.0.9'))).toBe(
          'bad_credentials',
        );
      expect(codeIn(await post('/api/account/login', login('Ada', password), '127.0.0.9'))).toBe(
        'rate_limited',
      );
      expect((await post('/api/account/login', login('Ada', password), '127.0.0.1')).status).toBe(200);

      // Asking whether names exist through sign-up: a taken name answers so, a limited number of times.
      for (let i = 0; i < DEFAULT_LIMITS.signUpAttempts; i++)
        expect(
          codeIn(await post('/api/account/signup', login('Ada', `${password} ${i}`), '127.0.0.10')),
        ).toBe('name_taken');
      const probe = await post('/api/account/signup', login('Ada', password), '127.0.0.10');
      expect(probe.status).toBe(429);
      expect(codeIn(probe)).toBe('rate_limited');
      // Another address still signs up.
      expect((await post('/api/account/signup', login('Cleo', password), '127.0.0.11')).status).toBe(201);
    } finally {
      await server.stop();
    }
  });

  it('accepts cookie writes only as JSON from its own origin', async () => {
    const server = await startTestServer();
    try {
      const signUp = await fromAddress(server.url, 'POST', '/api/account/signup', {
        body: login('Ada', password),
      });
      const cookie = String(signUp.headers['set-cookie']).split(';')[0]!;
      const table = JSON.stringify({ game: 'matchmaster', players: 2, name: 'Ada', botLevel: 'easy' });
      const write = (headers: Record<string, string>) =>
        fromAddress(server.url, 'POST', '/api/tables', { body: table, headers: { cookie, ...headers } });
      const own = server.url;
      // A form on another page can post text/plain without asking first: refused.
      const plain = await write({ 'content-type': 'text/plain', origin: own });
      expect([plain.status, codeIn(plain)]).toEqual([415, 'unsupported_type']);
      const form = await write({ 'content-type': 'application/x-www-form-urlencoded', origin: own });
      expect([form.status, codeIn(form)]).toEqual([415, 'unsupported_type']);
      const foreign = await write({ origin: 'https://elsewhere.example' });
      expect([foreign.status, codeIn(foreign)]).toEqual([403, 'bad_origin']);
      const sibling = await write({ origin: 'null' });
      expect([sibling.status, codeIn(sibling)]).toEqual([403, 'bad_origin']);
      const noOrigin = await write({});
      expect([noOrigin.status, codeIn(noOrigin)]).toEqual([403, 'bad_origin']);
      // Log-in and sign-up set the cookie: only JSON either.
      const plainLogin = await fromAddress(server.url, 'POST', '/api/account/login', {
        body: JSON.stringify(login('Ada', password)),
        headers: { 'content-type': 'text/plain' },
      });
      expect(plainLogin.status).toBe(415);
      // What the web app sends: JSON with its own origin.
      const made = await write({ origin: own });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({ table: { seats: [{ name: 'Ada' }, {}] } });
      // A program with a bearer token needs no Origin.
      const bearer = await fromAddress(server.url, 'POST', '/api/account/login', {
        body: { ...login('Ada', password), bearer: true },
      });
      const token = (bearer.body as { token: string }).token;
      const program = await fromAddress(server.url, 'POST', '/api/tables', {
        body: table,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(program.status).toBe(201);
    } finally {
      await server.stop();
    }
  });
});

describe('the limits in cluster mode', () => {
  const prefix = runName('mblimits');
  afterAll(() => dropRunData('unused_schema', prefix));

  it.runIf(services.redisUrl)('are shared by the nodes through Redis', async () => {
    const clients = [new Redis(services.redisUrl!), new Redis(services.redisUrl!)];
    try {
      const [one, two] = clients.map(
        (client) => new AccountLimiter(DEFAULT_LIMITS, limitStore(client, prefix)),
      );
      for (let i = 0; i < DEFAULT_LIMITS.failedPerPair; i++) {
        expect(await two!.logInRefused('ada', '10.1.1.1')).toBeNull();
        await one!.logInFailed('ada', '10.1.1.1');
      }
      expect(await two!.logInRefused('ada', '10.1.1.1')).toMatchObject({ retryAfterMs: expect.any(Number) });
      expect(await two!.logInRefused('ada', '10.1.1.2')).toBeNull();
      // The name's failures from every address add up on every node: it answers more slowly.
      for (let i = 0; i < DEFAULT_LIMITS.slowAfter; i++) await one!.logInFailed('ada', `10.1.2.${i}`);
      const failures = DEFAULT_LIMITS.failedPerPair + DEFAULT_LIMITS.slowAfter;
      expect(await two!.slowdownMs('ada')).toBe(nameSlowdownMs(failures, DEFAULT_LIMITS));
      expect(await two!.slowdownMs('ada')).toBeGreaterThan(0);
    } finally {
      for (const c of clients) c.disconnect();
    }
  });
});

describe('the slowdown for a name under attack', () => {
  it('grows with its failures and stops at the cap, whatever their number', () => {
    const at = (n: number) => nameSlowdownMs(n, DEFAULT_LIMITS);
    expect(at(DEFAULT_LIMITS.slowAfter)).toBe(0);
    expect(at(DEFAULT_LIMITS.slowAfter + 1)).toBeGreaterThan(0);
    expect(at(DEFAULT_LIMITS.slowAfter + 5)).toBeGreaterThan(at(DEFAULT_LIMITS.slowAfter + 1));
    expect(at(1_000_000)).toBe(DEFAULT_LIMITS.maxSlowdownMs);
    expect(DEFAULT_LIMITS.maxSlowdownMs).toBeLessThan(5_000);
  });
});
