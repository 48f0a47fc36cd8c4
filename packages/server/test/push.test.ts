/**
 * Notifications (push.ts; docs/server.md, "Notifications"). A push service of the test's own, on
 * https with a self-signed certificate, is the only allowed push host: the server sends to it
 * with the real `web-push` library, and the test decrypts what arrives (aes128gcm, RFC 8188 and
 * 8291) with the browser keys it made, and checks the VAPID signature with the server's public
 * key. An endpoint on any other host is refused; a move never waits for a push service; a
 * subscription the push service says is gone is forgotten; the rows live on SQLite and PostgreSQL.
 */
import { createECDH, createPublicKey, hkdfSync, createDecipheriv, randomBytes, verify } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Agent, createServer } from 'node:https';
import type { Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import selfsigned from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGame } from '@matchbox/engine';
import type { PushPayload, PushSettingsReply } from '@matchbox/client/wire';
import { MatchboxClient } from '@matchbox/client';
import type { RunningServer } from '../src/index.ts';
import { openDb, startServer } from '../src/index.ts';
import { PushService, pushHostAllowed, DEFAULT_PUSH_HOSTS } from '../src/push.ts';
import { loadSealKey } from '../src/sealed.ts';
import { testConfig } from './helpers.ts';
import { runName, services } from './services.ts';

/** A browser's push keys, made as a browser makes them (P-256, a 16-byte auth secret). */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}
type BrowserKeys = ReturnType<typeof browserKeys>;

/** Decrypts an aes128gcm Web Push body (RFC 8188 record, RFC 8291 keys) with the browser's keys. */
function decrypt(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const serverKey = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const secret = keys.ecdh.computeSecret(serverKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, keys.auth, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record's padding: a 2, then zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  expect(plain[end]).toBe(2);
  return plain.subarray(0, end).toString('utf8');
}

/** Checks the `Authorization: vapid t=<jwt>, k=<key>` header against the server's public key. */
function checkVapid(header: string | undefined, publicKey: string, audience: string): void {
  const m = /^vapid t=([^,]+), k=(\S+)$/.exec(header ?? '');
  expect(m, header).not.toBeNull();
  expect(m![2]).toBe(publicKey);
  const [head, claims, signature] = m![1]!.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(signed).toBe(true);
  expect(JSON.parse(Buffer.from(claims!, 'base64url').toString())).toMatchObject({ aud: audience });
}

interface Received {
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: Buffer;
}

/** The test's push service: keeps what arrives; `/gone/*` answers 410; `/hold/*` waits for `release`. */
class LocalPushService {
  readonly received: Received[] = [];
  private held: ServerResponse[] = [];
  private holding = true;
  private waiters: (() => void)[] = [];
  constructor(readonly server: Server) {
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        this.waiters.splice(0).forEach((w) => w());
        if (req.url?.startsWith('/gone/')) res.writeHead(410).end();
        else if (req.url?.startsWith('/hold/') && this.holding) this.held.push(res);
        else res.writeHead(201).end();
      });
    });
  }
  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }
  /** The pushes that reached `path`, once there are `n`. */
  async at(path: string, n: number): Promise<Received[]> {
    for (;;) {
      const got = this.received.filter((r) => r.path === path);
      if (got.length >= n) return got;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }
  /** Answers the held pushes, and every later one at once. */
  release(): void {
    this.holding = false;
    for (const res of this.held.splice(0)) res.writeHead(201).end();
  }
}

let pushService: LocalPushService;
let server: RunningServer;
let dataDir: string;
let origin: string;

