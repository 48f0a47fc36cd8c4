/**
 * Bounded sending: a connection that does not read what it is sent makes the server skip its
 * updates (it gets the current one once it has drained, and the client library catches up with
 * the events it missed), and past four times the limit it is closed; the other seats are served
 * all along. The backlog is faked on the server's side of one connection (a real one would need
 * megabytes to fill the kernel's buffers first), so these tests check the bounding rules, not speed.
 */
import type { Socket as NetSocket } from 'node:net';
import type { TableUpdate } from '@matchbox/client';
import { MatchboxClient } from '@matchbox/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backlogOf, sendDecision, tcpFor } from '../src/realtime.ts';
import { startTestServer } from './helpers.ts';

const LIMIT = 4096;
let server: Awaited<ReturnType<typeof startTestServer>>;
let client: MatchboxClient;
beforeAll(async () => {
  server = await startTestServer({ sendBufferBytes: LIMIT });
  client = new MatchboxClient(server.url);
});
afterAll(async () => {
  await server.stop();
});

const metric = async (name: string) => {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : 0;
};

/** The server's TCP socket of the connection attached to `tableId` as `seat`. */
function serverSide(tableId: string, seat: number): NetSocket {
  for (const s of server.io.of('/').sockets.values()) {
    const attached = (s.data as { attached: Map<string, { seat: number | null }> }).attached;
    if (attached.get(tableId)?.seat === seat) return tcpFor(s);
  }
  throw new Error(`no connection holds seat ${seat} of ${tableId}`);
}

/** Makes a socket look as if `bytes` were waiting to be written (undone by `restore`). */
function fakeBacklog(tcp: NetSocket, bytes: number): () => void {
  Object.defineProperty(tcp, 'writableLength', { configurable: true, get: () => bytes });
  return () => {
    delete (tcp as unknown as Record<string, unknown>).writableLength;
  };
}

/** A MatchMaster table of two people and two bots, both people connected and to bid. */
async function twoPeopleBidding() {
  const made = await client.createTable({
    game: 'matchmaster',
    players: 4,
    name: 'Ada',
    seats: [
      { kind: 'open' },
      { kind: 'open' },
      { kind: 'bot', level: 'random' },
      { kind: 'bot', level: 'random' },
    ],
  });
  const id = made.table.id;
  const token = made.ticket!.token;
  const bea = await client.join(id, { name: 'Bea', invite: made.invite });
  const ada = client.connect(id, token);
  const bob = client.connect(id, bea.token);
  const toBid = (u: TableUpdate) => u.status === 'playing' && u.legal.length > 0;
  await ada.waitFor(toBid);
  await bob.waitFor(toBid);
  return { id, token, ada, bob };
}

describe('the send rules', () => {
  it('sends up to the limit, skips past it, and cuts past four times it', () => {
    expect(sendDecision(0, LIMIT)).toBe('send');
    expect(sendDecision(LIMIT, LIMIT)).toBe('send');
    expect(sendDecision(LIMIT + 1, LIMIT)).toBe('skip');
    expect(sendDecision(LIMIT * 4, LIMIT)).toBe('skip');
    expect(sendDecision(LIMIT * 4 + 1, LIMIT)).toBe('cut');
  });

  it('counts the bytes in the socket and the packets queued behind it', () => {
    const tcp = { writableLength: 100 } as NetSocket;
    expect(backlogOf({ writeBuffer: [{ data: 'x'.repeat(50) }, { data: undefined }] }, tcp)).toBe(150);
    expect(backlogOf({}, tcp)).toBe(100);
    // A frame made beforehand (an update's) counts by its bytes.
    const frame = { data: '', options: { wsPreEncodedFrame: [Buffer.alloc(70)] } };
    expect(backlogOf({ writeBuffer: [frame, { data: 'x'.repeat(5) }] }, tcp)).toBe(175);
  });
});

describe('a connection that does not read', () => {
  it('skips updates while behind, gets the current one once drained, and catches up', async () => {
    const { id, ada, bob } = await twoPeopleBidding();
    try {
      const start = ada.latest!.version;
      const skippedBefore = await metric('matchbox_updates_skipped_total');
      const restore = fakeBacklog(serverSide(id, 0), LIMIT * 2);
      const seen: number[] = [];
      ada.onUpdate((u) => seen.push(u.version));
      // Bob bids while Ada's connection is behind: Bob hears of it, Ada does not (yet).
      const bid = await bob.act(bob.latest!.legal[0]!.text);
      expect(bid.ok).toBe(true);
      await bob.waitFor((u) => u.version > start);
      await new Promise((r) => setTimeout(r, 100));
      expect(seen).toEqual([]);
      expect(await metric('matchbox_updates_skipped_total')).toBeGreaterThan(skippedBefore);
      // Drained: Ada gets the current update and the events she missed.
      restore();
      serverSide(id, 0).emit('drain');
      const caughtUp = await ada.waitFor((u) => u.version === bob.latest!.version);
      expect(caughtUp.version).toBeGreaterThan(start);
      // Her seat's share is the same as a fresh hello's.
      const fresh = server.service.current(id, 0)!;
      expect(caughtUp.view).toEqual(fresh.view);
      expect(caughtUp.legal).toEqual(fresh.legal);
    } finally {
      ada.close();
      bob.close();
    }
  });

  it('is closed past four times the limit while the others play on', async () => {
    const { id, token, ada, bob } = await twoPeopleBidding();
    try {
      const cutBefore = await metric('matchbox_slow_disconnects_total');
      const closed = new Promise<string>((r) => ada.socket.once('disconnect', r));
      fakeBacklog(serverSide(id, 0), LIMIT * 4 + 1);
      // Her next message finds her connection past the hard limit: it is closed, not answered.
      ada.socket.emit('hello', { tableId: id, token }, () => undefined);
      await closed;
      expect(await metric('matchbox_slow_disconnects_total')).toBe(cutBefore + 1);
      // Bob is served as before.
      const bid = await bob.act(bob.latest!.legal[0]!.text);
      expect(bid.ok).toBe(true);
      // Ada's client connects again and is back at the table with the current state.
      const back = await ada.waitFor((u) => u.version === bob.latest!.version);
      expect(back.view).toEqual(server.service.current(id, 0)!.view);
    } finally {
      ada.close();
      bob.close();
    }
  });
});
