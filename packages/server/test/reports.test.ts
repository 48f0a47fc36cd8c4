/**
 * Reports and blocks (reports.ts): a report keeps a copy of the table's chat (which rolls on
 * without it), a report flood from one person is refused with `rate_limited` and the seconds to
 * wait, a block keeps two seekers who would share a table apart, and bad input gets stable codes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlocksReply } from '@matchbox/client/wire';
import { configFromEnv } from '../src/config.ts';
import type { Db } from '../src/db.ts';
import { openDb } from '../src/db.ts';
import { blockedEither, closeReport, listReports, ReportService } from '../src/reports.ts';
import type { TableRecord } from '../src/store.ts';
import { KyselyStore } from '../src/store.ts';
import { runName, services } from './services.ts';
import { fromAddress } from './from-address.ts';
import { startTestServer } from './helpers.ts';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;

const REPORTS_PER_ADDRESS = 3;

beforeAll(async () => {
  const base = configFromEnv({}).costLimits;
  server = await startTestServer({
    // A long countdown: pools start only when the test says so.
    pairingCountdownMs: 600_000,
    costLimits: {
      ...base,
      reports: { address: { points: REPORTS_PER_ADDRESS, seconds: 3600 }, account: base.reports.account },
    },
  });
});
afterAll(() => server.stop());

let n = 0;
/** A guest: their browser id and the address they write from. */
const guest = (name: string) => {
  n += 1;
  return { name, browser: `browser-${name}-${n}-abcdefghij`, from: `127.0.1.${n}` };
};
type Guest = ReturnType<typeof guest>;

const call = (who: Guest, method: string, path: string, body?: unknown) =>
  fromAddress(server.url, method, path, {
    from: who.from,
    headers: { 'x-matchbox-browser': who.browser },
    ...(body === undefined ? {} : { body }),
  });

/** A table of two people: `a` made it, `b` joined (seats 0 and 1). */
async function tableOf(a: Guest, b: Guest): Promise<string> {
  const made = await call(a, 'POST', '/api/tables', {
    game: 'matchmaster',
    players: 2,
    name: a.name,
    seats: [{ kind: 'open' }, { kind: 'open' }],
  });
  const { table, invite } = made.body as { table: { id: string }; invite: string };
  const joined = await call(b, 'POST', `/api/tables/${table.id}/join`, { name: b.name, invite });
  expect(joined.status).toBe(200);
  return table.id;
}

const say = (tableId: string, seat: number, name: string, text: string) =>
  server.store.appendChat(
    {
      tableId,
      id: `line${Math.random().toString(36).slice(2, 10)}`,
      seat,
      speaker: `s${seat}`,
      name,
      nameKey: name.toLowerCase(),
      text,
      phrase: null,
      at: Date.now(),
    },
    200,
  );

const codeOf = (answer: { body: unknown }) => (answer.body as { error?: { code: string } }).error?.code;

