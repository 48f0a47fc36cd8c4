/**
 * A table's spectator places (docs/server.md, "Threat model"): at most `SPECTATORS_PER_TABLE`
 * spectator connections per table, on all nodes together. A seat's connections never take one.
 *
 * One node counts in memory. Several nodes count in Redis: a sorted set per table whose members are
 * the connections (node and socket id) and whose scores are when each place runs out; a place is
 * taken by one script that first drops the places run out, so two nodes taking the last place at
 * the same instant cannot both get it. Each node renews its own places every `ttlMs / 3`, so the
 * places of a node that died free themselves after `ttlMs`. While Redis does not answer, a node
 * still refuses past the limit on its own connections (fails towards its local count).
 */
import type { Redis } from 'ioredis';

export interface SpectatorPlaces {
  /** Takes a place at `tableId` for connection `connId`; false when the table has none left. */
  take(tableId: string, connId: string): Promise<boolean>;
  /** Gives a connection's place back (it left the table, took a seat or closed). */
  leave(tableId: string, connId: string): void;
  /** Places taken at a table through this node. */
  here(tableId: string): number;
  close(): void;
}

/** Connections of this node holding places, per table. */
class LocalPlaces {
  readonly byTable = new Map<string, Set<string>>();
  add(tableId: string, connId: string): void {
    let set = this.byTable.get(tableId);
    if (!set) this.byTable.set(tableId, (set = new Set()));
    set.add(connId);
  }
  remove(tableId: string, connId: string): boolean {
    const set = this.byTable.get(tableId);
    if (!set?.delete(connId)) return false;
    if (set.size === 0) this.byTable.delete(tableId);
    return true;
  }
  has(tableId: string, connId: string): boolean {
    return this.byTable.get(tableId)?.has(connId) ?? false;
  }
  count(tableId: string): number {
    return this.byTable.get(tableId)?.size ?? 0;
  }
}

/** One node: a set of connections per table. */
export class MemoryPlaces implements SpectatorPlaces {
  private readonly places = new LocalPlaces();
  constructor(private readonly limit: number) {}
  take(tableId: string, connId: string): Promise<boolean> {
    if (this.places.has(tableId, connId)) return Promise.resolve(true);
    if (this.places.count(tableId) >= this.limit) return Promise.resolve(false);
    this.places.add(tableId, connId);
    return Promise.resolve(true);
  }
  leave(tableId: string, connId: string): void {
    this.places.remove(tableId, connId);
  }
  here(tableId: string): number {
    return this.places.count(tableId);
  }
  close(): void {}
}

/** Redis's clock in milliseconds, so that the nodes' clocks never disagree about a place. */
const NOW = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** KEYS[1] the table's set; ARGV: member, limit, ttl (ms). 1 when the place is taken (or held). */
const TAKE = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local held = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not held and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

/** KEYS[1] the table's set; ARGV: ttl, members. Moves the members' ends on (those still there). */
const RENEW = `${NOW}
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[1]), ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1`;

export interface RedisPlacesOptions {
  readonly redis: Redis;
  readonly limit: number;
  /** Key prefix (`REDIS_PREFIX`). */
  readonly prefix: string;
  /** This node's id (the coordinator's), so that members of two nodes never share a name. */
  readonly nodeId: string;
  /** How long a place lasts without renewal (ms). */
  readonly ttlMs?: number;
}

/** Several nodes: one sorted set per table in Redis. */
export class RedisPlaces implements SpectatorPlaces {
  private readonly places = new LocalPlaces();
  private readonly ttlMs: number;
  private readonly renewer: NodeJS.Timeout;

  constructor(private readonly options: RedisPlacesOptions) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.renewer = setInterval(() => void this.renew(), Math.max(100, Math.floor(this.ttlMs / 3)));
    this.renewer.unref();
  }

  private key(tableId: string): string {
    return `${this.options.prefix}spectators:${tableId}`;
  }

  private member(connId: string): string {
    return `${this.options.nodeId}:${connId}`;
  }

  async take(tableId: string, connId: string): Promise<boolean> {
    if (this.places.has(tableId, connId)) return true;
    let taken: boolean;
    try {
      const answer = await this.options.redis.eval(
        TAKE,
        1,
        this.key(tableId),
        this.member(connId),
        String(this.options.limit),
        String(this.ttlMs),
      );
      taken = Number(answer) === 1;
    } catch {
      // Redis unreachable: this node's own connections still keep to the limit.
      taken = this.places.count(tableId) < this.options.limit;
    }
    if (taken) this.places.add(tableId, connId);
    return taken;
  }

  leave(tableId: string, connId: string): void {
    if (!this.places.remove(tableId, connId)) return;
    void this.options.redis.zrem(this.key(tableId), this.member(connId)).catch(() => undefined);
  }

  here(tableId: string): number {
    return this.places.count(tableId);
  }

  /** Moves the end of every place this node holds on by `ttlMs` (on a timer; tests call it). */
  async renew(): Promise<void> {
    if (this.places.byTable.size === 0) return;
    const pipeline = this.options.redis.pipeline();
    for (const [tableId, conns] of this.places.byTable)
      pipeline.eval(
        RENEW,
        1,
        this.key(tableId),
        String(this.ttlMs),
        ...[...conns].map((c) => this.member(c)),
      );
    // Unreachable: the places run out by themselves, and are taken again by the next hellos.
    await pipeline.exec().catch(() => undefined);
  }

  close(): void {
    clearInterval(this.renewer);
  }
}
