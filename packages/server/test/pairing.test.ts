/**
 * Pairing (pairing.ts): the pools' rules on one server with SQLite. Two seekers of one pool share a
 * table; the countdown is the first seeker's; "Start with bots"; cancelling; one pool per person;
 * blocked people never share a pool; a later seeker takes over a bot at the next hand, and the
 * table's record is untouched by it.
 */
import type { SeekStatus } from '@matchbox/client/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveTable } from '../src/live-table.ts';
import type { Seeker, SeekSpec } from '../src/pairing.ts';
import { PairingService, poolKey } from '../src/pairing.ts';
import type { ServerConfig } from '../src/config.ts';
import { startTestServer } from './helpers.ts';
import { dropRunData, runName, services } from './services.ts';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;

beforeAll(async () => {
  // A long countdown: these tests start pools themselves, never by the clock.
  server = await startTestServer({ pairingCountdownMs: 600_000 });
});
afterAll(() => server.stop());

let n = 0;
const person = (name: string): Seeker => {
  const browser = `browser-${name}-${++n}-abcdefghijkl`;
  return {
    person: `g:${browser}`,
    origin: { address: '127.0.0.1', browser, account: null },
    name,
    avatar: null,
  };
};
const spec = (players: number, extra: Partial<SeekSpec> = {}): SeekSpec => ({
  game: 'matchmaster',
  players,
  options: {},
  level: 'random',
  ...extra,
});
function value(outcome: { ok: boolean; value?: SeekStatus; error?: { code: string } }): SeekStatus {
  if (!outcome.ok) throw new Error(`refused: ${outcome.error?.code}`);
  return outcome.value!;
}

