/**
 * Every error code the server sends (in an HTTP answer, a socket acknowledgement or `detached`),
 * as one closed list (chessops' `IllegalSetup`): the server's refusals, and the engine's codes it
 * passes on (a refused action, an undo, a setup; `@matchbox/engine`'s errors.ts). A new code is one
 * line here, and words for it: the web's i18n `errors` namespace (account codes: `account`), the
 * terminal's in words/refusals.ts where it shows them (test/error-words.test.ts checks). The
 * client's own codes are a closed list too (`CLIENT_ERROR_CODES`).
 */
import type { EngineErrorCode } from '@matchbox/engine';

export const SERVER_ERROR_CODES = [
  // Requests and messages
  'invalid_request',
  'invalid_message',
  'bad_browser_id',
  'bad_origin',
  'unsupported_type',
  'too_large',
  'unknown_event',
  'not_found',
  'server_error',
  'rate_limited',
  'too_many_connections',
  'busy',
  // Tables and seats
  'no_such_table',
  'invalid_seats',
  'too_many_tables',
  'too_many_waiting',
  'bad_invite',
  'bad_token',
  'seat_taken',
  'table_full',
  'table_finished',
  'table_crowded',
  'not_started',
  'not_finished',
  'not_seated',
  'not_attached',
  'spectator',
  'seat_changed',
  'conflict',
  // Stand-ins and leaving (docs/server.md, "Stand-ins")
  'no_stand_in',
  'paused',
  // Pairing
  'already_seeking',
  'not_seeking',
  'already_seated',
  // Reports and blocks
  'no_person',
  'own_seat',
  'no_such_line',
  'too_many_blocks',
  // Notifications
  'unknown_push_service',
  'push_unavailable',
  // Duplicate events
  'no_such_event',
  'event_closed',
  'already_entered',
  'guest_limit',
  // Hints, solves and analyses
  'hint_busy',
  'no_hint',
  'not_available',
  'analysis_failed',
  // An analysis's own refusals, passed on (@matchbox/bots/analysis)
  'analysis_error',
  'bad_request',
  'bad_seat',
  'bad_budget',
  'no_analysis',
  'aborted',
  // Names and the chat
  'bad_name',
  'name_taken',
  'name_lookalike',
  'name_reserved',
  'name_required',
  'empty_message',
  'too_long',
  // Accounts
  'bad_credentials',
  'weak_password',
  'not_logged_in',
  'no_such_player',
] as const;

export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];
/** Every code a server may send: its own, and the engine's it passes on. */
export type WireErrorCode = ServerErrorCode | EngineErrorCode;

/**
 * The codes a client gives of itself, when no refusal came from the server: no answer in time, an
 * answer that does not fit the wire, an HTTP failure without a refusal, no server reached.
 */
export const CLIENT_ERROR_CODES = ['timeout', 'bad_answer', 'http_error', 'network'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/** A refusal the client makes of itself: its code is one of `CLIENT_ERROR_CODES`. */
export const clientError = (
  code: ClientErrorCode,
  message: string,
): { code: ClientErrorCode; message: string } => ({
  code,
  message,
});
