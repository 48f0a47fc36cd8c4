/**
 * The tables this node holds in memory, and what every part of the table service shares: the
 * store, the broadcaster, the cluster coordinator, the clock and the settings. A table is loaded
 * from the store on first use and brought up to date whenever another node changed it.
 */
import type { GameEvent, Viewer } from '@matchbox/engine';
import type { TableDelta, TableUpdate } from '@matchbox/client/wire';
import type { Logger } from 'pino';
import type { ChatOut } from './chat.ts';
import type { Coordinator } from './cluster.ts';
import { LiveTable } from './live-table.ts';
import type { Metrics } from './metrics.ts';
import type { Store, TableRecord } from './store.ts';

export interface TableServiceConfig {
  /** Delay before a bot moves, so that people can follow (ms). */
  readonly botPaceMs: number;
  /** A snapshot of the state every this many actions. */
  readonly snapshotEvery: number;
  /** Unfinished tables per creating address. */
  readonly tablesPerAddress: number;
  /** Base URL for invite links. */
  readonly publicUrl: string;
  /** Unfinished tables untouched this long are archived (ms); 0 = never. */
  readonly archiveAfterMs: number;
  /** A seat without a connection this long is played by a stand-in (ms; stand-ins.ts). */
  readonly standInGraceMs?: number;
  /** A table where no person plays any more ends as abandoned after this long (ms). */
  readonly abandonAfterMs?: number;
  /**
   * The table's pause at a hand's or round's end (ms; table-pause.ts); absent or 0: none. The
   * server's configuration sets it (`TABLE_PAUSE_MS`, 4 s by default).
   */
  readonly tablePauseMs?: number;
  /**
   * A started table unused this long with no connection on this node is kept in its compact form
   * (ms; `LiveTable.compact`); absent or 0: never. The server's configuration sets it
   * (`TABLE_IDLE_MS`, 5 minutes by default).
   */
  readonly tableIdleMs?: number;
}

/**
 * Where updates go: one channel per seat of a table and its current holder (the hash of the token
 * that holds the seat; null when nobody does, and then nobody hears it), one for its spectators.
 */
export interface Broadcaster extends ChatOut {
  /**
   * Sends a viewer its update, or to the connections that take deltas, `delta()` when it gives one
   * (made once, on first use). True when a connection here takes deltas for this viewer: the table
   * then keeps `update` as the base of the next delta.
   */
  toViewer(
    tableId: string,
    viewer: Viewer,
    update: TableUpdate,
    holder: string | null,
    delta?: () => TableDelta | null,
  ): boolean | void;
  /** False when nobody can hear a viewer's channel (no update is made for it); absent: always true. */
  listening?(tableId: string, viewer: Viewer, holder: string | null): boolean;
  /** The seat's former holder's connections, on every node, are detached from it at once. */
  detach?(tableId: string, seat: number, holder: string): void;
}

/** A game that just ended: its table, its engine and its final state. */
export interface FinishedTable {
  readonly record: TableRecord;
  readonly game: LiveTable['game'];
  readonly state: unknown;
}

/** What the parts of the table service share. */
export interface TableContext {
  readonly store: Store;
  readonly out: Broadcaster;
  readonly config: TableServiceConfig;
  readonly log: Logger;
  readonly metrics: Metrics;
  readonly coordinator: Coordinator;
  readonly now: () => number;
  readonly tables: LiveTables;
}

export class LiveTables {
  private readonly live = new Map<string, LiveTable>();
  /**
   * Told when a loaded table moved on by reading the store (see `LiveTable.onCaughtUp`): the table
   * service sends this node's connections the news.
   */
  caughtUp: ((table: LiveTable, from: number, events: readonly GameEvent[]) => void) | null = null;

  constructor(
    private readonly store: Store,
    private readonly metrics: Metrics,
    /** The table's pause at a hand's or round's end (ms; table-pause.ts). */
    private readonly pauseMs: number = 0,
  ) {}

  /**
   * The live table, loading a stored one on demand (finished tables are served from storage),
   * brought up to date first when another node has changed it.
   */
  async get(id: string): Promise<LiveTable | null> {
    const cached = this.live.get(id);
    if (cached) {
      if (cached.stale)
        await cached.exclusive(() => (cached.stale ? cached.catchUp(this.store) : Promise.resolve()));
      return cached;
    }
    const record = await this.store.getTable(id);
    if (!record || record.status === 'archived') return null;
    const table = await LiveTable.load(record, this.store);
    const raced = this.live.get(id);
    if (raced) return raced;
    this.add(table);
    return table;
  }

  /** The table if it is loaded, as it is (no catching up). */
  loaded(id: string): LiveTable | undefined {
    return this.live.get(id);
  }

  add(table: LiveTable): void {
    table.pauseMs = this.pauseMs;
    table.onCaughtUp = (from, events) => this.caughtUp?.(table, from, events);
    this.live.set(table.id, table);
    this.metrics.tables.set(this.live.size);
  }

  drop(id: string): void {
    this.live.delete(id);
    this.metrics.tables.set(this.live.size);
  }

  /** Every loaded table. */
  all(): LiveTable[] {
    return [...this.live.values()];
  }

  get size(): number {
    return this.live.size;
  }
}
