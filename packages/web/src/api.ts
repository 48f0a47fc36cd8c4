/**
 * The server's HTTP API for the pages, as plain fetch calls with the wire types of
 * @matchbox/client. (The client library's MatchboxClient does the same, but it carries the zod
 * schemas and socket.io with it; the lobby's first load stays small without them. The table page
 * uses the library's TableConnection for the live updates.)
 */
import type {
  ChatLine,
  CreateTableBody,
  CreateTableReply,
  GameInfo,
  JoinBody,
  Lobby,
  SeatTicket,
  TableSummary,
  WireError,
} from '@matchbox/client';

import { avatarField } from './settings.ts';

export type { GameInfo, Lobby, TableSummary };

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError('network', 'The server cannot be reached.');
  }
  const data = (await response.json().catch(() => null)) as { error?: WireError } | null;
  if (!response.ok || (data && typeof data === 'object' && 'error' in data && data.error)) {
    const error = data?.error ?? { code: 'http_error', message: `HTTP ${response.status}` };
    throw new ApiError(error.code, error.message, response.status);
  }
  return data as T;
}

let gamesOnce: Promise<GameInfo[]> | null = null;

export const api = {
  /** The games and their options (asked once per page load). */
  games(): Promise<GameInfo[]> {
    gamesOnce ??= call<GameInfo[]>('GET', '/api/games').catch((e: unknown) => {
      gamesOnce = null;
      throw e;
    });
    return gamesOnce;
  },
  // The face picked in this browser goes with every table made or joined (none: the server gives one).
  createTable: (body: CreateTableBody) =>
    call<CreateTableReply>('POST', '/api/tables', { ...avatarField(), ...body }),
  table: (tableId: string) => call<TableSummary>('GET', `/api/tables/${encodeURIComponent(tableId)}`),
  /** The table's chat (what a replay shows beside the game). */
  chat: async (tableId: string) =>
    (await call<{ lines: ChatLine[] }>('GET', `/api/tables/${encodeURIComponent(tableId)}/chat`)).lines,
  join: (tableId: string, body: JoinBody) =>
    call<SeatTicket & { table: TableSummary }>('POST', `/api/tables/${encodeURIComponent(tableId)}/join`, {
      ...avatarField(),
      ...body,
    }),
  leave: (tableId: string, token: string) =>
    call<TableSummary>('POST', `/api/tables/${encodeURIComponent(tableId)}/leave`, { token }),
  replaceByBot: (tableId: string, token: string, seat: number, level: string) =>
    call<TableSummary>('POST', `/api/tables/${encodeURIComponent(tableId)}/replace`, { token, seat, level }),
  lobby: (tickets: readonly { tableId: string; token: string }[]) =>
    call<Lobby>('POST', '/api/lobby', { tickets }),
};
