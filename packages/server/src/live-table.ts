/**
 * One table in memory: its stored record, the engine state rebuilt from the log, and the recent
 * events per version (for clients that reconnect). The engine is the referee: every action goes
 * through `applyInPlace` on a copy, and only a committed action replaces the state.
 */
import type { AnyGame, EventBody, GameEvent, Viewer } from '@matchbox/engine';
import { RECORD_FORMAT, chanceOf, eventsFor, getGame, replay, revealsAny } from '@matchbox/engine';
import type {
  BlockedChoice,
  LegalChoice,
  PublicSeat,
  TableSummary,
  TableUpdate,
} from '@matchbox/client/wire';
import type { LoggedAction, Store, TableRecord } from './store.ts';

/** How many versions of events a table keeps for reconnecting clients. */
const EVENT_HISTORY = 400;

export class RebuildError extends Error {}

export class LiveTable {
  /** The events of each recent version: history[i] belongs to version firstVersion + i. */
  private history: GameEvent[][] = [];
  private firstVersion = 1;
  /** Connected sockets per seat (index players = spectators). */
  readonly connections: number[];
  /** Serializes every change to this table. */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    public record: TableRecord,
    readonly game: AnyGame,
    public state: unknown,
    /** The setup's events (the first deal), shown to a client that starts at version 0. */
    private readonly setupEvents: GameEvent[],
  ) {
    this.connections = new Array<number>(record.players + 1).fill(0);
  }

  /** Another node committed to this table (or changed its seats): reload before use. */
  stale = false;
  /** The moves in effect (undone ones removed), with their chance outcomes and whether they revealed anything. */
  readonly moves: EffectiveMove[] = [];

  /**
   * Brings this copy up to date with the store: the table's row, and the actions other nodes
   * appended since this copy's version (applied with their events, for reconnecting clients).
   */
  async catchUp(store: Store): Promise<void> {
    const record = await store.getTable(this.id);
    if (!record) return;
    const log = await store.actions(this.id, this.version + 1);
    for (const a of log) {
      if (!this.applyEntry(a))
        throw new RebuildError(`table ${this.id}: logged action ${a.seq} does not apply`);
      this.record = { ...this.record, version: a.seq };
    }
    this.record = { ...record, version: this.record.version };
    this.stale = false;
  }

  get id(): string {
    return this.record.id;
  }
  get version(): number {
    return this.record.version;
  }

  /** A new table's state from its setup; the setup's chance outcomes are returned for storage. */
  static create(
    record: TableRecord,
  ): { table: LiveTable; chance: string[][] } | { error: { code: string; message: string } } {
    const game = getGame(record.game);
    if (!game) return { error: { code: 'unknown_game', message: `There is no game "${record.game}".` } };
    const events: GameEvent[] = [];
    const setup = game.setup(
      {
        players: record.players,
        seed: record.seed,
        options: record.options as Record<string, never>,
        ...(record.deck ? { deck: record.deck } : {}),
      },
      events,
    );
    if (!setup.ok) return { error: setup.error };
    return { table: new LiveTable(record, game, setup.value, events), chance: chanceOf(events) };
  }

  /**
   * Rebuilds a stored table: from its latest snapshot when there is one that still loads and
   * reproduces the logged chance outcomes, else from the setup with every recorded chance outcome
   * queued (so the deals are those of the log whatever the generator does).
   */
  static async load(record: TableRecord, store: Store): Promise<LiveTable> {
    const game = getGame(record.game);
    if (!game) throw new RebuildError(`table ${record.id}: unknown game ${record.game}`);
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
        const table = new LiveTable(record, game, loaded.value, []);
        // Moves before the snapshot count as revealing: only a solitaire takes them back.
        for (const a of log.slice(0, snapshot.seq))
          table.moves.push({ seat: a.seat, action: a.action, chance: a.chance ?? [], revealed: true });
        table.firstVersion = snapshot.seq + 1;
        table.stale = behind;
        if (table.applyLog(log.slice(snapshot.seq))) return table;
      }
    }
    // With undos in the log, each undo replays from the setup, so the queue serves the first pass
    // only up to the first undo; the replays after it take their chance from the moves themselves.
    const chance: string[][] = [...(record.chance ?? [])];
    for (const a of log) {
      if (a.action === UNDO) break;
      if (a.chance) chance.push(...a.chance);
    }
    const events: GameEvent[] = [];
    const setup = game.setup(
      {
        players: record.players,
        seed: record.seed,
        options: record.options as Record<string, never>,
        ...(chance.length > 0 ? { chance } : record.deck ? { deck: record.deck } : {}),
      },
      events,
    );
    if (!setup.ok) throw new RebuildError(`table ${record.id}: setup failed: ${setup.error.message}`);
    const table = new LiveTable(record, game, setup.value, events);
    if (!table.applyLog(log)) throw new RebuildError(`table ${record.id}: the log does not replay`);
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
   * by replaying the game without it. False if the entry does not fit this state.
   */
  applyEntry(a: LoggedAction): boolean {
    if (a.action === UNDO) {
      const undone = this.moves.pop();
      if (!undone) return false;
      const rebuilt = this.replayMoves();
      if (rebuilt === null) return false;
      this.state = rebuilt;
      this.remember([undoEvent(a.seat, undone.action)]);
      return true;
    }
    const parsed = this.game.parseAction(a.action);
    if (!parsed.ok) return false;
    const events: GameEvent[] = [];
    if (this.game.applyInPlace(this.state, a.seat, parsed.value, events)) return false;
    const chance = chanceOf(events);
    if (JSON.stringify(chance) !== JSON.stringify(a.chance ?? [])) return false;
    this.moves.push({ seat: a.seat, action: a.action, chance, revealed: revealsAny(events) });
    this.remember(events);
    return true;
  }

  /** The state after the current moves, replayed from the setup with their chance outcomes. */
  replayMoves(moves: readonly EffectiveMove[] = this.moves): unknown {
    const r = this.record;
    const replayed = replay(this.game, {
      format: RECORD_FORMAT,
      game: r.game,
      players: r.players,
      seed: r.seed,
      options: r.options as Record<string, never>,
      ...(r.chance ? { chance: r.chance } : r.deck ? { deck: r.deck } : {}),
      moves: moves.map((m) => ({
        seat: m.seat,
        action: m.action,
        ...(m.chance.length > 0 ? { chance: m.chance } : {}),
      })),
    });
    return replayed.ok ? replayed.value : null;
  }

  /**
   * Why `seat` may not take back the last move now, or null: in a solitaire any move may be taken
   * back; at a table of several only the seat's own last move, when nothing was revealed by it
   * (the policy of docs/engine.md, "Undo").
   */
  undoRefusal(seat: number): { code: string; message: string } | null {
    if (this.record.status !== 'playing') return { code: 'game_over', message: 'The game is over.' };
    const last = this.moves.at(-1);
    if (!last) return { code: 'nothing_to_undo', message: 'No move has been played yet.' };
    if (this.record.players === 1) return null;
    if (last.seat !== seat)
      return {
        code: 'not_your_action',
        message: 'Only the last move can be taken back, and it is not yours.',
      };
    if (last.revealed)
      return {
        code: 'undo_after_reveal',
        message: 'That move revealed something, so it cannot be taken back.',
      };
    return null;
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
    if (since >= this.version) return [];
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

  /** The seats as everybody may see them. */
  publicSeats(): PublicSeat[] {
    return this.record.seats.map((s, seat) => ({
      seat,
      kind: s.kind,
      name: s.name,
      level: s.kind === 'bot' ? s.level : null,
      left: s.left,
      connected: s.kind === 'bot' || (this.connections[seat] ?? 0) > 0,
    }));
  }

  summary(): TableSummary {
    return summaryOf(this.record, this.publicSeats());
  }

  /** The seat's well-formed but refused candidate actions, with the engine's reason. */
  private blockedFor(seat: number, legal: readonly LegalChoice[], view: unknown): BlockedChoice[] {
    const g = this.game;
    const candidates = g.candidateActions(this.state, seat);
    if (candidates.length > MAX_BLOCKED_PROBES) return [];
    const allowed = new Set<string>();
    for (const l of legal) allowed.add(l.text);
    // Only what the seat can see on its side of the table is worth a reason (a card in its hand):
    // a candidate whose notation appears nowhere in the seat's view is not something it can pick.
    // The view is walked once, looking only for the refused candidates' texts (searching its JSON
    // text per candidate, or collecting every string of it, was most of an update's cost).
    const refused = new Map<string, unknown>();
    for (const a of candidates) {
      const text = formatted(g, a);
      if (!allowed.has(text)) refused.set(text, a);
    }
    const visible = new Set<string>();
    findStrings(view, refused, visible);
    const out: BlockedChoice[] = [];
    // A refused action leaves the state untouched (the engine contract), so one copy serves every
    // probe until one is accepted (a copy per probe was a tenth of the server's time under load).
    let probe: unknown = null;
    for (const [text, a] of refused) {
      if (!visible.has(text)) continue;
      probe ??= g.clone(this.state);
      const error = g.applyInPlace(probe, seat, a);
      if (error) out.push({ text, code: error.code, message: error.message });
      else probe = null;
    }
    return out;
  }

  /** One viewer's update after a change: its events, view, legal actions and the table. */
  updateFor(viewer: Viewer, events: readonly GameEvent[]): TableUpdate {
    const g = this.game;
    const s = this.state;
    const playing = this.record.status === 'playing';
    const toAct = playing ? [...g.toAct(s)] : [];
    const view: unknown = g.view(s, viewer);
    let legal: LegalChoice[] = [];
    let blocked: BlockedChoice[] = [];
    if (viewer !== null && toAct.includes(viewer)) {
      legal = g.legalActions(s, viewer).map((a) => ({ text: g.formatAction(a), action: { ...a } }));
      blocked = this.blockedFor(viewer, legal, view);
    }
    return {
      tableId: this.id,
      version: this.version,
      seat: viewer,
      events: eventsFor(events, viewer),
      view,
      legal,
      blocked,
      canUndo: viewer !== null && this.undoRefusal(viewer) === null,
      toAct,
      phase: g.phase(s),
      turn: playing
        ? g.describeTurn(s)
        : this.record.status === 'waiting'
          ? 'Waiting for players'
          : g.describeTurn(s),
      status: this.record.status,
      seats: this.publicSeats(),
      result: g.result(s),
      deadlineAt: this.record.deadlineAt,
    };
  }
}

