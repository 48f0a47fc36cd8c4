/**
 * Pairing (docs/server.md, "Pairing"): "Play now" puts a person in the pool of a game, player count
 * and options, one pool per person at a time. People in one pool sit at one table; the first one
 * starts a countdown (`COUNTDOWN_MS`, never restarted by later ones); when it ends, or when the pool
 * is full, or when someone in it presses "Start with bots", the free seats go to bots and the game
 * starts. While such a table plays, a later seeker with no open pool to join takes over one of its
 * bots at the next hand, round or turn (the game's `boundaryEvents`): who sits at a seat is table
 * metadata, so the engine's record is untouched.
 *
 * The pools live in the store, not in a process: every change is a transaction that holds the
 * pool's key (PostgreSQL: an advisory lock per key; SQLite: one writer at a time), so with several
 * nodes nobody is seated twice or lost. A seeker asks where it stands (`status`); a node's sweep
 * (`sweep`, twice a second) starts the pools whose countdown ended, and finishes any start a dead
 * node left half done.
 */
import { pausedRefusal } from './leaving.ts';
import { getGame } from '@matchbox/engine';
import type { AvatarId, BotLevelName, SeatRecord, SeekStatus } from '@matchbox/client/wire';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db, Dialect, PairingPoolsRow, PairingSeekersRow } from './db.ts';
import { isUniqueViolation } from './db.ts';
import { freeAvatar, uniqueName } from './faces.ts';
import type { LiveTable } from './live-table.ts';
import type { Outcome } from './outcome.ts';
import { done, fail } from './outcome.ts';
import type { SeatOrigin } from './store.ts';
import type { TableService } from './tables.ts';
import { isSealed, seal, unseal } from './sealed.ts';
import { hashSecret, newTableId, newToken, randomId } from './tokens.ts';

/** How long the first person of a pool waits for others before bots take the free seats (ms). */
export const COUNTDOWN_MS = 10_000;

export interface PairingOptions {
  /** Who may sit with whom (default: everyone with everyone). */
  readonly policy?: PairingPolicy;
  readonly now?: () => number;
  /** The countdown of a new pool (ms; default `COUNTDOWN_MS`); 0: no pairing, a table each at once. */
  readonly countdownMs?: number;
  /** A member seated by pairing keeps the seat in the account (account-http.ts `attach`). */
  readonly onSeated?: (account: string, ticket: SeatedTicket) => Promise<void>;
  /** Seals the seat tokens the pools keep until their people have them (sealed.ts); none: kept as made. */
  readonly sealKey?: Buffer;
}
/** A start left half done this long ago (its node died) is finished by another node (ms). */
const STUCK_START_MS = 15_000;
/** Seated seekers' rows are kept this long for a page that asks again, then removed (ms). */
const SEATED_KEPT_MS = 3_600_000;
/** How often a node's sweep forgets them (ms). */
const CLEAN_EVERY_MS = 60_000;

/** Who seeks: `person` is `a:<account id>` for a member, `g:<browser id>` for a guest (leaving.ts `personOf`). */
export interface Seeker {
  readonly person: string;
  /** Where the seek came from: the seat's origin once seated. */
  readonly origin: SeatOrigin;
  readonly name: string;
  readonly avatar: AvatarId | null;
}

/** What a seeker asks for: a game, its player count and options, and the bots' level. */
export interface SeekSpec {
  readonly game: string;
  readonly players: number;
  readonly options: Readonly<Record<string, unknown>>;
  readonly level: BotLevelName;
}

/**
 * Who may sit with whom. `mayShareTable` is asked, inside the pool's transaction, for the seeker
 * and each person already in the pool or at the table; it answers false once one of them has
 * blocked the other. The server's is reports.ts `blockPolicy`; `openPolicy` allows everyone.
 */
export interface PairingPolicy {
  mayShareTable(a: string, b: string, db: Db): Promise<boolean>;
}

