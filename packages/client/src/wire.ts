/**
 * The wire protocol between the matchbox server and its clients: the HTTP bodies and the real-time
 * messages, as zod schemas (the server validates every message it receives with them) and the
 * TypeScript types both sides compile against. docs/server.md describes each message.
 */
import type { BlockedChoice, LegalChoice } from '@matchbox/engine';
import { z } from 'zod';
import { CHAT_LINES_KEPT, CHAT_MAX_CHARS } from './limits.ts';
import { displayName } from './display-name.ts';
import { nameProblem, normaliseName } from './names.ts';

export { nameProblem, normaliseName };
import type { AvatarId } from './faces.ts';
import { AVATARS } from './faces.ts';
import type { BotLevelName, ChatPhrase, StandInReason, TableStatus, UnratedReason } from './vocabulary.ts';
import {
  BOT_LEVELS,
  BROWSER_ID_PATTERN,
  CHAT_PHRASES,
  PUSH_ENDPOINT_MAX,
  PUSH_KINDS,
  PUSH_LANGUAGES,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
} from './vocabulary.ts';

export * from './faces.ts';

export * from './vocabulary.ts';
export * from './wire-errors.ts';
export * from './events.ts';

/** GET /api/games: one game and its options. */
export interface GameInfo {
  readonly id: string;
  readonly name: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly defaultPlayers: number;
  readonly summary: string;
  readonly options: readonly { name: string; type: string; default: unknown; description: string }[];
}

/** A seat as the server stores it (the token only as a hash). */
export interface SeatRecord {
  kind: 'open' | 'human' | 'bot';
  /** A person's display name, or the bot's name. */
  name: string | null;
  /** The face the seat wears (tables created before faces have none). */
  avatar?: AvatarId | null;
  /** A bot's level (also the level that plays for a person whose clock runs out). */
  level: BotLevelName | null;
  /** SHA-256 of the seat token (hex), for a person. */
  tokenHash: string | null;
  /** The person left the table; the seat may be taken over or given to a bot. */
  left: boolean;
  /** A stand-in bot plays for the person, who still holds the seat, and why (absent: none). */
  standIn?: StandInReason | null;
  /** The person's turn clock ran out this many times in a row (absent: none). */
  timeouts?: number;
  /**
   * Who sits here, for leaving's cost (leaving.ts): `a:<account id>` for a member, `g:<browser id>`
   * for a guest whose browser said its id; absent or null: unknown.
   */
  person?: string | null;
}

/** A seat as everybody may see it. */
export interface PublicSeat {
  readonly seat: number;
  readonly kind: 'open' | 'human' | 'bot';
  readonly name: string | null;
  /** The seat's face (absent or null: none chosen; an interface draws a neutral one). */
  readonly avatar?: AvatarId | null;
  readonly level: BotLevelName | null;
  readonly left: boolean;
  readonly connected: boolean;
  /** A stand-in bot plays for the person, and why (absent or null: the person plays). */
  readonly standIn?: StandInReason | null;
}

/**
 * Whether a table's game counts for the ratings, fixed when the game starts (null before): rated,
 * or unrated with the reason (docs/server.md, "Ratings").
 */
export interface RatedStatus {
  readonly rated: boolean;
  readonly reason: UnratedReason | null;
}

export interface TableSummary {
  readonly id: string;
  readonly game: string;
  readonly players: number;
  readonly options: Readonly<Record<string, unknown>>;
  readonly seats: readonly PublicSeat[];
  readonly status: TableStatus;
  readonly version: number;
  readonly public: boolean;
  readonly clockSeconds: number | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** The game's result once finished. */
  readonly result: unknown;
  /** Whether spectators may write in the table's chat (seated players always may). */
  readonly spectatorChat?: boolean;
  /** Whether the game counts for the ratings, from its start (null while the table waits). */
  readonly rated?: RatedStatus | null;
}

const name = displayName;

const level = z.enum(BOT_LEVELS);
const avatar = z.enum(AVATARS);
const tableId = z.string().regex(/^[A-Za-z0-9_-]{6,32}$/, 'Not a table id.');
const token = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Not a seat token.');
const jsonValue = z.json();
/** A browser's id (`BROWSER_ID_PATTERN`). */
export const browserId = z.string().regex(BROWSER_ID_PATTERN, 'Not a browser id.');

export const seatSpec = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('open') }),
  z.object({ kind: z.literal('bot'), level }),
]);
export type SeatSpec = z.infer<typeof seatSpec>;

