/**
 * One socket.io connection's state and the helpers its message handlers share (`messages.ts`):
 * the rate limit, refusals, the bounded-shape guard around every handler, and which seat the
 * connection holds at each table it said hello to.
 */
import { createHmac } from 'node:crypto';
import type { Viewer } from '@matchbox/engine';
import type { WireErrorCode } from '@matchbox/client/wire';
import type { Logger } from 'pino';
import type { Socket as IoSocket } from 'socket.io';
import type { Admission } from './admission.ts';
import type { SpectatorPlaces } from './spectator-places.ts';
import type { ServerConfig } from './config.ts';
import type { Metrics } from './metrics.ts';
import type { TableService } from './tables.ts';
import { MESSAGE_LIMITS, shapeProblem } from './bounds.ts';
import { RateLimit } from './rate-limit.ts';
import { randomId } from './tokens.ts';

/**
 * The channel of a table's spectators, or of one seat's current holder: a seat's channel is named
 * after the hash of the token that holds it, so a connection attached by an earlier holder (who
 * left, or whose seat was taken over) is in another room and hears nothing more of the seat.
 */
export const room = (tableId: string, viewer: Viewer, holder: string | null = null) =>
  viewer === null ? `t:${tableId}:spectators` : `t:${tableId}:${viewer}:${(holder ?? '-').slice(0, 24)}`;
/** Every connection attached to a table, seated or watching (the chat's channel). */
export const tableRoom = (tableId: string) => `t:${tableId}`;

/** What a connection holds at a table: a seat with the hash of the token that attached it, or none. */
export interface Attachment {
  readonly seat: Viewer;
  readonly holder: string | null;
}

export interface SocketData {
  /** table id -> the seat this connection holds there (seat null: spectator). */
  attached: Map<string, Attachment>;
  /** table id -> the token this connection said hello with (chat checks it again at every line). */
  tokens: Map<string, string | undefined>;
  /** Tables whose updates were not sent while this connection was behind: it gets their current update once it has drained. */
  behind: Set<string>;
  /** Tables where this connection takes delta updates (it said hello with `deltas: true`). */
  deltas: Set<string>;
  limit: RateLimit;
  /** This connection's id in the chat as a spectator (`speaker`: what a reader's mute holds). */
  speaker: string;
  /** The member session its upgrade request carried, if any (a member may chat under their name). */
  session: string | undefined;
  /** The browser id its latest hello carried (`X-Matchbox-Browser`'s), if any. */
  browser: string | undefined;
  /** Its last pause for refusals (ms) and when it ended (`performance.now()`; `slowDown`). */
  pause: { ms: number; until: number };
}

export type Reply<T> = (reply: T) => void;
/** A socket.io listener for one client message: its payload and the acknowledgement callback. */
export type Listener = (raw: unknown, ack: unknown) => void;

/** What the server gives every connection: the tables, settings, and its send-buffer checks. */
export interface ConnectionDeps {
  readonly service: () => TableService;
  readonly config: ServerConfig;
  readonly log: Logger;
  readonly metrics: Metrics;
  /** Bytes waiting to be written to the connection. */
  readonly backlog: (socket: IoSocket) => number;
  /** Ends a connection that stopped reading. */
  readonly cut: (socket: IoSocket) => void;
  /** Stops reading a connection for `ms` (its TCP socket is paused). */
  readonly pause: (socket: IoSocket, ms: number) => void;
  /** What to do with one more frame for a connection with this backlog. */
  readonly decide: (backlog: number) => 'send' | 'skip' | 'cut';
  /** Connections per address, seats before spectators (admission.ts). */
  readonly admission: Admission;
  /** Each table's spectator places, on every node together (spectator-places.ts). */
  readonly places: SpectatorPlaces;
  /** The key a spectator's chat identity is derived with from its browser id (`speakerAt`). */
  readonly speakerKey: Buffer;
}

/** Tells admission whether a connection holds a seat anywhere now (after its attachments changed). */
export function reviewSeats(admission: Admission, socket: IoSocket, data: SocketData): void {
  let holds = false;
  for (const a of data.attached.values()) if (a.seat !== null) holds = true;
  admission.holding(socket, holds);
}

