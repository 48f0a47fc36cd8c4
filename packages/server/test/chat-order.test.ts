/**
 * The chat's order, limits and rolling history against the store on both databases (SQLite, and
 * PostgreSQL when one answers), with the clock injected: lines said in the same millisecond keep
 * the order they were said in, on two nodes writing at once and after a restart; a seat's budget
 * is the seat's, a crowd of spectators shares one and never takes the seats'; the table keeps its
 * latest lines and never stops talking.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatLine } from '@matchbox/client';
import { CHAT_LINES_KEPT } from '@matchbox/client';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { CHAT_HISTORY, CHAT_LIMITS, TableChat } from '../src/chat.ts';
import { LocalCoordinator } from '../src/cluster.ts';
import { openDb } from '../src/db.ts';
import type { Store, TableRecord } from '../src/store.ts';
import { KyselyStore } from '../src/store.ts';
import { hashSecret } from '../src/tokens.ts';
import { runName, services } from './services.ts';

const SOAK = process.env.MATCHBOX_SOAK === '1';
const dir = mkdtempSync(join(tmpdir(), 'matchbox-chat-'));
const schemas: string[] = [];
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (!services.databaseUrl || schemas.length === 0) return;
  const admin = new pg.Client({ connectionString: services.databaseUrl });
  await admin.connect();
  for (const schema of schemas) await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
});

/** A way to open a database: the same `where` opens the same data again (a restart, a second node). */
type Backend = [string, () => string, (where: string) => Promise<Store>];
const backends: Backend[] = [
  [
    'sqlite',
    () => join(dir, `c${Math.random()}.db`),
    async (file) => {
      const opened = await openDb({ sqliteFile: file });
      return new KyselyStore(opened.db, opened.dialect);
    },
  ],
];
if (services.databaseUrl) {
  const url = services.databaseUrl;
  backends.push([
    'postgres',
    () => {
      const schema = runName('mbchat');
      schemas.push(schema);
      return schema;
    },
    async (schema) => {
      const opened = await openDb({ databaseUrl: url, schema, sqliteFile: '' });
      return new KyselyStore(opened.db, opened.dialect);
    },
  ]);
}

const TOKENS = ['ada-token-000000000000000', 'bob-token-000000000000000'];

function record(id: string): TableRecord {
  return {
    id,
    game: 'matchmaster',
    options: {},
    players: 2,
    seed: 'secret',
    deck: null,
    chance: null,
    seats: [
      { kind: 'human', name: 'Ada', level: 'medium', tokenHash: hashSecret(TOKENS[0]!), left: false },
      { kind: 'human', name: 'Bob', level: 'medium', tokenHash: hashSecret(TOKENS[1]!), left: false },
    ],
    status: 'playing',
    version: 0,
    revision: 0,
    isPublic: false,
    spectatorChat: true,
    inviteHash: 'cd',
    clockSeconds: null,
    deadlineAt: null,
    creator: '127.0.0.1',
    createdAt: 1,
    updatedAt: 1,
    result: null,
  };
}

/** A node's chat over `store`, reading the table from the store, with the clock `now`. */
function chatOn(store: Store, now: () => number, heard: ChatLine[] = []): TableChat {
  return new TableChat(
    store,
    { chat: (_t, _p, line) => heard.push(line) },
    new LocalCoordinator(),
    () => null,
    now,
  );
}

const texts = (lines: readonly ChatLine[]) => lines.map((l) => l.text);