beforeAll(async () => {
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  pushService = new LocalPushService(createServer({ key: pems.private, cert: pems.cert }));
  await new Promise<void>((resolve) => pushService.server.listen(0, resolve));
  origin = `https://localhost:${pushService.port}`;
  const config = testConfig({ pushHosts: [`localhost:${pushService.port}`] });
  dataDir = config.dataDir;
  server = await startServer(config, {
    log: pino({ level: 'silent' }),
    pushAgent: new Agent({ ca: pems.cert }),
  });
});
afterAll(async () => {
  pushService.release();
  await server.close();
  pushService.server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const password = 'a long enough secret';

/** A member's request with a JSON body (the session as a bearer token). */
async function call(member: MatchboxClient | null, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(member?.session ? { authorization: `Bearer ${member.session}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Signs a member up, and subscribes one browser of theirs at `path` of the test's push service. */
async function memberWithBrowser(name: string, path: string, lang: 'en' | 'de' = 'en') {
  const client = new MatchboxClient(server.url);
  await client.signUp(name, password);
  const keys = browserKeys();
  const made = await call(client, 'POST', '/api/push/subscriptions', {
    endpoint: `${origin}${path}`,
    keys: keys.json,
    lang,
  });
  expect(made.status).toBe(201);
  return { client, keys, path };
}

/** Plays the first legal action of `seat` (as the person there would). */
async function playFirst(tableId: string, seat: number): Promise<void> {
  const inspected = server.service.inspect(tableId)!;
  const game = getGame(inspected.game.meta.id)!;
  const legal = game.legalActions(inspected.state, seat);
  const acted = await server.service.act(tableId, seat, game.formatAction(legal[0]!), 'human');
  expect(acted.ok).toBe(true);
}

const toAct = (tableId: string): readonly number[] => {
  const inspected = server.service.inspect(tableId)!;
  return inspected.game.toAct(inspected.state);
};

describe('notifications', () => {
  it("sends a slow game's turn and an accepted invitation, encrypted for the member's browser", async () => {
    const ada = await memberWithBrowser('PushAda', '/push/ada');
    const bea = await memberWithBrowser('PushBea', '/push/bea', 'de');
    const key = (await call(null, 'GET', '/api/push/key')).body.key as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);

    const created = await ada.client.createTable({
      game: 'matchmaster',
      players: 2,
      name: 'PushAda',
      seats: [{ kind: 'open' }, { kind: 'open' }],
      clockSeconds: 2 * 86_400,
    });
    const tableId = created.table.id;
    await bea.client.join(tableId, { name: 'PushBea', invite: created.invite });

    // Ada's invitation was accepted; the game started with both to bid (MM-4): both are called.
    const [accepted, firstTurn] = await pushService.at('/push/ada', 2);
    const [beaTurn] = await pushService.at('/push/bea', 1);
    const open = (r: Received, keys: BrowserKeys) => {
      expect(r.headers['content-encoding']).toBe('aes128gcm');
      checkVapid(r.headers.authorization, key, origin);
      return JSON.parse(decrypt(r.body, keys)) as PushPayload;
    };
    const payloads = [open(accepted!, ada.keys), open(firstTurn!, ada.keys)];
    expect(payloads.map((p) => p.kind).sort()).toEqual(['accepted', 'turn']);
    expect(open(beaTurn!, bea.keys)).toEqual({
      kind: 'turn',
      tableId,
      game: 'matchmaster',
      title: 'Du bist dran: MatchMaster',
      body: 'Dein Zug wartet am Tisch.',
      url: `/t/${tableId}`,
    });
    // Nothing hidden: the table, its game, the kind and words; no card, no move, no name.
    for (const p of payloads)
      expect(Object.keys(p).sort()).toEqual(['body', 'game', 'kind', 'tableId', 'title', 'url']);
    expect(JSON.stringify(payloads)).not.toMatch(/PushBea|PushAda/);

    // Both bid; Bea plays until it is Ada's turn again: Ada is called once more.
    await playFirst(tableId, 0);
    await playFirst(tableId, 1);
    while (!toAct(tableId).includes(0)) await playFirst(tableId, 1);
    const [, , nextTurn] = await pushService.at('/push/ada', 3);
    expect(open(nextTurn!, ada.keys)).toMatchObject({
      kind: 'turn',
      tableId,
      title: 'Your turn: MatchMaster',
    });
    await server.push.idle();
    expect(pushService.received.filter((r) => r.path === '/push/bea')).toHaveLength(1);

    // Ada turns the turn off: her next turn is not sent; the setting reads back.
    const settings = await call(ada.client, 'PUT', '/api/push/settings', { turn: false });
    expect(settings.body as unknown as PushSettingsReply).toEqual({
      settings: { turn: false, accepted: true, paired: true },
      subscriptions: 1,
    });
    while (toAct(tableId).includes(0)) await playFirst(tableId, 0);
    while (!toAct(tableId).includes(0)) await playFirst(tableId, 1);
    await server.push.idle();
    expect(pushService.received.filter((r) => r.path === '/push/ada')).toHaveLength(3);
  });

  it('refuses a push service it does not know, and bad or anonymous subscriptions', async () => {
    const cleo = new MatchboxClient(server.url);
    await cleo.signUp('PushCleo', password);
    const keys = browserKeys().json;
    const subscribe = (endpoint: string, who: MatchboxClient | null = cleo, k: unknown = keys) =>
      call(who, 'POST', '/api/push/subscriptions', { endpoint, keys: k });
    for (const endpoint of [
      'https://evil.example/push/1',
      'https://127.0.0.1/push/1',
      `https://localhost:${pushService.port + 1}/push/1`,
      `https://user:pw@localhost:${pushService.port}/push/1`,
      'https://fcm.googleapis.com.evil.example/push/1',
    ]) {
      const refused = await subscribe(endpoint);
      expect(refused.status, endpoint).toBe(400);
      expect((refused.body.error as { code: string }).code).toBe('unknown_push_service');
    }
    expect((await subscribe(`http://localhost:${pushService.port}/p`)).body.error).toMatchObject({
      code: 'invalid_request',
    });
    expect((await subscribe(`${origin}/p`, cleo, { p256dh: 'short', auth: keys.auth })).status).toBe(400);
    expect((await subscribe(`${origin}/p`, null)).body.error).toMatchObject({ code: 'not_logged_in' });
    expect((await subscribe(`${origin}/${'x'.repeat(2000)}`)).body.error).toMatchObject({
      code: 'invalid_request',
    });
    expect((await call(cleo, 'PUT', '/api/push/settings', { turn: 'yes' })).status).toBe(400);
    expect((await call(null, 'GET', '/api/push/settings')).status).toBe(401);
    expect((await call(cleo, 'GET', '/api/push/settings')).body).toMatchObject({ subscriptions: 0 });

    // The known services' hosts, and nothing that only looks like them.
    expect(pushHostAllowed('https://fcm.googleapis.com/fcm/send/abc', DEFAULT_PUSH_HOSTS)).toBe(true);
    expect(pushHostAllowed('https://wns2-par02p.notify.windows.com/w/?token=x', DEFAULT_PUSH_HOSTS)).toBe(
      true,
    );
    expect(pushHostAllowed('https://evilnotify.windows.com/w/', DEFAULT_PUSH_HOSTS)).toBe(false);
    expect(pushHostAllowed('https://a.notify.windows.com:8443/w/', DEFAULT_PUSH_HOSTS)).toBe(false);
    expect(pushHostAllowed('http://fcm.googleapis.com/fcm/send/abc', DEFAULT_PUSH_HOSTS)).toBe(false);
  });

  it('never holds a move for a push service, forgets a gone browser, and unsubscribes', async () => {
    const dora = await memberWithBrowser('PushDora', '/hold/dora');
    const gone = browserKeys();
    expect(
      (
        await call(dora.client, 'POST', '/api/push/subscriptions', {
          endpoint: `${origin}/gone/dora`,
          keys: gone.json,
        })
      ).status,
    ).toBe(201);
    expect((await call(dora.client, 'GET', '/api/push/settings')).body).toMatchObject({ subscriptions: 2 });
    const created = await dora.client.createTable({
      game: 'matchmaster',
      players: 2,
      name: 'PushDora',
      seats: [{ kind: 'open' }, { kind: 'bot', level: 'random' }],
      clockSeconds: 86_400,
    });
    // A table that starts at once calls nobody (its creator is there). After her bid and the
    // bot's, Dora is called; the held browser has not answered, yet her next move goes through.
    await playFirst(created.table.id, 0);
    await pushService.at('/hold/dora', 1);
    expect(toAct(created.table.id)).toContain(0);
    await playFirst(created.table.id, 0);
    pushService.release();
    await pushService.at('/gone/dora', 1);
    await server.push.idle();
    expect((await call(dora.client, 'GET', '/api/push/settings')).body).toMatchObject({ subscriptions: 1 });
    const removed = await call(dora.client, 'DELETE', '/api/push/subscriptions', {
      endpoint: `${origin}/hold/dora`,
    });
    expect(removed.body).toEqual({ removed: true });
    expect((await call(dora.client, 'GET', '/api/push/settings')).body).toMatchObject({ subscriptions: 0 });
  });
});

