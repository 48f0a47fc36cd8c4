/**
 * Tables and their seats: making a table, taking a seat (with the invite or at a public table),
 * leaving one, handing a left seat to a bot, and which seat a connection's token holds. New seats
 * are committed through the commit path like an action, so they race safely with moves and with
 * other nodes.
 */
import type { Seat } from '@matchbox/engine';
import { getGame } from '@matchbox/engine';
import type {
  CreateTableReply,
  JoinBody,
  Lobby,
  MyTable,
  SeatRecord,
  SeatTicket,
  TableSummary,
  TableUpdate,
} from '@matchbox/client/wire';
import { DEFAULT_CLOCK_SECONDS, createTableBody, joinBody } from '@matchbox/client/wire';
import type { CommitPath } from './commit-path.ts';
import { botSeat, freeAvatar, seatNames, uniqueName } from './faces.ts';
import { LiveTable, summaryOf } from './live-table.ts';
import type { TableContext } from './live-tables.ts';
import { tableClash } from './names.ts';
import type { Outcome } from './outcome.ts';
import { done, fail, zodMessage } from './outcome.ts';
import type { Scheduler } from './scheduler.ts';
import { personOf } from './leaving.ts';
import { ratedAtStart } from './rated.ts';
import type { Leave, SeatOrigin, TableRecord } from './store.ts';
import { eventTableRefusal } from './events/access.ts';
import { startedTableRecord } from './table-record.ts';
import { hashSecret, newSeed, newTableId, newToken, randomId, secretMatches } from './tokens.ts';

export class Seats {
  /** Called after a person left a started game (leaving's cost, stand-ins.ts `charge`). */
  onLeft: ((record: TableRecord, leaves: readonly Leave[]) => Promise<void>) | null = null;

  constructor(
    private readonly ctx: TableContext,
    private readonly commits: CommitPath,
    private readonly scheduler: Scheduler,
  ) {}

