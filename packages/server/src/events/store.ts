/**
 * The events' storage, beside the tables' (db.ts, migration 0012_events): an event row per game,
 * kind and first day (made by whichever node asks first: an insert that yields to a row already
 * there, so two nodes making it at once keep one seed), and an entry row per entrant with the
 * sealed seat token and the results last read from the entrant's table.
 */
import type { Db, EventEntriesRow } from '../db.ts';
import { isUniqueViolation } from '../db.ts';
import type { SealKey } from '../sealed.ts';
import { seal, unseal } from '../sealed.ts';
import type { EventSpec } from './schedule.ts';

export interface EventRow {
  readonly id: string;
  readonly seed: string;
}

export interface EntryRecord {
  readonly eventId: string;
  readonly entrant: string;
  readonly guest: boolean;
  readonly accountId: string | null;
  readonly name: string;
  readonly tableId: string;
  readonly seat: number;
  /** The plain seat token (null when it was sealed with another key). */
  readonly token: string | null;
  readonly results: number[];
  readonly finished: boolean;
  readonly createdAt: number;
}

export type NewEntry = Omit<EntryRecord, 'results' | 'finished' | 'token'> & {
  readonly token: string;
  readonly guestAddress: string | null;
};

const parseResults = (text: string): number[] => {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
  } catch {
    return [];
  }
};

export class EventStore {
  constructor(
    private readonly db: Db,
    private readonly sealKey: SealKey,
    private readonly now: () => number = Date.now,
  ) {}

  /** The event's row, made with `seed` when no node made it yet (then every node reads that one). */
  async ensure(spec: EventSpec, seed: string): Promise<EventRow> {
    await this.db
      .insertInto('events')
      .values({
        id: spec.id,
        game: spec.game,
        kind: spec.kind,
        date: spec.date,
        seed,
        created_at: this.now(),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const row = await this.get(spec.id);
    if (!row) throw new Error(`event ${spec.id} was not stored`);
    return row;
  }

  async get(id: string): Promise<EventRow | null> {
    const row = await this.db
      .selectFrom('events')
      .select(['id', 'seed'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Stores an entry; false when the entrant (or, for a guest, the address) has one already. */
  async addEntry(entry: NewEntry): Promise<boolean> {
    try {
      await this.db
        .insertInto('event_entries')
        .values({
          event_id: entry.eventId,
          entrant: entry.entrant,
          guest: entry.guest ? 1 : 0,
          guest_address: entry.guestAddress,
          account_id: entry.accountId,
          name: entry.name,
          table_id: entry.tableId,
          seat: entry.seat,
          token: seal(this.sealKey.key, entry.token),
          created_at: entry.createdAt,
          results: '[]',
          finished: 0,
        })
        .execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async entry(eventId: string, entrant: string): Promise<EntryRecord | null> {
    const row = await this.db
      .selectFrom('event_entries')
      .selectAll()
      .where('event_id', '=', eventId)
      .where('entrant', '=', entrant)
      .executeTakeFirst();
    return row ? this.fromRow(row) : null;
  }

  /** A guest's entry from `address`, if any. */
  async guestEntryFrom(eventId: string, address: string): Promise<EntryRecord | null> {
    const row = await this.db
      .selectFrom('event_entries')
      .selectAll()
      .where('event_id', '=', eventId)
      .where('guest_address', '=', address)
      .executeTakeFirst();
    return row ? this.fromRow(row) : null;
  }

  async entryOfTable(tableId: string): Promise<EntryRecord | null> {
    const row = await this.db
      .selectFrom('event_entries')
      .selectAll()
      .where('table_id', '=', tableId)
      .executeTakeFirst();
    return row ? this.fromRow(row) : null;
  }

  /** Every entry of an event, in the order they came (at most `limit`). */
  async entries(eventId: string, limit = 10_000): Promise<EntryRecord[]> {
    const rows = await this.db
      .selectFrom('event_entries')
      .selectAll()
      .where('event_id', '=', eventId)
      .orderBy('created_at')
      .orderBy('entrant')
      .limit(limit)
      .execute();
    return rows.map((r) => this.fromRow(r));
  }

  /** How many entered each event, and how many finished. */
  async counts(eventIds: readonly string[]): Promise<Map<string, { entrants: number; finished: number }>> {
    const out = new Map<string, { entrants: number; finished: number }>();
    if (eventIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('event_entries')
      .select((eb) => [
        'event_id',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('finished').as('done'),
      ])
      .where('event_id', 'in', eventIds)
      .groupBy('event_id')
      .execute();
    for (const r of rows) out.set(r.event_id, { entrants: Number(r.n), finished: Number(r.done ?? 0) });
    return out;
  }

  /** A member's entries, newest first. */
  async entriesOf(accountId: string, limit = 100): Promise<EntryRecord[]> {
    const rows = await this.db
      .selectFrom('event_entries')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => this.fromRow(r));
  }

  /** Keeps the results last read from an entrant's table. */
  async saveResults(
    eventId: string,
    entrant: string,
    results: readonly number[],
    finished: boolean,
  ): Promise<void> {
    await this.db
      .updateTable('event_entries')
      .set({ results: JSON.stringify(results), finished: finished ? 1 : 0 })
      .where('event_id', '=', eventId)
      .where('entrant', '=', entrant)
      .execute();
  }

  private fromRow(r: EventEntriesRow): EntryRecord {
    return {
      eventId: r.event_id,
      entrant: r.entrant,
      guest: Number(r.guest) === 1,
      accountId: r.account_id,
      name: r.name,
      tableId: r.table_id,
      seat: Number(r.seat),
      token: unseal(this.sealKey.key, r.token),
      results: parseResults(r.results),
      finished: Number(r.finished) === 1,
      createdAt: Number(r.created_at),
    };
  }
}
