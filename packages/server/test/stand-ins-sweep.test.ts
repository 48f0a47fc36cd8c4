/**
 * The owner's presence sweep (stand-ins.ts) does bounded work per turn of the event loop: it
 * reads and reviews at most `SWEEP_SLICE` tables at a time and lets the loop run between two
 * slices, however many tables the node drives, and still reviews every table with its own rows.
 */
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TableContext } from '../src/live-tables.ts';
import type { LiveTable } from '../src/live-table.ts';
import { KyselyStore, openDb } from '../src/index.ts';
import type { CommitPath } from '../src/commit-path.ts';
import { STAND_IN_GRACE_MS, SWEEP_SLICE, StandIns } from '../src/stand-ins.ts';

const NOW = 5_000_000;
let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
  vi.restoreAllMocks();
});

/** A real-time four-person table that this node drives (all the sweep reads of a table). */
function liveTable(id: string) {
  const human = { kind: 'human' as const, name: 'P', left: false, standIn: null };
  return {
    id,
    record: { id, status: 'playing', players: 4, clockSeconds: 60, seats: [human, human, human, human] },
    presentSeats: new Set<number>(),
  } as unknown as LiveTable;
}

describe("the owner's presence sweep", () => {
  it(`reads and reviews at most ${SWEEP_SLICE} tables per turn of the event loop, each with its own rows`, async () => {
    const opened = await openDb({ sqliteFile: ':memory:' });
    const store = new KyselyStore(opened.db, opened.dialect, () => NOW);
    const count = 2 * SWEEP_SLICE + 7;
    const tables = Array.from({ length: count }, (_, i) => liveTable(`t${i}`));
    const byId = new Map(tables.map((t) => [t.id, t]));
    // Table i has seat i % 4 connected on this node; its other seats are not in the store yet
    // (never connected: left to the turn clock, no grace timer).
    for (let i = 0; i < count; i++) await store.setPresence(`t${i}`, i % 4, 'n1', 1);
    const ctx = {
      store,
      log: pino({ level: 'silent' }),
      coordinator: { nodeId: 'n1', owns: () => true },
      now: () => NOW,
      tables: { all: () => tables, loaded: (id: string) => byId.get(id) },
    } as unknown as TableContext;
    const standIns = new StandIns(ctx, {} as CommitPath, {
      graceMs: STAND_IN_GRACE_MS,
      abandonAfterMs: 60_000,
    });
    close = async () => {
      standIns.close();
      await store.close();
    };

    // A ticker on every turn of the loop: the turn on which each read of the sweep happened.
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const reads: { tables: number; turn: number }[] = [];
    const presence = store.presence.bind(store);
    vi.spyOn(store, 'presence').mockImplementation((ids) => {
      reads.push({ tables: ids.length, turn });
      return presence(ids);
    });
    await standIns.sweep();
    ticking = false;

    expect(reads.reduce((n, r) => n + r.tables, 0)).toBe(count);
    for (const r of reads) expect(r.tables).toBeLessThanOrEqual(SWEEP_SLICE);
    // The loop turned between every two slices: nothing waits for the whole sweep.
    for (let i = 1; i < reads.length; i++) expect(reads[i]!.turn).toBeGreaterThan(reads[i - 1]!.turn);
    // Every table was reviewed with its own rows: its one connected seat is present.
    for (let i = 0; i < count; i++) expect([...tables[i]!.presentSeats]).toEqual([i % 4]);
  });
});
