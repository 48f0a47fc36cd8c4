/**
 * The commit path every change to a table takes: an action (a person's, a bot's or a run-out
 * clock's), an undo, or new seats. The engine's referee judges it on the table as it is, the store
 * appends it with a compare-and-set on the table's revision, and then every seat and spectator
 * hears of it and the other nodes are told. When another writer took the revision first, the
 * table catches up from the store and the change is judged again (one retry policy for all).
 */
import { eventClosedRefusal } from './events/access.ts';
import { pausesAfter } from './table-pause.ts';
import type { GameEvent, GameResult, OpenGame, Seat, Viewer } from '@matchbox/engine';
import { UNDO } from '@matchbox/engine';
import type { PublicSeat, RatedStatus, SeatRecord, UnratedReason } from '@matchbox/client/wire';
import { deltaOf } from '@matchbox/client/wire';
import type { Dealt, LiveTable } from './live-table.ts';
import { deal, holderOf } from './live-table.ts';
import type { FinishedTable, TableContext } from './live-tables.ts';
import type { Outcome } from './outcome.ts';
import { done, fail } from './outcome.ts';
import { ratedAfterSeatChange, ratedAtStart } from './rated.ts';
import type { Scheduler } from './scheduler.ts';
import { SLOW_CLOCK_SECONDS, seatsAfterMove, standsIn } from './stand-ins.ts';
import type { CommitNotice } from './cluster.ts';
import type { LoggedAction, SeatOrigin, TableChanges, TableRecord } from './store.ts';
import { newSeed } from './tokens.ts';

/** How often a change that lost the race to another writer is tried in all (`retrying`). */
const COMMIT_ATTEMPTS = 5;

/** Told the seats whose turn a slow game's commit began (push.ts): never waited for. */
export type SlowTurnListener = (record: TableRecord, seats: readonly Seat[]) => void;

export class CommitPath {
  /** Called once per finished game, on the node that committed its last action (ratings.ts). */
  private readonly finishListeners: ((table: FinishedTable) => void | Promise<void>)[] = [];
  /** Called after a committed move that opened a new hand, round or turn (pairing.ts). */
  private readonly boundaryListeners: ((table: LiveTable) => Promise<void>)[] = [];
  /** Called after a slow game's commit with the seats it made to act (notifications). */
  private readonly slowTurnListeners: SlowTurnListener[] = [];

  constructor(
    private readonly ctx: TableContext,
    private readonly scheduler: Scheduler,
  ) {}

  /** `first`: before the listeners added so far (leaving's cost comes before the ratings). */
  onFinish(listener: (table: FinishedTable) => void | Promise<void>, first = false): void {
    if (first) this.finishListeners.unshift(listener);
    else this.finishListeners.push(listener);
  }

  /** Tells the finish listeners one after the other (each may wait for the store). */
  private async finished(table: FinishedTable): Promise<void> {
    for (const listener of this.finishListeners) {
      try {
        await listener(table);
      } catch (error) {
        this.ctx.log.error({ err: error, table: table.record.id }, 'finish listener failed');
      }
    }
  }

  /**
   * Listens for moves that open a new hand, round or turn (the game's `boundaryEvents`): the
   * listener runs alone on the table before its next bot move is started, and may change its
   * seats (`seatsChanged`), so that a seat changes occupant between two of its decisions.
   */
  onBoundary(listener: (table: LiveTable) => Promise<void>): void {
    this.boundaryListeners.push(listener);
  }

  /** Listens for the seats a slow game's commit (a move, or the start) made to act. */
  onSlowTurn(listener: SlowTurnListener): void {
    this.slowTurnListeners.push(listener);
  }

  /** The seats to act now, when a slow game's listeners want them (else null: nothing computed). */
  private slowToAct(table: LiveTable): readonly Seat[] | null {
    if (this.slowTurnListeners.length === 0 || (table.record.clockSeconds ?? 0) < SLOW_CLOCK_SECONDS)
      return null;
    return table.game.toAct(table.state);
  }

  /** Tells the slow-turn listeners the seats to act now that were not before (`before`). */
  private slowTurns(table: LiveTable, before: readonly Seat[] | null): void {
    if (before === null || table.record.status !== 'playing') return;
    const fresh = table.game.toAct(table.state).filter((s) => !before.includes(s));
    if (fresh.length === 0) return;
    for (const listener of this.slowTurnListeners) {
      try {
        listener(table.record, fresh);
      } catch (error) {
        this.ctx.log.error({ err: error, table: table.id }, 'slow turn listener failed');
      }
    }
  }

