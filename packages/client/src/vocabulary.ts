// The wire's closed lists of words, apart from the zod schemas so that a page can check answers
// with them without loading zod.

/** `abandoned`: every person at the table left it (or was away) before the end (docs/server.md, "Stand-ins"). */
export const TABLE_STATUSES = ['waiting', 'playing', 'finished', 'abandoned', 'archived'] as const;
export type TableStatus = (typeof TABLE_STATUSES)[number];

/**
 * Why a stand-in bot plays for a person who still holds the seat: `away`, the turn clock ran out
 * twice in a row; `absent`, no connection for longer than the grace (docs/server.md, "Stand-ins").
 */
export const STAND_IN_REASONS = ['away', 'absent'] as const;
export type StandInReason = (typeof STAND_IN_REASONS)[number];

export const BOT_LEVELS = ['random', 'easy', 'medium', 'hard', 'expert'] as const;
export type BotLevelName = (typeof BOT_LEVELS)[number];

/** Quick phrases (one tap on a phone), sent as their id and shown in each reader's language. */
export const CHAT_PHRASES = [
  'hello',
  'good_luck',
  'good_game',
  'well_played',
  'one_moment',
  'thanks',
  'oops',
  'bye',
] as const;
export type ChatPhrase = (typeof CHAT_PHRASES)[number];

/**
 * Why a table's game does not count for the ratings (docs/server.md, "Ratings"): decided when the
 * game starts and shown at the table in words; `seat_replaced` may come later, when a seat changes
 * hands during the game.
 */
export const UNRATED_REASONS = [
  'format',
  'solitaire',
  'guest',
  'no_member',
  'same_member',
  'shared_address',
  'shared_browser',
  'daily_pair_limit',
  'seat_replaced',
  'player_left',
] as const;
export type UnratedReason = (typeof UNRATED_REASONS)[number];

/**
 * A browser's own random id (kept in its local storage, sent as the `X-Matchbox-Browser` header
 * and in every hello): two seats taken from one browser are one person for the ratings.
 */
export const BROWSER_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const BROWSER_HEADER = 'x-matchbox-browser';

/**
 * The turn clock a real-time table of several seats gets when none is asked for: a minute a move.
 * A thinking player is not rushed (a MatchMaster bid with seven cards takes a careful person 20 to
 * 40 s), and a table whose player has gone waits a minute at most before a stand-in plays.
 */
export const DEFAULT_CLOCK_SECONDS = 60;

/** Why a person is reported (a closed list: docs/server.md, "Reports and blocks"). */
export const REPORT_REASONS = ['abuse', 'cheating', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** The longest note a report may carry, in characters. */
export const REPORT_NOTE_MAX = 500;

/**
 * The kinds of notification a member may allow (docs/server.md, "Notifications"): a slow game's
 * turn, a person taking a seat at the member's waiting table, a table pairing found.
 */
export const PUSH_KINDS = ['turn', 'accepted', 'paired'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
/** The languages a notification's words come in. */
export const PUSH_LANGUAGES = ['en', 'de'] as const;
export type PushLanguage = (typeof PUSH_LANGUAGES)[number];
/** The longest push endpoint the server keeps (FCM's and Mozilla's are about 200 characters). */
export const PUSH_ENDPOINT_MAX = 1024;