describe('pairing pools', () => {
  it('seats two seekers of one pool at one table, with bots at the free seats', async () => {
    // Options make each test's pool its own (they change nothing of the game here).
    const s = spec(4, { options: { firstDealer: 1 } });
    const anna = person('Anna');
    const ben = person('Ben');
    const first = value(await server.pairing.seek(anna, s));
    const second = value(await server.pairing.seek(ben, s));
    expect(first.state).toBe('waiting');
    expect(second.state === 'waiting' && second.people.map((p) => p.name)).toEqual(['Anna', 'Ben']);
    // The countdown is the first seeker's: the second does not restart it.
    expect(first.state === 'waiting' && second.state === 'waiting' && second.startsAt).toBe(
      first.state === 'waiting' && first.startsAt,
    );
    const started = value(await server.pairing.startNow(ben.person));
    const annaNow = value(await server.pairing.status(anna.person));
    expect(started.state).toBe('seated');
    expect(annaNow.state).toBe('seated');
    if (started.state !== 'seated' || annaNow.state !== 'seated') return;
    expect(started.ticket.tableId).toBe(annaNow.ticket.tableId);
    expect([annaNow.ticket.seat, started.ticket.seat]).toEqual([0, 1]);
    const table = await server.service.summary(started.ticket.tableId);
    expect(table?.status).toBe('playing');
    expect(table?.seats.map((x) => [x.kind, x.kind === 'human' ? x.name : x.level])).toEqual([
      ['human', 'Anna'],
      ['human', 'Ben'],
      ['bot', 'random'],
      ['bot', 'random'],
    ]);
    // The tickets hold the seats.
    const attached = await server.service.attach(started.ticket.tableId, started.ticket.token, undefined);
    expect(attached.ok && attached.value.seat).toBe(1);
  });

  it('starts a full pool at once, without bots', async () => {
    const s = spec(2, { options: { firstDealer: 0 } });
    value(await server.pairing.seek(person('Cleo'), s));
    const full = value(await server.pairing.seek(person('Dan'), s));
    expect(full.state).toBe('seated');
    if (full.state !== 'seated') return;
    const table = await server.service.summary(full.ticket.tableId);
    expect(table?.seats.map((x) => x.kind)).toEqual(['human', 'human']);
  });

  it('starts when the countdown ends, by the sweep, not before', async () => {
    // Far ahead of the server's own clock, so that its sweep leaves this pool alone.
    const t0 = Date.now() + 1e9;
    let clock = t0;
    const pairing = new PairingService(server.db, 'sqlite', () => server.service, silentLog, {
      now: () => clock,
      countdownMs: 10_000,
    });
    const s = spec(3, { options: { firstDealer: 2 } });
    const eve = person('Eve');
    const fay = person('Fay');
    value(await pairing.seek(eve, s));
    clock += 4_000;
    const later = value(await pairing.seek(fay, s));
    expect(later.state === 'waiting' && later.startsAt).toBe(t0 + 10_000);
    clock += 5_999;
    await pairing.sweep();
    expect(value(await pairing.status(eve.person)).state).toBe('waiting');
    clock += 1;
    await pairing.sweep();
    const seated = value(await pairing.status(fay.person));
    expect(seated.state).toBe('seated');
  });

  it('does not seat a seeker whose page closed while waiting; a reload keeps the seek', async () => {
    const s = spec(4, { options: { firstDealer: 2 } });
    const ida = person('Ida');
    const jon = person('Jon');
    const kay = person('Kay');
    for (const p of [ida, jon, kay]) value(await server.pairing.seek(p, s));
    // Ida's page closes; Jon's reloads (its page asks for the status again); Kay stays.
    expect(await server.pairing.leaving(ida.person)).toEqual({ ok: true, value: { leaving: true } });
    expect((await server.pairing.leaving(jon.person)).ok).toBe(true);
    const jonBack = value(await server.pairing.status(jon.person));
    expect(jonBack.state === 'waiting' && jonBack.people.map((p) => p.name)).toEqual(['Jon', 'Kay']);
    const started = value(await server.pairing.startNow(kay.person));
    expect(started.state).toBe('seated');
    if (started.state !== 'seated') return;
    const table = await server.service.summary(started.ticket.tableId);
    expect(table?.seats.map((x) => (x.kind === 'human' ? x.name : x.kind))).toEqual([
      'Jon',
      'Kay',
      'bot',
      'bot',
    ]);
    expect(value(await server.pairing.status(jon.person)).state).toBe('seated');
    // Ida left the pool: no seat, no seek.
    expect(await server.pairing.status(ida.person)).toMatchObject({
      ok: false,
      error: { code: 'not_seeking' },
    });
    expect(await server.pairing.leaving(ida.person)).toEqual({ ok: true, value: { leaving: false } });
  });

  it('lets a seeker cancel, and the others stay in the pool', async () => {
    const s = spec(4, { options: { firstDealer: 3 } });
    const gus = person('Gus');
    const hal = person('Hal');
    value(await server.pairing.seek(gus, s));
    value(await server.pairing.seek(hal, s));
    expect(await server.pairing.cancel(gus.person)).toEqual({ ok: true, value: { cancelled: true } });
    const status = await server.pairing.status(gus.person);
    expect(!status.ok && status.error.code).toBe('not_seeking');
    const left = value(await server.pairing.status(hal.person));
    expect(left.state === 'waiting' && left.people.map((p) => p.name)).toEqual(['Hal']);
    // Cancelling twice is refused with a code.
    const again = await server.pairing.cancel(gus.person);
    expect(!again.ok && again.error.code).toBe('not_seeking');
  });

  it('keeps one pool per person at a time', async () => {
    const ida = person('Ida');
    value(await server.pairing.seek(ida, spec(5)));
    for (const other of [spec(5), spec(3), { ...spec(2), game: 'match' }]) {
      const twice = await server.pairing.seek(ida, other);
      expect(!twice.ok && twice.error.code).toBe('already_seeking');
    }
    // Once seated, the person may seek again.
    value(await server.pairing.startNow(ida.person));
    expect(value(await server.pairing.seek(ida, spec(5))).state).toBe('waiting');
  });

  it('refuses a game, player count or option it cannot seat, with its code', async () => {
    const codes = [];
    for (const bad of [
      { ...spec(4), game: 'chess' },
      spec(9),
      { ...spec(1), game: 'matchet', options: { mode: 'reserve' } },
      spec(4, { options: { firstDealer: 'x' } }),
    ]) {
      const r = await server.pairing.seek(person('Jo'), bad);
      codes.push(!r.ok && r.error.code);
    }
    expect(codes).toEqual(['unknown_game', 'invalid_players', 'invalid_players', 'invalid_option']);
  });

  it('never puts two people who may not share a table in one pool', async () => {
    const kim = person('Kim');
    const lou = person('Lou');
    const blocked = new Set([`${kim.person}|${lou.person}`]);
    const pairing = new PairingService(server.db, 'sqlite', () => server.service, silentLog, {
      policy: {
        mayShareTable: async (a, b) => !blocked.has(`${a}|${b}`) && !blocked.has(`${b}|${a}`),
      },
    });
    const s = spec(4, { options: { firstDealer: 0, handSizes: [1, 2] } });
    value(await pairing.seek(kim, s));
    const louStatus = value(await pairing.seek(lou, s));
    expect(louStatus.state === 'waiting' && louStatus.people.map((p) => p.name)).toEqual(['Lou']);
  });
});

