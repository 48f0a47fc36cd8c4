/**
 * The database: its schema as types, the two dialects (SQLite by default, PostgreSQL when a
 * `DATABASE_URL` is given) and the migrations, which run at start.
 *
 * Tables are event-sourced: `tables` holds a table's setup and seats, `actions` the append-only log
 * (one row per accepted action; the primary key on table and sequence number is the
 * compare-and-set that keeps two writers from both appending), `snapshots` a serialized state
 * every few actions so that a long game reloads fast.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Migration, MigrationProvider } from 'kysely';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';

export interface TablesRow {
  id: string;
  game: string;
  /** JSON: the game's options. */
  options: string;
  players: number;
  /** The generator's seed: never leaves the server. */
  seed: string;
  /** JSON: a stacked first deck, or null. */
  deck: string | null;
  /** JSON: the chance outcomes of the setup (the first deal). */
  chance: string | null;
  /** JSON: the seats (see `SeatRecord` in tables.ts). */
  seats: string;
  status: string;
  /** The number of actions committed; the last action's sequence number. */
  version: number;
  is_public: number;
  /** SHA-256 of the invite code (hex). */
  invite_hash: string;
  /** Seconds per move, or null for no clock. */
  clock_seconds: number | null;
  /** When the current turn's clock runs out (ms since the epoch), or null. */
  deadline_at: number | null;
  /** Who created the table (an address), for the per-address limit. */
  creator: string;
  created_at: number;
  updated_at: number;
  /** JSON: the result once finished. */
  result: string | null;
}

export interface ActionsRow {
  table_id: string;
  seq: number;
  seat: number;
  /** The action in the game's text notation. */
  action: string;
  /** JSON: the chance outcomes this action produced, or null. */
  chance: string | null;
  /** Who acted: "human", "bot", "clock". */
  actor: string;
  at: number;
}

export interface SnapshotsRow {
  table_id: string;
  seq: number;
  /** JSON: the engine's `serialize` of the state after action `seq`. */
  state: string;
}

export interface Schema {
  tables: TablesRow;
  actions: ActionsRow;
  snapshots: SnapshotsRow;
}

export type Db = Kysely<Schema>;
export type Dialect = 'sqlite' | 'postgres';

const migrations: Record<string, Migration> = {
  '0001_tables_actions_snapshots': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('tables')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('game', 'varchar(32)', (c) => c.notNull())
        .addColumn('options', 'text', (c) => c.notNull())
        .addColumn('players', 'integer', (c) => c.notNull())
        .addColumn('seed', 'text', (c) => c.notNull())
        .addColumn('deck', 'text')
        .addColumn('chance', 'text')
        .addColumn('seats', 'text', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('is_public', 'integer', (c) => c.notNull())
        .addColumn('invite_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('clock_seconds', 'integer')
        .addColumn('deadline_at', 'bigint')
        .addColumn('creator', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('result', 'text')
        .execute();
      await db.schema.createIndex('tables_status').on('tables').columns(['status', 'updated_at']).execute();
      await db.schema
        .createTable('actions')
        .addColumn('table_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('chance', 'text')
        .addColumn('actor', 'varchar(16)', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('actions_pk', ['table_id', 'seq'])
        .execute();
      await db.schema
        .createTable('snapshots')
        .addColumn('table_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('snapshots_pk', ['table_id', 'seq'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('snapshots').execute();
      await db.schema.dropTable('actions').execute();
      await db.schema.dropTable('tables').execute();
    },
  },
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export interface OpenedDb {
  readonly db: Db;
  readonly dialect: Dialect;
  /** Where the data lives, for the start-up line (a file path, or the URL without a password). */
  readonly where: string;
}

/** Opens the database (PostgreSQL for a postgres:// URL, else SQLite at `file`) and migrates it. */
export async function openDb(options: {
  databaseUrl?: string | undefined;
  /** A PostgreSQL schema to keep the tables in (created when missing); default: the user's. */
  schema?: string | undefined;
  sqliteFile: string;
  /** Called once per statement sent (for the queries-per-action figure). */
  onQuery?: (() => void) | undefined;
  /** "full" to fsync every commit (survives a power cut), else "normal" (survives kill -9). */
  sqliteSynchronous?: 'normal' | 'full' | undefined;
}): Promise<OpenedDb> {
  let opened: OpenedDb;
  if (options.databaseUrl) {
    const schema = options.schema;
    if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema))
      throw new Error(`DATABASE_SCHEMA must be a lower-case identifier, not "${schema}"`);
    if (schema) {
      const admin = new pg.Client({ connectionString: options.databaseUrl });
      await admin.connect();
      await admin.query(`create schema if not exists ${schema}`);
      await admin.end();
    }
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // bigint columns come back as strings by default; ours hold milliseconds, safe as numbers.
    pg.types.setTypeParser(20, (v) => Number(v));
    opened = {
      db: new Kysely<Schema>({ dialect: new PostgresDialect({ pool }), log: () => options.onQuery?.() }),
      dialect: 'postgres',
      where: options.databaseUrl.replace(/:\/\/([^:@/]+):[^@/]*@/, '://$1:***@'),
    };
  } else {
    if (options.sqliteFile !== ':memory:') mkdirSync(dirname(options.sqliteFile), { recursive: true });
    const database = new Database(options.sqliteFile);
    database.pragma('journal_mode = WAL');
    // In WAL mode NORMAL keeps every commit through a crash of the process (kill -9): the commit
    // is in the operating system's hands before it is acknowledged. FULL also survives a power cut,
    // at an fsync per action.
    database.pragma(`synchronous = ${options.sqliteSynchronous === 'full' ? 'FULL' : 'NORMAL'}`);
    database.pragma('busy_timeout = 5000');
    opened = {
      db: new Kysely<Schema>({ dialect: new SqliteDialect({ database }), log: () => options.onQuery?.() }),
      dialect: 'sqlite',
      where: options.sqliteFile,
    };
  }
  const migrator = new Migrator({
    db: opened.db,
    provider,
    migrationTableName: 'matchbox_migrations',
    migrationLockTableName: 'matchbox_migration_lock',
    ...(options.databaseUrl && options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${JSON.stringify(error)}`);
  return opened;
}

/** Whether an error is a unique or primary key violation (the compare-and-set lost). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return (
    e?.code === '23505' || // PostgreSQL unique_violation
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE'
  );
}

/** A cheap round trip, for readiness checks. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
