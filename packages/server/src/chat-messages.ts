/**
 * The chat's client messages. The seat is checked against the token at every line (chat.ts), not
 * the hello's seat.
 */
import type { ChatHistoryAck, SayAck } from '@matchbox/client/wire';
import { chatHistoryMessage, sayMessage } from '@matchbox/client/wire';
import type { Connection, Listener, Reply } from './connection.ts';
import { zodMessage } from './tables.ts';

/** A chat line from a connection attached to the table, rate limited by seat and table (chat.ts). */
export const say = (conn: Connection): Listener =>
  conn.handle('say', async (raw, ack) => {
    if (!conn.admit()) return conn.refuse(ack, 'rate_limited', 'Too many messages; slow down.');
    const msg = sayMessage.safeParse(raw);
    if (!msg.success) return conn.refuse(ack, 'invalid_message', zodMessage(msg.error));
    const { tableId, ...input } = msg.data;
    const { data } = conn;
    if (!data.attached.has(tableId)) return conn.refuse(ack, 'not_attached', 'Say hello to the table first.');
    // The chat limits each seat, and the table's spectators together, whatever the connections.
    const said = await conn
      .service()
      .chat.say(
        tableId,
        data.tokens.get(tableId),
        { ...input, session: data.session },
        conn.speakerAt(tableId),
      );
    if (!said.ok) return conn.refuse(ack, said.error.code, said.error.message);
    (ack as Reply<SayAck>)({ ok: true, line: said.value });
  });

/** The table's recent chat lines, for a connection attached to it. */
export const chatHistory = (conn: Connection): Listener =>
  conn.handle('chatHistory', async (raw, ack) => {
    if (!conn.admit()) return conn.refuse(ack, 'rate_limited', 'Too many messages; slow down.');
    const msg = chatHistoryMessage.safeParse(raw);
    if (!msg.success) return conn.refuse(ack, 'invalid_message', zodMessage(msg.error));
    if (!conn.data.attached.has(msg.data.tableId))
      return conn.refuse(ack, 'not_attached', 'Say hello to the table first.');
    const history = await conn.service().chat.history(msg.data.tableId);
    if (!history.ok) return conn.refuse(ack, history.error.code, history.error.message);
    (ack as Reply<ChatHistoryAck>)({ ok: true, lines: history.value });
  });
