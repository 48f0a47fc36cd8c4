/**
 * The table service: the one object the HTTP routes, the sockets and the cluster talk to. It puts
 * together the parts, each in its own module:
 * - `live-tables.ts`: the tables loaded on this node, and what the parts share;
 * - `seats.ts`: making tables, joining, leaving, handing a seat to a bot, attaching a connection;
 * - `commit-path.ts`: every change (action, undo, seats) judged, stored and broadcast, one retry policy;
 * - `scheduler.ts`: bot moves and turn clocks;
 * - `advice.ts`: hints and the solitaire solver;
 * - `replay.ts`: records and replays.
 * Here: resuming and adopting tables after a restart or a node's death, archiving idle ones, and
 * the connections per seat.
 */
import type { GameRecord, Seat, SolveStatus, Viewer } from '@matchbox/engine';
import type {
  CreateTableReply,
  Hint,
  JoinBody,
  Lobby,
  SeatRecord,
  SeatTicket,
  TableSummary,
  TableUpdate,
  UnratedReason,
} from '@matchbox/client/wire';
import type { Logger } from 'pino';
import { Advice } from './advice.ts';
import type { BotRunner } from './bots.ts';
import { TableChat } from './chat.ts';
import type { CommitNotice, Coordinator } from './cluster.ts';
import { LocalCoordinator } from './cluster.ts';
import type { SlowTurnListener } from './commit-path.ts';
import { CommitPath } from './commit-path.ts';
import { LiveTable } from './live-table.ts';
import type { Broadcaster, FinishedTable, TableContext, TableServiceConfig } from './live-tables.ts';
import { LiveTables } from './live-tables.ts';
import type { Metrics } from './metrics.ts';
import type { Outcome } from './outcome.ts';
import type { Charge } from './limits.ts';
import type { ReplayReply } from './replay.ts';
import { Replays } from './replay.ts';
import { Scheduler } from './scheduler.ts';
import { Seats } from './seats.ts';
import type { LeaveListener } from './stand-ins.ts';
import type { PairingPause, Person } from './leaving.ts';
import { pairingPauseFor } from './leaving.ts';
import { ABANDON_AFTER_MS, STAND_IN_GRACE_MS, StandIns, leaversAtEnd, nextTurn } from './stand-ins.ts';
import type { LoggedAction, SeatOrigin, Store, TableRecord } from './store.ts';
import type { ServerError } from './outcome.ts';
import { eventTableRefusal } from './events/access.ts';

export type { Broadcaster, FinishedTable, TableServiceConfig } from './live-tables.ts';
export type { Outcome } from './outcome.ts';
export { zodMessage } from './outcome.ts';

export { ABANDON_AFTER_MS, STAND_IN_GRACE_MS } from './stand-ins.ts';

export class TableService {
  private readonly ctx: TableContext;
  private readonly scheduler: Scheduler;
  private readonly commits: CommitPath;
  private readonly seats: Seats;
  private readonly advice: Advice;
  private readonly replays: Replays;
  private readonly standIns: StandIns;
  /** The tables' chat (chat.ts). */
  readonly chat: TableChat;
  /** Told of every seat a person joined (notifications: push.ts). */
  private readonly joinListeners: ((record: TableRecord, seat: Seat) => void)[] = [];

