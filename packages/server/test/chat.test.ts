/**
 * Chat at a table against the real server: who may talk and who reads, the length and rate
 * limits (per seat, whatever its connections), the cleaning of control and direction characters, that lines are stored (a new
 * connection and the HTTP history show them), that no line crosses to another table, and that a
 * seat's old connection can neither post nor hear once its person left the seat.
 */
import type { ChatLine, TableConnection } from '@matchbox/client';
import { CHAT_MAX_CHARS, MatchboxClient, cleanChatText } from '@matchbox/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameKey } from '../src/names.ts';
import { startTestServer } from './helpers.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
let client: MatchboxClient;
const open: TableConnection[] = [];

beforeAll(async () => {
  server = await startTestServer();
  client = new MatchboxClient(server.url);
});
afterAll(async () => {
  for (const c of open) c.close();
  await server.stop();
});

function connect(tableId: string, token?: string): TableConnection {
  const c = client.connect(tableId, token);
  open.push(c);
  return c;
}

/** Resolves with the first chat line matching `predicate` this connection hears. */
function heard(conn: TableConnection, predicate: (l: ChatLine) => boolean, ms = 5000): Promise<ChatLine> {
  const found = conn.chat.find(predicate);
  if (found) return Promise.resolve(found);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error('no such chat line'));
    }, ms);
    const off = conn.onChat((lines) => {
      const line = lines.find(predicate);
      if (!line) return;
      clearTimeout(timer);
      off();
      resolve(line);
    });
  });
}

/** A two-seat table with two people (Ada, Bob), both connected, and a spectator. */
async function tableOfTwo(options: { spectatorChat?: boolean } = {}) {
  const made = await client.createTable({
    game: 'matchmaster',
    players: 2,
    name: 'Ada',
    seats: [{ kind: 'open' }, { kind: 'open' }],
    ...options,
  });
  const bob = await client.join(made.table.id, { name: 'Bob', invite: made.invite });
  const ada = connect(made.table.id, made.ticket!.token);
  const bobConn = connect(made.table.id, bob.token);
  const watcher = connect(made.table.id);
  await Promise.all([ada.ready, bobConn.ready, watcher.ready]);
  return { id: made.table.id, invite: made.invite, ada, bob: bobConn, bobToken: bob.token, watcher };
}

