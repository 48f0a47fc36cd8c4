/**
 * The referee of one table, written once for every place a game is played (the server's tables,
 * the browser's offline table, the terminal): `GameSession` applies actions with their events and
 * chance outcomes, keeps the record, rules on undo, and builds each viewer's update (view, legal
 * actions, refused actions with their reason, whether undo is allowed, whose turn, the result).
 * `replaySteps` and `RecordReplay` give a record's replay step by step for any viewer, and
 * `observations` the feed a bot of a seat is shown. A shell (a socket server, a Web Worker, a
 * terminal loop) adds only its transport, its storage and its seats.
 *
 * Secrecy lives here: every viewer's share of an update, of an undo and of a replay step is cut by
 * `view(state, viewer)` and `eventsFor(events, viewer)`, and nothing else.
 */
import type {
  Action,
  AnyGame,
  EngineError,
  EventBody,
  Game,
  GameEvent,
  GameResult,
  JsonObject,
  Result,
  Seat,
  SetupConfig,
  Viewer,
} from './contract.ts';
import { err, ok } from './contract.ts';
import type { GameRecord, OpenGame, RecordedMove, ReplayError } from './session.ts';
import {
  RECORD_FORMAT,
  chanceOf,
  eventsFor,
  parseRecord,
  revealsAny,
  setupConfigOf,
  walkRecord,
} from './session.ts';

/** A game with its state type left open, as the registry hands it out. */
type SessionGame<S, E extends EventBody> = Game<S, Action, object, E>;

/** What one accepted action did. */
export interface Applied<E extends EventBody = EventBody> {
  readonly events: GameEvent<E>[];
  /** Whether it revealed anything to anyone (then it cannot be taken back). */
  readonly revealed: boolean;
}

/**
 * A change judged by the referee but not yet made: the state it leads to and its events. A shell
 * that stores before it commits (the server, with a compare-and-set on the version) proposes,
 * stores, then `accept`s; one that does not simply calls `act` or `undo`.
 */
export interface Proposal<S = unknown, E extends EventBody = EventBody> {
  readonly kind: 'move' | 'undo';
  readonly seat: Seat;
  /** The move made, or the move taken back. */
  readonly move: RecordedMove;
  /** The state after the change (a new object: the referee's state is untouched until accepted). */
  readonly state: S;
  /** The change's events: a move's own, or the undo event (see `undoEvent`). */
  readonly events: GameEvent<E>[];
  readonly revealed: boolean;
  /** The referee's revision the proposal was judged against. */
  readonly base: number;
}

/** A legal action as a viewer receives it: its notation and the action as plain JSON. */
export interface LegalChoice {
  readonly text: string;
  readonly action: unknown;
}

/** A well-formed action the seat may not take now, with the engine's reason. */
export interface BlockedChoice {
  readonly text: string;
  readonly code: string;
  readonly message: string;
}

/** One viewer's share of the game after a change: what every shell sends to that viewer. */
export interface SeatUpdate {
  readonly seat: Viewer;
  /** The events of the change as this viewer sees them. */
  readonly events: unknown[];
  readonly view: unknown;
  /** The seat's legal actions when it is to act, else empty. */
  readonly legal: LegalChoice[];
  /** The seat's refused candidates that it can see (a card in its hand), with the reason. */
  readonly blocked: BlockedChoice[];
  readonly canUndo: boolean;
  readonly toAct: Seat[];
  readonly phase: string;
  readonly turn: string;
  readonly result: GameResult | null;
}

/** The body of the undo event: `action` only for viewers who saw the move (see `undoEvent`). */
export interface UndoEventBody extends EventBody {
  readonly type: 'undo';
  readonly seat: Seat;
  readonly action?: string;
}

/** The text of an undo in a server's action log (no game has an action of that name). */
export const UNDO = 'undo';

/**
 * One entry of an action log as a shell stores it (the server's log): a move of the record, or an
 * undo (`action` is `UNDO`) that took back the last move in effect. Undos were judged when they
 * were logged, so a log replays them without the policy.
 */
