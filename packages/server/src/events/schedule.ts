/**
 * When the duplicate events run: every UTC day an event per game, every week (Monday to Monday,
 * UTC) a longer one. An event's id names its game, kind and first day, so every node derives the
 * same events, and the times they open and close, from the clock alone.
 */
import type { EventKind } from '@matchbox/client/wire';
import { EVENT_ID } from '@matchbox/client/wire';
import { EVENT_GAMES } from './games/index.ts';

const DAY_MS = 86_400_000;

export interface EventSpec {
  readonly id: string;
  readonly game: string;
  readonly kind: EventKind;
  /** The first day, `YYYY-MM-DD` (UTC). */
  readonly date: string;
  readonly opensAt: number;
  readonly closesAt: number;
}

const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The start of the UTC day of `ms`, and of its week (weeks start on Monday). */
const dayStart = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS;
function weekStart(ms: number): number {
  const day = dayStart(ms);
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0 .. Sunday 6
  return day - weekday * DAY_MS;
}

function spec(game: string, kind: EventKind, opensAt: number): EventSpec {
  const date = dayOf(opensAt);
  return {
    id: `${game}-${kind}-${date}`,
    game,
    kind,
    date,
    opensAt,
    closesAt: opensAt + (kind === 'daily' ? DAY_MS : 7 * DAY_MS),
  };
}

/** The event an id names, or null for an id that names none (bad shape, a weekly not on a Monday). */
export function parseEventId(id: string): EventSpec | null {
  const m = EVENT_ID.exec(id);
  if (!m) return null;
  const [, game, kind, date] = m as unknown as [string, string, EventKind, string];
  if (!EVENT_GAMES.some((g) => g.game === game)) return null;
  const opensAt = Date.parse(`${date}T00:00:00Z`);
  if (!Number.isFinite(opensAt) || dayOf(opensAt) !== date) return null;
  if (kind === 'weekly' && weekStart(opensAt) !== opensAt) return null;
  return spec(game, kind, opensAt);
}

/** The events open at `now`: today's daily and this week's weekly event of every game. */
export function currentEvents(now: number): EventSpec[] {
  const games = EVENT_GAMES.map((g) => g.game);
  return [
    ...games.map((g) => spec(g, 'daily', dayStart(now))),
    ...games.map((g) => spec(g, 'weekly', weekStart(now))),
  ];
}

/** The events `GET /api/events` lists: the open ones, then yesterday's and last week's. */
export function listedEvents(now: number): EventSpec[] {
  const games = EVENT_GAMES.map((g) => g.game);
  return [
    ...currentEvents(now),
    ...games.map((g) => spec(g, 'daily', dayStart(now) - DAY_MS)),
    ...games.map((g) => spec(g, 'weekly', weekStart(now) - 7 * DAY_MS)),
  ];
}

/** Whether an event is open at `now`; one not yet open is refused like a closed one. */
export const isOpen = (e: EventSpec, now: number): boolean => now >= e.opensAt && now < e.closesAt;

/** The creator a table of an event carries (`TableRecord.creator`), and the event it names. */
export const EVENT_CREATOR = 'event:';
export const eventTableCreator = (eventId: string): string => `${EVENT_CREATOR}${eventId}`;
export function eventOfCreator(creator: string): EventSpec | null {
  return creator.startsWith(EVENT_CREATOR) ? parseEventId(creator.slice(EVENT_CREATOR.length)) : null;
}
