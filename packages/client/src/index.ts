/**
 * @matchbox/client: the small client for the matchbox server that the web UI, the terminal's
 * `matchbox connect` and the tests use. HTTP calls for tables and seats; one socket.io
 * connection per table for live updates, which re-attaches by itself after a reconnect and asks
 * for the events it missed.
 */
import type { Socket } from 'socket.io-client';
import { io } from 'socket.io-client';
import type {
  AccountInfo,
  AccountTicket,
  ActAck,
  BotRatings,
  ChatLine,
  ChatPhrase,
  CreateTableBody,
  CreateTableReply,
  GameInfo,
  HintAck,
  JoinBody,
  Leaderboard,
  Lobby,
  PlayerProfile,
  SayAck,
  SeatTicket,
  SolveAck,
  TableSummary,
  TableUpdate,
  WireError,
} from './wire.ts';
import type { Ack } from './wire.ts';
import { applyDelta } from './delta.ts';
import type { Check } from './answers.ts';
import * as answers from './answers.ts';
import { BAD_ANSWER, checkAnswer, readAnswer } from './answers.ts';
import { clientError } from './wire-errors.ts';
import { CHAT_LINES_KEPT } from './limits.ts';
import { BROWSER_HEADER } from './vocabulary.ts';

export * from './wire.ts';
export { BAD_ANSWER, BadAnswer, checkAnswer, readAnswer } from './answers.ts';
export type { Answer, Check } from './answers.ts';

/** A refusal from the server, with its stable code. */
export class MatchboxError extends Error {
  override readonly name = 'MatchboxError';
  constructor(
    readonly code: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** What an invite link holds: the server, the table and the invite code. */
export function parseInviteUrl(
  link: string,
): { baseUrl: string; tableId: string; invite: string | null } | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const m = /\/join\/([A-Za-z0-9_-]{6,32})\/?$/.exec(url.pathname);
  if (!m) return null;
  return { baseUrl: url.origin, tableId: m[1]!, invite: url.searchParams.get('invite') };
}

export class MatchboxClient {
  /** The member's session token after `signUp` or `logIn` (sent as `Authorization: Bearer`). */
  session: string | null = null;

  constructor(
    readonly baseUrl: string,
    /**
     * `browser`: this program's or browser's own random id (`BROWSER_ID_PATTERN`), sent with every
     * request (`X-Matchbox-Browser`) and hello; seats taken from one browser are one person for
     * the ratings. `deltas`: table connections take delta updates (`TableConnection`).
     */
    readonly options: { readonly browser?: string; readonly deltas?: boolean } = {},
  ) {}

  /** One HTTP call; its answer checked by `check` (`bad_answer` when it does not fit). */
  private async call<T>(method: 'GET' | 'POST', path: string, check: Check<T>, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.session ? { authorization: `Bearer ${this.session}` } : {}),
        ...(this.options.browser ? { [BROWSER_HEADER]: this.options.browser } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = await readAnswer(response, check, `${method} ${path}`);
    if (!answer.ok) throw new MatchboxError(answer.error.code, answer.error.message, response.status);
    return answer.value;
  }

  games(): Promise<GameInfo[]> {
    return this.call('GET', '/api/games', answers.games);
  }
  createTable(body: CreateTableBody): Promise<CreateTableReply> {
    return this.call('POST', '/api/tables', answers.createTableReply, body);
  }
  table(tableId: string): Promise<TableSummary> {
    return this.call('GET', `/api/tables/${encodeURIComponent(tableId)}`, answers.tableSummary);
  }
  join(tableId: string, body: JoinBody): Promise<SeatTicket & { table: TableSummary }> {
    return this.call('POST', `/api/tables/${encodeURIComponent(tableId)}/join`, answers.joinReply, body);
  }
  leave(tableId: string, token: string): Promise<TableSummary> {
    return this.call('POST', `/api/tables/${encodeURIComponent(tableId)}/leave`, answers.tableSummary, {
      token,
    });
  }
  replaceByBot(tableId: string, token: string, seat: number, level: string): Promise<TableSummary> {
    return this.call('POST', `/api/tables/${encodeURIComponent(tableId)}/replace`, answers.tableSummary, {
      token,
      seat,
      level,
    });
  }
  lobby(tickets: readonly { tableId: string; token: string }[] = []): Promise<Lobby> {
    return this.call('POST', '/api/lobby', answers.lobby, { tickets });
  }
  /** A finished game's record (engine record format 2; `parseRecord` of the engine reads it). */
  record(tableId: string): Promise<unknown> {
    return this.call('GET', `/api/tables/${encodeURIComponent(tableId)}/record`, answers.anything);
  }
  /** A table's chat (the latest lines, oldest first): what a reload or a replay shows. */
  async chat(tableId: string): Promise<ChatLine[]> {
    return (await this.call('GET', `/api/tables/${encodeURIComponent(tableId)}/chat`, answers.chatLines))
      .lines;
  }