describe('taking over a bot', () => {
  it('seats a later seeker in place of a bot at the next hand; the record is untouched', async () => {
    const s = spec(2, { options: { firstDealer: 1 } });
    const max = person('Max');
    const started = value(await server.pairing.seek(max, s));
    expect(started.state).toBe('waiting');
    const seated = value(await server.pairing.startNow(max.person));
    if (seated.state !== 'seated') throw new Error('not seated');
    const { tableId, seat } = seated.ticket;
    const nia = person('Nia');
    const claim = value(await server.pairing.seek(nia, s));
    expect(claim).toMatchObject({ state: 'claimed', tableId, seat: 1 - seat });
    // Max plays the first hand (7 cards); the bot plays until the next hand is dealt.
    const botSeat = 1 - seat;
    await playUntil(
      tableId,
      seat,
      async () => (await server.service.summary(tableId))?.seats[botSeat]?.kind === 'human',
    );
    const summary = await server.service.summary(tableId);
    expect(summary?.seats[botSeat]).toMatchObject({ kind: 'human', name: 'Nia' });
    const now = value(await server.pairing.status(nia.person));
    expect(now).toMatchObject({ state: 'seated', ticket: { tableId, seat: botSeat } });
    // Nia's seat is at the start of hand 2: six cards, nothing played yet.
    const view = server.service.current(tableId, botSeat)?.view as {
      hand: number;
      handCounts: number[];
      hasBid: boolean[];
    };
    expect([view.hand, view.handCounts[botSeat], view.hasBid[botSeat]]).toEqual([2, 6, false]);
    // The log holds only the game's actions: a fresh load from the store is the same game.
    const record = await server.store.getTable(tableId);
    const reloaded = await LiveTable.load(record!, server.store);
    const live = server.service.inspect(tableId)!;
    expect(live.game.serialize(reloaded.state)).toEqual(live.game.serialize(live.state));
    const log = await server.store.actions(tableId);
    expect(log.length).toBe(record!.version);
    expect(log.filter((a) => a.seat === botSeat).every((a) => a.actor === 'bot')).toBe(true);
  });
});

describe('a claim whose table ends first', () => {
  it('is put back into the pools, so the seeker is not lost', async () => {
    // One hand of one card: the game ends before any next hand.
    const s = spec(2, { options: { handSizes: [1] } });
    const rae = person('Rae');
    const seated = value(await server.pairing.startNow((await seekAndGet(rae, s)).person));
    if (seated.state !== 'seated') throw new Error('not seated');
    const { tableId, seat } = seated.ticket;
    const sam = person('Sam');
    expect(value(await server.pairing.seek(sam, s))).toMatchObject({ state: 'claimed', tableId });
    await playUntil(
      tableId,
      seat,
      async () => (await server.service.summary(tableId))?.status === 'finished',
    );
    expect((await server.service.summary(tableId))?.status).toBe('finished');
    const after = value(await server.pairing.status(sam.person));
    expect(after.state === 'waiting' && after.people.map((p) => p.name)).toEqual(['Sam']);
  });
});

/**
 * Plays `seat`'s first legal choice whenever it is to act, waiting for the bots between, until
 * `reached`. The bots' pace is the machine's: on a loaded one a hand takes seconds, so the wait is
 * bounded by time (a minute), not by a count of naps.
 */
async function playUntil(tableId: string, seat: number, reached: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !(await reached())) {
    const legal = server.service.current(tableId, seat)?.legal ?? [];
    if (legal.length > 0) await server.service.act(tableId, seat, legal[0]!.text, 'human');
    else await new Promise((r) => setTimeout(r, 20));
  }
}

async function seekAndGet(seeker: Seeker, s: SeekSpec): Promise<Seeker> {
  expect(value(await server.pairing.seek(seeker, s)).state).toBe('waiting');
  return seeker;
}

describe('without a countdown', () => {
  it('gives each seeker a table of their own at once (pairing off)', async () => {
    const pairing = new PairingService(server.db, 'sqlite', () => server.service, silentLog, {
      countdownMs: 0,
    });
    const s = spec(3, { options: { firstDealer: 1 } });
    const [a, b] = [
      value(await pairing.seek(person('Pia'), s)),
      value(await pairing.seek(person('Quin'), s)),
    ];
    expect([a.state, b.state]).toEqual(['seated', 'seated']);
    if (a.state !== 'seated' || b.state !== 'seated') return;
    expect(a.ticket.tableId).not.toBe(b.ticket.tableId);
  });
});

