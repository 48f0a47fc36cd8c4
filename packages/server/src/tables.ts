/**
 * The table service: creating, joining and leaving tables, the referee path every action takes
 * (a person's, a bot's, or a clock's), bots and turn clocks, and resuming every table after a
 * restart. It talks to the outside only through the store, the bot runner and a broadcaster.
 */
import type { GameEvent, GameRecord, GameResult, Seat, Viewer } from '@matchbox/engine';
import type { SolveStatus } from '@matchbox/engine';
import { UNDO, getGame, replaySteps } from '@matchbox/engine';
import type {
  CreateTableReply,
  Hint,
  JoinBody,
  Lobby,
  MyTable,
  SeatRecord,
  SeatTicket,
  TableSummary,
  TableUpdate,
  WireError,
} from '@matchbox/client/wire';
import { createTableBody } from '@matchbox/client/wire';
import type { Logger } from 'pino';
import type { BotRunner } from './bots.ts';
import { remembers } from './bots.ts';
import type { ChatOut } from './chat.ts';
import { botSeat, freeAvatar, uniqueName } from './faces.ts';
import { TableChat } from './chat.ts';
import type { Coordinator } from './cluster.ts';
import { LocalCoordinator } from './cluster.ts';
import { LiveTable, holderOf, headerOf, summaryOf } from './live-table.ts';
import type { Metrics } from './metrics.ts';
import type { ReplayReply } from './replay.ts';
import type { LoggedAction, Store, TableRecord } from './store.ts';
import { hashSecret, newSeed, newTableId, newToken, randomId, secretMatches } from './tokens.ts';

export interface TableServiceConfig {
  /** Delay before a bot moves, so that people can follow (ms). */
  readonly botPaceMs: number;
  /** A snapshot of the state every this many actions. */
  readonly snapshotEvery: number;
  /** Unfinished tables per creating address. */
  readonly tablesPerAddress: number;
  /** Base URL for invite links. */
  readonly publicUrl: string;
  /** Unfinished tables untouched this long are archived (ms); 0 = never. */
  readonly archiveAfterMs: number;
}

/**
 * Where updates go: one channel per seat of a table and its current holder (the hash of the token
 * that holds the seat; null when nobody does, and then nobody hears it), one for its spectators.
 */
export interface Broadcaster extends ChatOut {
  toViewer(tableId: string, viewer: Viewer, update: TableUpdate, holder: string | null): void;
  /** False when nobody can hear a viewer's channel (no update is made for it); absent: always true. */
  listening?(tableId: string, viewer: Viewer, holder: string | null): boolean;
  /** The seat's former holder's connections, on every node, are detached from it at once. */
  detach?(tableId: string, seat: number, holder: string): void;
}

/** A game that just ended: its table, its engine and its final state. */
export interface FinishedTable {
  readonly record: TableRecord;
  readonly game: LiveTable['game'];
  readonly state: unknown;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: WireError };
const fail = (code: string, message: string): { ok: false; error: WireError } => ({
  ok: false,
  error: { code, message },
});
const done = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

/** The longest single timer; longer clocks (slow games) are re-armed when it fires. */
const MAX_TIMER_MS = 6 * 60 * 60 * 1000;

/** How often a change that lost the race to another writer is tried in all (`retrying`). */
const COMMIT_ATTEMPTS = 5;

/** How many live tables' replay steps (per version and viewer) are kept. */
const REPLAYS_KEPT = 32;

export class TableService {
  private readonly live = new Map<string, LiveTable>();
  /** Seats whose bot (or clock substitute) is thinking or waiting: `${table}:${seat}`. */
  private readonly pendingBots = new Set<string>();
  private readonly clockTimers = new Map<string, NodeJS.Timeout>();
  private readonly botTimers = new Set<NodeJS.Timeout>();
  private closed = false;
  /** Called once per finished game, on the node that committed its last action (ratings.ts). */
  private readonly finishListeners: ((table: FinishedTable) => void)[] = [];
  /**
   * A live table's replay steps per table, version and viewer: rebuilding them replays the whole
   * game (up to a tenth of a second on the event loop for a long one), so a page that asks again,
   * or several visitors watching one table, costs that once per version.
   */
  private readonly replays = new Map<string, ReplayReply>();
  /** The tables' chat (chat.ts). */
  readonly chat: TableChat;

  constructor(
    private readonly store: Store,
    private readonly bots: BotRunner,
    private readonly out: Broadcaster,
    private readonly config: TableServiceConfig,
    private readonly log: Logger,
    private readonly metrics: Metrics,
    private readonly coordinator: Coordinator = new LocalCoordinator(),
    private readonly now: () => number = Date.now,
  ) {
    this.chat = new TableChat(
      store,
      out,
      coordinator,
      (id) => {
        const t = this.live.get(id);
        return t && !t.stale ? t.record : null;
      },
      now,
    );
    coordinator.onCommit((tableId) => {
      const table = this.live.get(tableId);
      if (!table) return;
      table.stale = true;
      // The owner starts the next bot move or clock at once.
      if (this.coordinator.owns(tableId)) void this.refreshAndKick(tableId);
    });
    coordinator.onLost((tableId) => this.stopClock(tableId));
  }

