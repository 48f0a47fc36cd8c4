/**
 * The duplicate events' HTTP API for the pages (docs/server.md, "Duplicate events"), and the
 * event tickets this browser holds: one per event, kept in localStorage beside the table's own
 * ticket, so that the event page can resume the table and show the others' plays once finished.
 */
import type { EventDetail, EventSummary, EventTicket, PlayerEventLine } from '@matchbox/client';
import { anything } from '@matchbox/client/answers';
import type { GameRecord } from '@matchbox/engine';
import { ApiError, call } from '../api.ts';
import { saveTicket } from '../tickets.ts';

const KEY = 'matchbox.eventTickets';

/** The server's answers are the wire types; the pages read only the fields they show. */
const as = <T>() => anything as (v: unknown, at: string) => T;

export const eventsApi = {
  list: (): Promise<EventSummary[]> => call('GET', '/api/events', as<EventSummary[]>()),
  detail: (id: string): Promise<EventDetail> =>
    call('GET', `/api/events/${encodeURIComponent(id)}`, as<EventDetail>()),
  ofPlayer: (name: string): Promise<PlayerEventLine[]> =>
    call('GET', `/api/players/${encodeURIComponent(name)}/events`, as<PlayerEventLine[]>()),
  /** Enters (or, entered before, resumes): the ticket, kept for the event and its table. */
  async enter(id: string, name: string, game: string): Promise<EventTicket> {
    let ticket: EventTicket;
    try {
      ticket = await call('POST', `/api/events/${encodeURIComponent(id)}/entries`, as<EventTicket>(), {
        name,
      });
    } catch (e) {
      const again = e instanceof ApiError && e.code === 'already_entered' ? eventTicket(id) : null;
      if (!again) throw e;
      ticket = again;
    }
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
