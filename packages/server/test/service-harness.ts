/**
 * The table service alone, without HTTP or sockets: an in-memory SQLite store, a broadcaster that
 * keeps every update it is given, bots that play each seat's first legal action at once, and the
 * service's clock (`now`) in the test's hands. With vitest's fake `setTimeout` the turn clocks and
 * bot moves run on that clock: a test moves time on with `advance` instead of waiting.
 */
import type { Viewer } from '@matchbox/engine';
import { getGame } from '@matchbox/engine';
import type { TableUpdate } from '@matchbox/client/wire';
import pino from 'pino';
import { vi } from 'vitest';
import type { BotRunner, Store } from '../src/index.ts';
import { KyselyStore, TableService, openDb } from '../src/index.ts';
import type { Coordinator } from '../src/cluster.ts';
import type { Broadcaster, TableServiceConfig } from '../src/live-tables.ts';
import { createMetrics } from '../src/metrics.ts';

/** Bots that play the first legal action of their seat (a run-out clock's substitute too). */
export const firstLegalBots: BotRunner = {
  move(request) {
    const game = getGame(request.game)!;
    const state = game.deserialize(request.save);
    if (!state.ok) throw new Error(state.error.message);
    const legal = game.legalActions(state.value, request.seat);
    return Promise.resolve(game.formatAction(legal[0]!));
  },
  hint: () => Promise.resolve({ ok: false, error: { code: 'no_hint', message: 'No hints here.' } }),
  solve: () => Promise.resolve({ ok: false, error: { code: 'not_available', message: 'No solver here.' } }),
  close: () => Promise.resolve(),
};

export interface Harness {
  readonly service: TableService;
  readonly store: Store;
  /** Every update the service sent, with its viewer. */
  readonly sent: { tableId: string; viewer: Viewer; update: TableUpdate }[];
  /** The service's clock (ms since the epoch as it sees it). */
  now(): number;
  /** Moves the service's clock and the fake timers on by `ms`, running what falls due. */
  advance(ms: number): Promise<void>;
  close(): Promise<void>;
}

/** A table service on fake timers (call `vi.useRealTimers()` after, or use `close`). */
export async function serviceHarness(
  start = 1_000_000,
  config: Partial<TableServiceConfig> = {},
  coordinator?: Coordinator,
): Promise<Harness> {
  // setImmediate stays real: the SQLite store writes its appends in groups on it.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  let clock = start;
  const opened = await openDb({ sqliteFile: ':memory:' });
  const store = new KyselyStore(opened.db, opened.dialect, () => clock);
  const sent: Harness['sent'] = [];
  const out: Broadcaster = {
    toViewer: (tableId, viewer, update) => void sent.push({ tableId, viewer, update }),
    chat: () => undefined,
  };
  const metrics = createMetrics();
  const service = new TableService(
    store,
    firstLegalBots,
    out,
    {
      botPaceMs: 0,
      snapshotEvery: 1000,
      tablesPerAddress: 1000,
      publicUrl: 'http://test',
      archiveAfterMs: 0,
      ...config,
    },
    pino({ level: 'silent' }),
    metrics,
    coordinator,
    () => clock,
  );
  return {
    service,
    store,
    sent,
    now: () => clock,
    async advance(ms) {
      // In steps, so that a timer set by a move made on the way runs on the clock of its moment.
      const step = 50;
      for (let done = 0; done < ms; done += step) {
        const d = Math.min(step, ms - done);
        clock += d;
        await vi.advanceTimersByTimeAsync(d);
        // The store's writes and the commits after them settle on real turns of the event loop.
        for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
      }
    },
    async close() {
      service.close();
      metrics.stop();
      await store.close();
      vi.useRealTimers();
    },
  };
}
