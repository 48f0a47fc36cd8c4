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
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { Migration, MigrationProvider } from 'kysely';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { nameKey } from './names.ts';

export interface TablesRow {
  id: string;
  game: string;
  /** JSON: the game's options. */
  options: string;
  players: number;
  /**
   * The generator's seed: never leaves the server. Drawn when the game starts; empty while the
   * table waits for its players (a waiting table has no deal).
   */
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
  /**
   * Moves on with every change of the row (an action, the seats, the status): each change is a
   * compare-and-set on it, so of two writers that read the same row only one changes it.
   */
  revision: number;
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
  /** 1 when spectators may write in the chat (migration 0003; absent rows read as 0). */
  spectator_chat: number;
  /**
   * JSON: per seat, where its person joined from (`SeatOrigin` in rated.ts: address, browser id,
   * account), or null; never leaves the server (migration 0009).
   */
  origins: string | null;
  /** 1 rated, 0 unrated, null before the game starts (migration 0009; see rated.ts). */
  rated: number | null;
  /** Why an unrated game is unrated (`UnratedReason`), else null. */
  unrated_reason: string | null;
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
  /**
   * ms the mover had left on the turn's clock when it moved, when the move started a new clock
   * (an undo gives them back); null otherwise (migration 0007; older rows read as null).
   */
  clock_left: number | null;
}

export interface SnapshotsRow {
  table_id: string;
  seq: number;
  /** JSON: the engine's `serialize` of the state after action `seq`. */
  state: string;
}

/** A member: name and password (argon2id hash). */
export interface AccountsRow {
  id: string;
  /** As the member wrote it at sign-up. */
  name: string;
  /** The name in lower case: names are unique regardless of case. */
  name_key: string;
  /**
   * The name's look-alike key (names.ts `nameKey`, migration 0006): no two members, and no guest
   * and a member, share one.
   */
  name_skeleton: string | null;
  password_hash: string;
  created_at: number;
}

/** A logged-in device: SHA-256 of its random session token (hex). */
export interface SessionsRow {
  token_hash: string;
  account_id: string;
  created_at: number;
  expires_at: number;
}

/** A seat a member holds, with its token, so that the member can open it from any device. */
export interface AccountTablesRow {
  account_id: string;
  table_id: string;
  seat: number;
  token: string;
  game: string;
  created_at: number;
}

/** One rated identity per game: `a:<account id>` or `bot:<level>` (see ratings.ts). */
export interface RatingsRow {
  game: string;
  player: string;
  mu: number;
  sigma: number;
  games: number;
  updated_at: number;
}

/** One row per seat of every finished game: who sat there, how it went, its rating change. */
export interface GameResultsRow {
  table_id: string;
  seat: number;
  game: string;
  /** `a:<account id>`, `bot:<level>` or `guest`. */
  player: string;
  rank: number;
  score: number;
  /** 1 when the game counted for the ratings. */
  rated: number;
  /**
   * The rating shown (ratings.ts `displayRating`: the players' scale) before and after, for rated
   * games; rows kept before migration 0011 held mu - 3 sigma and were mapped to the scale there.
   */
  rating_before: number | null;
  rating_after: number | null;
  /** JSON: the game's per-seat figures for the stats (stats.ts). */
  stats: string;
  players: number;
  finished_at: number;
}

/** One chat line of a table (seated players and, where allowed, spectators). */
export interface ChatRow {
  table_id: string;
  /** Random, unique within the table. */
  id: string;
  /** The writer's seat, or null for a spectator. */
  seat: number | null;
  name: string;
  /** The cleaned text, or null for a quick phrase. */
  text: string | null;
  phrase: string | null;
  at: number;
  /**
   * The line's place in its table's chat, 1, 2, 3, ... (migration 0006; lines kept from before
   * were numbered by time): the order of the chat on every node and after a restart.
   */
  seq: number;
  /** Who wrote it: `s<seat>` for a seat, a spectator connection's own id (what a mute holds). */
  speaker: string | null;
  /** The writer's name as compared (names.ts `nameKey`): spectators' names are unique per table. */
  name_key: string | null;
}

/** A finished table's analysis (analyses.ts), computed once and served from here after. */
export interface AnalysesRow {
  table_id: string;
  /** JSON: the bots package's `GameAnalysis`. */
  analysis: string;
  created_at: number;
}