export type LogEntry = RecordedMove;

/** The moves a log leaves in effect: without its undos and the moves they took back. */
export function movesInEffect<M extends { readonly action: string }>(log: readonly M[]): M[] {
  const out: M[] = [];
  for (const entry of log) {
    if (entry.action === UNDO) out.pop();
    else out.push(entry);
  }
  return out;
}

/**
 * How a table was set up, as a shell stores it: what a record starts from (see `recordHeader`),
 * the record's own setup fields.
 */
export type SetupRecord = Pick<GameRecord, 'game' | 'players' | 'seed' | 'options' | 'deck' | 'chance'>;

/**
 * The start of a game's record (its moves aside): the setup, with the first deal's recorded
 * chance outcomes when there are any (they are that deck, completed), else the stacked deck.
 */
export function recordHeader(setup: SetupRecord): Omit<GameRecord, 'moves'> {
  return {
    format: RECORD_FORMAT,
    game: setup.game,
    players: setup.players,
    seed: setup.seed,
    ...(setup.options !== undefined ? { options: setup.options } : {}),
    ...(setup.chance !== undefined && setup.chance.length > 0
      ? { chance: setup.chance }
      : setup.deck !== undefined
        ? { deck: setup.deck }
        : {}),
  };
}

/** A session rebuilt from a log (see `GameSession.fromLog`), with the events of each step. */
export interface Rebuilt<S, E extends EventBody> {
  readonly session: GameSession<S, E>;
  /** The setup's events (the first deal). */
  readonly setupEvents: readonly GameEvent<E>[];
  /** The events of each log entry, in order (an undo's one event is `undoEvent`). */
  readonly entryEvents: readonly GameEvent<E>[][];
}

/**
 * The event of a move taken back. Everybody learns that `seat` took back a move; its notation
 * only goes to those who saw the move itself: when some viewer saw more of it than the others (a
 * secret bid, ruling MM-4), only the seat that made it is told what it was. `events` are the
 * move's own events (null when they are not known, as for a move before a loaded snapshot: then
 * the move is treated as secret).
 */
export function undoEvent(seat: Seat, action: string, events: readonly GameEvent[] | null): GameEvent {
  const secret = events === null || events.some((e) => e.seats !== undefined);
  const told: UndoEventBody = { type: 'undo', seat, action };
  if (!secret) return { all: told };
  return { all: { type: 'undo', seat } as UndoEventBody, seats: { [seat]: told } };
}

/** At most this many candidate actions are probed for their reasons (MatchMaster: 52 cards and the bids; MATCH!: 97 cards, stacks and declarations). */
const MAX_BLOCKED_PROBES = 120;

/** One played move in effect: the recorded move, whether it revealed anything, and its events. */
interface Played<E extends EventBody> {
  readonly move: RecordedMove;
  readonly revealed: boolean;
  /** Null for a move known only from a record whose state was loaded after it (a snapshot). */
  readonly events: GameEvent<E>[] | null;
}

/**
 * A game being played, with its record: the referee of one table. Every accepted action is
 * recorded with the chance outcomes it produced, so `record()` replays exactly; `undo` takes back
 * the last action when the policy allows it (docs/engine.md, "Undo").
 */
export class GameSession<S = unknown, E extends EventBody = EventBody> {
  private readonly played: Played<E>[] = [];
  /** Counts every change (a move or an undo). */
  private revisions = 0;

  private constructor(
    readonly game: SessionGame<S, E>,
    private readonly start: Omit<GameRecord, 'moves'>,
    private current: S,
    /** The setup's events (the first deal); empty for a game loaded from a saved state. */
    readonly setupEvents: readonly GameEvent<E>[],
  ) {}