/** POST /api/tables */
export const createTableBody = z.strictObject({
  game: z.string().min(1).max(32),
  players: z.int().min(1).max(8),
  options: z.record(z.string().max(64), jsonValue).optional(),
  /** One entry per seat; default: the creator's seat open, the others bots at `botLevel`. */
  seats: z.array(seatSpec).max(8).optional(),
  /** The level of default bots and of the bot that plays when a person's clock runs out. */
  botLevel: level.optional(),
  /** The creator's display name; the creator takes the first open seat unless `spectate`. */
  name,
  /** The creator's face; default: one nobody at the table wears. */
  avatar: avatar.optional(),
  spectate: z.boolean().optional(),
  public: z.boolean().optional(),
  /** Whether spectators may write in the table's chat (they always read it); default false. */
  spectatorChat: z.boolean().optional(),
  /**
   * Seconds per move (5 s up to 30 days for slow games). Default: a table of several seats gets
   * `DEFAULT_CLOCK_SECONDS` (a solitaire none).
   */
  clockSeconds: z
    .int()
    .min(5)
    .max(30 * 86_400)
    .optional(),
});
export type CreateTableBody = z.input<typeof createTableBody>;

export interface SeatTicket {
  readonly tableId: string;
  readonly seat: number;
  /** The secret that proves this seat; keep it to reconnect. */
  readonly token: string;
}

export interface CreateTableReply {
  readonly table: TableSummary;
  /** The creator's seat, unless it only watches. */
  readonly ticket: SeatTicket | null;
  /** The invite code; `inviteUrl` carries it and fills the next open seat. */
  readonly invite: string;
  readonly inviteUrl: string;
}

/** POST /api/tables/:id/join */
export const joinBody = z.strictObject({
  name,
  /** The face to wear; default: one nobody at the table wears. */
  avatar: avatar.optional(),
  /** The invite code (not needed for a public table). */
  invite: z.string().max(100).optional(),
  /** A particular open or left seat; default: the first one. */
  seat: z.int().min(0).max(7).optional(),
});
export type JoinBody = z.input<typeof joinBody>;

/** POST /api/tables/:id/leave and /replace */
export const leaveBody = z.strictObject({ token });
export const replaceBody = z.strictObject({ token, seat: z.int().min(0).max(7), level });

/**
 * A guest's browser id for pairing (a member is known by the account): random, made once and kept
 * by the browser, and as secret as a seat token (whoever holds it may cancel the guest's seek).
 */
const browser = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Not a browser id.');

/** POST /api/pairing: "Play now" puts the caller in the pool of this game, player count and options. */
export const seekBody = z.strictObject({
  game: z.string().min(1).max(32),
  players: z.int().min(2).max(8),
  options: z.record(z.string().max(64), z.union([z.string().max(64), z.number(), z.boolean()])).optional(),
  /** The level of the bots that take the seats nobody took (the pool's first seeker's choice). */
  botLevel: level.optional(),
  name,
  avatar: avatar.optional(),
  /** A guest's browser id; a member (by the session) needs none. */
  browser: browser.optional(),
});
export type SeekBody = z.input<typeof seekBody>;

/** POST /api/pairing/status, /start and /cancel: whose seek (a guest's browser id; a member: none). */
export const seekerBody = z.strictObject({ browser: browser.optional() });

/**
 * POST /api/reports: the person at `seat`, or the writer of the chat line `line`, at a table the
 * caller may watch (a seat holder at a duplicate event's table sends its `token`).
 */
export const reportBody = z
  .strictObject({
    tableId,
    seat: z.int().min(0).max(7).optional(),
    line: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}$/, 'Not a chat line id.')
      .optional(),
    reason: z.enum(REPORT_REASONS),
    note: z.string().max(REPORT_NOTE_MAX).optional(),
    token: token.optional(),
  })
  .refine((b) => (b.seat === undefined) !== (b.line === undefined), 'Name a seat or a chat line, not both.');
export type ReportBody = z.input<typeof reportBody>;

/** POST /api/blocks: block the person at `seat` of a table. */
export const blockBody = z.strictObject({ tableId, seat: z.int().min(0).max(7) });
export type BlockBody = z.input<typeof blockBody>;

