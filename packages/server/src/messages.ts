/**
 * One handler per client message (`MESSAGES`): each validates its payload with the wire's zod
 * schema, takes the connection's rate limit, and answers through the acknowledgement callback.
 * The connection's state and shared helpers are in `connection.ts`; chat's handlers in
 * `chat-messages.ts`.
 */
import type { ActAck, HelloAck } from '@matchbox/client/wire';
import {
  BROWSER_ID_PATTERN,
  actMessage,
  backMessage,
  helloMessage,
  hintMessage,
  solveMessage,
  undoMessage,
} from '@matchbox/client/wire';
import type { Attachment, Connection, Listener, Reply } from './connection.ts';
import { reviewSeats, room, tableRoom } from './connection.ts';
import { zodMessage } from './tables.ts';
import type { Outcome } from './outcome.ts';
import { chatHistory, say } from './chat-messages.ts';
import { HINT_BURST, HINT_RATE, RateLimit } from './rate-limit.ts';

/** Whether a message carries a `browser` field that is not a browser id. */
const badBrowser = (raw: unknown): boolean => {
  const browser = (raw as { browser?: unknown } | null)?.browser;
  return browser !== undefined && !(typeof browser === 'string' && BROWSER_ID_PATTERN.test(browser));
};

/** Makes the listener of one client message for one connection. */
export type MessageHandler = (conn: Connection) => Listener;

/**
 * Attaches the connection to the seat the token holds (or as a spectator) and catches it up. Seats
 * before spectators: a hello whose token holds a seat (a reconnect, a catch-up) is never refused by
 * a limit; one without a token takes from the connection's message bucket and its address's
 * spectator hellos (admission.ts), is refused on a table with `SPECTATORS_PER_TABLE` spectators
 * on all nodes together (`table_crowded`, spectator-places.ts), and closes a connection on probation
 * (admission.ts: past its address's limit of connections without a seat).
 */
export const hello: MessageHandler = (conn) =>
  conn.handle('hello', async (raw, ack) => {
    const msg = helloMessage.safeParse(raw);
    const within = conn.admit();
    if (!msg.success) {
      if (!within) return conn.refuse(ack, 'rate_limited', 'Too many messages; slow down.');
      if (badBrowser(raw))
        return conn.refuse(ack, 'bad_browser_id', 'browser must be 16 to 64 letters, digits, "_" or "-".');
      return conn.refuse(ack, 'invalid_message', zodMessage(msg.error));
    }
    const { tableId, token, since, browser, deltas } = msg.data;
    const { data, socket } = conn;
    if (browser !== undefined) data.browser = browser;
    const s = conn.service();
    if (token === undefined) {
      if (!within) return conn.refuse(ack, 'rate_limited', 'Too many messages; slow down.');
      if (!conn.admission.mayHelloToWatch(socket)) {
        conn.slowDown();
        return conn.refuse(ack, 'rate_limited', 'Too many messages; slow down.');
      }
      if (!conn.admission.mayWatch(socket)) {
        conn.refuse(ack, 'too_many_connections', 'Too many connections from your address.');
        socket.disconnect(true); // after the answer, which is written first
        return;
      }
      // A place at the table, on every node together (kept while it watches this table).
      if (!(await conn.places.take(tableId, socket.id)))
        return conn.refuse(ack, 'table_crowded', 'This table has too many spectators.');
    }
    const attached = await s.attach(tableId, token, since);
    const previous = data.attached.get(tableId);
    if (!attached.ok) {
      if (previous?.seat !== null) conn.places.leave(tableId, socket.id);
      if (!within) return conn.refuse(ack, 'rate_limited', 'Too many messages; slow down.');
      return conn.refuse(ack, attached.error.code, attached.error.message);
    }
    const { seat, holder } = attached.value;
    // Closed meanwhile: its disconnect handler has run, so its place is given back here.
    if (!socket.connected && previous?.seat !== null) return conn.places.leave(tableId, socket.id);
    // The full update of this answer is where deltas start from (a hello without `deltas` ends
    // them); set before joining, so that the table keeps a base for this viewer from then on.
    if (deltas === true) data.deltas.add(tableId);
    else data.deltas.delete(tableId);
    // Saying hello again as the same holder (a client catching up) changes no room or presence.
    if (previous?.seat !== seat || previous.holder !== holder) {
      if (previous !== undefined) {
        await socket.leave(room(tableId, previous.seat, previous.holder));
        s.connected(tableId, previous.seat, -1);
      }
      if (seat !== null) conn.places.leave(tableId, socket.id);
      const now: Attachment = { seat, holder };
      data.attached.set(tableId, now);
      await socket.join([room(tableId, seat, holder), tableRoom(tableId)]);
      s.connected(tableId, seat, +1);
      reviewSeats(conn.admission, socket, data);
      if (seat !== null) makeRoomAtSeat(conn, room(tableId, seat, holder));
    }
    data.tokens.set(tableId, seat === null ? undefined : token);
    // Read after joining the rooms and counting this connection (it shows its own seat as
    // present): the update and the events missed, of one version (see `attach`).
    const now = attached.value.catchUp();
    if (deltas === true) s.anchorDelta(tableId, seat, now.update);
    const reply: HelloAck = { ok: true, update: now.update, missed: now.missed };
    ack(reply);
  });

