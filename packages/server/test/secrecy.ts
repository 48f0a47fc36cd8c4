/**
 * The secrecy invariant of the server tests: for every viewer (each seat and the spectator),
 * nothing the server sent it (an update, an acknowledgement, a `missed` list, a hint, a replay
 * step) carries what that viewer's engine view does not allow. The expectation comes from the
 * engine alone, replaying the table's stored log (its undos included) from the stored seed:
 *
 * - an update at version v shows exactly `view(state_v, viewer)`, and its events, when it has any,
 *   are exactly `eventsFor(events_v, viewer)`;
 * - a `missed` list after `since` is exactly the viewer's events of the versions after `since`;
 * - no card or tile the viewer could not know at that version appears anywhere in what it got
 *   (`hiddenCards` at that version and the one before), nor the text of another seat's move that
 *   the viewer's own events and views never showed it (a secret bid, ruling MM-4);
 * - before the game starts (`waiting`: whatever a seat or a spectator got while the table waited
 *   for its players) no card or tile of the game appears at all: there is no deal yet.
 */
import type { AnyGame, GameEvent, Viewer } from '@matchbox/engine';
import { UNDO, eventsFor, getGame, undoEvent } from '@matchbox/engine';
import Database from 'better-sqlite3';

export interface StoredTable {
  readonly game: string;
  readonly players: number;
  readonly seed: string;
  readonly options: Record<string, unknown>;
  readonly chance: string[][] | null;
  readonly log: readonly { seq: number; seat: number; action: string }[];
}

/** A table's row and log, read from the server's SQLite file (the server keeps running). */
export function readStoredTable(dbFile: string, tableId: string): StoredTable {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('select * from tables where id = ?').get(tableId) as
      { game: string; players: number; seed: string; options: string; chance: string | null } | undefined;
    if (!row) throw new Error(`no table ${tableId}`);
    const log = db
      .prepare('select seq, seat, action from actions where table_id = ? order by seq')
      .all(tableId) as { seq: number; seat: number; action: string }[];
    return {
      game: row.game,
      players: row.players,
      seed: row.seed,
      options: JSON.parse(row.options) as Record<string, unknown>,
      chance: row.chance === null ? null : (JSON.parse(row.chance) as string[][]),
      log,
    };
  } finally {
    db.close();
  }
}

/** What one viewer received, at the version it was about (for `missed`: the versions after `since`). */
export type Received =
  | { readonly kind: 'update'; readonly viewer: Viewer; readonly body: unknown }
  | {
      readonly kind: 'missed';
      readonly viewer: Viewer;
      readonly since: number;
      readonly version: number;
      readonly body: unknown;
    }
  | {
      readonly kind: 'ack' | 'hint';
      readonly viewer: Viewer;
      readonly version: number;
      readonly body: unknown;
    }
  /** Step `step` of a live table's replay: after that many moves in effect. */
  | { readonly kind: 'replay'; readonly viewer: Viewer; readonly step: number; readonly body: unknown }
  /** Anything received while the table waited for its players (before the deal). */
  | { readonly kind: 'waiting'; readonly viewer: Viewer; readonly body: unknown };

/** The engine's states and events of every version of a stored table. */
export class Ledger {
  readonly game: AnyGame;
  /** states[v]: the state after version v (0: the setup). */
  private readonly states: unknown[] = [];
  /** events[v]: the events of version v (0: the setup's). */
  private readonly events: GameEvent[][] = [];
  private readonly viewers: Viewer[];
  /** Per viewer: every string its views and events ever held (what it may have been told). */
  private readonly told = new Map<Viewer, Set<string>>();
  /** Per viewer: the texts of other seats' moves. */
  private readonly othersMoves = new Map<Viewer, Set<string>>();
  /** The states and events after each move in effect now (what a replay steps through). */
  private readonly steps: { state: unknown; events: GameEvent[] }[] = [];

