/**
 * Storage behind a small interface: tables, their append-only action logs and snapshots. One
 * implementation on Kysely serves both SQLite and PostgreSQL.
 *
 * Every change of a table is a compare-and-set on its `revision`, which moves on with each change
 * (an action, the seats, the status): of two writers that read the same row only one changes it;
 * the other gets `conflict` (or false) and nothing of its attempt is stored, and it reloads and
 * decides again. `append` also checks the version (the action row's primary key on table and
 * sequence number), so two writers never append the same sequence number.
 */
import type { ChatRow, Db, Dialect, LeavesRow, SeatPresenceRow, SqliteStatements, TablesRow } from './db.ts';
import { isUniqueViolation, sqliteStatements } from './db.ts';
import { sql } from 'kysely';
import type {
  ChatLine,
  ChatPhrase,
  RatedStatus,
  SeatRecord,
  TableStatus,
  UnratedReason,
} from '@matchbox/client/wire';

/** Where a seat's person joined from (`POST /api/tables`, `/join`): kept for the ratings' rules (rated.ts). */
export interface SeatOrigin {
  /** The client's address (client-address.ts). */
  readonly address: string;
  /** The browser's id (`X-Matchbox-Browser`), or null when it sent none. */
  readonly browser: string | null;
  /** The member's account id, or null for a guest. */
  readonly account: string | null;
}

export interface TableRecord {
  readonly id: string;
  readonly game: string;
  readonly options: Record<string, unknown>;
  readonly players: number;
  /**
   * The generator's seed, drawn when the game starts (the last seat filled, or at once for a
   * solitaire or a table of bots); null while the table waits: a waiting table has no deal, so a
   * seat taken and left before the start learns nothing of another seat's cards.
   */
  readonly seed: string | null;
  readonly deck: string[] | null;
  /** The chance outcomes of the setup (the first deal), once the game has started. */
  readonly chance: string[][] | null;
  readonly seats: SeatRecord[];
  readonly status: TableStatus;
  readonly version: number;
  /** Moves on with every stored change of the table (see the module comment). */
  readonly revision: number;
  readonly isPublic: boolean;
  readonly inviteHash: string;
  readonly clockSeconds: number | null;
  readonly deadlineAt: number | null;
  readonly creator: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly result: unknown;
  /** Whether spectators may write in the chat (default false). */
  readonly spectatorChat?: boolean;
  /** Per seat, where its person joined from (null: a bot, an open seat, or not known). Server only. */
  readonly origins?: readonly (SeatOrigin | null)[];
  /** Whether the game counts for the ratings: fixed when it starts (rated.ts); null before. */
  readonly rated?: RatedStatus | null;
}

export interface LoggedAction {
  readonly seq: number;
  readonly seat: number;
  readonly action: string;
  readonly chance: string[][] | null;
  /** `standin`: a stand-in bot for a person who still holds the seat (stand-ins.ts). */
  readonly actor: 'human' | 'bot' | 'clock' | 'standin';
  readonly at: number;
  /**
   * ms the mover had left on the turn's clock when it moved, when the move started a new clock:
   * an undo of the move gives them back (`CommitPath.undo`). Absent or null: no clock, or the
   * clock went on unchanged (a simultaneous phase), or a move logged before clocks were kept.
   */
  readonly clockLeft?: number | null;
}

/** Fields of a table that change as it is played. */
export interface TableChanges {
  /** Set once, when the game starts (with `chance`, its first deal). */
  readonly seed?: string;
  readonly chance?: string[][] | null;
  readonly seats?: SeatRecord[];
  readonly status?: TableStatus;
  readonly deadlineAt?: number | null;
  readonly result?: unknown;
  readonly origins?: readonly (SeatOrigin | null)[];
  readonly rated?: RatedStatus | null;
}