/**
 * One node's connections to one seat (migration 0008): the seat's presence is the sum over nodes
 * whose rows are fresh (stand-ins.ts). `seen_at`: when the count last changed, or the node last
 * said its connections are still there (every few seconds while the count is above 0).
 */
export interface SeatPresenceRow {
  table_id: string;
  seat: number;
  node: string;
  connections: number;
  seen_at: number;
}

/**
 * A game a person left before its end (migration 0008): by leaving, or with a stand-in playing
 * for them at its end (away or absent). The repeat-leaver pause counts these (leaving.ts).
 */
export interface LeavesRow {
  /** `a:<account id>` or `g:<browser id>`. */
  person: string;
  table_id: string;
  seat: number;
  /** `left`, `away` or `absent`. */
  how: string;
  at: number;
}

/**
 * The daily cap on rated games between two members (rated.ts): one row per rated game a pair
 * started on a day (UTC), numbered 1..cap; the key refuses a game past the cap on every node.
 */
/**
 * A spectator's name at a table, claimed when it first writes under it (migration 0016): the key
 * (`nameKey`) is unique per table, so two spectators claiming one name at once on two nodes
 * cannot both get it.
 */
export interface SpectatorNamesRow {
  table_id: string;
  name_key: string;
  /** The spectator's chat identity (`speakerAt`). */
  speaker: string;
  name: string;
}

export interface RatedPairsRow {
  /** YYYY-MM-DD, UTC. */
  day: string;
  /** The pair's account ids, the smaller first. */
  account_a: string;
  account_b: string;
  slot: number;
  table_id: string;
}

/**
 * A pairing pool (pairing.ts): the people who pressed "Play now" for one game, player count and
 * mode, until their table starts; then the table they sit at, whose bot seats later seekers may
 * take over.
 */
export interface PairingPoolsRow {
  id: string;
  /** The game, player count and options as one text: the pools a seeker may join. */
  pool_key: string;
  game: string;
  players: number;
  /** JSON: the game's options. */
  options: string;
  /** The level of the bots that take the seats nobody took (the first seeker's choice). */
  level: string;
  /** `open` (counting down), `starting`, `started` (the table plays), `closed`. */
  status: string;
  /** How many people are in the pool. */
  members: number;
  /** When the countdown ends (ms since the epoch). */
  starts_at: number;
  created_at: number;
  updated_at: number;
  /** The table, once chosen (`starting` and after). */
  table_id: string | null;
  /** JSON: the seats bots took when the table started (which later seekers may take over). */
  bot_seats: string | null;
}

/** One person seeking a table (at most one row each: one pool per person at a time). */
export interface PairingSeekersRow {
  /** `a:<account id>`, or `g:<browser id>` for a guest. */
  person: string;
  pool_id: string;
  name: string;
  avatar: string | null;
  account_id: string | null;
  /** Where the seek came from (the seat's origin, for the ratings' rules: rated.ts). */
  address: string;
  browser: string | null;
  /** `waiting` (in an open pool), `claimed` (takes over a bot at the next boundary), `seated`. */
  status: string;
  joined_at: number;
  table_id: string | null;
  seat: number | null;
  /** The seat's token, kept until the person has it (like `account_tables`). */
  token: string | null;
  /**
   * When the seeker's page said it was closing (migration 0015), or null: a seek still marked so
   * when its pool starts is not seated; the page's next status (a reload) clears it.
   */
  leaving_at: number | null;
}

/** A duplicate event (events/store.ts): one per game, kind and first day, with its secret seed. */
export interface EventsRow {
  /** `<game>-<kind>-<date>` (events/schedule.ts). */
  id: string;
  game: string;
  kind: string;
  date: string;
  /** The seed of every entrant's table: secret until the event closes. */
  seed: string;
  created_at: number;
}

/** One entry of an event: who, and the table they play. */
export interface EventEntriesRow {
  event_id: string;
  /** `a:<account id>` for a member, `g:<browser id>` for a guest. */
  entrant: string;
  guest: number;
  /** A guest's address (one guest entry per address and event); null for a member. */
  guest_address: string | null;
  account_id: string | null;
  name: string;
  table_id: string;
  seat: number;
  /** The seat token, sealed (sealed.ts): entering again hands the same ticket back. */
  token: string;
  created_at: number;
  /** JSON: the entrant's result on each deal played, as last read from the table. */
  results: string;
  /** 1 once the entrant's table is over. */
  finished: number;
}