  /** Creates an account and keeps its session for the next calls (as a member). */
  async signUp(name: string, password: string): Promise<AccountInfo> {
    const reply = await this.call('POST', '/api/account/signup', answers.accountReply, {
      name,
      password,
      bearer: true,
    });
    this.session = reply.token ?? null;
    return reply.account;
  }
  async logIn(name: string, password: string): Promise<AccountInfo> {
    const reply = await this.call('POST', '/api/account/login', answers.accountReply, {
      name,
      password,
      bearer: true,
    });
    this.session = reply.token ?? null;
    return reply.account;
  }
  async logOut(): Promise<void> {
    await this.call('POST', '/api/account/logout', answers.anything, {});
    this.session = null;
  }
  /** The logged-in member; a guest gets `not_logged_in`. */
  async me(): Promise<AccountInfo> {
    const { account } = await this.call('GET', '/api/account', answers.whoAmI);
    if (!account) throw new MatchboxError('not_logged_in', 'You are not logged in.', 401);
    return account;
  }
  /** The seats the logged-in member holds, on any device. */
  async myTables(): Promise<AccountTicket[]> {
    return (await this.call('GET', '/api/account/tables', answers.accountTickets)).tickets;
  }
  /** Brings seats held as a guest into the logged-in member's account. */
  async attachTables(tickets: readonly { tableId: string; token: string }[]): Promise<number> {
    return (await this.call('POST', '/api/account/tables', answers.attached, { tickets })).attached;
  }
  profile(name: string): Promise<PlayerProfile> {
    return this.call('GET', `/api/players/${encodeURIComponent(name)}`, answers.playerProfile);
  }
  /** Every bot level's rating per game, on the players' scale. */
  botRatings(): Promise<BotRatings> {
    return this.call('GET', '/api/bots/ratings', answers.botRatings);
  }
  leaderboard(game: string): Promise<Leaderboard> {
    return this.call('GET', `/api/leaderboard/${encodeURIComponent(game)}`, answers.leaderboard);
  }

  /** A live connection to one table, as the seat the token holds, or as a spectator. */
  connect(tableId: string, token?: string): TableConnection {
    return new TableConnection(this.baseUrl, tableId, token, this.options.browser, this.options.deltas);
  }
}

type Listener = (update: TableUpdate) => void;
/**
 * Called with the whole chat, and what just arrived: `live` when it was said now (a `chat`
 * message), not the history a hello brings.
 */
type ChatListener = (
  lines: readonly ChatLine[],
  arrived: { readonly lines: readonly ChatLine[]; readonly live: boolean },
) => void;

/** After this long without an update during a game, a connection asks whether it missed any. */
const IDLE_RESYNC_MS = 4000;

/**
 * One table, live. `ready` resolves with the first full update; afterwards every change arrives
 * through `onUpdate`. After a lost connection it re-attaches and replays the events it missed
 * (or, when the server no longer has them, just the full view).
 */
export class TableConnection {
  readonly socket: Socket;
  /** The latest update (view, legal actions, version). */
  latest: TableUpdate | null = null;
  readonly ready: Promise<TableUpdate>;
  private readonly listeners = new Set<Listener>();
  /** The table's chat, oldest first: the history asked for at every (re)attach, then each new line. */
  chat: readonly ChatLine[] = [];
  private readonly chatListeners = new Set<ChatListener>();
  private readonly problemListeners = new Set<(error: MatchboxError) => void>();
  private closed = false;
  private readonly watchdog: ReturnType<typeof setInterval>;
  /** When the last update arrived (ms since the epoch). */
  private lastHeard = Date.now();
  /** Resolves once this connection is attached to the table (again, after a reconnect). */
  private attached: Promise<void>;
  private markAttached: () => void = () => undefined;
  /** Set once the server detached this connection: its token no longer holds the seat. */
  private seatLost: { code: 'not_seated'; message: string } | null = null;