  /**
   * Loads every unfinished table and sets its bots and clocks going again. In a cluster a node
   * takes only the tables no other node holds; `adoptOrphans` keeps doing that as nodes come and go.
   */
  async resumeAll(): Promise<number> {
    if (this.coordinator.clustered) return this.adoptOrphans();
    const tables = await this.store.listTables({ status: ['waiting', 'playing'], limit: 100_000 });
    let resumed = 0;
    for (const record of tables) {
      try {
        const table = await LiveTable.load(record, this.store);
        this.live.set(record.id, table);
        this.kick(table);
        resumed++;
      } catch (error) {
        this.log.error({ err: error, table: record.id }, 'could not resume table');
      }
    }
    this.metrics.tables.set(this.live.size);
    return resumed;
  }

  /**
   * Cluster mode: takes the lease of every unfinished table that no node owns (its owner died),
   * brings it up to date and starts its bots and clocks. Returns how many it adopted.
   */
  async adoptOrphans(): Promise<number> {
    if (this.closed) return 0;
    const records = await this.store.listTables({ status: ['playing'], limit: 10_000 });
    // A commit whose node died before it told anyone: the store is ahead of this node's copy.
    for (const r of records) {
      const table = this.live.get(r.id);
      if (!table || r.version <= table.version) continue;
      table.stale = true;
      if (this.coordinator.owns(r.id)) await this.refreshAndKick(r.id, true);
    }
    const orphans = await this.coordinator.unowned(records.map((r) => r.id));
    let adopted = 0;
    for (const id of orphans) {
      if (this.closed || !(await this.coordinator.acquire(id))) continue;
      try {
        await this.refreshAndKick(id, true);
        adopted++;
      } catch (error) {
        this.log.error({ err: error, table: id }, 'could not adopt table');
        await this.coordinator.release(id);
      }
    }
    if (adopted > 0) this.log.info({ adopted, node: this.coordinator.nodeId }, 'adopted tables');
    return adopted;
  }

  /**
   * Brings a table up to date and starts its bots and clock. `announce`: also send every viewer
   * the current state, for an adopted table whose last commit may never have been broadcast (its
   * node died in between); a client that sees it skipped versions asks for the events.
   */
  private async refreshAndKick(id: string, announce = false): Promise<void> {
    const table = await this.table(id);
    if (!table) return;
    await table.exclusive(async () => {
      if (table.stale) await table.catchUp(this.store);
      if (announce) this.broadcast(table);
    });
    this.kick(table);
  }

  /**
   * The live table, loading a stored one on demand (finished tables are served from storage),
   * brought up to date first when another node has changed it.
   */
  private async table(id: string): Promise<LiveTable | null> {
    const cached = this.live.get(id);
    if (cached) {
      if (cached.stale)
        await cached.exclusive(() => (cached.stale ? cached.catchUp(this.store) : Promise.resolve()));
      return cached;
    }
    const record = await this.store.getTable(id);
    if (!record || record.status === 'archived') return null;
    const table = await LiveTable.load(record, this.store);
    const raced = this.live.get(id);
    if (raced) return raced;
    this.live.set(id, table);
    this.metrics.tables.set(this.live.size);
    return table;
  }

  // --- Tables and seats ------------------------------------------------------------------------

