/**
 * Stand-ins (docs/server.md, "Stand-ins and turn limits"): a real-time table never waits for a
 * person who is not there. A stand-in bot of the seat's level plays for a person who
 * - let the turn clock run out twice in a row (`away`: played for at once from then on);
 * - has had no connection for longer than the grace (`absent`): a reload reconnects well within
 *   it, a closed tab is seen at once (its socket closes), a silent one when its pings time out;
 * - left the table (the seat is `left`, until another person takes it or it is given to a bot).
 * The person keeps the seat and hears its share all the while: "back" (or any action of theirs)
 * returns it at once, and an absent person's return (a connection of the seat again) does too.
 * A table where no person is left ends as `abandoned`.
 *
 * Presence is kept in the store, one row per node and seat (`seat_presence`), so the node that
 * drives a table sees the connections the other nodes hold; a node refreshes its rows every few
 * seconds, and rows not refreshed for `PRESENCE_STALE_MS` (a node that died) count for nothing.
 * Only the table's owner decides that a seat is absent or the table abandoned.
 */
import type { SeatRecord } from '@matchbox/client/wire';
import type { CommitPath } from './commit-path.ts';
import type { LiveTable } from './live-table.ts';
import type { TableContext } from './live-tables.ts';
import type { Outcome } from './outcome.ts';
import { done, fail } from './outcome.ts';
import type { Leave, SeatPresence, TableRecord } from './store.ts';

/**
 * How long a seat may be without any connection before a stand-in plays for it: a reload (or a
 * phone's network changing) reconnects within a few seconds and never hands the seat over.
 */
export const STAND_IN_GRACE_MS = 15_000;
/** How long a table where no person plays any more goes on before it ends as abandoned. */
export const ABANDON_AFTER_MS = 60_000;

/** A clock of a day or more a move is a slow game's: nobody is expected to stay connected. */
export const SLOW_CLOCK_SECONDS = 86_400;
/** Clock run-outs in a row after which a person is marked away. */
export const TIMEOUTS_FOR_AWAY = 2;
/** How often a node says its connections are still there. */
export const PRESENCE_BEAT_MS = 10_000;
/** A node's presence rows count for nothing when not refreshed for this long (the node died). */
export const PRESENCE_STALE_MS = 3 * PRESENCE_BEAT_MS;
/** How often the owner of tables looks at their seats' presence (changes on other nodes). */
export const PRESENCE_SWEEP_MS = 5_000;
/**
 * Tables the sweep looks at in one turn of the event loop (one read of their presence rows, then
 * their reviews): the work a turn does stays bounded however many tables a node drives, and what
 * waits (messages, acknowledgements, timers) gets the loop between two slices.
 */
export const SWEEP_SLICE = 100;

/** Whether people are expected to stay at the table: several seats, not a slow game. */
export function isRealTime(r: Pick<TableRecord, 'players' | 'clockSeconds'>): boolean {
  return r.players >= 2 && (r.clockSeconds === null || r.clockSeconds < SLOW_CLOCK_SECONDS);
}

/** Whether a stand-in bot plays a person's seat now (the person left, or is away or absent). */
export function standsIn(s: SeatRecord | undefined): boolean {
  return s?.kind === 'human' && (s.left || (s.standIn ?? null) !== null);
}

/** Whether the seat's person plays it themself now (and so has a turn clock). */
export function personPlays(s: SeatRecord | undefined): boolean {
  return s?.kind === 'human' && !s.left && (s.standIn ?? null) === null;
}

/**
 * The seats after a move of `seat` by `actor` at a real-time table, or null when they stay as
 * they are: a person's own move returns the seat and clears the run-outs; a run-out clock counts
 * one more, and the second in a row marks the person away.
 */
