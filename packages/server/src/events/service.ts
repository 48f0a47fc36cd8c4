/**
 * The duplicate events (docs/server.md, "Duplicate events"): entering (one table per entrant, its
 * seed the event's, its bots the event's), the standings by matchpoints read live from the
 * entrants' tables, and the plays of others for an entrant who finished. Tables are the table
 * service's like any other (they resume after a restart, move between nodes); what marks them is
 * their creator (`event:<id>`), which access.ts reads to keep them secret while the event is open.
 */
import type {
  AccountInfo,
  EventDetail,
  EventStanding,
  EventSummary,
  EventTicket,
  PlayerEventLine,
} from '@matchbox/client/wire';
import { eventEntryBody } from '@matchbox/client/wire';
import type { GameRecord, GameResult } from '@matchbox/engine';
import { getGame } from '@matchbox/engine';
import { botSeat, freeAvatar } from '../faces.ts';
import type { FinishedTable } from '../live-tables.ts';
import type { Outcome, ServerError } from '../outcome.ts';
import { done, fail, zodMessage } from '../outcome.ts';
import type { SeatOrigin, TableRecord } from '../store.ts';
import { personOf } from '../leaving.ts';
import type { TableService } from '../tables.ts';
import { startedTableRecord } from '../table-record.ts';
import { hashSecret, newSeed, newTableId, newToken, secretMatches } from '../tokens.ts';
import type { EventGame } from './games/index.ts';
import { eventGame } from './games/index.ts';
import type { EventSpec } from './schedule.ts';
import { eventOfCreator, eventTableCreator, isOpen, listedEvents, parseEventId } from './schedule.ts';
import { scoreEvent } from './scoring.ts';
import type { EntryRecord, EventStore } from './store.ts';

/** `already_entered`: the ticket of the entry made before, to resume it. */
export interface AlreadyEnteredError extends ServerError {
  readonly ticket?: EventTicket;
}

/** How long a computed standings list is served again (ms): a busy event page costs little. */
const STANDINGS_TTL_MS = 2000;
/** The most entrants an event's standings read. */
const MAX_ENTRANTS = 5000;

/** Who enters: the member (null: a guest), the address and the browser's id (header), if any. */
export interface Entrant {
  readonly account: AccountInfo | null;
  readonly address: string;
  readonly browser: string | null;
}

interface Standings {
  readonly at: number;
  readonly entries: readonly EntryRecord[];
  readonly lines: readonly Omit<EventStanding, 'tableId'>[];
}

export class EventService {
  private readonly standingsCache = new Map<string, Standings>();

  constructor(
    private readonly store: EventStore,
    private readonly tables: () => TableService,
    private readonly now: () => number = Date.now,
  ) {}

  /** Today's and this week's events, then yesterday's and last week's. */
  async list(): Promise<EventSummary[]> {
    const specs = listedEvents(this.now());
    const counts = await this.store.counts(specs.map((s) => s.id));
    return specs.map((s) => this.summary(s, counts.get(s.id)));
  }

  /** An event and its standings; an entrant's table id only once the event is closed. */
  async detail(id: string): Promise<Outcome<EventDetail>> {
    const found = this.find(id);
    if (!found.ok) return found;
    const { spec } = found.value;
    const standings = await this.standings(spec, found.value.game);
    const closed = !isOpen(spec, this.now());
    const event = closed ? await this.store.get(spec.id) : null;
    const finished = standings.entries.filter((e) => e.finished).length;
    return done({
      ...this.summary(spec, { entrants: standings.entries.length, finished }),
      standings: standings.lines.map((line, i) => ({
        ...line,
        ...(closed ? { tableId: standings.entries[i]!.tableId } : {}),
      })),
      ...(event ? { seed: event.seed } : {}),
    });
  }