  /**
   * The one retry policy for every change to a table (seats, actions, undos): `attempt` runs alone
   * on the table; when another writer took the table's revision first, the table catches up from
   * the store and the change is judged again, at most COMMIT_ATTEMPTS times in all.
   */
  async retrying<T>(table: LiveTable, attempt: () => Promise<Outcome<T> | 'conflict'>): Promise<Outcome<T>> {
    for (let i = 0; i < COMMIT_ATTEMPTS; i++) {
      const outcome = await table.exclusive(attempt);
      if (outcome !== 'conflict') return outcome;
      await table.exclusive(() => table.catchUp(this.ctx.store));
    }
    return fail('conflict', 'The table kept changing at the same moment; try again.');
  }

  /**
   * Applies one action for `seat`: validated by the engine on a copy, committed to the log with a
   * compare-and-set on the table's revision, then sent to every seat and spectator. A rejected
   * action changes nothing. `holder`: a person's action, by the connection attached with the
   * token of that hash, which must hold the seat now (the compare-and-set makes "now" true across
   * nodes: a seat change elsewhere moves the revision on, and the action is judged again).
   */
  async act(
    id: string,
    seat: Seat,
    action: unknown,
    actor: LoggedAction['actor'],
    holder?: string | null,
  ): Promise<Outcome<{ version: number }>> {
    const { store, coordinator } = this.ctx;
    const table = await this.ctx.tables.get(id);
    if (!table) return fail('no_such_table', 'There is no such table.');
    const closed = eventClosedRefusal(table.record, this.ctx.now());
    if (closed) return { ok: false, error: closed };
    const started = performance.now();
    // Another node appended first: catch up from the store and judge the action again.
    const judge = () => this.retrying(table, () => this.commit(table, seat, action, actor, started, holder));
    const outcome = await judge();
    // In a cluster the player may have heard of another node's commit (through the socket.io
    // adapter) before this node did (through the commit notice): a refusal is judged again once
    // this node's copy has caught up with the store, if it was behind.
    if (outcome.ok || !coordinator.clustered || outcome.error.code === 'conflict') return outcome;
    const caughtUp = await table.exclusive(async () => {
      const stored = await store.getTable(id);
      if (!stored || stored.version <= table.version) return false;
      await table.catchUp(store);
      return true;
    });
    return caughtUp ? judge() : outcome;
  }

  /** One attempt at committing an action; `conflict` when another writer took the version. */
  private async commit(
    table: LiveTable,
    seat: Seat,
    action: unknown,
    actor: LoggedAction['actor'],
    started: number,
    holder: string | null | undefined,
  ): Promise<Outcome<{ version: number }> | 'conflict'> {
    const { store, config, coordinator, metrics, log } = this.ctx;
    const id = table.id;
    if (table.stale) await table.catchUp(store);
    const r = table.record;
    if (holder !== undefined && !holds(r, seat, holder)) return seatChanged();
    if (r.status === 'waiting') return fail('not_started', 'The game starts when every seat is filled.');
    if (r.status !== 'playing') return fail('game_over', 'The game is over.');
    if (actor === 'standin' && !standsIn(r.seats[seat]))
      return fail('no_stand_in', 'The person plays this seat again.');
    const g = table.game;
    const parsed = table.session.actionOf(action);
    if (!parsed.ok) return { ok: false, error: parsed.error };
    const judged = table.session.propose(seat, parsed.value);
    if (!judged.ok) return { ok: false, error: judged.error };
    const { state: next, events, move } = judged.value;
    const over = g.isOver(next);
    const result: GameResult | null = over ? g.result(next) : null;
    const at = this.ctx.now();
    const status = over ? 'finished' : 'playing';
    // A person's own move takes the seat back from a stand-in; run-out clocks mark them away.
    const seats = seatsAfterMove(r, seat, actor) ?? r.seats;
    // A hand's or round's end starts the table's pause: the next clock runs from its end.
    const pauseUntil = !over && table.pauseMs > 0 && pausesAfter(events) ? at + table.pauseMs : 0;
    const deadlineAt = over
      ? null
      : this.scheduler.deadlineFor({ ...r, status, seats }, table, table.state, next, pauseUntil);
    const clockLeft = clockLeftAt(r.deadlineAt, deadlineAt, at);
    const entry: LoggedAction = {
      seq: r.version + 1,
      seat,
      action: move.action,
      chance: move.chance ? move.chance.map((c) => c.slice()) : null,
      actor,
      at,
      ...(clockLeft === null ? {} : { clockLeft }),
    };
    const changes: TableChanges = {
      status,
      deadlineAt,
      ...(seats !== r.seats ? { seats } : {}),
      ...(result ? { result } : {}),
    };
    const committed = await store.append(id, entry, r.revision, changes);
    if (committed === 'conflict') return 'conflict';
    const toActBefore = this.slowToAct(table);
    table.session.accept(judged.value);
    table.observeMove();
    table.record = {
      ...r,
      version: entry.seq,
      revision: r.revision + 1,
      status,
      seats,
      deadlineAt,
      result,
      updatedAt: entry.at,
    };
    table.remember(events);
    table.pauseUntil = pauseUntil;
    if (entry.seq % config.snapshotEvery === 0) {
      await store.saveSnapshot(id, entry.seq, g.serialize(next));
    }
    this.broadcast(table, events);
    coordinator.publishCommit({
      tableId: id,
      version: entry.seq,
      revision: r.revision + 1,
      appended: { entry, changes },
    });
    this.slowTurns(table, toActBefore);
    metrics.actions.inc({ actor });
    metrics.roundTrip.observe((performance.now() - started) / 1000);
    if (!over && opensBoundary(g.meta.boundaryEvents, events))
      for (const listener of this.boundaryListeners) await listener(table);
    if (over) {
      log.info({ table: id, result }, 'game finished');
      void this.finished({ record: table.record, game: g, state: next });
      this.scheduler.stopClock(id);
      void coordinator.release(id);
    } else this.scheduler.kick(table);
    return done({ version: entry.seq });
  }

