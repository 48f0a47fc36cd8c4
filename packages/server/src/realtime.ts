/**
 * The real-time layer on socket.io (WebSocket transport only): a thin room layer with one room per
 * table seat and one for its spectators. This is the one place where game data is sent to a
 * socket, and it sends only `TableUpdate`s made per viewer by the table (views and events filtered
 * by the engine for that viewer).
 */
import type { Server as HttpServer } from 'node:http';
import type { Socket as NetSocket } from 'node:net';
import type { Viewer } from '@matchbox/engine';
import type { ActAck, ChatHistoryAck, ChatLine, HelloAck, SayAck, TableUpdate } from '@matchbox/client/wire';
import {
  actMessage,
  chatHistoryMessage,
  helloMessage,
  hintMessage,
  sayMessage,
  solveMessage,
  undoMessage,
} from '@matchbox/client/wire';
import type { Logger } from 'pino';
import type { Socket as IoSocket } from 'socket.io';
import { Server } from 'socket.io';
import type { ServerConfig } from './config.ts';
import type { Metrics } from './metrics.ts';
import type { Broadcaster, TableService } from './tables.ts';
import { zodMessage } from './tables.ts';
import { MESSAGE_LIMITS, shapeProblem } from './bounds.ts';
import { jsonParser } from './wire-parser.ts';

/**
 * The channel of a table's spectators, or of one seat's current holder: a seat's channel is named
 * after the hash of the token that holds it, so a connection attached by an earlier holder (who
 * left, or whose seat was taken over) is in another room and hears nothing more of the seat.
 */
const room = (tableId: string, viewer: Viewer, holder: string | null = null) =>
  viewer === null ? `t:${tableId}:spectators` : `t:${tableId}:${viewer}:${(holder ?? '-').slice(0, 24)}`;
/** Every connection attached to a table, seated or watching (the chat's channel). */
const tableRoom = (tableId: string) => `t:${tableId}`;

/** The events a client may send; any other gets `unknown_event`. */
const EVENTS = new Set(['hello', 'act', 'undo', 'solve', 'hint', 'say', 'chatHistory']);

/** What a connection holds at a table: a seat with the hash of the token that attached it, or none. */
interface Attachment {
  readonly seat: Viewer;
  readonly holder: string | null;
}