  /** Enters an event (see docs/server.md): a new table, or `already_entered` with the ticket. */
  async enter(id: string, input: unknown, who: Entrant): Promise<Outcome<EventTicket>> {
    const found = this.find(id);
    if (!found.ok) return found;
    const { spec, game } = found.value;
    if (!isOpen(spec, this.now())) return fail('event_closed', "This event is closed; today's is open.");
    const parsed = eventEntryBody.safeParse(input);
    if (!parsed.success) return fail('invalid_request', zodMessage(parsed.error));
    const body = parsed.data;
    const browser = body.browser ?? who.browser;
    const entrant = who.account ? `a:${who.account.id}` : `g:${browser ?? `@${who.address}`}`;
    const before = await this.refusal(spec, entrant, who);
    if (before) return { ok: false, error: before };
    const event = await this.store.ensure(spec, newSeed());
    const tableId = newTableId();
    const token = newToken();
    const added = await this.store.addEntry({
      eventId: spec.id,
      entrant,
      guest: who.account === null,
      guestAddress: who.account === null ? who.address : null,
      accountId: who.account?.id ?? null,
      name: who.account?.name ?? body.name,
      tableId,
      seat: game.seat,
      token,
      createdAt: this.now(),
    });
    // Two entries at once: the other one was stored first.
    if (!added) return { ok: false, error: (await this.refusal(spec, entrant, who)) ?? guestLimit() };
    const draft = this.tableDraft(spec, game, event.seed, tableId, who.account?.name ?? body.name, token, {
      address: who.address,
      browser,
      account: who.account?.id ?? null,
    });
    const opened = await this.tables().open(draft);
    if (!opened.ok) return opened;
    this.standingsCache.delete(spec.id);
    return done({ tableId, seat: game.seat, token });
  }

  /**
   * The plays of an event for an entrant who finished it (or anyone once it closed): `ticket` is
   * the caller's own seat ticket of the event; without `of`, the entrants' tables; with it, that
   * table's record (finished tables only).
   */
  async plays(
    id: string,
    ticket: EventTicket,
    of: string | undefined,
  ): Promise<
    Outcome<
      | { tables: { name: string; guest: boolean; tableId: string; finished: boolean }[] }
      | { record: GameRecord }
    >
  > {
    const found = this.find(id);
    if (!found.ok) return found;
    const { spec } = found.value;
    const mine = await this.store.entryOfTable(ticket.tableId);
    if (!mine || mine.eventId !== spec.id) return fail('bad_token', 'That ticket is not of this event.');
    const table = await this.tables().stored(mine.tableId);
    if (!table || !secretMatches(ticket.token, table.seats[mine.seat]?.tokenHash ?? null))
      return fail('bad_token', 'That ticket is not of this event.');
    if (isOpen(spec, this.now()) && table.status !== 'finished')
      return fail(
        'not_finished',
        'Finish this event first: then you see how the others played the same cards.',
      );
    if (of === undefined) {
      const entries = await this.store.entries(spec.id, MAX_ENTRANTS);
      return done({
        tables: entries.map((e) => ({
          name: e.name,
          guest: e.guest,
          tableId: e.tableId,
          finished: e.finished,
        })),
      });
    }
    const other = await this.store.entryOfTable(of);
    if (!other || other.eventId !== spec.id) return fail('no_such_table', 'That table is not of this event.');
    // The caller finished the event (or it is closed): every table of it is theirs to see.
    const record = await this.tables().record(of, null, { checked: true });
    return record.ok ? done({ record: record.value }) : record;
  }

  /** A member's entries with their scores and ranks, newest first. */
  async ofMember(accountId: string, limit = 30): Promise<PlayerEventLine[]> {
    const entries = await this.store.entriesOf(accountId, limit);
    const out: PlayerEventLine[] = [];
    for (const e of entries) {
      const found = this.find(e.eventId);
      if (!found.ok) continue;
      const { spec, game } = found.value;
      const standings = await this.standings(spec, game);
      const i = standings.entries.findIndex((x) => x.entrant === e.entrant);
      const line = standings.lines[i];
      if (!line) continue;
      out.push({
        eventId: spec.id,
        game: spec.game,
        kind: spec.kind,
        date: spec.date,
        score: line.score,
        rank: line.rank,
        entrants: standings.entries.filter((x) => x.guest === e.guest).length,
        finished: line.finished,
      });
    }
    return out;
  }

  /** A finished table of an event: its results are final (the table service's finish hook). */
  async tableFinished(table: FinishedTable): Promise<void> {
    const spec = eventOfCreator(table.record.creator);
    const game = spec ? eventGame(spec.game) : undefined;
    if (!spec || !game) return;
    const entry = await this.store.entryOfTable(table.record.id);
    if (!entry) return;
    const results = game
      .results(table.game.view(table.state, null), table.game.result(table.state), entry.seat)
      .slice(0, game.deals(spec.kind));
    await this.store.saveResults(spec.id, entry.entrant, results, true);
    this.standingsCache.delete(spec.id);
  }

  // --- Parts ----------------------------------------------------------------------------------

  private find(id: string): Outcome<{ spec: EventSpec; game: EventGame }> {
    const spec = parseEventId(id);
    const game = spec ? eventGame(spec.game) : undefined;
    if (!spec || !game || spec.opensAt > this.now()) return fail('no_such_event', 'There is no such event.');
    return done({ spec, game });
  }