  constructor(
    store: Store,
    bots: BotRunner,
    out: Broadcaster,
    config: TableServiceConfig,
    log: Logger,
    metrics: Metrics,
    coordinator: Coordinator = new LocalCoordinator(),
    now: () => number = Date.now,
  ) {
    const tables = new LiveTables(store, metrics, config.tablePauseMs);
    this.ctx = { store, out, config, log, metrics, coordinator, now, tables };
    this.scheduler = new Scheduler(this.ctx, bots, (id, seat, action, actor) =>
      this.commits.act(id, seat, action, actor),
    );
    this.commits = new CommitPath(this.ctx, this.scheduler);
    this.seats = new Seats(this.ctx, this.commits, this.scheduler);
    this.standIns = new StandIns(this.ctx, this.commits, {
      graceMs: config.standInGraceMs ?? STAND_IN_GRACE_MS,
      abandonAfterMs: config.abandonAfterMs ?? ABANDON_AFTER_MS,
    });
    this.seats.onLeft = (record, leaves) => this.standIns.charge(record, leaves);
    // Whoever a stand-in plays for when the game ends has left it (charged before the ratings).
    this.commits.onFinish((t) => this.standIns.charge(t.record, leaversAtEnd(t.record, now())), true);
    this.standIns.start();
    this.advice = new Advice(this.ctx, bots, this.commits);
    this.replays = new Replays(store, now);
    this.chat = new TableChat(
      store,
      out,
      coordinator,
      (id) => {
        const t = tables.loaded(id);
        return t && !t.stale ? t.record : null;
      },
      now,
    );
    // A copy that read other nodes' changes from the store tells this node's connections.
    tables.caughtUp = (table, from, events) =>
      from < table.version ? this.commits.broadcast(table, events, from) : this.commits.broadcast(table);
    coordinator.onCommit((notice) => void this.heardCommit(notice));
    coordinator.onResubscribed(() => void this.catchUpAll());
    // Another node's connections for a seat came or went: this node's viewers see it at once.
    coordinator.onPresence((id, seat, node, count) => {
      const table = tables.loaded(id);
      if (!table) return;
      table.connectedElsewhere(node, seat, count);
      this.commits.broadcast(table);
    });
    coordinator.onLost((tableId) => this.scheduler.stopClock(tableId));
    const idleMs = config.tableIdleMs ?? 0;
    if (idleMs > 0) {
      // A table is compacted one to one and a half idle times after its last use.
      const sweep = () => {
        this.idleSweep = setTimeout(
          () => {
            void this.compactIdle().finally(() => {
              if (!this.scheduler.closed) sweep();
            });
          },
          Math.max(1000, idleMs / 2),
        );
        this.idleSweep.unref?.();
      };
      sweep();
    }
  }

  /** The sweep of `compactIdle`, while the service runs. */
  private idleSweep: NodeJS.Timeout | null = null;
  /** The sweep of `compactIdle` running now (sweeps never overlap). */
  private compacting: Promise<number> | null = null;

  // --- Idle tables in their compact form ----------------------------------------------------------

  /**
   * Keeps every started table that has gone unused for the idle time (`tableIdleMs`) with no
   * connection on this node in its compact form (`LiveTable.compact`); its first use rebuilds it.
   * A table whose clock runs out within the idle time, in its pause, or with a bot's move waiting
   * is left whole: it is about to be used. Returns how many tables it compacted.
   */
  async compactIdle(): Promise<number> {
    // One sweep at a time: a call during a sweep waits for it, then sweeps again.
    while (this.compacting) await this.compacting;
    this.compacting = this.sweepIdle();
    try {
      return await this.compacting;
    } finally {
      this.compacting = null;
    }
  }

  private async sweepIdle(): Promise<number> {
    const { tables, config, store, now, log, metrics } = this.ctx;
    const idleMs = config.tableIdleMs ?? 0;
    if (idleMs <= 0 || this.scheduler.closed) return 0;
    let compacted = 0;
    const at = now();
    for (const table of tables.all()) {
      if (table.idleFor(at) < idleMs || !table.started || table.compacted || table.stale) continue;
      const r = table.record;
      if (r.deadlineAt !== null && r.deadlineAt - at < idleMs) continue;
      if (table.pauseUntil > at || this.scheduler.pending(table.id, r.players)) continue;
      try {
        if (await table.exclusive(() => table.compact(store))) compacted++;
      } catch (error) {
        log.warn({ err: error, table: table.id }, 'could not compact an idle table');
      }
      // Each compaction replays the table's log once: other work runs between two of them (a
      // sweep over thousands of finished tables would otherwise hold the event loop for seconds).
      await nextTurn();
    }
    metrics.tablesCompacted.set(tables.all().filter((t) => t.compacted).length);
    return compacted;
  }

