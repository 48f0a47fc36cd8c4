/**
 * The table's pause at a hand's or round's end (docs/server.md, "The table's pause"): after a move
 * that scores a hand (MatchMaster's `hand_scored`) or a round (MATCH!'s `round_scored`, MATCHET's
 * `round_end`) while the game goes on, the table rests a few seconds so every seat can read the
 * summary. The scheduler keeps it for every game alike: the next turn's clock starts after it, and
 * bots and stand-ins move only after it. A person may still act during it (nothing is refused);
 * their move ends it.
 */
import type { GameEvent } from '@matchbox/engine';

/** The pause's default length (ms): long enough to read each seat's bid, tricks and points. */
export const TABLE_PAUSE_MS = 4000;

/** The events that end a hand or a round. */
const PAUSE_EVENTS: ReadonlySet<string> = new Set(['hand_scored', 'round_scored', 'round_end']);

/** Whether a move's events end a hand or a round (an event body, public or a seat's). */
export function pausesAfter(events: readonly GameEvent[]): boolean {
  const ends = (body: unknown) => PAUSE_EVENTS.has((body as { type?: unknown } | null)?.type as string);
  return events.some((e) => ends(e.all) || Object.values(e.seats ?? {}).some(ends));
}
