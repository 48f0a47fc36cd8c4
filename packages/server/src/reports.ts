/**
 * Reports and blocks (docs/server.md, "Reports and blocks"). Anyone who may watch a table reports
 * the person at a seat, or the writer of a chat line, with a reason from a closed list and a short
 * note; the report keeps a copy of the table's latest chat lines (the chat rolls, so they would be
 * gone when an operator reads it) until an operator closes it (`matchbox reports`). Reports are
 * limited per address and account (a flood from one person is refused with `rate_limited`).
 *
 * A block is kept between two people (`a:<account id>` or `g:<browser id>`, leaving.ts
 * `personOf`): pairing never seats them together (`blockPolicy`), and the blocker's pages hide
 * the other's chat lines (`GET /api/blocks?tableId=` names the table's blocked seats). The blocked
 * person is never told, and the blocker's list names them, never identifies them.
 */
import type { BlockEntry, ChatLine, ReportReason } from '@matchbox/client/wire';
import { cleanChatText } from '@matchbox/client/wire';
import type { Db } from './db.ts';
import type { ReportsRow } from './db.ts';
import type { Person } from './leaving.ts';
import { personOf } from './leaving.ts';
import type { Outcome } from './outcome.ts';
import { done, fail } from './outcome.ts';
import type { PairingPolicy } from './pairing.ts';
import type { Store, TableRecord } from './store.ts';
import { randomId } from './tokens.ts';

/** How many of the table's latest chat lines a report keeps. */
export const REPORT_CHAT_LINES = 50;
/** How many people one person may block (every input is bounded). */
export const MAX_BLOCKS = 500;

export interface ReportInput {
  readonly tableId: string;
  readonly seat?: number | undefined;
  readonly line?: string | undefined;
  readonly reason: ReportReason;
  readonly note?: string | undefined;
}

/** Who is reported or blocked: the person (null for a spectator's line), their name and seat. */
interface Target {
  readonly person: Person | null;
  readonly name: string;
  readonly seat: number | null;
}

/** A report as the operator's list shows it. */
export interface Report {
  readonly id: string;
  readonly tableId: string;
  readonly game: string;
  readonly reporter: string;
  readonly reported: string | null;
  readonly reportedName: string;
  readonly seat: number | null;
  readonly lineId: string | null;
  readonly reason: string;
  readonly note: string | null;
  readonly chat: readonly ChatLine[];
  readonly status: 'open' | 'closed';
  readonly createdAt: number;
  readonly closedAt: number | null;
}

const noTable = () => fail('no_such_table', 'There is no such table.');
const noPerson = () => fail('no_person', 'Nobody is at that seat to report or block.');

/** The person at `seat` of a table, by where they joined from; null for a bot, an open seat. */
function seatTarget(record: TableRecord, seat: number): Outcome<Target> {
  const s = record.seats[seat];
  const origin = record.origins?.[seat] ?? null;
  if (!s || s.kind !== 'human' || !origin) return noPerson();
  const person = personOf(origin.account, origin.browser ?? undefined);
  if (person === null) return noPerson();
  return done({ person, name: s.name ?? `${seat + 1}`, seat });
}

export class ReportService {
  constructor(
    private readonly db: Db,
    private readonly store: Pick<Store, 'getTable' | 'chat'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Keeps a report of the person at a seat, or of a chat line's writer, with the chat's copy. */
  async report(reporter: Person, address: string, input: ReportInput): Promise<Outcome<{ id: string }>> {
    const record = await this.store.getTable(input.tableId);
    if (!record) return noTable();
    const chat = await this.store.chat(input.tableId, REPORT_CHAT_LINES);
    const target = this.target(record, input, chat);
    if (!target.ok) return target;
    if (target.value.person === reporter) return fail('own_seat', 'You cannot report yourself.');
    const row: ReportsRow = {
      id: randomId(12),
      table_id: record.id,
      game: record.game,
      reporter,
      reporter_address: address.slice(0, 64),
      reported: target.value.person,
      reported_name: target.value.name.slice(0, 128),
      seat: target.value.seat,
      line_id: input.line ?? null,
      reason: input.reason,
      note: input.note === undefined ? null : cleanChatText(input.note) || null,
      chat: JSON.stringify(chat),
      status: 'open',
      created_at: this.now(),
      closed_at: null,
    };
    await this.db.insertInto('reports').values(row).execute();
    return done({ id: row.id });
  }

  /** Blocks the person at `seat` of a table (blocking again changes nothing). */
  async block(blocker: Person, tableId: string, seat: number): Promise<Outcome<BlockEntry>> {
    const record = await this.store.getTable(tableId);
    if (!record) return noTable();
    const target = seatTarget(record, seat);
    if (!target.ok) return target;
    const blocked = target.value.person!;
    if (blocked === blocker) return fail('own_seat', 'You cannot block yourself.');
    const existing = await this.db
      .selectFrom('blocks')
      .selectAll()
      .where('blocker', '=', blocker)
      .where('blocked', '=', blocked)
      .executeTakeFirst();
    if (existing) return done(entryOf(existing));
    const count = await this.db
      .selectFrom('blocks')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('blocker', '=', blocker)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_BLOCKS)
      return fail('too_many_blocks', `You may block at most ${MAX_BLOCKS} people; unblock someone first.`);
    const row = {
      id: randomId(12),
      blocker,
      blocked,
      blocked_name: target.value.name.slice(0, 128),
      created_at: this.now(),
    };
    // Two requests at once: the unique pair keeps one row, and the other reads it.
    await this.db
      .insertInto('blocks')
      .values(row)
      .onConflict((oc) => oc.columns(['blocker', 'blocked']).doNothing())
      .execute();
    return done(entryOf(row));
  }