  // --- Resuming, adopting and archiving ---------------------------------------------------------

  /**
   * Loads every unfinished table and sets its bots and clocks going again. In a cluster a node
   * takes only the tables no other node holds; `adoptOrphans` keeps doing that as nodes come and go.
   */
  async resumeAll(): Promise<number> {
    const { store, coordinator, tables, log } = this.ctx;
    if (coordinator.clustered) return this.adoptOrphans();
    const records = await store.listTables({ status: ['waiting', 'playing'], limit: 100_000 });
    let resumed = 0;
    for (const record of records) {
      try {
        const table = await LiveTable.load(record, store);
        tables.add(table);
        this.scheduler.kick(table);
        resumed++;
      } catch (error) {
        log.error({ err: error, table: record.id }, 'could not resume table');
      }
    }
    return resumed;
  }

  /**
   * Cluster mode: takes the lease of every unfinished table that no node owns (its owner died),
   * brings it up to date and starts its bots and clocks. Returns how many it adopted.
   */
  async adoptOrphans(): Promise<number> {
    const { store, coordinator, tables, log } = this.ctx;
    if (this.scheduler.closed) return 0;
    const records = await store.listTables({ status: ['playing'], limit: 10_000 });
    // A commit whose node died before it told anyone: the store is ahead of this node's copy.
    for (const r of records) {
      const table = tables.loaded(r.id);
      if (!table || r.version <= table.version) continue;
      table.stale = true;
      if (coordinator.owns(r.id)) await this.refreshAndKick(r.id, true);
    }
    const orphans = await coordinator.unowned(records.map((r) => r.id));
    let adopted = 0;
    for (const id of orphans) {
      if (this.scheduler.closed || !(await coordinator.acquire(id))) continue;
      try {
        await this.refreshAndKick(id, true);
        adopted++;
      } catch (error) {
        log.error({ err: error, table: id }, 'could not adopt table');
        await coordinator.release(id);
      }
    }
    if (adopted > 0) log.info({ adopted, node: coordinator.nodeId }, 'adopted tables');
    return adopted;
  }

  /**
   * Another node committed a change to a table: a copy loaded here applies it (an action or undo,
   * from the notice alone) or reads the store (any other change, or a notice that does not follow
   * this copy), and this node's connections hear of it; the lease owner starts the next bot move
   * or clock at once.
   */
  private async heardCommit(notice: CommitNotice): Promise<void> {
    const { tables, coordinator, store, log } = this.ctx;
    const table = tables.loaded(notice.tableId);
    if (!table) return;
    table.heard(notice.revision);
    // A compacted copy stays so: its next use rebuilds it and reads the store (it is stale now).
    // The owner's goes on at once (its bots and clock).
    if (table.compacted && !coordinator.owns(table.id)) return;
    try {
      await table.exclusive(async () => {
        // Already past it: this copy read the store meanwhile (its connections were told then).
        if (table.record.revision >= notice.revision) return;
        const events = table.applyNotice(notice);
        if (events) this.commits.broadcast(table, events);
        else await table.catchUp(store);
      });
    } catch (error) {
      log.warn({ err: error, table: table.id }, "could not follow another node's commit");
      return;
    }
    if (coordinator.owns(table.id)) this.scheduler.kick(table);
  }

  /**
   * Notices may have been lost (the node's subscription dropped and came back): every loaded copy
   * reads the store, its connections hear of what changed, and the owner's bots and clocks go on.
   */
  async catchUpAll(): Promise<void> {
    const { tables, coordinator, store, log } = this.ctx;
    for (const table of tables.all()) {
      table.stale = true;
      // A compacted copy catches up when next used, the owner's at once (its bots and clock).
      if (table.compacted && !coordinator.owns(table.id)) continue;
      try {
        await table.exclusive(() => (table.stale ? table.catchUp(store) : Promise.resolve()));
      } catch (error) {
        log.warn({ err: error, table: table.id }, 'could not catch up after the notices dropped');
        continue;
      }
      if (coordinator.owns(table.id)) this.scheduler.kick(table);
    }
  }

