/**
 * Who may see a duplicate event's table (docs/server.md, "Duplicate events"): while the event is
 * open, only the entrant who plays it, with the table's seat token; nobody watches it, asks for
 * its replay, record, chat or analysis, and its moves stop when the event closes (an unfinished
 * entry counts as far as it went). The event's own routes show the plays of others to an entrant
 * who finished the event (service.ts). Once the event is closed its tables are like any other.
 */
import type { ServerError } from '../outcome.ts';
import type { TableRecord } from '../store.ts';
import { secretMatches } from '../tokens.ts';
import { eventOfCreator } from './schedule.ts';

/** The refusal for `token` (null: none) at an event table while its event is open, else null. */
export function eventTableRefusal(
  record: Pick<TableRecord, 'creator' | 'seats'>,
  token: string | null,
  now: number,
): ServerError | null {
  const event = eventOfCreator(record.creator);
  if (!event || now >= event.closesAt) return null;
  if (token !== null && record.seats.some((s) => secretMatches(token, s.tokenHash))) return null;
  return {
    code: 'not_finished',
    message:
      'This is a table of a duplicate event: it is shown to those who finished the event, and to all once it closes.',
  };
}

/** The refusal of a move at an event table once its event is closed, else null. */
export function eventClosedRefusal(record: Pick<TableRecord, 'creator'>, now: number): ServerError | null {
  const event = eventOfCreator(record.creator);
  if (!event || now < event.closesAt) return null;
  return { code: 'event_closed', message: 'This event is closed: its tables play no more.' };
}