/**
 * A report of a person at a table (reports.ts, migration 0013): kept with a copy of the table's
 * recent chat lines (the chat rolls) until an operator closes it (`matchbox reports`).
 */
export interface ReportsRow {
  id: string;
  table_id: string;
  game: string;
  /** Who reported: `a:<account id>` or `g:<browser id>` (leaving.ts `personOf`). */
  reporter: string;
  reporter_address: string;
  /** The person reported, or null for a spectator's line (spectators are known by name only). */
  reported: string | null;
  reported_name: string;
  /** The seat reported, or the seat of the line reported (null: a spectator's line). */
  seat: number | null;
  /** The chat line reported, if the report came from one. */
  line_id: string | null;
  /** `abuse`, `cheating`, `spam` or `other`. */
  reason: string;
  note: string | null;
  /** JSON: the table's latest chat lines when the report was made. */
  chat: string;
  /** `open` or `closed`. */
  status: string;
  created_at: number;
  closed_at: number | null;
}

/** One person's block of another (reports.ts): never paired together, the other's chat hidden. */
export interface BlocksRow {
  /** Random: what the blocker's list and `DELETE /api/blocks/:id` name (never the person). */
  id: string;
  blocker: string;
  blocked: string;
  /** The blocked person's name when blocked, for the blocker's list. */
  blocked_name: string;
  created_at: number;
}

/**
 * The server's Web Push identity (push.ts, migration 0014): one VAPID key pair, made by the first
 * node that needs it and shared by every node; the private key sealed (sealed.ts).
 */
export interface PushKeysRow {
  /** Always `vapid`: one row, so two nodes making keys at once keep the first. */
  id: string;
  /** The public key, base64url (65 bytes, uncompressed P-256). */
  public_key: string;
  /** The private key, base64url, sealed with the server's secret. */
  private_key: string;
  created_at: number;
}

/** A member's browser that allowed notifications (push.ts): where to send them, and the keys. */
export interface PushSubscriptionsRow {
  /** SHA-256 of the endpoint (base64url, 32 characters): one row per browser endpoint. */
  id: string;
  account_id: string;
  /** An https URL of a known push service (`PUSH_HOSTS`). */
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url (RFC 8291). */
  p256dh: string;
  auth: string;
  /** The words' language of this browser's notifications: `en` or `de`. */
  lang: string;
  created_at: number;
}

/** Which notifications a member wants (push.ts); no row: all of them. */
export interface PushSettingsRow {
  account_id: string;
  /** 1: a slow game's turn. */
  turn: number;
  /** 1: a person took a seat at the member's waiting table (an invitation accepted). */
  accepted: number;
  /** 1: pairing found the member a table. */
  paired: number;
  updated_at: number;
}

export interface Schema {
  tables: TablesRow;
  actions: ActionsRow;
  snapshots: SnapshotsRow;
  accounts: AccountsRow;
  sessions: SessionsRow;
  account_tables: AccountTablesRow;
  ratings: RatingsRow;
  game_results: GameResultsRow;
  chat: ChatRow;
  analyses: AnalysesRow;
  seat_presence: SeatPresenceRow;
  leaves: LeavesRow;
  rated_pairs: RatedPairsRow;
  pairing_pools: PairingPoolsRow;
  pairing_seekers: PairingSeekersRow;
  events: EventsRow;
  event_entries: EventEntriesRow;
  reports: ReportsRow;
  blocks: BlocksRow;
  push_keys: PushKeysRow;
  push_subscriptions: PushSubscriptionsRow;
  push_settings: PushSettingsRow;
  spectator_names: SpectatorNamesRow;
}

export type Db = Kysely<Schema>;
export type Dialect = 'sqlite' | 'postgres';