  /**
   * Takes back the last move (docs/engine.md, "Undo"): in a solitaire any move, at a table of
   * several the seat's own last move when it revealed nothing. The undo is appended to the log like
   * an action (so replays and other nodes see it) and every seat gets the earlier state.
   */
  async undo(id: string, seat: Seat, holder?: string | null): Promise<Outcome<{ version: number }>> {
    const { store, coordinator } = this.ctx;
    const table = await this.ctx.tables.get(id);
    if (!table) return fail('no_such_table', 'There is no such table.');
    return this.retrying(table, async (): Promise<Outcome<{ version: number }> | 'conflict'> => {
      if (table.stale) await table.catchUp(store);
      const r = table.record;
      if (holder !== undefined && !holds(r, seat, holder)) return seatChanged();
      // As for an action: a table still waiting for people has not started.
      if (r.status === 'waiting') return fail('not_started', 'The game starts when every seat is filled.');
      if (r.status !== 'playing') return fail('game_over', 'The game is over.');
      const judged = table.session.proposeUndo(seat);
      if (!judged.ok) return { ok: false, error: judged.error };
      const entry: LoggedAction = {
        seq: r.version + 1,
        seat,
        action: UNDO,
        chance: null,
        actor: 'human',
        at: this.ctx.now(),
      };
      const deadlineAt = await this.deadlineAfterUndo(table, seat, judged.value.state, entry.at);
      const changes: TableChanges = { deadlineAt };
      if ((await store.append(id, entry, r.revision, changes)) === 'conflict') return 'conflict';
      table.session.accept(judged.value);
      table.forgetFeeds();
      table.record = {
        ...r,
        version: entry.seq,
        revision: r.revision + 1,
        deadlineAt,
        updatedAt: entry.at,
      };
      const events = judged.value.events;
      table.remember(events);
      this.broadcast(table, events);
      coordinator.publishCommit({
        tableId: id,
        version: entry.seq,
        revision: r.revision + 1,
        appended: { entry, changes },
      });
      this.scheduler.kick(table);
      return done({ version: entry.seq });
    });
  }

  /**
   * The clock after `seat` takes back the last move in effect, at `now` (see `undoDeadline`). The
   * move's time left is read from the log, so an undo after a restart or on another node gives
   * back the same.
   */
  private async deadlineAfterUndo(
    table: LiveTable,
    seat: Seat,
    state: unknown,
    now: number,
  ): Promise<number | null> {
    const r = table.record;
    const fresh = this.scheduler.deadlineFor(r, table, undefined, state);
    if (fresh === null) return null;
    const undone = lastMoveInEffect(await this.ctx.store.actions(table.id));
    return undoDeadline({
      fresh,
      current: r.deadlineAt,
      undone: undone ? { at: undone.at, clockLeft: undone.clockLeft ?? null } : null,
      seatToAct: table.game.toAct(table.state).includes(seat),
      now,
    });
  }