/**
 * A seat's connections on this node beyond `CONNECTIONS_PER_SEAT`: the oldest are closed, so the
 * newest (the device the person uses now) always gets in.
 */
function makeRoomAtSeat(conn: Connection, seatRoom: string): void {
  const members = conn.socket.nsp.adapter.rooms.get(seatRoom);
  if (!members) return;
  let excess = members.size - conn.config.connectionsPerSeat;
  for (const id of [...members]) {
    if (excess <= 0) break;
    if (id === conn.socket.id) continue;
    conn.socket.nsp.sockets.get(id)?.disconnect(true);
    excess--;
  }
}

/** A seat's move. */
export const act: MessageHandler = (conn) =>
  conn.handle('act', async (raw, ack) => {
    if (!conn.admit()) return conn.refuse(ack, 'rate_limited', 'Too many messages; slow down.');
    const msg = actMessage.safeParse(raw);
    if (!msg.success) return conn.refuse(ack, 'invalid_message', zodMessage(msg.error));
    const { tableId, action } = msg.data;
    const a = conn.seated(tableId, ack, 'act');
    if (!a) return;
    const result = await conn.service().act(tableId, a.seat!, action, 'human', a.holder);
    if (!result.ok) {
      conn.lost(tableId, a, result.error.code);
      return conn.refuse(ack, result.error.code, result.error.message);
    }
    (ack as Reply<ActAck>)({ ok: true, version: result.value.version });
  });

type SeatResult<T> = Outcome<T>;

/** A message from an attached seat that names a table: validated, rate limited, then `run`. */
const seatMessage =
  <T>(
    event: string,
    schema: typeof undoMessage,
    run: (conn: Connection, tableId: string, seat: number, holder: string | null) => Promise<SeatResult<T>>,
  ): MessageHandler =>
  (conn) =>
    conn.handle(event, async (raw, ack) => {
      if (!conn.admit()) return conn.refuse(ack, 'rate_limited', 'Too many messages; slow down.');
      const msg = schema.safeParse(raw);
      if (!msg.success) return conn.refuse(ack, 'invalid_message', zodMessage(msg.error));
      const { tableId } = msg.data;
      const a = conn.seated(tableId, ack, 'do that');
      if (!a) return;
      const result = await run(conn, tableId, a.seat!, a.holder);
      if (!result.ok) {
        conn.lost(tableId, a, result.error.code);
        return conn.refuse(ack, result.error.code, result.error.message);
      }
      ack({ ok: true, ...(result.value as object) });
    });

/** Takes back the seat's last move. */
export const undo = seatMessage('undo', undoMessage, (conn, tableId, seat, holder) =>
  conn.service().undo(tableId, seat, holder),
);

/** Takes the seat back from the stand-in bot that plays for its person (stand-ins.ts). */
export const back = seatMessage('back', backMessage, (conn, tableId, seat, holder) =>
  conn.service().back(tableId, seat, holder),
);

/** Finishes a solitaire the seat can no longer lose. */
export const solve = seatMessage('solve', solveMessage, (conn, tableId, seat, holder) =>
  conn.service().solve(tableId, seat, holder),
);

const askHint = seatMessage('hint', hintMessage, (conn, tableId, seat, holder) =>
  conn.service().hint(tableId, seat, holder),
);

/**
 * A bot's advice for the seat: one at a time per connection, and rate limited on its own (a hint
 * costs a bot search: about one every two seconds). The bucket is the listener's, made with it
 * when the connection first asks (realtime.ts), so connections that never ask hold none.
 */
export const hint: MessageHandler = (conn) => {
  const ask = askHint(conn);
  const hints = new RateLimit(HINT_RATE, HINT_BURST);
  let hinting = false;
  return (raw, ack) => {
    if (typeof ack !== 'function') return;
    if (hinting) return conn.refuse(ack, 'hint_busy', 'A hint is already being worked out.');
    if (!hints.take()) return conn.refuse(ack, 'rate_limited', 'Hints are limited; wait a moment.');
    hinting = true;
    // The hint's own answer ends the wait, whatever it was (an error is answered by `handle`).
    ask(raw, (reply: unknown) => {
      hinting = false;
      (ack as Reply<unknown>)(reply);
    });
  };
};

/** Every message a client may send; any other gets `unknown_event`. */
export const MESSAGES: Readonly<Record<string, MessageHandler>> = {
  hello,
  act,
  undo,
  back,
  solve,
  hint,
  say,
  chatHistory,
};