  constructor(
    baseUrl: string,
    readonly tableId: string,
    readonly token?: string,
    /** This browser's id, sent with every hello (see `MatchboxClient`). */
    readonly browser?: string,
    /**
     * Whether to take delta updates: after each hello's full update, a move brings only what
     * changed (wire.ts, `TableDelta`); listeners get full updates either way.
     */
    readonly deltas = false,
  ) {
    this.socket = io(baseUrl, {
      transports: ['websocket'],
      reconnection: true,
      reconnectionDelay: 100,
      reconnectionDelayMax: 1000,
      timeout: 5000,
    });
    let first: ((u: TableUpdate) => void) | null = null;
    let failed: ((e: Error) => void) | null = null;
    this.ready = new Promise<TableUpdate>((resolve, reject) => {
      first = resolve;
      failed = reject;
    });
    this.ready.catch(() => undefined); // a caller that never awaits `ready` is not an error
    this.socket.on('update', (raw: unknown) => {
      const update = this.check(answers.tableUpdate, raw, 'an update');
      if (!update || update.tableId !== this.tableId) return;
      this.lastHeard = Date.now();
      const latest = this.latest;
      if (latest && update.version < latest.version) return;
      if (latest && update.from > latest.version) {
        // Events were skipped (updates from several servers overtook each other, or this one brings
        // no move but a version this connection has not seen the events of): fetch them.
        this.resync(latest.version);
        return;
      }
      // The same version again (a seat's connection changed, or a broadcast that a resync or a
      // hello already covered): the view may have news, the events are not new.
      const fresh =
        latest && update.version === latest.version && update.events.length > 0
          ? { ...update, events: [] }
          : update;
      this.deliver(fresh);
    });
    this.socket.on('delta', (raw: unknown) => this.applyDelta(raw));
    this.socket.on('chat', (raw: unknown) => {
      const line = this.check(answers.chatLine, raw, 'a chat line');
      if (line && line.tableId === this.tableId) this.addChat([line], true);
    });
    // The seat was left or taken over: from now on this connection acts and talks for nobody.
    this.socket.on('detached', (raw: unknown) => {
      const d = this.check(answers.detached, raw, 'a detach notice');
      if (d?.tableId !== this.tableId) return;
      this.seatLost = { code: 'not_seated', message: d.message ?? 'This seat is no longer yours.' };
    });
    this.attached = new Promise<void>((resolve) => (this.markAttached = resolve));
    this.socket.on('disconnect', () => {
      this.attached = new Promise<void>((resolve) => (this.markAttached = resolve));
    });
    /** Refusals that another try cannot change; anything else (a node still starting) is retried. */
    const final = new Set([
      'bad_token',
      'no_such_table',
      'not_finished',
      'invalid_message',
      'table_crowded',
      BAD_ANSWER,
    ]);
    const hello = () => {
      const since = this.latest?.version;
      this.socket.emit(
        'hello',
        {
          tableId,
          ...(token ? { token } : {}),
          ...(since !== undefined ? { since } : {}),
          ...(browser ? { browser } : {}),
          ...(deltas ? { deltas } : {}),
        },
        (raw: unknown) => {
          const ack = this.ack(answers.helloAck, raw, 'hello');
          if (!ack.ok) {
            if (first && final.has(ack.error.code)) {
              failed?.(new MatchboxError(ack.error.code, ack.error.message));
              failed = first = null;
              return;
            }
            if (!this.closed && !final.has(ack.error.code))
              setTimeout(() => this.socket.connected && hello(), 300);
            return;
          }
          this.markAttached();
          // The lines said while this connection was away (or all of them, the first time).
          this.socket.emit('chatHistory', { tableId }, (raw: unknown) => {
            const chat = this.ack(answers.chatHistoryAck, raw, 'chatHistory');
            if (chat.ok) this.addChat(chat.lines);
          });
          const latest = this.latest;
          if (latest && ack.update.version <= latest.version) {
            // Updates reached this connection before the answer did: nothing in it is new but the
            // seats (who is here), and an older one (a server still catching up) is not news at all.
            if (ack.update.version === latest.version) this.deliver({ ...ack.update, events: [] });
          } else if (latest && latest.version !== since) {
            // Updates arrived while the answer was on its way, so its missed events are not the
            // ones after this connection's version: ask for those.
            this.resync(latest.version);
          } else this.deliver({ ...ack.update, events: ack.missed ?? [] });
          first?.(this.latest!);
          first = null;
        },
      );
    };
    this.socket.on('connect', hello);
    // While a game goes on and nothing arrives, ask now and then whether anything was missed (an
    // update lost with a server that died between committing an action and sending it).
    this.watchdog = setInterval(() => {
      const u = this.latest;
      if (!u || u.status !== 'playing' || !this.socket.connected) return;
      if (Date.now() - this.lastHeard >= IDLE_RESYNC_MS) this.resync(u.version);
    }, IDLE_RESYNC_MS);
    this.watchdog.unref?.();
  }