  /**
   * Brings a table up to date and starts its bots and clock. `announce`: also send every viewer
   * the current state, for an adopted table whose last commit may never have been broadcast (its
   * node died in between); a client that sees it skipped versions asks for the events.
   */
  private async refreshAndKick(id: string, announce = false): Promise<void> {
    const table = await this.ctx.tables.get(id);
    if (!table) return;
    await table.exclusive(async () => {
      if (table.stale) await table.catchUp(this.ctx.store);
      if (announce) this.commits.broadcast(table);
    });
    this.scheduler.kick(table);
  }

  async archiveIdle(): Promise<number> {
    const { store, config, tables, now } = this.ctx;
    if (config.archiveAfterMs <= 0) return 0;
    const ids = await store.archiveIdle(now() - config.archiveAfterMs);
    for (const id of ids) {
      tables.drop(id);
      this.scheduler.stopClock(id);
    }
    return ids.length;
  }

  // --- Tables and seats (seats.ts) ---------------------------------------------------------------

  /**
   * Makes a table (see `Seats.create`); `from`: where the creator takes their seat from (or only
   * the address, with `account`: the member who makes it, whom leaving's cost knows by it).
   */
  create(
    input: unknown,
    from: string | SeatOrigin,
    account: string | null = null,
  ): Promise<Outcome<CreateTableReply>> {
    return this.seats.create(
      input,
      typeof from === 'string' ? { address: from, browser: null, account } : from,
    );
  }
  /** A table whose people pairing chose, bots at the other seats; it starts at once (see `Seats.createSeated`). */
  createSeated(t: Parameters<Seats['createSeated']>[0]): Promise<Outcome<TableSummary>> {
    return this.seats.createSeated(t);
  }
  summary(id: string): Promise<TableSummary | null> {
    return this.seats.summary(id);
  }
  /** Open public tables, and the caller's own tables by the tokens it holds. */
  lobby(tickets: readonly { tableId: string; token: string }[]): Promise<Lobby> {
    return this.seats.lobby(tickets);
  }
  async join(
    id: string,
    body: JoinBody,
    origin: SeatOrigin | null = null,
  ): Promise<Outcome<SeatTicket & { table: TableSummary }>> {
    const joined = await this.seats.join(id, body, origin);
    const record = joined.ok ? this.ctx.tables.loaded(id)?.record : undefined;
    if (joined.ok && record)
      for (const listener of this.joinListeners) {
        try {
          listener(record, joined.value.seat);
        } catch (error) {
          this.ctx.log.error({ err: error, table: id }, 'join listener failed');
        }
      }
    return joined;
  }

  /** Listens for people who take a seat (`join`): never waited for. */
  onJoin(listener: (record: TableRecord, seat: Seat) => void): void {
    this.joinListeners.push(listener);
  }

  /** Listens for the seats a slow game's commit made to act (see `CommitPath.onSlowTurn`). */
  onSlowTurn(listener: SlowTurnListener): void {
    this.commits.onSlowTurn(listener);
  }
  /** Marks a playing table's rated game unrated from now on (see `CommitPath.markUnrated`). */
  async markUnrated(id: string, reason: UnratedReason): Promise<Outcome<boolean>> {
    const table = await this.ctx.tables.get(id);
    if (!table) return { ok: false, error: { code: 'no_such_table', message: 'There is no such table.' } };
    return this.commits.markUnrated(table, reason);
  }
  leave(id: string, token: string): Promise<Outcome<TableSummary>> {
    return this.seats.leave(id, token);
  }
  replaceByBot(
    id: string,
    token: string,
    seat: number,
    level: SeatRecord['level'],
  ): Promise<Outcome<TableSummary>> {
    return this.seats.replaceByBot(id, token, seat, level);
  }
  /** Which seat a token holds at a table (null for a spectator without a token). */
  attach(id: string, token: string | undefined, since: number | undefined): ReturnType<Seats['attach']> {
    return this.seats.attach(id, token, since);
  }

