/**
 * A hostile client for the server tests: its own socket.io connections and raw HTTP, not the
 * project's client library, so that it can send what that library never would (any event name,
 * any payload, frames the library could not make) and see every message the server sends.
 */
import type { Socket } from 'socket.io-client';
import { io } from 'socket.io-client';
import type { TableDelta, TableUpdate } from '@matchbox/client/wire';
import { applyDelta } from '@matchbox/client/wire';
import { afterEach } from 'vitest';

/** An HTTP answer: the status and the body (JSON when it parses, else the text). */
export interface HttpAnswer {
  readonly status: number;
  readonly body: unknown;
}

/**
 * True when a request failed because the connection it went out on had been closed by the server
 * before any answer: an idle kept-alive connection the server closed after its keep-alive timeout
 * (5 s) while this process, busy, had not yet dropped it from its pool (its own 4 s timer fires
 * late under load). The request never reached the routes, so asking again is safe.
 */
function closedBeforeAnswer(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | null)?.cause;
  return cause?.code === 'UND_ERR_SOCKET';
}

/** One request; `body` a string is sent as it is (malformed JSON too), anything else as JSON. */
export async function http(base: string, method: string, path: string, body?: unknown): Promise<HttpAnswer> {
  const ask = () =>
    fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  // Asked once more on a stale pooled connection; a server that closes the connection on this
  // request itself closes the second one too, and that failure is thrown.
  const response = await ask().catch((error: unknown) => {
    if (closedBeforeAnswer(error)) return ask();
    throw error;
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, body: parsed };
}

/** A message the server sent this connection, in order. */
export interface Heard {
  readonly event: string;
  readonly args: readonly unknown[];
}

export interface RawSocket {
  readonly socket: Socket;
  /** Every message the server pushed (updates, detached notices), in order. */
  readonly heard: Heard[];
  /** Sends `event` with `args` and an acknowledgement: its answer, `timeout` or `disconnected`. */
  ask(event: string, args: readonly unknown[], timeoutMs?: number): Promise<unknown>;
  /** Writes a raw socket.io packet text (the engine.io message frame's payload after its `4`). */
  raw(packet: string): void;
  /**
   * Sends an event as a raw packet text (`["event", ...]` written by hand, so it may be nested
   * deeper than any JSON encoder would go) with acknowledgement `id`: its answer, or `timeout`.
   */
  rawAsk(id: number, body: string, timeoutMs?: number): Promise<unknown>;
  readonly connected: boolean;
  close(): void;
}

/**
 * A WebSocket connection of its own (no reconnection, no shared manager); `from` a 127.x source
 * address to stand for another client, with extra upgrade `headers` (`X-Forwarded-For`).
 */
export async function rawSocket(
  base: string,
  options: { from?: string; headers?: Record<string, string> } = {},
): Promise<RawSocket> {
  const socket = io(base, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 5000,
    ...(options.from ? { localAddress: options.from } : {}),
    ...(options.headers ? { extraHeaders: options.headers } : {}),
  });
  const heard: Heard[] = [];
  // A delta (a hello with `deltas: true`) is heard as it came, then as the update it gives applied
  // to the last one (`delta_unapplied` when it does not apply): every check reads whole updates.
  let last: TableUpdate | null = null;
  socket.onAny((event: string, ...args: unknown[]) => {
    heard.push({ event, args });
    if (event === 'update') last = args[0] as TableUpdate;
    if (event !== 'delta') return;
    const applied = last ? applyDelta(last, args[0] as TableDelta) : null;

    if (applied) last = applied;
    heard.push(applied ? { event: 'update', args: [applied] } : { event: 'delta_unapplied', args });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  // The engine.io socket under socket.io: `4` is its message frame, the rest a socket.io packet.
  const write = (packet: string) =>
    (socket.io.engine as unknown as { write(data: string): void }).write(packet);
  return {
    socket,
    heard,
    ask(event, args, timeoutMs = 3000) {
      return new Promise((resolve) => {
        if (!socket.connected) return resolve('disconnected');
        const timer = setTimeout(() => {
          socket.off('disconnect', gone);
          resolve('timeout');
        }, timeoutMs);
        const gone = () => {
          clearTimeout(timer);
          resolve('disconnected');
        };
        socket.once('disconnect', gone);
        socket.emit(event, ...args, (answer: unknown) => {
          const update = (answer as { update?: TableUpdate } | null)?.update;
          if (event === 'hello' && update && (!last || update.version >= last.version)) last = update;
          clearTimeout(timer);
          socket.off('disconnect', gone);
          resolve(answer);
        });
      });
    },
    rawAsk(id, body, timeoutMs = 3000) {
      const engine = socket.io.engine as unknown as {
        on(event: 'message', listener: (data: unknown) => void): void;
        off(event: 'message', listener: (data: unknown) => void): void;
      };
      return new Promise((resolve) => {
        const prefix = `3${id}`;
        const listener = (data: unknown) => {
          if (typeof data !== 'string' || !data.startsWith(prefix)) return;
          clearTimeout(timer);
          engine.off('message', listener);
          const args = JSON.parse(data.slice(prefix.length)) as unknown[];
          resolve(args[0]);
        };
        const timer = setTimeout(() => {
          engine.off('message', listener);
          resolve(socket.connected ? 'timeout' : 'disconnected');
        }, timeoutMs);
        engine.on('message', listener);
        write(`2${id}${body}`);
      });
    },
    raw: write,
    get connected() {
      return socket.connected;
    },
    close() {
      socket.close();
    },
  };
}

/** A refusal's stable code, or null when the answer is not a refusal. */
export function refusalCode(answer: unknown): string | null {
  const a = answer as { ok?: unknown; error?: { code?: unknown } } | null;
  return a && a.ok === false && typeof a.error?.code === 'string' ? a.error.code : null;
}

/** An HTTP error body's stable code, or null. */
export function httpCode(body: unknown): string | null {
  const b = body as { error?: { code?: unknown } } | null;
  return b && typeof b.error?.code === 'string' ? b.error.code : null;
}

/** A stable code: lower-case words joined by `_`, and never the server's own failure. */
export const STABLE_CODE = /^[a-z]+(_[a-z]+)*$/;

/** The text of an array nested `depth` deep, made without a recursive encoder. */
export const deepArrayText = (depth: number): string => `${'['.repeat(depth)}0${']'.repeat(depth)}`;

/** `value` inside `depth` arrays: `[[[...value...]]]`. */
export function nestedArrays(depth: number, value: unknown = 0): unknown {
  let v: unknown = value;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

/** `value` inside `depth` objects: `{"a":{"a":...}}`. */
export function nestedObjects(depth: number, value: unknown = 0): unknown {
  let v: unknown = value;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

/**
 * A test file's raw sockets (`rawSocket`), each closed after the test that opened it: connect
 * with `connect(base, from?, headers?)`.
 */
export function socketsClosedAfterEach(): (
  base: string,
  from?: string,
  headers?: Record<string, string>,
) => Promise<RawSocket> {
  const opened: RawSocket[] = [];
  afterEach(() => {
    for (const s of opened.splice(0)) s.close();
  });
  return async (base, from = '127.0.0.1', headers) => {
    const s = await rawSocket(base, { from, ...(headers ? { headers } : {}) });
    opened.push(s);
    return s;
  };
}

/** A MatchMaster table of two people, Ada who made it and Bob who joined: its id and both seat tokens. */
export async function twoSeatTable(base: string): Promise<{ id: string; tokens: string[] }> {
  const made = (
    await http(base, 'POST', '/api/tables', {
      game: 'matchmaster',
      players: 2,
      name: 'Ada',
      seats: [{ kind: 'open' }, { kind: 'open' }],
    })
  ).body as { table: { id: string }; invite: string; ticket: { token: string } };
  const joined = (
    await http(base, 'POST', `/api/tables/${made.table.id}/join`, { name: 'Bob', invite: made.invite })
  ).body as { token: string };
  return { id: made.table.id, tokens: [made.ticket.token, joined.token] };
}