export interface Store {
  readonly dialect: Dialect;
  createTable(table: TableRecord): Promise<void>;
  getTable(id: string): Promise<TableRecord | null>;
  /** Tables by status, newest first. */
  listTables(query: {
    status: readonly TableStatus[];
    publicOnly?: boolean;
    ids?: readonly string[];
    limit: number;
  }): Promise<TableRecord[]>;
  /** How many unfinished tables an address has created. */
  countOpenByCreator(creator: string): Promise<number>;
  /**
   * Appends action `entry.seq`, which must be the table's version + 1, to the table at `revision`
   * (which moves on by one); `conflict` if another writer changed the table first.
   */
  append(
    tableId: string,
    entry: LoggedAction,
    revision: number,
    changes?: TableChanges,
  ): Promise<'ok' | 'conflict'>;
  /**
   * Changes a table's fields without an action (seats, status, clock) if it is still at `revision`
   * (which moves on by one); false if another writer changed it first.
   */
  updateTable(tableId: string, revision: number, changes: TableChanges): Promise<boolean>;
  /** The log from sequence number `fromSeq` on. */
  actions(tableId: string, fromSeq?: number): Promise<LoggedAction[]>;
  saveSnapshot(tableId: string, seq: number, state: unknown): Promise<void>;
  latestSnapshot(tableId: string): Promise<{ seq: number; state: unknown } | null>;
  /**
   * Stores one chat line as the table's next (its `seq` one past the table's last line, given by
   * the database, so two nodes writing at once never share a number) and drops the lines more
   * than `keep` before it; returns the line with its `seq`.
   */
  appendChat(line: NewChatLine, keep: number): Promise<ChatLine>;
  /** The latest `limit` chat lines of a table, in the table's order (`seq`). */
  chat(tableId: string, limit: number): Promise<ChatLine[]>;
  /**
   * The spectators' names at a table, as claimed (`claimSpectatorName`: one per spectator, its
   * latest), each with its `nameKey`. A claim is made before its chat line is written, so a name
   * being taken this moment is among them.
   */
  spectatorNames(tableId: string): Promise<ChatSpectator[]>;
  /**
   * Claims the name `key` (`nameKey`) at a table for spectator `speaker`, giving back the other
   * names it held there; false (nothing changed) when another spectator holds it. The key is
   * unique per table, so of two claims at once, on one node or two, exactly one wins.
   */
  claimSpectatorName(tableId: string, speaker: string, name: string, key: string): Promise<boolean>;
  /**
   * Takes one of the `cap` rated games of `day` for each pair of accounts, for table `tableId`;
   * false (and nothing taken) when a pair has had `cap` already. Two nodes never both take the last.
   */
  claimRatedPairs(
    tableId: string,
    pairs: readonly (readonly [string, string])[],
    day: string,
    cap: number,
  ): Promise<boolean>;
  /** Gives back what `claimRatedPairs` took for a table (its start was not stored after all). */
  releaseRatedPairs(tableId: string): Promise<void>;
  /** Archives unfinished tables untouched since `before` (ms); returns their ids. */
  archiveIdle(before: number): Promise<string[]>;
  /** Sets one node's count of connections to a seat (seen now). */
  setPresence(tableId: string, seat: number, node: string, connections: number): Promise<void>;
  /** Every node's rows for these tables' seats. */
  presence(tableIds: readonly string[]): Promise<SeatPresence[]>;
  /** A node says its connections are still there: its rows with connections are seen now. */
  beatPresence(node: string): Promise<void>;
  /** Keeps that a person left a game, once per person and table: false if it was kept already. */
  recordLeave(leave: Leave): Promise<boolean>;
  /** The people who left a table before its end. */
  leavesAt(tableId: string): Promise<Leave[]>;
  /** The games a person left since `since` (ms), newest first. */
  leavesOf(person: string, since: number): Promise<Leave[]>;
  close(): Promise<void>;
}

/** One node's connections to one seat (see `SeatPresenceRow`). */
export interface SeatPresence {
  readonly tableId: string;
  readonly seat: number;
  readonly node: string;
  readonly connections: number;
  readonly seenAt: number;
}

/** A game a person left before its end (see `LeavesRow`). */
export interface Leave {
  readonly person: string;
  readonly tableId: string;
  readonly seat: number;
  readonly how: 'left' | 'away' | 'absent';
  readonly at: number;
}

const json = (v: unknown): string => JSON.stringify(v);
const parse = <T>(v: string | null): T | null => (v === null ? null : (JSON.parse(v) as T));