  private summary(spec: EventSpec, counts?: { entrants: number; finished: number }): EventSummary {
    const game = eventGame(spec.game)!;
    return {
      id: spec.id,
      game: spec.game,
      kind: spec.kind,
      date: spec.date,
      opensAt: spec.opensAt,
      closesAt: spec.closesAt,
      status: isOpen(spec, this.now()) ? 'open' : 'closed',
      entrants: counts?.entrants ?? 0,
      finished: counts?.finished ?? 0,
      deals: game.deals(spec.kind),
      players: game.players,
      seat: game.seat,
      level: game.level,
    };
  }

  /** Why `entrant` may not enter again: `already_entered` (with the ticket) or `guest_limit`. */
  private async refusal(spec: EventSpec, entrant: string, who: Entrant): Promise<AlreadyEnteredError | null> {
    const mine = await this.store.entry(spec.id, entrant);
    if (mine) {
      const ticket =
        mine.token === null ? {} : { ticket: { tableId: mine.tableId, seat: mine.seat, token: mine.token } };
      return {
        code: 'already_entered',
        message: 'You entered this event already: here is your seat.',
        ...ticket,
      };
    }
    if (who.account === null && (await this.store.guestEntryFrom(spec.id, who.address))) return guestLimit();
    return null;
  }

  /** An entrant's table: the event's seed and options, the entrant at the event's seat, its bots. */
  private tableDraft(
    spec: EventSpec,
    game: EventGame,
    seed: string,
    id: string,
    name: string,
    token: string,
    origin: SeatOrigin,
  ): TableRecord {
    const engine = getGame(game.game)!;
    const seats: TableRecord['seats'] = [];
    seats[game.seat] = {
      kind: 'human',
      name,
      avatar: freeAvatar(spec.id, []),
      level: game.level,
      tokenHash: hashSecret(token),
      left: false,
      person: personOf(origin.account, origin.browser ?? undefined),
    };
    // The bots wear the same animals and names at every entrant's table (their order is the event's).
    for (let i = 0; i < game.players; i++)
      if (i !== game.seat)
        seats[i] = botSeat(
          spec.id,
          seats.map((s) => s ?? OPEN),
          i,
          game.level,
        );
    return startedTableRecord(
      {
        id,
        game: engine.meta.id,
        options: game.options(spec.kind),
        players: game.players,
        seed,
        seats,
        clockSeconds: null,
        creator: eventTableCreator(spec.id),
        origins: seats.map((_, i) => (i === game.seat ? origin : null)),
      },
      this.now(),
    );
  }

  /** The standings, read from the stored results and the live tables of unfinished entries. */
  private async standings(spec: EventSpec, game: EventGame): Promise<Standings> {
    const cached = this.standingsCache.get(spec.id);
    if (cached && this.now() - cached.at < STANDINGS_TTL_MS) return cached;
    const entries = await this.store.entries(spec.id, MAX_ENTRANTS);
    const read: EntryRecord[] = [];
    for (const e of entries) read.push(e.finished ? e : await this.readEntry(spec, game, e));
    const scored = scoreEvent(read, game.deals(spec.kind));
    const lines = read.map((e, i) => ({
      name: e.name,
      score: scored[i]!.score,
      rank: scored[i]!.rank,
      guest: e.guest,
      finished: e.finished,
      deals: scored[i]!.matchpoints.map((mp, d) =>
        mp === null ? null : { result: e.results[d]!, matchpoints: Math.round(mp * 100) / 100 },
      ),
    }));
    const standings: Standings = { at: this.now(), entries: read, lines };
    this.standingsCache.set(spec.id, standings);
    if (this.standingsCache.size > 64) this.standingsCache.delete(this.standingsCache.keys().next().value!);
    return standings;
  }

  /** An unfinished entry's results as its table shows them now (kept when they changed). */
  private async readEntry(spec: EventSpec, game: EventGame, e: EntryRecord): Promise<EntryRecord> {
    const now = await this.tables().publicUpdate(e.tableId);
    if (!now) return e;
    const results = game
      .results(now.update.view, now.update.result as GameResult | null, e.seat)
      .slice(0, game.deals(spec.kind));
    const finished = now.status === 'finished';
    if (results.length !== e.results.length || finished !== e.finished)
      await this.store.saveResults(spec.id, e.entrant, results, finished);
    return { ...e, results, finished };
  }
}

const OPEN: TableRecord['seats'][number] = {
  kind: 'open',
  name: null,
  level: 'medium',
  tokenHash: null,
  left: false,
};

const guestLimit = (): ServerError => ({
  code: 'guest_limit',
  message: 'A guest plays an event once per browser and address: log in to play it under your name.',
});