  async create(input: unknown, address: string): Promise<Outcome<CreateTableReply>> {
    const parsed = createTableBody.safeParse(input);
    if (!parsed.success) return fail('invalid_request', zodMessage(parsed.error));
    const body = parsed.data;
    const game = getGame(body.game);
    if (!game) return fail('unknown_game', `There is no game "${body.game}".`);
    if (body.players < game.meta.minPlayers || body.players > game.meta.maxPlayers) {
      return fail(
        'invalid_players',
        `${game.meta.name} is for ${game.meta.minPlayers} to ${game.meta.maxPlayers} players.`,
      );
    }
    const botLevel = body.botLevel ?? 'medium';
    const specs =
      body.seats ??
      Array.from({ length: body.players }, (_, i) =>
        i === 0 ? { kind: 'open' as const } : { kind: 'bot' as const, level: botLevel },
      );
    if (specs.length !== body.players)
      return fail('invalid_seats', `Give one seat entry per player (${body.players}).`);
    if ((await this.store.countOpenByCreator(address)) >= this.config.tablesPerAddress) {
      return fail(
        'too_many_tables',
        `At most ${this.config.tablesPerAddress} unfinished tables per address.`,
      );
    }
    const id = newTableId();
    const seats: SeatRecord[] = specs.map(() => ({
      kind: 'open',
      name: null,
      level: botLevel,
      tokenHash: null,
      left: false,
    }));
    let ticket: SeatTicket | null = null;
    if (!body.spectate) {
      const seat = specs.findIndex((s) => s.kind === 'open');
      if (seat >= 0) {
        const token = newToken();
        seats[seat] = {
          kind: 'human',
          name: body.name,
          avatar: body.avatar ?? freeAvatar(id, seats),
          level: botLevel,
          tokenHash: hashSecret(token),
          left: false,
        };
        ticket = { tableId: id, seat, token };
      }
    }
    // The bots take the animals the creator does not wear, each its own.
    specs.forEach((s, i) => {
      if (s.kind === 'bot') seats[i] = botSeat(id, seats, i, s.level);
    });
    const invite = randomId(12);
    const now = this.now();
    const draft: TableRecord = {
      id,
      game: game.meta.id,
      options: body.options ?? {},
      players: body.players,
      seed: newSeed(),
      deck: null,
      chance: null,
      seats,
      status: seats.some((s) => s.kind === 'open') ? 'waiting' : 'playing',
      version: 0,
      revision: 0,
      isPublic: body.public ?? false,
      spectatorChat: body.spectatorChat ?? false,
      inviteHash: hashSecret(invite),
      clockSeconds: body.clockSeconds ?? null,
      deadlineAt: null,
      creator: address,
      createdAt: now,
      updatedAt: now,
      result: null,
    };
    const made = LiveTable.create(draft);
    if ('error' in made) return { ok: false, error: made.error };
    const record: TableRecord = {
      ...draft,
      chance: made.chance.length > 0 ? made.chance : null,
      deadlineAt: draft.status === 'playing' ? this.deadlineFor(draft, made.table) : null,
    };
    made.table.record = record;
    await this.store.createTable(record);
    await this.coordinator.acquire(id);
    this.live.set(id, made.table);
    this.metrics.tables.set(this.live.size);
    this.log.info({ table: id, game: record.game, players: record.players }, 'table created');
    this.kick(made.table);
    return done({
      table: made.table.summary(),
      ticket,
      invite,
      inviteUrl: `${this.config.publicUrl}/join/${id}?invite=${invite}`,
    });
  }

  async summary(id: string): Promise<TableSummary | null> {
    const table = await this.table(id);
    if (table) return table.summary();
    const record = await this.store.getTable(id);
    return record ? summaryOf(record, []) : null;
  }

  /** Open public tables, and the caller's own tables by the tokens it holds. */
  async lobby(tickets: readonly { tableId: string; token: string }[]): Promise<Lobby> {
    const open = await this.store.listTables({ status: ['waiting'], publicOnly: true, limit: 50 });
    const mine: MyTable[] = [];
    for (const t of tickets) {
      const record = this.live.get(t.tableId)?.record ?? (await this.store.getTable(t.tableId));
      if (!record || record.status === 'archived') continue;
      const seat = record.seats.findIndex((s) => secretMatches(t.token, s.tokenHash));
      if (seat < 0) continue;
      // A playing table another node drives is loaded here too, to tell whose turn it is.
      const live = record.status === 'playing' ? await this.table(t.tableId) : this.live.get(t.tableId);
      mine.push({
        ...(live ? live.summary() : summaryOf(record, [])),
        seat,
        toAct: live && record.status === 'playing' ? live.game.toAct(live.state) : [],
        deadlineAt: record.deadlineAt,
      });
    }
    return {
      open: open.map((r) => this.live.get(r.id)?.summary() ?? summaryOf(r, [])),
      mine,
    };
  }

  /** Takes an open seat (or a seat whose person left) with the invite code, or freely at a public table. */
  async join(id: string, body: JoinBody): Promise<Outcome<SeatTicket & { table: TableSummary }>> {
    return this.changeSeats(id, (r, table) => {
      if (r.status === 'finished') return fail('table_finished', 'This game is over.');
      if (!r.isPublic && (body.invite === undefined || !secretMatches(body.invite, r.inviteHash)))
        return fail('bad_invite', 'This table needs a valid invite link.');
      const free = (s: SeatRecord) => s.kind === 'open' || (s.kind === 'human' && s.left);
      const seat = body.seat ?? r.seats.findIndex(free);
      if (seat < 0 || seat >= r.players) return fail('table_full', 'No seat is free at this table.');
      if (!free(r.seats[seat]!)) return fail('seat_taken', `Seat ${seat} is taken.`);
      const token = newToken();
      const seats = r.seats.slice();
      seats[seat] = {
        kind: 'human',
        name: uniqueName(body.name, r.seats, seat),
        avatar: body.avatar ?? freeAvatar(id, r.seats, seat),
        level: r.seats[seat]!.level ?? 'medium',
        tokenHash: hashSecret(token),
        left: false,
      };
      return done({ seats, reply: () => ({ tableId: id, seat, token, table: table.summary() }) });
    });
  }