  constructor(readonly table: StoredTable) {
    const game = getGame(table.game);
    if (!game) throw new Error(`unknown game ${table.game}`);
    this.game = game;
    this.viewers = [...Array.from({ length: table.players }, (_, i) => i), null];
    const fresh = (events?: GameEvent[]) => {
      const made = game.setup(
        {
          players: table.players,
          seed: table.seed,
          options: table.options as Record<string, never>,
          ...(table.chance ? { chance: table.chance } : {}),
        },
        events,
      );
      if (!made.ok) throw new Error(made.error.message);
      return made.value;
    };
    const setupEvents: GameEvent[] = [];
    let state: unknown = fresh(setupEvents);
    this.states.push(game.clone(state));
    this.events.push(setupEvents);
    const moves: { seat: number; action: string; events: GameEvent[] }[] = [];
    for (const entry of table.log) {
      let events: GameEvent[] = [];
      if (entry.action === UNDO) {
        const undone = moves.pop();
        if (!undone) throw new Error(`undo at ${entry.seq} with nothing to undo`);
        state = fresh();
        for (const m of moves) this.apply(state, m.seat, m.action, []);
        // The engine's undo event: the move's name only to those who saw the move itself.
        events = [undoEvent(entry.seat, undone.action, undone.events)];
      } else {
        this.apply(state, entry.seat, entry.action, events);
        moves.push({ seat: entry.seat, action: entry.action, events });
      }
      this.states.push(game.clone(state));
      this.events.push(events);
    }
    const stepState = fresh();
    this.steps.push({ state: game.clone(stepState), events: setupEvents });
    for (const m of moves) {
      const events: GameEvent[] = [];
      this.apply(stepState, m.seat, m.action, events);
      this.steps.push({ state: game.clone(stepState), events });
    }
    for (const viewer of this.viewers) {
      const told = new Set<string>();
      this.states.forEach((s, v) => {
        strings(game.view(s, viewer), told);
        strings(eventsFor(this.events[v]!, viewer), told);
        // A seat's own choices (its legal actions, offered in updates and hints) are its own.
        if (viewer !== null && game.toAct(s).includes(viewer))
          for (const a of game.legalActions(s, viewer)) told.add(game.formatAction(a));
      });
      for (const a of table.log) if (a.seat === viewer) told.add(a.action);
      this.told.set(viewer, told);
      this.othersMoves.set(
        viewer,
        new Set(table.log.filter((a) => a.seat !== viewer && a.action !== UNDO).map((a) => a.action)),
      );
    }
  }

