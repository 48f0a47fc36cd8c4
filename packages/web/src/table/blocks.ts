/**
 * Reports and blocks at a table (docs/server.md, "Reports and blocks"): the calls, and the seats of
 * this table whose people this browser's person blocked, kept per table in this browser so that the
 * chat and the seats' bubbles hide their words at once and after a reload. The server is asked
 * again when the table opens (a block made at another table counts here too).
 */
import type { BlockEntry, BlocksReply, ChatLine, ReportReason } from '@matchbox/client';
import { array, boolean, int, number, object, string } from '@matchbox/client/answers';
import { call } from '../api.ts';

const blockEntry = object<BlockEntry>({ id: string, name: string, at: number });
const blocksReply = object<BlocksReply>({ blocks: array(blockEntry), seats: array(int) });
const reportReply = object<{ id: string }>({ id: string });
const unblockReply = object<{ removed: boolean }>({ removed: boolean });

/** Who is reported: the person at a seat, or the writer of a chat line. */
export type ReportTarget = { readonly seat: number } | { readonly line: string };

export const blocksApi = {
  report: (tableId: string, target: ReportTarget, reason: ReportReason, note: string) =>
    call('POST', '/api/reports', reportReply, {
      tableId,
      ...target,
      reason,
      ...(note.trim() ? { note: note.trim() } : {}),
    }),
  block: (tableId: string, seat: number) => call('POST', '/api/blocks', blockEntry, { tableId, seat }),
  blockedSeats: async (tableId: string) =>
    (await call('GET', `/api/blocks?tableId=${encodeURIComponent(tableId)}`, blocksReply)).seats,
  /** Everyone this browser's person blocked, newest first (the blocks page). */
  list: async () => (await call('GET', '/api/blocks', blocksReply)).blocks,
  unblock: (id: string) => call('DELETE', `/api/blocks/${encodeURIComponent(id)}`, unblockReply),
};

const key = (tableId: string) => `matchbox.blocked.${tableId}`;

export function loadBlockedSeats(tableId: string): Set<number> {
  try {
    const raw = localStorage.getItem(key(tableId));
    const seats: unknown = raw ? JSON.parse(raw) : [];
    return new Set(Array.isArray(seats) ? seats.filter((s): s is number => Number.isInteger(s)) : []);
  } catch {
    return new Set();
  }
}

export function saveBlockedSeats(tableId: string, seats: ReadonlySet<number>): void {
  try {
    localStorage.setItem(key(tableId), JSON.stringify([...seats]));
  } catch {
    // kept for this page only
  }
}

/** Whether a chat line is hidden from this reader: its writer's seat holds someone they blocked. */
export const fromBlocked = (line: Pick<ChatLine, 'seat'>, blocked: ReadonlySet<number>): boolean =>
  line.seat !== null && blocked.has(line.seat);
