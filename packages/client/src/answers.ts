/**
 * The server's answers, checked before use: every HTTP body, socket acknowledgement and update is
 * held against its wire type (wire.ts), and one that does not fit is refused with the stable code
 * `bad_answer`, naming the first place that is wrong, instead of being taken on trust. Small
 * hand-written checks without dependencies: the web lobby loads this module, and a schema library
 * there would cost the lobby's first load more than these few hundred bytes.
 *
 * The checks return the value they were given (unknown fields stay), typed; game data the wire
 * carries as `unknown` (views, events, actions, results) is left to the engine's own parsers.
 */
import type { BlockedChoice, LegalChoice } from '@matchbox/engine';
import { AVATARS } from './faces.ts';
import { BOT_LEVELS, CHAT_PHRASES, STAND_IN_REASONS, TABLE_STATUSES, UNRATED_REASONS } from './vocabulary.ts';
import type {
  Ack,
  AccountInfo,
  AccountReply,
  AccountTicket,
  BotRatings,
  ChatLine,
  CreateTableReply,
  GameInfo,
  Hint,
  HintChoice,
  HistoryEntry,
  Leaderboard,
  Lobby,
  MyTable,
  PlayerProfile,
  PlayerStats,
  StatFigure,
  PairingPause,
  PauseReply,
  PoolPerson,
  PublicSeat,
  PushSettingsReply,
  RatedStatus,
  RatingEntry,
  SeatTicket,
  SeekStatus,
  TableDelta,
  TableSummary,
  TableUpdate,
  WireError,
} from './wire.ts';
import type { ClientErrorCode } from './wire-errors.ts';
import { clientError } from './wire-errors.ts';

/** The stable code of an answer that does not fit its wire type. */
export const BAD_ANSWER = 'bad_answer' satisfies ClientErrorCode;

/** Thrown by a check: the answer does not fit; the message says where and how. */
export class BadAnswer extends Error {
  override readonly name = 'BadAnswer';
  readonly code = BAD_ANSWER;
}

/** Checks a value read from the server (found at `at`): the value, typed, or a thrown `BadAnswer`. */
export type Check<T> = (value: unknown, at: string) => T;

function shown(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return `a ${typeof value}`;
}

function wrong(at: string, expected: string, value: unknown): never {
  throw new BadAnswer(`${at || 'the answer'} should be ${expected}, not ${shown(value)}`);
}

export const string: Check<string> = (v, at) => (typeof v === 'string' ? v : wrong(at, 'a text', v));
export const number: Check<number> = (v, at) =>
  typeof v === 'number' && Number.isFinite(v) ? v : wrong(at, 'a number', v);
export const int: Check<number> = (v, at) =>
  typeof v === 'number' && Number.isSafeInteger(v) ? v : wrong(at, 'a whole number', v);
export const boolean: Check<boolean> = (v, at) =>
  typeof v === 'boolean' ? v : wrong(at, 'true or false', v);
/** Game data the engine parses on its own (a view, an event, an action, a result). */
export const anything: Check<unknown> = (v) => v;

export function oneOf<const W extends string>(words: readonly W[]): Check<W> {
  const known = new Set<string>(words);
  const isWord = (v: unknown): v is W => typeof v === 'string' && known.has(v);
  return (v, at) => (isWord(v) ? v : wrong(at, `one of ${words.join(', ')}`, v));
}

/** Exactly `value` (a format's version, a variant's tag). */
export function literal<const L extends string | number | boolean>(value: L): Check<L> {
  return (v, at) => (v === value ? value : wrong(at, JSON.stringify(value), v));
}

export function nullable<T>(check: Check<T>): Check<T | null> {
  return (v, at) => (v === null ? null : check(v, at));
}