describe.each(backends())('seekers at once (%s)', (_name, db) => {
  it('share tables, each seated once, none short of its seats', async () => {
    const own = await startTestServer({ ...db(), pairingCountdownMs: 600_000 });
    try {
      const s = spec(3, { options: { firstDealer: 2 } });
      const crowd = Array.from({ length: 10 }, (_, i) => person(`Crowd ${i}`));
      await Promise.all(crowd.map((c) => own.pairing.seek(c, s)));
      // The pool that is not full (whoever the seeks running at once left in it) starts with a bot.
      const waiting = [];
      for (const c of crowd)
        if (value(await own.pairing.status(c.person)).state === 'waiting') waiting.push(c);
      expect(waiting).toHaveLength(1);
      await own.pairing.startNow(waiting[0]!.person);
      // A pool's start is two steps (claimed, then seated) that another seeker's call may be in
      // the middle of: as the lobby does, ask again until every seeker is seated.
      const statuses = () => Promise.all(crowd.map(async (c) => value(await own.pairing.status(c.person))));
      let seated = await statuses();
      for (let i = 0; i < 100 && seated.some((x) => x.state !== 'seated'); i++) {
        await new Promise((r) => setTimeout(r, 50));
        seated = await statuses();
      }
      const tickets = seated.map((x) => (x.state === 'seated' ? x.ticket : null));
      expect(
        seated.map((x) => x.state),
        'every seeker seated',
      ).toEqual(crowd.map(() => 'seated'));
      const seats = tickets.map((t) => `${t!.tableId}/${t!.seat}`);
      expect(new Set(seats).size).toBe(crowd.length);
      const tables = [...new Set(tickets.map((t) => t!.tableId))];
      expect(tables).toHaveLength(4);
      for (const id of tables) {
        const table = await own.service.summary(id);
        expect(table?.seats.filter((x) => x.kind === 'open')).toEqual([]);
        expect(table?.status).toBe('playing');
      }
    } finally {
      await own.stop();
    }
  });
});

/** SQLite, and PostgreSQL when one answers (services.ts), in a schema of this run's own. */
function backends(): [string, () => Partial<ServerConfig>][] {
  const list: [string, () => Partial<ServerConfig>][] = [['sqlite', () => ({})]];
  if (services.databaseUrl)
    list.push([
      'postgres',
      () => {
        const schema = runName('mbpair');
        schemas.push(schema);
        return { databaseUrl: services.databaseUrl, databaseSchema: schema };
      },
    ]);
  return list;
}
const schemas: string[] = [];
afterAll(async () => {
  for (const schema of schemas) await dropRunData(schema, `matchbox-none-${schema}:`);
});

describe('pool keys', () => {
  it('name a pool by game, players and options, whatever the options order', () => {
    expect(poolKey({ game: 'matchet', players: 3, options: { rounds: 4, mode: 'multi' } })).toBe(
      poolKey({ game: 'matchet', players: 3, options: { mode: 'multi', rounds: 4 } }),
    );
    expect(poolKey(spec(2))).not.toBe(poolKey(spec(3)));
  });
});

const silentLog = (await import('pino')).pino({ level: 'silent' });

describe('the pairing routes', () => {
  const post = async (path: string, body: unknown) => {
    const r = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: r.status, body: (await r.json()) as { state?: string; error?: { code: string } } };
  };

  it('seeks, answers where the seek stands, refuses a second seek and cancels, with codes', async () => {
    const browser = 'route-browser-0123456789';
    const seek = { game: 'matchet', players: 3, options: { rounds: 1 }, name: 'Ola', browser };
    expect(await post('/api/pairing', seek)).toMatchObject({ status: 201, body: { state: 'waiting' } });
    expect(await post('/api/pairing', seek)).toMatchObject({
      status: 409,
      body: { error: { code: 'already_seeking' } },
    });
    expect(await post('/api/pairing/status', { browser })).toMatchObject({
      status: 200,
      body: { state: 'waiting' },
    });
    expect(await post('/api/pairing/cancel', { browser })).toMatchObject({ status: 200 });
    expect(await post('/api/pairing/status', { browser })).toMatchObject({
      status: 404,
      body: { error: { code: 'not_seeking' } },
    });
    // A guest without a browser id, and a browser id that is not one.
    expect((await post('/api/pairing', { ...seek, browser: undefined })).body.error?.code).toBe(
      'invalid_request',
    );
    expect((await post('/api/pairing/status', { browser: 'short' })).body.error?.code).toBe(
      'invalid_request',
    );
  });
});