  /** Lifts one of the blocker's blocks; whether there was one. */
  async unblock(blocker: Person, id: string): Promise<{ removed: boolean }> {
    const result = await this.db
      .deleteFrom('blocks')
      .where('blocker', '=', blocker)
      .where('id', '=', id)
      .executeTakeFirst();
    return { removed: Number(result.numDeletedRows) > 0 };
  }

  /** The blocker's blocks, newest first, and the seats of `tableId` (if given) whose people they blocked. */
  async blocks(blocker: Person, tableId: string | null): Promise<{ blocks: BlockEntry[]; seats: number[] }> {
    const rows = await this.db
      .selectFrom('blocks')
      .selectAll()
      .where('blocker', '=', blocker)
      .orderBy('created_at', 'desc')
      .limit(MAX_BLOCKS)
      .execute();
    const record = tableId ? await this.store.getTable(tableId) : null;
    const blocked = new Set(rows.map((r) => r.blocked));
    const seats = record
      ? record.seats.flatMap((_, seat) => {
          const t = seatTarget(record, seat);
          return t.ok && t.value.person !== null && blocked.has(t.value.person) ? [seat] : [];
        })
      : [];
    return { blocks: rows.map(entryOf), seats };
  }

  private target(record: TableRecord, input: ReportInput, chat: ChatLine[]): Outcome<Target> {
    if (input.seat !== undefined) return seatTarget(record, input.seat);
    const line = chat.find((l) => l.id === input.line);
    if (!line) return fail('no_such_line', 'That chat line is gone.');
    if (line.seat === null) return done({ person: null, name: line.name, seat: null });
    const target = seatTarget(record, line.seat);
    // The line stays the evidence even when its seat has changed hands since.
    return target.ok ? done({ ...target.value, name: line.name }) : target;
  }
}

const entryOf = (row: { id: string; blocked_name: string; created_at: number }): BlockEntry => ({
  id: row.id,
  name: row.blocked_name,
  at: Number(row.created_at),
});

/** Whether either of two people blocked the other. */
export async function blockedEither(db: Db, a: Person, b: Person): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker', '=', a), eb('blocked', '=', b)]),
        eb.and([eb('blocker', '=', b), eb('blocked', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** Pairing's policy (pairing.ts): two people share no table when one blocked the other. */
export const blockPolicy: PairingPolicy = {
  mayShareTable: async (a, b, db) => !(await blockedEither(db, a, b)),
};

// --- The operator's side (`matchbox reports`) -------------------------------------------------------

const reportOf = (r: ReportsRow): Report => ({
  id: r.id,
  tableId: r.table_id,
  game: r.game,
  reporter: r.reporter,
  reported: r.reported,
  reportedName: r.reported_name,
  seat: r.seat,
  lineId: r.line_id,
  reason: r.reason,
  note: r.note,
  chat: JSON.parse(r.chat) as ChatLine[],
  status: r.status === 'closed' ? 'closed' : 'open',
  createdAt: Number(r.created_at),
  closedAt: r.closed_at === null ? null : Number(r.closed_at),
});

/** The reports of one status, oldest first (at most `limit`). */
export async function listReports(
  db: Db,
  status: 'open' | 'closed' = 'open',
  limit = 200,
): Promise<Report[]> {
  const rows = await db
    .selectFrom('reports')
    .selectAll()
    .where('status', '=', status)
    .orderBy('created_at', 'asc')
    .limit(limit)
    .execute();
  return rows.map(reportOf);
}

/** Closes an open report; whether there was one. */
export async function closeReport(db: Db, id: string, now = Date.now()): Promise<boolean> {
  const result = await db
    .updateTable('reports')
    .set({ status: 'closed', closed_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
