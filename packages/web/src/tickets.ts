/**
 * The seats this browser holds: one ticket (table, seat, secret token) per table, kept in
 * localStorage so that a reload or a later visit comes back to the same seat.
 */
export interface StoredTicket {
  readonly tableId: string;
  readonly seat: number;
  readonly token: string;
  /** The game, to label the table before the server answers. */
  readonly game?: string;
  /** The invite link, for the table's creator (it fills the next open seat). */
  readonly inviteUrl?: string;
}

export const TICKETS_KEY = 'matchbox.tickets';
const MAX_TICKETS = 200;

export function loadTickets(): StoredTicket[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(TICKETS_KEY) ?? '[]');
    if (!Array.isArray(raw)) return [];
    return raw.filter(
      (t): t is StoredTicket =>
        typeof t === 'object' &&
        t !== null &&
        typeof (t as StoredTicket).tableId === 'string' &&
        typeof (t as StoredTicket).token === 'string' &&
        typeof (t as StoredTicket).seat === 'number',
    );
  } catch {
    return [];
  }
}

export function ticketFor(tableId: string): StoredTicket | null {
  return loadTickets().find((t) => t.tableId === tableId) ?? null;
}

export function saveTicket(ticket: StoredTicket): void {
  const rest = loadTickets().filter((t) => t.tableId !== ticket.tableId);
  try {
    localStorage.setItem(TICKETS_KEY, JSON.stringify([...rest, ticket].slice(-MAX_TICKETS)));
  } catch {
    // storage full or disabled: the seat lasts for this page only
  }
}

export function forgetTicket(tableId: string): void {
  try {
    localStorage.setItem(TICKETS_KEY, JSON.stringify(loadTickets().filter((t) => t.tableId !== tableId)));
  } catch {
    // nothing stored
  }
}