  /**
   * Changes a table's seats: `decide` chooses the new seats from the table as it is, and they are
   * stored with a compare-and-set on the table's revision. When another writer (another node, or
   * an action) changed the table first, it is read again and `decide` decides again.
   */
  private async changeSeats<T>(
    id: string,
    decide: (r: TableRecord, table: LiveTable) => Outcome<{ seats: SeatRecord[]; reply: () => T }>,
  ): Promise<Outcome<T>> {
    const table = await this.table(id);
    if (!table) return fail('no_such_table', 'There is no such table.');
    return this.retrying(table, async (): Promise<Outcome<T> | 'conflict'> => {
      if (table.stale) await table.catchUp(this.store);
      if (table.record.status === 'archived') return fail('no_such_table', 'There is no such table.');
      const decided = decide(table.record, table);
      if (!decided.ok) return decided;
      if (!(await this.seatsChanged(table, decided.value.seats))) return 'conflict';
      return done(decided.value.reply());
    });
  }

  /**
   * The one retry policy for every change to a table (seats, actions, undos): `attempt` runs alone
   * on the table; when another writer took the table's revision first, the table catches up from
   * the store and the change is judged again, at most COMMIT_ATTEMPTS times in all.
   */
  private async retrying<T>(
    table: LiveTable,
    attempt: () => Promise<Outcome<T> | 'conflict'>,
  ): Promise<Outcome<T>> {
    for (let i = 0; i < COMMIT_ATTEMPTS; i++) {
      const outcome = await table.exclusive(attempt);
      if (outcome !== 'conflict') return outcome;
      await table.exclusive(() => table.catchUp(this.store));
    }
    return fail('conflict', 'The table kept changing at the same moment; try again.');
  }

  /**
   * Stores a table's new seats (a compare-and-set on its revision); the game starts when no seat is
   * open any more. Detaches the connections of every seat's former holder, tells every seat and
   * the other nodes, and starts bots and the clock. False when another writer changed it first.
   */
  private async seatsChanged(table: LiveTable, seats: SeatRecord[]): Promise<boolean> {
    const r = table.record;
    const starting = r.status === 'waiting' && !seats.some((s) => s.kind === 'open');
    const status = starting ? 'playing' : r.status;
    const deadlineAt = starting ? this.deadlineFor({ ...r, status }, table) : r.deadlineAt;
    if (!(await this.store.updateTable(table.id, r.revision, { seats, status, deadlineAt }))) return false;
    table.record = { ...r, seats, status, deadlineAt, revision: r.revision + 1, updatedAt: this.now() };
    for (let seat = 0; seat < r.players; seat++) {
      const before = holderOf(r, seat);
      if (before !== null && before !== holderOf(table.record, seat))
        this.out.detach?.(table.id, seat, before);
    }
    this.broadcast(table);
    this.coordinator.publishCommit(table.id, table.version);
    this.kick(table);
    return true;
  }

  /** A person leaves: the seat stays theirs until someone takes it over or a bot replaces them. */
  async leave(id: string, token: string): Promise<Outcome<TableSummary>> {
    return this.changeSeats(id, (r, table) => {
      const seat = r.seats.findIndex((s) => secretMatches(token, s.tokenHash));
      if (seat < 0) return fail('bad_token', 'That token holds no seat at this table.');
      const seats = r.seats.slice();
      seats[seat] =
        r.status === 'waiting'
          ? { ...seats[seat]!, kind: 'open', name: null, tokenHash: null }
          : { ...seats[seat]!, left: true, tokenHash: null };
      return done({ seats, reply: () => table.summary() });
    });
  }

  /** Any seated person may hand a seat whose person left to a bot. */
  async replaceByBot(
    id: string,
    token: string,
    seat: number,
    level: SeatRecord['level'],
  ): Promise<Outcome<TableSummary>> {
    return this.changeSeats(id, (r, table) => {
      if (!r.seats.some((s) => secretMatches(token, s.tokenHash)))
        return fail('bad_token', 'Only a player at this table may do that.');
      const target = r.seats[seat];
      if (!target || !(target.kind === 'open' || (target.kind === 'human' && target.left)))
        return fail('seat_taken', 'Only an open seat or one whose player left can be given to a bot.');
      const seats = r.seats.slice();
      seats[seat] = botSeat(id, r.seats, seat, level ?? 'medium');
      return done({ seats, reply: () => table.summary() });
    });
  }

