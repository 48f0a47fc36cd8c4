/**
 * Game-agnostic helpers over the contract: the non-mutating apply, events per viewer, game
 * records and replay, and `GameSession`, a game with its record that supports undo.
 */
import type {
  Action,
  AnyGame,
  EngineError,
  EventBody,
  Game,
  GameEvent,
  Json,
  JsonObject,
  Result,
  Seat,
  SetupConfig,
  Viewer,
} from './contract.ts';
import { err, ok } from './contract.ts';

/** Applies an action to a copy of the state; the given state is never touched. */
export function apply<S, A extends Action, V extends object, E extends EventBody>(
  game: Game<S, A, V, E>,
  state: S,
  seat: Seat,
  action: unknown,
): Result<{ state: S; events: GameEvent<E>[] }> {
  const next = game.clone(state);
  const events: GameEvent<E>[] = [];
  const error = game.applyInPlace(next, seat, action, events);
  return error ? { ok: false, error } : ok({ state: next, events });
}

/** Parses an action in the game's text notation and applies it to a copy of the state. */
export function applyText<S, A extends Action, V extends object, E extends EventBody>(
  game: Game<S, A, V, E>,
  state: S,
  seat: Seat,
  text: string,
): Result<{ state: S; events: GameEvent<E>[]; action: A }> {
  const parsed = game.parseAction(text);
  if (!parsed.ok) return parsed;
  const applied = apply(game, state, seat, parsed.value);
  return applied.ok ? ok({ ...applied.value, action: parsed.value }) : applied;
}

/** What one viewer sees of one event: its own entry, else the public one, else nothing. */
export function eventFor<E extends EventBody>(event: GameEvent<E>, viewer: Viewer): E | null {
  if (viewer !== null && event.seats) {
    const own = event.seats[viewer];
    if (own) return own;
  }
  return event.all;
}

/** The event bodies a viewer may see, in order (spectators: `viewer` null). */
export function eventsFor<E extends EventBody>(events: readonly GameEvent<E>[], viewer: Viewer): E[] {
  const out: E[] = [];
  for (const e of events) {
    const seen = eventFor(e, viewer);
    if (seen) out.push(seen);
  }
  return out;
}

/** Whether any of the events revealed something (see `GameEvent.reveals`). */
export const revealsAny = (events: readonly GameEvent[]): boolean => events.some((e) => e.reveals === true);

/** The chance outcomes among the events, in order. */
export function chanceOf(events: readonly GameEvent[]): string[][] {
  const out: string[][] = [];
  for (const e of events) if (e.chance) out.push(e.chance.slice());
  return out;
}

// --- Records ---------------------------------------------------------------------------------

/** The record format this engine writes. Records without a `format` field are format 1. */
export const RECORD_FORMAT = 2;

/** One move of a record: which seat, the action in text notation, and what chance it brought. */
export interface RecordedMove {
  readonly seat: Seat;
  readonly action: string;
  /** The chance outcomes this move produced (a new deal, a reshuffle, a drawn tile), in order. */
  readonly chance?: readonly (readonly string[])[];
}

/**
 * Everything needed to reproduce a game exactly, whatever the generator does: the setup, the
 * chance outcomes and the moves. Format 2; see docs/engine.md, "Records and saves".
 */
export interface GameRecord {
  readonly format: typeof RECORD_FORMAT;
  readonly game: string;
  readonly players: number;
  readonly seed: string;
  readonly options?: Readonly<Record<string, Json>>;
  /** A stacked first deck chosen by a person (a tutorial, a puzzle), as in `SetupConfig.deck`. */
  readonly deck?: readonly string[];
  /** The chance outcomes of the setup (the first deal), as recorded in its events. */
  readonly chance?: readonly (readonly string[])[];
  /**
   * A saved state to start from instead of a fresh setup (a game loaded mid-way, whose earlier
   * moves are not known); `players` and `seed` then only describe it.
   */
  readonly from?: JsonObject;
  readonly moves: readonly RecordedMove[];
}

/** The setup a record starts from, with every recorded chance outcome queued in order. */
export function setupConfigOf(record: GameRecord): SetupConfig {
  // The recorded outcome of the setup wins over a stacked deck (it is that deck, completed).
  const stacked: (readonly string[])[] = [...(record.chance ?? (record.deck ? [record.deck] : []))];
  for (const m of record.moves) if (m.chance) stacked.push(...m.chance);
  return {
    players: record.players,
    seed: record.seed,
    ...(record.options !== undefined ? { options: record.options } : {}),
    ...(stacked.length > 0 ? { chance: stacked } : {}),
  };
}

export type ReplayError = EngineError & { readonly at?: number };