  /**
   * Stores a table's new seats (a compare-and-set on its revision), with where their people joined
   * from (`origins`; unchanged when not given); the game starts when no seat is open any more: only
   * then is the seed drawn, the deal made and whether the game is rated decided (rated.ts), stored
   * with the start in the same write (so a restart deals the same). Detaches the connections of
   * every seat's former holder, tells every seat and the other nodes, and starts bots and the clock
   * (the first turn's too). False when another writer changed it first.
   */
  async seatsChanged(
    table: LiveTable,
    seats: SeatRecord[],
    origins?: readonly (SeatOrigin | null)[],
  ): Promise<boolean> {
    const { store } = this.ctx;
    const r = table.record;
    const from = origins ?? r.origins ?? [];
    const starting = r.status === 'waiting' && !seats.some((s) => s.kind === 'open');
    const dealt = starting ? this.dealFor(table) : null;
    const status = dealt ? 'playing' : r.status;
    // The clock of the first turn, for the seats as they are now (the joiner's too).
    const deadlineAt = dealt
      ? this.scheduler.deadlineFor({ ...r, seats, status }, table, undefined, dealt.session.state)
      : r.deadlineAt;
    const start = dealt ? { seed: dealt.seed, chance: dealt.chance.length > 0 ? dealt.chance : null } : {};
    const rated: RatedStatus | null = dealt
      ? await ratedAtStart(store, r, seats, from, this.ctx.now())
      : ratedAfterSeatChange(r.rated, r.seats, seats);
    const changes = { seats, status, deadlineAt, origins: from, rated, ...start };
    if (!(await store.updateTable(table.id, r.revision, changes))) {
      if (dealt && rated?.rated) await store.releaseRatedPairs(table.id);
      return false;
    }
    table.record = { ...r, ...changes, revision: r.revision + 1, updatedAt: this.ctx.now() };
    if (dealt) table.begin(dealt);
    this.seatsTold(table, r);
    // The first turn of a slow game that starts: every seat to act is told.
    if (dealt && this.slowToAct(table) !== null) this.slowTurns(table, []);
    return true;
  }

  /**
   * Marks a table's game unrated from now on, with the reason the table shows (a rated game whose
   * seat is taken over for good; an unrated game stays as it is). False when the table is not
   * playing. Retried like every change.
   */
  async markUnrated(table: LiveTable, reason: UnratedReason): Promise<Outcome<boolean>> {
    return this.retrying(table, async (): Promise<Outcome<boolean> | 'conflict'> => {
      if (table.stale) await table.catchUp(this.ctx.store);
      const r = table.record;
      if (r.status !== 'playing' || !r.rated?.rated) return done(false);
      const rated: RatedStatus = { rated: false, reason };
      if (!(await this.ctx.store.updateTable(table.id, r.revision, { rated }))) return 'conflict';
      table.record = { ...r, rated, revision: r.revision + 1, updatedAt: this.ctx.now() };
      this.seatsTold(table, r);
      return done(true);
    });
  }

  /** After the seats (or the rated status) changed from `before`: detach, tell, start bots and clock. */
  private seatsTold(table: LiveTable, before: TableRecord): void {
    const { out, coordinator } = this.ctx;
    for (let seat = 0; seat < before.players; seat++) {
      const holder = holderOf(before, seat);
      if (holder !== null && holder !== holderOf(table.record, seat)) out.detach?.(table.id, seat, holder);
    }
    this.broadcast(table);
    coordinator.publishCommit(noticeOf(table));
    this.scheduler.kick(table);
  }

  /**
   * Ends a table without a result (`abandoned`: no person plays there any more): stored with a
   * compare-and-set on its revision, then every viewer and the other nodes hear of it, and its
   * clock and lease go. False when another writer changed the table first.
   */
  async ended(table: LiveTable, status: 'abandoned'): Promise<boolean> {
    const { store, coordinator } = this.ctx;
    const r = table.record;
    if (!(await store.updateTable(table.id, r.revision, { status, deadlineAt: null }))) return false;
    table.record = { ...r, status, deadlineAt: null, revision: r.revision + 1, updatedAt: this.ctx.now() };
    this.broadcast(table);
    coordinator.publishCommit(noticeOf(table));
    this.scheduler.stopClock(table.id);
    void coordinator.release(table.id);
    return true;
  }

  /** A new deal for a table whose last seat just filled: the seed is drawn now, not before. */
  private dealFor(table: LiveTable): Dealt & { seed: string } {
    const seed = newSeed();
    const dealt = deal(table.game as OpenGame, { ...table.record, seed, chance: null });
    // The options were set up once when the table was made; only the seed differs now.
    if (!dealt.ok) throw new Error(`table ${table.id}: the deal failed: ${dealt.error.message}`);
    return { ...dealt.value, seed };
  }

