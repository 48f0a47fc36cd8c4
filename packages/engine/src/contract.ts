/**
 * The engine contract: the one interface every matchbox game implements.
 *
 * A game is a set of pure functions over its own state type. Nothing here does I/O, reads a clock
 * or calls Math.random: all chance comes from the seeded generator kept inside the state (see
 * rng.ts), so a game is reproduced exactly from (game, options, seed, deck, actions).
 *
 * Hidden information leaves a state only through `view(state, viewer)`. Events carry an audience
 * so a server can send each seat exactly its own share. See docs/engine.md for the full contract.
 */
import type { Rng } from './rng.ts';
import type { EngineErrorCode } from './errors.ts';

/** A seat number, 0..players-1, in playing order. */
export type Seat = number;
/** Who is looking: a seat, or `null` for a spectator who sees only public information. */
export type Viewer = Seat | null;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/**
 * A rejected request. `code` is stable, one of the closed lists of errors.ts (tests and clients
 * switch on it); `message` is for people. A shell with codes of its own (the engine protocol, a
 * bot worker) says `EngineError<string>`.
 */
export interface EngineError<C extends string = EngineErrorCode> {
  readonly code: C;
  readonly message: string;
}

export type Result<T, E = EngineError> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = (code: EngineErrorCode, message: string): { ok: false; error: EngineError } => ({
  ok: false,
  error: { code, message },
});
export const engineError = (code: EngineErrorCode, message: string): EngineError => ({ code, message });

/** Every action is a small JSON object with a `type`; each game narrows it. */
export interface Action {
  readonly type: string;
}

/** The body of an event: a small JSON object with a `type`; each game exports its own union. */
export interface EventBody {
  readonly type: string;
}

/**
 * One thing that happened, with what every viewer sees of it, in one place.
 *
 * A viewer sees `seats[viewer]` when there is one, otherwise `all`; a spectator sees `all`. When
 * `all` is null and the viewer has no entry, the viewer sees nothing of the event. So a dealt hand
 * is one event: `all` says that cards were dealt, `seats[k]` adds seat k's own cards. Clients never
 * receive two copies of one event. `eventsFor(events, viewer)` in session.ts applies this rule.
 */
export interface GameEvent<E extends EventBody = EventBody> {
  /** What everybody sees, spectators included; null when only the seats in `seats` learn of it. */
  readonly all: E | null;
  /** What a seat sees instead of `all`, when it sees more (its own cards, its own bid, a look). */
  readonly seats?: { readonly [seat: number]: E };
  /**
   * Some seat (or a spectator) learned something it could not know before: a card turned, dealt
   * or played from a hidden hand, a tile drawn, the secret bids revealed. Undo stops at such an
   * action (see docs/engine.md, "Undo").
   */
  readonly reveals?: true;
  /**
   * A chance outcome: the order a shuffle produced, in the game's notation, exactly as a stacked
   * deck for that shuffle would list it. Seen by nobody; kept in records so that a stored game
   * replays even after the generator's draw order changes (see `SetupConfig.chance`).
   */
  readonly chance?: readonly string[];
}

/** Describes one game option, for menus, the CLI, validation and documentation. */
export interface OptionSpec {
  readonly name: string;
  readonly type: 'integer' | 'boolean' | 'choice' | 'integer-list' | 'json';
  readonly default: Json;
  readonly description: string;
  readonly min?: number;
  readonly max?: number;
  readonly choices?: readonly string[];
  /** An integer list's most entries (default `MAX_LIST_ITEMS`). */
  readonly maxItems?: number;
}

/** The most entries of an integer-list option that gives no `maxItems` of its own. */
export const MAX_LIST_ITEMS = 64;

export interface GameMeta {
  readonly id: string;
  readonly name: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly defaultPlayers: number;
  readonly options: readonly OptionSpec[];
  /** Some state is hidden from some seats (hands, face-down cards, the deck). */
  readonly hiddenInformation: boolean;
  /** Several seats may be asked to act at once (e.g. MatchMaster's secret bids). */
  readonly simultaneous: boolean;
  /** One line for menus. */
  readonly summary: string;
  /** Text that explains the game's card or tile notation, for help screens. */
  readonly notation: string;
  /**
   * The event types that open a new hand, round or turn: the places where a seat may pass from
   * one occupant to another (a bot to a person who was paired in) between two of its decisions.
   * Who sits at a seat is no part of the game, so nothing of the state or the record changes.
   */
  readonly boundaryEvents: readonly string[];
}

