/**
 * Seats before spectators (admission.ts, messages.ts `hello`): a seated player attaches whatever
 * the spectators do; spectators have their own limit per table; connections holding no seat are
 * limited per address, and one past the limit still attaches with a seat token. Other clients
 * come from 127.x source addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawSocket } from './hostile-client.ts';
import { socketsClosedAfterEach, twoSeatTable } from './hostile-client.ts';
import { startTestServer, until } from './helpers.ts';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const socket = socketsClosedAfterEach();
const connect = (server: Server, from?: string, headers?: Record<string, string>) =>
  socket(server.url, from, headers);
const twoSeats = (server: Server) => twoSeatTable(server.url);

const code = (answer: unknown) =>
  (answer as { ok: boolean; error?: { code: string } }).ok
    ? 'ok'
    : (answer as { error?: { code: string } }).error?.code;

describe('seats before spectators, default limits', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it("with the table's spectator limit reached, both seated players still attach", async () => {
    const t = await twoSeats(server);
    // 64 spectators from 64 addresses (the default SPECTATORS_PER_TABLE).
    for (let i = 0; i < 64; i++) {
      const s = await connect(server, `127.0.1.${i + 1}`);
      expect(code(await s.ask('hello', [{ tableId: t.id }]))).toBe('ok');
    }
    const late = await connect(server, '127.0.2.1');
    expect(code(await late.ask('hello', [{ tableId: t.id }]))).toBe('table_crowded');
    for (const token of t.tokens) {
      const player = await connect(server);
      expect(code(await player.ask('hello', [{ tableId: t.id, token }]))).toBe('ok');
    }
  }, 60_000);
});

describe('connections per address and per seat', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({
      connectionsPerAddress: 2,
      connectionsPerSeat: 2,
      trustedProxies: '127.0.0.1',
    });
  });
  afterAll(() => server.stop());

  it('closes a spectator past its address limit, and lets a seat token through that full limit', async () => {
    const t = await twoSeats(server);
    for (let i = 0; i < 2; i++) {
      const s = await connect(server, '127.0.3.1');
      expect(code(await s.ask('hello', [{ tableId: t.id }]))).toBe('ok');
    }
    const third = await connect(server, '127.0.3.1');
    expect(code(await third.ask('hello', [{ tableId: t.id }]))).toBe('too_many_connections');
    await until(() => !third.connected, 'the third connection is closed');
    // The address's limit is full, but a seat is never refused by it.
    const player = await connect(server, '127.0.3.1');
    expect(code(await player.ask('hello', [{ tableId: t.id, token: t.tokens[0] }]))).toBe('ok');
    // A seat holder's catch-up hello past its message bucket is answered too.
    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        player.ask('hello', [{ tableId: t.id, token: t.tokens[0], since: 0 }]),
      ),
    );
    expect(answers.map(code).filter((c) => c !== 'ok')).toEqual([]);
    // Another address is not affected.
    const other = await connect(server, '127.0.3.2');
    expect(code(await other.ask('hello', [{ tableId: t.id }]))).toBe('ok');
  });

  it('counts X-Forwarded-For as the address only from a trusted proxy', async () => {
    const t = await twoSeats(server);
    const via = (from: string, client: string) => connect(server, from, { 'x-forwarded-for': client });
    // Through the trusted proxy (127.0.0.1) each forwarded client has its own limit of two.
    for (const client of ['198.51.100.1', '198.51.100.1', '198.51.100.2', '198.51.100.2']) {
      const s = await via('127.0.0.1', client);
      expect(code(await s.ask('hello', [{ tableId: t.id }]))).toBe('ok');
    }
    const third = await via('127.0.0.1', '198.51.100.1');
    expect(code(await third.ask('hello', [{ tableId: t.id }]))).toBe('too_many_connections');
    // From any other peer the header is ignored: the peer's own limit counts.
    for (const client of ['198.51.100.3', '198.51.100.4']) {
      const s = await via('127.0.3.9', client);
      expect(code(await s.ask('hello', [{ tableId: t.id }]))).toBe('ok');
    }
    const spoofed = await via('127.0.3.9', '198.51.100.5');
    expect(code(await spoofed.ask('hello', [{ tableId: t.id }]))).toBe('too_many_connections');
  });

  it("closes a seat's oldest connection past its limit, so the newest always gets in", async () => {
    const t = await twoSeats(server);
    const devices: RawSocket[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await connect(server, `127.0.4.${i + 1}`);
      expect(code(await s.ask('hello', [{ tableId: t.id, token: t.tokens[1] }]))).toBe('ok');
      devices.push(s);
    }
    await until(() => !devices[0]!.connected, 'the first device is closed');
    expect(devices.slice(1).map((d) => d.connected)).toEqual([true, true]);
  });
});

describe("spectators' hellos share their address's bucket", () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({ watchHellosPerAddress: 5 });
  });
  afterAll(() => server.stop());

  it('many connections of one address get its share of spectator hellos; seats and other addresses theirs', async () => {
    const t = await twoSeats(server);
    // Ten connections of one address, each saying hello three times at once: thirty hellos, each
    // within its own connection's bucket, but the address's bucket (5 a second, bursts of 10) is shared.
    const crowd = await Promise.all(Array.from({ length: 10 }, () => connect(server, '127.0.5.1')));
    const answers = await Promise.all(
      crowd.flatMap((s) => Array.from({ length: 3 }, () => s.ask('hello', [{ tableId: t.id }]))),
    );
    const codes = answers.map(code);
    expect(codes.filter((c) => c === 'ok').length).toBeLessThanOrEqual(11);
    expect(codes.filter((c) => c === 'rate_limited').length).toBeGreaterThanOrEqual(19);
    // A seat of that address still attaches, at once and as often as it likes.
    const player = await connect(server, '127.0.5.1');
    const seat = await Promise.all(
      Array.from({ length: 20 }, () =>
        player.ask('hello', [{ tableId: t.id, token: t.tokens[0], since: 0 }]),
      ),
    );
    expect(seat.map(code).filter((c) => c !== 'ok')).toEqual([]);
    // Another address watches.
    const other = await connect(server, '127.0.5.2');
    expect(code(await other.ask('hello', [{ tableId: t.id }]))).toBe('ok');
  });
});
