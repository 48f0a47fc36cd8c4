/**
 * Game-agnostic helpers over the contract: the non-mutating apply, text actions, records and
 * replay, and event filtering per seat.
 */
import type {
  Action,
  AnyGame,
  EngineError,
  EventRecord,
  Game,
  Json,
  JsonObject,
  Result,
  Seat,
  SetupConfig,
  Viewer,
} from './contract.ts';
import { err, ok } from './contract.ts';

/** Applies an action to a copy of the state; the given state is never touched. */
export function apply<S, A extends Action>(
  game: Game<S, A>,
  state: S,
  seat: Seat,
  action: unknown,
): Result<{ state: S; events: EventRecord[] }> {
  const next = game.clone(state);
  const events: EventRecord[] = [];
  const error = game.applyInPlace(next, seat, action, events);
  return error ? { ok: false, error } : ok({ state: next, events });
}

/** Parses an action in the game's text notation and applies it to a copy of the state. */
export function applyText<S, A extends Action>(
  game: Game<S, A>,
  state: S,
  seat: Seat,
  text: string,
): Result<{ state: S; events: EventRecord[]; action: A }> {
  const parsed = game.parseAction(text);
  if (!parsed.ok) return parsed;
  const applied = apply(game, state, seat, parsed.value);
  return applied.ok ? ok({ ...applied.value, action: parsed.value }) : applied;
}

/** The events a viewer may see: public ones, and those addressed to that seat. */
export function eventsFor(events: readonly EventRecord[], viewer: Viewer): JsonObject[] {
  const out: JsonObject[] = [];
  for (const e of events) if (e.to === 'all' || e.to === viewer) out.push(e.event);
  return out;
}

/** One move of a record: which seat, and the action in text notation. */
export interface RecordedMove {
  readonly seat: Seat;
  readonly action: string;
}

/** Everything needed to reproduce a game exactly. */
export interface GameRecord {
  readonly game: string;
  readonly players: number;
  readonly seed: string;
  readonly options?: Readonly<Record<string, Json>>;
  readonly deck?: readonly string[];
  readonly moves: readonly RecordedMove[];
}

export function setupConfigOf(record: GameRecord): SetupConfig {
  return {
    players: record.players,
    seed: record.seed,
    ...(record.options !== undefined ? { options: record.options } : {}),
    ...(record.deck !== undefined ? { deck: record.deck } : {}),
  };
}

/** Replays a record from scratch. The error names the move that failed (`at`, 0-based). */
export function replay(
  game: AnyGame,
  record: GameRecord,
): Result<unknown, EngineError & { readonly at?: number }> {
  const setup = game.setup(setupConfigOf(record));
  if (!setup.ok) return setup;
  const state: unknown = setup.value;
  for (let i = 0; i < record.moves.length; i++) {
    const move = record.moves[i] as RecordedMove;
    const parsed = game.parseAction(move.action);
    if (!parsed.ok) return { ok: false, error: { ...parsed.error, at: i } };
    const error = game.applyInPlace(state, move.seat, parsed.value);
    if (error) return { ok: false, error: { ...error, at: i } };
  }
  return ok(state);
}

/** Checks the outer shape of a record read from JSON. */
export function parseRecord(json: unknown): Result<GameRecord> {
  if (typeof json !== 'object' || json === null)
    return err('malformed_record', 'A record must be an object.');
  const r = json as Record<string, unknown>;
  if (typeof r.game !== 'string') return err('malformed_record', 'A record needs a "game" id.');
  if (typeof r.players !== 'number' || !Number.isInteger(r.players)) {
    return err('malformed_record', 'A record needs a whole number of "players".');
  }
  if (typeof r.seed !== 'string') return err('malformed_record', 'A record needs a "seed" string.');
  if (!Array.isArray(r.moves)) return err('malformed_record', 'A record needs a "moves" list.');
  for (const m of r.moves as unknown[]) {
    const mv = m as Record<string, unknown> | null;
    if (!mv || typeof mv.seat !== 'number' || typeof mv.action !== 'string') {
      return err('malformed_record', 'Each move needs a "seat" number and an "action" string.');
    }
  }
  if (r.deck !== undefined && (!Array.isArray(r.deck) || !r.deck.every((c) => typeof c === 'string'))) {
    return err('malformed_record', 'A record\'s "deck" must be a list of card strings.');
  }
  return ok(json as GameRecord);
}