  /** A new game; also returns the setup's events (the first deal). */
  static start<S, E extends EventBody>(
    game: SessionGame<S, E>,
    config: SetupConfig,
  ): Result<{ session: GameSession<S, E>; events: GameEvent<E>[] }> {
    const events: GameEvent<E>[] = [];
    const setup = game.setup(config, events);
    if (!setup.ok) return setup;
    const start = recordHeader({
      game: game.meta.id,
      players: config.players,
      seed: config.seed,
      ...(config.options !== undefined ? { options: config.options } : {}),
      ...(config.deck !== undefined ? { deck: config.deck } : {}),
      chance: chanceOf(events),
    });
    return ok({ session: new GameSession(game, start, setup.value, events), events });
  }

  /**
   * A session rebuilt from an action log that may hold undos (a server's table after a restart):
   * the same session, record and state as the one that was played live. The recorded chance
   * outcomes of the moves before the first undo are queued at the setup, so their deals are those
   * of the log whatever the generator does; every undo replays from the record of the moves in
   * effect (as it did live), which queues theirs. A move that draws other chance than it recorded
   * is refused (`chance_mismatch`); the error names the entry that failed (`at`, 0-based).
   */
  static fromLog<S, E extends EventBody>(
    game: SessionGame<S, E>,
    header: Omit<GameRecord, 'moves'>,
    log: readonly LogEntry[],
  ): Result<Rebuilt<S, E>, ReplayError> {
    if (header.from !== undefined)
      return err('malformed_record', 'A log replays from its setup, not from a saved state.');
    const firstUndo = log.findIndex((entry) => entry.action === UNDO);
    const beforeUndo = firstUndo < 0 ? log : log.slice(0, firstUndo);
    const started = GameSession.start(game, setupConfigOf({ ...header, moves: beforeUndo }));
    if (!started.ok) return started;
    const { session, events: setupEvents } = started.value;
    const entryEvents: GameEvent<E>[][] = [];
    for (let i = 0; i < log.length; i++) {
      const applied = session.replayEntry(log[i]!);
      if (!applied.ok) return { ok: false, error: { ...applied.error, at: i } };
      entryEvents.push(applied.value.events);
    }
    return ok({ session, setupEvents, entryEvents });
  }

  /** A session that goes on from a saved state whose earlier moves are unknown. */
  static fromSave<S, E extends EventBody>(
    game: SessionGame<S, E>,
    save: JsonObject,
  ): Result<GameSession<S, E>> {
    const loaded = game.deserialize(save);
    if (!loaded.ok) return loaded;
    const start: Omit<GameRecord, 'moves'> = {
      format: RECORD_FORMAT,
      game: game.meta.id,
      players: game.players(loaded.value),
      seed: '',
      from: game.serialize(loaded.value),
    };
    return ok(new GameSession(game, start, loaded.value, []));
  }

  /**
   * A session at a state loaded from a snapshot of the game of `record`, taken after its moves:
   * they stay in the record (so a solitaire may still take them back) but count as revealing.
   */
  static fromSnapshot<S, E extends EventBody>(
    game: SessionGame<S, E>,
    record: GameRecord,
    state: S,
  ): GameSession<S, E> {
    const { moves, ...start } = record;
    const session = new GameSession(game, start, state, []);
    for (const move of moves) session.played.push({ move, revealed: true, events: null });
    session.revisions = moves.length;
    return session;
  }

  /** A session rebuilt from a record (after a restart, a saved game), ready to go on. */
  static fromRecord<S, E extends EventBody>(
    game: SessionGame<S, E>,
    json: unknown,
  ): Result<GameSession<S, E>, ReplayError> {
    const parsed = parseRecord(json);
    if (!parsed.ok) return parsed;
    const { moves: _moves, ...start } = parsed.value;
    let setupEvents: GameEvent<E>[] = [];
    const played: Played<E>[] = [];
    // Replayed with events so that each move's `revealed` (for undo) and its log are known again.
    const walked = walkRecord(game, parsed.value, (step) => {
      if (step.move === null) setupEvents = step.events.slice();
      else played.push({ move: step.move, revealed: revealsAny(step.events), events: step.events.slice() });
    });
    if (!walked.ok) return walked;
    const session = new GameSession(game, start, walked.value, setupEvents);
    session.played.push(...played);
    session.revisions = played.length;
    return ok(session);
  }

