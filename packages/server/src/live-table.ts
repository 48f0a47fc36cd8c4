/**
 * One table in memory: its stored record, the engine's referee (`GameSession`) rebuilt from the
 * log, and the recent events per version (for clients that reconnect). The referee judges every
 * action, the undo policy and each viewer's update; this adds the table's seats, status and
 * storage.
 *
 * A table waiting for its players has no referee and no deal: the seed is drawn and the cards are
 * dealt when the last seat fills (`deal`, `begin`), so a seat taken and left before the start is
 * shown nothing of any hand (docs/server.md, "Threat model").
 */
import type { AnyGame, EventBody, GameEvent, GameRecord, OpenGame, Result, Viewer } from '@matchbox/engine';
import { GameSession, UNDO, eventsFor, getGame, recordHeader } from '@matchbox/engine';
import type { PublicSeat, TableSummary, TableUpdate } from '@matchbox/client/wire';
import { DELTA_FIELDS, sameJson } from '@matchbox/client/wire';
import type { CommitNotice } from './cluster.ts';
import type { LoggedAction, Store, TableRecord } from './store.ts';
import type { ServerError } from './outcome.ts';
import { pausesAfter } from './table-pause.ts';
import { shareEncoding } from './wire-parser.ts';

/** How many versions of events a table keeps for reconnecting clients. */
const EVENT_HISTORY = 400;

export class RebuildError extends Error {}

export class LiveTable {
  /** The events of each recent version: history[i] belongs to version firstVersion + i. */
  private history: GameEvent[][] = [];
  private firstVersion = 1;
  /** Connected sockets per seat on this node (index players = spectators). */
  readonly connections: number[];
  /** Seats with a connection on any node, as the owner last read them (stand-ins.ts). */
  presentSeats = new Set<number>();
  /** Per other node, the seats it said it holds connections for (its presence notices: cluster.ts). */
  readonly elsewhere = new Map<string, Set<number>>();

  /** Another node holds `count` connections for `seat` now. */
  connectedElsewhere(node: string, seat: number, count: number): void {
    let seats = this.elsewhere.get(node);
    if (count > 0) {
      if (!seats) this.elsewhere.set(node, (seats = new Set()));
      seats.add(seat);
    } else if (seats) {
      seats.delete(seat);
      if (seats.size === 0) this.elsewhere.delete(node);
    }
  }

