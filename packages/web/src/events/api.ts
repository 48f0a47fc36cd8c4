/**
 * The duplicate events' HTTP API for the pages (docs/server.md, "Duplicate events"), and the
 * event tickets this browser holds: one per event, kept in localStorage beside the table's own
 * ticket, so that the event page can resume the table and show the others' plays once finished.
 */
import type { EventDetail, EventSummary, EventTicket, PlayerEventLine } from '@matchbox/client';
import type { WireError } from '@matchbox/client';
import { anything, checkAnswer, int, literal, object, string, wireError } from '@matchbox/client/answers';
import type { GameRecord } from '@matchbox/engine';
import { ApiError, call } from '../api.ts';
import { saveTicket } from '../tickets.ts';
import { BROWSER_HEADER } from '@matchbox/client/vocabulary';
import { browserId } from '../settings.ts';

const KEY = 'matchbox.eventTickets';

const ticketOf = object<EventTicket>({ tableId: string, seat: int, token: string });
/** `already_entered` carries the ticket of the entry made before. */
const enteredBefore = (v: unknown, at: string): EventTicket =>
  object<{ error: { code: 'already_entered'; ticket: EventTicket } }>({
    error: object<{ code: 'already_entered'; ticket: EventTicket }>({
      code: literal('already_entered'),
      ticket: ticketOf,
    }),
  })(v, at).error.ticket;

/** The server's answers are the wire types; the pages read only the fields they show. */
const as = <T>() => anything as (v: unknown, at: string) => T;

export const eventsApi = {
  list: (): Promise<EventSummary[]> => call('GET', '/api/events', as<EventSummary[]>()),
  detail: (id: string): Promise<EventDetail> =>
    call('GET', `/api/events/${encodeURIComponent(id)}`, as<EventDetail>()),
  ofPlayer: (name: string): Promise<PlayerEventLine[]> =>
    call('GET', `/api/players/${encodeURIComponent(name)}/events`, as<PlayerEventLine[]>()),
  /**
   * Enters (or, entered before, resumes: `already_entered` carries the ticket, so a member finds
   * their table from any device): the ticket, kept for the event and its table.
   */
  async enter(id: string, name: string, game: string): Promise<EventTicket> {
    let response: Response;
    try {
      response = await fetch(`/api/events/${encodeURIComponent(id)}/entries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [BROWSER_HEADER]: browserId() },
        body: JSON.stringify({ name }),
      });
    } catch {
      throw new ApiError('network', 'The server cannot be reached.');
    }
    const data: unknown = await response.json().catch(() => null);
    const read = checkAnswer(response.ok ? ticketOf : enteredBefore, data, 'an entry');
    if (!read.ok) {
      const refused = checkAnswer(object<{ error: WireError }>({ error: wireError }), data, 'a refusal');
      const error = refused.ok ? refused.value.error : read.error;
      throw new ApiError(error.code, error.message, response.status);
    }
    const ticket = read.value;
    keepEventTicket(id, ticket, game);
    return ticket;
  },
  tables: (id: string, ticket: EventTicket) =>
    call(
      'POST',
      `/api/events/${encodeURIComponent(id)}/plays`,
      as<{ tables: { name: string; guest: boolean; tableId: string; finished: boolean }[] }>(),
      { ticket },
    ),
  record: async (id: string, ticket: EventTicket, of: string): Promise<GameRecord> =>
    (
      await call('POST', `/api/events/${encodeURIComponent(id)}/plays`, as<{ record: GameRecord }>(), {
        ticket,
        of,
      })
    ).record,
};

function loadAll(): Record<string, EventTicket> {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, EventTicket>) : {};
  } catch {
    return {};
  }
}

/** This browser's ticket of an event, if it entered. */
export function eventTicket(id: string): EventTicket | null {
  const t = loadAll()[id];
  return t && typeof t.tableId === 'string' && typeof t.token === 'string' ? t : null;
}

export function keepEventTicket(id: string, ticket: EventTicket, game: string): void {
  const all = loadAll();
  all[id] = ticket;
  // Only the latest few dozen events are kept.
  const kept = Object.fromEntries(Object.entries(all).slice(-40));
  try {
    localStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // storage full or disabled: the ticket lasts for this page
  }
  saveTicket({ tableId: ticket.tableId, seat: ticket.seat, token: ticket.token, game });
}
