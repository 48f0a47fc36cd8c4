/**
 * socket.io's packet encoding without its search for binary attachments. matchbox sends only
 * plain JSON data (updates and replies), so every packet is one text frame: exactly the text the
 * default encoder writes for a packet without binary, without walking every update's objects to
 * look for buffers first (a few percent of the server's time under load). Clients keep the
 * default parser; what they send is read by the default decoder.
 */
import type { Packet } from 'socket.io-parser';
import { Decoder, PacketType } from 'socket.io-parser';
import { writeJson } from './json-bytes.ts';

export class JsonEncoder {
  encode(packet: Packet): string[] {
    let text = String(packet.type);
    if (packet.nsp && packet.nsp !== '/') text += `${packet.nsp},`;
    if (packet.id !== undefined && packet.id !== null) text += String(packet.id);
    const data: unknown = packet.data;
    if (data === undefined || data === null) return [text];
    // The same update sent to several connections (a seat open in two tabs, the spectators) is
    // written as text once.
    const update = sharedUpdate(packet);
    if (update) {
      let frame = updateFrames.get(update);
      if (frame === undefined) {
        frame = `${text}[${(packet.data as unknown[])[0] === 'delta' ? '"delta"' : '"update"'},${jsonOf(update)}]`;
        updateFrames.set(update, frame);
      }
      return [frame];
    }
    // A reply that carries a shared value (a spectator's hello: its table's update at this
    // version, the same for every spectator) reuses that value's text.
    const reply = packet.type === PacketType.ACK ? sharingReply(data) : null;
    if (reply) return [`${text}[${replyText(reply)}]`];
    return [text + JSON.stringify(data)];
  }
}

/** The text of each update sent (see `sharedUpdate`) or value shared (`shareEncoding`), while it lives. */
const encoded = new WeakMap<object, string>();

/** The whole frame of each update sent in an `update` or `delta` event (always the same packet but for it). */
const updateFrames = new WeakMap<object, string>();

/** Values marked by `shareEncoding`. */
const shareable = new WeakSet<object>();

/**
 * Marks `value` as sent unchanged to many connections (in `update` events or in replies' top-level
 * fields): it is written as text once, while it lives. The caller never changes it afterwards.
 */
export function shareEncoding<T extends object>(value: T): T {
  shareable.add(value);
  return value;
}

function jsonOf(value: object): string {
  let text = encoded.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    encoded.set(value, text);
  }
  return text;
}

/**
 * The update of an `update` or `delta` event to the default namespace (`emit('update', update)`): the same
 * update always encodes to the same text, since the server never changes an update once made
 * (`LiveTable.updateFor` makes a new one for every send; `spectatorUpdate`'s is shared and kept).
 */
function sharedUpdate(packet: Packet): object | null {
  const data: unknown = packet.data;
  if (packet.type !== PacketType.EVENT || (packet.nsp && packet.nsp !== '/') || packet.id !== undefined)
    return null;
  if (!Array.isArray(data) || data.length !== 2 || (data[0] !== 'update' && data[0] !== 'delta')) return null;
  const payload: unknown = data[1];
  return typeof payload === 'object' && payload !== null ? payload : null;
}

const isShared = (v: unknown): v is object => typeof v === 'object' && v !== null && shareable.has(v);

/** An acknowledgement's single plain-object reply with a shared value in a top-level field. */
function sharingReply(data: unknown): Record<string, unknown> | null {
  if (!Array.isArray(data) || data.length !== 1) return null;
  const reply: unknown = data[0];
  if (typeof reply !== 'object' || reply === null || Array.isArray(reply)) return null;
  if (Object.getPrototypeOf(reply) !== Object.prototype) return null;
  return Object.values(reply).some(isShared) ? (reply as Record<string, unknown>) : null;
}

/** `JSON.stringify(reply)`, with each shared field's kept text. */
function replyText(reply: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(reply)) {
    const text = isShared(value) ? jsonOf(value) : (JSON.stringify(value) as string | undefined);
    // As JSON.stringify: a field whose value has no JSON (undefined, a function) is left out.
    if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${parts.join(',')}}`;
}

const EVENT_HEADS = { update: '42["update",', delta: '42["delta",' } as const;

/** The longest WebSocket frame header (a payload of 64 kB or more, unmasked). */
const MAX_HEADER = 10;

/**
 * The WebSocket frame of the `event` carrying `payload`: byte for byte what socket.io, Engine.IO
 * and ws write for `socket.emit(event, payload)` on a WebSocket without compression (the default
 * encoder's text, `4` in front for an Engine.IO message, one unmasked text frame), in one buffer.
 * No text is made on the way (`writeJson`): the encoder's text, Engine.IO's `4` joined to it, ws
 * flattening that again to measure and write it, and the header and text written apart, were a
 * third of the allocation per action in a loaded node.
 */
export function eventFrame(event: 'update' | 'delta', payload: object): Buffer {
  const { bytes, end } = writeJson(MAX_HEADER, EVENT_HEADS[event], payload, ']');
  const size = end - MAX_HEADER;
  const header = size < 126 ? 2 : size < 65536 ? 4 : 10;
  const start = MAX_HEADER - header;
  bytes[start] = 0x81; // the final (only) fragment of a text message
  if (size < 126) bytes[start + 1] = size;
  else if (size < 65536) {
    bytes[start + 1] = 126;
    bytes.writeUInt16BE(size, start + 2);
  } else {
    bytes[start + 1] = 127;
    bytes.writeUInt32BE(Math.floor(size / 2 ** 32), start + 2);
    bytes.writeUInt32BE(size % 2 ** 32, start + 6);
  }
  const frame = Buffer.allocUnsafe(end - start);
  bytes.copy(frame, 0, start, end);
  return frame;
}

/** The `parser` option of the socket.io server. */
export const jsonParser = { Encoder: JsonEncoder, Decoder };