describe('chat', () => {
  it('a seated line reaches the other seat and the spectators, and is kept with the table', async () => {
    const t = await tableOfTwo();
    const said = await t.ada.say('Hello Bob!');
    expect(said).toMatchObject({
      ok: true,
      line: { seat: 0, name: 'Ada', text: 'Hello Bob!', phrase: null },
    });
    await heard(t.bob, (l) => l.text === 'Hello Bob!');
    await heard(t.watcher, (l) => l.text === 'Hello Bob!');
    // A quick phrase travels as its id: each reader shows it in their language.
    expect(await t.bob.say({ phrase: 'good_luck' })).toMatchObject({
      ok: true,
      line: { seat: 1, name: 'Bob', text: null, phrase: 'good_luck' },
    });
    await heard(t.ada, (l) => l.phrase === 'good_luck');
    // A reload (a new connection) and the HTTP history (the replay page) show both lines in order.
    const again = connect(t.id, undefined);
    await again.ready;
    const lines = await heard(again, (l) => l.phrase === 'good_luck').then(() => again.chat);
    expect(lines.map((l) => l.text ?? l.phrase)).toEqual(['Hello Bob!', 'good_luck']);
    expect((await client.chat(t.id)).map((l) => l.id)).toEqual(lines.map((l) => l.id));
  });

  it('refuses empty, too long and malformed lines, and cleans control and direction characters', async () => {
    const t = await tableOfTwo();
    expect(await t.ada.say('   \u202e\u2066 ')).toMatchObject({
      ok: false,
      error: { code: 'empty_message' },
    });
    expect(await t.ada.say('x'.repeat(CHAT_MAX_CHARS + 1))).toMatchObject({
      ok: false,
      error: { code: 'too_long' },
    });
    // Far too long is refused before it is even read.
    expect(await t.ada.say('x'.repeat(CHAT_MAX_CHARS * 4 + 1))).toMatchObject({
      ok: false,
      error: { code: 'invalid_message' },
    });
    const both = await new Promise((resolve) =>
      t.ada.socket.emit('say', { tableId: t.id, text: 'hi', phrase: 'hello' }, resolve),
    );
    expect(both).toMatchObject({ ok: false, error: { code: 'invalid_message' } });
    const unknown = await new Promise((resolve) =>
      t.ada.socket.emit('say', { tableId: t.id, phrase: 'rude' }, resolve),
    );
    expect(unknown).toMatchObject({ ok: false, error: { code: 'invalid_message' } });
    const cleaned = await t.ada.say('\u202eevil\u202c <b>bold</b>\u0007\n\n next \u200bline');
    expect(cleaned).toMatchObject({ ok: true, line: { text: 'evil <b>bold</b> next line' } });
    // Emoji sequences keep their joiner.
    expect(cleanChatText('👩\u200d👩\u200d👧')).toBe('👩\u200d👩\u200d👧');
    expect(await client.chat(t.id)).toHaveLength(1);
  });

  it('limits how fast one connection writes', async () => {
    const t = await tableOfTwo();
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await t.bob.say(`line ${i}`));
    const refused = answers.filter((a) => !a.ok);
    expect(answers.slice(0, 5).every((a) => a.ok)).toBe(true);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toMatchObject({ error: { code: 'rate_limited' } });
    // Only the accepted lines were stored.
    expect(await client.chat(t.id)).toHaveLength(answers.length - refused.length);
  });

  it("one seat's twenty connections share the seat's budget", async () => {
    const t = await tableOfTwo();
    const more = Array.from({ length: 19 }, () => connect(t.id, t.bobToken));
    await Promise.all(more.map((c) => c.ready));
    const answers = await Promise.all([t.bob, ...more].map((c, i) => c.say(`from connection ${i}`)));
    // The seat's burst (five), not five per connection.
    expect(answers.filter((a) => a.ok)).toHaveLength(5);
    expect(answers.find((a) => !a.ok)).toMatchObject({ error: { code: 'rate_limited' } });
    // Ada's seat has its own budget.
    expect(await t.ada.say('my turn to talk')).toMatchObject({ ok: true });
    for (const c of more) c.close();
  });

  it('spectators read but write only where the table allows, under a name no player has', async () => {
    const closed = await tableOfTwo();
    expect(await closed.watcher.say('hi', 'Eve')).toMatchObject({ ok: false, error: { code: 'spectator' } });
    const t = await tableOfTwo({ spectatorChat: true });
    expect((await client.table(t.id)).spectatorChat).toBe(true);
    expect(await t.watcher.say('hi')).toMatchObject({ ok: false, error: { code: 'name_required' } });
    expect(await t.watcher.say('hi', 'ada')).toMatchObject({ ok: false, error: { code: 'name_taken' } });
    expect(await t.watcher.say('Go Ada!', 'Eve')).toMatchObject({
      ok: true,
      line: { seat: null, name: 'Eve', text: 'Go Ada!' },
    });
    await heard(t.ada, (l) => l.text === 'Go Ada!');
    // A seat writes under its own name whatever name it sends.
    expect(await t.bob.say('me', 'Mallory')).toMatchObject({ ok: true, line: { seat: 1, name: 'Bob' } });
  });

  // #30: the names were checked against the others' latest lines and then written, so two
  // spectators claiming one name at once both got it; now the name is claimed (a unique key).
  it('of two spectators claiming one name (or a look-alike) at the same instant, one gets it', async () => {
    const t = await tableOfTwo({ spectatorChat: true });
    const others = [connect(t.id), connect(t.id), connect(t.id)];
    await Promise.all(others.map((c) => c.ready));
    const [one, two, three] = others as [TableConnection, TableConnection, TableConnection];
    const codes = (answers: Awaited<ReturnType<TableConnection['say']>>[]) =>
      answers.map((a) => (a.ok ? 'ok' : a.error.code)).sort();
    expect(codes(await Promise.all([one.say('first', 'Zed'), two.say('no, me', 'Zed')]))).toEqual([
      'name_taken',
      'ok',
    ]);
    // A Greek capital kappa looks like K: one key, so again only one of them.
    const kim = codes(await Promise.all([t.watcher.say('hi', 'Kim'), three.say('hi', 'Κim')]));
    expect(kim[1]).toBe('ok');
    expect(['name_taken', 'name_lookalike']).toContain(kim[0]);
    // A spectator who takes a new name gives its old one back.
    const zed = (await one.say('again', 'Zed')).ok ? one : two;
    expect(await zed.say('renamed', 'Zoe')).toMatchObject({ ok: true });
    const free = zed === one ? two : one;
    expect(await free.say('mine now', 'Zed')).toMatchObject({ ok: true, line: { name: 'Zed' } });
  });

  // A seat taken while a spectator's claim to a name is stored but its line not yet written: the
  // seats' check read the names from chat lines, so it let the seat take the same name.
  it("a seat is not taken under a spectator's claimed name whose line is not written yet", async () => {
    const made = await client.createTable({
      game: 'matchmaster',
      players: 2,
      name: 'Ada',
      seats: [{ kind: 'open' }, { kind: 'open' }],
      spectatorChat: true,
    });
    const id = made.table.id;
    // The moment between a spectator's claim (chat.ts `say`) and its line.
    expect(await server.store.claimSpectatorName(id, 'spectator-eve', 'Eve', nameKey('Eve'))).toBe(true);
    expect(await server.store.chat(id, 10)).toEqual([]);
    const join = async (name: string) => {
      const response = await fetch(`${server.url}/api/tables/${id}/join`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, invite: made.invite }),
      });
      return ((await response.json()) as { error?: { code: string } }).error?.code ?? 'ok';
    };
    expect(await join('eve')).toBe('name_taken');
    expect(await join('\u0415ve')).toBe('name_lookalike');
    // Once the spectator takes another name, the old one is free for a seat.
    expect(await server.store.claimSpectatorName(id, 'spectator-eve', 'Mallory', nameKey('Mallory'))).toBe(
      true,
    );
    expect(await join('Mallory')).toBe('name_taken');
    expect(await join('Eve')).toBe('ok');
  });

  // #30: a spectator muted by a reader stays muted through a reload: its chat identity comes from
  // its browser id, not the connection; it differs between browsers and between tables.
  it("a spectator's chat identity survives a new connection of its browser, and only there", async () => {
    const t = await tableOfTwo({ spectatorChat: true });
    const other = await tableOfTwo({ spectatorChat: true });
    const eve = new MatchboxClient(server.url, { browser: 'eve-browser-0123456789' });
    const mallory = new MatchboxClient(server.url, { browser: 'mallory-browser-0123456' });
    const speakerOf = async (who: MatchboxClient, tableId: string, text: string, name: string) => {
      const c = who.connect(tableId);
      open.push(c);
      await c.ready;
      const said = await c.say(text, name);
      c.close();
      if (!said.ok) throw new Error(said.error.code);
      return said.line.speaker;
    };
    const first = await speakerOf(eve, t.id, 'hello', 'Eve');
    const again = await speakerOf(eve, t.id, 'hello again', 'Evelyn');
    expect(again).toBe(first);
    expect(await speakerOf(mallory, t.id, 'hi', 'Mal')).not.toBe(first);
    expect(await speakerOf(eve, other.id, 'hello', 'Eve')).not.toBe(first);
    // Without a browser id, each connection is its own speaker, as before.
    const a = await speakerOf(client, t.id, 'anon 1', 'Anon');
    expect(await speakerOf(client, t.id, 'anon 2', 'Quinn')).not.toBe(a);
  });

  it('a line stays at its table, and a connection must have said hello to the table', async () => {
    const a = await tableOfTwo();
    const b = await tableOfTwo();
    const stranger = (await a.ada.say('only for table A')).ok;
    expect(stranger).toBe(true);
    await heard(a.bob, (l) => l.text === 'only for table A');
    const fromB = await b.ada.say('only for table B');
    expect(fromB.ok).toBe(true);
    await heard(b.bob, (l) => l.text === 'only for table B');
    expect(a.bob.chat.map((l) => l.text)).toEqual(['only for table A']);
    expect(b.watcher.chat.map((l) => l.text)).toEqual(['only for table B']);
    // Table A's connection asks to write at table B without attaching there.
    const foreign = await new Promise((resolve) =>
      a.ada.socket.emit('say', { tableId: b.id, text: 'sneaky' }, resolve),
    );
    expect(foreign).toMatchObject({ ok: false, error: { code: 'not_attached' } });
    const history = await new Promise((resolve) =>
      a.ada.socket.emit('chatHistory', { tableId: b.id }, resolve),
    );
    expect(history).toMatchObject({ ok: false, error: { code: 'not_attached' } });
  });

  it("a seat's old connection can neither post nor hear once its person left the seat", async () => {
    const t = await tableOfTwo();
    await client.leave(t.id, t.bobToken);
    // Detached from the seat at once (not_attached), or refused by the chat's own check.
    expect(codeOf(await t.bob.say('still here?'))).toMatch(/^(not_seated|not_attached)$/);
    // Someone else takes the seat over: the new holder talks, the old connection still cannot.
    const cy = await client.join(t.id, { name: 'Cy', invite: t.invite });
    expect(cy.seat).toBe(1);
    const cyConn = connect(t.id, cy.token);
    await cyConn.ready;
    // Detached from the seat at once (not_attached), or refused by the chat's own check.
    expect(codeOf(await t.bob.say('let me in'))).toMatch(/^(not_seated|not_attached)$/);
    expect(await cyConn.say('Hi, I took over')).toMatchObject({ ok: true, line: { seat: 1, name: 'Cy' } });
    expect(await t.ada.say('Welcome, Cy')).toMatchObject({ ok: true });
    await heard(cyConn, (l) => l.text === 'Welcome, Cy');
    await heard(t.watcher, (l) => l.text === 'Welcome, Cy');
    // The old connection left the seat's channel with its person: it heard neither line.
    await new Promise((r) => setTimeout(r, 200));
    expect(t.bob.chat.map((l) => l.text)).toEqual([]);
    expect((await client.chat(t.id)).map((l) => l.name)).toEqual(['Cy', 'Ada']);
  });
});

function codeOf(answer: { ok: boolean; error?: { code: string } }): string {
  return answer.ok ? 'ok' : (answer.error?.code ?? '');
}