/** Everyone may sit with everyone (a pool without blocks: tests, tools). */
export const openPolicy: PairingPolicy = { mayShareTable: async () => true };

/** The text that names a pool: game, players and options (keys sorted). */
export function poolKey(spec: Pick<SeekSpec, 'game' | 'players' | 'options'>): string {
  const options = Object.keys(spec.options)
    .sort()
    .map((k) => [k, spec.options[k]]);
  return `${spec.game}/${spec.players}/${JSON.stringify(options)}`;
}

/** Checks a spec against the game: known, a table for several, the options valid (a trial deal). */
export function specProblem(spec: SeekSpec): Outcome<null> {
  const game = getGame(spec.game);
  if (!game) return fail('unknown_game', `There is no game "${spec.game}".`);
  if (spec.players < Math.max(2, game.meta.minPlayers) || spec.players > game.meta.maxPlayers)
    return fail(
      'invalid_players',
      `Pairing at ${game.meta.name} is for ${Math.max(2, game.meta.minPlayers)} to ${game.meta.maxPlayers} players.`,
    );
  const trial = game.setup({ players: spec.players, seed: 'pairing', options: spec.options as never });
  return trial.ok ? done(null) : { ok: false, error: trial.error };
}

export class PairingService {
  private sweeping = false;
  /** When the sweep last forgot old seats and closed pools. */
  private cleanedAt = 0;

