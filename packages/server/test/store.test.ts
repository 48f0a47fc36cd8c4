/**
 * The store on both databases: SQLite always, PostgreSQL when one answers (services.ts: DATABASE_URL
 * or the local one; the run says loudly when it skips, and under CI fails instead), in a schema of
 * this run's own. Each append is a compare-and-set: of writers
 * racing for the same version exactly one wins.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '../src/index.ts';
import { KyselyStore, openDb } from '../src/index.ts';
import { migrateToLatest } from '../src/db.ts';
import { runName, services } from './services.ts';

const dir = mkdtempSync(join(tmpdir(), 'matchbox-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pgUrl = services.databaseUrl;

/** Opens a store; `onQuery` counts the statements sent. */
const backends: [string, (onQuery?: () => void) => Promise<KyselyStore>][] = [
  [
    'sqlite',
    async (onQuery) => {
      const opened = await openDb({ sqliteFile: join(dir, `s${Math.random()}.db`), onQuery });
      return new KyselyStore(opened.db, opened.dialect);
    },
  ],
];
const schemas: string[] = [];
afterAll(async () => {
  if (!pgUrl || schemas.length === 0) return;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  for (const schema of schemas) await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
});
if (pgUrl) {
  backends.push([
    'postgres',
    async (onQuery) => {
      const schema = runName('mbtest');
      schemas.push(schema);
      const opened = await openDb({ databaseUrl: pgUrl, schema, sqliteFile: '', onQuery });
      return new KyselyStore(opened.db, opened.dialect);
    },
  ]);
}

const table = (id: string): TableRecord => ({
  id,
  game: 'matchmaster',
  options: { handSizes: [1] },
  players: 2,
  seed: 'secret',
  deck: null,
  chance: [['do1', 'lb2']],
  seats: [
    { kind: 'human', name: 'Ada', level: 'medium', tokenHash: 'ab', left: false },
    { kind: 'bot', name: 'Bot', level: 'easy', tokenHash: null, left: false },
  ],
  status: 'playing',
  version: 0,
  revision: 0,
  isPublic: false,
  inviteHash: 'cd',
  clockSeconds: null,
  deadlineAt: null,
  creator: '127.0.0.1',
  createdAt: 1,
  updatedAt: 1,
  result: null,
});