export function seatsAfterMove(
  r: Pick<TableRecord, 'players' | 'clockSeconds' | 'seats'>,
  seat: number,
  actor: 'human' | 'bot' | 'clock' | 'standin',
): SeatRecord[] | null {
  const s = r.seats[seat];
  if (s?.kind !== 'human' || !isRealTime(r)) return null;
  let next: SeatRecord | null = null;
  if (actor === 'human' && ((s.standIn ?? null) !== null || (s.timeouts ?? 0) > 0))
    next = { ...s, standIn: null, timeouts: 0 };
  else if (actor === 'clock') {
    const timeouts = (s.timeouts ?? 0) + 1;
    next = { ...s, timeouts, ...(timeouts >= TIMEOUTS_FOR_AWAY ? { standIn: 'away' as const } : {}) };
  }
  if (!next) return null;
  const seats = r.seats.slice();
  seats[seat] = next;
  return seats;
}

/** A seat's presence from every node's rows: present now, or when it was last seen (null: never). */
export function seatPresence(
  rows: readonly SeatPresence[],
  seat: number,
  now: number,
): { present: boolean; lastSeen: number | null } {
  let lastSeen: number | null = null;
  for (const row of rows) {
    if (row.seat !== seat) continue;
    const fresh = now - row.seenAt < PRESENCE_STALE_MS;
    if (row.connections > 0 && fresh) return { present: true, lastSeen: now };
    lastSeen = Math.max(lastSeen ?? 0, row.seenAt);
  }
  return { present: false, lastSeen };
}

/** Presence rows by table, each table's in the order read. */
function byTable(rows: readonly SeatPresence[]): Map<string, SeatPresence[]> {
  const out = new Map<string, SeatPresence[]>();
  for (const row of rows) {
    const list = out.get(row.tableId);
    if (list) list.push(row);
    else out.set(row.tableId, [row]);
  }
  return out;
}

/** Resolves on a later turn of the event loop, once the I/O waiting for it has run. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The people who leave a table that ends now (finished or abandoned): whoever a stand-in plays
 * for at the end (an explicit leave was kept when it happened). Seats without a known person
 * are left out.
 */
export function leaversAtEnd(r: TableRecord, at: number): Leave[] {
  const out: Leave[] = [];
  r.seats.forEach((s, seat) => {
    if (s.kind !== 'human' || !s.person || s.left || !s.standIn) return;
    out.push({ person: s.person, tableId: r.id, seat, how: s.standIn, at });
  });
  return out;
}

/** Called when people leave a game before its end (leaving.ts charges them). */
export type LeaveListener = (record: TableRecord, leaves: readonly Leave[]) => Promise<void>;

export interface StandInSettings {
  /** How long a seat may be without a connection before a stand-in plays for it (ms). */
  readonly graceMs: number;
  /** How long a table with no person left playing waits before it ends as abandoned (ms). */
  readonly abandonAfterMs: number;
}