  get state(): S {
    return this.current;
  }

  /** The number of recorded moves in effect. */
  get length(): number {
    return this.played.length;
  }

  /** Counts every change (a move or an undo) since this session was made or loaded. */
  get revision(): number {
    return this.revisions;
  }

  get players(): number {
    return this.start.players;
  }

  get over(): boolean {
    return this.game.isOver(this.current);
  }

  /** The moves in effect, in order. */
  moves(): RecordedMove[] {
    return this.played.map((p) => p.move);
  }

  /** The record of the game so far: replaying it gives the current state. */
  record(): GameRecord {
    return { ...this.start, moves: this.moves() };
  }

  /** An action as given to a shell: its text in the game's notation, or the action itself. */
  actionOf(input: unknown): Result<unknown> {
    if (typeof input !== 'string') return ok(input);
    const parsed = this.game.parseAction(input);
    return parsed.ok ? ok(parsed.value) : parsed;
  }

  // --- Moves -----------------------------------------------------------------------------------

  /** Judges one action for `seat` on a copy; nothing changes until the proposal is accepted. */
  propose(seat: Seat, action: unknown): Result<Proposal<S, E>> {
    const next = this.game.clone(this.current);
    const applied = this.applyTo(next, seat, action);
    if (!applied.ok) return applied;
    return ok({ kind: 'move', seat, ...applied.value, state: next, base: this.revisions });
  }

  /** Makes a judged change; the session must not have changed since it was proposed. */
  accept(p: Proposal<S, E>): void {
    if (p.base !== this.revisions) throw new Error('accept: the session changed since the proposal');
    this.current = p.state;
    if (p.kind === 'move') this.played.push({ move: p.move, revealed: p.revealed, events: p.events });
    else this.played.pop();
    this.revisions++;
  }

  /** Applies one action for `seat`; a rejected action changes nothing. */
  act(seat: Seat, action: unknown): Result<Applied<E>> {
    // Applied in place (no copy): a refused action leaves the state untouched (the contract).
    const applied = this.applyTo(this.current, seat, action);
    if (!applied.ok) return applied;
    const { move, events, revealed } = applied.value;
    this.played.push({ move, revealed, events });
    this.revisions++;
    return ok({ events, revealed });
  }

  /** Applies an action to `state` and says what it was: the recorded move, its events, whether it revealed. */
  private applyTo(
    state: S,
    seat: Seat,
    action: unknown,
  ): Result<{ move: RecordedMove; events: GameEvent<E>[]; revealed: boolean }> {
    const events: GameEvent<E>[] = [];
    const error = this.game.applyInPlace(state, seat, action, events);
    if (error) return { ok: false, error };
    const chance = chanceOf(events);
    const move: RecordedMove = {
      seat,
      action: this.game.formatAction(action as Action),
      ...(chance.length > 0 ? { chance } : {}),
    };
    return ok({ move, events, revealed: revealsAny(events) });
  }

  /**
   * Applies a move read back from a log or a save, which must produce the chance outcomes it
   * recorded (`chance_mismatch` otherwise: the log was written by another generator or is broken).
   */
  replayMove(move: RecordedMove): Result<Applied<E>> {
    const action = this.game.parseAction(move.action);
    if (!action.ok) return action;
    const proposal = this.propose(move.seat, action.value);
    if (!proposal.ok) return proposal;
    const chance = chanceOf(proposal.value.events);
    if (JSON.stringify(chance) !== JSON.stringify(move.chance ?? []))
      return err('chance_mismatch', 'The move drew other chance outcomes than recorded.');
    this.accept(proposal.value);
    return ok({ events: proposal.value.events, revealed: proposal.value.revealed });
  }

