/**
 * SQLite's write-ahead log starts again from its beginning under a steady stream of appends,
 * without the serving connection checkpointing it (db.ts, `startCheckpointer`): once the log is
 * long, the checkpointer holds the serving connection for a moment, copies the last frames, and
 * the next write starts the log again.
 */
import { mkdtempSync, openSync, readSync, closeSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '../src/index.ts';
import { KyselyStore, openDb } from '../src/index.ts';
import { sqliteStatements } from '../src/db.ts';

const dir = mkdtempSync(join(tmpdir(), 'matchbox-checkpoint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const table = (id: string): TableRecord => ({
  id,
  game: 'matchmaster',
  players: 2,
  options: {},
  seed: 's',
  deck: null,
  chance: [],
  seats: [
    { kind: 'human', name: 'Ada', level: 'medium', tokenHash: 'ab', left: false },
    { kind: 'human', name: 'Bob', level: 'medium', tokenHash: 'cd', left: false },
  ],
  status: 'playing',
  version: 0,
  revision: 0,
  isPublic: false,
  inviteHash: 'ef',
  clockSeconds: null,
  deadlineAt: null,
  creator: '127.0.0.1',
  createdAt: 1,
  updatedAt: 1,
  result: null,
});

const entry = (seq: number) => ({
  seq,
  seat: seq % 2,
  action: `bid ${seq} ${'x'.repeat(400)}`,
  chance: null,
  actor: 'human' as const,
  at: seq,
});

/** The salts of the log's header: SQLite draws new ones each time the log starts again. */
function walSalts(file: string): string {
  const fd = openSync(`${file}-wal`, 'r');
  try {
    const header = Buffer.alloc(32);
    readSync(fd, header, 0, 32, 0);
    return header.subarray(16, 24).toString('hex');
  } finally {
    closeSync(fd);
  }
}

describe('the SQLite checkpointer', () => {
  it('holds the serving connection while it catches up, and the log starts again under steady writes', async () => {
    const file = join(dir, 'steady.db');
    const opened = await openDb({
      sqliteFile: file,
      checkpoint: { everyMs: 20, restartPages: 50, holdMs: 2_000 },
    });
    const store = new KyselyStore(opened.db, opened.dialect);
    const holds = sqliteStatements(opened.db)!.checkpointHolds;
    try {
      const tables = Array.from({ length: 20 }, (_, i) => `t${i}`);
      for (const id of tables) await store.createTable(table(id));
      const salts = new Set<string>([walSalts(file)]);
      let seq = 0;
      const started = Date.now();
      // Appends on every turn of the loop, a group at a time, and other writes beside them (a
      // seat's presence): never a pause for the log to be caught up by chance.
      while ((salts.size < 3 || holds() < 2) && Date.now() - started < 15_000) {
        const writes = tables.map((id) => store.append(id, entry(seq + 1), seq));
        const presence = store.setPresence(tables[seq % tables.length]!, 0, 'n1', seq % 2);
        expect(await Promise.all(writes)).toEqual(tables.map(() => 'ok'));
        await presence;
        seq++;
        salts.add(walSalts(file));
      }
      expect(holds()).toBeGreaterThanOrEqual(2);
      expect(salts.size).toBeGreaterThanOrEqual(3);
      expect((await store.actions('t0')).length).toBe(seq);
    } finally {
      await store.close();
    }
  }, 30_000);
});
