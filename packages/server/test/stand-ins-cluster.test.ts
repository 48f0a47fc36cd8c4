/**
 * Stand-ins across nodes (soak tier: `npm run test:soak:server`): two server processes on
 * PostgreSQL and Redis. A two-person MatchMaster table is made on one node and its second person
 * sits down through the other, so the node that drives the table (its owner) holds none of that
 * person's connections and learns of them only through the store's presence rows. When that person
 * closes the page, a stand-in plays their seat after the grace, and the table moves on; when they
 * come back through their own node, the seat is theirs again. Skipped (loudly, in services.ts)
 * without the services.
 */
import type { TableUpdate } from '@matchbox/client';
import { MatchboxClient } from '@matchbox/client';
import { describe, expect, it } from 'vitest';
import type { Node } from '../scripts/nodes.ts';
import { services } from './services.ts';
import { twoNodes } from './two-nodes.ts';

const SOAK = process.env.MATCHBOX_SOAK === '1';
const { databaseUrl, redisUrl } = services;
const enabled = SOAK && Boolean(databaseUrl && redisUrl);
const { nodes } = twoNodes('standins', enabled, { STAND_IN_GRACE_MS: '2000' });

const seatOf = (u: TableUpdate, seat: number) => u.seats.find((s) => s.seat === seat)!;

describe.runIf(enabled)('stand-ins with the seat’s connections on another node', () => {
  it('a closed page on the other node gets a stand-in that plays on, and the person gets the seat back there', async () => {
    const [a, b] = nodes as [Node, Node];
    const ada = new MatchboxClient(a.url);
    const bob = new MatchboxClient(b.url);
    const made = await ada.createTable({
      game: 'matchmaster',
      players: 2,
      name: 'Ada',
      seats: [{ kind: 'open' }, { kind: 'open' }],
    });
    const tableId = made.table.id;
    const adaConn = ada.connect(tableId, made.ticket!.token);
    const joined = await bob.join(tableId, { name: 'Bob', invite: made.invite });
    expect(joined.seat).toBe(1);
    let bobConn = bob.connect(tableId, joined.token);
    await adaConn.waitFor((u) => u.status === 'playing' && seatOf(u, 1).connected, 30_000);

    // Bob's page closes on node B: after the grace a stand-in plays seat 1 (the owner saw it
    // through the store), and its bid is made for Bob while Ada still has to bid.
    bobConn.close();
    const covered = await adaConn.waitFor((u) => seatOf(u, 1).standIn === 'absent', 30_000);
    expect(seatOf(covered, 1).connected).toBe(false);
    await adaConn.waitFor((u) => u.toAct.length === 1 && u.toAct[0] === 0, 30_000);
    // Ada bids; the table goes on without waiting for Bob.
    const mine = await adaConn.waitFor((u) => u.legal.length > 0);
    const before = mine.version;
    const bid = mine.legal[0]!.text;
    expect((await adaConn.act(bid)).ok).toBe(true);
    await adaConn.waitFor((u) => u.version > before + 1, 30_000);

    // Bob opens the page again, through node B: the seat is his at once, no stand-in.
    bobConn = bob.connect(tableId, joined.token);
    await bobConn.waitFor((u) => u.seat === 1, 30_000);
    const back = await adaConn.waitFor((u) => (seatOf(u, 1).standIn ?? null) === null, 30_000);
    expect(seatOf(back, 1).connected).toBe(true);
    bobConn.close();
    adaConn.close();
  }, 120_000);
});