  /**
   * Applies one entry of an action log (see `LogEntry`): a move with the chance it recorded (see
   * `replayMove`), or an undo, taken back without the policy (it was judged when it was logged).
   */
  replayEntry(entry: LogEntry): Result<Applied<E> & { readonly kind: 'move' | 'undo' }> {
    if (entry.action === UNDO) {
      const undone = this.proposeUndo(entry.seat, true);
      if (!undone.ok) return undone;
      this.accept(undone.value);
      return ok({ kind: 'undo', events: undone.value.events, revealed: false });
    }
    const applied = this.replayMove(entry);
    return applied.ok ? ok({ kind: 'move', ...applied.value }) : applied;
  }

  // --- Undo ------------------------------------------------------------------------------------

  /**
   * Why `seat` may not take back the last move now, or null if it may. In a solitaire any move
   * may be taken back; at a table of several only the seat's own last move (no other seat has
   * acted since), when it revealed nothing. Never once the game is over.
   */
  undoRefusal(seat: Seat): EngineError | null {
    if (this.over) return { code: 'game_over', message: 'The game is over.' };
    const last = this.played.at(-1);
    if (!last) return { code: 'nothing_to_undo', message: 'No move has been played yet.' };
    if (this.start.players === 1) return null;
    if (last.move.seat !== seat)
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

  /**
   * Judges taking back the last move for `seat` (see `undoRefusal`; `force` skips the policy:
   * an undo read back from a log, a tool). The game is replayed from its record without the move,
   * which gives exactly the earlier state. Its one event is `undoEvent`.
   */
  proposeUndo(seat: Seat, force = false): Result<Proposal<S, E>> {
    const refusal = force ? null : this.undoRefusal(seat);
    if (refusal) return { ok: false, error: refusal };
    const last = this.played.at(-1);
    if (!last) return err('nothing_to_undo', 'No move has been played yet.');
    const shorter: GameRecord = { ...this.start, moves: this.moves().slice(0, -1) };
    const replayed = walkRecord(this.game, shorter);
    if (!replayed.ok) throw new Error(`undo: the record no longer replays: ${replayed.error.message}`);
    return ok({
      kind: 'undo',
      seat,
      move: last.move,
      state: replayed.value,
      events: [undoEvent(seat, last.move.action, last.events) as GameEvent<E>],
      revealed: false,
      base: this.revisions,
    });
  }

  /** Takes back the last move (see `proposeUndo`) and returns it. */
  undo(seat: Seat, force = false): Result<RecordedMove> {
    const proposal = this.proposeUndo(seat, force);
    if (!proposal.ok) return proposal;
    this.accept(proposal.value);
    return ok(proposal.value.move);
  }

  // --- What each viewer is told ----------------------------------------------------------------

  /** Every event of the game so far (the setup's, then each move's in effect) as `viewer` sees them. */
  eventsSoFar(viewer: Viewer): unknown[] {
    const out: unknown[] = eventsFor(this.setupEvents, viewer);
    for (const p of this.played) if (p.events) out.push(...eventsFor(p.events, viewer));
    return out;
  }

  /**
   * One viewer's update after a change whose events are `events`. `started: false` is a table
   * still waiting for its players: nobody may act yet.
   */
  updateFor(viewer: Viewer, events: readonly GameEvent[] = [], started = true): SeatUpdate {
    const g = this.game;
    const s = this.current;
    const toAct = started ? g.toAct(s).slice() : [];
    const view: unknown = g.view(s, viewer);
    let legal: LegalChoice[] = [];
    let blocked: BlockedChoice[] = [];
    if (viewer !== null && toAct.includes(viewer)) {
      legal = g.legalActions(s, viewer).map((a) => legalChoice(g, a));
      blocked = this.blockedFor(viewer, legal, view);
    }
    return {
      seat: viewer,
      events: eventsFor(events, viewer),
      view,
      legal,
      blocked,
      canUndo: started && viewer !== null && this.undoRefusal(viewer) === null,
      toAct,
      phase: g.phase(s),
      turn: started ? g.describeTurn(s) : 'Waiting for players',
      result: g.result(s),
    };
  }

  /** The seat's well-formed but refused candidate actions that it can see, with the engine's reason. */
  private blockedFor(seat: Seat, legal: readonly LegalChoice[], view: unknown): BlockedChoice[] {
    const g = this.game;
    const candidates = g.candidateActions(this.current, seat);
    if (candidates.length > MAX_BLOCKED_PROBES) return [];
    // Only what the seat can see on its side of the table is worth a reason (a card in its hand):
    // a candidate whose notation appears nowhere in the seat's view is not something it can pick.
    // The view is walked once into a list reused by every call (no map or set per update).
    const shown = SHOWN;
    const probed = PROBED;
    const out: BlockedChoice[] = [];
    try {
      stringsOf(view, shown);
      // Indexed: a for-of over a frozen list (MatchMaster's shared candidates) allocates a result
      // per step.
      for (let i = 0; i < candidates.length; i++) {
        const a = candidates[i];
        const text = formatted(g, a);
        if (!shown.has(text) || probed.has(text) || isLegal(legal, text)) continue;
        probed.add(text);
        // Probed on the state itself, not a copy: a candidate that is not legal is refused, and a
        // refused action leaves the state untouched (the contract; the harness checks both for
        // every candidate of every seat). One that was accepted broke the contract and changed
        // the state: nothing can be trusted after it.
        const error = g.applyInPlace(this.current, seat, a);
        if (!error) throw new Error(`${g.meta.id}: the candidate "${text}" is not legal but was accepted`);
        out.push({ text, code: error.code, message: error.message });
      }
    } finally {
      shown.clear();
      probed.clear();
    }
    return out;
  }

  /** What a bot of `seat` is shown now: the seat's view. */
  observation(seat: Seat): object {
    return this.game.view(this.current, seat);
  }

  /**
   * The feed a bot of `seat` needs to remember what it saw: the seat's view after the setup and
   * after every move in effect, in order (a bot made mid-game, or after an undo, is fed it all).
   */
  observations(seat: Seat): object[] {
    const feed: object[] = [];
    const walked = walkRecord(this.game, this.record(), (step) =>
      feed.push(this.game.view(step.state, seat)),
    );
    if (!walked.ok) throw new Error(`observations: the record no longer replays: ${walked.error.message}`);
    return feed;
  }
}

/**
 * A list of strings that keeps its storage when cleared (an array emptied by `length = 0` gives
 * it back, and grows again on every use): the strings of a view (`blockedFor`), and the
 * candidates probed, reused by every call.
 */
class StringList {
  private readonly items: string[] = [];
  private size = 0;
  add(text: string): void {
    if (this.size < this.items.length) this.items[this.size] = text;
    else this.items.push(text);
    this.size++;
  }
  has(text: string): boolean {
    for (let i = 0; i < this.size; i++) if (this.items[i] === text) return true;
    return false;
  }
  clear(): void {
    this.size = 0;
  }
}

const SHOWN = new StringList();
const PROBED = new StringList();

/** Whether `text` is the notation of one of the legal actions. */
function isLegal(legal: readonly LegalChoice[], text: string): boolean {
  for (let i = 0; i < legal.length; i++) if (legal[i]!.text === text) return true;
  return false;
}

/**
 * Appends to `found` every string and property name in `value`: what a search of its JSON text
 * for `"text"` finds, in one walk for every candidate.
 */
function stringsOf(value: unknown, found: StringList): void {
  if (typeof value === 'string') found.add(value);
  else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) stringsOf(value[i], found);
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const k in record) {
      found.add(k);
      stringsOf(record[k], found);
    }
  }
}