function fromRow(r: TablesRow): TableRecord {
  return {
    id: r.id,
    game: r.game,
    options: parse<Record<string, unknown>>(r.options) ?? {},
    players: r.players,
    seed: r.seed === '' ? null : r.seed,
    deck: parse<string[]>(r.deck),
    chance: parse<string[][]>(r.chance),
    seats: parse<SeatRecord[]>(r.seats) ?? [],
    status: r.status as TableStatus,
    version: Number(r.version),
    revision: Number(r.revision),
    isPublic: Boolean(r.is_public),
    inviteHash: r.invite_hash,
    clockSeconds: r.clock_seconds === null ? null : Number(r.clock_seconds),
    deadlineAt: r.deadline_at === null ? null : Number(r.deadline_at),
    creator: r.creator,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    result: parse<unknown>(r.result),
    spectatorChat: Boolean(r.spectator_chat),
    origins: parse<(SeatOrigin | null)[]>(r.origins ?? null) ?? [],
    rated: ratedFromRow(r),
  };
}

function ratedFromRow(r: TablesRow): RatedStatus | null {
  if (r.rated === null || r.rated === undefined) return null;
  return {
    rated: Boolean(r.rated),
    reason: r.rated ? null : ((r.unrated_reason ?? 'format') as UnratedReason),
  };
}

function ratedToRow(rated: RatedStatus | null): Pick<TablesRow, 'rated' | 'unrated_reason'> {
  return {
    rated: rated === null ? null : rated.rated ? 1 : 0,
    unrated_reason: rated?.reason ?? null,
  };
}

/** A chat line before the store numbers it, with its writer's `nameKey`. */
export type NewChatLine = Omit<ChatLine, 'seq'> & { readonly nameKey: string };

export interface ChatSpectator {
  readonly speaker: string;
  readonly name: string;
  readonly nameKey: string;
}

function chatFromRow(r: ChatRow): ChatLine {
  const seat = r.seat === null ? null : Number(r.seat);
  return {
    tableId: r.table_id,
    id: r.id,
    seq: Number(r.seq),
    seat,
    // Lines from before speakers were kept: a seat's, or one spectator per name.
    speaker: r.speaker ?? (seat === null ? `n:${r.name}` : `s${seat}`),
    name: r.name,
    text: r.text,
    phrase: r.phrase as ChatPhrase | null,
    at: Number(r.at),
  };
}

function changesToRow(changes: TableChanges, now: number): Partial<TablesRow> {
  const row: Partial<TablesRow> = { updated_at: now };
  if (changes.seed !== undefined) row.seed = changes.seed;
  if (changes.chance !== undefined) row.chance = changes.chance === null ? null : json(changes.chance);
  if (changes.seats !== undefined) row.seats = json(changes.seats);
  if (changes.status !== undefined) row.status = changes.status;
  if (changes.deadlineAt !== undefined) row.deadline_at = changes.deadlineAt;
  if (changes.result !== undefined) row.result = json(changes.result);
  if (changes.origins !== undefined) row.origins = json(changes.origins);
  if (changes.rated !== undefined) Object.assign(row, ratedToRow(changes.rated));
  return row;
}

const leaveOf = (r: LeavesRow): Leave => ({
  person: r.person,
  tableId: r.table_id,
  seat: Number(r.seat),
  how: r.how as Leave['how'],
  at: Number(r.at),
});

class ConflictError extends Error {}

/** Committed appends whose callers go on in one turn of the event loop. */
const SETTLE_SLICE = 4;

/**
 * Tells the callers of a committed group their outcomes a few at a time, one turn of the event
 * loop each: every caller goes on to send its action's updates, and a group of a hundred (after a
 * pause) told at once held the loop for the whole fan-out while new messages and timers waited.
 */
function settleInSlices(batch: readonly PendingAppend[], outcomes: readonly ('ok' | 'conflict')[]): void {
  const from = (start: number) => {
    const end = Math.min(batch.length, start + SETTLE_SLICE);
    for (let i = start; i < end; i++) batch[i]!.settle(outcomes[i]!);
    if (end < batch.length) setImmediate(() => from(end));
  };
  from(0);
}

