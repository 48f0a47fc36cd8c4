/**
 * Several nodes, one set of tables. PostgreSQL is the store of record: every action is appended
 * with the version compare-and-set, so any node may commit to any table and a split brain can at
 * worst reject a move. Redis carries what the nodes tell each other:
 *
 * - a lease per table (`SET key node NX PX`, renewed while the owner lives): exactly one node at a
 *   time drives a table's bots and clocks; when the owner dies its leases expire and another node
 *   adopts the tables;
 * - a commit notice per action (pub/sub), so that the other nodes know their copy is behind and
 *   the lease owner starts the next bot move at once.
 *
 * Updates to clients cross nodes through socket.io's Redis Streams adapter (see server.ts). A
 * single node without Redis uses `LocalCoordinator`: it owns every table.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Redis } from 'ioredis';

export interface Coordinator {
  readonly nodeId: string;
  readonly clustered: boolean;
  /** Takes (or keeps) the lease of a table; true while this node owns it. */
  acquire(tableId: string): Promise<boolean>;
  /** Whether this node holds the table's lease now (as far as it knows). */
  owns(tableId: string): boolean;
  /** Gives a lease back (the game is over, the table archived). */
  release(tableId: string): Promise<void>;
  /** Of these tables, the ones no node holds a lease for. */
  unowned(tableIds: readonly string[]): Promise<string[]>;
  /** Tells the other nodes that a table reached `version`. */
  publishCommit(tableId: string, version: number): void;
  /** Called when another node committed to a table. */
  onCommit(handler: (tableId: string, version: number) => void): void;
  /** Called when a lease this node held was lost (it could not be renewed in time). */
  onLost(handler: (tableId: string) => void): void;
  close(): Promise<void>;
}

/** One node: it owns every table and has nobody to tell. */
export class LocalCoordinator implements Coordinator {
  readonly nodeId = `${hostname()}-${process.pid}`;
  readonly clustered = false;
  acquire(): Promise<boolean> {
    return Promise.resolve(true);
  }
  owns(): boolean {
    return true;
  }
  release(): Promise<void> {
    return Promise.resolve();
  }
  unowned(): Promise<string[]> {
    return Promise.resolve([]);
  }
  publishCommit(): void {}
  onCommit(): void {}
  onLost(): void {}
  close(): Promise<void> {
    return Promise.resolve();
  }
}

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export interface RedisCoordinatorOptions {
  readonly url: string;
  /** How long a lease lasts without renewal (ms); a dead owner's tables are adopted after this. */
  readonly leaseMs: number;
  /** Key and channel prefix (tests use their own). */
  readonly prefix: string;
}

export class RedisCoordinator implements Coordinator {
  readonly nodeId = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  readonly clustered = true;
  private readonly redis: Redis;
  private readonly sub: Redis;
  private readonly held = new Map<string, number>(); // table -> when the lease runs out (local clock)
  private readonly commitHandlers: ((tableId: string, version: number) => void)[] = [];
  private readonly lostHandlers: ((tableId: string) => void)[] = [];
  private readonly renewer: NodeJS.Timeout;
  /** Redis messages sent, for the benchmark's per-action figure. */
  messages = 0;

  private constructor(
    private readonly options: RedisCoordinatorOptions,
    redis: Redis,
    sub: Redis,
  ) {
    this.redis = redis;
    this.sub = sub;
    this.sub.on('message', (_channel: string, message: string) => {
      const [tableId, version, node] = message.split(' ');
      if (!tableId || node === this.nodeId) return;
      for (const h of this.commitHandlers) h(tableId, Number(version));
    });
    this.renewer = setInterval(() => void this.renewAll(), Math.max(200, Math.floor(options.leaseMs / 3)));
    this.renewer.unref();
  }

  static async connect(options: RedisCoordinatorOptions): Promise<RedisCoordinator> {
    const redis = new Redis(options.url, { maxRetriesPerRequest: 2, lazyConnect: true });
    const sub = new Redis(options.url, { lazyConnect: true });
    await redis.connect();
    await sub.connect();
    await sub.subscribe(`${options.prefix}commits`);
    return new RedisCoordinator(options, redis, sub);
  }

  private key(tableId: string): string {
    return `${this.options.prefix}lease:${tableId}`;
  }

  async acquire(tableId: string): Promise<boolean> {
    const until = Date.now() + this.options.leaseMs;
    this.messages++;
    if (this.held.has(tableId)) {
      const renewed = await this.redis.eval(
        RENEW,
        1,
        this.key(tableId),
        this.nodeId,
        String(this.options.leaseMs),
      );
      if (Number(renewed) === 1) {
        this.held.set(tableId, until);
        return true;
      }
      this.lose(tableId);
      return false;
    }
    const taken = await this.redis.set(this.key(tableId), this.nodeId, 'PX', this.options.leaseMs, 'NX');
    if (taken !== 'OK') return false;
    this.held.set(tableId, until);
    return true;
  }

  owns(tableId: string): boolean {
    const until = this.held.get(tableId);
    return until !== undefined && until > Date.now();
  }

  async release(tableId: string): Promise<void> {
    if (!this.held.delete(tableId)) return;
    this.messages++;
    await this.redis.eval(RELEASE, 1, this.key(tableId), this.nodeId).catch(() => undefined);
  }

  async unowned(tableIds: readonly string[]): Promise<string[]> {
    if (tableIds.length === 0) return [];
    this.messages++;
    const owners = await this.redis.mget(...tableIds.map((id) => this.key(id)));
    return tableIds.filter((_, i) => owners[i] === null);
  }

  publishCommit(tableId: string, version: number): void {
    this.messages++;
    void this.redis
      .publish(`${this.options.prefix}commits`, `${tableId} ${version} ${this.nodeId}`)
      .catch(() => undefined);
  }

  onCommit(handler: (tableId: string, version: number) => void): void {
    this.commitHandlers.push(handler);
  }

  onLost(handler: (tableId: string) => void): void {
    this.lostHandlers.push(handler);
  }

  private lose(tableId: string): void {
    if (!this.held.delete(tableId)) return;
    for (const h of this.lostHandlers) h(tableId);
  }

  private async renewAll(): Promise<void> {
    const ids = [...this.held.keys()];
    if (ids.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.eval(RENEW, 1, this.key(id), this.nodeId, String(this.options.leaseMs));
    this.messages++;
    const until = Date.now() + this.options.leaseMs;
    try {
      const results = (await pipeline.exec()) ?? [];
      ids.forEach((id, i) => {
        const [error, value] = results[i] ?? [new Error('no reply'), 0];
        if (!error && Number(value) === 1) this.held.set(id, until);
        else this.lose(id);
      });
    } catch {
      // Redis unreachable: leases run out by themselves; owns() turns false when they do.
    }
  }

  /** A Redis connection for socket.io's adapter. */
  /** The client the cost limits count on (limits.ts): one allowance for every node. */
  limitsClient(): Redis {
    return this.redis;
  }

  adapterClient(): Redis {
    return this.redis.duplicate();
  }

  async close(): Promise<void> {
    clearInterval(this.renewer);
    const ids = [...this.held.keys()];
    await Promise.all(ids.map((id) => this.release(id)));
    this.redis.disconnect();
    this.sub.disconnect();
  }
}