/** base64url of exactly `bytes` bytes (no padding). */
const base64url = (bytes: number, what: string) =>
  z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`), `Not ${what}.`);

/**
 * POST /api/push/subscriptions: a browser's push subscription (its `toJSON()`, with the language
 * of the notifications' words). The endpoint must be an https URL of a known push service; the
 * keys are the browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url.
 */
export const pushSubscriptionBody = z.strictObject({
  endpoint: z.string().max(PUSH_ENDPOINT_MAX).startsWith('https://', 'The endpoint must be https.'),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: base64url(65, 'a P-256 public key'),
    auth: base64url(16, 'an auth secret'),
  }),
  lang: z.enum(PUSH_LANGUAGES).optional(),
});
export type PushSubscriptionBody = z.input<typeof pushSubscriptionBody>;

/** DELETE /api/push/subscriptions: forget the browser with this endpoint. */
export const pushUnsubscribeBody = z.strictObject({ endpoint: z.string().max(PUSH_ENDPOINT_MAX) });

/** PUT /api/push/settings: turn kinds of notification on or off (the others stay as they are). */
export const pushSettingsBody = z.strictObject(
  Object.fromEntries(PUSH_KINDS.map((k) => [k, z.boolean().optional()])) as Record<
    (typeof PUSH_KINDS)[number],
    z.ZodOptional<z.ZodBoolean>
  >,
);

/** GET /api/push/settings: which kinds a member wants, and how many browsers may receive them. */
export interface PushSettingsReply {
  readonly settings: Readonly<Record<(typeof PUSH_KINDS)[number], boolean>>;
  readonly subscriptions: number;
}

/**
 * A notification's payload (what the service worker receives): the table, its game, the kind, and
 * the words in the member's language. Nothing else: no card, no move, no name.
 */
export interface PushPayload {
  readonly kind: (typeof PUSH_KINDS)[number];
  readonly tableId: string;
  readonly game: string;
  readonly title: string;
  readonly body: string;
  /** The page to open: the table. */
  readonly url: string;
}

/** One of the caller's blocks (the blocked person is named, never identified). */
export interface BlockEntry {
  readonly id: string;
  readonly name: string;
  readonly at: number;
}

/** GET /api/blocks[?tableId=]: the caller's blocks, and the seats of that table whose people they blocked. */
export interface BlocksReply {
  readonly blocks: readonly BlockEntry[];
  readonly seats: readonly number[];
}

/** A person in a pairing pool, as every member of the pool sees them. */
export interface PoolPerson {
  readonly name: string;
  readonly avatar: AvatarId | null;
}

/**
 * A person's pause from pairing for leaving games (`GET /api/pause`; docs/server.md, "Leaving has
 * a cost"): why, how many games they left in the last day, and when it ends (ms since the epoch).
 */
export interface PairingPause {
  readonly reason: 'left_games';
  readonly leaves: number;
  readonly until: number;
}
export interface PauseReply {
  readonly pause: PairingPause | null;
}

/**
 * Where a seek stands (docs/server.md, "Pairing"): counting down in a pool with the people in it;
 * waiting to take over a bot's seat at a running table's next hand or round; or seated, with the
 * seat's ticket (given to the seeker, who keeps it like a table's creator).
 */
export type SeekStatus =
  | {
      readonly state: 'waiting';
      readonly game: string;
      readonly players: number;
      readonly options: Readonly<Record<string, unknown>>;
      readonly botLevel: BotLevelName;
      /** When the free seats go to bots and the game starts (ms since the epoch, server time). */
      readonly startsAt: number;
      /** The server's time when it answered, to count down on the client's clock. */
      readonly now: number;
      readonly people: readonly PoolPerson[];
    }
  | {
      readonly state: 'claimed';
      readonly game: string;
      readonly players: number;
      readonly tableId: string;
      readonly seat: number;
      readonly now: number;
    }
  | {
      readonly state: 'seated';
      readonly game: string;
      readonly players: number;
      readonly ticket: { readonly tableId: string; readonly seat: number; readonly token: string };
      readonly now: number;
    };

/** POST /api/lobby: the caller's own tables, by the tokens it holds. */
export const lobbyBody = z.strictObject({
  tickets: z.array(z.strictObject({ tableId, token })).max(200),
});

/** One of the caller's own tables in the lobby: its seat, and whose turn it is. */
export type MyTable = TableSummary & {
  readonly seat: number;
  /** The seats to act now (empty unless the game is being played). */
  readonly toAct: readonly number[];
  /** When the current turn's clock runs out (ms since the epoch), if the table has a clock. */
  readonly deadlineAt: number | null;
};

export interface Lobby {
  readonly open: readonly TableSummary[];
  readonly mine: readonly MyTable[];
}

// --- Accounts, ratings and stats -------------------------------------------------------------

/** POST /api/account/signup and /login. `bearer`: answer with the session token instead of a cookie. */
export const accountCredentials = z.strictObject({
  // Normalised like a display name (NFKC, invisible characters such as a Hangul filler removed).
  name: z
    .string()
    .max(96, 'A name has at most 24 characters.')
    .transform(normaliseName)
    .pipe(
      z
        .string()
        .min(3, 'A name needs at least 3 characters.')
        .max(24, 'A name has at most 24 characters.')
        .regex(/^[\p{L}\p{N}_.-]+$/u, 'A name may hold letters, digits, "_", "." and "-" only.'),
    ),
  password: z.string().min(1).max(200, 'A password has at most 200 characters.'),
  bearer: z.boolean().optional(),
});
export type AccountCredentials = z.input<typeof accountCredentials>;

export interface AccountInfo {
  readonly id: string;
  readonly name: string;
  readonly createdAt: number;
}

/** A seat an account holds (GET /api/account/tables). */
export interface AccountTicket {
  readonly tableId: string;
  readonly seat: number;
  readonly token: string;
  readonly game: string;
}

/** POST /api/account/tables: bring guest seats (held by this browser) into the account. */
export const attachBody = z.strictObject({
  tickets: z.array(z.strictObject({ tableId, token })).max(200),
});

export interface AccountReply {
  readonly account: AccountInfo;
  /** The session token, only when asked for with `bearer` (send it as `Authorization: Bearer`). */
  readonly token?: string;
}

/**
 * A rated identity's standing in one game (openskill: mu, sigma; `rating` on the players' scale:
 * 1500 + 40 x (mu - 3 sigma - 16), docs/server.md "Ratings").
 */
export interface RatingEntry {
  readonly game: string;
  /** `account` or `bot`. */
  readonly kind: 'account' | 'bot';
  /** The member's name, or the bot's level for a bot. */
  readonly name: string;
  readonly mu: number;
  readonly sigma: number;
  /** The rating shown, on the players' scale (a whole number; the medium bot starts at 1500). */
  readonly rating: number;
  readonly games: number;
  /** A member's rating over fewer than 10 rated games: shown as provisional, it means little yet. */
  readonly provisional: boolean;
}

/** GET /api/bots/ratings: every bot level's rating per game, on the players' scale. */
export interface BotRatings {
  readonly games: Readonly<Record<string, Readonly<Partial<Record<BotLevelName, number>>>>>;
}

/** GET /api/leaderboard/:game */
export interface Leaderboard {
  readonly game: string;
  readonly entries: readonly (RatingEntry & { readonly rank: number })[];
}

/** One finished game in a player's history. */
export interface HistoryEntry {
  readonly tableId: string;
  readonly game: string;
  readonly players: number;
  readonly seat: number;
  readonly rank: number;
  readonly score: number;
  readonly rated: boolean;
  readonly ratingBefore: number | null;
  readonly ratingAfter: number | null;
  readonly finishedAt: number;
}

/**
 * One of a game's own figures on a profile. Each game's server plugin declares the names it sends
 * (server/src/games/<game>/index.ts, `profileFigures`); the words for each are the game's own
 * (web: `figures.<name>` in the game's namespace).
 */
export interface StatFigure<Name extends string = string> {
  readonly name: Name;
  readonly value: number;
  /** For a share ("3 / 5"), the whole it is of. */
  readonly of?: number;
}

/** A player's figures per game, from the finished games' results (see docs/server.md). */
export interface PlayerStats<Name extends string = string> {
  readonly game: string;
  readonly games: number;
  /** Games won against others (rank 1). */
  readonly wins: number;
  /** The game's own figures, in its plugin's order. */
  readonly figures: readonly StatFigure<Name>[];
}

/** GET /api/players/:name */
export interface PlayerProfile {
  readonly name: string;
  readonly createdAt: number;
  readonly ratings: readonly RatingEntry[];
  readonly stats: readonly PlayerStats[];
  readonly history: readonly HistoryEntry[];
}

// --- Real-time messages ----------------------------------------------------------------------

/** Client to server, "hello": attach this connection to a table, as a seat (token) or spectator. */
export const helloMessage = z.strictObject({
  tableId,
  token: token.optional(),
  /** The last version this client saw; the reply carries the events since then. */
  since: z.int().min(0).optional(),
  /** This browser's id (`BROWSER_ID_PATTERN`), as in the `X-Matchbox-Browser` header. */
  browser: browserId.optional(),
  /**
   * Whether this connection takes delta updates at this table (`TableDelta`, "delta" messages)
   * after the hello's full update; without it, every update is full.
   */
  deltas: z.boolean().optional(),
});
export type HelloMessage = z.input<typeof helloMessage>;

/** Client to server, "act": one action, in text notation or as the game's JSON action. */
export const actMessage = z.strictObject({
  tableId,
  action: z.union([z.string().max(200), z.record(z.string().max(32), jsonValue)]),
  /** The version the client acted on; a stale one is still accepted if the action is legal. */
  version: z.int().min(0).optional(),
});
export type ActMessage = z.input<typeof actMessage>;

/** Client to server, "undo": take back the last move (a solitaire: any move; else your own, unrevealing one). */
export const undoMessage = z.strictObject({ tableId });
export type UndoMessage = z.input<typeof undoMessage>;

/** Client to server, "back": take the seat back from the stand-in bot that plays for you. */
export const backMessage = z.strictObject({ tableId });
export type BackMessage = z.input<typeof backMessage>;

/** Client to server, "solve": whether a MATCHET Solitaire B deal can still be won from here. */
export const solveMessage = z.strictObject({ tableId });
export type SolveAck = Ack<{
  /** `win`: it can still be won; `loss`: it cannot; `unknown`: the solver's budget ran out first. */
  readonly status: 'win' | 'loss' | 'unknown';
  readonly nodes: number;
}>;

/** Client to server, "hint": what the bots would do in this seat now (only when it is the seat's turn). */
export const hintMessage = z.strictObject({ tableId });
export type HintMessage = z.input<typeof hintMessage>;

/** One choice a hint weighs, in text notation, with the bots' estimate (higher = better). */
export interface HintChoice {
  readonly text: string;
  readonly value: number;
  /** How often the search tried it. */
  readonly visits?: number;
  /**
   * The chance of each of the game's outcomes after this choice, by the number the bots give an
   * outcome (e.g. the tricks won in a MatchMaster hand); the game's plugins word them.
   */
  readonly outcomes?: readonly number[];
}

/** The bots' suggestion for the asking seat, made from that seat's knowledge only. */
export interface Hint {
  /** The suggested action in text notation (one of the update's `legal` texts). */
  readonly text: string;
  /** The choices weighed, the suggested one first. */
  readonly alternatives: readonly HintChoice[];
}

export type HintAck = Ack<{ readonly version: number; readonly hint: Hint }>;

// --- Chat ------------------------------------------------------------------------------------

export { CHAT_LINES_KEPT, CHAT_MAX_CHARS };

/**
 * Client to server, "say": one chat line, either free text or a quick phrase. Seated players may
 * always talk, spectators only at a table that allows it (they then give a name).
 */
export const sayMessage = z
  .strictObject({
    tableId,
    text: z
      .string()
      .max(CHAT_MAX_CHARS * 4)
      .optional(),
    phrase: z.enum(CHAT_PHRASES).optional(),
    /** A spectator's display name (ignored for a seat: its name is the seat's). */
    name: name.optional(),
  })
  .refine((m) => (m.text === undefined) !== (m.phrase === undefined), {
    message: 'Send either a text or a phrase.',
  });
export type SayMessage = z.input<typeof sayMessage>;

/** Client to server, "chatHistory": the table's chat so far (the latest lines). */
export const chatHistoryMessage = z.strictObject({ tableId });

/** One chat line as everybody at the table sees it (server to client, "chat"). */
export interface ChatLine {
  readonly tableId: string;
  /** Unique within the table. */
  readonly id: string;
  /** The line's place in the table's chat (1, 2, 3, ...; old lines drop off): its order. */
  readonly seq: number;
  /** The writer's seat, or null for a spectator. */
  readonly seat: number | null;
  /**
   * Who wrote it, for a reader's mute: `s<seat>` for a seat, the spectator connection's own id for
   * a spectator (the same whatever name it writes under).
   */
  readonly speaker: string;
  readonly name: string;
  /** The cleaned text, or null for a quick phrase. */
  readonly text: string | null;
  readonly phrase: ChatPhrase | null;
  /** ms since the epoch. */
  readonly at: number;
}

export type SayAck = Ack<{ readonly line: ChatLine }>;
export type ChatHistoryAck = Ack<{ readonly lines: readonly ChatLine[] }>;

/**
 * Chat text as stored and shown: control characters, bidirectional overrides and isolates
 * (which can make a line read backwards or spoof another), invisible format characters and private
 * use characters are removed (the zero-width joiner of emoji sequences stays), runs of white space
 * become one space, and the ends are trimmed.
 */
export function cleanChatText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\p{Cc}\u2028\u2029]/gu, ' ')
    .replace(/(?!\u200d)[\p{Cf}\p{Co}]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** A legal action and a refused one with its reason: the engine referee's, sent as they are. */
export type { BlockedChoice, LegalChoice } from '@matchbox/engine';

/** Server to client, "update": one viewer's share of a table after a change. */
export interface TableUpdate {
  readonly tableId: string;
  /** The number of committed actions. */
  readonly version: number;
  /**
   * The version these events follow: they are those of versions `from + 1` to `version`. An update
   * that brings no move (a player came or went, another server took the table over, a connection
   * that fell behind is sent where the table is now) has `from === version`: a client that is
   * behind `from` missed events and asks for them (hello with since).
   */
  readonly from: number;
  /** The seat this update is for, or null for a spectator. */
  readonly seat: number | null;
  /** The events since the previous update, as this viewer sees them. */
  readonly events: readonly unknown[];
  /** This viewer's view (the game's typed view). */
  readonly view: unknown;
  /** This seat's legal actions when it is to act, else empty. */
  readonly legal: readonly LegalChoice[];
  /**
   * When this seat is to act: well-formed actions it may not take now, with the engine's reason
   * (a card it must not play: "you must overtrump"), so a UI can explain a dimmed choice.
   */
  readonly blocked: readonly BlockedChoice[];
  /** Whether this seat may take back the last move now (see the "undo" message). */
  readonly canUndo: boolean;
  readonly toAct: readonly number[];
  readonly phase: string;
  readonly turn: string;
  readonly status: TableStatus;
  readonly seats: readonly PublicSeat[];
  readonly result: unknown;
  /** When the current turn's clock runs out (ms since the epoch), if the table has a clock. */
  readonly deadlineAt: number | null;
  /**
   * The table's pause after a hand's or round's end (ms since the epoch, server time): the next
   * turn's clock and the bots start after it; a page shows the summary until then. Null: none.
   */
  readonly pauseUntil?: number | null;
  /** Whether the game counts for the ratings (see `TableSummary.rated`). */
  readonly rated?: RatedStatus | null;
}

/** The fields of an update that a delta carries only when they changed (delta.ts). */
type DeltaField =
  'legal' | 'blocked' | 'canUndo' | 'toAct' | 'phase' | 'turn' | 'result' | 'status' | 'seats' | 'deadlineAt';

/**
 * Server to client, "delta": one viewer's update after a move, as what changed since its update of
 * version `from` (only to a connection that said hello with `deltas: true`; delta.ts). The move's
 * events, `pauseUntil` and `rated` come whole, the other fields only when changed, and the view
 * as its changed top-level keys (`view`) and its removed ones (`viewRemoved`). A client whose
 * version is not `from` asks for a full update (hello with since).
 */
export type TableDelta = Pick<
  TableUpdate,
  'tableId' | 'version' | 'from' | 'seat' | 'events' | 'pauseUntil' | 'rated'
> &
  Partial<Pick<TableUpdate, DeltaField>> & {
    /** The view's top-level keys whose value changed (or that are new), with their values. */
    readonly view: Readonly<Record<string, unknown>>;
    /** The view's top-level keys that are gone. */
    readonly viewRemoved: readonly string[];
  };

export { DELTA_FIELDS, applyDelta, deltaOf, sameJson } from './delta.ts';

/**
 * A refusal as it crosses the wire. A server sends only `WireErrorCode`s (wire-errors.ts:
 * `WireError<WireErrorCode>`); a client reads any string, since a newer server may send a code it
 * does not know yet.
 */
export interface WireError<C extends string = string> {
  readonly code: C;
  readonly message: string;
  /** With `rate_limited`: the seconds to wait before trying again. */
  readonly retry_after?: number;
}

export type Ack<T> = ({ readonly ok: true } & T) | { readonly ok: false; readonly error: WireError };
export type HelloAck = Ack<{ readonly update: TableUpdate; readonly missed: readonly unknown[] | null }>;
export type ActAck = Ack<{ readonly version: number }>;