  /** Whether a connection of `seat` is known on any node. */
  private present(seat: number): boolean {
    if ((this.connections[seat] ?? 0) > 0 || this.presentSeats.has(seat)) return true;
    for (const seats of this.elsewhere.values()) if (seats.has(seat)) return true;
    return false;
  }
  /**
   * When the table's pause at a hand's or round's end is over (ms since the epoch; 0: none since
   * the last move). Set by every move, committed here or read from the log (table-pause.ts).
   */
  pauseUntil = 0;
  /** The pause's length at this server (set when the table is loaded: LiveTables). */
  pauseMs = 0;
  /**
   * Per viewer (index players = spectators) whose connections here take deltas: the last update
   * broadcast to it, the base of its next delta (client/src/delta.ts).
   */
  private deltaBases: (TableUpdate | null)[] | null = null;
  /** Serializes every change to this table. */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    public record: TableRecord,
    readonly game: AnyGame,
    /** The referee (null while the table waits for its players): see `session`. */
    private referee: GameSession<unknown, EventBody> | null,
    /** The setup's events (the first deal), shown to a client that starts at version 0. */
    private setupEvents: readonly GameEvent[],
  ) {
    this.connections = new Array<number>(record.players + 1).fill(0);
  }

  /** Whether the game has started: the deal is made and the referee is here. */
  get started(): boolean {
    return this.referee !== null || this.compactLog !== null;
  }

  /**
   * The referee: the game, its record, the undo policy and every viewer's update. Only a started
   * table has one; asking a waiting table for it is a bug of the caller.
   */
  get session(): GameSession<unknown, EventBody> {
    const referee = this.ref;
    if (!referee) throw new Error(`table ${this.id} has not started: it has no deal`);
    return referee;
  }

  /**
   * The referee, rebuilt first when the table was compacted (see `compact`); every use of it goes
   * through here, so nothing ever reads a dropped state. Marks the table used (`idleFor`).
   */
  private get ref(): GameSession<unknown, EventBody> | null {
    this.used = true;
    if (this.compactLog !== null) this.rebuild();
    return this.referee;
  }

  /**
   * While the table is compacted: its log as text (each entry in effect or not, as `[seat, action,
   * chance?]`), from which the engine rebuilds the referee; null while the referee is here.
   */
  private compactLog: string | null = null;
  /** The seats to act when the table was compacted (`toAct`). */
  private compactToAct: readonly number[] = [];
  /** Set by every use of the referee and by connections; cleared by `idleFor`. */
  private used = true;
  /** Since when the table has not been used (ms since the epoch; see `idleFor`). */
  private idleSince = 0;

  /**
   * The seats to act now (a started table), without rebuilding a compacted one for it (a lobby's
   * list of a person's tables).
   */
  toAct(): readonly number[] {
    return this.compactLog !== null ? this.compactToAct : this.game.toAct(this.session.state);
  }

  /** Whether the table is held in its compact form now (`compact`). */
  get compacted(): boolean {
    return this.compactLog !== null;
  }

  /**
   * How long the table has gone unused, as seen by a periodic sweep at `now`: 0 when it was used
   * since the last sweep (a move, a view made, a connection), else the time since the first
   * sweep that found it unused.
   */
  idleFor(now: number): number {
    if (this.used || this.connections.some((n) => n > 0)) {
      this.used = false;
      this.idleSince = now;
      return 0;
    }
    return now - this.idleSince;
  }

  /**
   * Drops the referee (the state, its moves and events), the events kept for reconnecting clients,
   * the cached views and bot feeds, and keeps the table's log as text instead, read from the
   * store: the first use rebuilds it all through the engine's replay of the log (`rebuild`), the
   * same replay a restart does. Done only while the table is unused and nobody is connected here
   * (checked again after the store is read); the rebuild is tried first and must give the same
   * state, else nothing is dropped. Run inside `exclusive`. True when the table was compacted.
   */
  async compact(store: Store): Promise<boolean> {
    const referee = this.referee;
    if (!referee || this.compactLog !== null || this.stale) return false;
    const version = this.version;
    const log = await store.actions(this.id, 1);
    if (
      log.length < version ||
      this.used ||
      this.stale ||
      this.referee !== referee ||
      this.version !== version
    )
      return false;
    if (this.connections.some((n) => n > 0)) return false;
    const text = JSON.stringify(log.slice(0, version).map(compactEntry));
    const rebuilt = replayLog(this.game as OpenGame, this.record, text);
    if (!rebuilt.ok) return false;
    const g = this.game as OpenGame;
    if (
      JSON.stringify(g.serialize(rebuilt.value.session.state)) !== JSON.stringify(g.serialize(referee.state))
    )
      return false;
    this.compactLog = text;
    this.compactToAct = this.game.toAct(referee.state);
    this.referee = null;
    this.setupEvents = [];
    this.history = [];
    this.firstVersion = 1;
    this.spectators = null;
    this.deltaBases = null;
    this.feeds.clear();
    return true;
  }

  /** Makes the referee again from the compact log (`compact`): the engine replays the log. */
  private rebuild(): void {
    const text = this.compactLog!;
    const rebuilt = replayLog(this.game as OpenGame, this.record, text);
    if (!rebuilt.ok)
      throw new RebuildError(`table ${this.id}: the compact log does not replay: ${rebuilt.error.message}`);
    const { session, setupEvents, entryEvents } = rebuilt.value;
    this.compactLog = null;
    this.referee = session;
    this.setupEvents = setupEvents;
    this.history = [];
    this.firstVersion = 1;
    for (const events of entryEvents) this.remember(events);
  }

  /** The game starts with the deal `dealt` made for it (see `deal`), once the start is stored. */
  begin(dealt: Dealt): void {
    this.referee = dealt.session;
    this.setupEvents = dealt.events;
    this.history = [];
    this.firstVersion = this.version + 1;
    this.feeds.clear();
  }

  /** Set when this copy must be read again from the store before use (see `stale`). */
  private staleFlag = false;
  /** The latest revision another node announced for this table (`heard`). */
  private heardRevision = 0;

  /**
   * Whether this copy is behind the store: another node committed a change this copy has not
   * applied (its notice announced a later revision), or the copy was marked for reloading.
   */
  get stale(): boolean {
    return this.staleFlag || this.record.revision < this.heardRevision;
  }
  set stale(value: boolean) {
    this.staleFlag = value;
  }

  /** Another node announced that the table reached `revision` (in the store). */
  heard(revision: number): void {
    if (revision > this.heardRevision) this.heardRevision = revision;
  }

  /**
   * Told whenever this copy moved on by reading the store (`catchUp`): this node's connections
   * have not heard of those changes (each node sends its own connections their updates). `from`:
   * the version before; `events`: those of the versions read, in order.
   */
  onCaughtUp: ((from: number, events: readonly GameEvent[]) => void) | null = null;

  /**
   * Per seat whose bot remembers what it saw (Sweet16): the seat's view after the setup and after
   * every move in effect. Made from the record when a bot first asks (also after a restart or an
   * undo), then kept up to date move by move.
   */
  private readonly feeds = new Map<number, object[]>();

  /** What the bot of `seat` has been shown so far (see `feeds`). */
  observed(seat: number): readonly object[] {
    let feed = this.feeds.get(seat);
    if (!feed) {
      feed = this.session.observations(seat);
      this.feeds.set(seat, feed);
    }
    return feed;
  }

  /** After a move in effect: each kept feed gets its seat's new view. */
  observeMove(): void {
    for (const [seat, feed] of this.feeds) feed.push(this.session.observation(seat));
  }

  /** After an undo: the feeds are made again from the moves in effect when next asked for. */
  forgetFeeds(): void {
    this.feeds.clear();
  }

  /** The real state (never sent: viewers get `updateFor`); only a started table has one. */
  get state(): unknown {
    return this.session.state;
  }

  /**
   * Brings this copy up to date with the store: the table's row, and the actions other nodes
   * appended since this copy's version (applied with their events, for reconnecting clients).
   */
  async catchUp(store: Store): Promise<void> {
    // Cleared before reading, not after: a commit notice that arrives while the store is read
    // marks the copy stale again instead of being lost (a second join would stay unseen).
    this.staleFlag = false;
    const before = this.record;
    const events: GameEvent[] = [];
    try {
      const record = await store.getTable(this.id);
      if (!record) return;
      // The game started on another node: the same deal, from the stored seed and first deal.
      if (!this.ref && hasDeal(record)) {
        const dealt = deal(this.game as OpenGame, record);
        if (!dealt.ok) throw new RebuildError(`table ${this.id}: setup failed: ${dealt.error.message}`);
        this.begin(dealt.value);
      }
      const log = await store.actions(this.id, this.version + 1);
      for (const a of log) {
        const applied = this.replay(a);
        if (!applied) throw new RebuildError(`table ${this.id}: logged action ${a.seq} does not apply`);
        events.push(...applied);
        this.record = { ...this.record, version: a.seq };
      }
      this.record = { ...record, version: this.record.version };
    } catch (error) {
      this.staleFlag = true;
      throw error;
    }
    if (this.record.revision !== before.revision) this.onCaughtUp?.(before.version, events);
  }

  /**
   * Another node's commit, from its notice: applied to this copy when it is the very next change
   * (an appended action or undo whose revision follows this copy's), with the table's stored
   * changes; returns the move's events. Null when it is not (a notice this copy is already past, a
   * change of seats, a gap): then the copy catches up from the store instead.
   */
  applyNotice(notice: CommitNotice): readonly GameEvent[] | null {
    const r = this.record;
    const a = notice.appended;
    if (!a || !this.ref || notice.revision !== r.revision + 1 || a.entry.seq !== r.version + 1) return null;
    const events = this.replay(a.entry);
    if (!events) return null;
    const { seats, status, deadlineAt, result } = a.changes;
    this.record = {
      ...r,
      ...(seats === undefined ? {} : { seats }),
      ...(status === undefined ? {} : { status }),
      ...(deadlineAt === undefined ? {} : { deadlineAt }),
      ...(result === undefined ? {} : { result }),
      version: a.entry.seq,
      revision: notice.revision,
      updatedAt: a.entry.at,
    };
    return events;
  }

  get id(): string {
    return this.record.id;
  }
  get version(): number {
    return this.record.version;
  }

  /**
   * A new table: a started one (a solitaire, a table of bots) with its state from the setup, whose
   * chance outcomes are returned for storage; a waiting one with no deal at all. The setup is
   * tried either way, so that options the game refuses are refused when the table is made.
   */
  static create(record: TableRecord): { table: LiveTable; chance: string[][] } | { error: ServerError } {
    const game = getGame(record.game) as OpenGame | undefined;
    if (!game) return { error: { code: 'unknown_game', message: `There is no game "${record.game}".` } };
    // A waiting table's trial setup is thrown away at once: its seed is no secret and deals nothing.
    const dealt = deal(game, { ...record, seed: record.seed ?? 'options-check' });
    if (!dealt.ok) return { error: dealt.error };
    if (!hasDeal(record)) return { table: new LiveTable(record, game as AnyGame, null, []), chance: [] };
    const { session, events, chance } = dealt.value;
    return { table: new LiveTable(record, game as AnyGame, session, events), chance };
  }

  /**
   * Rebuilds a stored table: from its latest snapshot when there is one that still loads and
   * reproduces the logged chance outcomes, else from the setup with every recorded chance outcome
   * queued (so the deals are those of the log whatever the generator does).
   */
  static async load(record: TableRecord, store: Store): Promise<LiveTable> {
    const game = getGame(record.game) as OpenGame | undefined;
    if (!game) throw new RebuildError(`table ${record.id}: unknown game ${record.game}`);
    // Waiting for players: no deal yet (a seed stored by an older server is never used).
    if (!hasDeal(record)) return new LiveTable(record, game as AnyGame, null, []);
    const fullLog = await store.actions(record.id);
    // Another node may append between reading the row and the log: keep to the row's version
    // and catch up on the rest before use.
    if (fullLog.length < record.version)
      throw new RebuildError(
        `table ${record.id}: log has ${fullLog.length} actions, version is ${record.version}`,
      );
    const log = fullLog.slice(0, record.version);
    const behind = fullLog.length > record.version;
    const snapshot = await store.latestSnapshot(record.id);
    if (snapshot && snapshot.seq <= log.length && !log.some((a) => a.action === UNDO)) {
      const loaded = game.deserialize(snapshot.state);
      if (loaded.ok) {
        // Moves before the snapshot count as revealing: only a solitaire takes them back.
        const before = { ...headerOf(record), moves: log.slice(0, snapshot.seq).map(movedOf) };
        const session = GameSession.fromSnapshot(game, before, loaded.value);
        const table = new LiveTable(record, game as AnyGame, session, []);
        table.firstVersion = snapshot.seq + 1;
        table.stale = behind;
        if (table.applyLog(log.slice(snapshot.seq))) return table;
      }
    }
    // The engine rebuilds the rest (the chance outcomes the log recorded decide every deal).
    const rebuilt = GameSession.fromLog(game, headerOf(record), log.map(movedOf));
    if (!rebuilt.ok)
      throw new RebuildError(`table ${record.id}: the log does not replay: ${rebuilt.error.message}`);
    const { session, setupEvents, entryEvents } = rebuilt.value;
    const table = new LiveTable(record, game as AnyGame, session, setupEvents);
    for (const events of entryEvents) table.remember(events);
    table.stale = behind;
    return table;
  }

  /** Applies logged actions in order; false if one fails or draws other chance than recorded. */
  private applyLog(log: readonly LoggedAction[]): boolean {
    for (const a of log) if (!this.applyEntry(a)) return false;
    return true;
  }

  /**
   * Applies one entry of the log: an action, or an undo (`UNDO`), which takes back the last move
   * (it was judged when it was logged). False if the entry does not fit this state.
   */
  applyEntry(a: LoggedAction): boolean {
    return this.replay(a) !== null;
  }

  /** `applyEntry`, returning the entry's events (null: it does not fit). */
  private replay(a: LoggedAction): GameEvent[] | null {
    const applied = this.session.replayEntry(movedOf(a));
    if (!applied.ok) return null;
    this.remember(applied.value.events);
    this.pausedBy(applied.value.events, a.at);
    if (applied.value.kind === 'undo') this.forgetFeeds();
    else this.observeMove();
    return applied.value.events;
  }

  /** Starts the table's pause when the move made at `at` ended a hand or a round, else ends it. */
  pausedBy(events: readonly GameEvent[], at: number): void {
    this.pauseUntil = this.pauseMs > 0 && pausesAfter(events) ? at + this.pauseMs : 0;
  }

  /** Runs `task` after every earlier change to this table has finished. */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Keeps a committed version's events for reconnecting clients. */
  remember(events: GameEvent[]): void {
    this.history.push(events);
    if (this.history.length > EVENT_HISTORY) {
      this.history.shift();
      this.firstVersion++;
    }
  }

  /**
   * The events a viewer missed after `since`, or null when they are no longer kept (the client
   * then relies on the full view alone).
   */
  missedSince(since: number, viewer: Viewer): unknown[] | null {
    if (since >= this.version || !this.ref) return [];
    if (since === 0 && this.firstVersion === 1) {
      return [...eventsFor(this.setupEvents, viewer), ...this.eventsBetween(1, this.version, viewer)];
    }
    if (since + 1 < this.firstVersion) return null;
    return this.eventsBetween(since + 1, this.version, viewer);
  }

  private eventsBetween(from: number, to: number, viewer: Viewer): unknown[] {
    const out: unknown[] = [];
    for (let v = from; v <= to; v++)
      out.push(...eventsFor(this.history[v - this.firstVersion] ?? [], viewer));
    return out;
  }

  /**
   * The spectators' update now (no events): the engine's `view(state, spectator)` and the table
   * around it, made once per version and shared by every spectator's hello and catch-up at that
   * version (and written as text once: `shareEncoding`). Made again when anything it shows changed:
   * the record (every version, seat change or status has a new one), the referee (the start), the
   * pause, or which seats are present.
   */
  spectatorUpdate(): TableUpdate {
    const referee = this.ref;
    const present = this.presence();
    const kept = this.spectators;
    if (
      kept?.record === this.record &&
      kept.referee === referee &&
      kept.pauseUntil === this.pauseUntil &&
      kept.present === present
    )
      return kept.update;
    const update = shareEncoding(this.updateFor(null));
    this.spectators = {
      record: this.record,
      referee,
      pauseUntil: this.pauseUntil,
      present,
      update,
    };
    return update;
  }

  /** The spectators' update kept by `spectatorUpdate`, with what it was made from. */
  private spectators: {
    record: TableRecord;
    referee: GameSession<unknown, EventBody> | null;
    pauseUntil: number;
    present: string;
    update: TableUpdate;
  } | null = null;

  /** Which seats show as connected (`publicSeats`), one character per seat. */
  private presence(): string {
    let key = '';
    for (let seat = 0; seat < this.record.players; seat++) key += this.present(seat) ? '1' : '0';
    return key;
  }

  /** The base of `viewer`'s next delta (its last update broadcast), if kept. */
  deltaBase(viewer: Viewer): TableUpdate | null {
    return this.deltaBases?.[viewer ?? this.record.players] ?? null;
  }

  /**
   * A connection that takes deltas was sent `update` outside a broadcast (its hello, its catch-up).
   * The next delta is made from the base, so when the two differ (something shown changed since
   * the last broadcast: which seats are present) the base is dropped and the next move is sent
   * whole to every connection of the viewer: every one of them then holds that update again.
   */
  anchorDelta(viewer: Viewer, update: TableUpdate): void {
    const base = this.deltaBase(viewer);
    if (base === null || base === update) return;
    if (
      base.version !== update.version ||
      base.status !== update.status ||
      base.deadlineAt !== update.deadlineAt ||
      !sameJson(base.seats, update.seats) ||
      !DELTA_FIELDS.every((k) => sameJson(base[k], update[k])) ||
      !sameJson(base.view, update.view)
    )
      this.keepDeltaBase(viewer, null);
  }

  /** Keeps (or, with null, drops) the base of `viewer`'s next delta. */
  keepDeltaBase(viewer: Viewer, update: TableUpdate | null): void {
    if (update === null && this.deltaBases === null) return;
    this.deltaBases ??= new Array<TableUpdate | null>(this.record.players + 1).fill(null);
    this.deltaBases[viewer ?? this.record.players] = update;
  }

  /** The seats as everybody may see them. */
  publicSeats(): PublicSeat[] {
    return this.record.seats.map((s, seat) => ({
      seat,
      kind: s.kind,
      name: s.name,
      avatar: s.kind === 'open' ? null : (s.avatar ?? null),
      level: s.kind === 'bot' ? s.level : null,
      left: s.left,
      connected: s.kind === 'bot' || this.present(seat),
      standIn: s.kind === 'human' && !s.left ? (s.standIn ?? null) : null,
    }));
  }

  /**
   * The hash of the token that holds `seat` now, or null when nobody does (an open seat, a bot's,
   * or one whose person left): the one authority for who may act for the seat and hear its share.
   */
  holderOf(seat: number): string | null {
    return holderOf(this.record, seat);
  }

  summary(): TableSummary {
    return summaryOf(this.record, this.publicSeats());
  }

  /**
   * One viewer's update: the referee's share for it, and the table around it. `events` are those
   * of the move that made this version; without them the update brings no move (`from` is the
   * version itself). `seats` are `publicSeats()`, when the caller made them once for every viewer.
   * `from`: the version the events follow, when they are those of several versions.
   */
  updateFor(viewer: Viewer, events?: readonly GameEvent[], seats?: PublicSeat[], from?: number): TableUpdate {
    const r = this.record;
    const referee = this.ref;
    return {
      tableId: r.id,
      version: r.version,
      from: from ?? (events ? r.version - 1 : r.version),
      ...(referee
        ? referee.updateFor(viewer, events ?? [], r.status !== 'waiting' && r.status !== 'abandoned')
        : waitingShare(viewer)),
      status: r.status,
      seats: seats ?? this.publicSeats(),
      deadlineAt: r.deadlineAt,
      pauseUntil: this.pauseUntil > 0 ? this.pauseUntil : null,
      rated: r.rated ?? null,
    };
  }
}

