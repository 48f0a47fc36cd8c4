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
import { jsonParser } from './wire-parser.ts';

const room = (tableId: string, viewer: Viewer) => `t:${tableId}:${viewer === null ? 'spectators' : viewer}`;

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
  /** table id -> the seat this connection holds there (null: spectator). */
  attached: Map<string, Viewer>;
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

export function createRealtime(
  http: HttpServer,
  service: () => TableService,
  config: ServerConfig,
  log: Logger,
  metrics: Metrics,
): { io: Server; broadcaster: Broadcaster } {
  const io = new Server(http, {
    transports: ['websocket'],
    serveClient: false,
    parser: jsonParser,
    maxHttpBufferSize: config.maxMessageBytes,
    pingInterval: 10_000,
    pingTimeout: 8_000,
  });

  // With the in-memory adapter every listener is on this node; another adapter (the cluster's)
  // reaches sockets elsewhere, so there every channel counts as heard.
  const localAdapter = io.of('/').adapter.constructor;
  const nsp = io.of('/');
  const limit = config.sendBufferBytes;
  const backlog = (socket: IoSocket) => backlogOf(socket.conn as never, socket.request.socket);
  /** Ends a connection that stopped reading: its buffers are dropped at once. */
  const cut = (socket: IoSocket) => {
    metrics.slowDisconnects.inc();
    log.warn({ socket: socket.id, backlog: backlog(socket) }, 'slow_consumer: connection closed');
    socket.disconnect(true);
    socket.request.socket.destroy();
  };
  const broadcaster: Broadcaster = {
    toViewer(tableId: string, viewer: Viewer, update: TableUpdate) {
      const name = room(tableId, viewer);
      // Connections that are behind skip this update (bounded buffers); the rest get it.
      let skip: string[] | null = null;
      for (const id of nsp.adapter.rooms.get(name) ?? []) {
        const socket = nsp.sockets.get(id);
        if (!socket) continue;
        const decision = sendDecision(backlog(socket), limit);
        if (decision === 'send') continue;
        (skip ??= []).push(id);
        if (decision === 'cut') cut(socket);
        else {
          (socket.data as SocketData).behind.add(tableId);
          metrics.updatesSkipped.inc();
        }
      }
      (skip ? io.to(name).except(skip) : io.to(name)).emit('update', update);
    },
    chat(tableId: string, players: number, line: ChatLine) {
      const rooms = Array.from({ length: players }, (_, seat) => room(tableId, seat));
      io.to([...rooms, room(tableId, null)]).emit('chat', line);
    },
    leaveSeat(tableId: string, seat: number) {
      io.in(room(tableId, seat)).socketsLeave(room(tableId, seat));
    },
    listening(tableId: string, viewer: Viewer) {
      const adapter = io.of('/').adapter;
      return (
        adapter.constructor !== localAdapter || (adapter.rooms.get(room(tableId, viewer))?.size ?? 0) > 0
      );
    },
  };

  io.on('connection', (socket) => {
    const tcp = socket.request.socket;
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
        const seat = data.attached.get(tableId);
        const update = seat === undefined ? null : service().current(tableId, seat);
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

    socket.on('hello', async (raw: unknown, ack: unknown) => {
      if (typeof ack !== 'function') return;
      if (!admit()) return refuse(ack, 'rate_limited', 'Too many messages; slow down.');
      const msg = helloMessage.safeParse(raw);
      if (!msg.success) return refuse(ack, 'invalid_message', zodMessage(msg.error));
      const { tableId, token, since } = msg.data;
      try {
        const s = service();
        if (!data.attached.has(tableId) && s.connectionCount(tableId) >= config.connectionsPerTable)
          return refuse(ack, 'table_crowded', 'This table has too many connections.');
        const attached = await s.attach(tableId, token, since);
        if (!attached.ok) return refuse(ack, attached.error.code, attached.error.message);
        const previous = data.attached.get(tableId);
        // Saying hello again as the same seat (a client catching up) changes no room or presence.
        if (previous !== attached.value.seat) {
          if (previous !== undefined) {
            await socket.leave(room(tableId, previous));
            s.connected(tableId, previous, -1);
          }
          data.attached.set(tableId, attached.value.seat);
          data.tokens.set(tableId, attached.value.seat === null ? undefined : token);
          await socket.join(room(tableId, attached.value.seat));
          s.connected(tableId, attached.value.seat, +1);
        }
        // The update after counting this connection, so that it shows its own seat as present.
        const update = s.current(tableId, attached.value.seat) ?? attached.value.update;
        const reply: HelloAck = { ok: true, update, missed: attached.value.missed };
        (ack as Reply<HelloAck>)(reply);
      } catch (error) {
        log.error({ err: error }, 'hello failed');
        refuse(ack, 'server_error', 'Something went wrong on the server.');
      }
    });

    socket.on('act', async (raw: unknown, ack: unknown) => {
      if (typeof ack !== 'function') return;
      if (!admit()) return refuse(ack, 'rate_limited', 'Too many messages; slow down.');
      const msg = actMessage.safeParse(raw);
      if (!msg.success) return refuse(ack, 'invalid_message', zodMessage(msg.error));
      const seat = data.attached.get(msg.data.tableId);
      if (seat === undefined) return refuse(ack, 'not_attached', 'Say hello to the table first.');
      if (seat === null) return refuse(ack, 'spectator', 'Spectators cannot act.');
      try {
        const result = await service().act(msg.data.tableId, seat, msg.data.action, 'human');
        if (!result.ok) return refuse(ack, result.error.code, result.error.message);
        (ack as Reply<ActAck>)({ ok: true, version: result.value.version });
      } catch (error) {
        log.error({ err: error }, 'act failed');
        refuse(ack, 'server_error', 'Something went wrong on the server.');
      }
    });

    /** A message from an attached seat that names a table: validated, rate limited, then `run`. */
    const seatMessage =
      <T>(
        schema: typeof undoMessage,
        run: (
          tableId: string,
          seat: number,
        ) => Promise<{ ok: true; value: T } | { ok: false; error: { code: string; message: string } }>,
      ) =>
      async (raw: unknown, ack: unknown) => {
        if (typeof ack !== 'function') return;
        if (!admit()) return refuse(ack, 'rate_limited', 'Too many messages; slow down.');
        const msg = schema.safeParse(raw);
        if (!msg.success) return refuse(ack, 'invalid_message', zodMessage(msg.error));
        const seat = data.attached.get(msg.data.tableId);
        if (seat === undefined) return refuse(ack, 'not_attached', 'Say hello to the table first.');
        if (seat === null) return refuse(ack, 'spectator', 'Spectators cannot do that.');
        try {
          const result = await run(msg.data.tableId, seat);
          if (!result.ok) return refuse(ack, result.error.code, result.error.message);
          (ack as Reply<unknown>)({ ok: true, ...(result.value as object) });
        } catch (error) {
          log.error({ err: error }, 'request failed');
          refuse(ack, 'server_error', 'Something went wrong on the server.');
        }
      };
    socket.on(
      'undo',
      seatMessage(undoMessage, (tableId, seat) => service().undo(tableId, seat)),
    );
    socket.on(
      'solve',
      seatMessage(solveMessage, (tableId, seat) => service().solve(tableId, seat)),
    );
    const hint = seatMessage(hintMessage, (tableId, seat) => service().hint(tableId, seat));
    socket.on('hint', async (raw: unknown, ack: unknown) => {
      if (typeof ack !== 'function') return;
      if (data.hinting) return refuse(ack, 'hint_busy', 'A hint is already being worked out.');
      if (!data.hints.take()) return refuse(ack, 'rate_limited', 'Hints are limited; wait a moment.');
      data.hinting = true;
      try {
        await hint(raw, ack);
      } finally {
        data.hinting = false;
      }
    });

    // Chat: the seat is checked against the token at every line (chat.ts), not the hello's seat.
    socket.on('say', async (raw: unknown, ack: unknown) => {
      if (typeof ack !== 'function') return;
      if (!admit()) return refuse(ack, 'rate_limited', 'Too many messages; slow down.');
      const msg = sayMessage.safeParse(raw);
      if (!msg.success) return refuse(ack, 'invalid_message', zodMessage(msg.error));
      const { tableId, ...input } = msg.data;
      if (!data.attached.has(tableId)) return refuse(ack, 'not_attached', 'Say hello to the table first.');
      if (!data.chat.take()) return refuse(ack, 'rate_limited', 'You are writing fast; wait a moment.');
      try {
        const said = await service().chat.say(tableId, data.tokens.get(tableId), input);
        if (!said.ok) return refuse(ack, said.error.code, said.error.message);
        (ack as Reply<SayAck>)({ ok: true, line: said.value });
      } catch (error) {
        log.error({ err: error }, 'say failed');
        refuse(ack, 'server_error', 'Something went wrong on the server.');
      }
    });
    socket.on('chatHistory', async (raw: unknown, ack: unknown) => {
      if (typeof ack !== 'function') return;
      if (!admit()) return refuse(ack, 'rate_limited', 'Too many messages; slow down.');
      const msg = chatHistoryMessage.safeParse(raw);
      if (!msg.success) return refuse(ack, 'invalid_message', zodMessage(msg.error));
      if (!data.attached.has(msg.data.tableId))
        return refuse(ack, 'not_attached', 'Say hello to the table first.');
      try {
        const history = await service().chat.history(msg.data.tableId);
        if (!history.ok) return refuse(ack, history.error.code, history.error.message);
        (ack as Reply<ChatHistoryAck>)({ ok: true, lines: history.value });
      } catch (error) {
        log.error({ err: error }, 'chat history failed');
        refuse(ack, 'server_error', 'Something went wrong on the server.');
      }
    });

    socket.on('disconnect', () => {
      metrics.connections.dec();
      for (const [tableId, seat] of data.attached) service().connected(tableId, seat, -1);
      data.attached.clear();
      data.tokens.clear();
    });
  });

  return { io, broadcaster };
}