  // --- Connections and updates of loaded tables ---------------------------------------------------

  /**
   * The engine and the real state of a loaded table: for tests and tools that run beside the
   * server (a leak test compares what a page shows with what its seat may know). Never sent. A
   * waiting table's state is null: it has no deal before it starts.
   */
  inspect(id: string): { game: LiveTable['game']; state: unknown } | null {
    const table = this.ctx.tables.loaded(id);
    // A waiting table has no state: its game is dealt when it starts.
    return table ? { game: table.game, state: table.started ? table.state : null } : null;
  }

  /** How many tables this node holds in memory, and how many of them have a game (for benchmarks). */
  memory(): { tablesLoaded: number; tablesStarted: number; tablesCompacted: number } {
    const all = this.ctx.tables.all();
    return {
      tablesLoaded: all.length,
      tablesStarted: all.filter((t) => t.started).length,
      tablesCompacted: all.filter((t) => t.compacted).length,
    };
  }

  /** `update` was sent to a connection that takes deltas outside a broadcast (LiveTable.anchorDelta). */
  anchorDelta(id: string, viewer: Viewer, update: TableUpdate): void {
    this.ctx.tables.loaded(id)?.anchorDelta(viewer, update);
  }

  /** A viewer's current update at a loaded table (no events), or null. */
  current(id: string, viewer: Viewer): TableUpdate | null {
    const table = this.ctx.tables.loaded(id);
    if (!table) return null;
    return viewer === null ? table.spectatorUpdate() : table.updateFor(viewer);
  }

  connected(id: string, seat: Seat | null, delta: number): void {
    const table = this.ctx.tables.loaded(id);
    if (!table) return;
    const k = seat === null ? table.record.players : seat;
    const before = table.connections[k] ?? 0;
    table.connections[k] = Math.max(0, before + delta);
    if (seat === null) return;
    // The other nodes' viewers hear when the seat's first connection here comes or its last goes.
    if (before > 0 !== table.connections[k] > 0)
      this.ctx.coordinator.publishPresence(id, seat, table.connections[k]);
    this.commits.broadcast(table);
    this.standIns.connected(table, seat);
  }

  /** The seat's person takes it back from the stand-in that plays for them (stand-ins.ts). */
  back(id: string, seat: Seat, holder: string | null): Promise<Outcome<{ version: number }>> {
    return this.standIns.back(id, seat, holder);
  }

  /** Listens for people who leave games before their end (leaving's cost). */
  onLeave(listener: LeaveListener): void {
    this.standIns.onLeave(listener);
  }

  /** A person's pause from pairing now, for leaving games repeatedly (leaving.ts), or null. */
  pairingPauseFor(person: Person): Promise<PairingPause | null> {
    return pairingPauseFor(this.ctx.store, person, this.ctx.now());
  }

  /** The owner's look at its tables' presence now (tests; it also runs every few seconds). */
  reviewPresence(): Promise<void> {
    return this.standIns.sweep();
  }

  connectionCount(id: string): number {
    const table = this.ctx.tables.loaded(id);
    return table ? table.connections.reduce((a, b) => a + b, 0) : 0;
  }

  // --- The referee (commit-path.ts) and advice (advice.ts) ----------------------------------------

