/**
 * `npm run bench:idle [-- --tables 2000] [-- --moves 12] [-- --runs 3] [-- --json]`
 *
 * What an idle table holds (docs/server.md, "Allocation per action, the collector's pauses, and
 * memory per table"): the table service alone (no HTTP, no sockets, an SQLite file store), in a
 * fresh process per measurement, loads `--tables` MatchMaster tables of four people, each dealt
 * and played `--moves` moves, with no connection; each process reports the heap (after two full
 * collections: `--expose-gc`) and the RSS they add per table, over a baseline taken after ten
 * tables were played, compacted and rebuilt (so that the code those paths compile is in the
 * baseline). One process keeps them whole, the other compacts them (`LiveTable.compact`) and then
 * rebuilds them all (every seat's and a spectator's update made), timing both; it compacts them a
 * hundred at a time as they are made, so that its RSS is not that of every table whole first.
 * Figures are the medians of `--runs` runs.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import pino from 'pino';
import { KyselyStore, TableService, openDb } from '../src/index.ts';
import { createMetrics } from '../src/metrics.ts';
import { firstLegalBots } from '../test/service-harness.ts';

const { values } = parseArgs({
  options: {
    tables: { type: 'string', default: '2000' },
    moves: { type: 'string', default: '12' },
    runs: { type: 'string', default: '3' },
    json: { type: 'boolean', default: false },
    /** Internal: the mode of a measuring child process. */
    child: { type: 'string' },
  },
});

interface Reading {
  readonly heapPerTable: number;
  readonly rssPerTable: number;
  /** CPU ms per table to compact, then to rebuild (compact mode only). */
  readonly compactMs?: number;
  readonly rebuildMs?: number;
}

async function measure(mode: 'whole' | 'compact', n: number, moves: number): Promise<Reading> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const dir = mkdtempSync(join(tmpdir(), 'matchbox-idle-'));
  let clock = 1_000_000;
  const idleMs = 60_000;
  const opened = await openDb({ sqliteFile: join(dir, 'db.sqlite') });
  const store = new KyselyStore(opened.db, opened.dialect, () => clock);
  const metrics = createMetrics();
  const service = new TableService(
    store,
    firstLegalBots,
    { toViewer: () => undefined, chat: () => undefined },
    {
      botPaceMs: 0,
      snapshotEvery: 50,
      tablesPerAddress: 1_000_000,
      publicUrl: 'http://bench',
      archiveAfterMs: 0,
      tableIdleMs: mode === 'compact' ? idleMs : 0,
    },
    pino({ level: 'silent' }),
    metrics,
    undefined,
    () => clock,
  );
  const table = async () => {
    const made = await service.create(
      {
        game: 'matchmaster',
        players: 4,
        name: 'Ada',
        // A slow game: no clock runs out meanwhile.
        clockSeconds: 86_400,
        seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'open' }, { kind: 'open' }],
      },
      'bench',
    );
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.table.id;
    for (let s = 1; s < 4; s++) {
      const joined = await service.join(id, { name: `P${s}`, invite: made.value.invite });
      if (!joined.ok) throw new Error(joined.error.message);
    }
    for (let i = 0; i < moves; i++) {
      const seat = service.current(id, null)!.toAct[0];
      if (seat === undefined) break;
      const acted = await service.act(id, seat, service.current(id, seat)!.legal[0]!.text, 'human');
      if (!acted.ok) throw new Error(acted.error.message);
    }
    for (const viewer of [0, 1, 2, 3, null]) service.current(id, viewer);
    return id;
  };
  const compactAll = async () => {
    clock += idleMs;
    await service.compactIdle();
    clock += idleMs;
    await service.compactIdle();
  };
  const rebuildAll = (ids: readonly string[]) => {
    for (const id of ids) for (const viewer of [0, 1, 2, 3, null]) service.current(id, viewer);
  };
  const settle = () => {
    gc();
    gc();
    const m = process.memoryUsage();
    return { heap: m.heapUsed, rss: m.rss };
  };
  const warm: string[] = [];
  for (let i = 0; i < 10; i++) warm.push(await table());
  if (mode === 'compact') {
    await compactAll();
    rebuildAll(warm);
    await compactAll();
  }
  const base = settle();
  const ids: string[] = [];
  // Compacted a hundred tables at a time (as a server compacts its idle tables as they come), so
  // that the RSS is not that of all of them whole first.
  let compactUs = 0;
  const compactTimed = async () => {
    const t0 = process.cpuUsage();
    await compactAll();
    const t = process.cpuUsage(t0);
    compactUs += t.user + t.system;
  };
  for (let i = 0; i < n; i++) {
    ids.push(await table());
    if (mode === 'compact' && (i + 1) % 100 === 0) await compactTimed();
  }
  let reading: Reading;
  if (mode === 'whole') {
    const m = settle();
    reading = { heapPerTable: (m.heap - base.heap) / n, rssPerTable: (m.rss - base.rss) / n };
  } else {
    await compactTimed();
    if (service.memory().tablesCompacted !== n + warm.length) throw new Error('not every table compacted');
    const m = settle();
    const t2 = process.cpuUsage();
    rebuildAll(ids);
    const t3 = process.cpuUsage(t2);
    reading = {
      heapPerTable: (m.heap - base.heap) / n,
      rssPerTable: (m.rss - base.rss) / n,
      compactMs: compactUs / 1000 / n,
      rebuildMs: (t3.user + t3.system) / 1000 / n,
    };
  }
  service.close();
  metrics.stop();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  return reading;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

if (values.child) {
  const reading = await measure(
    values.child as 'whole' | 'compact',
    Number(values.tables),
    Number(values.moves),
  );
  process.send!(reading);
  process.exit(0);
} else {
  const runs = Number(values.runs);
  const results: Record<string, Reading[]> = { whole: [], compact: [] };
  for (let r = 0; r < runs; r++)
    for (const mode of ['whole', 'compact'] as const) {
      const child = fork(
        process.argv[1]!,
        ['--child', mode, '--tables', values.tables, '--moves', values.moves],
        { execArgv: process.execArgv },
      );
      results[mode]!.push(
        await new Promise<Reading>((resolve, reject) => {
          child.once('message', (m) => resolve(m as Reading));
          child.once('exit', (code) => code !== 0 && reject(new Error(`child exited ${code}`)));
        }),
      );
    }
  const summary = Object.fromEntries(
    Object.entries(results).map(([mode, rs]) => [
      mode,
      {
        heapKBPerTable: median(rs.map((r) => r.heapPerTable)) / 1024,
        rssKBPerTable: median(rs.map((r) => r.rssPerTable)) / 1024,
        ...(mode === 'compact'
          ? {
              compactMsPerTable: median(rs.map((r) => r.compactMs!)),
              rebuildMsPerTable: median(rs.map((r) => r.rebuildMs!)),
            }
          : {}),
      },
    ]),
  );
  const out = {
    tables: Number(values.tables),
    moves: Number(values.moves),
    runs,
    load: loadavg(),
    ...summary,
  };
  console.log(values.json ? JSON.stringify(out) : out);
}