describe('reports', () => {
  it("keeps a copy of the table's chat with the report, after the chat has rolled on", async () => {
    const ada = guest('Ada');
    const bo = guest('Bo');
    const id = await tableOf(ada, bo);
    const line = await say(id, 1, 'Bo', 'you are terrible');
    const answer = await call(ada, 'POST', '/api/reports', {
      tableId: id,
      line: line.id,
      reason: 'abuse',
      note: 'insults',
    });
    expect(answer.status).toBe(201);
    // The chat rolls: a table keeps only its latest lines (pruned every 50th); the report keeps what it saw.
    for (let i = 0; i < 49; i++)
      await server.store.appendChat({ ...line, nameKey: 'bo', id: `later${i}`, text: 'x' }, 1);
    expect((await server.store.chat(id, 50)).some((l) => l.id === line.id)).toBe(false);
    const kept = (await listReports(server.db)).find((r) => r.id === (answer.body as { id: string }).id);
    expect(kept).toMatchObject({
      tableId: id,
      reporter: `g:${ada.browser}`,
      reported: `g:${bo.browser}`,
      reportedName: 'Bo',
      seat: 1,
      reason: 'abuse',
      note: 'insults',
      status: 'open',
    });
    expect(kept!.chat.map((l) => l.text)).toEqual(['you are terrible']);
  });

  it('refuses a flood from one address with rate_limited and the seconds to wait', async () => {
    const cy = guest('Cy');
    const di = guest('Di');
    const id = await tableOf(cy, di);
    const statuses: number[] = [];
    for (let i = 0; i <= REPORTS_PER_ADDRESS; i++)
      statuses.push(
        (await call(cy, 'POST', '/api/reports', { tableId: id, seat: 1, reason: 'spam' })).status,
      );
    expect(statuses).toEqual([...Array<number>(REPORTS_PER_ADDRESS).fill(201), 429]);
    const refused = await call(cy, 'POST', '/api/reports', { tableId: id, seat: 1, reason: 'spam' });
    expect(refused.status).toBe(429);
    const error = (refused.body as { error: { code: string; retry_after: number } }).error;
    expect(error.code).toBe('rate_limited');
    expect(error.retry_after).toBeGreaterThan(0);
    expect(refused.headers['retry-after']).toBe(String(error.retry_after));
  });

  it('answers bad input with stable codes and keeps nothing', async () => {
    const ed = guest('Ed');
    const fay = guest('Fay');
    const id = await tableOf(ed, fay);
    const before = (await listReports(server.db)).length;
    const cases: [unknown, number, string][] = [
      [{ tableId: id, seat: 1, reason: 'rude' }, 400, 'invalid_request'],
      [{ tableId: id, seat: 1, line: 'abc', reason: 'spam' }, 400, 'invalid_request'],
      [{ tableId: id, reason: 'spam' }, 400, 'invalid_request'],
      [{ tableId: id, seat: 1, reason: 'other', note: 'x'.repeat(501) }, 400, 'invalid_request'],
      [{ tableId: 'nosuchtable', seat: 1, reason: 'spam' }, 404, 'no_such_table'],
      [{ tableId: id, line: 'nosuchline', reason: 'spam' }, 404, 'no_such_line'],
      [{ tableId: id, seat: 0, reason: 'spam' }, 400, 'own_seat'],
    ];
    for (const [body, status, code] of cases) {
      const answer = await call(ed, 'POST', '/api/reports', body);
      expect([answer.status, codeOf(answer)]).toEqual([status, code]);
    }
    expect((await listReports(server.db)).length).toBe(before);
    // A guest without a browser id is nobody the server can keep a report or a block for.
    const anonymous = await fromAddress(server.url, 'POST', '/api/blocks', {
      body: { tableId: id, seat: 1 },
    });
    expect([anonymous.status, codeOf(anonymous)]).toEqual([400, 'invalid_request']);
    const self = await call(ed, 'POST', '/api/blocks', { tableId: id, seat: 0 });
    expect([self.status, codeOf(self)]).toEqual([400, 'own_seat']);
    const outside = await call(ed, 'POST', '/api/blocks', { tableId: id, seat: 5 });
    expect([outside.status, codeOf(outside)]).toEqual([409, 'no_person']);
    const badId = await call(ed, 'DELETE', '/api/blocks/not%20an%20id');
    expect([badId.status, codeOf(badId)]).toEqual([400, 'invalid_request']);
  });
});

describe('blocks', () => {
  it('lists, names the blocked seats of a table, and lifts a block', async () => {
    const gus = guest('Gus');
    const hal = guest('Hal');
    const id = await tableOf(gus, hal);
    const made = await call(gus, 'POST', '/api/blocks', { tableId: id, seat: 1 });
    expect(made.status).toBe(201);
    const again = await call(gus, 'POST', '/api/blocks', { tableId: id, seat: 1 });
    expect((again.body as { id: string }).id).toBe((made.body as { id: string }).id);
    const listed = (await call(gus, 'GET', `/api/blocks?tableId=${id}`)).body as BlocksReply;
    expect(listed.blocks.map((b) => b.name)).toEqual(['Hal']);
    expect(listed.seats).toEqual([1]);
    // The blocked person is never identified to the blocker, nor told.
    expect(JSON.stringify(listed)).not.toContain(hal.browser);
    expect(((await call(hal, 'GET', `/api/blocks?tableId=${id}`)).body as BlocksReply).seats).toEqual([]);
    const lifted = await call(gus, 'DELETE', `/api/blocks/${(made.body as { id: string }).id}`);
    expect(lifted.body).toEqual({ removed: true });
    expect(((await call(gus, 'GET', '/api/blocks')).body as BlocksReply).blocks).toEqual([]);
  });

  it('keeps two seekers who would share a table apart once one blocked the other', async () => {
    const ivy = guest('Ivy');
    const jon = guest('Jon');
    const id = await tableOf(ivy, jon);
    expect((await call(jon, 'POST', '/api/blocks', { tableId: id, seat: 0 })).status).toBe(201);
    const seeker = (g: Guest) => ({
      person: `g:${g.browser}`,
      origin: { address: g.from, browser: g.browser, account: null },
      name: g.name,
      avatar: null,
    });
    // Options of their own make the pool this test's alone.
    const spec = { game: 'matchmaster', players: 4, options: { firstDealer: 2 }, level: 'random' as const };
    const first = await server.pairing.seek(seeker(ivy), spec);
    const second = await server.pairing.seek(seeker(jon), spec);
    expect(first.ok && second.ok).toBe(true);
    const people =
      second.ok && second.value.state === 'waiting' ? second.value.people.map((p) => p.name) : null;
    expect(people).toEqual(['Jon']);
    // Without a block, a third seeker joins one of their pools as usual.
    const kay = guest('Kay');
    const third = await server.pairing.seek(seeker(kay), spec);
    expect(third.ok && third.value.state === 'waiting' && third.value.people.length).toBe(2);
  });

  it('never seats a seeker in place of a bot at a table of someone who blocked them', async () => {
    const lea = guest('Lea');
    const max = guest('Max');
    const id = await tableOf(lea, max);
    expect((await call(lea, 'POST', '/api/blocks', { tableId: id, seat: 1 })).status).toBe(201);
    const seeker = (g: Guest) => ({
      person: `g:${g.browser}`,
      origin: { address: g.from, browser: g.browser, account: null },
      name: g.name,
      avatar: null,
    });
    const spec = { game: 'matchmaster', players: 2, options: { firstDealer: 0 }, level: 'random' as const };
    expect((await server.pairing.seek(seeker(lea), spec)).ok).toBe(true);
    const started = await server.pairing.startNow(`g:${lea.browser}`);
    expect(started.ok && started.value.state).toBe('seated');
    // Lea's table plays with a bot whose seat a later seeker could take over; not Max.
    const later = await server.pairing.seek(seeker(max), spec);
    expect(later.ok && later.value.state).toBe('waiting');
    // Without a block, a seeker takes that bot's seat over (Max's own pool gone first).
    expect((await server.pairing.cancel(`g:${max.browser}`)).ok).toBe(true);
    const ned = guest('Ned');
    const other = await server.pairing.seek(seeker(ned), spec);
    expect(other.ok && other.value.state).toBe('claimed');
  });
});