/** The state a record starts from: its saved state, or a fresh setup with its chance queued. */
function startOf(game: AnyGame, record: GameRecord): Result<unknown, ReplayError> {
  if (record.game !== game.meta.id) {
    return err('wrong_game', `This is a record of "${record.game}", not of ${game.meta.id}.`);
  }
  if (record.from !== undefined) return game.deserialize(record.from);
  return game.setup(setupConfigOf(record));
}

/**
 * Replays a record from scratch. The error names the move that failed (`at`, 0-based). A record
 * of another game is refused (`wrong_game`), as is a format this engine does not know.
 */
export function replay(game: AnyGame, record: GameRecord): Result<unknown, ReplayError> {
  // Checked every time: a record typed as one may still come from JSON (a store, a file, a client).
  const parsed = parseRecord(record);
  if (!parsed.ok) return parsed;
  record = parsed.value;
  const start = startOf(game, record);
  if (!start.ok) return start;
  const state = start.value;
  for (let i = 0; i < record.moves.length; i++) {
    const move = record.moves[i]!;
    const parsed = game.parseAction(move.action);
    if (!parsed.ok) return { ok: false, error: { ...parsed.error, at: i } };
    const error = game.applyInPlace(state, move.seat, parsed.value);
    if (error) return { ok: false, error: { ...error, at: i } };
  }
  return ok(state);
}

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((c) => typeof c === 'string');
const isChanceList = (v: unknown): v is string[][] => Array.isArray(v) && v.every(isStringList);

/**
 * Checks the shape of a record read from JSON and brings an older format up to the current one
 * (format 1, without a `format` field, had no chance outcomes: it migrates as it is).
 */
export function parseRecord(json: unknown): Result<GameRecord> {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return err('malformed_record', 'A record must be an object.');
  const r = json as Record<string, unknown>;
  const format = r.format === undefined ? 1 : r.format;
  if (format !== 1 && format !== RECORD_FORMAT) {
    return err(
      'unsupported_record_format',
      `Record format ${JSON.stringify(format)} is not one this engine reads (1 or ${RECORD_FORMAT}).`,
    );
  }
  if (typeof r.game !== 'string') return err('malformed_record', 'A record needs a "game" id.');
  if (typeof r.players !== 'number' || !Number.isInteger(r.players)) {
    return err('malformed_record', 'A record needs a whole number of "players".');
  }
  if (typeof r.seed !== 'string') return err('malformed_record', 'A record needs a "seed" string.');
  if (!Array.isArray(r.moves)) return err('malformed_record', 'A record needs a "moves" list.');
  for (const m of r.moves as unknown[]) {
    const mv = m as Record<string, unknown> | null;
    if (
      typeof mv !== 'object' ||
      mv === null ||
      typeof mv.seat !== 'number' ||
      !Number.isInteger(mv.seat) ||
      typeof mv.action !== 'string'
    ) {
      return err('malformed_record', 'Each move needs a whole "seat" number and an "action" string.');
    }
    if (mv.chance !== undefined && !isChanceList(mv.chance))
      return err('malformed_record', 'A move\'s "chance" must be a list of card lists.');
  }
  if (
    r.options !== undefined &&
    (typeof r.options !== 'object' || r.options === null || Array.isArray(r.options))
  )
    return err('malformed_record', 'A record\'s "options" must be an object.');
  if (r.deck !== undefined && !isStringList(r.deck))
    return err('malformed_record', 'A record\'s "deck" must be a list of card strings.');
  if (r.chance !== undefined && !isChanceList(r.chance))
    return err('malformed_record', 'A record\'s "chance" must be a list of card lists.');
  if (r.from !== undefined && (typeof r.from !== 'object' || r.from === null || Array.isArray(r.from)))
    return err('malformed_record', 'A record\'s "from" must be a saved state object.');
  return ok({ ...(json as Omit<GameRecord, 'format'>), format: RECORD_FORMAT });
}

// --- Sessions --------------------------------------------------------------------------------

/** What one accepted action did. */
export interface Applied<E extends EventBody = EventBody> {
  readonly events: GameEvent<E>[];
  /** Whether it revealed anything to anyone (then it cannot be taken back). */
  readonly revealed: boolean;
}

/**
 * A game being played, with its record: the referee's view of one table. Every accepted action
 * is recorded with the chance outcomes it produced, so `record()` replays exactly, and `undo`
 * takes back the last action when the policy allows it.
 */
export class GameSession<S = unknown, E extends EventBody = EventBody> {
  private readonly moves: RecordedMove[] = [];
  private readonly revealedAt: boolean[] = [];

  private constructor(
    readonly game: Game<S, Action, object, E>,
    private readonly start: Omit<GameRecord, 'moves'>,
    private current: S,
  ) {}

