/**
 * A replay's steps, headless: step 0 is the setup, step k the state after the k-th move. A whole
 * record (a finished table's, or a file's) is replayed here in the browser with the engine, so
 * any seat's view of any step can be shown; a live table's replay arrives from the server as the
 * asking seat's views only (see docs/server.md, "Replays").
 */
import type { AnyGame, EngineError, GameEvent, GameRecord, Seat, Viewer } from '@matchbox/engine';
import { eventsFor, getGame, setupConfigOf } from '@matchbox/engine';

/** What the page shows of one step for one viewer. */
export interface StepView {
  readonly view: unknown;
  readonly events: readonly unknown[];
  readonly toAct: readonly Seat[];
}

export interface Step {
  /** The seat that moved (null for the setup). */
  readonly seat: Seat | null;
  /** The move in the game's notation, when the viewer may know it. */
  readonly action: string | null;
}

/** A replay that can show every step to some viewers. */
export interface Replay {
  readonly game: string;
  readonly players: number;
  readonly steps: readonly Step[];
  /** Whose views can be shown: every seat and a spectator for a record, one viewer for a live table. */
  readonly viewers: readonly Viewer[];
  /** Step `i` as `viewer` sees it (`viewer` must be one of `viewers`). */
  at(i: number, viewer: Viewer): StepView;
  /** The cards only this seat sees at step `i` (its hand), or null when unknown here. */
  privateCards(i: number, seat: Seat): string[] | null;
  /** The whole record, when this replay has one (to download). */
  readonly record: GameRecord | null;
}

export type ReplayError = EngineError & { readonly at?: number };

/** Replays a record with the engine, keeping a copy of the state after every move. */
export function replayOfRecord(
  record: GameRecord,
): { ok: true; value: Replay } | { ok: false; error: ReplayError } {
  const game = getGame(record.game);
  if (!game)
    return { ok: false, error: { code: 'unknown_game', message: `There is no game "${record.game}".` } };
  if (record.from !== undefined)
    return {
      ok: false,
      error: { code: 'not_supported', message: 'A record that starts from a saved state.' },
    };
  const setupEvents: GameEvent[] = [];
  const setup = game.setup(setupConfigOf(record), setupEvents);
  if (!setup.ok) return setup;
  const states: unknown[] = [game.clone(setup.value)];
  const events: GameEvent[][] = [setupEvents];
  const steps: Step[] = [{ seat: null, action: null }];
  const state: unknown = setup.value;
  for (let i = 0; i < record.moves.length; i++) {
    const move = record.moves[i]!;
    const parsed = game.parseAction(move.action);
    if (!parsed.ok) return { ok: false, error: { ...parsed.error, at: i } };
    const happened: GameEvent[] = [];
    const error = game.applyInPlace(state, move.seat, parsed.value, happened);
    if (error) return { ok: false, error: { ...error, at: i } };
    states.push(game.clone(state));
    events.push(happened);
    steps.push({ seat: move.seat, action: move.action });
  }
  const viewers: Viewer[] = [...Array.from({ length: record.players }, (_, k) => k), null];
  return {
    ok: true,
    value: {
      game: record.game,
      players: record.players,
      steps,
      viewers,
      record,
      at: (i, viewer) => ({
        view: game.view(states[i], viewer),
        events: eventsFor(events[i]!, viewer),
        toAct: game.toAct(states[i]),
      }),
      privateCards: (i, seat) => privateCards(game, states[i], seat),
    },
  };
}

/** The cards a seat sees and a spectator does not: its hand, the cards it looked at. */
function privateCards(game: AnyGame, state: unknown, seat: Seat): string[] {
  const left = new Map<string, number>();
  for (const c of game.hiddenCards(state, seat)) left.set(c, (left.get(c) ?? 0) + 1);
  const out: string[] = [];
  for (const c of game.hiddenCards(state, null)) {
    const n = left.get(c) ?? 0;
    if (n > 0) left.set(c, n - 1);
    else out.push(c);
  }
  return out;
}

/** One step of a live table's replay, as the server sends it. */
export interface ServerStep {
  readonly seat: Seat | null;
  readonly action: string | null;
  readonly events: readonly unknown[];
  readonly view: unknown;
  readonly toAct: readonly Seat[];
}

/** A live table's replay: one viewer's views, as the server filtered them. */
export function replayOfViews(
  game: string,
  players: number,
  viewer: Viewer,
  steps: readonly ServerStep[],
): Replay {
  return {
    game,
    players,
    steps: steps.map((s) => ({ seat: s.seat, action: s.action })),
    viewers: [viewer],
    record: null,
    at: (i) => {
      const s = steps[i]!;
      return { view: s.view, events: s.events, toAct: s.toAct };
    },
    privateCards: () => null,
  };
}