export class StandIns {
  /** table id -> this node's connections per seat (written to the store in order). */
  private readonly writes = new Map<string, Promise<void>>();
  private readonly graceTimers = new Map<string, NodeJS.Timeout>();
  /** table id -> when this node first saw that no person plays there any more. */
  private readonly emptySince = new Map<string, number>();
  private readonly leaveListeners: LeaveListener[] = [];
  private beat: NodeJS.Timeout | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly ctx: TableContext,
    private readonly commits: CommitPath,
    private readonly settings: StandInSettings,
  ) {}

  onLeave(listener: LeaveListener): void {
    this.leaveListeners.push(listener);
  }

  /** Starts the presence beat and the owner's sweep (on the service's timers). */
  start(): void {
    const beat = () => {
      this.beat = setTimeout(() => {
        void this.ctx.store.beatPresence(this.ctx.coordinator.nodeId).catch(() => undefined);
        if (!this.stopped) beat();
      }, PRESENCE_BEAT_MS);
      this.beat.unref?.();
    };
    const sweep = () => {
      this.sweeper = setTimeout(() => {
        void this.sweep()
          .catch((error: unknown) => this.ctx.log.error({ err: error }, 'presence sweep failed'))
          .finally(() => !this.stopped && sweep());
      }, PRESENCE_SWEEP_MS);
      this.sweeper.unref?.();
    };
    beat();
    sweep();
  }

  close(): void {
    this.stopped = true;
    if (this.beat) clearTimeout(this.beat);
    if (this.sweeper) clearTimeout(this.sweeper);
    for (const t of this.graceTimers.values()) clearTimeout(t);
    this.graceTimers.clear();
  }

  /**
   * This node's connections to a seat changed (`count` now): kept in the store, in order; then
   * the owner looks at the table at once, and a returning absent person gets the seat back.
   */
  connected(table: LiveTable, seat: number): void {
    if (this.stopped || !isRealTime(table.record)) return;
    const key = `${table.id}:${seat}`;
    const { store, coordinator, log } = this.ctx;
    const write = (this.writes.get(key) ?? Promise.resolve())
      .then(async () => {
        const now = this.countOf(table, seat);
        await store.setPresence(table.id, seat, coordinator.nodeId, now);
        if (now > 0 && table.record.seats[seat]?.standIn === 'absent') await this.back(table.id, seat, null);
        if (coordinator.owns(table.id)) await this.review(table.id);
      })
      .catch((error: unknown) => log.error({ err: error, table: table.id }, 'presence not kept'));
    this.writes.set(key, write);
    void write.finally(() => {
      if (this.writes.get(key) === write) this.writes.delete(key);
    });
  }

  private countOf(table: LiveTable, seat: number): number {
    const live = this.ctx.tables.loaded(table.id) ?? table;
    return live.connections[seat] ?? 0;
  }

  /**
   * The owner's look at every real-time table it drives (catches changes on other nodes), in
   * slices of `SWEEP_SLICE` tables, one turn of the event loop each. Done in one go, 2,000 tables'
   * presence rows read and matched to their tables held the loop for tens of milliseconds every
   * sweep (docs/server.md, "One node against the floor").
   */
  async sweep(): Promise<void> {
    if (this.stopped) return;
    const { tables, coordinator } = this.ctx;
    const ids = tables
      .all()
      .filter((t) => t.record.status === 'playing' && isRealTime(t.record) && coordinator.owns(t.id))
      .filter((t) => t.record.seats.some((s) => s.kind === 'human'))
      .map((t) => t.id);
    for (let i = 0; i < ids.length; i += SWEEP_SLICE) {
      if (i > 0) await nextTurn();
      if (this.stopped) return;
      const chunk = ids.slice(i, i + SWEEP_SLICE);
      const rows = byTable(await this.ctx.store.presence(chunk));
      for (const id of chunk) await this.review(id, rows.get(id) ?? []);
    }
  }

  /**
   * The owner's decisions for one table: a seat without a connection for the grace gets a
   * stand-in (a timer waits for the rest of the grace); a table where no person plays any more
   * ends as abandoned (at once when every person left, else after `abandonAfterMs`).
   */
  async review(id: string, rows?: readonly SeatPresence[]): Promise<void> {
    const table = this.ctx.tables.loaded(id);
    if (!table || this.stopped || !this.ctx.coordinator.owns(id)) return;
    const r = table.record;
    if (r.status !== 'playing' || !isRealTime(r)) return this.forget(id);
    const presence = rows ?? (await this.ctx.store.presence([id]));
    const now = this.ctx.now();
    table.presentSeats = new Set(
      r.seats.map((_, seat) => seat).filter((seat) => seatPresence(presence, seat, now).present),
    );
    for (let seat = 0; seat < r.players; seat++) {
      if (!personPlays(r.seats[seat])) continue;
      const { present, lastSeen } = seatPresence(presence, seat, now);
      // A seat never connected is left to its turn clock.
      if (present || lastSeen === null) continue;
      const due = lastSeen + this.settings.graceMs;
      if (now >= due) await this.markAbsent(id, seat);
      else this.armGrace(id, seat, due - now);
    }
    await this.reviewEmpty(table);
  }

  private armGrace(id: string, seat: number, wait: number): void {
    const key = `${id}:${seat}`;
    if (this.graceTimers.has(key)) return;
    const timer = setTimeout(() => {
      this.graceTimers.delete(key);
      void this.review(id).catch((e: unknown) => this.ctx.log.error({ err: e, table: id }, 'review failed'));
    }, wait + 10);
    this.graceTimers.set(key, timer);
  }

  private async reviewEmpty(table: LiveTable): Promise<void> {
    const r = table.record;
    const people = r.seats.filter((s) => s.kind === 'human');
    if (people.length === 0 || people.some((s) => personPlays(s))) {
      this.emptySince.delete(table.id);
      return;
    }
    const now = this.ctx.now();
    const since = this.emptySince.get(table.id) ?? now;
    this.emptySince.set(table.id, since);
    const allLeft = people.every((s) => s.left);
    if (allLeft || now - since >= this.settings.abandonAfterMs) await this.abandon(table.id);
    else this.armGrace(table.id, -1, since + this.settings.abandonAfterMs - now);
  }

  private forget(id: string): void {
    this.emptySince.delete(id);
  }

  /** A stand-in plays for a seat whose person has been gone for the grace. */
  private async markAbsent(id: string, seat: number): Promise<void> {
    await this.changeSeat(id, seat, (s) => (personPlays(s) ? { ...s, standIn: 'absent' } : null));
  }

  /**
   * The person takes the seat back from the stand-in (`holder`: the token hash of the connection
   * asking, which must hold the seat; null: the server itself, for a returning absent person).
   */
  async back(id: string, seat: number, holder: string | null): Promise<Outcome<{ version: number }>> {
    return this.changeSeat(id, seat, (s) => {
      if (s.kind !== 'human' || s.left || (holder !== null && s.tokenHash !== holder)) return 'not_yours';
      return (s.standIn ?? null) === null ? 'none' : { ...s, standIn: null, timeouts: 0 };
    });
  }

  /** Changes one seat with the commit path's retries; `decide` returns null for no change. */
  private async changeSeat(
    id: string,
    seat: number,
    decide: (s: SeatRecord) => SeatRecord | null | 'not_yours' | 'none',
  ): Promise<Outcome<{ version: number }>> {
    const table = await this.ctx.tables.get(id);
    if (!table) return fail('no_such_table', 'There is no such table.');
    return this.commits.retrying(table, async () => {
      if (table.stale) await table.catchUp(this.ctx.store);
      const r = table.record;
      if (r.status !== 'playing') return fail('game_over', 'The game is over.');
      const s = r.seats[seat];
      const next = s ? decide(s) : 'not_yours';
      if (next === 'not_yours') return fail('seat_changed', 'This seat is no longer yours.');
      if (next === 'none') return fail('no_stand_in', 'Nobody plays for you: the seat is yours.');
      if (next === null) return done({ version: r.version });
      const seats = r.seats.slice();
      seats[seat] = next;
      if (!(await this.commits.seatsChanged(table, seats))) return 'conflict';
      return done({ version: table.version });
    });
  }

  /** Ends a table where no person plays any more; whoever a stand-in played for has left it. */
  async abandon(id: string): Promise<void> {
    const table = await this.ctx.tables.get(id);
    if (!table) return;
    const ended = await this.commits.retrying(table, async () => {
      if (table.stale) await table.catchUp(this.ctx.store);
      if (table.record.status !== 'playing') return fail('game_over', 'The game is over.');
      if (!(await this.commits.ended(table, 'abandoned'))) return 'conflict';
      return done(table.record);
    });
    this.forget(id);
    if (!ended.ok) return;
    this.ctx.log.info({ table: id }, 'table abandoned');
    await this.charge(ended.value, leaversAtEnd(ended.value, this.ctx.now()));
  }

  /**
   * Keeps that people left a game (once per person and table) and tells the listeners (leaving's
   * cost) of those not kept before.
   */
  async charge(record: TableRecord, leaves: readonly Leave[]): Promise<void> {
    const fresh: Leave[] = [];
    for (const leave of leaves) if (await this.ctx.store.recordLeave(leave)) fresh.push(leave);
    if (fresh.length === 0) return;
    for (const listener of this.leaveListeners) {
      try {
        await listener(record, fresh);
      } catch (error) {
        this.ctx.log.error({ err: error, table: record.id }, 'leaving not charged');
      }
    }
  }
}