/**
 * A legal action as a viewer receives it. A frozen action (MatchMaster's interned cards and bids)
 * cannot change, so its choice is made once per process and shared by every update (frozen too);
 * any other action is copied, as plain JSON, into a choice of its own.
 */
const choices = new WeakMap<object, LegalChoice>();
function legalChoice(g: { formatAction(a: never): string }, action: object): LegalChoice {
  if (!Object.isFrozen(action)) return { text: g.formatAction(action as never), action: { ...action } };
  let choice = choices.get(action);
  if (choice === undefined) {
    choice = Object.freeze({ text: formatted(g, action), action: Object.freeze({ ...action }) });
    choices.set(action, choice);
  }
  return choice;
}

/**
 * An action's notation, remembered per frozen action object: MatchMaster hands out the same frozen
 * objects for its candidate actions (every card, every bid), so they are formatted once per
 * process, not once per update. A frozen object cannot change, so its notation cannot either.
 */
const notation = new WeakMap<object, string>();
function formatted(g: { formatAction(a: never): string }, action: unknown): string {
  if (typeof action !== 'object' || action === null || !Object.isFrozen(action))
    return g.formatAction(action as never);
  let text = notation.get(action);
  if (text === undefined) {
    text = g.formatAction(action as never);
    notation.set(action, text);
  }
  return text;
}