  /** Asks for the current update and the events since `since`, and delivers them as one update. */
  private resync(since: number): void {
    this.socket.emit(
      'hello',
      {
        tableId: this.tableId,
        ...(this.token ? { token: this.token } : {}),
        since,
        ...(this.browser ? { browser: this.browser } : {}),
        ...(this.deltas ? { deltas: true } : {}),
      },
      (raw: unknown) => {
        const ack = this.ack(answers.helloAck, raw, 'hello');
        this.lastHeard = Date.now();
        if (!ack.ok || (this.latest && ack.update.version <= this.latest.version)) return;
        // Updates delivered while this answer was on its way: its events would repeat them, so
        // ask again from where this connection is now.
        if (this.latest && this.latest.version > since) return this.resync(this.latest.version);
        this.deliver({ ...ack.update, events: ack.missed ?? [] });
      },
    );
  }

  /**
   * A delta update: applied to the latest update when that is the version it follows, else (an
   * update was missed, or the delta does not fit) the connection asks for a full one.
   */
  private applyDelta(raw: unknown): void {
    const delta = this.check(answers.tableDelta, raw, 'a delta');
    if (!delta || delta.tableId !== this.tableId) return;
    this.lastHeard = Date.now();
    const latest = this.latest;
    if (!latest || delta.version <= latest.version) return;
    const next = delta.from === latest.version ? applyDelta(latest, delta) : null;
    if (next) this.deliver(next);
    else this.resync(latest.version);
  }

  /**
   * `raw` checked, or null when it does not fit its wire type: the problem goes to the `onProblem`
   * listeners (a server of another version, or a broken one) and the message is dropped.
   */
  private check<T>(check: Check<T>, raw: unknown, what: string): T | null {
    const answer = checkAnswer(check, raw, what);
    if (answer.ok) return answer.value;
    this.report(answer.error);
    return null;
  }

  /** An acknowledgement checked: a malformed one becomes a `bad_answer` refusal (and is reported). */
  private ack<T>(check: Check<Ack<T>>, raw: unknown, what: string): Ack<T> {
    const answer = checkAnswer(check, raw, what);
    if (answer.ok) return answer.value;
    this.report(answer.error);
    return { ok: false, error: answer.error };
  }

  private report(error: WireError): void {
    for (const l of this.problemListeners) l(new MatchboxError(error.code, error.message));
  }

  /** Called with a `bad_answer` error whenever the server sent something that does not fit the wire. */
  onProblem(listener: (error: MatchboxError) => void): () => void {
    this.problemListeners.add(listener);
    return () => this.problemListeners.delete(listener);
  }

  /** Makes `update` the latest and tells the listeners. */
  private deliver(update: TableUpdate): void {
    this.latest = update;
    for (const l of this.listeners) l(update);
  }

  /**
   * Merges chat lines (by id, in the table's order: `seq`, not the time, which two lines may share)
   * and tells the chat listeners when any is new.
   */
  private addChat(lines: readonly ChatLine[], live = false): void {
    const known = new Set(this.chat.map((l) => l.id));
    const fresh = lines.filter((l) => !known.has(l.id));
    if (fresh.length === 0) return;
    // A long session keeps the latest lines, as the server does.
    this.chat = [...this.chat, ...fresh].sort((a, b) => a.seq - b.seq).slice(-CHAT_LINES_KEPT);
    for (const l of this.chatListeners) l(this.chat, { lines: fresh, live });
  }