  /**
   * Sends every listening viewer on this node its update: after the move whose `events` these are
   * (or, with `from`, the moves of the versions after `from`), or (none) news of the seats. Each
   * node sends its own connections theirs: the other nodes follow the commit notice.
   */
  broadcast(table: LiveTable, events?: readonly GameEvent[], from?: number): void {
    const { out } = this.ctx;
    // A bot's seat and an empty spectators' channel cost an update nobody reads. The seats are
    // the same for every viewer: made once (they are only read and sent).
    let seats: PublicSeat[] | undefined;
    const send = (viewer: Viewer) => {
      const holder = viewer === null ? null : table.holderOf(viewer);
      if (out.listening?.(table.id, viewer, holder) === false) return table.keepDeltaBase(viewer, null);
      seats ??= table.publicSeats();
      const update = table.updateFor(viewer, events, seats, from);
      const base = table.deltaBase(viewer);
      const delta = base ? () => deltaOf(base, update) : undefined;
      // The update is kept as the next delta's base only while a connection here takes deltas.
      table.keepDeltaBase(
        viewer,
        out.toViewer(table.id, viewer, update, holder, delta) === true ? update : null,
      );
    };
    for (let seat = 0; seat < table.record.players; seat++) send(seat);
    send(null);
  }

  /**
   * Whether `holder` holds `seat` now. In a cluster another node may have changed the seats a
   * moment ago and its notice may still be on its way, so the stored row decides.
   */
  async holdsNow(table: LiveTable, seat: Seat, holder: string | null): Promise<boolean> {
    if (!holds(table.record, seat, holder)) return false;
    if (!this.ctx.coordinator.clustered) return true;
    const stored = await this.ctx.store.getTable(table.id);
    return stored !== null && holds(stored, seat, holder);
  }
}

/**
 * The time a move at `at` left its mover on the clock, when the move started a new clock (the
 * deadline changed): what an undo of the move gives back. Null without a clock, or when the
 * clock goes on as it was (a simultaneous phase).
 */
export function clockLeftAt(before: number | null, after: number | null, at: number): number | null {
  if (before === null || after === before) return null;
  return Math.max(0, before - at);
}

/** The log's last move that no undo took back, or null when every move was taken back. */
function lastMoveInEffect(log: readonly LoggedAction[]): LoggedAction | null {
  const moves: LoggedAction[] = [];
  for (const a of log) {
    if (a.action === UNDO) moves.pop();
    else moves.push(a);
  }
  return moves.at(-1) ?? null;
}

/**
 * The turn clock after an undo, by one rule: a seat's clock runs exactly while it is to act, and
 * an undo never starts a fresh one (each undo used to, so taking a move back and making it again
 * held a 5 s turn for as long as one liked).
 * - The move started a new clock and passed the turn on: the seat's clock stood still meanwhile,
 *   so it resumes now with the time the seat had left when it moved (`clockLeft`).
 * - The move started a new clock and left the same seat to act (a solitaire, a turn of several
 *   moves): its clock kept running, so the clock is the one before the move (`at + clockLeft`);
 *   otherwise making a move and taking it back would wind the clock back up, again and again.
 * - The move left the clock as it was (a simultaneous phase goes on): the phase's clock stands.
 * - A move logged before clocks were kept: the clock as it is, else `fresh`.
 * `fresh` is null when nobody with a clock is to act after the undo: then there is none.
 */
export function undoDeadline(c: {
  readonly fresh: number | null;
  readonly current: number | null;
  readonly undone: { readonly at: number; readonly clockLeft: number | null } | null;
  readonly seatToAct: boolean;
  readonly now: number;
}): number | null {
  if (c.fresh === null) return null;
  const left = c.undone?.clockLeft ?? null;
  if (c.undone === null || left === null) return c.current ?? c.fresh;
  return c.seatToAct ? c.undone.at + left : c.now + left;
}

/** Whether a move's events open a new hand, round or turn (an event body, public or a seat's). */
function opensBoundary(types: readonly string[], events: readonly GameEvent[]): boolean {
  if (types.length === 0) return false;
  const opens = (body: unknown) => types.includes((body as { type?: unknown } | null)?.type as string);
  return events.some((e) => opens(e.all) || Object.values(e.seats ?? {}).some(opens));
}

/** The notice of a change that appended nothing (seats, the status): the other nodes read the store. */
const noticeOf = (table: LiveTable): CommitNotice => ({
  tableId: table.id,
  version: table.version,
  revision: table.record.revision,
});

/** Whether `holder` (a token's hash, from the connection's hello) holds `seat` of the table. */
function holds(record: TableRecord, seat: Seat, holder: string | null): boolean {
  return holder !== null && holderOf(record, seat) === holder;
}

export const seatChanged = () =>
  fail('seat_changed', 'This seat is no longer yours: you left it, or it was taken over. Say hello again.');
