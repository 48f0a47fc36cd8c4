/**
 * A table's spectator places (spectator-places.ts): one node counts in memory; several count in
 * Redis, where two nodes taking places at once never pass the limit together, a place given back
 * is free on every node, and a dead node's places run out. The two-node check through real server
 * processes is in the soak (`spectators-cluster.test.ts`).
 */
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryPlaces, RedisPlaces } from '../src/spectator-places.ts';
import { runName, services } from './services.ts';

describe('one node', () => {
  it('holds the limit, lets a connection that holds a place ask again, and frees a place given back', async () => {
    const places = new MemoryPlaces(2);
    expect(await places.take('t1', 'a')).toBe(true);
    expect(await places.take('t1', 'b')).toBe(true);
    expect(await places.take('t1', 'c')).toBe(false);
    expect(await places.take('t1', 'a')).toBe(true); // a hello again, no second place
    expect(await places.take('t2', 'c')).toBe(true); // another table's places are its own
    places.leave('t1', 'b');
    expect(await places.take('t1', 'c')).toBe(true);
    expect(places.here('t1')).toBe(2);
  });
});

const { redisUrl } = services;
const prefix = `matchbox-test-${runName('sp')}:`;
const clients: Redis[] = [];
const opened: RedisPlaces[] = [];

afterAll(async () => {
  for (const p of opened) p.close();
  if (redisUrl) {
    const keys = await clients[0]!.keys(`${prefix}*`);
    if (keys.length > 0) await clients[0]!.del(...keys);
  }
  for (const c of clients) c.disconnect();
});

function node(nodeId: string, limit: number, ttlMs?: number): RedisPlaces {
  const redis = new Redis(redisUrl!);
  clients.push(redis);
  const places = new RedisPlaces({ redis, limit, prefix, nodeId, ...(ttlMs ? { ttlMs } : {}) });
  opened.push(places);
  return places;
}

describe.skipIf(!redisUrl)('several nodes, through Redis', () => {
  it('two nodes taking places at the same instant never pass the limit together', async () => {
    const a = node('node-a', 5);
    const b = node('node-b', 5);
    const takes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? a : b).take('crowd', `c${i}`)),
    );
    expect(takes.filter(Boolean)).toHaveLength(5);
    expect(a.here('crowd') + b.here('crowd')).toBe(5);
    // Full for both; a place given back on one node is taken on the other.
    expect(await a.take('crowd', 'late-a')).toBe(false);
    expect(await b.take('crowd', 'late-b')).toBe(false);
    const holder = a.here('crowd') > 0 ? a : b;
    const other = holder === a ? b : a;
    const index = takes.findIndex((t, i) => t && (i % 2 === 0 ? a : b) === holder);
    holder.leave('crowd', `c${index}`);
    await new Promise((r) => setTimeout(r, 50)); // the give-back is sent without waiting
    expect(await other.take('crowd', 'late')).toBe(true);
  });

  it("a node's connections share names with another node's without sharing places", async () => {
    const a = node('node-a2', 2);
    const b = node('node-b2', 2);
    expect(await a.take('same-ids', 'socket1')).toBe(true);
    expect(await b.take('same-ids', 'socket1')).toBe(true);
    expect(await a.take('same-ids', 'socket2')).toBe(false);
  });

  it("a dead node's places run out after their time; a living node's are renewed", async () => {
    const dead = node('node-dead', 1, 300);
    const alive = node('node-alive', 1, 300);
    expect(await dead.take('gone', 'x')).toBe(true);
    expect(await alive.take('kept', 'y')).toBe(true);
    dead.close(); // no renewals from now on: as if the process died
    alive.close(); // renewed by hand below, so the check does not depend on a timer's pace
    const check = new Redis(redisUrl!);
    clients.push(check);
    const before = Number(await check.zscore(`${prefix}spectators:kept`, 'node-alive:y'));
    await new Promise((r) => setTimeout(r, 200));
    await alive.renew();
    expect(Number(await check.zscore(`${prefix}spectators:kept`, 'node-alive:y'))).toBeGreaterThan(before);
    await new Promise((r) => setTimeout(r, 400));
    expect(await node('node-new', 1).take('gone', 'z')).toBe(true);
  });
});
