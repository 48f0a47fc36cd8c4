/**
 * Several nodes, one set of tables. PostgreSQL is the store of record: every action is appended
 * with the version compare-and-set, so any node may commit to any table and a split brain can at
 * worst reject a move. Redis carries what the nodes tell each other:
 *
 * - a lease per table (`SET key node NX PX`, renewed while the owner lives): exactly one node at a
 *   time drives a table's bots and clocks; when the owner dies its leases expire and another node
 *   adopts the tables;
 * - a commit notice per change of a table (pub/sub, one message per table and revision): an
 *   action's notice carries the logged action and the table's stored changes, so that every other
 *   node holding the table applies it to its own copy (no read of the store) and sends its own
 *   connections their updates; a notice of other changes (seats) has the other nodes catch up
 *   from the store. The lease owner then starts the next bot move or clock at once.
 *
 * Updates to clients never cross Redis: each node makes those of its own connections. Chat lines
 * and seat hand-overs cross nodes through socket.io's Redis Streams adapter (see server.ts). A
 * single node without Redis uses `LocalCoordinator`: it owns every table.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import type { LoggedAction, TableChanges } from './store.ts';

/** A table changed (committed on some node): what the other nodes need to follow it. */
export interface CommitNotice {
  readonly tableId: string;
  /** The table's version and revision after the change. */
  readonly version: number;
  readonly revision: number;
  /** The action (or undo) the change appended, and the table's changes stored with it. */
  readonly appended?: { readonly entry: LoggedAction; readonly changes: TableChanges };
}

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
  /** Tells the other nodes that a table changed (after the change is committed). */
  publishCommit(notice: CommitNotice): void;
  /** Called when another node committed to a table. */
  onCommit(handler: (notice: CommitNotice) => void): void;
  /** Tells the other nodes how many connections this node holds for a seat now. */
  publishPresence(tableId: string, seat: number, count: number): void;
  /** Called when another node's connections for a seat changed (`node`: that node's id). */
  onPresence(handler: (tableId: string, seat: number, node: string, count: number) => void): void;
  /**
   * Called when this node listens to the notices again after its subscription dropped: the
   * notices sent meanwhile are lost, so every copy may be behind.
   */
  onResubscribed(handler: () => void): void;
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
  publishPresence(): void {}
  onPresence(): void {}
  onResubscribed(_handler: () => void): void {}
  onLost(): void {}
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** How long after its subscriber connection is back a node reads the store for what it missed (ms). */
const RESUBSCRIBE_SETTLE_MS = 250;

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
  private readonly commitHandlers: ((notice: CommitNotice) => void)[] = [];
  private readonly resubscribedHandlers: (() => void)[] = [];
  private readonly presenceHandlers: ((
    tableId: string,
    seat: number,
    node: string,
    count: number,
  ) => void)[] = [];
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
      const heard = noticeOf(message, this.nodeId);
      if (heard?.kind === 'commit') for (const h of this.commitHandlers) h(heard.notice);
      else if (heard?.kind === 'presence')
        for (const h of this.presenceHandlers) h(heard.tableId, heard.seat, heard.node, heard.count);
    });
    // The subscriber connection came back (it subscribes again by itself): what was published
    // while it was away is lost. Told a moment later, once its subscription is in place again.
    this.sub.on('ready', () => {
      const timer = setTimeout(() => {
        for (const h of this.resubscribedHandlers) h();
      }, RESUBSCRIBE_SETTLE_MS);
      timer.unref();
    });
    this.renewer = setInterval(() => void this.renewAll(), Math.max(200, Math.floor(options.leaseMs / 3)));
    this.renewer.unref();
  }

  static async connect(options: RedisCoordinatorOptions): Promise<RedisCoordinator> {
    const redis = new Redis(options.url, { maxRetriesPerRequest: 2, lazyConnect: true });
    // Named, so that an operator sees which connection carries a node's notices (CLIENT LIST).
    const sub = new Redis(options.url, { lazyConnect: true, connectionName: `${options.prefix}notices` });
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

  publishCommit(notice: CommitNotice): void {
    this.messages++;
    void this.redis
      .publish(`${this.options.prefix}commits`, JSON.stringify({ node: this.nodeId, ...notice }))
      .catch(() => undefined);
  }

  onCommit(handler: (notice: CommitNotice) => void): void {
    this.commitHandlers.push(handler);
  }

  publishPresence(tableId: string, seat: number, count: number): void {
    this.messages++;
    void this.redis
      .publish(
        `${this.options.prefix}commits`,
        JSON.stringify({ node: this.nodeId, tableId, presence: { seat, count } }),
      )
      .catch(() => undefined);
  }

  onPresence(handler: (tableId: string, seat: number, node: string, count: number) => void): void {
    this.presenceHandlers.push(handler);
  }

  onResubscribed(handler: () => void): void {
    this.resubscribedHandlers.push(handler);
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

/** What another node published: a commit notice, or its connections for a seat. */
export type Heard =
  | { readonly kind: 'commit'; readonly notice: CommitNotice }
  | {
      readonly kind: 'presence';
      readonly tableId: string;
      readonly seat: number;
      readonly node: string;
      readonly count: number;
    };

/** A message as published (JSON with the sender's node id); null for this node's own or a bad one. */
export function noticeOf(message: string, self: string): Heard | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { node, tableId, version, revision, appended, presence } = parsed as Record<string, unknown>;
  if (node === self || typeof node !== 'string' || typeof tableId !== 'string') return null;
  if (presence !== undefined) {
    const { seat, count } = presence as { seat?: unknown; count?: unknown };
    if (typeof seat !== 'number' || typeof count !== 'number') return null;
    return { kind: 'presence', tableId, seat, node, count };
  }
  if (typeof version !== 'number' || typeof revision !== 'number') return null;
  const entry = (appended as { entry?: unknown } | undefined)?.entry as LoggedAction | undefined;
  if (appended !== undefined && (typeof entry?.seq !== 'number' || typeof entry.action !== 'string'))
    return null;
  const notice: CommitNotice = {
    tableId,
    version,
    revision,
    ...(appended ? { appended: appended as NonNullable<CommitNotice['appended']> } : {}),
  };
  return { kind: 'commit', notice };
}