// --- Replays ---------------------------------------------------------------------------------

/** One step of a replay as one viewer saw it (step 0 is the setup). */
export interface ReplayStep {
  /** The seat that acted (null for the setup). */
  readonly seat: Seat | null;
  /** The action in the game's notation when the viewer may know it (see `RecordReplay.stepFor`). */
  readonly action: string | null;
  /** The events of the step as this viewer saw them. */
  readonly events: unknown[];
  /** The viewer's view after the step. */
  readonly view: unknown;
  readonly toAct: Seat[];
}

/**
 * A played game as `viewer` saw it during play, step by step: the view, the events and whose turn
 * after each step, and only the viewer's own actions by name (another seat's may have been
 * secret: its events tell what the viewer learned of it).
 */
export function replaySteps(
  game: AnyGame,
  record: GameRecord,
  viewer: Viewer,
): Result<ReplayStep[], ReplayError> {
  const steps: ReplayStep[] = [];
  const walked = walkRecord(game as OpenGame, record, (step) =>
    steps.push({
      seat: step.move?.seat ?? null,
      action: step.move && step.move.seat === viewer ? step.move.action : null,
      events: eventsFor(step.events, viewer),
      view: game.view(step.state, viewer),
      toAct: game.toAct(step.state).slice(),
    }),
  );
  return walked.ok ? ok(steps) : walked;
}

/**
 * A whole record replayed once, with a copy of the state after every step, so that any step can
 * be shown to any viewer (a finished game, or a record file, where every card may be seen).
 */
export class RecordReplay {
  private constructor(
    readonly game: AnyGame,
    readonly record: GameRecord,
    private readonly states: unknown[],
    private readonly events: GameEvent[][],
  ) {}

  static of(game: AnyGame, record: GameRecord): Result<RecordReplay, ReplayError> {
    const states: unknown[] = [];
    const events: GameEvent[][] = [];
    const walked = walkRecord(game as OpenGame, record, (step) => {
      states.push(game.clone(step.state));
      events.push(step.events.slice());
    });
    if (!walked.ok) return walked;
    return ok(new RecordReplay(game, record, states, events));
  }

  /** The number of steps: the setup and one per move. */
  get length(): number {
    return this.states.length;
  }

  /** The state after step `i` (do not change it). */
  stateAt(i: number): unknown {
    return this.states[i];
  }

  /** Step `i` as `viewer` sees it; every action is named (the game is open to all now). */
  stepFor(i: number, viewer: Viewer): ReplayStep {
    const move = i === 0 ? null : this.record.moves[i - 1]!;
    const state = this.states[i];
    return {
      seat: move?.seat ?? null,
      action: move?.action ?? null,
      events: eventsFor(this.events[i]!, viewer),
      view: this.game.view(state, viewer),
      toAct: this.game.toAct(state).slice(),
    };
  }
}
