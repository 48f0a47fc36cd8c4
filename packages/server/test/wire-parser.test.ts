/**
 * The server's packet encoder writes, for every packet matchbox sends (plain JSON data), exactly
 * the text socket.io's default encoder writes, so unchanged clients read it.
 */
import { Decoder, Encoder, PacketType } from 'socket.io-parser';
import type { Packet } from 'socket.io-parser';
import { describe, expect, it, vi } from 'vitest';
import { createRequire } from 'node:module';
import { JsonEncoder, eventFrame, shareEncoding } from '../src/wire-parser.ts';

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

  it('writes one update sent to several connections as text once; every other packet each time', () => {
    const encoder = new JsonEncoder();
    const fresh = { ...update, version: 13 };
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      const first = encoder.encode({ type: PacketType.EVENT, nsp: '/', data: ['update', fresh] });
      const second = new JsonEncoder().encode({ type: PacketType.EVENT, nsp: '/', data: ['update', fresh] });
      expect(stringify).toHaveBeenCalledTimes(1);
      expect(second).toEqual(first);
      expect(first).toEqual(
        new Encoder().encode({ type: PacketType.EVENT, nsp: '/', data: ['update', fresh] }),
      );
      // Another update, an update with an acknowledgement, and another event are each written.
      const other = { ...fresh, version: 14 };
      expect(encoder.encode({ type: PacketType.EVENT, nsp: '/', data: ['update', other] })[0]).toContain(
        '"version":14',
      );
      encoder.encode({ type: PacketType.EVENT, nsp: '/', id: 4, data: ['update', fresh] });
      encoder.encode({ type: PacketType.EVENT, nsp: '/', data: ['chat', fresh] });
      encoder.encode({ type: PacketType.EVENT, nsp: '/', data: ['chat', fresh] });
      expect(stringify.mock.calls.length).toBeGreaterThanOrEqual(5);
    } finally {
      stringify.mockRestore();
    }
  });
  it("writes a shared value in many replies (spectators' hellos) as text once, as the default would", () => {
    const shared = shareEncoding({ ...update, version: 20, seat: null });
    const replies = [
      { ok: true, update: shared, missed: null },
      { ok: true, update: shared, missed: [{ type: 'play', seat: 1 }] },
      { ok: true, update: shared, skipped: undefined },
    ];
    const stringify = vi.spyOn(JSON, 'stringify');
    let texts: string[][];
    try {
      texts = replies.map((reply, id) =>
        new JsonEncoder().encode({ type: PacketType.ACK, nsp: '/', id, data: [reply] }),
      );
      expect(stringify.mock.calls.filter(([v]) => v === shared)).toHaveLength(1);
    } finally {
      stringify.mockRestore();
    }
    for (const [id, reply] of replies.entries())
      expect(texts[id]).toEqual(new Encoder().encode({ type: PacketType.ACK, nsp: '/', id, data: [reply] }));
    // A reply with no shared value, and an unshared update in a reply, are written as usual.
    const plain = { ok: true, update: { ...update }, missed: null };
    expect(new JsonEncoder().encode({ type: PacketType.ACK, nsp: '/', id: 9, data: [plain] })).toEqual(
      new Encoder().encode({ type: PacketType.ACK, nsp: '/', id: 9, data: [plain] }),
    );
  });
});

/** ws's own framer (the transport's, under engine.io). */
const { Sender } = createRequire(import.meta.url)('ws') as {
  Sender: { frame(data: Buffer, options: Record<string, boolean | number>): Buffer[] };
};

describe('an event framed once', () => {
  // What socket.io, Engine.IO and ws write for `socket.emit(event, payload)`: the default
  // encoder's text, `4` in front (an Engine.IO message), one unmasked, uncompressed text frame.
  const framedByWs = (event: string, payload: unknown): Buffer => {
    const [text] = new Encoder().encode({ type: PacketType.EVENT, nsp: '/', data: [event, payload] });
    const parts = Sender.frame(Buffer.from(`4${text as string}`), {
      fin: true,
      mask: false,
      opcode: 1,
      readOnly: false,
      rsv1: false,
    });
    return Buffer.concat(parts);
  };
  const sized = (chars: number) => ({ ...update, pad: 'x'.repeat(chars), note: 'ü♠ "q"' });

  it('is byte for byte the frame the transport writes, for every length of header', () => {
    // Payloads under 126 bytes, under 64 kB and beyond take headers of 2, 4 and 10 bytes.
    for (const payload of [{ v: 1 }, update, sized(200), sized(70_000)])
      for (const event of ['update', 'delta'] as const) {
        const frame = eventFrame(event, payload);
        expect(frame.equals(framedByWs(event, payload))).toBe(true);
        // Its own buffer: the next frame does not write over it.
        const kept = Buffer.from(frame);
        eventFrame(event, sized(300));
        expect(frame.equals(kept)).toBe(true);
      }
  });
});