  private readonly policy: PairingPolicy;
  private readonly now: () => number;
  private readonly countdownMs: number;
  private readonly onSeated: (account: string, ticket: SeatedTicket) => Promise<void>;
  private readonly sealKey: Buffer | null;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly tables: () => TableService,
    private readonly log: Logger,
    options: PairingOptions = {},
  ) {
    this.policy = options.policy ?? openPolicy;
    this.now = options.now ?? Date.now;
    this.countdownMs = options.countdownMs ?? COUNTDOWN_MS;
    this.onSeated = options.onSeated ?? (async () => {});
    this.sealKey = options.sealKey ?? null;
  }

  /** A seat token as the store keeps it (sealed when there is a key). */
  private sealed(token: string): string {
    return this.sealKey ? seal(this.sealKey, token) : token;
  }

  /** A kept seat token readable again (null: none, or sealed with another key). */
  private plain(stored: string | null): string | null {
    if (stored === null || !this.sealKey || !isSealed(stored)) return stored;
    return unseal(this.sealKey, stored);
  }

  /**
   * Sets pairing going at the tables of `service`: claimed bot seats change hands at new hands,
   * rounds and turns, and the sweep runs every `ms`. Returns what stops the sweep.
   */
  run(service: TableService, ms = 500): () => void {
    service.onBoundary((table, changeSeats) => this.takeOver(table, changeSeats));
    // A finished game's bots are nobody's to take over any more.
    service.onFinish(async ({ record }) => {
      await this.db
        .updateTable('pairing_pools')
        .set({ status: 'closed', updated_at: this.now() })
        .where('table_id', '=', record.id)
        .where('status', '=', 'started')
        .execute();
    });
    return this.start(ms);
  }

  // --- Seeking ---------------------------------------------------------------------------------

  /**
   * "Play now": the seeker joins an open pool of the spec (the first one with nobody who may not
   * sit with them), else takes over a bot of a table started from such a pool, else opens a pool
   * and its countdown. One pool per person: `already_seeking` while a seek is on.
   */
  async seek(seeker: Seeker, spec: SeekSpec): Promise<Outcome<SeekStatus>> {
    const problem = specProblem(spec);
    if (!problem.ok) return problem;
    // A repeat leaver is paused from pairing for a while, told why and until when (leaving.ts).
    const pause = await this.tables().pairingPauseFor(seeker.person);
    if (pause) return { ok: false, error: pausedRefusal(pause) };
    const key = poolKey(spec);
    let joined: { pool: PairingPoolsRow; full: boolean } | null;
    try {
      joined = await this.locked(key, async (tx) => {
        const existing = await seekerRow(tx, seeker.person);
        if (existing && existing.status !== 'seated') return null;
        if (existing) await tx.deleteFrom('pairing_seekers').where('person', '=', seeker.person).execute();
        // Without a countdown there is no pairing: every seeker gets a table of their own at once.
        if (this.countdownMs <= 0) return this.openPool(tx, key, seeker, spec);
        return (
          (await this.joinOpenPool(tx, key, seeker)) ??
          (await this.claimBot(tx, key, seeker, existing?.table_id ?? null)) ??
          (await this.openPool(tx, key, seeker, spec))
        );
      });
    } catch (error) {
      // The same person seeking through two nodes at once: the second finds the first's row.
      if (!isUniqueViolation(error)) throw error;
      joined = null;
    }
    if (!joined) return fail('already_seeking', 'You are already waiting for a table; cancel that first.');
    if (joined.full) await this.startPool(joined.pool.id, true);
    return this.status(seeker.person);
  }

  /** The first open pool of `key` the seeker may sit in: joined (full: it starts now). */
  private async joinOpenPool(
    tx: Db,
    key: string,
    seeker: Seeker,
  ): Promise<{ pool: PairingPoolsRow; full: boolean } | null> {
    const pools = await tx
      .selectFrom('pairing_pools')
      .selectAll()
      .where('pool_key', '=', key)
      .where('status', '=', 'open')
      .orderBy('created_at')
      .execute();
    for (const pool of pools) {
      if (pool.members >= pool.players) continue;
      const members = await tx
        .selectFrom('pairing_seekers')
        .select('person')
        .where('pool_id', '=', pool.id)
        .execute();
      if (!(await this.mayJoin(tx, seeker.person, members))) continue;
      await insertSeeker(tx, seeker, pool.id, 'waiting', this.now());
      const members2 = pool.members + 1;
      await tx
        .updateTable('pairing_pools')
        .set({ members: members2, updated_at: this.now() })
        .where('id', '=', pool.id)
        .execute();
      return { pool, full: members2 >= pool.players };
    }
    return null;
  }

  /**
   * A bot seat of a table started from a pool of `key`, still playing, that nobody has claimed:
   * the seeker claims it and takes it over at the table's next boundary (`takeOver`).
   */
  private async claimBot(
    tx: Db,
    key: string,
    seeker: Seeker,
    /** The table the seeker was last seated at: never claimed (they sit there already). */
    own: string | null,
  ): Promise<{ pool: PairingPoolsRow; full: boolean } | null> {
    const pools = await tx
      .selectFrom('pairing_pools')
      .selectAll()
      .where('pool_key', '=', key)
      .where('status', '=', 'started')
      .orderBy('created_at', 'desc')
      .limit(10)
      .execute();
    for (const pool of pools) {
      if (pool.table_id === own) continue;
      const seat = await this.freeBotSeat(tx, pool);
      if (seat === null) continue;
      const people = await tx
        .selectFrom('pairing_seekers')
        .select('person')
        .where('table_id', '=', pool.table_id)
        .execute();
      if (!(await this.mayJoin(tx, seeker.person, people))) continue;
      await insertSeeker(tx, seeker, pool.id, 'claimed', this.now(), {
        table_id: pool.table_id,
        seat,
        token: this.sealed(newToken()),
      });
      return { pool, full: false };
    }
    return null;
  }

  /** A seat of the pool's table that a bot still holds and no seeker has claimed, or null. */
  private async freeBotSeat(tx: Db, pool: PairingPoolsRow): Promise<number | null> {
    if (pool.table_id === null) return null;
    const table = await tx
      .selectFrom('tables')
      .select(['status', 'seats'])
      .where('id', '=', pool.table_id)
      .executeTakeFirst();
    if (!table || table.status !== 'playing') {
      await tx
        .updateTable('pairing_pools')
        .set({ status: 'closed', updated_at: this.now() })
        .where('id', '=', pool.id)
        .execute();
      return null;
    }
    const seats = JSON.parse(table.seats) as SeatRecord[];
    const claimed = await tx
      .selectFrom('pairing_seekers')
      .select('seat')
      .where('table_id', '=', pool.table_id)
      .where('status', '=', 'claimed')
      .execute();
    const taken = new Set(claimed.map((c) => Number(c.seat)));
    const botSeats = JSON.parse(pool.bot_seats ?? '[]') as number[];
    return botSeats.find((s) => seats[s]?.kind === 'bot' && !taken.has(s)) ?? null;
  }

  /** A new pool of `key` with the seeker in it; its countdown starts now. */
  private async openPool(
    tx: Db,
    key: string,
    seeker: Seeker,
    spec: SeekSpec,
  ): Promise<{ pool: PairingPoolsRow; full: boolean }> {
    const now = this.now();
    const pool: PairingPoolsRow = {
      id: randomId(12),
      pool_key: key,
      game: spec.game,
      players: spec.players,
      options: JSON.stringify(spec.options),
      level: spec.level,
      status: 'open',
      members: 1,
      starts_at: now + this.countdownMs,
      created_at: now,
      updated_at: now,
      table_id: null,
      bot_seats: null,
    };
    await tx.insertInto('pairing_pools').values(pool).execute();
    await insertSeeker(tx, seeker, pool.id, 'waiting', now);
    return { pool, full: this.countdownMs <= 0 };
  }

  private async mayJoin(tx: Db, person: string, others: readonly { person: string }[]): Promise<boolean> {
    for (const other of others)
      if (other.person !== person && !(await this.policy.mayShareTable(person, other.person, tx)))
        return false;
    return true;
  }

  // --- Where a seek stands, starting early, cancelling -------------------------------------------

  /**
   * Where the person's seek stands. A claim whose table ended (or whose seat went elsewhere) before
   * the next boundary is put back into the pools, so nobody is lost.
   */
  async status(person: string): Promise<Outcome<SeekStatus>> {
    const row = await seekerRow(this.db, person);
    if (!row) return notSeeking();
    // The page asks again (a reload): it is not leaving after all.
    if (row.leaving_at !== null)
      await this.db
        .updateTable('pairing_seekers')
        .set({ leaving_at: null })
        .where('person', '=', person)
        .execute();
    const pool = await this.db
      .selectFrom('pairing_pools')
      .selectAll()
      .where('id', '=', row.pool_id)
      .executeTakeFirst();
    if (!pool) return notSeeking();
    const now = this.now();
    if (row.status === 'seated') return done(seatedStatus(row, this.plain(row.token)!, pool, now));
    if (row.status === 'claimed') return this.claimStatus(row, pool);
    if (pool.status === 'open' && pool.starts_at <= now) {
      await this.startPool(pool.id, false);
      return this.status(person);
    }
    const people = await this.db
      .selectFrom('pairing_seekers')
      .select(['name', 'avatar'])
      .where('pool_id', '=', pool.id)
      .where('leaving_at', 'is', null)
      .orderBy('joined_at')
      .execute();
    return done({
      state: 'waiting',
      game: pool.game,
      players: pool.players,
      options: JSON.parse(pool.options) as Record<string, unknown>,
      botLevel: pool.level as BotLevelName,
      startsAt: pool.starts_at,
      now,
      people: people.map((p) => ({ name: p.name, avatar: (p.avatar as AvatarId | null) ?? null })),
    });
  }

  /** A claim: still waiting for the boundary, seated (the seat is theirs), or put back in a pool. */
  private async claimStatus(row: PairingSeekersRow, pool: PairingPoolsRow): Promise<Outcome<SeekStatus>> {
    const now = this.now();
    const table = row.table_id === null ? null : await this.tables().summary(row.table_id);
    const seat = table?.seats[row.seat ?? -1];
    const record = table && row.table_id ? await this.tableSeat(row.table_id, row.seat ?? -1) : null;
    const token = this.plain(row.token);
    if (record && token && record.tokenHash === hashSecret(token)) {
      // The seat changed hands but its node stopped before it said so.
      await this.markSeated([row.person]);
      return done(seatedStatus(row, token, pool, now));
    }
    if (table?.status === 'playing' && seat?.kind === 'bot')
      return done({
        state: 'claimed',
        game: pool.game,
        players: pool.players,
        tableId: row.table_id!,
        seat: row.seat!,
        now,
      });
    // Too late: the game ended, or the seat went to someone else. Back into the pools.
    await this.db
      .deleteFrom('pairing_seekers')
      .where('person', '=', row.person)
      .where('status', '=', 'claimed')
      .execute();
    const spec: SeekSpec = {
      game: pool.game,
      players: pool.players,
      options: JSON.parse(pool.options) as Record<string, unknown>,
      level: pool.level as BotLevelName,
    };
    return this.seek(
      { person: row.person, origin: originOf(row), name: row.name, avatar: avatarOf(row) },
      spec,
    );
  }

  private async tableSeat(tableId: string, seat: number): Promise<SeatRecord | null> {
    const row = await this.db
      .selectFrom('tables')
      .select('seats')
      .where('id', '=', tableId)
      .executeTakeFirst();
    return row ? ((JSON.parse(row.seats) as SeatRecord[])[seat] ?? null) : null;
  }

  /** "Start with bots": the person's pool starts now, its free seats going to bots. */
  async startNow(person: string): Promise<Outcome<SeekStatus>> {
    const row = await seekerRow(this.db, person);
    if (!row) return notSeeking();
    if (row.status === 'waiting') await this.startPool(row.pool_id, true);
    return this.status(person);
  }

  /**
   * The seeker's page is closing (`pagehide`): the seek is marked, and a pool that starts while it
   * is marked does not seat it (nor a claim take over its bot). The page's next status (a reload)
   * clears the mark. False when there is no seek still waiting.
   */
  async leaving(person: string): Promise<Outcome<{ leaving: boolean }>> {
    const marked = await this.db
      .updateTable('pairing_seekers')
      .set({ leaving_at: this.now() })
      .where('person', '=', person)
      .where('status', '=', 'waiting')
      .where('table_id', 'is', null)
      .executeTakeFirst();
    const claimed = await this.db
      .updateTable('pairing_seekers')
      .set({ leaving_at: this.now() })
      .where('person', '=', person)
      .where('status', '=', 'claimed')
      .executeTakeFirst();
    return done({ leaving: Number(marked.numUpdatedRows) + Number(claimed.numUpdatedRows) > 0 });
  }

  /** Leaves the pool (or gives up a claimed bot seat); a seek whose table started is seated. */
  async cancel(person: string): Promise<Outcome<{ cancelled: true }>> {
    const row = await seekerRow(this.db, person);
    if (!row) return notSeeking();
    const pool = await this.db
      .selectFrom('pairing_pools')
      .select('pool_key')
      .where('id', '=', row.pool_id)
      .executeTakeFirst();
    const left = await this.locked(pool?.pool_key ?? row.pool_id, (tx) => leavePool(tx, person, this.now()));
    if (left === 'seated')
      return fail(
        'already_seated',
        'Your table has started: you have a seat there. Open it, or leave the table.',
      );
    return left === 'gone' ? notSeeking() : done({ cancelled: true });
  }

  // --- Starting a pool's table -----------------------------------------------------------------

  /**
   * Starts the pool's table when its countdown has ended (or at once: `now`). Of several nodes
   * trying at once one does it: the pool moves from `open` to `starting` in one transaction, with
   * every member's seat and token chosen; `finishStart` then makes the table and seats them.
   */
  async startPool(poolId: string, now: boolean): Promise<void> {
    const pool = await this.db
      .selectFrom('pairing_pools')
      .select(['pool_key', 'status'])
      .where('id', '=', poolId)
      .executeTakeFirst();
    if (!pool || pool.status !== 'open') return;
    const started = await this.locked(pool.pool_key, (tx) => this.chooseSeats(tx, poolId, now));
    if (started) await this.finishStart(poolId);
  }

  /** Inside the pool's transaction: the table's id, each member's seat and token; false if not due. */
  private async chooseSeats(tx: Db, poolId: string, now: boolean): Promise<boolean> {
    const pool = await tx
      .selectFrom('pairing_pools')
      .selectAll()
      .where('id', '=', poolId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (!pool) return false;
    const at = this.now();
    if (!now && pool.starts_at > at && pool.members < pool.players) return false;
    // Seekers whose page closed meanwhile leave the pool instead of taking a seat.
    await tx
      .deleteFrom('pairing_seekers')
      .where('pool_id', '=', poolId)
      .where('status', '=', 'waiting')
      .where('leaving_at', 'is not', null)
      .execute();
    const members = await tx
      .selectFrom('pairing_seekers')
      .select('person')
      .where('pool_id', '=', poolId)
      .where('status', '=', 'waiting')
      .orderBy('joined_at')
      .execute();
    const tableId = newTableId();
    const bots = Array.from({ length: pool.players - members.length }, (_, i) => members.length + i);
    await tx
      .updateTable('pairing_pools')
      .set({
        status: members.length === 0 ? 'closed' : 'starting',
        table_id: tableId,
        bot_seats: JSON.stringify(bots),
        updated_at: at,
      })
      .where('id', '=', poolId)
      .execute();
    for (const [seat, m] of members.entries())
      await tx
        .updateTable('pairing_seekers')
        .set({ table_id: tableId, seat, token: this.sealed(newToken()) })
        .where('person', '=', m.person)
        .execute();
    return members.length > 0;
  }

  /**
   * Makes the table of a `starting` pool (again, when a node died half way: the same id makes the
   * same table once) and seats its members: their seeks now answer with their tickets.
   */
  private async finishStart(poolId: string): Promise<void> {
    const pool = await this.db
      .selectFrom('pairing_pools')
      .selectAll()
      .where('id', '=', poolId)
      .where('status', '=', 'starting')
      .executeTakeFirst();
    if (!pool?.table_id) return;
    const members = await this.db
      .selectFrom('pairing_seekers')
      .selectAll()
      .where('pool_id', '=', poolId)
      .where('table_id', '=', pool.table_id)
      .execute();
    const made = await this.makeTable(pool, members);
    if (!made) return;
    await this.markSeated(members.map((m) => m.person));
    await this.db
      .updateTable('pairing_pools')
      .set({ status: 'started', updated_at: this.now() })
      .where('id', '=', poolId)
      .where('status', '=', 'starting')
      .execute();
    for (const m of members)
      if (m.account_id && m.token && m.seat !== null)
        await this.onSeated(m.account_id, {
          tableId: pool.table_id,
          seat: m.seat,
          token: this.plain(m.token)!,
          game: pool.game,
        }).catch((e: unknown) =>
          this.log.error({ err: e }, 'pairing: could not keep the seat in the account'),
        );
  }

  private async makeTable(pool: PairingPoolsRow, members: readonly PairingSeekersRow[]): Promise<boolean> {
    try {
      const made = await this.tables().createSeated({
        id: pool.table_id!,
        game: pool.game,
        players: pool.players,
        options: JSON.parse(pool.options) as Record<string, unknown>,
        level: pool.level as BotLevelName,
        people: members.map((m) => ({
          seat: m.seat!,
          name: m.name,
          avatar: avatarOf(m),
          tokenHash: hashSecret(this.plain(m.token)!),
          person: m.person,
          origin: originOf(m),
        })),
      });
      if (made.ok) return true;
      this.log.error({ pool: pool.id, error: made.error }, 'pairing: the table could not be made');
    } catch (error) {
      // Two nodes finishing the same start: the other one made the table.
      if (isUniqueViolation(error)) return true;
      this.log.error({ err: error, pool: pool.id }, 'pairing: the table could not be made');
    }
    return false;
  }

  /** Marks the seekers seated (those still waiting or claiming); returns those it marked. */
  private async markSeated(persons: readonly string[]): Promise<Set<string>> {
    const marked = new Set<string>();
    for (const person of persons) {
      const updated = await this.db
        .updateTable('pairing_seekers')
        .set({ status: 'seated' })
        .where('person', '=', person)
        .where('status', 'in', ['waiting', 'claimed'])
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 1) marked.add(person);
    }
    return marked;
  }

  // --- Taking over a bot at a boundary -----------------------------------------------------------

  /**
   * At a new hand, round or turn of a table: every claimed bot seat passes to its seeker, with the
   * seeker's name and face (the table hears of it like any change of seats). A claim given up
   * meanwhile leaves the bot where it is.
   */
  private async takeOver(table: LiveTable, changeSeats: ChangeSeats): Promise<void> {
    const claims = await this.db
      .selectFrom('pairing_seekers')
      .selectAll()
      .where('table_id', '=', table.id)
      .where('status', '=', 'claimed')
      .where('leaving_at', 'is', null)
      .execute();
    if (claims.length === 0) return;
    const seats = table.record.seats.slice();
    const origins = Array.from({ length: seats.length }, (_, i) => table.record.origins?.[i] ?? null);
    const taking: { person: string; seat: number }[] = [];
    for (const c of claims) {
      const seat = c.seat ?? -1;
      const token = this.plain(c.token);
      if (seats[seat]?.kind !== 'bot' || !token) continue;
      seats[seat] = {
        kind: 'human',
        name: uniqueName(c.name, seats, seat),
        avatar: avatarOf(c) ?? freeAvatar(table.id, seats, seat),
        level: seats[seat].level,
        tokenHash: hashSecret(token),
        left: false,
        person: c.person,
      };
      origins[seat] = originOf(c);
      taking.push({ person: c.person, seat });
    }
    const before = table.record.seats;
    if (taking.length === 0 || !(await changeSeats(seats, origins))) return;
    // A claim given up while the seats changed: that seat goes back to its bot.
    const seated = await this.markSeated(taking.map((t) => t.person));
    const given = taking.filter((t) => !seated.has(t.person));
    if (given.length > 0) {
      const back = table.record.seats.slice();
      for (const t of given) back[t.seat] = before[t.seat]!;
      await changeSeats(back, table.record.origins);
    }
    this.log.info({ table: table.id, seats: seated.size }, 'pairing: people took over bots');
  }

  // --- The sweep -----------------------------------------------------------------------------

  /**
   * Starts the pools whose countdown ended, finishes starts a dead node left half done, and
   * forgets seats handed out long ago. Every node sweeps; the transactions keep them apart.
   */
  async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const now = this.now();
      const due = await this.db
        .selectFrom('pairing_pools')
        .select('id')
        .where('status', '=', 'open')
        .where('starts_at', '<=', now)
        .limit(100)
        .execute();
      for (const p of due) await this.startPool(p.id, false);
      const stuck = await this.db
        .selectFrom('pairing_pools')
        .select('id')
        .where('status', '=', 'starting')
        .where('updated_at', '<', now - STUCK_START_MS)
        .limit(100)
        .execute();
      for (const p of stuck) await this.finishStart(p.id);
      if (now - this.cleanedAt >= CLEAN_EVERY_MS) {
        this.cleanedAt = now;
        await this.db
          .deleteFrom('pairing_seekers')
          .where('status', '=', 'seated')
          .where('joined_at', '<', now - SEATED_KEPT_MS)
          .execute();
        // Pools whose tables ended, or that closed, are of no use any more.
        await this.db
          .deleteFrom('pairing_pools')
          .where('status', '=', 'closed')
          .where('updated_at', '<', now - SEATED_KEPT_MS)
          .execute();
      }
    } finally {
      this.sweeping = false;
    }
  }

  /** Sweeps every `ms` until the returned function is called. */
  start(ms = 500): () => void {
    const timer = setInterval(
      () => void this.sweep().catch((e: unknown) => this.log.error({ err: e }, 'pairing sweep failed')),
      ms,
    );
    timer.unref();
    return () => clearInterval(timer);
  }

  /** A transaction that holds `key`: on PostgreSQL an advisory lock; SQLite has one writer. */
  private locked<T>(key: string, work: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (tx) => {
      if (this.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(tx);
      return work(tx);
    });
  }
}

