/** Prometheus metrics (`/metrics`): tables, connections, actions, round trips and bot move times. */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Metrics {
  readonly registry: Registry;
  readonly tables: Gauge;
  /** Tables held in their compact form (LiveTable.compact). */
  readonly tablesCompacted: Gauge;
  readonly connections: Gauge;
  readonly actions: Counter<'actor'>;
  /** From receiving an action to every seat's update being sent (s). */
  readonly roundTrip: Histogram;
  readonly botMove: Histogram<'level'>;
  readonly rejected: Counter<'code'>;
  readonly queries: Counter;
  /** Updates not sent to a connection that was behind (it got the current one once drained). */
  readonly updatesSkipped: Counter;
  /** Connections closed because they did not read what they were sent. */
  readonly slowDisconnects: Counter;
  /** Event-loop blocks of 20 ms or more: how long the loop could not run a timer. */
  readonly blocks: Histogram;
  /** Stops the block watcher. */
  stop(): void;
}

/** The block watcher's timer period: a tick this much later than due is a block (ms). */
const TICK_MS = 10;
const BLOCK_MS = 20;

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'matchbox_' });
  const buckets = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
  const blocks = new Histogram({
    name: 'matchbox_eventloop_block_seconds',
    help: 'Event-loop blocks of 20 ms or more (a 10 ms timer that ran this much late)',
    buckets: [0.02, 0.05, 0.1, 0.2, 0.5, 1, 2],
    registers: [registry],
  });
  // Every block is counted, not only a sampled maximum: a tail of stalls shows how often they come.
  let last = performance.now();
  const watcher = setInterval(() => {
    const now = performance.now();
    const late = now - last - TICK_MS;
    last = now;
    if (late >= BLOCK_MS) blocks.observe(late / 1000);
  }, TICK_MS);
  watcher.unref();
  return {
    blocks,
    stop: () => clearInterval(watcher),
    registry,
    tables: new Gauge({ name: 'matchbox_tables_live', help: 'Tables held in memory', registers: [registry] }),
    tablesCompacted: new Gauge({
      name: 'matchbox_tables_compacted',
      help: 'Tables held in memory in their compact form (idle)',
      registers: [registry],
    }),
    connections: new Gauge({
      name: 'matchbox_connections',
      help: 'Open real-time connections',
      registers: [registry],
    }),
    actions: new Counter({
      name: 'matchbox_actions_total',
      help: 'Committed actions, by who acted',
      labelNames: ['actor'],
      registers: [registry],
    }),
    roundTrip: new Histogram({
      name: 'matchbox_action_round_trip_seconds',
      help: 'From receiving an action to sending every seat its update',
      buckets,
      registers: [registry],
    }),
    botMove: new Histogram({
      name: 'matchbox_bot_move_seconds',
      help: 'Time a bot took to choose a move',
      labelNames: ['level'],
      buckets,
      registers: [registry],
    }),
    queries: new Counter({
      name: 'matchbox_db_queries_total',
      help: 'Statements sent to the database (the BEGIN and COMMIT of a transaction not counted)',
      registers: [registry],
    }),
    updatesSkipped: new Counter({
      name: 'matchbox_updates_skipped_total',
      help: 'Updates not sent to a connection that was behind on reading (it gets the current update once drained)',
      registers: [registry],
    }),
    slowDisconnects: new Counter({
      name: 'matchbox_slow_disconnects_total',
      help: 'Connections closed because they did not read what they were sent (slow_consumer)',
      registers: [registry],
    }),
    rejected: new Counter({
      name: 'matchbox_rejected_total',
      help: 'Rejected requests and actions, by error code',
      labelNames: ['code'],
      registers: [registry],
    }),
  };
}
