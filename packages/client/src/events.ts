/**
 * The duplicate events' JSON (docs/server.md, "Duplicate events"): every day an event per game,
 * every week a longer one, each a set of deals that every entrant plays from the same seat
 * against the same bots, ranked by matchpoints against the field.
 */
import { z } from 'zod';
import type { SeatTicket } from './wire.ts';
import { displayName } from './display-name.ts';
import { BROWSER_ID_PATTERN } from './vocabulary.ts';

export const EVENT_KINDS = ['daily', 'weekly'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
export type EventStatus = 'open' | 'closed';

/**
 * An event id's shape: `<game>-<kind>-<date>`, the date its first day (a weekly event's Monday),
 * UTC. Which games have events is the server's to say (its events/games/ folder).
 */
export const EVENT_ID = /^([a-z0-9]+)-(daily|weekly)-(\d{4}-\d{2}-\d{2})$/;

/** One event as `GET /api/events` lists it. */
export interface EventSummary {
  readonly id: string;
  readonly game: string;
  readonly kind: EventKind;
  /** Its first day, `YYYY-MM-DD` (UTC): the day of a daily event, the Monday of a weekly one. */
  readonly date: string;
  /** When it opened and when it closes (ms since the epoch). */
  readonly opensAt: number;
  readonly closesAt: number;
  readonly status: EventStatus;
  /** How many entered, and how many of them finished every deal. */
  readonly entrants: number;
  readonly finished: number;
  /** How many deals it has (MatchMaster: hands; MATCH! and MATCHET: rounds; Sweet16: games). */
  readonly deals: number;
  readonly players: number;
  /** The seat every entrant plays from, and the bots' level in the other seats. */
  readonly seat: number;
  readonly level: string;
}

/** One entrant's line of the standings. */
export interface EventStanding {
  readonly name: string;
  /** Matchpoints, the average over every deal of the event in percent (an unplayed deal is 0). */
  readonly score: number;
  /** 1 = best, within the entrant's own ranking (members apart from guests); ties share. */
  readonly rank: number;
  readonly guest: boolean;
  /** Whether every deal is played (the table is over). */
  readonly finished: boolean;
  /** Per deal: the entrant's result (points) and its matchpoints, or null when not played yet. */
  readonly deals: readonly ({ readonly result: number; readonly matchpoints: number } | null)[];
  /**
   * The entrant's table, once the caller may see its play (the caller finished this event, or it
   * is closed); else absent.
   */
  readonly tableId?: string;
}

/** `GET /api/events/:id`: the event and its standings. */
export interface EventDetail extends EventSummary {
  readonly standings: readonly EventStanding[];
  /** The event's seed, published once it is closed (its tables' records can then be checked). */
  readonly seed?: string;
}

/**
 * `POST /api/events/:id/entries`. A guest's browser id (its `X-Matchbox-Browser`) may come here
 * instead of in the header.
 */
export const eventEntryBody = z.strictObject({
  name: displayName,
  browser: z.string().regex(BROWSER_ID_PATTERN, 'Not a browser id.').optional(),
});
export type EventEntryBody = z.input<typeof eventEntryBody>;

/** The answer to an entry: the seat ticket of the entrant's table (the same on every entry). */
export type EventTicket = SeatTicket;

/** `already_entered`'s error carries the ticket to resume. */
export interface AlreadyEntered {
  readonly code: 'already_entered';
  readonly message: string;
  readonly ticket: EventTicket;
}

/** A member's event entries (`GET /api/players/:name/events`). */
export interface PlayerEventLine {
  readonly eventId: string;
  readonly game: string;
  readonly kind: EventKind;
  readonly date: string;
  readonly score: number;
  readonly rank: number;
  readonly entrants: number;
  readonly finished: boolean;
}
