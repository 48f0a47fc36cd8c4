/**
 * The real-time layer on socket.io (WebSocket transport only): a thin room layer with one room per
 * table seat and one for its spectators. This is the one place where game data is sent to a
 * socket, and it sends only `TableUpdate`s made per viewer by the table (views and events filtered
 * by the engine for that viewer).
 */
import { randomBytes } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import type { Socket as NetSocket } from 'node:net';
import type { Viewer } from '@matchbox/engine';
import type { ChatLine, TableDelta } from '@matchbox/client/wire';
import type { Logger } from 'pino';
import type { Socket as IoSocket } from 'socket.io';
import { Server } from 'socket.io';
import type { ServerConfig } from './config.ts';
import type { Metrics } from './metrics.ts';
import type { Broadcaster, TableService } from './tables.ts';
import { eventFrame, jsonParser } from './wire-parser.ts';
import { Admission } from './admission.ts';
import { trustedProxies } from './client-address.ts';
import type { ConnectionDeps, SocketData } from './connection.ts';
import { connectionOf, newSocketData, reviewSeats, room, tableRoom } from './connection.ts';
import { MESSAGES } from './messages.ts';
import type { SpectatorPlaces } from './spectator-places.ts';
import { MemoryPlaces } from './spectator-places.ts';
import { SESSION_COOKIE } from './accounts.ts';

/** Each engine.io connection's TCP socket (its upgrade request is not kept). */
const tcpOf = new WeakMap<object, NetSocket>();

/** Each engine.io connection's peer address and `X-Forwarded-For`, read from its upgrade request. */
const peerOf = new WeakMap<object, { address: string | undefined; forwardedFor: string | undefined }>();

/** The TCP socket under a socket.io connection. */
export const tcpFor = (socket: IoSocket): NetSocket => tcpOf.get(socket.conn)!;

/** Each engine.io connection's session token (the member's cookie), when its upgrade carried one. */
const sessionOf = new WeakMap<object, string>();