/** Every migration by name, oldest first (exported for the tests of a migration's own change). */
export const migrations: Record<string, Migration> = {
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
  '0002_accounts_ratings': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        .addColumn('name_key', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('account_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_account').on('sessions').column('account_id').execute();
      await db.schema
        .createTable('account_tables')
        .addColumn('account_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('table_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull())
        .addColumn('game', 'varchar(32)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('account_tables_pk', ['account_id', 'table_id'])
        .execute();
      await db.schema.createIndex('account_tables_table').on('account_tables').column('table_id').execute();
      await db.schema
        .createTable('ratings')
        .addColumn('game', 'varchar(32)', (c) => c.notNull())
        .addColumn('player', 'varchar(48)', (c) => c.notNull())
        .addColumn('mu', 'double precision', (c) => c.notNull())
        .addColumn('sigma', 'double precision', (c) => c.notNull())
        .addColumn('games', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('ratings_pk', ['game', 'player'])
        .execute();
      await db.schema
        .createTable('game_results')
        .addColumn('table_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('game', 'varchar(32)', (c) => c.notNull())
        .addColumn('player', 'varchar(48)', (c) => c.notNull())
        .addColumn('rank', 'integer', (c) => c.notNull())
        .addColumn('score', 'double precision', (c) => c.notNull())
        .addColumn('rated', 'integer', (c) => c.notNull())
        .addColumn('rating_before', 'double precision')
        .addColumn('rating_after', 'double precision')
        .addColumn('stats', 'text', (c) => c.notNull())
        .addColumn('players', 'integer', (c) => c.notNull())
        .addColumn('finished_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('game_results_pk', ['table_id', 'seat'])
        .execute();
      await db.schema
        .createIndex('game_results_player')
        .on('game_results')
        .columns(['player', 'finished_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['game_results', 'ratings', 'account_tables', 'sessions', 'accounts'])
        await db.schema.dropTable(t).execute();
    },
  },
  '0003_chat': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('tables')
        .addColumn('spectator_chat', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('chat')
        .addColumn('table_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('id', 'varchar(32)', (c) => c.notNull())
        .addColumn('seat', 'integer')
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('text', 'text')
        .addColumn('phrase', 'varchar(32)')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('chat_pk', ['table_id', 'id'])
        .execute();
      await db.schema.createIndex('chat_table_at').on('chat').columns(['table_id', 'at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('chat').execute();
      await db.schema.alterTable('tables').dropColumn('spectator_chat').execute();
    },
  },
  '0004_tables_revision': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('tables')
        .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('tables').dropColumn('revision').execute();
    },
  },
  '0005_analyses': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('analyses')
        .addColumn('table_id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('analysis', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('analyses').execute();
    },
  },
  '0006_chat_sequence': {
    async up(db: Kysely<unknown>) {
      for (const [column, type] of [
        ['seq', 'integer'],
        ['speaker', 'varchar(32)'],
        ['name_key', 'varchar(256)'],
      ] as const)
        await db.schema.alterTable('chat').addColumn(column, type).execute();
      // The lines kept so far, numbered in the order their times gave.
      await sql`update chat set seq = (select count(*) from chat c2 where c2.table_id = chat.table_id
        and (c2.at < chat.at or (c2.at = chat.at and c2.id <= chat.id)))`.execute(db);
      await db.schema
        .createIndex('chat_table_seq')
        .unique()
        .on('chat')
        .columns(['table_id', 'seq'])
        .execute();
      await db.schema.createIndex('chat_table_name').on('chat').columns(['table_id', 'name_key']).execute();
      await db.schema.alterTable('accounts').addColumn('name_skeleton', 'varchar(256)').execute();
      const accounts = await sql<{ id: string; name: string }>`select id, name from accounts`.execute(db);
      for (const a of accounts.rows)
        await sql`update accounts set name_skeleton = ${nameKey(a.name)} where id = ${a.id}`.execute(db);
      await db.schema.createIndex('accounts_name_skeleton').on('accounts').column('name_skeleton').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('accounts_name_skeleton').execute();
      await db.schema.alterTable('accounts').dropColumn('name_skeleton').execute();
      await db.schema.dropIndex('chat_table_name').execute();
      await db.schema.dropIndex('chat_table_seq').execute();
      for (const column of ['name_key', 'speaker', 'seq'])
        await db.schema.alterTable('chat').dropColumn(column).execute();
    },
  },
  '0007_actions_clock_left': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('actions').addColumn('clock_left', 'bigint').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('actions').dropColumn('clock_left').execute();
    },
  },
  '0008_presence_leaves': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('seat_presence')
        .addColumn('table_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('node', 'varchar(96)', (c) => c.notNull())
        .addColumn('connections', 'integer', (c) => c.notNull())
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('seat_presence_pk', ['table_id', 'seat', 'node'])
        .execute();
      await db.schema.createIndex('seat_presence_node').on('seat_presence').column('node').execute();
      await db.schema
        .createTable('leaves')
        .addColumn('person', 'varchar(96)', (c) => c.notNull())
        .addColumn('table_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('how', 'varchar(16)', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('leaves_pk', ['person', 'table_id'])
        .execute();
      await db.schema.createIndex('leaves_person_at').on('leaves').columns(['person', 'at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('leaves').execute();
      await db.schema.dropTable('seat_presence').execute();
    },
  },
  '0009_seat_origins_rated': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('tables').addColumn('origins', 'text').execute();
      await db.schema.alterTable('tables').addColumn('rated', 'integer').execute();
      await db.schema.alterTable('tables').addColumn('unrated_reason', 'varchar(32)').execute();
      await db.schema
        .createTable('rated_pairs')
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('account_a', 'varchar(32)', (c) => c.notNull())
        .addColumn('account_b', 'varchar(32)', (c) => c.notNull())
        .addColumn('slot', 'integer', (c) => c.notNull())
        .addColumn('table_id', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('rated_pairs_pk', ['day', 'account_a', 'account_b', 'slot'])
        .execute();
      await db.schema.createIndex('rated_pairs_table').on('rated_pairs').column('table_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('rated_pairs').execute();
      for (const column of ['unrated_reason', 'rated', 'origins'])
        await db.schema.alterTable('tables').dropColumn(column).execute();
    },
  },
  '0010_pairing': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('pairing_pools')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('pool_key', 'varchar(512)', (c) => c.notNull())
        .addColumn('game', 'varchar(32)', (c) => c.notNull())
        .addColumn('players', 'integer', (c) => c.notNull())
        .addColumn('options', 'text', (c) => c.notNull())
        .addColumn('level', 'varchar(16)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('members', 'integer', (c) => c.notNull())
        .addColumn('starts_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('table_id', 'varchar(32)')
        .addColumn('bot_seats', 'text')
        .execute();
      await db.schema
        .createIndex('pairing_pools_key')
        .on('pairing_pools')
        .columns(['pool_key', 'status'])
        .execute();
      await db.schema
        .createIndex('pairing_pools_status')
        .on('pairing_pools')
        .columns(['status', 'starts_at'])
        .execute();
      await db.schema
        .createTable('pairing_seekers')
        .addColumn('person', 'varchar(80)', (c) => c.primaryKey())
        .addColumn('pool_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('avatar', 'varchar(32)')
        .addColumn('account_id', 'varchar(32)')
        .addColumn('address', 'varchar(64)', (c) => c.notNull())
        .addColumn('browser', 'varchar(64)')
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('joined_at', 'bigint', (c) => c.notNull())
        .addColumn('table_id', 'varchar(32)')
        .addColumn('seat', 'integer')
        .addColumn('token', 'text')
        .execute();
      await db.schema.createIndex('pairing_seekers_pool').on('pairing_seekers').column('pool_id').execute();
      await db.schema
        .createIndex('pairing_seekers_table')
        .on('pairing_seekers')
        .columns(['table_id', 'status'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('pairing_seekers').execute();
      await db.schema.dropTable('pairing_pools').execute();
    },
  },
  '0011_ratings_players_scale': {
    // The ratings shown were openskill's mu - 3 sigma (about 16 for the medium bot); they are now
    // on the players' scale (ratings.ts `displayRating`: 1500 + 40 x (ordinal - 16)). The kept
    // results' figures move with them; mu and sigma themselves are unchanged.
    async up(db: Kysely<unknown>) {
      await sql`update game_results set rating_before = round(860 + 40 * rating_before),
        rating_after = round(860 + 40 * rating_after) where rated = 1`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`update game_results set rating_before = (rating_before - 860) / 40.0,
        rating_after = (rating_after - 860) / 40.0 where rated = 1`.execute(db);
    },
  },
  '0012_events': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('events')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('game', 'varchar(32)', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('date', 'varchar(10)', (c) => c.notNull())
        .addColumn('seed', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // One event per game, kind and day, even when two nodes make it at once.
      await db.schema
        .createIndex('events_game_kind_date')
        .unique()
        .on('events')
        .columns(['game', 'kind', 'date'])
        .execute();
      await db.schema
        .createTable('event_entries')
        .addColumn('event_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('entrant', 'varchar(128)', (c) => c.notNull())
        .addColumn('guest', 'integer', (c) => c.notNull())
        .addColumn('guest_address', 'varchar(128)')
        .addColumn('account_id', 'varchar(64)')
        .addColumn('name', 'varchar(128)', (c) => c.notNull())
        .addColumn('table_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('results', 'text', (c) => c.notNull())
        .addColumn('finished', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('event_entries_pk', ['event_id', 'entrant'])
        .execute();
      // One guest entry per address and event (members have none: nulls never clash).
      await db.schema
        .createIndex('event_entries_guest_address')
        .unique()
        .on('event_entries')
        .columns(['event_id', 'guest_address'])
        .execute();
      await db.schema.createIndex('event_entries_table').on('event_entries').column('table_id').execute();
      await db.schema.createIndex('event_entries_account').on('event_entries').column('account_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('event_entries').execute();
      await db.schema.dropTable('events').execute();
    },
  },
  '0013_reports_blocks': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('reports')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('table_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('game', 'varchar(32)', (c) => c.notNull())
        .addColumn('reporter', 'varchar(96)', (c) => c.notNull())
        .addColumn('reporter_address', 'varchar(64)', (c) => c.notNull())
        .addColumn('reported', 'varchar(96)')
        .addColumn('reported_name', 'varchar(128)', (c) => c.notNull())
        .addColumn('seat', 'integer')
        .addColumn('line_id', 'varchar(32)')
        .addColumn('reason', 'varchar(16)', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('chat', 'text', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('closed_at', 'bigint')
        .execute();
      await db.schema.createIndex('reports_status').on('reports').columns(['status', 'created_at']).execute();
      await db.schema
        .createTable('blocks')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('blocker', 'varchar(96)', (c) => c.notNull())
        .addColumn('blocked', 'varchar(96)', (c) => c.notNull())
        .addColumn('blocked_name', 'varchar(128)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('blocks_pair')
        .unique()
        .on('blocks')
        .columns(['blocker', 'blocked'])
        .execute();
      await db.schema.createIndex('blocks_blocked').on('blocks').column('blocked').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('blocks').execute();
      await db.schema.dropTable('reports').execute();
    },
  },
  '0014_push': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('push_keys')
        .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('private_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('account_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('endpoint', 'text', (c) => c.notNull())
        .addColumn('p256dh', 'varchar(128)', (c) => c.notNull())
        .addColumn('auth', 'varchar(64)', (c) => c.notNull())
        .addColumn('lang', 'varchar(8)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('push_subscriptions_account')
        .on('push_subscriptions')
        .columns(['account_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('push_settings')
        .addColumn('account_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('turn', 'integer', (c) => c.notNull())
        .addColumn('accepted', 'integer', (c) => c.notNull())
        .addColumn('paired', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('push_settings').execute();
      await db.schema.dropTable('push_subscriptions').execute();
      await db.schema.dropTable('push_keys').execute();
    },
  },
  '0015_pairing_leaving': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('pairing_seekers').addColumn('leaving_at', 'bigint').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('pairing_seekers').dropColumn('leaving_at').execute();
    },
  },
  '0016_spectator_names': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('spectator_names')
        .addColumn('table_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('name_key', 'varchar(160)', (c) => c.notNull())
        .addColumn('speaker', 'varchar(64)', (c) => c.notNull())
        .addColumn('name', 'varchar(128)', (c) => c.notNull())
        .addPrimaryKeyConstraint('spectator_names_pk', ['table_id', 'name_key'])
        .execute();
      await db.schema
        .createIndex('spectator_names_speaker')
        .on('spectator_names')
        .columns(['table_id', 'speaker'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('spectator_names').execute();
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
    const checkpointer = options.sqliteFile === ':memory:' ? null : startCheckpointer(options.sqliteFile);
    // The checkpointer keeps the log short; this connection checkpoints only if it falls far behind.
    if (checkpointer) database.pragma(`wal_autocheckpoint = ${WAL_SAFETY_PAGES}`);
    const statements = cachedStatements(database, () => options.onQuery?.(), checkpointer);
    const db = new Kysely<Schema>({
      dialect: new SqliteDialect({ database: statements }),
      log: () => options.onQuery?.(),
    });
    sqliteHandles.set(db, statements);
    opened = { db, dialect: 'sqlite', where: options.sqliteFile };
  }
  const migrator = new Migrator({
    db: opened.db,
    provider,
    migrationTableName: 'matchbox_migrations',
    migrationLockTableName: 'matchbox_migration_lock',
    ...(options.databaseUrl && options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const error = await migrateToLatest(migrator);
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${JSON.stringify(error)}`);
  return opened;
}

/**
 * PostgreSQL's codes for "schema does not exist" and "relation does not exist": what a read of
 * the catalog meets when another session drops a schema or a table during it.
 */
const VANISHED_DURING_READ: readonly unknown[] = ['3F000', '42P01'];

/**
 * Runs the migrations. Kysely's migrator looks for its own table by reading every schema's
 * tables; on a PostgreSQL shared with other schemas (other matchbox instances, a test run's other
 * files), a schema or table dropped during that read fails it ("schema does not exist", "relation
 * does not exist") though ours is whole. The migrations run again, a few times (each one is a
 * transaction, so a run that failed left nothing); any other failure is returned as it is.
 */
export async function migrateToLatest(migrator: Pick<Migrator, 'migrateToLatest'>): Promise<unknown> {
  for (let attempt = 1; ; attempt += 1) {
    const { error } = await migrator.migrateToLatest();
    const code = (error as { code?: unknown } | undefined)?.code;
    if (!VANISHED_DURING_READ.includes(code) || attempt === 3) return error;
  }
}

/**
 * The SQLite connection with its compiled statements kept: better-sqlite3 compiles a statement on
 * every `prepare`, and Kysely prepares every query it runs, so without this the same few texts
 * are compiled again on every action (a tenth of the server's time under load). Safe because
 * nothing streams a query (a statement that is iterating cannot run again meanwhile).
 */
export interface SqliteStatements {
  prepare(text: string): Database.Statement;
  close(): void;
  readonly inTransaction: boolean;
  /** Counts a statement run outside Kysely (the queries metric). */
  readonly counted: () => void;
}

/** At most this many compiled statements are kept (the texts in use are a few dozen). */
const STATEMENT_CACHE = 256;

/** Pages in the write-ahead log after which the serving connection checkpoints by itself. */
const WAL_SAFETY_PAGES = 16_000;
/** How often the checkpointer copies the write-ahead log into the database (ms). */
const CHECKPOINT_EVERY_MS = 1_000;

/**
 * A worker thread with its own connection that checkpoints the write-ahead log every second. A
 * checkpoint copies the log into the database file and syncs it to disk; done by the serving
 * connection (SQLite's default, every 1,000 pages) it stalls the event loop for tens of
 * milliseconds at a time under load. A checkpoint changes nothing a reader sees and no commit's
 * durability (commits are in the log already), and a passive one never waits for the writer.
 */
function startCheckpointer(file: string): Worker {
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const db = new (require(workerData.driver))(workerData.file);
     db.pragma('busy_timeout = 5000');
     setInterval(() => {
       try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
     }, workerData.every);`,
    {
      eval: true,
      workerData: {
        file,
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        every: CHECKPOINT_EVERY_MS,
      },
    },
  );
  worker.unref();
  return worker;
}

function cachedStatements(
  database: Database.Database,
  counted: () => void,
  checkpointer: Worker | null = null,
): SqliteStatements {
  const cache = new Map<string, Database.Statement>();
  return {
    prepare(text) {
      let statement = cache.get(text);
      if (!statement) {
        if (cache.size >= STATEMENT_CACHE) cache.clear();
        statement = database.prepare(text);
        cache.set(text, statement);
      }
      return statement;
    },
    close: () => {
      void checkpointer?.terminate();
      database.close();
    },
    get inTransaction() {
      return database.inTransaction;
    },
    counted,
  };
}

const sqliteHandles = new WeakMap<Db, SqliteStatements>();

/**
 * The SQLite connection under a Kysely instance opened by `openDb` (undefined for PostgreSQL), for
 * the store's hot path, which writes a batch of appends with compiled statements. Use it only
 * while holding Kysely's connection (`db.connection().execute`), so that no Kysely transaction is
 * open around it.
 */
export function sqliteStatements(db: Db): SqliteStatements | undefined {
  return sqliteHandles.get(db);
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