  private apply(state: unknown, seat: number, text: string, events: GameEvent[]): void {
    const parsed = this.game.parseAction(text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const error = this.game.applyInPlace(state, seat, parsed.value, events);
    if (error) throw new Error(`${text}: ${error.message}`);
  }

  get version(): number {
    return this.states.length - 1;
  }

  view(version: number, viewer: Viewer): unknown {
    return this.game.view(this.states[version]!, viewer);
  }

  /** A copy of the real state after `version`. */
  stateAt(version: number): unknown {
    return this.game.clone(this.states[version]!);
  }

  eventsOf(version: number, viewer: Viewer): unknown[] {
    return eventsFor(this.events[version]!, viewer);
  }

  /** Every problem with what `viewer` received (empty when the invariant holds). */
  check(received: readonly Received[]): string[] {
    const problems: string[] = [];
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    for (const r of received) {
      const who = r.viewer === null ? 'the spectator' : `seat ${r.viewer}`;
      if (r.kind === 'waiting') {
        problems.push(...this.beforeTheStart(r.body).map((p) => `${who} (waiting): ${p}`));
        continue;
      }
      if (r.kind === 'replay') {
        const step = this.steps[r.step];
        const body = r.body as { view: unknown; events: unknown[] };
        if (!step) {
          problems.push(`${who}: replay step ${r.step} beyond the moves in effect`);
          continue;
        }
        if (!same(body.view, this.game.view(step.state, r.viewer)))
          problems.push(`${who}: replay step ${r.step} shows another view than the engine's`);
        if (!same(body.events, eventsFor(step.events, r.viewer)))
          problems.push(`${who}: replay step ${r.step} has other events than the engine's`);
        const before = this.steps[Math.max(0, r.step - 1)]!.state;
        problems.push(
          ...this.leaks(r, step.state, before, eventsFor(step.events, r.viewer)).map(
            (p) => `${who} (replay): ${p}`,
          ),
        );
        continue;
      }
      let version: number;
      if (r.kind === 'update') {
        const u = r.body as { version: number; view: unknown; events: unknown[]; seat: Viewer };
        version = u.version;
        if (version > this.version) {
          problems.push(`${who}: an update of version ${version}, beyond the log (${this.version})`);
          continue;
        }
        if (u.seat !== r.viewer) problems.push(`${who}: an update for ${String(u.seat)}`);
        if (!same(u.view, this.view(version, r.viewer)))
          problems.push(`${who}: the view of version ${version} is not the engine's`);
        if (u.events.length > 0 && !same(u.events, this.eventsOf(version, r.viewer)))
          problems.push(
            `${who}: the events of version ${version} are ${JSON.stringify(u.events)}, the engine's ${JSON.stringify(this.eventsOf(version, r.viewer))}`,
          );
      } else if (r.kind === 'missed') {
        version = r.version;
        // As the server keeps them: nothing when nothing is missed; from version 0, the setup's too.
        const expected: unknown[] = [];
        if (r.since === 0 && r.version > 0) expected.push(...this.eventsOf(0, r.viewer));
        for (let v = r.since + 1; v <= r.version; v++) expected.push(...this.eventsOf(v, r.viewer));
        if (r.body !== null && !same(r.body, expected))
          problems.push(`${who}: missed since ${r.since} is ${JSON.stringify(r.body)}`);
      } else version = r.version;
      const v = Math.min(version, this.version);
      // A missed list spans many versions and was compared with the engine's events above, so
      // only the move texts are checked here.
      if (r.kind === 'missed') {
        problems.push(...this.leaks(r, null, null, []).map((p) => `${who} (missed): ${p}`));
        continue;
      }
      problems.push(
        ...this.leaks(r, this.states[v], this.states[Math.max(0, v - 1)], this.eventsOf(v, r.viewer)).map(
          (p) => `${who} (${r.kind}): ${p}`,
        ),
      );
    }
    return problems;
  }

  /** Every card or tile of the game's deal (every version's) found in something sent before the start. */
  private beforeTheStart(body: unknown): string[] {
    const deal = new Set<string>();
    for (const s of this.states) for (const card of this.game.cards(s)) deal.add(card);
    const found = new Set<string>();
    strings(body, found);
    return [...found].filter((s) => deal.has(s)).map((card) => `shows ${card} before the game started`);
  }

  /**
   * Cards the viewer could not know, and other seats' move texts it was never told. A card the
   * version's own events show this viewer is known then, even when it is hidden before and after
   * the move (MATCH!: the discard that ends a round is seen, then shuffled into the next deck).
   */
  private leaks(r: Received, state: unknown, previous: unknown, shown: readonly unknown[]): string[] {
    const cards = state !== null;
    const out: string[] = [];
    const found = new Set<string>();
    strings(r.body, found);
    const unknowable = (s: unknown) => {
      const total = count(this.game.cards(s));
      const hidden = count(this.game.hiddenCards(s, r.viewer));
      return new Set([...hidden].filter(([card, n]) => n >= (total.get(card) ?? 0)).map(([card]) => card));
    };
    const seen = new Set<string>();
    strings(shown, seen);
    const now = cards ? unknowable(state) : new Set<string>();
    const before = cards ? unknowable(previous) : now;
    const told = this.told.get(r.viewer)!;
    const others = this.othersMoves.get(r.viewer)!;
    for (const s of found) {
      if (cards && now.has(s) && before.has(s) && !seen.has(s))
        out.push(`shows ${s}, which it cannot know then`);
      if (others.has(s) && !told.has(s))
        out.push(`carries another seat's move "${s}", which it was never told`);
    }
    return out;
  }
}

function count(items: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of items) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
}

/** Every string value and key inside a JSON value. */
export function strings(value: unknown, out: Set<string>): void {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      strings(v, out);
    }
}