/** Stores a table's new seats, and where their people came from (tables.ts `onBoundary`). */
type ChangeSeats = (seats: SeatRecord[], origins?: readonly (SeatOrigin | null)[]) => Promise<boolean>;

const originOf = (row: PairingSeekersRow): SeatOrigin => ({
  address: row.address,
  browser: row.browser,
  account: row.account_id,
});
const avatarOf = (row: PairingSeekersRow): AvatarId | null => (row.avatar as AvatarId | null) ?? null;

/** A seat handed out by pairing, for a member's account. */
export interface SeatedTicket {
  readonly tableId: string;
  readonly seat: number;
  readonly token: string;
  readonly game: string;
}

const notSeeking = () => fail('not_seeking', 'You are not waiting for a table.');

const seekerRow = (db: Db, person: string) =>
  db.selectFrom('pairing_seekers').selectAll().where('person', '=', person).executeTakeFirst();

async function insertSeeker(
  tx: Db,
  seeker: Seeker,
  poolId: string,
  status: 'waiting' | 'claimed',
  at: number,
  claim: Pick<PairingSeekersRow, 'table_id' | 'seat' | 'token'> = { table_id: null, seat: null, token: null },
): Promise<void> {
  await tx
    .insertInto('pairing_seekers')
    .values({
      person: seeker.person,
      pool_id: poolId,
      name: seeker.name,
      avatar: seeker.avatar,
      account_id: seeker.origin.account,
      address: seeker.origin.address,
      browser: seeker.origin.browser,
      status,
      joined_at: at,
      ...claim,
    })
    .execute();
}