  /**
   * Makes a table; the creator (unless watching) takes the first open seat, joined from `origin`
   * (its address is also the table's creator for the per-address limit).
   */
  async create(input: unknown, origin: SeatOrigin): Promise<Outcome<CreateTableReply>> {
    const address = origin.address;
    const { store, config } = this.ctx;
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
    if ((await store.countOpenByCreator(address)) >= config.tablesPerAddress) {
      return fail('too_many_tables', `At most ${config.tablesPerAddress} unfinished tables per address.`);
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
    const origins: (SeatOrigin | null)[] = specs.map(() => null);
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
          person: personOf(origin.account, origin.browser ?? undefined),
        };
        ticket = { tableId: id, seat, token };
        origins[seat] = origin;
      }
    }
    // The bots take the animals the creator does not wear, each its own.
    specs.forEach((s, i) => {
      if (s.kind === 'bot') seats[i] = botSeat(id, seats, i, s.level);
    });
    const invite = randomId(12);
    const now = this.ctx.now();
    const status = seats.some((s) => s.kind === 'open') ? 'waiting' : 'playing';
    const draft: TableRecord = {
      id,
      game: game.meta.id,
      options: body.options ?? {},
      players: body.players,
      // A table that waits for people is dealt when its last seat fills (CommitPath.seatsChanged).
      seed: status === 'playing' ? newSeed() : null,
      deck: null,
      chance: null,
      seats,
      status,
      version: 0,
      revision: 0,
      isPublic: body.public ?? false,
      spectatorChat: body.spectatorChat ?? false,
      inviteHash: hashSecret(invite),
      // Several seats: a turn clock unless one is asked for (a stand-in plays when it runs out).
      clockSeconds: body.clockSeconds ?? (body.players >= 2 ? DEFAULT_CLOCK_SECONDS : null),
      deadlineAt: null,
      creator: address,
      createdAt: now,
      updatedAt: now,
      result: null,
      origins,
      rated: null,
    };
    const opened = await this.open(draft);
    if (!opened.ok) return opened;
    return done({
      table: opened.value,
      ticket,
      invite,
      inviteUrl: `${config.publicUrl}/join/${id}?invite=${invite}`,
    });
  }

  /**
   * A table whose people were chosen by pairing (pairing.ts): each person at the seat given, with
   * the hash of the token they were handed, bots of `level` at the other seats; it starts at once.
   * Made again with the same id (a node that died while starting it) it is the table made before.
   */
  async createSeated(t: {
    readonly id: string;
    readonly game: string;
    readonly players: number;
    readonly options: Record<string, unknown>;
    readonly level: NonNullable<SeatRecord['level']>;
    readonly people: readonly {
      readonly seat: number;
      readonly name: string;
      readonly avatar: SeatRecord['avatar'];
      readonly tokenHash: string;
      readonly person: string;
      readonly origin: SeatOrigin;
    }[];
  }): Promise<Outcome<TableSummary>> {
    const existing = await this.summary(t.id);
    if (existing) return done(existing);
    const seats: SeatRecord[] = Array.from({ length: t.players }, () => ({
      kind: 'open',
      name: null,
      level: t.level,
      tokenHash: null,
      left: false,
    }));
    const origins: (SeatOrigin | null)[] = seats.map(() => null);
    for (const p of t.people) {
      seats[p.seat] = {
        kind: 'human',
        name: uniqueName(p.name, seats, p.seat),
        avatar: p.avatar ?? freeAvatar(t.id, seats, p.seat),
        level: t.level,
        tokenHash: p.tokenHash,
        left: false,
        person: p.person,
      };
      origins[p.seat] = p.origin;
    }
    seats.forEach((s, i) => {
      if (s.kind === 'open') seats[i] = botSeat(t.id, seats, i, t.level);
    });
    return this.open(
      startedTableRecord(
        {
          id: t.id,
          game: t.game,
          options: t.options,
          players: t.players,
          seed: newSeed(),
          seats,
          // A real-time table of several: the turn clock, with a stand-in when it runs out (as `create`).
          clockSeconds: DEFAULT_CLOCK_SECONDS,
          creator: 'pairing',
          origins,
        },
        this.ctx.now(),
      ),
    );
  }

  /**
   * Makes a table from its first record (a new table's, a pairing's, or a duplicate event's entry,
   * whose seats and seed the event chose): deals it when it starts at once, stores it, takes its
   * lease and starts its bots.
   */
  async open(draft: TableRecord): Promise<Outcome<TableSummary>> {
    const { store, coordinator, log } = this.ctx;
    const made = LiveTable.create(draft);
    if ('error' in made) return { ok: false, error: made.error };
    const record: TableRecord = {
      ...draft,
      chance: made.chance.length > 0 ? made.chance : null,
      deadlineAt: draft.status === 'playing' ? this.scheduler.deadlineFor(draft, made.table) : null,
      // A table that starts at once (a solitaire, a member against bots) is judged now.
      rated:
        draft.status === 'playing'
          ? await ratedAtStart(store, draft, draft.seats, draft.origins ?? [], draft.createdAt)
          : null,
    };
    made.table.record = record;
    await store.createTable(record);
    await coordinator.acquire(record.id);
    this.ctx.tables.add(made.table);
    log.info({ table: record.id, game: record.game, players: record.players }, 'table created');
    this.scheduler.kick(made.table);
    return done(made.table.summary());
  }

  async summary(id: string): Promise<TableSummary | null> {
    const table = await this.ctx.tables.get(id);
    if (table) return table.summary();
    const record = await this.ctx.store.getTable(id);
    return record ? summaryOf(record, []) : null;
  }

  /** Open public tables, and the caller's own tables by the tokens it holds. */
  async lobby(tickets: readonly { tableId: string; token: string }[]): Promise<Lobby> {
    const { store, tables } = this.ctx;
    const open = await store.listTables({ status: ['waiting'], publicOnly: true, limit: 50 });
    const mine: MyTable[] = [];
    for (const t of tickets) {
      const record = tables.loaded(t.tableId)?.record ?? (await store.getTable(t.tableId));
      if (!record || record.status === 'archived') continue;
      const seat = record.seats.findIndex((s) => secretMatches(t.token, s.tokenHash));
      if (seat < 0) continue;
      // A playing table another node drives is loaded here too, to tell whose turn it is.
      const live = record.status === 'playing' ? await tables.get(t.tableId) : tables.loaded(t.tableId);
      mine.push({
        ...(live ? live.summary() : summaryOf(record, [])),
        seat,
        toAct: live && record.status === 'playing' ? live.toAct() : [],
        deadlineAt: record.deadlineAt,
      });
    }
    return {
      open: open.map((r) => tables.loaded(r.id)?.summary() ?? summaryOf(r, [])),
      mine,
    };
  }

  /**
   * Takes an open seat (or a seat whose person left) with the invite code, or freely at a public
   * table, joined from `origin` (null: not known, as for a guest).
   */
  async join(
    id: string,
    body: JoinBody,
    origin: SeatOrigin | null = null,
  ): Promise<Outcome<SeatTicket & { table: TableSummary }>> {
    const parsed = joinBody.safeParse(body);
    if (!parsed.success) return fail('invalid_request', zodMessage(parsed.error));
    const name = parsed.data.name;
    // The names spectators claimed to write in the chat are theirs at the table too (read from
    // the claims: a claim is made before its line is written).
    const watching = (await this.ctx.store.spectatorNames(id)).map((s) => s.name);
    return this.changeSeats(id, (r, table) => {
      if (r.status === 'finished') return fail('table_finished', 'This game is over.');
      if (!r.isPublic && (body.invite === undefined || !secretMatches(body.invite, r.inviteHash)))
        return fail('bad_invite', 'This table needs a valid invite link.');
      const free = (s: SeatRecord) => s.kind === 'open' || (s.kind === 'human' && s.left);
      const seat = body.seat ?? r.seats.findIndex(free);
      if (seat < 0 || seat >= r.players) return fail('table_full', 'No seat is free at this table.');
      if (!free(r.seats[seat]!)) return fail('seat_taken', `Seat ${seat} is taken.`);
      const clash = tableClash(name, [...seatNames(r.seats, seat), ...watching]);
      if (clash) return fail(clash.code, clash.message);
      const token = newToken();
      const seats = r.seats.slice();
      seats[seat] = {
        kind: 'human',
        name,
        avatar: body.avatar ?? freeAvatar(id, r.seats, seat),
        level: r.seats[seat]!.level ?? 'medium',
        tokenHash: hashSecret(token),
        left: false,
        person: personOf(origin?.account ?? null, origin?.browser ?? undefined),
      };
      const origins = withOrigin(r, seat, origin);
      return done({ seats, origins, reply: () => ({ tableId: id, seat, token, table: table.summary() }) });
    });
  }

  /**
   * A person leaves: before the start the seat is open again; in a game a stand-in plays it until
   * someone takes it over or it is given to a bot, and the leaver pays leaving's cost.
   */
  async leave(id: string, token: string): Promise<Outcome<TableSummary>> {
    let left: { record: TableRecord; leave: Leave } | null = null;
    const outcome = await this.changeSeats(id, (r, table) => {
      const seat = r.seats.findIndex((s) => secretMatches(token, s.tokenHash));
      if (seat < 0) return fail('bad_token', 'That token holds no seat at this table.');
      const seats = r.seats.slice();
      const s = seats[seat]!;
      const waiting = r.status === 'waiting';
      seats[seat] = waiting
        ? { ...s, kind: 'open', name: null, tokenHash: null, person: null }
        : { ...s, left: true, tokenHash: null, standIn: null };
      const person = s.person ?? null;
      left =
        r.status === 'playing' && person !== null
          ? { record: r, leave: { person, tableId: id, seat, how: 'left', at: this.ctx.now() } }
          : null;
      // A seat given up before the start is nobody's; one left during the game stays its person's.
      const origins = waiting ? withOrigin(r, seat, null) : undefined;
      return done({ seats, origins, reply: () => table.summary() });
    });
    const charged = left as { record: TableRecord; leave: Leave } | null;
    if (outcome.ok && charged) await this.onLeft?.(charged.record, [charged.leave]);
    return outcome;
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
      return done({ seats, origins: withOrigin(r, seat, null), reply: () => table.summary() });
    });
  }

  /**
   * Changes a table's seats: `decide` chooses the new seats from the table as it is, and they are
   * stored with a compare-and-set on the table's revision. When another writer (another node, or
   * an action) changed the table first, it is read again and `decide` decides again.
   */
  private async changeSeats<T>(
    id: string,
    decide: (
      r: TableRecord,
      table: LiveTable,
    ) => Outcome<{ seats: SeatRecord[]; origins?: (SeatOrigin | null)[] | undefined; reply: () => T }>,
  ): Promise<Outcome<T>> {
    const table = await this.ctx.tables.get(id);
    if (!table) return fail('no_such_table', 'There is no such table.');
    return this.commits.retrying(table, async (): Promise<Outcome<T> | 'conflict'> => {
      if (table.stale) await table.catchUp(this.ctx.store);
      if (table.record.status === 'archived') return fail('no_such_table', 'There is no such table.');
      const decided = decide(table.record, table);
      if (!decided.ok) return decided;
      const { seats, origins } = decided.value;
      if (!(await this.commits.seatsChanged(table, seats, origins))) return 'conflict';
      return done(decided.value.reply());
    });
  }

  /** Which seat a token holds at a table (null for a spectator without a token). */
  async attach(
    id: string,
    token: string | undefined,
    since: number | undefined,
  ): Promise<
    Outcome<{
      seat: Seat | null;
      holder: string | null;
      /**
       * The seat's current update and the events it missed after `since` (null: no longer kept),
       * read at one version when called: after the connection has joined the table's rooms, so
       * that a move committed meanwhile is in both or in neither, and every later one reaches it.
       */
      catchUp: () => { update: TableUpdate; missed: unknown[] | null };
    }>
  > {
    const table = await this.ctx.tables.get(id);
    if (!table) return fail('no_such_table', 'There is no such table.');
    let seat: Seat | null = null;
    if (token !== undefined) {
      const find = () => table.record.seats.findIndex((s) => secretMatches(token, s.tokenHash));
      seat = find();
      if (seat < 0 && this.ctx.coordinator.clustered) {
        // The seat may have been taken on another node a moment ago: read the table again.
        await table.exclusive(() => table.catchUp(this.ctx.store));
        seat = find();
      }
      if (seat < 0) return fail('bad_token', 'That token holds no seat at this table.');
    }
    // A duplicate event's table is watched only by those who finished the event (events/access.ts).
    const refused = seat === null ? eventTableRefusal(table.record, null, this.ctx.now()) : null;
    if (refused) return { ok: false, error: refused };
    const holder = seat === null ? null : table.holderOf(seat);
    const catchUp = () => {
      const now = this.ctx.tables.loaded(id) ?? table;
      return {
        update: seat === null ? now.spectatorUpdate() : now.updateFor(seat),
        missed: since === undefined ? null : now.missedSince(since, seat),
      };
    };
    return done({ seat, holder, catchUp });
  }
}

/** The table's seat origins with `seat`'s set to `origin`. */
function withOrigin(r: TableRecord, seat: number, origin: SeatOrigin | null): (SeatOrigin | null)[] {
  const origins = Array.from({ length: r.players }, (_, i) => r.origins?.[i] ?? null);
  origins[seat] = origin;
  return origins;
}