  /** Which seat a token holds at a table (null for a spectator without a token). */
  async attach(
    id: string,
    token: string | undefined,
    since: number | undefined,
  ): Promise<
    Outcome<{ seat: Seat | null; holder: string | null; update: TableUpdate; missed: unknown[] | null }>
  > {
    const table = await this.table(id);
    if (!table) return fail('no_such_table', 'There is no such table.');
    let seat: Seat | null = null;
    if (token !== undefined) {
      const find = () => table.record.seats.findIndex((s) => secretMatches(token, s.tokenHash));
      seat = find();
      if (seat < 0 && this.coordinator.clustered) {
        // The seat may have been taken on another node a moment ago: read the table again.
        await table.exclusive(() => table.catchUp(this.store));
        seat = find();
      }
      if (seat < 0) return fail('bad_token', 'That token holds no seat at this table.');
    }
    const missed = since === undefined ? null : table.missedSince(since, seat);
    const holder = seat === null ? null : table.holderOf(seat);
    return done({ seat, holder, update: table.updateFor(seat), missed });
  }

  /**
   * The engine and the real state of a loaded table: for tests and tools that run beside the
   * server (a leak test compares what a page shows with what its seat may know). Never sent.
   */
  inspect(id: string): { game: LiveTable['game']; state: unknown } | null {
    const table = this.live.get(id);
    return table ? { game: table.game, state: table.state } : null;
  }

  /** A viewer's current update at a loaded table (no events), or null. */
  current(id: string, viewer: Viewer): TableUpdate | null {
    return this.live.get(id)?.updateFor(viewer) ?? null;
  }

  /**
   * A viewer's current update and the events it missed after `since` (null: no longer kept), read
   * at one version; null when the table is not loaded.
   */
  catchUpFor(
    id: string,
    viewer: Viewer,
    since: number | undefined,
  ): { update: TableUpdate; missed: unknown[] | null } | null {
    const table = this.live.get(id);
    if (!table) return null;
    return {
      update: table.updateFor(viewer),
      missed: since === undefined ? null : table.missedSince(since, viewer),
    };
  }

  connected(id: string, seat: Seat | null, delta: number): void {
    const table = this.live.get(id);
    if (!table) return;
    const k = seat === null ? table.record.players : seat;
    table.connections[k] = Math.max(0, (table.connections[k] ?? 0) + delta);
    if (seat !== null) this.broadcast(table);
  }

  connectionCount(id: string): number {
    const table = this.live.get(id);
    return table ? table.connections.reduce((a, b) => a + b, 0) : 0;
  }

