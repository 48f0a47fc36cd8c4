/**
 * Another entrant's play of an event, for the replay page: the record the event's plays route
 * hands to an entrant who finished the event (with this browser's ticket of the event).
 */
import { ApiError } from '../api.ts';
import type { Replay } from '../replay/steps.ts';
import { replayOfRecord } from '../replay/steps.ts';
import { eventTicket, eventsApi } from './api.ts';

export async function fetchEventReplay(
  eventId: string,
  tableId: string,
): Promise<{ replay: Replay; finished: boolean }> {
  const ticket = eventTicket(eventId);
  if (!ticket) throw new ApiError('not_finished', 'Play this event first.');
  const replayed = replayOfRecord(await eventsApi.record(eventId, ticket, tableId));
  if (!replayed.ok) throw new ApiError(replayed.error.code, replayed.error.message);
  return { replay: replayed.value, finished: true };
}