  /** Called with the whole chat whenever a line arrives. */
  onChat(listener: ChatListener): () => void {
    this.chatListeners.add(listener);
    return () => this.chatListeners.delete(listener);
  }

  /**
   * Says one chat line: free text, or a quick phrase (`{ phrase: 'good_game' }`) that each reader
   * sees in their language. `name`: a spectator's name, where the table lets spectators write.
   */
  say(what: string | { phrase: ChatPhrase }, name?: string, timeoutMs = 10_000): Promise<SayAck> {
    if (this.seatLost) return Promise.resolve({ ok: false, error: { ...this.seatLost } });
    const body = {
      tableId: this.tableId,
      ...(typeof what === 'string' ? { text: what } : { phrase: what.phrase }),
      ...(name !== undefined ? { name } : {}),
    };
    return new Promise((resolve) => {
      this.socket.timeout(timeoutMs).emit('say', body, (error: Error | null, raw: unknown) => {
        resolve(
          error
            ? { ok: false, error: clientError('timeout', 'The server did not answer in time.') }
            : this.ack(answers.sayAck, raw, 'say'),
        );
      });
    });
  }

  onUpdate(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Waits for the first update that satisfies `predicate` (the latest one included). */
  waitFor(predicate: (u: TableUpdate) => boolean, timeoutMs = 20_000): Promise<TableUpdate> {
    if (this.latest && predicate(this.latest)) return Promise.resolve(this.latest);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new Error(`no matching update within ${timeoutMs} ms (at version ${this.latest?.version})`));
      }, timeoutMs);
      const off = this.onUpdate((u) => {
        if (!predicate(u)) return;
        clearTimeout(timer);
        off();
        resolve(u);
      });
    });
  }

  /** Sends one action (text notation or the game's JSON action); resolves with the server's answer. */
  async act(action: string | object, timeoutMs = 10_000): Promise<ActAck> {
    if (this.seatLost) return { ok: false, error: { ...this.seatLost } };
    // After a lost connection, wait (a bounded time) until this client is attached again.
    const late = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), timeoutMs).unref?.());
    if ((await Promise.race([this.attached.then(() => 'ok' as const), late])) === 'late')
      return { ok: false, error: clientError('timeout', 'Not connected to the server.') };
    return new Promise((resolve) => {
      this.socket
        .timeout(timeoutMs)
        .emit('act', { tableId: this.tableId, action }, (error: Error | null, raw: unknown) => {
          resolve(
            error
              ? { ok: false, error: clientError('timeout', 'The server did not answer in time.') }
              : this.ack(answers.actAck, raw, 'act'),
          );
        });
    });
  }

  /** Takes back the last move (a solitaire: any move; at a table: your own unrevealing one). */
  undo(timeoutMs = 10_000): Promise<ActAck> {
    return this.request('undo', answers.actAck, timeoutMs);
  }

  /** Takes the seat back from the stand-in bot that plays for this person (docs/server.md, "Stand-ins"). */
  back(timeoutMs = 10_000): Promise<ActAck> {
    return this.request('back', answers.actAck, timeoutMs);
  }

  /** For a MATCHET Solitaire B deal: whether it can still be won from here. */
  solve(timeoutMs = 30_000): Promise<SolveAck> {
    return this.request('solve', answers.solveAck, timeoutMs);
  }

  /**
   * The bots' suggestion for this seat now, with the value of each choice (MatchMaster bids: the
   * odds of each trick count). Refused when it is not this seat's turn (`not_your_turn`).
   */
  hint(timeoutMs = 15_000): Promise<HintAck> {
    return this.request('hint', answers.hintAck, timeoutMs);
  }

  private request<T>(event: string, check: Check<Ack<T>>, timeoutMs: number): Promise<Ack<T>> {
    if (this.seatLost) return Promise.resolve({ ok: false, error: { ...this.seatLost } });
    return new Promise((resolve) => {
      this.socket
        .timeout(timeoutMs)
        .emit(event, { tableId: this.tableId }, (error: Error | null, raw: unknown) => {
          resolve(
            error
              ? { ok: false, error: clientError('timeout', 'The server did not answer in time.') }
              : this.ack(check, raw, event),
          );
        });
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.watchdog);
    this.socket.close();
  }
}