describe.each(backends)('the store on %s', (_name, open) => {
  it('appends with a compare-and-set on the version', async () => {
    const store = await open();
    const id = `t${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    await store.createTable(table(id));
    expect((await store.getTable(id))?.chance).toEqual([['do1', 'lb2']]);
    const entry = (seq: number, action: string) => ({
      seq,
      seat: 0,
      action,
      chance: null,
      actor: 'human' as const,
      at: seq,
    });
    expect(await store.append(id, entry(1, 'bid 0'), 0)).toBe('ok');
    // Ten writers race for version 2: exactly one wins, and its action is the one stored.
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => store.append(id, entry(2, `bid ${i}`), 1)),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    const winner = results.indexOf('ok');
    const log = await store.actions(id);
    expect(log.map((a) => a.action)).toEqual(['bid 0', `bid ${winner}`]);
    expect((await store.getTable(id))?.version).toBe(2);
    // A stale writer (version 1 again) and a gap (version 4) are conflicts and store nothing.
    expect(await store.append(id, entry(2, 'late'), 2)).toBe('conflict');
    expect(await store.append(id, entry(4, 'gap'), 2)).toBe('conflict');
    // The right version at a revision another writer has moved on from stores nothing either.
    expect(await store.append(id, entry(3, 'stale'), 1)).toBe('conflict');
    expect(await store.actions(id)).toHaveLength(2);
    await store.saveSnapshot(id, 2, { any: 'state' });
    await store.saveSnapshot(id, 2, { any: 'state' });
    expect(await store.latestSnapshot(id)).toEqual({ seq: 2, state: { any: 'state' } });
    await store.close();
  });

  it('appends arriving together are written as a group, each its own compare-and-set', async () => {
    let statements = 0;
    const store = await open(() => statements++);
    const ids = Array.from({ length: 6 }, (_, i) => `g${i}${Date.now()}${Math.floor(Math.random() * 1e6)}`);
    for (const id of ids) await store.createTable(table(id));
    const entry = (seq: number, action: string) => ({
      seq,
      seat: 1,
      action,
      chance: [['x1']],
      actor: 'human' as const,
      at: 1000 + seq,
      clockLeft: 7,
    });
    const seats = table('x').seats.map((s) => ({ ...s, name: `${s.name}'s "new" name, \\ {}` }));
    statements = 0;
    // Six appends in one turn of the event loop: one at a revision another writer moved on from.
    const results = await Promise.all(
      ids.map((id, i) =>
        store.append(id, entry(1, `bid ${i}`), i === 2 ? 5 : 0, {
          status: i === 0 ? 'finished' : 'playing',
          deadlineAt: i === 1 ? null : 5000 + i,
          ...(i === 3 ? { seats } : {}),
          ...(i === 0 ? { result: { ranks: [1, 2] } } : {}),
        }),
      ),
    );
    expect(results).toEqual(['ok', 'ok', 'conflict', 'ok', 'ok', 'ok']);
    // One statement for the group on PostgreSQL; SQLite counts one per row in its transaction.
    if (store.dialect === 'postgres') expect(statements).toBe(1);
    for (const [i, id] of ids.entries()) {
      const stored = (await store.getTable(id))!;
      const log = await store.actions(id);
      if (i === 2) {
        expect(stored).toMatchObject({ version: 0, revision: 0, deadlineAt: null });
        expect(log).toEqual([]);
        continue;
      }
      expect(stored).toMatchObject({
        version: 1,
        revision: 1,
        status: i === 0 ? 'finished' : 'playing',
        deadlineAt: i === 1 ? null : 5000 + i,
        result: i === 0 ? { ranks: [1, 2] } : null,
      });
      expect(stored.seats).toEqual(i === 3 ? seats : table(id).seats);
      expect(log).toEqual([{ ...entry(1, `bid ${i}`) }]);
    }
    await store.close();
  });

  it('changes seats with a compare-and-set on the revision, which every change moves on', async () => {
    const store = await open();
    const id = `r${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    await store.createTable({ ...table(id), status: 'waiting' });
    const seats = table(id).seats;
    const taken = (name: string) => [seats[0]!, { ...seats[1]!, kind: 'human' as const, name }];
    // Two writers that read revision 0 (two nodes joining at once): exactly one changes the seats.
    const results = await Promise.all(
      ['Bob', 'Cy'].map((name) => store.updateTable(id, 0, { seats: taken(name), status: 'playing' })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const stored = (await store.getTable(id))!;
    expect(stored.revision).toBe(1);
    expect(stored.seats[1]!.name).toBe(results[0] ? 'Bob' : 'Cy');
    // The version does not move with a seat change, the revision does: an append that read the
    // table before the change (same version, old revision) is refused.
    expect(stored.version).toBe(0);
    const entry = { seq: 1, seat: 1, action: 'bid 0', chance: null, actor: 'human' as const, at: 1 };
    expect(await store.append(id, entry, 0)).toBe('conflict');
    expect(await store.append(id, entry, 1)).toBe('ok');
    // And a seat change that read the table before that append is refused.
    expect(await store.updateTable(id, 1, { seats })).toBe(false);
    expect((await store.getTable(id))!.revision).toBe(2);
    await store.close();
  });

  it('lists, counts and archives tables', async () => {
    const store = await open();
    const a = `a${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    await store.createTable({ ...table(a), isPublic: true, status: 'waiting', creator: `c-${a}` });
    expect(
      (await store.listTables({ status: ['waiting'], publicOnly: true, limit: 500 })).map((t) => t.id),
    ).toContain(a);
    expect(await store.countOpenByCreator(`c-${a}`)).toBe(1);
    expect(await store.archiveIdle(2)).toContain(a);
    expect((await store.getTable(a))?.status).toBe('archived');
    await store.close();
  });
});

describe('migrating on a PostgreSQL shared with other schemas', () => {
  /** A migrator whose run answers each of `errors` in turn, then succeeds. */
  const failingThen = (errors: unknown[]) => {
    let runs = 0;
    return {
      get runs() {
        return runs;
      },
      migrateToLatest: () => Promise.resolve({ error: errors[runs++], results: [] }),
    };
  };
  const schemaGone = Object.assign(new Error('schema "other_run" does not exist'), { code: '3F000' });
  const tableGone = Object.assign(new Error('relation "other_run.tables" does not exist'), { code: '42P01' });

  it('reads the tables again when another schema or table vanished during the read', async () => {
    const migrator = failingThen([schemaGone, tableGone]);
    expect(await migrateToLatest(migrator)).toBeUndefined();
    expect(migrator.runs).toBe(3);
  });

  it('gives up after three reads, and passes any other failure on at once', async () => {
    const vanishing = failingThen([schemaGone, schemaGone, schemaGone, schemaGone]);
    expect(await migrateToLatest(vanishing)).toBe(schemaGone);
    expect(vanishing.runs).toBe(3);
    const broken = new Error('syntax error');
    const other = failingThen([broken]);
    expect(await migrateToLatest(other)).toBe(broken);
    expect(other.runs).toBe(1);
  });
});
