/**
 * The server's packet encoder writes, for every packet matchbox sends (plain JSON data), exactly
 * the text socket.io's default encoder writes, so unchanged clients read it.
 */
import { Decoder, Encoder, PacketType } from 'socket.io-parser';
import type { Packet } from 'socket.io-parser';
import { describe, expect, it } from 'vitest';
import { JsonEncoder } from '../src/wire-parser.ts';

const update = {
  tableId: 'abc',
  version: 12,
  seat: 1,
  events: [{ type: 'play', seat: 0, card: 'do13' }],
  view: {
    myHand: ['he2', 'sp11'],
    bids: [1, null, 2, 0],
    trick: { leader: 0, cards: [] },
    note: 'a "quoted" ü',
  },
  legal: [{ text: 'he2', action: { type: 'play', card: 'he2' } }],
  result: null,
};

const packets: Packet[] = [
  { type: PacketType.EVENT, nsp: '/', data: ['update', update] },
  { type: PacketType.ACK, nsp: '/', id: 7, data: [{ ok: true, value: { version: 3 } }] },
  {
    type: PacketType.ACK,
    nsp: '/',
    id: 0,
    data: [{ ok: false, error: { code: 'not_your_turn', message: 'Wait.' } }],
  },
  { type: PacketType.CONNECT, nsp: '/', data: { sid: 'x1' } },
  { type: PacketType.CONNECT, nsp: '/admin', data: { sid: 'x2' } },
  { type: PacketType.DISCONNECT, nsp: '/' },
  { type: PacketType.EVENT, nsp: '/', id: 3, data: ['hello', { tableId: 'abc', since: 0 }] },
];

describe('JSON packet encoder', () => {
  it.each(packets.map((p) => [PacketType[p.type], p] as const))(
    '%s: same text as the default encoder',
    (_, packet) => {
      expect(new JsonEncoder().encode(packet)).toEqual(new Encoder().encode(packet));
    },
  );

  it('the default decoder reads it back', () => {
    const decoder = new Decoder();
    const got: Packet[] = [];
    decoder.on('decoded', (p: Packet) => got.push(p));
    for (const [text] of packets.map((p) => new JsonEncoder().encode(p))) decoder.add(text!);
    expect(got.map((p) => p.data)).toEqual(packets.map((p) => p.data));
    expect(got.map((p) => p.id)).toEqual(packets.map((p) => p.id));
  });
});