  // --- The referee -----------------------------------------------------------------------------

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
    const table = await this.table(id);
    if (!table) return fail('no_such_table', 'There is no such table.');
    const started = performance.now();
    // Another node appended first: catch up from the store and judge the action again.
    const judge = () => this.retrying(table, () => this.commit(table, seat, action, actor, started, holder));
    const outcome = await judge();
    // In a cluster the player may have heard of another node's commit (through the socket.io
    // adapter) before this node did (through the commit notice): a refusal is judged again once
    // this node's copy has caught up with the store, if it was behind.
    if (outcome.ok || !this.coordinator.clustered || outcome.error.code === 'conflict') return outcome;
    const caughtUp = await table.exclusive(async () => {
      const stored = await this.store.getTable(id);
      if (!stored || stored.version <= table.version) return false;
      await table.catchUp(this.store);
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
    const id = table.id;
    {
      if (table.stale) await table.catchUp(this.store);
      const r = table.record;
      if (holder !== undefined && !holds(r, seat, holder)) return seatChanged();
      if (r.status === 'waiting') return fail('not_started', 'The game starts when every seat is filled.');
      if (r.status !== 'playing') return fail('game_over', 'The game is over.');
      const g = table.game;
      const parsed = table.session.actionOf(action);
      if (!parsed.ok) return { ok: false, error: parsed.error };
      const judged = table.session.propose(seat, parsed.value);
      if (!judged.ok) return { ok: false, error: judged.error };
      const { state: next, events, move } = judged.value;
      const over = g.isOver(next);
      const result: GameResult | null = over ? g.result(next) : null;
      const entry: LoggedAction = {
        seq: r.version + 1,
        seat,
        action: move.action,
        chance: move.chance ? move.chance.map((c) => c.slice()) : null,
        actor,
        at: this.now(),
      };
      const status = over ? 'finished' : 'playing';
      const deadlineAt = over ? null : this.deadlineFor({ ...r, status }, table, table.state, next);
      const committed = await this.store.append(id, entry, r.revision, {
        status,
        deadlineAt,
        ...(result ? { result } : {}),
      });
      if (committed === 'conflict') return 'conflict';
      table.session.accept(judged.value);
      table.observeMove();
      table.record = {
        ...r,
        version: entry.seq,
        revision: r.revision + 1,
        status,
        deadlineAt,
        result,
        updatedAt: entry.at,
      };
      table.remember(events);
      if (entry.seq % this.config.snapshotEvery === 0) {
        await this.store.saveSnapshot(id, entry.seq, g.serialize(next));
      }
      this.broadcast(table, events);
      this.coordinator.publishCommit(id, entry.seq);
      this.metrics.actions.inc({ actor });
      this.metrics.roundTrip.observe((performance.now() - started) / 1000);
      if (over) {
        this.log.info({ table: id, result }, 'game finished');
        for (const listener of this.finishListeners) listener({ record: table.record, game: g, state: next });
        this.stopClock(id);
        void this.coordinator.release(id);
      } else this.kick(table);
      return done({ version: entry.seq });
    }
  }

  /** Sends every listening viewer its update: after the move whose `events` these are, or (none) news of the seats. */
  private broadcast(table: LiveTable, events?: readonly GameEvent[]): void {
    // A bot's seat and an empty spectators' channel cost an update nobody reads.
    const send = (viewer: Viewer) => {
      const holder = viewer === null ? null : table.holderOf(viewer);
      if (this.out.listening?.(table.id, viewer, holder) !== false)
        this.out.toViewer(table.id, viewer, table.updateFor(viewer, events), holder);
    };
    for (let seat = 0; seat < table.record.players; seat++) send(seat);
    send(null);
  }

  // --- Bots and clocks -------------------------------------------------------------------------

  /** When the clock of the turn after a change runs out: unchanged while the same seats are to act. */
  private deadlineFor(
    r: TableRecord,
    table: LiveTable,
    previous?: unknown,
    state: unknown = table.state,
  ): number | null {
    if (r.clockSeconds === null || r.status !== 'playing') return null;
    const g = table.game;
    const waiting = g.toAct(state).filter((s) => r.seats[s]?.kind === 'human');
    if (waiting.length === 0) return null;
    if (previous !== undefined && r.deadlineAt !== null) {
      const before = g.toAct(previous);
      if (waiting.every((s) => before.includes(s)) && before.length > 1) return r.deadlineAt; // a simultaneous phase goes on
    }
    return this.now() + r.clockSeconds * 1000;
  }

  /** Starts whatever must happen next at a table: bot moves and the turn clock. */
  private kick(table: LiveTable): void {
    if (this.closed || table.record.status !== 'playing') return;
    if (!this.coordinator.owns(table.id)) return; // another node drives this table's bots and clock
    const g = table.game;
    for (const seat of g.toAct(table.state)) {
      const s = table.record.seats[seat];
      if (s?.kind === 'bot' && s.level) this.scheduleBot(table, seat, s.level, 'bot', this.config.botPaceMs);
    }
    this.armClock(table);
  }

  private scheduleBot(
    table: LiveTable,
    seat: Seat,
    level: NonNullable<SeatRecord['level']>,
    actor: 'bot' | 'clock',
    delay: number,
  ): void {
    const key = `${table.id}:${seat}`;
    if (this.pendingBots.has(key)) return;
    this.pendingBots.add(key);
    const timer = setTimeout(() => {
      this.botTimers.delete(timer);
      void this.botMove(table.id, seat, level, actor).finally(() => {
        this.pendingBots.delete(key);
        const t = this.live.get(table.id);
        if (
          t &&
          t.record.status === 'playing' &&
          t.game.toAct(t.state).includes(seat) &&
          t.record.seats[seat]?.kind === 'bot'
        )
          this.kick(t);
      });
    }, delay);
    this.botTimers.add(timer);
  }

  private async botMove(
    id: string,
    seat: Seat,
    level: NonNullable<SeatRecord['level']>,
    actor: 'bot' | 'clock',
  ): Promise<void> {
    const table = this.live.get(id);
    if (!table || this.closed || !this.coordinator.owns(id)) return;
    if (table.stale) await table.exclusive(() => table.catchUp(this.store));
    if (!table.game.toAct(table.state).includes(seat)) return;
    const version = table.version;
    const started = performance.now();
    try {
      const action = await this.bots.move({
        key: `${id}:${seat}`,
        game: table.game.meta.id,
        save: table.game.serialize(table.state),
        seat,
        level,
        seed: `${table.record.seed}:${seat}:${version}`,
        // A bot that remembers is shown all its seat saw, rebuilt from the log after a restart.
        ...(remembers(table.game.meta.id, level) ? { observed: table.observed(seat).slice() } : {}),
      });
      this.metrics.botMove.observe({ level }, (performance.now() - started) / 1000);
      if (this.closed) return;
      const applied = await this.act(id, seat, action, actor);
      if (!applied.ok && applied.error.code !== 'game_over')
        this.log.warn({ table: id, seat, action, error: applied.error }, 'bot move rejected');
    } catch (error) {
      if (!this.closed) this.log.error({ err: error, table: id, seat }, 'bot failed');
    }
  }

  private stopClock(id: string): void {
    const t = this.clockTimers.get(id);
    if (t) clearTimeout(t);
    this.clockTimers.delete(id);
  }

  private armClock(table: LiveTable): void {
    this.stopClock(table.id);
    const deadline = table.record.deadlineAt;
    if (deadline === null) return;
    const wait = Math.max(0, Math.min(deadline - this.now(), MAX_TIMER_MS));
    const version = table.version;
    const timer = setTimeout(() => {
      this.clockTimers.delete(table.id);
      const t = this.live.get(table.id);
      if (!t || t.version !== version || t.record.deadlineAt !== deadline) return;
      if (this.now() < deadline) return this.armClock(t);
      for (const seat of t.game.toAct(t.state)) {
        const s = t.record.seats[seat];
        if (s?.kind === 'human') this.scheduleBot(t, seat, s.level ?? 'medium', 'clock', 0);
      }
    }, wait);
    this.clockTimers.set(table.id, timer);
  }

  /**
   * Takes back the last move (docs/engine.md, "Undo"): in a solitaire any move, at a table of
   * several the seat's own last move when it revealed nothing. The undo is appended to the log like
   * an action (so replays and other nodes see it) and every seat gets the earlier state.
   */
  async undo(id: string, seat: Seat, holder?: string | null): Promise<Outcome<{ version: number }>> {
    const table = await this.table(id);
    if (!table) return fail('no_such_table', 'There is no such table.');
    return this.retrying(table, async (): Promise<Outcome<{ version: number }> | 'conflict'> => {
      if (table.stale) await table.catchUp(this.store);
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
        at: this.now(),
      };
      const deadlineAt = this.deadlineFor(r, table, undefined, judged.value.state);
      if ((await this.store.append(id, entry, r.revision, { deadlineAt })) === 'conflict') return 'conflict';
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
      this.coordinator.publishCommit(id, entry.seq);
      this.kick(table);
      return done({ version: entry.seq });
    });
  }

