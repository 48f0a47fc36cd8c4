/**
 * The server's HTTP API for the pages, as plain fetch calls with the wire types of
 * @matchbox/client, each answer checked against its type (`bad_answer` when it does not fit). (The
 * client library's MatchboxClient does the same, but it carries the zod schemas and socket.io with
 * it; the lobby's first load stays small without them. The table page uses the library's
 * TableConnection for the live updates.)
 */
import type { CreateTableBody, GameInfo, JoinBody, Lobby, SeekBody, TableSummary } from '@matchbox/client';
import type { Check } from '@matchbox/client/answers';
import * as answers from '@matchbox/client/answers';

import { BROWSER_HEADER } from '@matchbox/client/vocabulary';
import { avatarField, browserId } from './settings.ts';

export type { GameInfo, Lobby, TableSummary };

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: string,
    message: string,
    readonly status?: number,
    /** A pause's end (ms since the epoch): `paused`, a repeat leaver's pause from pairing. */
    readonly until?: number,
  ) {
    super(message);
  }
}

/** One call to the server: its answer checked by `check`, or an `ApiError` with a stable code. */
export async function call<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  check: Check<T>,
  body?: unknown,
  init: RequestInit = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      method,
      headers: {
        ...Object.fromEntries(new Headers(init.headers).entries()),
        [BROWSER_HEADER]: browserId(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError('network', 'The server cannot be reached.');
  }
  const answer = await answers.readAnswer(response, check, `${method} ${path}`);
  if (!answer.ok) {
    const until: unknown = Reflect.get(answer.error, 'until');
    throw new ApiError(
      answer.error.code,
      answer.error.message,
      response.status,
      typeof until === 'number' ? until : undefined,
    );
  }
  return answer.value;
}

let gamesOnce: Promise<GameInfo[]> | null = null;

export const api = {
  /** The games and their options (asked once per page load). */
  games(): Promise<GameInfo[]> {
    gamesOnce ??= call('GET', '/api/games', answers.games).catch((e: unknown) => {
      gamesOnce = null;
      throw e;
    });
    return gamesOnce;
  },
  // The face picked in this browser goes with every table made or joined (none: the server gives one).
  createTable: (body: CreateTableBody) =>
    call('POST', '/api/tables', answers.createTableReply, { ...avatarField(), ...body }),
  /** "Play now": into the pool of this game, player count and options (docs/server.md, "Pairing"). */
  seek: (body: SeekBody) => call('POST', '/api/pairing', answers.seekStatus, { ...avatarField(), ...body }),
  /** Where this browser's (or member's) seek stands; `not_seeking` when there is none. */
  seekStatus: () => call('POST', '/api/pairing/status', answers.seekStatus, {}),
  /** "Start with bots": the pool starts now. */
  seekStart: () => call('POST', '/api/pairing/start', answers.seekStatus, {}),
  seekCancel: () => call('POST', '/api/pairing/cancel', answers.cancelled, {}),
  /** The page is closing: the seek is not seated unless the page comes back (sent to outlive the page). */
  seekLeaving: () => call('POST', '/api/pairing/leaving', answers.anything, {}, { keepalive: true }),
  /** This person's pause from pairing for leaving games, or null. */
  pause: async () => (await call('GET', '/api/pause', answers.pauseReply)).pause,
  table: (tableId: string) => call('GET', `/api/tables/${encodeURIComponent(tableId)}`, answers.tableSummary),
  /** The table's chat (what a replay shows beside the game). */
  chat: async (tableId: string) =>
    (await call('GET', `/api/tables/${encodeURIComponent(tableId)}/chat`, answers.chatLines)).lines,
  join: (tableId: string, body: JoinBody) =>
    call('POST', `/api/tables/${encodeURIComponent(tableId)}/join`, answers.joinReply, {
      ...avatarField(),
      ...body,
    }),
  leave: (tableId: string, token: string) =>
    call('POST', `/api/tables/${encodeURIComponent(tableId)}/leave`, answers.tableSummary, { token }),
  replaceByBot: (tableId: string, token: string, seat: number, level: string) =>
    call('POST', `/api/tables/${encodeURIComponent(tableId)}/replace`, answers.tableSummary, {
      token,
      seat,
      level,
    }),
  lobby: (tickets: readonly { tableId: string; token: string }[]) =>
    call('POST', '/api/lobby', answers.lobby, { tickets }),
};