  /** A new game; also returns the setup's events (the first deal). */
  static start<S, E extends EventBody>(
    game: Game<S, Action, object, E>,
    config: SetupConfig,
  ): Result<{ session: GameSession<S, E>; events: GameEvent<E>[] }> {
    const events: GameEvent<E>[] = [];
    const setup = game.setup(config, events);
    if (!setup.ok) return setup;
    const chance = chanceOf(events);
    const start: Omit<GameRecord, 'moves'> = {
      format: RECORD_FORMAT,
      game: game.meta.id,
      players: config.players,
      seed: config.seed,
      ...(config.options !== undefined ? { options: config.options } : {}),
      ...(chance.length > 0 ? { chance } : config.deck !== undefined ? { deck: config.deck } : {}),
    };
    return ok({ session: new GameSession(game, start, setup.value), events });
  }

  /** A session that goes on from a saved state whose earlier moves are unknown. */
  static fromSave<S, E extends EventBody>(
    game: Game<S, Action, object, E>,
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
    return ok(new GameSession(game, start, loaded.value));
  }

  /** A session rebuilt from a record (after a restart), ready to go on. */
  static fromRecord<S, E extends EventBody>(
    game: Game<S, Action, object, E>,
    json: unknown,
  ): Result<GameSession<S, E>, ReplayError> {
    const parsed = parseRecord(json);
    if (!parsed.ok) return parsed;
    const { moves, ...start } = parsed.value;
    const began = startOf(game as AnyGame, parsed.value);
    if (!began.ok) return began;
    const session = new GameSession(game, start, began.value as S);
    // Re-apply with events so that each move's `revealed` is known again (for undo).
    for (let i = 0; i < moves.length; i++) {
      const m = moves[i]!;
      const action = game.parseAction(m.action);
      if (!action.ok) return { ok: false, error: { ...action.error, at: i } };
      const events: GameEvent<E>[] = [];
      const error = game.applyInPlace(session.current, m.seat, action.value, events);
      if (error) return { ok: false, error: { ...error, at: i } };
      session.moves.push(m);
      session.revealedAt.push(revealsAny(events));
    }
    return ok(session);
  }

  get state(): S {
    return this.current;
  }

  /** Applies one action for `seat`; a rejected action changes nothing. */
  act(seat: Seat, action: unknown): Result<Applied<E>> {
    const events: GameEvent<E>[] = [];
    const error = this.game.applyInPlace(this.current, seat, action, events);
    if (error) return { ok: false, error };
    const chance = chanceOf(events);
    this.moves.push({
      seat,
      action: this.game.formatAction(action as Action),
      ...(chance.length > 0 ? { chance } : {}),
    });
    const revealed = revealsAny(events);
    this.revealedAt.push(revealed);
    return ok({ events, revealed });
  }

  /** The number of recorded moves. */
  get length(): number {
    return this.moves.length;
  }

  /**
   * Why `seat` may not take back its last action now, or null if it may: it must be the last
   * action of all (no other seat has acted since) and must have revealed nothing.
   */
  undoRefusal(seat: Seat): EngineError | null {
    const last = this.moves.length - 1;
    if (last < 0) return { code: 'nothing_to_undo', message: 'No action has been played yet.' };
    if (this.moves[last]!.seat !== seat)
      return {
        code: 'not_your_action',
        message: 'Only the last action can be taken back, and it is not yours.',
      };
    if (this.revealedAt[last])
      return {
        code: 'undo_after_reveal',
        message: 'That action revealed something, so it cannot be taken back.',
      };
    return null;
  }

  /**
   * Takes back the last action (see `undoRefusal`; `force` skips the policy, for solitaires): the
   * game is replayed from its record without it, so the result is exactly the earlier state.
   */
  undo(seat: Seat, force = false): Result<RecordedMove> {
    const refusal = force ? null : this.undoRefusal(seat);
    if (refusal) return { ok: false, error: refusal };
    if (this.moves.length === 0) return err('nothing_to_undo', 'No action has been played yet.');
    const taken = this.moves[this.moves.length - 1]!;
    const shorter: GameRecord = { ...this.start, moves: this.moves.slice(0, -1) };
    const replayed = replay(this.game as AnyGame, shorter);
    if (!replayed.ok) throw new Error(`undo: the record no longer replays: ${replayed.error.message}`);
    this.current = replayed.value as S;
    this.moves.pop();
    this.revealedAt.pop();
    return ok(taken);
  }

  /** The record of the game so far: replaying it gives the current state. */
  record(): GameRecord {
    return { ...this.start, moves: this.moves.slice() };
  }
}