interface PendingAppend {
  readonly tableId: string;
  readonly entry: LoggedAction;
  readonly revision: number;
  readonly row: Partial<TablesRow>;
  readonly settle: (outcome: 'ok' | 'conflict' | { error: unknown }) => void;
}

/**
 * An append handed to a group writer (`queue`), and the outcome its caller awaits: settled only
 * once the group holding it has committed, or failed.
 */
function waitingAppend(
  append: Omit<PendingAppend, 'settle'>,
  queue: (pending: PendingAppend) => void,
): Promise<'ok' | 'conflict'> {
  return new Promise((resolve, reject) => {
    queue({
      ...append,
      settle: (outcome) =>
        typeof outcome === 'string'
          ? resolve(outcome)
          : reject(outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error))),
    });
  });
}

/**
 * SQLite's appends, written in groups: the appends that arrive while the connection is busy (or in
 * the same turn of the event loop) go into one transaction with compiled statements, so that a
 * commit's write to the log is shared and nothing is compiled per action. Each append stays a
 * compare-and-set of its own (a lost one leaves nothing behind and the others commit), and each
 * caller hears of its outcome only after the transaction holding its action has committed.
 */
class SqliteAppender {
  private pending: PendingAppend[] = [];
  private scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly sqlite: SqliteStatements,
  ) {}

  append(
    tableId: string,
    entry: LoggedAction,
    revision: number,
    row: Partial<TablesRow>,
  ): Promise<'ok' | 'conflict'> {
    return waitingAppend({ tableId, entry, revision, row }, (p) => {
      this.pending.push(p);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    try {
      // Kysely's connection: no Kysely transaction is open while the group is written.
      await this.db.connection().execute(async () => this.writePending());
    } catch (error) {
      // The connection could not be had (the store is closing): everything waiting fails.
      this.fail(error);
    }
  }

  private writePending(): void {
    const batch = this.take();
    let outcomes: ('ok' | 'conflict')[];
    try {
      outcomes = this.write(batch);
    } catch (error) {
      for (const p of batch) p.settle({ error });
      return;
    }
    settleInSlices(batch, outcomes);
  }

  private take(): PendingAppend[] {
    const batch = this.pending;
    this.pending = [];
    this.scheduled = false;
    return batch;
  }

  private fail(error: unknown): void {
    for (const p of this.take()) p.settle({ error });
  }

  private write(batch: readonly PendingAppend[]): ('ok' | 'conflict')[] {
    const s = this.sqlite;
    s.prepare('begin').run();
    try {
      const outcomes = batch.map((p) => this.writeOne(p));
      s.prepare('commit').run();
      return outcomes;
    } catch (error) {
      if (s.inTransaction) s.prepare('rollback').run();
      throw error;
    }
  }

  /** One compare-and-set inside the group's transaction: the action row, then the version and revision. */
  private writeOne({ tableId, entry, revision, row }: PendingAppend): 'ok' | 'conflict' {
    const s = this.sqlite;
    try {
      s.counted();
      s.prepare(
        'insert into "actions" ("table_id", "seq", "seat", "action", "chance", "actor", "at", "clock_left") values (?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(
        tableId,
        entry.seq,
        entry.seat,
        entry.action,
        entry.chance === null ? null : json(entry.chance),
        entry.actor,
        entry.at,
        entry.clockLeft ?? null,
      );
    } catch (error) {
      if (isUniqueViolation(error)) return 'conflict';
      throw error;
    }
    const columns = Object.keys(row) as (keyof TablesRow)[];
    s.counted();
    const updated = s
      .prepare(
        `update "tables" set ${columns.map((c) => `"${c}" = ?`).join(', ')}, "version" = ?, "revision" = ? where "id" = ? and "version" = ? and "revision" = ?`,
      )
      .run(...columns.map((c) => row[c] ?? null), entry.seq, revision + 1, tableId, entry.seq - 1, revision);
    if (updated.changes !== 1) {
      // Another writer took this version: take back the row written above.
      s.counted();
      s.prepare('delete from "actions" where "table_id" = ? and "seq" = ?').run(tableId, entry.seq);
      return 'conflict';
    }
    return 'ok';
  }
}

/** The columns of `tables` that an append may change (`TableChanges` of a move or an undo). */
const APPEND_COLUMNS = new Set(['updated_at', 'status', 'deadline_at', 'seats', 'result']);

/**
 * PostgreSQL's appends, written in groups: the appends that arrive while the previous group is
 * being written (or in the same turn of the event loop) go to the server as one statement, so that
 * a group shares one round trip and one commit (one sync of the write-ahead log). Each append
 * stays a compare-and-set of its own: an append whose table moved on meanwhile writes nothing and
 * hears `conflict`, the others commit. The statement is one transaction, and each caller hears of
 * its outcome only after it has committed. The tables' rows are locked in the order of their ids,
 * so that two nodes' groups never wait for each other in a circle.
 */
class PgAppender {
  private pending: PendingAppend[] = [];
  private writing = false;
  private scheduled = false;

  constructor(
    private readonly db: Db,
    /** An append written on its own, in a transaction of its own (a group's fallback). */
    private readonly alone: (p: PendingAppend) => Promise<'ok' | 'conflict'>,
  ) {}

  append(
    tableId: string,
    entry: LoggedAction,
    revision: number,
    row: Partial<TablesRow>,
  ): Promise<'ok' | 'conflict'> {
    return waitingAppend({ tableId, entry, revision, row }, (p) => {
      this.pending.push(p);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.writing || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => void this.flush());
  }

  /** Takes the group to write: one append per table (a second waits for the next group). */
  private take(): PendingAppend[] {
    const batch: PendingAppend[] = [];
    const later: PendingAppend[] = [];
    const tables = new Set<string>();
    for (const p of this.pending) {
      if (tables.has(p.tableId)) later.push(p);
      else {
        tables.add(p.tableId);
        batch.push(p);
      }
    }
    this.pending = later;
    return batch;
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    this.writing = true;
    const batch = this.take();
    try {
      const groupable = batch.filter((p) => Object.keys(p.row).every((c) => APPEND_COLUMNS.has(c)));
      const others = batch.filter((p) => !groupable.includes(p));
      const written = groupable.length > 0 ? await this.write(groupable) : new Set<string>();
      settleInSlices(
        groupable,
        groupable.map((p) => (written.has(p.tableId) ? 'ok' : 'conflict')),
      );
      for (const p of others) this.settleAlone(p);
    } catch (error) {
      // A deadlock or a serialization failure rolled the whole statement back: each goes alone.
      if (isRetryable(error)) for (const p of batch) this.settleAlone(p);
      else for (const p of batch) p.settle({ error });
    } finally {
      this.writing = false;
      if (this.pending.length > 0) this.schedule();
    }
  }

  private settleAlone(p: PendingAppend): void {
    this.alone(p).then(
      (outcome) => p.settle(outcome),
      (error: unknown) => p.settle({ error }),
    );
  }

  /** The group as one statement; returns the tables whose action was written. */
  private async write(batch: readonly PendingAppend[]): Promise<Set<string>> {
    const col = <T>(f: (p: PendingAppend) => T): T[] => batch.map(f);
    const { rows } = await sql<{ table_id: string }>`
      with input as (
        select * from unnest(
          ${col((p) => p.tableId)}::text[], ${col((p) => p.entry.seq)}::int[],
          ${col((p) => p.revision)}::int[], ${col((p) => p.entry.seat)}::int[],
          ${col((p) => p.entry.action)}::text[],
          ${col((p) => (p.entry.chance === null ? null : json(p.entry.chance)))}::text[],
          ${col((p) => p.entry.actor)}::text[], ${col((p) => p.entry.at)}::bigint[],
          ${col((p) => p.entry.clockLeft ?? null)}::bigint[], ${col((p) => p.row.status ?? null)}::text[],
          ${col((p) => p.row.deadline_at ?? null)}::bigint[], ${col((p) => 'deadline_at' in p.row)}::boolean[],
          ${col((p) => p.row.seats ?? null)}::text[], ${col((p) => p.row.result ?? null)}::text[],
          ${col((p) => p.row.updated_at ?? p.entry.at)}::bigint[]
        ) as i(id, seq, rev, seat, action, chance, actor, at, clock_left, status, deadline_at,
               deadline_set, seats, result, updated_at)
      ), locked as materialized (
        select id from tables where id = any(${col((p) => p.tableId)}::text[]) order by id for update
      ), moved as (
        update tables t set version = i.seq, revision = i.rev + 1,
          status = coalesce(i.status, t.status),
          deadline_at = case when i.deadline_set then i.deadline_at else t.deadline_at end,
          seats = coalesce(i.seats, t.seats), result = coalesce(i.result, t.result),
          updated_at = i.updated_at
        from input i
        where t.id = i.id and t.version = i.seq - 1 and t.revision = i.rev
          and t.id in (select id from locked)
        returning t.id
      )
      insert into actions (table_id, seq, seat, action, chance, actor, at, clock_left)
      select i.id, i.seq, i.seat, i.action, i.chance, i.actor, i.at, i.clock_left
      from input i join moved m on m.id = i.id
      returning table_id`.execute(this.db);
    return new Set(rows.map((r) => r.table_id));
  }
}

/** A deadlock or a serialization failure: PostgreSQL rolled the statement back, and it may be tried again. */
function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

export class KyselyStore implements Store {
  /** Appends are written in groups, on SQLite and on PostgreSQL. */
  private readonly appender: SqliteAppender | null;
  private readonly pgAppender: PgAppender | null;

  constructor(
    private readonly db: Db,
    readonly dialect: Dialect,
    private readonly now: () => number = Date.now,
  ) {
    const sqlite = sqliteStatements(db);
    this.appender = sqlite ? new SqliteAppender(db, sqlite) : null;
    this.pgAppender =
      dialect === 'postgres'
        ? new PgAppender(db, (p) => this.appendAlone(p.tableId, p.entry, p.revision, p.row))
        : null;
  }

  async createTable(t: TableRecord): Promise<void> {
    await this.db
      .insertInto('tables')
      .values({
        id: t.id,
        game: t.game,
        options: json(t.options),
        players: t.players,
        seed: t.seed ?? '',
        deck: t.deck === null ? null : json(t.deck),
        chance: t.chance === null ? null : json(t.chance),
        seats: json(t.seats),
        status: t.status,
        version: t.version,
        revision: t.revision,
        is_public: t.isPublic ? 1 : 0,
        invite_hash: t.inviteHash,
        clock_seconds: t.clockSeconds,
        deadline_at: t.deadlineAt,
        creator: t.creator,
        created_at: t.createdAt,
        updated_at: t.updatedAt,
        result: t.result === null || t.result === undefined ? null : json(t.result),
        spectator_chat: t.spectatorChat ? 1 : 0,
        origins: t.origins ? json(t.origins) : null,
        ...ratedToRow(t.rated ?? null),
      })
      .execute();
  }

  async claimRatedPairs(
    tableId: string,
    pairs: readonly (readonly [string, string])[],
    day: string,
    cap: number,
  ): Promise<boolean> {
    for (const [a, b] of pairs) {
      let taken = false;
      for (let slot = 1; slot <= cap && !taken; slot++) {
        try {
          await this.db
            .insertInto('rated_pairs')
            .values({ day, account_a: a, account_b: b, slot, table_id: tableId })
            .execute();
          taken = true;
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
      }
      if (!taken) {
        await this.releaseRatedPairs(tableId);
        return false;
      }
    }
    return true;
  }

  async releaseRatedPairs(tableId: string): Promise<void> {
    await this.db.deleteFrom('rated_pairs').where('table_id', '=', tableId).execute();
  }

  async appendChat(line: NewChatLine, keep: number): Promise<ChatLine> {
    // The next number is read and taken in one statement; two nodes that read the same one at
    // once collide on the (table, seq) key, and the loser takes the next.
    for (let attempt = 0; ; attempt++) {
      try {
        const added = await sql<{ seq: number }>`insert into chat
            (table_id, id, seat, speaker, name, name_key, text, phrase, at, seq)
          select ${line.tableId}, ${line.id}, ${line.seat}, ${line.speaker}, ${line.name}, ${line.nameKey},
            ${line.text}, ${line.phrase}, ${line.at}, coalesce(max(seq), 0) + 1
          from chat where table_id = ${line.tableId}
          returning seq`.execute(this.db);
        const seq = Number(added.rows[0]!.seq);
        // Pruned every so often rather than at every line: the table keeps `keep` to `keep + 50`.
        if (seq % 50 === 0)
          await this.db
            .deleteFrom('chat')
            .where('table_id', '=', line.tableId)
            .where('seq', '<=', seq - keep)
            .execute();
        const { nameKey: _key, ...wire } = line;
        return { ...wire, seq };
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 20) throw error;
      }
    }
  }

  async chat(tableId: string, limit: number): Promise<ChatLine[]> {
    const rows = await this.db
      .selectFrom('chat')
      .selectAll()
      .where('table_id', '=', tableId)
      .orderBy('seq', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map(chatFromRow);
  }

  async spectatorNames(tableId: string): Promise<ChatSpectator[]> {
    const rows = await this.db
      .selectFrom('spectator_names')
      .select(['speaker', 'name', 'name_key'])
      .where('table_id', '=', tableId)
      .execute();
    return rows.map((r) => ({ speaker: r.speaker, name: r.name, nameKey: r.name_key }));
  }

  async claimSpectatorName(tableId: string, speaker: string, name: string, key: string): Promise<boolean> {
    await this.db
      .insertInto('spectator_names')
      .values({ table_id: tableId, name_key: key, speaker, name })
      .onConflict((oc) => oc.columns(['table_id', 'name_key']).doNothing())
      .execute();
    const holder = await this.db
      .selectFrom('spectator_names')
      .select('speaker')
      .where('table_id', '=', tableId)
      .where('name_key', '=', key)
      .executeTakeFirst();
    if (holder?.speaker !== speaker) return false;
    await this.db
      .deleteFrom('spectator_names')
      .where('table_id', '=', tableId)
      .where('speaker', '=', speaker)
      .where('name_key', '!=', key)
      .execute();
    return true;
  }

  async getTable(id: string): Promise<TableRecord | null> {
    const row = await this.db.selectFrom('tables').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  async listTables(query: {
    status: readonly TableStatus[];
    publicOnly?: boolean;
    ids?: readonly string[];
    limit: number;
  }): Promise<TableRecord[]> {
    if (query.status.length === 0 || (query.ids && query.ids.length === 0)) return [];
    let q = this.db
      .selectFrom('tables')
      .selectAll()
      .where('status', 'in', [...query.status]);
    if (query.publicOnly) q = q.where('is_public', '=', 1);
    if (query.ids) q = q.where('id', 'in', [...query.ids]);
    const rows = await q.orderBy('updated_at', 'desc').limit(query.limit).execute();
    return rows.map(fromRow);
  }

  async countOpenByCreator(creator: string): Promise<number> {
    const row = await this.db
      .selectFrom('tables')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('creator', '=', creator)
      .where('status', 'in', ['waiting', 'playing'])
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async append(
    tableId: string,
    entry: LoggedAction,
    revision: number,
    changes: TableChanges = {},
  ): Promise<'ok' | 'conflict'> {
    const row = changesToRow(changes, this.now());
    if (this.appender) return this.appender.append(tableId, entry, revision, row);
    if (this.pgAppender) return this.pgAppender.append(tableId, entry, revision, row);
    return this.appendAlone(tableId, entry, revision, row);
  }

  /** One append in a transaction of its own: the compare-and-set, then the action's row. */
  private async appendAlone(
    tableId: string,
    entry: LoggedAction,
    revision: number,
    row: Partial<TablesRow>,
  ): Promise<'ok' | 'conflict'> {
    try {
      await this.db.transaction().execute(async (tx) => {
        const updated = await tx
          .updateTable('tables')
          .set({ ...row, version: entry.seq, revision: revision + 1 })
          .where('id', '=', tableId)
          .where('version', '=', entry.seq - 1)
          .where('revision', '=', revision)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw new ConflictError();
        await tx
          .insertInto('actions')
          .values({
            table_id: tableId,
            seq: entry.seq,
            seat: entry.seat,
            action: entry.action,
            chance: entry.chance === null ? null : json(entry.chance),
            actor: entry.actor,
            at: entry.at,
            clock_left: entry.clockLeft ?? null,
          })
          .execute();
      });
      return 'ok';
    } catch (error) {
      if (error instanceof ConflictError || isUniqueViolation(error)) return 'conflict';
      throw error;
    }
  }

  async updateTable(tableId: string, revision: number, changes: TableChanges): Promise<boolean> {
    const updated = await this.db
      .updateTable('tables')
      .set({ ...changesToRow(changes, this.now()), revision: revision + 1 })
      .where('id', '=', tableId)
      .where('revision', '=', revision)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  async actions(tableId: string, fromSeq = 1): Promise<LoggedAction[]> {
    const rows = await this.db
      .selectFrom('actions')
      .selectAll()
      .where('table_id', '=', tableId)
      .where('seq', '>=', fromSeq)
      .orderBy('seq')
      .execute();
    return rows.map((r) => ({
      seq: Number(r.seq),
      seat: Number(r.seat),
      action: r.action,
      chance: parse<string[][]>(r.chance),
      actor: r.actor as LoggedAction['actor'],
      at: Number(r.at),
      ...(r.clock_left === null || r.clock_left === undefined ? {} : { clockLeft: Number(r.clock_left) }),
    }));
  }

  async saveSnapshot(tableId: string, seq: number, state: unknown): Promise<void> {
    try {
      await this.db
        .insertInto('snapshots')
        .values({ table_id: tableId, seq, state: json(state) })
        .execute();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error; // the same snapshot taken twice is harmless
    }
  }

  async latestSnapshot(tableId: string): Promise<{ seq: number; state: unknown } | null> {
    const row = await this.db
      .selectFrom('snapshots')
      .selectAll()
      .where('table_id', '=', tableId)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? { seq: Number(row.seq), state: JSON.parse(row.state) as unknown } : null;
  }

  async archiveIdle(before: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('tables')
      .select('id')
      .where('status', 'in', ['waiting', 'playing'])
      .where('updated_at', '<', before)
      .execute();
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    // One conditional statement: a table changed since it was read is not archived, and the
    // revision moves on, so a writer that read it before fails its compare-and-set.
    const archived = await this.db
      .updateTable('tables')
      .set((eb) => ({ status: 'archived', revision: eb('revision', '+', 1) }))
      .where('id', 'in', ids)
      .where('status', 'in', ['waiting', 'playing'])
      .where('updated_at', '<', before)
      .returning('id')
      .execute();
    return archived.map((r) => r.id);
  }

  async setPresence(tableId: string, seat: number, node: string, connections: number): Promise<void> {
    const row: SeatPresenceRow = { table_id: tableId, seat, node, connections, seen_at: this.now() };
    await this.db
      .insertInto('seat_presence')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['table_id', 'seat', 'node']).doUpdateSet({ connections, seen_at: row.seen_at }),
      )
      .execute();
  }

  async presence(tableIds: readonly string[]): Promise<SeatPresence[]> {
    if (tableIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('seat_presence')
      .selectAll()
      .where('table_id', 'in', [...tableIds])
      .execute();
    return rows.map((r) => ({
      tableId: r.table_id,
      seat: Number(r.seat),
      node: r.node,
      connections: Number(r.connections),
      seenAt: Number(r.seen_at),
    }));
  }

  async beatPresence(node: string): Promise<void> {
    await this.db
      .updateTable('seat_presence')
      .set({ seen_at: this.now() })
      .where('node', '=', node)
      .where('connections', '>', 0)
      .execute();
  }

  async recordLeave(leave: Leave): Promise<boolean> {
    const { person, tableId, seat, how, at } = leave;
    const inserted = await this.db
      .insertInto('leaves')
      .values({ person, table_id: tableId, seat, how, at })
      .onConflict((oc) => oc.columns(['person', 'table_id']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async leavesAt(tableId: string): Promise<Leave[]> {
    const rows = await this.db.selectFrom('leaves').selectAll().where('table_id', '=', tableId).execute();
    return rows.map(leaveOf);
  }

  async leavesOf(person: string, since: number): Promise<Leave[]> {
    const rows = await this.db
      .selectFrom('leaves')
      .selectAll()
      .where('person', '=', person)
      .where('at', '>=', since)
      .orderBy('at', 'desc')
      .limit(100)
      .execute();
    return rows.map(leaveOf);
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}