/**
 * Adds to `found` every key of `wanted` that occurs in `value` as a string or a property name:
 * what a search of its JSON text for `"text"` finds, in one walk for all the candidates.
 */
function findStrings(value: unknown, wanted: ReadonlyMap<string, unknown>, found: Set<string>): void {
  if (typeof value === 'string') {
    if (wanted.has(value)) found.add(value);
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) findStrings(value[i], wanted, found);
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const k in record) {
      if (wanted.has(k)) found.add(k);
      findStrings(record[k], wanted, found);
    }
  }
}

/**
 * An action's notation, remembered per frozen action object: MatchMaster hands out the same frozen
 * objects for its candidate actions (every card, every bid), so they are formatted once per
 * process, not once per update. A frozen object cannot change, so its notation cannot either.
 */
const notation = new WeakMap<object, string>();
function formatted(g: AnyGame, action: unknown): string {
  if (typeof action !== 'object' || action === null || !Object.isFrozen(action))
    return g.formatAction(action as never);
  let text = notation.get(action);
  if (text === undefined) {
    text = g.formatAction(action as never);
    notation.set(action, text);
  }
  return text;
}

/** The text of an undo in the action log (no game has an action of that name). */
export const UNDO = 'undo';

export interface EffectiveMove {
  readonly seat: number;
  readonly action: string;
  readonly chance: string[][];
  readonly revealed: boolean;
}

/** The event everyone sees when a move is taken back. */
export const undoEvent = (seat: number, action: string): GameEvent => ({
  all: { type: 'undo', seat, action } as EventBody,
});

/** At most this many candidate actions are tried for their reasons (MatchMaster: 52 cards and the bids; MATCH!: 97 cards, stacks and declarations). */
const MAX_BLOCKED_PROBES = 120;

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
  };
}
