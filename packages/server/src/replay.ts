/**
 * Replays for the web: a finished table's whole record (every seat's cards may be seen once the
 * game is over), or, while a table is still being played, the game step by step as one viewer
 * saw it. The second is built here from the full record and filtered through the engine's
 * `view(state, viewer)` and `eventsFor(events, viewer)`, the same per-seat filter every live
 * update takes, so a replay never tells a seat more than it was told during play.
 */
import type { AnyGame, GameEvent, GameRecord, Seat, Viewer } from '@matchbox/engine';
import { eventsFor, setupConfigOf } from '@matchbox/engine';
import { z } from 'zod';

/** POST /api/tables/:id/replay: the seat token the browser holds for the table, if any. */
export const replayBody = z.strictObject({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'Not a seat token.')
    .optional(),
});

/** One step of a live table's replay as one viewer saw it. */
export interface ReplayStep {
  /** The seat that acted (null for the setup, step 0). */
  readonly seat: Seat | null;
  /** The action in the game's notation when the viewer took it; null for another seat's. */
  readonly action: string | null;
  /** The events of the step as this viewer saw them. */
  readonly events: readonly unknown[];
  /** The viewer's view after the step. */
  readonly view: unknown;
  readonly toAct: readonly Seat[];
}

/** What POST /api/tables/:id/replay answers. */
export type ReplayReply =
  | { readonly kind: 'record'; readonly record: GameRecord }
  | { readonly kind: 'views'; readonly viewer: Viewer; readonly steps: readonly ReplayStep[] };

/**
 * The game as `viewer` saw it, step by step, from the table's full record (which stays on the
 * server). Null when the record does not replay (a broken invariant the caller reports).
 */
export function stepsFor(game: AnyGame, record: GameRecord, viewer: Viewer): ReplayStep[] | null {
  const setupEvents: GameEvent[] = [];
  const setup = game.setup(setupConfigOf(record), setupEvents);
  if (!setup.ok) return null;
  const state: unknown = setup.value;
  const steps: ReplayStep[] = [
    {
      seat: null,
      action: null,
      events: eventsFor(setupEvents, viewer),
      view: game.view(state, viewer),
      toAct: game.toAct(state).slice(),
    },
  ];
  for (const move of record.moves) {
    const parsed = game.parseAction(move.action);
    if (!parsed.ok) return null;
    const events: GameEvent[] = [];
    if (game.applyInPlace(state, move.seat, parsed.value, events)) return null;
    steps.push({
      seat: move.seat,
      // Another seat's action may be secret (a bid before all are in): only its events are told.
      action: move.seat === viewer ? move.action : null,
      events: eventsFor(events, viewer),
      view: game.view(state, viewer),
      toAct: game.toAct(state).slice(),
    });
  }
  return steps;
}
