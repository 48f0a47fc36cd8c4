/**
 * Replays for the web: a finished table's whole record (every seat's cards may be seen once the
 * game is over), or, while a table is still being played, the game step by step as one viewer
 * saw it. The second is the engine's `replaySteps` of the full record (which stays on the server):
 * the referee's per-seat filter, the same every live update takes, so a replay never tells a seat
 * more than it was told during play.
 */
import type { GameRecord, ReplayStep, Viewer } from '@matchbox/engine';
import { z } from 'zod';

/** POST /api/tables/:id/replay: the seat token the browser holds for the table, if any. */
export const replayBody = z.strictObject({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'Not a seat token.')
    .optional(),
});

/** What POST /api/tables/:id/replay answers. */
export type ReplayReply =
  | { readonly kind: 'record'; readonly record: GameRecord }
  | { readonly kind: 'views'; readonly viewer: Viewer; readonly steps: readonly ReplayStep[] };
