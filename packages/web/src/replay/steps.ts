/**
 * A replay's steps, headless: step 0 is the setup, step k the state after the k-th move. A whole
 * record (a finished table's, or a file's) is replayed here in the browser by the engine's
 * referee (`RecordReplay`), so any seat's view of any step can be shown; a live table's replay
 * arrives from the server as the asking seat's views only (the engine's `replaySteps`; see
 * docs/server.md, "Replays").
 */
import type { AnyGame, GameRecord, ReplayError, ReplayStep, Seat, Viewer } from '@matchbox/engine';
import { RecordReplay, getGame } from '@matchbox/engine';

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

export type { ReplayError };

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
  const replayed = RecordReplay.of(game, record);
  if (!replayed.ok) return replayed;
  const r = replayed.value;
  const steps: Step[] = [
    { seat: null, action: null },
    ...record.moves.map((m) => ({ seat: m.seat, action: m.action })),
  ];
  const viewers: Viewer[] = [...Array.from({ length: record.players }, (_, k) => k), null];
  return {
    ok: true,
    value: {
      game: record.game,
      players: record.players,
      steps,
      viewers,
      record,
      at: (i, viewer) => {
        const { view, events, toAct } = r.stepFor(i, viewer);
        return { view, events, toAct };
      },
      privateCards: (i, seat) => privateCards(game, r.stateAt(i), seat),
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

/** One step of a live table's replay, as the server sends it (the engine's `replaySteps`). */
export type ServerStep = ReplayStep;

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