  /**
   * Whether a MATCHET Solitaire B deal can still be won from the current position (MT-10: the
   * stacks lie face up, so the solver sees nothing the player does not).
   */
  async solve(
    id: string,
    seat: Seat,
    holder?: string | null,
  ): Promise<Outcome<{ status: SolveStatus; nodes: number }>> {
    const table = await this.table(id);
    if (!table) return fail('no_such_table', 'There is no such table.');
    if (holder !== undefined && !(await this.holdsNow(table, seat, holder))) return seatChanged();
    const r = table.record;
    if (r.game !== 'matchet' || (r.options as { mode?: unknown }).mode !== 'stacks')
      return fail('not_available', 'Only a MATCHET Solitaire B deal can be solved here.');
    if (seat !== 0) return fail('spectator', 'Only the player may ask.');
    // In a bot worker: a search of up to 200,000 positions must not hold the event loop.
    const solved = await this.bots.solve(`${id}:solve`, table.game.serialize(table.state), 200_000);
    if (!solved.ok) return { ok: false, error: solved.error };
    return done({ status: solved.status, nodes: solved.nodes });
  }

  /**
   * The expert bots' suggestion for a seated person whose turn it is, computed in a bot worker
   * from that seat's determinization (what the seat knows), never from the real hidden cards.
   */
  async hint(
    id: string,
    seat: Seat,
    holder?: string | null,
  ): Promise<Outcome<{ version: number; hint: Hint }>> {
    const table = await this.table(id);
    if (!table) return fail('no_such_table', 'There is no such table.');
    // A hint is worked out from the seat's cards: only for whoever holds the seat now.
    if (holder !== undefined && !(await this.holdsNow(table, seat, holder))) return seatChanged();
    const r = table.record;
    if (r.status === 'waiting') return fail('not_started', 'The game starts when every seat is filled.');
    if (r.status !== 'playing') return fail('game_over', 'The game is over.');
    if (!table.game.toAct(table.state).includes(seat)) return fail('not_your_turn', 'It is not your turn.');
    const version = table.version;
    const answer = await this.bots.hint({
      key: `${id}:${seat}`,
      game: r.game,
      save: table.game.serialize(table.state),
      seat,
      level: 'expert',
      // Not the table's seed: a hint's randomness needs no secret.
      seed: `hint:${id}:${seat}:${version}`,
    });
    if (!answer.ok) return { ok: false, error: answer.error };
    return done({ version, hint: answer.hint });
  }