/** Inside the pool's transaction: the seeker leaves (`left`), or its table had started (`seated`). */
async function leavePool(tx: Db, person: string, now: number): Promise<'left' | 'seated' | 'gone'> {
  const row = await seekerRow(tx, person);
  if (!row) return 'gone';
  if (row.status === 'seated' || (row.status === 'waiting' && row.table_id !== null)) return 'seated';
  await tx.deleteFrom('pairing_seekers').where('person', '=', person).execute();
  if (row.status === 'claimed') return 'left';
  const pool = await tx
    .selectFrom('pairing_pools')
    .select('members')
    .where('id', '=', row.pool_id)
    .executeTakeFirst();
  const members = Math.max(0, (pool?.members ?? 1) - 1);
  await tx
    .updateTable('pairing_pools')
    .set({ members, updated_at: now, ...(members === 0 ? { status: 'closed' } : {}) })
    .where('id', '=', row.pool_id)
    .where('status', '=', 'open')
    .execute();
  return 'left';
}

function seatedStatus(row: PairingSeekersRow, token: string, pool: PairingPoolsRow, now: number): SeekStatus {
  return {
    state: 'seated',
    game: pool.game,
    players: pool.players,
    ticket: { tableId: row.table_id!, seat: row.seat!, token },
    now,
  };
}