/** A game's start: the referee, the setup's events, and its chance outcomes (for storage). */
export interface Dealt {
  readonly session: GameSession<unknown, EventBody>;
  readonly events: readonly GameEvent[];
  readonly chance: string[][];
}

/**
 * The deal of a table's record: its setup from `record.seed`, with the stored first deal when
 * there is one (so a started table deals the same on every node and after a restart).
 */
export function deal(game: OpenGame, record: TableRecord): Result<Dealt, ServerError> {
  if (record.seed === null)
    return { ok: false, error: { code: 'not_started', message: 'The game has not started.' } };
  const started = GameSession.start(game, {
    players: record.players,
    seed: record.seed,
    options: record.options as Record<string, never>,
    ...(record.chance ? { chance: record.chance } : record.deck ? { deck: record.deck } : {}),
  });
  if (!started.ok) return started;
  const { session, events } = started.value;
  return {
    ok: true,
    value: { session, events, chance: (session.record().chance ?? []).map((c) => c.slice()) },
  };
}

/**
 * Whether a stored table has its deal: it has started (a table still waiting has none, whatever
 * an older server stored for it) and its seed is drawn.
 */
export function hasDeal(record: TableRecord): boolean {
  return record.status !== 'waiting' && record.seed !== null;
}

/** A viewer's share of a table still waiting for its players: no game yet, so nothing of one. */
function waitingShare(viewer: Viewer) {
  return {
    seat: viewer,
    events: [],
    view: null,
    legal: [],
    blocked: [],
    canUndo: false,
    toAct: [],
    phase: 'waiting',
    turn: 'Waiting for players',
    result: null,
  };
}

