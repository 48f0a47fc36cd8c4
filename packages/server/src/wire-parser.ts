/**
 * socket.io's packet encoding without its search for binary attachments. matchbox sends only
 * plain JSON data (updates and replies), so every packet is one text frame: exactly the text the
 * default encoder writes for a packet without binary, without walking every update's objects to
 * look for buffers first (a few percent of the server's time under load). Clients keep the
 * default parser; what they send is read by the default decoder.
 */
import type { Packet } from 'socket.io-parser';
import { Decoder } from 'socket.io-parser';

export class JsonEncoder {
  encode(packet: Packet): string[] {
    let text = String(packet.type);
    if (packet.nsp && packet.nsp !== '/') text += `${packet.nsp},`;
    if (packet.id !== undefined && packet.id !== null) text += String(packet.id);
    if (packet.data !== undefined && packet.data !== null) text += JSON.stringify(packet.data);
    return [text];
  }
}

/** The `parser` option of the socket.io server. */
export const jsonParser = { Encoder: JsonEncoder, Decoder };