describe.each(backends)('the chat on %s', (backend, place, open) => {
  it('lines said in the same millisecond keep their order, after a restart too', async () => {
    const where = place();
    const store = await open(where);
    const id = `o${Math.random().toString(36).slice(2, 12)}`;
    await store.createTable(record(id));
    const heard: ChatLine[] = [];
    // One millisecond for every line: the time cannot order them.
    const chat = chatOn(store, () => 1_700_000_000_000, heard);
    const said: string[] = [];
    for (let i = 0; i < 10; i++) {
      const text = `line ${i}`;
      const answer = await chat.say(id, TOKENS[i % 2], { text }, `conn${i % 2}`);
      expect(answer.ok).toBe(true);
      said.push(text);
    }
    expect(heard.map((l) => l.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const history = await chat.history(id);
    expect(history.ok && texts(history.value)).toEqual(said);
    await store.close();
    const again = await open(where);
    const reloaded = await chatOn(again, Date.now).history(id);
    expect(reloaded.ok && texts(reloaded.value)).toEqual(said);
    await again.close();
  });

  it('two nodes writing at once number the lines without a gap or a repeat', async () => {
    const where = place();
    const [a, b] = [await open(where), await open(where)];
    const id = `n${Math.random().toString(36).slice(2, 12)}`;
    await a.createTable(record(id));
    let t = 0;
    const clock = () => (t += 5_000);
    const [chatA, chatB] = [chatOn(a, clock), chatOn(b, clock)];
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        (i % 2 ? chatA : chatB).say(id, TOKENS[i % 2], { text: `n${i}` }, `conn${i}`),
      ),
    );
    expect(answers.every((x) => x.ok)).toBe(true);
    const history = await chatA.history(id);
    const lines = history.ok ? history.value : [];
    expect(lines.map((l) => l.seq)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(new Set(texts(lines)).size).toBe(16);
    // Each line as its writer was answered: the number it was sent out with is the stored one.
    const answered = new Map(answers.map((x) => (x.ok ? [x.value.id, x.value.seq] : ['', 0])));
    expect(lines.every((l) => answered.get(l.id) === l.seq)).toBe(true);
    await Promise.all([a.close(), b.close()]);
  });

  it('a seat has one budget whatever it writes from; spectators share one that is not the seats’', async () => {
    const store = await open(place());
    const id = `l${Math.random().toString(36).slice(2, 12)}`;
    await store.createTable(record(id));
    const chat = chatOn(store, () => 1_700_000_000_000);
    // Ada from twenty connections at once: the seat's burst, no more.
    const ada = await Promise.all(
      Array.from({ length: 20 }, (_, i) => chat.say(id, TOKENS[0], { text: `a${i}` }, `ada${i}`)),
    );
    expect(ada.filter((x) => x.ok)).toHaveLength(CHAT_LIMITS.seat.burst);
    expect(ada.find((x) => !x.ok)).toMatchObject({ error: { code: 'rate_limited' } });
    // Six spectators with a line each and more: all of them together get the spectators' burst.
    const crowd = [];
    for (let i = 0; i < 30; i++)
      crowd.push(await chat.say(id, undefined, { text: `w${i}`, name: `Fan${i % 6}` }, `fan${i % 6}`));
    expect(crowd.filter((x) => x.ok)).toHaveLength(CHAT_LIMITS.spectators.burst);
    // Bob, who had not written, is heard after the crowd, and his line is in the history.
    expect(await chat.say(id, TOKENS[1], { text: 'still here' }, 'bob')).toMatchObject({ ok: true });
    const history = await chat.history(id);
    expect(history.ok && history.value.at(-1)).toMatchObject({ seat: 1, text: 'still here' });
    await store.close();
  });

  // 1,200 lines take half a minute on PostgreSQL here: there, in the soak.
  it.runIf(backend === 'sqlite' || SOAK)(
    'the chat rolls: past any number of lines the table still talks, keeping the latest',
    async () => {
      const store = await open(place());
      const id = `r${Math.random().toString(36).slice(2, 12)}`;
      await store.createTable(record(id));
      let t = 0;
      // Ten seconds between lines: the budgets refill.
      const chat = chatOn(store, () => (t += 10_000));
      const total = 1_200;
      for (let i = 0; i < total; i++) {
        const answer = await chat.say(id, TOKENS[i % 2], { text: `r${i}` }, 'c');
        if (!answer.ok) throw new Error(`line ${i}: ${answer.error.code}`);
      }
      const history = await chat.history(id);
      expect(history.ok && texts(history.value)).toEqual(
        Array.from({ length: CHAT_HISTORY }, (_, i) => `r${total - CHAT_HISTORY + i}`),
      );
      const kept = await store.chat(id, 10_000);
      expect(kept.length).toBeGreaterThanOrEqual(CHAT_LINES_KEPT);
      expect(kept.length).toBeLessThanOrEqual(CHAT_LINES_KEPT + 50);
      expect(kept.at(-1)).toMatchObject({ seq: total, text: `r${total - 1}` });
      await store.close();
    },
  );
});