// --- The same rows on both databases (migration 0013): SQLite, and PostgreSQL when one answers ---

const dir = mkdtempSync(join(tmpdir(), 'matchbox-reports-'));
const schemas: string[] = [];
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (!services.databaseUrl || schemas.length === 0) return;
  const admin = new pg.Client({ connectionString: services.databaseUrl });
  await admin.connect();
  for (const schema of schemas) await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
});
const backends: [string, () => Promise<{ db: Db; store: KyselyStore }>][] = [
  [
    'sqlite',
    async () => {
      const opened = await openDb({ sqliteFile: join(dir, `r${Math.random()}.db`) });
      return { db: opened.db, store: new KyselyStore(opened.db, opened.dialect) };
    },
  ],
];
const pgUrl = services.databaseUrl;
if (pgUrl)
  backends.push([
    'postgres',
    async () => {
      const schema = runName('mbreports');
      schemas.push(schema);
      const opened = await openDb({ databaseUrl: pgUrl, schema, sqliteFile: '' });
      return { db: opened.db, store: new KyselyStore(opened.db, opened.dialect) };
    },
  ]);

const twoPeople = (id: string): TableRecord => ({
  id,
  game: 'matchmaster',
  options: {},
  players: 2,
  seed: null,
  deck: null,
  chance: [],
  seats: [
    { kind: 'human', name: 'Ada', level: 'medium', tokenHash: 'ab', left: false },
    { kind: 'human', name: 'Bo', level: 'medium', tokenHash: 'cd', left: false },
  ],
  origins: [
    { address: '10.0.0.1', browser: null, account: 'acc-ada' },
    { address: '10.0.0.2', browser: 'browser-bo-0123456789', account: null },
  ],
  status: 'playing',
  version: 0,
  revision: 0,
  isPublic: false,
  inviteHash: 'ef',
  clockSeconds: null,
  deadlineAt: null,
  creator: '10.0.0.1',
  createdAt: 1,
  updatedAt: 1,
  result: null,
});

describe.each(backends)('reports and blocks on %s', (_name, open) => {
  it('keeps a report with its chat until it is closed, and a block both ways', async () => {
    const { db, store } = await open();
    await store.createTable(twoPeople('rtable1'));
    await store.appendChat(
      {
        tableId: 'rtable1',
        id: 'l1',
        seat: 1,
        speaker: 's1',
        name: 'Bo',
        nameKey: 'bo',
        text: 'hello',
        phrase: null,
        at: 5,
      },
      200,
    );
    const reports = new ReportService(db, store, () => 1000);
    const made = await reports.report('a:acc-ada', '10.0.0.1', {
      tableId: 'rtable1',
      seat: 1,
      reason: 'spam',
    });
    expect(made.ok).toBe(true);
    const [open1] = await listReports(db);
    expect(open1).toMatchObject({ reported: 'g:browser-bo-0123456789', reportedName: 'Bo', createdAt: 1000 });
    expect(open1!.chat.map((l) => l.text)).toEqual(['hello']);
    expect(await closeReport(db, open1!.id, 2000)).toBe(true);
    expect(await closeReport(db, open1!.id, 3000)).toBe(false);
    expect(await listReports(db)).toEqual([]);
    expect((await listReports(db, 'closed'))[0]).toMatchObject({ status: 'closed', closedAt: 2000 });
    expect(await blockedEither(db, 'g:browser-bo-0123456789', 'a:acc-ada')).toBe(false);
    const block = await reports.block('g:browser-bo-0123456789', 'rtable1', 0);
    expect(block.ok && block.value.name).toBe('Ada');
    expect(await blockedEither(db, 'a:acc-ada', 'g:browser-bo-0123456789')).toBe(true);
    expect(await blockedEither(db, 'g:browser-bo-0123456789', 'a:acc-ada')).toBe(true);
    await store.close();
  });
});