/** The session token in a Cookie header, bounded. */
function sessionIn(cookie: string | undefined): string | undefined {
  if (!cookie || cookie.length > 8192) return undefined;
  const found = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([A-Za-z0-9_-]{16,200})`).exec(cookie);
  return found?.[1];
}

/**
 * Bytes waiting to be written to a connection: in its TCP socket's buffer (a peer that does not
 * read leaves them there once the kernel's buffers are full) and in engine.io's queue of packets
 * waiting for the previous write to finish.
 */
export function backlogOf(
  conn: {
    writeBuffer?: readonly { data?: unknown; options?: { wsPreEncodedFrame?: readonly Buffer[] } }[];
  },
  tcp: NetSocket,
): number {
  let bytes = tcp.writableLength;
  for (const p of conn.writeBuffer ?? []) {
    if (typeof p.data === 'string') bytes += p.data.length;
    // A frame made beforehand (`eventFrame`), written as it is.
    for (const b of p.options?.wsPreEncodedFrame ?? []) bytes += b.length;
  }
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

/** The socket.io server, its broadcaster, and the handlers of every client message. */
export function createRealtime(
  http: HttpServer,
  service: () => TableService,
  config: ServerConfig,
  log: Logger,
  metrics: Metrics,
  speakerKey: Buffer = randomBytes(32),
  places: SpectatorPlaces = new MemoryPlaces(config.spectatorsPerTable),
): { io: Server; broadcaster: Broadcaster } {
  const io = new Server(http, transportOptions(config));
  // Each connection's TCP socket is kept apart from the upgrade request, which is dropped: it held
  // a few kilobytes per connection (headers and all) that nothing reads after the handshake.
  io.engine.on(
    'connection',
    (raw: {
      request: { socket: NetSocket; headers: Record<string, string | string[] | undefined> } | null;
    }) => {
      if (raw.request) {
        tcpOf.set(raw, raw.request.socket);
        const forwarded = raw.request.headers['x-forwarded-for'];
        peerOf.set(raw, {
          address: raw.request.socket.remoteAddress,
          forwardedFor: Array.isArray(forwarded) ? forwarded.join(',') : forwarded,
        });
        // A member's session, so that a member watching may write under the account's name.
        const cookie = raw.request.headers['cookie'];
        const session = sessionIn(typeof cookie === 'string' ? cookie : undefined);
        if (session) sessionOf.set(raw, session);
      }
      raw.request = null;
    },
  );
  const limit = config.sendBufferBytes;
  const deps: ConnectionDeps = {
    service,
    config,
    log,
    metrics,
    backlog: (socket) => backlogOf(socket.conn as never, tcpFor(socket)),
    cut(socket) {
      metrics.slowDisconnects.inc();
      log.warn({ socket: socket.id, backlog: deps.backlog(socket) }, 'slow_consumer: connection closed');
      socket.disconnect(true);
      tcpFor(socket).destroy();
    },
    decide: (backlog) => sendDecision(backlog, limit),
    pause(socket, ms) {
      const tcp = tcpFor(socket);
      if (tcp.isPaused()) return;
      tcp.pause();
      setTimeout(() => tcp.resume(), ms).unref();
    },
    speakerKey,
    admission: new Admission(
      config.connectionsPerAddress,
      trustedProxies(config.trustedProxies),
      config.watchHellosPerAddress,
    ),
    places,
  };
  const broadcaster = createBroadcaster(io, deps);
  io.on('connection', (socket) => openConnection(socket, deps));
  return { io, broadcaster };
}

/**
 * The broadcaster the tables send through: per-viewer updates to each seat's and the spectators'
 * channel (skipping connections that are behind), chat lines, and detaching a seat's former holder.
 */
function createBroadcaster(io: Server, deps: ConnectionDeps): Broadcaster {
  const { service, metrics, backlog, cut, decide } = deps;
  const nsp = io.of('/');
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
      data.deltas.delete(tableId);
      void conn.leave(name);
      void conn.leave(tableRoom(tableId));
      service().connected(tableId, seat, -1);
      reviewSeats(deps.admission, conn, data);
      conn.emit('detached', {
        tableId,
        seat,
        code: 'seat_changed',
        message: 'This seat is no longer yours: you left it, or it was taken over.',
      });
    }
  };
  // With the in-memory adapter every connection is on this node; another adapter (the cluster's)
  // reaches sockets elsewhere, for chat lines and hand-overs.
  const localAdapter = nsp.adapter.constructor;
  const clustered = () => io.of('/').adapter.constructor !== localAdapter;
  // Another node detaches its own connections of a seat's former holder.
  io.on('matchbox:detach', (tableId: unknown, seat: unknown, holder: unknown) => {
    if (typeof tableId === 'string' && typeof seat === 'number' && typeof holder === 'string')
      detachHere(tableId, seat, holder);
  });
  return {
    // Updates go to this node's connections only: every node makes its own connections' updates
    // (in a cluster, from the commit notices: cluster.ts), so none crosses Redis. A seat's channel
    // mostly has one connection, for which a broadcast's bookkeeping costs more than the send.
    toViewer(tableId, viewer, update, holder, delta) {
      // A seat nobody holds (open, left, a bot's) has nobody to hear its share.
      if (viewer !== null && holder === null) return false;
      const members = nsp.adapter.rooms.get(room(tableId, viewer, holder));
      // Connections that are behind skip this update (bounded buffers); the rest get it. A
      // connection that takes deltas gets one (made once for all of them) when this update brings
      // a move it has the version before of.
      let deltas = false;
      let made: TableDelta | null | undefined;
      // Each is framed once, for the first connection it goes to.
      let updateFrame: Buffer | undefined;
      let deltaFrame: Buffer | undefined;
      for (const id of members ?? []) {
        const socket = nsp.sockets.get(id);
        if (!socket) continue;
        const data = socket.data as SocketData;
        const decision = decide(backlog(socket));
        if (decision === 'send') {
          const wants = data.deltas.has(tableId);
          deltas ||= wants;
          // One that fell behind missed an update: it gets full ones until it has caught up.
          if (wants && delta && !data.behind.has(tableId) && (made ??= delta())) {
            if (!framed(socket)) socket.emit('delta', made);
            else writeFrame(socket, (deltaFrame ??= eventFrame('delta', made)));
          } else if (!framed(socket)) socket.emit('update', update);
          else writeFrame(socket, (updateFrame ??= eventFrame('update', update)));
        } else if (decision === 'cut') cut(socket);
        else {
          data.behind.add(tableId);
          metrics.updatesSkipped.inc();
        }
      }
      return deltas;
    },
    listening(tableId: string, viewer: Viewer, holder: string | null) {
      if (viewer !== null && holder === null) return false;
      return (nsp.adapter.rooms.get(room(tableId, viewer, holder))?.size ?? 0) > 0;
    },
    chat(tableId: string, _players: number, line: ChatLine) {
      io.to(tableRoom(tableId)).emit('chat', line);
    },
    detach(tableId: string, seat: number, holder: string) {
      detachHere(tableId, seat, holder);
      if (clustered()) io.serverSideEmit('matchbox:detach', tableId, seat, holder);
    },
  };
}

/** What `writeFrame` uses of socket.io's client under a connection (its adapters' own path). */
interface EngineClient {
  readonly conn: {
    readonly readyState: string;
    readonly transport: { _canSendPreEncodedFrame?(packet: object): boolean };
  };
  writeToEngine(packets: readonly string[], opts: { wsPreEncodedFrame: readonly Buffer[] }): void;
}

const PROBE = { options: { wsPreEncodedFrame: [] } };

/**
 * Whether Engine.IO writes a frame made beforehand (`eventFrame`) to this connection as it is: its
 * transport is a WebSocket without compression (every connection here: matchbox takes no other).
 */
function framed(socket: IoSocket): boolean {
  const client = socket.client as unknown as EngineClient;
  return client.conn.transport._canSendPreEncodedFrame?.(PROBE) === true;
}

/**
 * Sends a frame made by `eventFrame` (to a connection that takes one: `framed`): what
 * `socket.emit(event, payload)` sends, through the path socket.io's adapter takes for a broadcast.
 * No listener of outgoing packets, flag or connection state recovery is in use here, which `emit`
 * would apply.
 */
function writeFrame(socket: IoSocket, frame: Buffer): void {
  const client = socket.client as unknown as EngineClient;
  if (client.conn.readyState !== 'open') return;
  // The packet's text is not made: the frame is all that is written.
  client.writeToEngine([''], { wsPreEncodedFrame: [frame] });
}

/**
 * A new connection: its writes coalesced, its state, a catch-up once it drains after falling
 * behind, a listener per client message (`MESSAGES`), and its presence counted off when it goes.
 */
function openConnection(socket: IoSocket, deps: ConnectionDeps): void {
  const { service, metrics, backlog } = deps;
  const tcp = tcpFor(socket);
  coalesceWrites(socket.conn, tcp);
  metrics.connections.inc();
  const data = newSocketData(deps.config);
  data.session = sessionOf.get(socket.conn);
  socket.data = data;
  const peer = peerOf.get(socket.conn);
  deps.admission.open(socket, peer?.address, peer?.forwardedFor);
  // Once a connection that fell behind has drained, it gets the current update of each table it
  // missed updates of; a client that sees versions skipped asks for the events (hello with since).
  const catchUp = () => {
    if (data.behind.size === 0 || backlog(socket) > deps.config.sendBufferBytes / 2) return;
    const tables = [...data.behind];
    data.behind.clear();
    for (const tableId of tables) {
      const a = data.attached.get(tableId);
      const update = a === undefined ? null : service().current(tableId, a.seat);
      if (!update) continue;
      if (data.deltas.has(tableId)) service().anchorDelta(tableId, a!.seat, update);
      socket.emit('update', update);
    }
  };
  tcp.on('drain', catchUp);
  socket.conn.on('drain', catchUp);
  const conn = connectionOf(socket, data, deps);

  // A message's listener is made the first time the connection sends it (socket.io calls this
  // before the message's own listeners): a seat's connection sends `hello` and `act`, and the
  // listeners of the other messages, their closures and buckets (a hint's) would be held by every
  // connection for nothing. A message of any other name, when it asks for an answer, hears that
  // there is no such message.
  socket.onAny((event: unknown, ...args: unknown[]) => {
    if (typeof event === 'string' && Object.hasOwn(MESSAGES, event)) {
      if (socket.listenerCount(event) === 0) socket.on(event, MESSAGES[event]!(conn));
      return;
    }
    const ack = args.at(-1);
    if (typeof ack !== 'function') return;
    if (!conn.admit()) return conn.refuse(ack, 'rate_limited', 'Too many messages; slow down.');
    conn.refuse(ack, 'unknown_event', `There is no message "${String(event).slice(0, 40)}".`);
  });

  socket.on('disconnect', () => {
    metrics.connections.dec();
    deps.admission.close(socket);
    for (const [tableId, a] of data.attached) {
      service().connected(tableId, a.seat, -1);
      if (a.seat === null) deps.places.leave(tableId, socket.id);
    }
    data.attached.clear();
    data.tokens.clear();
    data.deltas.clear();
  });
}