  /**
   * Whether `holder` holds `seat` now. In a cluster another node may have changed the seats a
   * moment ago and its notice may still be on its way, so the stored row decides.
   */
  private async holdsNow(table: LiveTable, seat: Seat, holder: string | null): Promise<boolean> {
    if (!holds(table.record, seat, holder)) return false;
    if (!this.coordinator.clustered) return true;
    const stored = await this.store.getTable(table.id);
    return stored !== null && holds(stored, seat, holder);
  }

  // --- Records and housekeeping ----------------------------------------------------------------

  /** A finished game's record (engine format 2), replayable with `replay`; the seed stays here. */
  async record(id: string): Promise<Outcome<GameRecord>> {
    const record = await this.store.getTable(id);
    if (!record) return fail('no_such_table', 'There is no such table.');
    if (record.status !== 'finished')
      return fail('not_finished', 'The record is published when the game is over.');
    return done(publishedRecord(record, await this.store.actions(id)));
  }

  /**
   * A replay (docs/server.md, "Replays"): a finished table's whole record, every seat's cards
   * included; while the table is not finished, only the steps as the seat of `token` saw them, or
   * as a spectator saw them when the token holds no seat. The seed never leaves the server.
   */
  async replay(id: string, token: string | null): Promise<Outcome<ReplayReply>> {
    const record = await this.store.getTable(id);
    if (!record) return fail('no_such_table', 'There is no such table.');
    const log = (await this.store.actions(id)).filter((a) => a.seq <= record.version);
    if (record.status === 'finished') return done({ kind: 'record', record: publishedRecord(record, log) });
    const game = getGame(record.game);
    if (!game) return fail('unknown_game', `There is no game "${record.game}".`);
    const seat = token === null ? -1 : record.seats.findIndex((s) => secretMatches(token, s.tokenHash));
    const viewer = seat < 0 ? null : seat;
    const key = `${id}:${record.version}:${viewer ?? 'spectator'}`;
    const cached = this.replays.get(key);
    if (cached) {
      this.replays.delete(key); // most recently used last
      this.replays.set(key, cached);
      return done(cached);
    }
    const steps = replaySteps(game, { ...publishedRecord(record, log), seed: record.seed }, viewer);
    if (!steps.ok) throw new Error(`table ${id}: the log does not replay: ${steps.error.message}`);
    const reply: ReplayReply = { kind: 'views', viewer, steps: steps.value };
    this.replays.set(key, reply);
    if (this.replays.size > REPLAYS_KEPT) this.replays.delete(this.replays.keys().next().value!);
    return done(reply);
  }

  async archiveIdle(): Promise<number> {
    if (this.config.archiveAfterMs <= 0) return 0;
    const ids = await this.store.archiveIdle(this.now() - this.config.archiveAfterMs);
    for (const id of ids) {
      this.live.delete(id);
      this.stopClock(id);
    }
    this.metrics.tables.set(this.live.size);
    return ids.length;
  }

  /** Listens for finished games (the ratings and stats hook). */
  onFinish(listener: (table: FinishedTable) => void): void {
    this.finishListeners.push(listener);
  }

  get liveCount(): number {
    return this.live.size;
  }

  close(): void {
    this.closed = true;
    for (const t of this.botTimers) clearTimeout(t);
    for (const t of this.clockTimers.values()) clearTimeout(t);
    this.botTimers.clear();
    this.clockTimers.clear();
  }
}

/** Whether `holder` (a token's hash, from the connection's hello) holds `seat` of the table. */
function holds(record: TableRecord, seat: Seat, holder: string | null): boolean {
  return holder !== null && holderOf(record, seat) === holder;
}

const seatChanged = () =>
  fail('seat_changed', 'This seat is no longer yours: you left it, or it was taken over. Say hello again.');

export function zodMessage(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): string {
  const first = error.issues[0];
  if (!first) return 'Invalid request.';
  const where = first.path.length > 0 ? `${first.path.map(String).join('.')}: ` : '';
  return `${where}${first.message}`;
}

/** A table's record (engine format 2) with a stand-in seed: its chance outcomes decide every deal. */
function publishedRecord(record: TableRecord, log: readonly LoggedAction[]): GameRecord {
  return {
    ...headerOf(record),
    // The chance outcomes decide every deal, so the generator's seed is not needed (and never leaves the server).
    seed: `table:${record.id}`,
    moves: effectiveMoves(log).map((a) => ({
      seat: a.seat,
      action: a.action,
      ...(a.chance ? { chance: a.chance } : {}),
    })),
  };
}

/** The log without its undos and the moves they took back: the moves in effect. */
export function effectiveMoves(log: readonly LoggedAction[]): LoggedAction[] {
  const out: LoggedAction[] = [];
  for (const a of log) {
    if (a.action === UNDO) out.pop();
    else out.push(a);
  }
  return out;
}