/** What `setup` needs. `options` are the game's own, validated against `meta.options`. */
export interface SetupConfig {
  readonly players: number;
  readonly seed: string;
  readonly options?: Readonly<Record<string, Json>>;
  /**
   * A stacked deck: an explicit card (or tile) order, in the game's notation, replacing the
   * first shuffle. Each game documents which positions go where.
   */
  readonly deck?: readonly string[];
  /**
   * Chance outcomes to replay, in the order the game's shuffles happen (the first is the deal at
   * setup, then each later deal or reshuffle). Each entry is a stacked order for that shuffle in
   * the same format as `deck`, as recorded in the `chance` field of the events. The generator
   * still runs as it would have (so the state is identical when the draw order has not changed);
   * the recorded order then replaces what it drew. Not given together with `deck`.
   */
  readonly chance?: readonly (readonly string[])[];
}

/** A solitaire's outcome: whether the one player won, and the score. */
export interface SoloOutcome {
  readonly won: boolean;
  readonly score: number;
}

export interface GameResult {
  /** Final score per seat. */
  readonly scores: readonly number[];
  /** 1 = best; tied seats share a rank. */
  readonly ranks: readonly number[];
  /** Every seat with rank 1 (ties allowed); empty when a solitaire is lost. */
  readonly winners: readonly Seat[];
  /** Present in solitaires (one player against the game): won or lost, and the score. */
  readonly solo?: SoloOutcome;
}

/**
 * The interface of one game. `S` is the game's private state type, `A` its action type, `V` the
 * typed view a seat receives (plain JSON), `E` the union of its event bodies and `P` the names of
 * its phases. Callers outside the engine treat `S` as opaque and go through these functions.
 */
export interface Game<
  S = unknown,
  A extends Action = Action,
  V extends object = object,
  E extends EventBody = EventBody,
  P extends string = string,
> {
  readonly meta: GameMeta;

  /**
   * A new game; invalid players, options or deck give an error value. When `events` is given,
   * what the setup did (the first deal, the first tile) is appended to it, like `applyInPlace`.
   */
  setup(config: SetupConfig, events?: GameEvent<E>[]): Result<S>;

  /** The number of seats. */
  players(state: S): number;
  /** The current phase by name (each game documents its own, e.g. "bid", "play", "over"). */
  phase(state: S): P;
  /** How many actions have been applied since setup. */
  actionCount(state: S): number;
  /** Whose turn it is, in words ("Seat 2 to play a card", "Seats 0 and 3 to bid", "Game over"). */
  describeTurn(state: S): string;

  /** The seats that may act now (several during simultaneous phases); empty when over. */
  toAct(state: S): readonly Seat[];

  /**
   * Legal actions for `seat` in a stable order; empty when the seat may not act. The list is
   * read-only and may be shared between calls (engines cache lists on the hot path).
   */
  legalActions(state: S, seat: Seat): readonly A[];

  /**
   * The fast path: apply `action` for `seat`, mutating `state`. Returns `null` on success or an
   * error, in which case the state is untouched. `action` may be any value: malformed input is
   * rejected with `malformed_action`. When `events` is given, what happened is appended to it,
   * including whether anything was revealed (`reveals`) and the chance outcomes (`chance`).
   */
  applyInPlace(state: S, seat: Seat, action: unknown, events?: GameEvent<E>[]): EngineError | null;

  /** An independent deep copy. */
  clone(state: S): S;

  isOver(state: S): boolean;
  /** The result once the game is over, otherwise null. */
  result(state: S): GameResult | null;

  /** Exactly what `viewer` may know, as plain JSON. Cards appear as strings in the game's notation. */
  view(state: S, viewer: Viewer): V;

  /**
   * A full state that `seat` cannot tell apart from `state` (same view), in which every action
   * seen so far was legal. It is a function of the seat's information and `rng` only: two states
   * in which the seat knows the same, sampled with equal generators, give the same sample. Hidden
   * cards are re-dealt from `rng`; the returned state's own generator is reseeded from `rng`, and
   * no stacked chance outcome is kept, so nothing of the real future leaks.
   */
  determinize(state: S, seat: Seat, rng: Rng): S;

  formatAction(action: A): string;
  /** Parses the text notation; any non-string input is a `malformed_action` error, never a throw. */
  parseAction(text: string): Result<A>;

  /**
   * Versioned JSON of the whole state (including the generator); `deserialize` validates, and
   * migrates a save of an older version of the state format (see saves.ts).
   */
  serialize(state: S): JsonObject;
  deserialize(json: unknown): Result<S>;

  // --- Support for the shared harness and tools ---

  /** Every card or tile of the game wherever it lies, as notation strings (a multiset). */
  cards(state: S): string[];
  /** The cards whose identity `viewer` must not know now (a multiset of notation strings). */
  hiddenCards(state: S, viewer: Viewer): string[];
  /** A broad list of well-formed actions, legal or not, used to probe rejection. */
  candidateActions(state: S, seat: Seat): A[];
  /** Checks internal invariants, including that the recorded history was legal; null if fine. */
  verify(state: S): EngineError | null;
  /** A bound on the number of actions in one game, for the harness. */
  maxActions(state: S): number;
}

/** Any game, with its state, action, view and event types erased, as held by the registry. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = Game<any, Action, any, EventBody, string>;