/** A token bucket per connection: `rate` messages a second, bursts of `burst` (twice the rate). */
class RateLimit {
  private tokens: number;
  private last = performance.now();
  constructor(
    private readonly rate: number,
    private readonly burst = rate * 2,
  ) {
    this.tokens = burst;
  }
  take(): boolean {
    const now = performance.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

interface SocketData {
  /** table id -> the seat this connection holds there (seat null: spectator). */
  attached: Map<string, Attachment>;
  /** table id -> the token this connection said hello with (chat checks it again at every line). */
  tokens: Map<string, string | undefined>;
  /** Tables whose updates were not sent while this connection was behind: it gets their current update once it has drained. */
  behind: Set<string>;
  limit: RateLimit;
  /** Chat lines: one every two seconds, in bursts of five. */
  chat: RateLimit;
  /** Hints cost a bot search: one at a time per connection, about one every two seconds. */
  hints: RateLimit;
  hinting: boolean;
}

/** A hint every 2 seconds per connection, in bursts of two. */
const HINT_RATE = 0.5;
/** A chat line every 2 seconds per connection, in bursts of five. */
const CHAT_RATE = 0.5;
const CHAT_BURST = 5;

type Reply<T> = (reply: T) => void;

/** Each engine.io connection's TCP socket (its upgrade request is not kept). */
const tcpOf = new WeakMap<object, NetSocket>();

/** The TCP socket under a socket.io connection. */
export const tcpFor = (socket: IoSocket): NetSocket => tcpOf.get(socket.conn)!;

/**
 * Bytes waiting to be written to a connection: in its TCP socket's buffer (a peer that does not
 * read leaves them there once the kernel's buffers are full) and in engine.io's queue of packets
 * waiting for the previous write to finish.
 */
export function backlogOf(conn: { writeBuffer?: readonly { data?: unknown }[] }, tcp: NetSocket): number {
  let bytes = tcp.writableLength;
  for (const p of conn.writeBuffer ?? []) if (typeof p.data === 'string') bytes += p.data.length;
  return bytes;
}

/**
 * What to do with one more update for a connection with `backlog` bytes not yet written: send it;
 * skip it (past `limit`: the connection gets the table's current update once it has drained); or
 * cut the connection (past four times `limit`: acknowledgements alone kept piling up), so that no
 * connection makes the server buffer without bound.
 */
export function sendDecision(backlog: number, limit: number): 'send' | 'skip' | 'cut' {
  if (backlog > limit * 4) return 'cut';
  return backlog > limit ? 'skip' : 'send';
}

/** Connections written to in this turn of the event loop, corked until its callbacks have run. */
const corked = new Set<NetSocket>();

function uncorkAll(): void {
  const turn = [...corked];
  corked.clear();
  for (const tcp of turn) tcp.uncork();
}

/**
 * The frames one connection is sent in the same turn of the event loop (a seat's update and its
 * action's confirmation; under load, updates of several tables a client follows) leave in one
 * system call: the TCP socket is corked at the turn's first packet and uncorked once the turn's
 * callbacks have run. A write per frame was a fifth of the server's time in the benchmark.
 */
function coalesceWrites(
  conn: { on(event: 'packetCreate' | 'flush', listener: () => void): unknown },
  tcp: NetSocket,
): void {
  const cork = () => {
    if (corked.has(tcp) || tcp.destroyed) return;
    if (corked.size === 0) setImmediate(uncorkAll);
    tcp.cork();
    corked.add(tcp);
  };
  // A new packet, and the packets that waited for the previous write to finish.
  conn.on('packetCreate', cork);
  conn.on('flush', cork);
}

/** A connection that does not answer a ping within this long is closed. */
const PING_TIMEOUT_MS = 20_000;

/**
 * The socket.io server's settings: WebSocket only, matchbox's JSON encoder, bounded messages, and
 * pings every `pingIntervalMs` (25 s by default: at 10 s the pings and their timers cost a fifth
 * of the transport's CPU per action, docs/server.md "The transport's floor").
 */
export function transportOptions(config: Pick<ServerConfig, 'maxMessageBytes' | 'pingIntervalMs'>) {
  return {
    transports: ['websocket' as const],
    serveClient: false,
    parser: jsonParser,
    maxHttpBufferSize: config.maxMessageBytes,
    pingInterval: config.pingIntervalMs,
    pingTimeout: PING_TIMEOUT_MS,
  };
}

export function createRealtime(
  http: HttpServer,
  service: () => TableService,
  config: ServerConfig,
  log: Logger,
  metrics: Metrics,
): { io: Server; broadcaster: Broadcaster } {
  const io = new Server(http, transportOptions(config));

  const nsp = io.of('/');
  // Each connection's TCP socket is kept apart from the upgrade request, which is dropped: it held
  // a few kilobytes per connection (headers and all) that nothing reads after the handshake.
  io.engine.on('connection', (raw: { request: { socket: NetSocket } | null }) => {
    if (raw.request) tcpOf.set(raw, raw.request.socket);
    raw.request = null;
  });
  const limit = config.sendBufferBytes;
  const backlog = (socket: IoSocket) => backlogOf(socket.conn as never, tcpFor(socket));
  /** Ends a connection that stopped reading: its buffers are dropped at once. */
  const cut = (socket: IoSocket) => {
    metrics.slowDisconnects.inc();
    log.warn({ socket: socket.id, backlog: backlog(socket) }, 'slow_consumer: connection closed');
    socket.disconnect(true);
    tcpFor(socket).destroy();
  };
  /**
   * This node's connections that a former holder of `seat` attached: they leave the seat's channel
   * at once, stop counting as present, and hear `detached`.
   */
  const detachHere = (tableId: string, seat: number, holder: string) => {
    const name = room(tableId, seat, holder);
    const members = nsp.adapter.rooms.get(name);
    if (!members) return;
    for (const id of [...members]) {
      const conn = nsp.sockets.get(id);
      if (!conn) continue;
      const data = conn.data as SocketData;
      const a = data.attached.get(tableId);
      if (a?.seat !== seat || a.holder !== holder) continue;
      data.attached.delete(tableId);
      data.tokens.delete(tableId);
      data.behind.delete(tableId);
      void conn.leave(name);
      void conn.leave(tableRoom(tableId));
      service().connected(tableId, seat, -1);
      conn.emit('detached', {
        tableId,
        seat,
        code: 'seat_changed',
        message: 'This seat is no longer yours: you left it, or it was taken over.',
      });
    }
  };
  // With the in-memory adapter every listener is on this node; another adapter (the cluster's)
  // reaches sockets elsewhere, so there every channel counts as heard.
  const localAdapter = io.of('/').adapter.constructor;
  const clustered = () => io.of('/').adapter.constructor !== localAdapter;
  // Another node detaches its own connections of a seat's former holder.
  io.on('matchbox:detach', (tableId: unknown, seat: unknown, holder: unknown) => {
    if (typeof tableId === 'string' && typeof seat === 'number' && typeof holder === 'string')
      detachHere(tableId, seat, holder);
  });
  const broadcaster: Broadcaster = {
    toViewer(tableId: string, viewer: Viewer, update: TableUpdate, holder: string | null) {
      // A seat nobody holds (open, left, a bot's) has nobody to hear its share.
      if (viewer !== null && holder === null) return;
      const name = room(tableId, viewer, holder);
      const members = nsp.adapter.rooms.get(name);
      // Connections that are behind skip this update (bounded buffers); the rest get it. On one node
      // each member is sent it directly (a seat's channel mostly has one connection, for which a
      // broadcast's bookkeeping costs more than the send).
      const alone = !clustered();
      let skip: string[] | null = null;
      for (const id of members ?? []) {
        const socket = nsp.sockets.get(id);
        if (!socket) continue;
        const decision = sendDecision(backlog(socket), limit);
        if (decision === 'send') {
          if (alone) socket.emit('update', update);
          continue;
        }
        (skip ??= []).push(id);
        if (decision === 'cut') cut(socket);
        else {
          (socket.data as SocketData).behind.add(tableId);
          metrics.updatesSkipped.inc();
        }
      }
      if (!alone) (skip ? io.to(name).except(skip) : io.to(name)).emit('update', update);
    },
    listening(tableId: string, viewer: Viewer, holder: string | null) {
      if (viewer !== null && holder === null) return false;
      return clustered() || (nsp.adapter.rooms.get(room(tableId, viewer, holder))?.size ?? 0) > 0;
    },
    chat(tableId: string, _players: number, line: ChatLine) {
      io.to(tableRoom(tableId)).emit('chat', line);
    },
    detach(tableId: string, seat: number, holder: string) {
      detachHere(tableId, seat, holder);
      if (clustered()) io.serverSideEmit('matchbox:detach', tableId, seat, holder);
    },
  };

  io.on('connection', (socket) => {
    const tcp = tcpFor(socket);
    coalesceWrites(socket.conn, tcp);
    metrics.connections.inc();
    const data: SocketData = {
      attached: new Map(),
      tokens: new Map(),
      behind: new Set(),
      limit: new RateLimit(config.messagesPerSecond),
      chat: new RateLimit(CHAT_RATE, CHAT_BURST),
      hints: new RateLimit(HINT_RATE, 2),
      hinting: false,
    };
    socket.data = data;
    // Once a connection that fell behind has drained, it gets the current update of each table it
    // missed updates of; a client that sees versions skipped asks for the events (hello with since).
    const catchUp = () => {
      if (data.behind.size === 0 || backlog(socket) > limit / 2) return;
      const tables = [...data.behind];
      data.behind.clear();
      for (const tableId of tables) {
        const a = data.attached.get(tableId);
        const update = a === undefined ? null : service().current(tableId, a.seat);
        if (update) socket.emit('update', update);
      }
    };
    tcp.on('drain', catchUp);
    socket.conn.on('drain', catchUp);
    /** Rate limit and backlog: a connection that sends requests but never reads its answers is cut. */
    const admit = (): boolean => {
      if (sendDecision(backlog(socket), limit) === 'cut') {
        cut(socket);
        return false;
      }
      return data.limit.take();
    };
    const refuse = (ack: unknown, code: string, message: string) => {
      metrics.rejected.inc({ code });
      if (typeof ack === 'function') (ack as Reply<unknown>)({ ok: false, error: { code, message } });
    };

    /**
     * Every handler runs behind this: the message's shape is bounded before anything walks it
     * (depth, size: `bounds.ts`), and an error it throws or rejects with becomes `server_error`
     * for the sender and a log line, never an unhandled rejection that stops the process.
     */
    const handle =
      (event: string, run: (raw: unknown, ack: Reply<unknown>) => Promise<unknown> | undefined) =>
      (raw: unknown, ack: unknown) => {
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
      };

    /** A message that names a table this connection holds a seat at: the seat and its holder. */
    const seated = (tableId: string, ack: Reply<unknown>, what: string): Attachment | null => {
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
    };

    /** The seat's holder changed since this connection attached: it is detached here. */
    const lost = (tableId: string, a: Attachment, code: string) => {
      if (code !== 'seat_changed' || data.attached.get(tableId) !== a) return;
      data.attached.delete(tableId);
      data.tokens.delete(tableId);
      void socket.leave(room(tableId, a.seat, a.holder));
      void socket.leave(tableRoom(tableId));
      service().connected(tableId, a.seat, -1);
    };

    // A message of any other name, when it asks for an answer, hears that there is no such message.
    socket.onAny((event: unknown, ...args: unknown[]) => {
      if (typeof event === 'string' && EVENTS.has(event)) return;
      const ack = args.at(-1);
      if (typeof ack !== 'function') return;
      if (!admit()) return refuse(ack, 'rate_limited', 'Too many messages; slow down.');
      refuse(ack, 'unknown_event', `There is no message "${String(event).slice(0, 40)}".`);
    });

    socket.on(
      'hello',
      handle('hello', async (raw, ack) => {
        if (!admit()) return refuse(ack, 'rate_limited', 'Too many messages; slow down.');
        const msg = helloMessage.safeParse(raw);
        if (!msg.success) return refuse(ack, 'invalid_message', zodMessage(msg.error));
        const { tableId, token, since } = msg.data;
        const s = service();
        if (!data.attached.has(tableId) && s.connectionCount(tableId) >= config.connectionsPerTable)
          return refuse(ack, 'table_crowded', 'This table has too many connections.');
        const attached = await s.attach(tableId, token, since);
        if (!attached.ok) return refuse(ack, attached.error.code, attached.error.message);
        const { seat, holder } = attached.value;
        const previous = data.attached.get(tableId);
        // Saying hello again as the same holder (a client catching up) changes no room or presence.
        if (previous?.seat !== seat || previous.holder !== holder) {
          if (previous !== undefined) {
            await socket.leave(room(tableId, previous.seat, previous.holder));
            s.connected(tableId, previous.seat, -1);
          }
          const now: Attachment = { seat, holder };
          data.attached.set(tableId, now);
          await socket.join([room(tableId, seat, holder), tableRoom(tableId)]);
          s.connected(tableId, seat, +1);
        }
        data.tokens.set(tableId, seat === null ? undefined : token);
        // Read after joining the rooms and counting this connection (it shows its own seat as
        // present): the update and the events missed, of one version (see `attach`).
        const now = attached.value.catchUp();
        const reply: HelloAck = { ok: true, update: now.update, missed: now.missed };
        ack(reply);
      }),
    );

    socket.on(
      'act',
      handle('act', async (raw, ack) => {
        if (!admit()) return refuse(ack, 'rate_limited', 'Too many messages; slow down.');
        const msg = actMessage.safeParse(raw);
        if (!msg.success) return refuse(ack, 'invalid_message', zodMessage(msg.error));
        const { tableId, action } = msg.data;
        const a = seated(tableId, ack, 'act');
        if (!a) return;
        const result = await service().act(tableId, a.seat!, action, 'human', a.holder);
        if (!result.ok) {
          lost(tableId, a, result.error.code);
          return refuse(ack, result.error.code, result.error.message);
        }
        (ack as Reply<ActAck>)({ ok: true, version: result.value.version });
      }),
    );

    /** A message from an attached seat that names a table: validated, rate limited, then `run`. */
    const seatMessage = <T>(
      event: string,
      schema: typeof undoMessage,
      run: (
        tableId: string,
        seat: number,
        holder: string | null,
      ) => Promise<{ ok: true; value: T } | { ok: false; error: { code: string; message: string } }>,
    ) =>
      handle(event, async (raw, ack) => {
        if (!admit()) return refuse(ack, 'rate_limited', 'Too many messages; slow down.');
        const msg = schema.safeParse(raw);
        if (!msg.success) return refuse(ack, 'invalid_message', zodMessage(msg.error));
        const { tableId } = msg.data;
        const a = seated(tableId, ack, 'do that');
        if (!a) return;
        const result = await run(tableId, a.seat!, a.holder);
        if (!result.ok) {
          lost(tableId, a, result.error.code);
          return refuse(ack, result.error.code, result.error.message);
        }
        ack({ ok: true, ...(result.value as object) });
      });
    socket.on(
      'undo',
      seatMessage('undo', undoMessage, (tableId, seat, holder) => service().undo(tableId, seat, holder)),
    );
    socket.on(
      'solve',
      seatMessage('solve', solveMessage, (tableId, seat, holder) => service().solve(tableId, seat, holder)),
    );
    const hint = seatMessage('hint', hintMessage, (tableId, seat, holder) =>
      service().hint(tableId, seat, holder),
    );
    socket.on('hint', (raw: unknown, ack: unknown) => {
      if (typeof ack !== 'function') return;
      if (data.hinting) return refuse(ack, 'hint_busy', 'A hint is already being worked out.');
      if (!data.hints.take()) return refuse(ack, 'rate_limited', 'Hints are limited; wait a moment.');
      data.hinting = true;
      // The hint's own answer ends the wait, whatever it was (an error is answered by `handle`).
      hint(raw, (reply: unknown) => {
        data.hinting = false;
        (ack as Reply<unknown>)(reply);
      });
    });

    // Chat: the seat is checked against the token at every line (chat.ts), not the hello's seat.
    socket.on(
      'say',
      handle('say', async (raw, ack) => {
        if (!admit()) return refuse(ack, 'rate_limited', 'Too many messages; slow down.');
        const msg = sayMessage.safeParse(raw);
        if (!msg.success) return refuse(ack, 'invalid_message', zodMessage(msg.error));
        const { tableId, ...input } = msg.data;
        if (!data.attached.has(tableId)) return refuse(ack, 'not_attached', 'Say hello to the table first.');
        if (!data.chat.take()) return refuse(ack, 'rate_limited', 'You are writing fast; wait a moment.');
        const said = await service().chat.say(tableId, data.tokens.get(tableId), input);
        if (!said.ok) return refuse(ack, said.error.code, said.error.message);
        (ack as Reply<SayAck>)({ ok: true, line: said.value });
      }),
    );
    socket.on(
      'chatHistory',
      handle('chatHistory', async (raw, ack) => {
        if (!admit()) return refuse(ack, 'rate_limited', 'Too many messages; slow down.');
        const msg = chatHistoryMessage.safeParse(raw);
        if (!msg.success) return refuse(ack, 'invalid_message', zodMessage(msg.error));
        if (!data.attached.has(msg.data.tableId))
          return refuse(ack, 'not_attached', 'Say hello to the table first.');
        const history = await service().chat.history(msg.data.tableId);
        if (!history.ok) return refuse(ack, history.error.code, history.error.message);
        (ack as Reply<ChatHistoryAck>)({ ok: true, lines: history.value });
      }),
    );

    socket.on('disconnect', () => {
      metrics.connections.dec();
      for (const [tableId, a] of data.attached) service().connected(tableId, a.seat, -1);
      data.attached.clear();
      data.tokens.clear();
    });
  });

  return { io, broadcaster };
}
