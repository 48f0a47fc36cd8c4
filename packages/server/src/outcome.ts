/** What every table operation answers: its value, or a refusal with a stable code. */
import type { WireError, WireErrorCode } from '@matchbox/client/wire';
import { SERVER_ERROR_CODES } from '@matchbox/client/wire';
import { ACTION_ERROR_CODES, SETUP_ERROR_CODES } from '@matchbox/engine';

/** A refusal the server sends: its code is one of the closed list (client wire-errors.ts). */
export type ServerError = WireError<WireErrorCode>;

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ServerError };

export const fail = (code: WireErrorCode, message: string): { ok: false; error: ServerError } => ({
  ok: false,
  error: { code, message },
});

/**
 * An HTTP refusal's body, `{ error: { code, message } }` (with `rate_limited`: `retry_after`, in
 * seconds): every HTTP refusal is made here or from an `Outcome`, so its code is one of the list.
 */
export const refusal = (
  code: WireErrorCode,
  message: string,
  retryAfter?: number,
): { error: ServerError } => ({
  error: { code, message, ...(retryAfter !== undefined ? { retry_after: retryAfter } : {}) },
});

export const done = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

/** The first problem zod found, as one line a person can read (`seats.0.kind: Invalid input`). */
export function zodMessage(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): string {
  const first = error.issues[0];
  if (!first) return 'Invalid request.';
  const where = first.path.length > 0 ? `${first.path.map(String).join('.')}: ` : '';
  return `${where}${first.message}`;
}

const SERVER_CODES = new Set<string>([...SERVER_ERROR_CODES, ...ACTION_ERROR_CODES, ...SETUP_ERROR_CODES]);

/**
 * A refusal that came from elsewhere with any string for its code (a bot worker's answer): kept
 * when its code is one of the list, else a `server_error` with its words, so that only listed codes
 * leave the server.
 */
export function asServerError(error: { readonly code: string; readonly message: string }): ServerError {
  return SERVER_CODES.has(error.code)
    ? { code: error.code as WireErrorCode, message: error.message }
    : { code: 'server_error', message: error.message };
}
