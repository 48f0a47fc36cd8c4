/**
 * socket.io's packet encoding without its search for binary attachments. matchbox sends only
 * plain JSON data (updates and replies), so every packet is one text frame: exactly the text the
 * default encoder writes for a packet without binary, without walking every update's objects to
 * look for buffers first (a few percent of the server's time under load). Clients keep the
 * default parser; what they send is read by the default decoder.
 */
import type { Packet } from 'socket.io-parser';
import { Decoder, PacketType } from 'socket.io-parser';

export class JsonEncoder {
  encode(packet: Packet): string[] {
    const data: unknown = packet.data;
    // The same update sent to several connections (a seat open in two tabs, the spectators) is
    // written as text once.
    const shared = sharedUpdate(packet);
    const known = shared ? encoded.get(shared) : undefined;
    if (known !== undefined) return [known];
    let text = String(packet.type);
    if (packet.nsp && packet.nsp !== '/') text += `${packet.nsp},`;
    if (packet.id !== undefined && packet.id !== null) text += String(packet.id);
    if (data !== undefined && data !== null) text += JSON.stringify(data);
    if (shared) encoded.set(shared, text);
    return [text];
  }
}

/** The text of each update sent (see `sharedUpdate`), while the update lives. */
const encoded = new WeakMap<object, string>();

/**
 * The update of an `update` event to the default namespace (`emit('update', update)`): the same
 * update always encodes to the same text, since the server never changes an update once made
 * (`LiveTable.updateFor` makes a new one for every send).
 */
function sharedUpdate(packet: Packet): object | null {
  const data: unknown = packet.data;
  if (packet.type !== PacketType.EVENT || (packet.nsp && packet.nsp !== '/') || packet.id !== undefined)
    return null;
  if (!Array.isArray(data) || data.length !== 2 || data[0] !== 'update') return null;
  const payload: unknown = data[1];
  return typeof payload === 'object' && payload !== null ? payload : null;
}

/** The `parser` option of the socket.io server. */
export const jsonParser = { Encoder: JsonEncoder, Decoder };