/** The start of a table's game record (its moves aside): the setup and the first deal. */
export function headerOf(r: TableRecord): Omit<GameRecord, 'moves'> {
  return recordHeader({
    game: r.game,
    players: r.players,
    seed: r.seed ?? '',
    options: r.options as Record<string, never>,
    ...(r.deck ? { deck: r.deck } : {}),
    ...(r.chance ? { chance: r.chance } : {}),
  });
}

/** A logged action as the compact log keeps it (`LiveTable.compact`): `[seat, action, chance?]`. */
function compactEntry(a: LoggedAction): unknown[] {
  return a.chance ? [a.seat, a.action, a.chance] : [a.seat, a.action];
}

/** The engine's replay of a compact log (`LiveTable.compact`) from the record's setup. */
function replayLog(game: OpenGame, record: TableRecord, text: string) {
  const log = (JSON.parse(text) as [number, string, string[][]?][]).map(([seat, action, chance]) => ({
    seat,
    action,
    ...(chance ? { chance } : {}),
  }));
  return GameSession.fromLog(game, headerOf(record), log);
}

/** A logged action as a move of the game's record. */
const movedOf = (a: LoggedAction) => ({
  seat: a.seat,
  action: a.action,
  ...(a.chance ? { chance: a.chance } : {}),
});

/** See `LiveTable.holderOf`. */
export function holderOf(record: TableRecord, seat: number): string | null {
  const s = record.seats[seat];
  return s?.kind === 'human' && !s.left ? s.tokenHash : null;
}

export function summaryOf(record: TableRecord, seats: PublicSeat[]): TableSummary {
  return {
    id: record.id,
    game: record.game,
    players: record.players,
    options: record.options,
    seats,
    status: record.status,
    version: record.version,
    public: record.isPublic,
    clockSeconds: record.clockSeconds,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    result: record.result ?? null,
    spectatorChat: record.spectatorChat ?? false,
    rated: record.rated ?? null,
  };
}