/** One connection as its message handlers see it. */
export interface Connection {
  readonly socket: IoSocket;
  readonly data: SocketData;
  readonly service: () => TableService;
  readonly config: ServerConfig;
  readonly admission: Admission;
  readonly places: SpectatorPlaces;
  /**
   * Rate limit and backlog: a connection that sends requests but never reads its answers is cut;
   * one past its rate that holds no seat is not read for a while (`slowDown`).
   */
  admit(): boolean;
  /**
   * A connection refused for its rate (or its address's) that holds no seat is not read for
   * `REFUSED_PAUSE_MS`, twice as long after each refusal in a row up to 8 times: what it sends meanwhile waits in its own TCP buffers, costing the event
   * loop nothing, so a flood of refused messages cannot take the time other tables need.
   */
  slowDown(): void;
  /** Answers `ack` (when there is one) with an error and counts the refusal. */
  refuse(ack: unknown, code: WireErrorCode, message: string): void;
  /**
   * Every handler runs behind this: the message's shape is bounded before anything walks it
   * (depth, size: `bounds.ts`), and an error it throws or rejects with becomes `server_error`
   * for the sender and a log line, never an unhandled rejection that stops the process.
   */
  handle(event: string, run: (raw: unknown, ack: Reply<unknown>) => Promise<unknown> | undefined): Listener;
  /** A message that names a table this connection holds a seat at: the seat and its holder. */
  seated(tableId: string, ack: Reply<unknown>, what: string): Attachment | null;
  /** The seat's holder changed since this connection attached: it is detached here. */
  lost(tableId: string, a: Attachment, code: WireErrorCode): void;
  /**
   * This connection's identity in `tableId`'s chat as a spectator: from its browser id when it
   * sent one (so a reload or a new connection keeps a reader's mute), else its own random one. Keyed
   * per table, so the same browser cannot be followed from table to table by it.
   */
  speakerAt(tableId: string): string;
}

/** How long a connection holding no seat is not read after a refusal for its rate. */
export const REFUSED_PAUSE_MS = 1000;

export function newSocketData(config: ServerConfig): SocketData {
  return {
    attached: new Map(),
    tokens: new Map(),
    behind: new Set(),
    deltas: new Set(),
    limit: new RateLimit(config.messagesPerSecond),
    speaker: `w${randomId(9)}`,
    session: undefined,
    browser: undefined,
    pause: { ms: 0, until: -Infinity },
  };
}

export function connectionOf(socket: IoSocket, data: SocketData, deps: ConnectionDeps): Connection {
  const { service, log, metrics } = deps;
  const refuse = (ack: unknown, code: WireErrorCode, message: string) => {
    metrics.rejected.inc({ code });
    if (typeof ack === 'function') (ack as Reply<unknown>)({ ok: false, error: { code, message } });
  };
  const slowDown = () => {
    for (const a of data.attached.values()) if (a.seat !== null) return;
    // Refused again within 2 s of its last pause's end: twice as long (1, 2, 4, then 8 s), so a
    // connection that goes on sending while refused is read ever less often.
    const now = performance.now();
    const again = now - data.pause.until < 2000;
    const ms = again ? Math.min(8 * REFUSED_PAUSE_MS, data.pause.ms * 2) : REFUSED_PAUSE_MS;
    data.pause = { ms, until: now + ms };
    deps.pause(socket, ms);
  };
  return {
    socket,
    data,
    service,
    config: deps.config,
    admission: deps.admission,
    places: deps.places,
    speakerAt: (tableId) =>
      data.browser === undefined
        ? data.speaker
        : `b${createHmac('sha256', deps.speakerKey).update(`chat speaker\n${tableId}\n${data.browser}`).digest('base64url').slice(0, 12)}`,
    refuse,
    admit() {
      if (deps.decide(deps.backlog(socket)) === 'cut') {
        deps.cut(socket);
        return false;
      }
      if (data.limit.take()) return true;
      slowDown();
      return false;
    },
    slowDown,
    handle: (event, run) => (raw, ack) => {
      if (typeof ack !== 'function') return;
      const reply = ack as Reply<unknown>;
      const problem = shapeProblem(raw, MESSAGE_LIMITS);
      if (problem) return refuse(reply, 'invalid_message', problem);
      const failed = (error: unknown) => {
        log.error({ err: error, event }, 'request failed');
        refuse(reply, 'server_error', 'Something went wrong on the server.');
      };
      try {
        void run(raw, reply)?.catch(failed);
      } catch (error) {
        failed(error);
      }
    },
    seated(tableId, ack, what) {
      const a = data.attached.get(tableId);
      if (a === undefined) {
        refuse(ack, 'not_attached', 'Say hello to the table first.');
        return null;
      }
      if (a.seat === null) {
        refuse(ack, 'spectator', `Spectators cannot ${what}.`);
        return null;
      }
      return a;
    },
    lost(tableId, a, code) {
      if (code !== 'seat_changed' || data.attached.get(tableId) !== a) return;
      data.attached.delete(tableId);
      data.tokens.delete(tableId);
      void socket.leave(room(tableId, a.seat, a.holder));
      void socket.leave(tableRoom(tableId));
      service().connected(tableId, a.seat, -1);
      reviewSeats(deps.admission, socket, data);
    },
  };
}
