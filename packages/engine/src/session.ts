/**
 * Game-agnostic helpers over the contract: the non-mutating apply, events per viewer, game
 * records and the one loop that replays them (`walkRecord`). The referee of a table, built on
 * them, is `GameSession` in referee.ts.
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

/**
 * Replays a record from scratch. The error names the move that failed (`at`, 0-based). A record
 * of another game is refused (`wrong_game`), as is a format this engine does not know.
 */
export function replay(game: AnyGame, record: GameRecord): Result<unknown, ReplayError> {
  return walkRecord(game as OpenGame, record);
}

/** A registry's game with its state, view and event types left open. */
export type OpenGame = Game<unknown, Action, object, EventBody>;

/** One step of a record being replayed: the setup (`move` null), then each move. */
export interface RecordStep<S = unknown, E extends EventBody = EventBody> {
  readonly move: RecordedMove | null;
  /** The state after the step: the walk's own state, changed by the next step (clone it to keep it). */
  readonly state: S;
  /** The step's events (the setup's, or the move's); none for a record that starts `from` a save. */
  readonly events: readonly GameEvent<E>[];
}

/**
 * The one loop that replays a record (every replay, undo and rebuild goes through it): checks
 * its shape, starts it, and applies its moves in order, calling `visit` after the setup and after
 * every move (with the events, which are only built when there is a visitor). Returns the final
 * state, or the error of the move that failed (`at`, 0-based).
 */
export function walkRecord<S, E extends EventBody>(
  game: Game<S, Action, object, E>,
  json: unknown,
  visit?: (step: RecordStep<S, E>) => void,
): Result<S, ReplayError> {
  // Checked every time: a record typed as one may still come from JSON (a store, a file, a client).
  const parsed = parseRecord(json);
  if (!parsed.ok) return parsed;
  const record = parsed.value;
  if (record.game !== game.meta.id) {
    return err('wrong_game', `This is a record of "${record.game}", not of ${game.meta.id}.`);
  }
  const setupEvents: GameEvent<E>[] = [];
  const start =
    record.from !== undefined
      ? game.deserialize(record.from)
      : game.setup(setupConfigOf(record), visit ? setupEvents : undefined);
  if (!start.ok) return start;
  const state = start.value;
  visit?.({ move: null, state, events: setupEvents });
  for (let i = 0; i < record.moves.length; i++) {
    const move = record.moves[i]!;
    const action = game.parseAction(move.action);
    if (!action.ok) return { ok: false, error: { ...action.error, at: i } };
    const events: GameEvent<E>[] | undefined = visit ? [] : undefined;
    const error = game.applyInPlace(state, move.seat, action.value, events);
    if (error) return { ok: false, error: { ...error, at: i } };
    visit?.({ move, state, events: events! });
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