  /** Applies one action for `seat` (see `CommitPath.act`). */
  act(
    id: string,
    seat: Seat,
    action: unknown,
    actor: LoggedAction['actor'],
    holder?: string | null,
  ): Promise<Outcome<{ version: number }>> {
    return this.commits.act(id, seat, action, actor, holder);
  }
  /** Takes back the last move (see `CommitPath.undo`). */
  undo(id: string, seat: Seat, holder?: string | null): Promise<Outcome<{ version: number }>> {
    return this.commits.undo(id, seat, holder);
  }
  solve(
    id: string,
    seat: Seat,
    holder?: string | null,
  ): Promise<Outcome<{ status: SolveStatus; nodes: number }>> {
    return this.advice.solve(id, seat, holder);
  }
  hint(id: string, seat: Seat, holder?: string | null): Promise<Outcome<{ version: number; hint: Hint }>> {
    return this.advice.hint(id, seat, holder);
  }

  // --- Records and replays (replay.ts) -----------------------------------------------------------

  /**
   * A finished game's record (engine format 2); the seed stays here. A duplicate event's table
   * while the event is open: only for its own seat's `token` (events/access.ts).
   */
  record(
    id: string,
    token: string | null = null,
    /** `checked`: the caller (the events' plays) has applied the event's rule itself. */
    options: { checked?: boolean } = {},
  ): Promise<Outcome<GameRecord>> {
    return this.replays.record(id, options.checked === true ? undefined : token);
  }

  /** A table's stored record (never sent: it holds the seed and the seats' token hashes). */
  stored(id: string): Promise<TableRecord | null> {
    return this.ctx.store.getTable(id);
  }

  /**
   * Why `token` (null: none) may not see a duplicate event's table now, or null when it may
   * (events/access.ts); null for every other table and for one that does not exist.
   */
  async eventRefusal(id: string, token: string | null): Promise<ServerError | null> {
    const record = this.ctx.tables.loaded(id)?.record ?? (await this.ctx.store.getTable(id));
    return record ? eventTableRefusal(record, token, this.ctx.now()) : null;
  }

  /**
   * Makes a table from its first record (a duplicate event's entry: events/service.ts), dealt
   * when it starts at once, stored, with its bots started.
   */
  open(draft: TableRecord): Promise<Outcome<TableSummary>> {
    return this.seats.open(draft);
  }

  /**
   * What a spectator sees of a table now, read on any node (loaded, and brought up to date from
   * the store when another node moved): for the events' standings. Null when there is no such
   * table or it has not started.
   */
  async publicUpdate(id: string): Promise<{ update: TableUpdate; status: TableRecord['status'] } | null> {
    const table = await this.ctx.tables.get(id);
    if (!table || !table.started) return null;
    if (table.stale) await table.exclusive(() => table.catchUp(this.ctx.store));
    return { update: table.spectatorUpdate(), status: table.record.status };
  }
  /** A finished table's record, or the steps as one viewer saw them (see `Replays.replay`). */
  replay(
    id: string,
    token: string | null,
    charge?: (cost: number) => Promise<Charge>,
  ): Promise<Outcome<ReplayReply>> {
    return this.replays.replay(id, token, charge);
  }

  // --- Listeners and shutdown ------------------------------------------------------------------

  /** Listens for finished games (the ratings and stats hook). */
  onFinish(listener: (table: FinishedTable) => void | Promise<void>): void {
    this.commits.onFinish(listener);
  }

  /**
   * Listens for moves that open a new hand, round or turn (pairing.ts): the listener runs alone on
   * the table before its next bot move, and may give seats new occupants with `changeSeats`
   * (stored like any change of seats; false when another writer changed the table first).
   */
  onBoundary(
    listener: (
      table: LiveTable,
      changeSeats: (seats: SeatRecord[], origins?: readonly (SeatOrigin | null)[]) => Promise<boolean>,
    ) => Promise<void>,
  ): void {
    this.commits.onBoundary((table) =>
      listener(table, (seats, origins) => this.commits.seatsChanged(table, seats, origins)),
    );
  }

  get liveCount(): number {
    return this.ctx.tables.size;
  }

  close(): void {
    if (this.idleSweep) clearTimeout(this.idleSweep);
    this.scheduler.close();
    this.standIns.close();
  }
}