export function array<T>(check: Check<T>): Check<T[]> {
  return (v, at) => {
    if (!Array.isArray(v)) return wrong(at, 'a list', v);
    v.forEach((item: unknown, i) => check(item, `${at}[${i}]`));
    return v as T[];
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Any object (its fields unchecked): a table's options. */
export const record: Check<Record<string, unknown>> = (v, at) =>
  isRecord(v) ? v : wrong(at, 'an object', v);

/** A field that may be absent (an optional property of the wire type). */
export interface Optional<T> {
  readonly optional: Check<T>;
}
export const optional = <T>(check: Check<T>): Optional<T> => ({ optional: check });

type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];
/** One check per field of T: every field named, the optional ones (and only those) `optional`. */
export type Shape<T> = {
  readonly [K in keyof T]-?: K extends OptionalKeys<T> ? Optional<Exclude<T[K], undefined>> : Check<T[K]>;
};

/** An object with the fields of T (further fields are kept, unchecked). */
export function object<T>(shape: Shape<T>): Check<T> {
  const fields = Object.entries(shape as Record<string, Check<unknown> | Optional<unknown>>);
  return (v, at) => {
    if (!isRecord(v)) return wrong(at, 'an object', v);
    for (const [key, check] of fields) {
      const where = at ? `${at}.${key}` : key;
      if (typeof check === 'function') check(v[key], where);
      else if (v[key] !== undefined) check.optional(v[key], where);
    }
    return v as T;
  };
}

/** A value that passes both checks (a wire type made of two). */
export function both<A, B>(a: Check<A>, b: Check<B>): Check<A & B> {
  return (v, at) => {
    a(v, at);
    b(v, at);
    return v as A & B;
  };
}

export const wireError = object<WireError>({ code: string, message: string, retry_after: optional(number) });
const refused = object<{ readonly ok: false; readonly error: WireError }>({
  ok: (v, at) => (v === false ? false : wrong(at, 'false', v)),
  error: wireError,
});

/** A socket acknowledgement: `{ ok: true, ...body }` or a refusal with its code. */
export function ack<T>(body: Check<T>): Check<Ack<T>> {
  return (v, at) => {
    const { ok } = object<{ ok: boolean }>({ ok: boolean })(v, at);
    if (!ok) return refused(v, at);
    body(v, at);
    return v as Ack<T>;
  };
}

// --- The wire's answers ----------------------------------------------------------------------

export const publicSeat = object<PublicSeat>({
  seat: int,
  kind: oneOf(['open', 'human', 'bot']),
  name: nullable(string),
  avatar: optional(nullable(oneOf(AVATARS))),
  level: nullable(oneOf(BOT_LEVELS)),
  left: boolean,
  connected: boolean,
  standIn: optional(nullable(oneOf(STAND_IN_REASONS))),
});

export const ratedStatus = object<RatedStatus>({
  rated: boolean,
  reason: nullable(oneOf(UNRATED_REASONS)),
});

export const tableSummary = object<TableSummary>({
  id: string,
  game: string,
  players: int,
  options: record,
  seats: array(publicSeat),
  status: oneOf(TABLE_STATUSES),
  version: int,
  public: boolean,
  clockSeconds: nullable(number),
  createdAt: number,
  updatedAt: number,
  result: anything,
  spectatorChat: optional(boolean),
  rated: optional(nullable(ratedStatus)),
});

export const gameInfo = object<GameInfo>({
  id: string,
  name: string,
  minPlayers: int,
  maxPlayers: int,
  defaultPlayers: int,
  summary: string,
  options: array(
    object<GameInfo['options'][number]>({
      name: string,
      type: string,
      default: anything,
      description: string,
    }),
  ),
});
export const games = array(gameInfo);

export const seatTicket = object<SeatTicket>({ tableId: string, seat: int, token: string });
export const createTableReply = object<CreateTableReply>({
  table: tableSummary,
  ticket: nullable(seatTicket),
  invite: string,
  inviteUrl: string,
});
export const joinReply = both(seatTicket, object<{ table: TableSummary }>({ table: tableSummary }));

const myTable: Check<MyTable> = both(
  tableSummary,
  object<{ seat: number; toAct: readonly number[]; deadlineAt: number | null }>({
    seat: int,
    toAct: array(int),
    deadlineAt: nullable(number),
  }),
);
export const lobby = object<Lobby>({ open: array(tableSummary), mine: array(myTable) });

const poolPerson = object<PoolPerson>({ name: string, avatar: nullable(oneOf(AVATARS)) });
const seekWaiting = object<Extract<SeekStatus, { state: 'waiting' }>>({
  state: literal('waiting'),
  game: string,
  players: int,
  options: record,
  botLevel: oneOf(BOT_LEVELS),
  startsAt: number,
  now: number,
  people: array(poolPerson),
});
const seekClaimed = object<Extract<SeekStatus, { state: 'claimed' }>>({
  state: literal('claimed'),
  game: string,
  players: int,
  tableId: string,
  seat: int,
  now: number,
});
const seekSeated = object<Extract<SeekStatus, { state: 'seated' }>>({
  state: literal('seated'),
  game: string,
  players: int,
  ticket: seatTicket,
  now: number,
});
/** Where a pairing seek stands (`POST /api/pairing` and its status, start). */
export const seekStatus: Check<SeekStatus> = (v, at) => {
  const { state } = object<{ state: SeekStatus['state'] }>({
    state: oneOf(['waiting', 'claimed', 'seated']),
  })(v, at);
  if (state === 'waiting') return seekWaiting(v, at);
  return state === 'claimed' ? seekClaimed(v, at) : seekSeated(v, at);
};
export const cancelled = object<{ cancelled: true }>({ cancelled: literal(true) });
/** The asker's pause from pairing, or null (`GET /api/pause`). */
export const pauseReply = object<PauseReply>({
  pause: nullable(object<PairingPause>({ reason: literal('left_games'), leaves: int, until: number })),
});

export const chatLine = object<ChatLine>({
  tableId: string,
  id: string,
  seq: int,
  seat: nullable(int),
  speaker: string,
  name: string,
  text: nullable(string),
  phrase: nullable(oneOf(CHAT_PHRASES)),
  at: number,
});
export const chatLines = object<{ lines: ChatLine[] }>({ lines: array(chatLine) });

export const accountInfo = object<AccountInfo>({ id: string, name: string, createdAt: number });
export const accountReply = object<AccountReply>({ account: accountInfo, token: optional(string) });
export const whoAmI = object<{ account: AccountInfo | null }>({ account: nullable(accountInfo) });
export const accountTickets = object<{ tickets: AccountTicket[] }>({
  tickets: array(object<AccountTicket>({ tableId: string, seat: int, token: string, game: string })),
});
export const attached = object<{ attached: number }>({ attached: int });
/** `GET /api/push/key`, `POST /api/push/subscriptions`, `DELETE` there (notifications). */
export const pushKey = object<{ key: string }>({ key: string });
export const pushSubscribed = object<{ id: string }>({ id: string });
export const pushRemoved = object<{ removed: boolean }>({ removed: boolean });
export const pushSettings = object<PushSettingsReply>({
  settings: object<PushSettingsReply['settings']>({ turn: boolean, accepted: boolean, paired: boolean }),
  subscriptions: int,
});

const ratingEntry = object<RatingEntry>({
  game: string,
  kind: oneOf(['account', 'bot']),
  name: string,
  mu: number,
  sigma: number,
  rating: number,
  games: int,
  provisional: boolean,
});
export const leaderboard = object<Leaderboard>({
  game: string,
  entries: array(both(ratingEntry, object<{ rank: number }>({ rank: int }))),
});
/** Each game's bot levels and their ratings (further games or levels from a newer server are kept). */
export const botRatings: Check<BotRatings> = (v, at) => {
  const { games } = object<{ games: Record<string, unknown> }>({ games: record })(v, at);
  for (const [game, levels] of Object.entries(games)) {
    const where = `${at ? `${at}.` : ''}games.${game}`;
    for (const [level, rating] of Object.entries(record(levels, where))) number(rating, `${where}.${level}`);
  }
  return v as BotRatings;
};

export const playerProfile = object<PlayerProfile>({
  name: string,
  createdAt: number,
  ratings: array(ratingEntry),
  stats: array(
    object<PlayerStats>({
      game: string,
      games: int,
      wins: int,
      figures: array(object<StatFigure>({ name: string, value: number, of: optional(number) })),
    }),
  ),
  history: array(
    object<HistoryEntry>({
      tableId: string,
      game: string,
      players: int,
      seat: int,
      rank: int,
      score: number,
      rated: boolean,
      ratingBefore: nullable(number),
      ratingAfter: nullable(number),
      finishedAt: number,
    }),
  ),
});

export const tableUpdate = object<TableUpdate>({
  tableId: string,
  version: int,
  from: int,
  seat: nullable(int),
  events: array(anything),
  view: anything,
  legal: array(object<LegalChoice>({ text: string, action: anything })),
  blocked: array(object<BlockedChoice>({ text: string, code: string, message: string })),
  canUndo: boolean,
  toAct: array(int),
  phase: string,
  turn: string,
  status: oneOf(TABLE_STATUSES),
  seats: array(publicSeat),
  result: anything,
  deadlineAt: nullable(number),
  pauseUntil: optional(nullable(number)),
  rated: optional(nullable(ratedStatus)),
});

export const tableDelta = object<TableDelta>({
  tableId: string,
  version: int,
  from: int,
  seat: nullable(int),
  events: array(anything),
  status: optional(oneOf(TABLE_STATUSES)),
  seats: optional(array(publicSeat)),
  deadlineAt: optional(nullable(number)),
  pauseUntil: optional(nullable(number)),
  rated: optional(nullable(ratedStatus)),
  legal: optional(array(object<LegalChoice>({ text: string, action: anything }))),
  blocked: optional(array(object<BlockedChoice>({ text: string, code: string, message: string }))),
  canUndo: optional(boolean),
  toAct: optional(array(int)),
  phase: optional(string),
  turn: optional(string),
  result: optional(anything),
  view: record,
  viewRemoved: array(string),
});

export const helloAck = ack(
  object<{ update: TableUpdate; missed: readonly unknown[] | null }>({
    update: tableUpdate,
    missed: nullable(array(anything)),
  }),
);
export const actAck = ack(object<{ version: number }>({ version: int }));
export const sayAck = ack(object<{ line: ChatLine }>({ line: chatLine }));
export const chatHistoryAck = ack(object<{ lines: readonly ChatLine[] }>({ lines: array(chatLine) }));
export const hintAck = ack(
  object<{ version: number; hint: Hint }>({
    version: int,
    hint: object<Hint>({
      text: string,
      alternatives: array(
        object<HintChoice>({
          text: string,
          value: number,
          visits: optional(number),
          outcomes: optional(array(number)),
        }),
      ),
    }),
  }),
);
export const solveAck = ack(
  object<{ status: 'win' | 'loss' | 'unknown'; nodes: number }>({
    status: oneOf(['win', 'loss', 'unknown']),
    nodes: int,
  }),
);
/** Server to client, "detached": the seat this connection spoke for is no longer its own. */
export const detached = object<{ tableId: string; message?: string }>({
  tableId: string,
  message: optional(string),
});

// --- Reading an answer -------------------------------------------------------------------------

export type Answer<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: WireError; readonly status?: number };

/** `value` checked, or a `bad_answer` refusal that names `what` was asked and what is wrong. */
export function checkAnswer<T>(check: Check<T>, value: unknown, what: string): Answer<T> {
  try {
    return { ok: true, value: check(value, '') };
  } catch (error) {
    if (!(error instanceof BadAnswer)) throw error;
    return {
      ok: false,
      error: { code: BAD_ANSWER, message: `The server's answer to ${what} is malformed: ${error.message}.` },
    };
  }
}

/**
 * An HTTP answer: its JSON body checked by `check`, or the server's refusal (`{ error }`, or the
 * status when the body says nothing), or `bad_answer` when the body does not fit.
 */
export async function readAnswer<T>(response: Response, check: Check<T>, what: string): Promise<Answer<T>> {
  const data: unknown = await response.json().catch(() => undefined);
  if (isRecord(data) && data.error) {
    const error = checkAnswer(wireError, data.error, what);
    return { ok: false, error: error.ok ? error.value : error.error, status: response.status };
  }
  if (!response.ok)
    return {
      ok: false,
      error: clientError('http_error', `HTTP ${response.status}`),
      status: response.status,
    };
  return checkAnswer(check, data, what);
}