// --- The rows on both databases (migration 0014): SQLite, and PostgreSQL when one answers ---------

const dir = mkdtempSync(join(tmpdir(), 'matchbox-push-'));
const schemas: string[] = [];
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (!services.databaseUrl || schemas.length === 0) return;
  const admin = new pg.Client({ connectionString: services.databaseUrl });
  await admin.connect();
  for (const schema of schemas) await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
});
const backends: [string, () => ReturnType<typeof openDb>][] = [
  ['sqlite', () => openDb({ sqliteFile: join(dir, `p${Math.random()}.db`) })],
];
if (services.databaseUrl)
  backends.push([
    'postgres',
    () => {
      const schema = runName('mbpush');
      schemas.push(schema);
      return openDb({ databaseUrl: services.databaseUrl, schema, sqliteFile: '' });
    },
  ]);

describe.each(backends)('notification rows on %s', (_name, open) => {
  it('keeps one key pair for every node, and a member browsers and settings', async () => {
    const { db } = await open();
    const key = loadSealKey('the cluster secret', dir).key;
    const log = pino({ level: 'silent' });
    const options = { hosts: ['push.example'], subject: 'mailto:ops@example.org' };
    const nodes = [new PushService(db, key, options, log), new PushService(db, key, options, log)];
    // Two nodes asking at once share one pair.
    const [a, b] = await Promise.all(nodes.map((n) => n.publicKey()));
    expect(a).toBe(b);
    const stored = await db.selectFrom('push_keys').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.private_key.startsWith('s1.')).toBe(true);
    for (let i = 0; i < 12; i++)
      expect(
        (
          await nodes[i % 2]!.subscribe('acc-1', {
            endpoint: `https://push.example/${i}`,
            keys: browserKeys().json,
          })
        ).ok,
      ).toBe(true);
    expect(await nodes[0]!.updateSettings('acc-1', { paired: false })).toEqual({
      settings: { turn: true, accepted: true, paired: false },
      subscriptions: 10,
    });
    const kept = await db.selectFrom('push_subscriptions').select('endpoint').execute();
    expect(kept).toHaveLength(10);
    expect(await nodes[1]!.unsubscribe('acc-2', kept[0]!.endpoint)).toEqual({ removed: false });
    expect(await nodes[1]!.unsubscribe('acc-1', kept[0]!.endpoint)).toEqual({ removed: true });
    await db.destroy();
  });
});
