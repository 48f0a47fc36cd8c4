/**
 * A table connection keeps every event exactly once, whatever order the server's messages arrive
 * in. A scripted socket.io server plays the orders a cluster produces: an update that brings no
 * move at a version the connection has not seen the events of (a player came, another server took
 * the table over, a connection that fell behind is sent where the table is), updates that reach
 * the connection before the answer to its hello, and an answer from a server that is behind.
 */
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import type { Socket } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import type { TableUpdate } from '../src/index.ts';
import { MatchboxClient } from '../src/index.ts';
import { tableUpdate } from './table-update.ts';

/** A table whose move n has the single event { n }. */
class ScriptedTable {
  version = 0;
  /** How hello is answered: at which version (default: the current one). */
  answerAt: (since: number | undefined) => number = () => this.version;
  /** Runs before each answer to hello, with the asking socket (to send updates ahead of it). */
  beforeAnswer: (socket: Socket, since: number | undefined) => void = () => undefined;
  hellos: (number | undefined)[] = [];

  update(version: number, from: number): TableUpdate {
    const events = [];
    for (let n = from + 1; n <= version; n++) events.push({ n });
    return tableUpdate({ version, from, events, view: { at: version } });
  }

  hello(socket: Socket, since: number | undefined): unknown {
    this.hellos.push(since);
    this.beforeAnswer(socket, since);
    const at = this.answerAt(since);
    const missed = since === undefined ? null : this.update(at, Math.min(since, at)).events;
    return { ok: true, update: { ...this.update(at, at), events: [] }, missed };
  }
}

let stop: (() => Promise<void>) | null = null;
afterEach(async () => {
  await stop?.();
  stop = null;
});

async function serve(table: ScriptedTable): Promise<{ url: string; io: Server }> {
  const http = createServer();
  const io = new Server(http);
  io.on('connection', (socket) => {
    socket.on('hello', (msg: { since?: number }, ack: (a: unknown) => void) =>
      ack(table.hello(socket, msg.since)),
    );
    socket.on('chatHistory', (_msg: unknown, ack: (a: unknown) => void) => ack({ ok: true, lines: [] }));
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  stop = async () => {
    await io.close();
  };
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, io };
}

/** Connects and records, after the first update, every event the listeners were given. */
async function follow(url: string) {
  const conn = new MatchboxClient(url).connect('t1', 'token');
  const updates: TableUpdate[] = [];
  conn.onUpdate((u) => updates.push(u));
  await conn.ready;
  return {
    conn,
    updates,
    /** The events after the version of the first update, in order. */
    events: () => updates.slice(1).flatMap((u) => u.events),
  };
}

const moves = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => ({ n: from + i + 1 }));

describe('a table connection', () => {
  it('asks for the events when an update without a move arrives at a version it has not seen', async () => {
    const table = new ScriptedTable();
    table.version = 3;
    const { url, io } = await serve(table);
    const f = await follow(url);
    // Move 4 is committed, but its update is lost (its server died); the next server announces
    // version 4 with no move in it.
    table.version = 4;
    io.emit('update', table.update(4, 4));
    await f.conn.waitFor((u) => u.version === 4);
    table.version = 5;
    io.emit('update', table.update(5, 4));
    await f.conn.waitFor((u) => u.version === 5);
    expect(f.events()).toEqual(moves(3, 5));
    expect(table.hellos).toEqual([undefined, 3]);
    f.conn.close();
  });

  it('takes a seats-only update at its own version without repeating events', async () => {
    const table = new ScriptedTable();
    table.version = 2;
    const { url, io } = await serve(table);
    const f = await follow(url);
    table.version = 3;
    io.emit('update', table.update(3, 2));
    io.emit('update', table.update(3, 3)); // somebody connected
    table.version = 4;
    io.emit('update', table.update(4, 3));
    await f.conn.waitFor((u) => u.version === 4);
    expect(f.events()).toEqual(moves(2, 4));
    expect(table.hellos).toEqual([undefined]);
    f.conn.close();
  });

  it('gets the events between when updates reach it before the answer to its hello', async () => {
    const table = new ScriptedTable();
    table.version = 6;
    // The rooms deliver move 5 before the answer, which is read at 6 (this server already has 6,
    // its update is still on the way from the server that committed it).
    table.beforeAnswer = (socket, since) => {
      if (since === undefined) socket.emit('update', table.update(5, 4));
    };
    const { url, io } = await serve(table);
    const f = await follow(url);
    await f.conn.waitFor((u) => u.version === 6);
    io.emit('update', table.update(6, 5)); // the late update of move 6: not new any more
    table.version = 7;
    io.emit('update', table.update(7, 6));
    await f.conn.waitFor((u) => u.version === 7);
    expect(f.updates[0]!.version).toBe(5);
    expect(f.events()).toEqual(moves(5, 7));
    f.conn.close();
  });

  it('keeps its version when a server that is behind answers its hello after a reconnect', async () => {
    const table = new ScriptedTable();
    table.version = 8;
    const { url, io } = await serve(table);
    const f = await follow(url);
    // The connection drops; the server it reaches now still has version 6.
    table.answerAt = (since) => (since === undefined ? table.version : 6);
    for (const s of io.of('/').sockets.values()) s.conn.close(); // a lost connection, not a goodbye
    await new Promise((r) => setTimeout(r, 50));
    // The client reconnects after its delay; a loaded machine takes longer, so the wait is 10 s.
    for (const deadline = Date.now() + 10_000; table.hellos.length < 2 && Date.now() < deadline;)
      await new Promise((r) => setTimeout(r, 20));
    expect(table.hellos[1]).toBe(8);
    await new Promise((r) => setTimeout(r, 50));
    expect(f.conn.latest?.version).toBe(8);
    table.answerAt = () => table.version;
    table.version = 9;
    io.emit('update', table.update(9, 8));
    await f.conn.waitFor((u) => u.version === 9);
    expect(f.events()).toEqual(moves(8, 9));
    f.conn.close();
  });
});
