/**
 * Stand-ins and turn limits on the service's own clock (service-harness.ts): a seat whose
 * connection closed for longer than the grace is played by a stand-in, a reload within it is
 * not; two run-out clocks in a row mark a person away; "back" and any action of theirs return
 * the seat; a table where no person is left ends as abandoned.
 */
import { DEFAULT_CLOCK_SECONDS } from '@matchbox/client/wire';
import { afterEach, describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config.ts';
import { ABANDON_AFTER_MS, STAND_IN_GRACE_MS } from '../src/tables.ts';
import type { Harness } from './service-harness.ts';
import { serviceHarness } from './service-harness.ts';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

/** A two-person MatchMaster table, both seats connected once. */
async function twoPeople(harness: Harness, clockSeconds?: number) {
  const made = await harness.service.create(
    {
      game: 'matchmaster',
      players: 2,
      name: 'Ada',
      seats: [{ kind: 'open' }, { kind: 'open' }],
      ...(clockSeconds ? { clockSeconds } : {}),
    },
    'test',
  );
  if (!made.ok) throw new Error(made.error.message);
  const id = made.value.table.id;
  const joined = await harness.service.join(id, { name: 'Bob', invite: made.value.invite });
  if (!joined.ok) throw new Error(joined.error.message);
  harness.service.connected(id, 0, +1);
  harness.service.connected(id, 1, +1);
  await harness.advance(100);
  return id;
}

const seatsOf = (harness: Harness, id: string) => harness.service.current(id, null)!.seats;
const actorsOf = async (harness: Harness, id: string) =>
  (await harness.store.actions(id)).map((a) => a.actor);
const legal = (harness: Harness, id: string, seat: number) =>
  harness.service.current(id, seat)!.legal.map((l) => l.text);

describe('the turn clock by default', () => {
  it(`a table of several seats gets ${DEFAULT_CLOCK_SECONDS} s a move; a solitaire gets none`, async () => {
    h = await serviceHarness();
    const id = await twoPeople(h);
    expect((await h.service.summary(id))!.clockSeconds).toBe(DEFAULT_CLOCK_SECONDS);
    expect(h.service.current(id, 0)!.deadlineAt).toBe(h.now() - 100 + DEFAULT_CLOCK_SECONDS * 1000);
    const solo = await h.service.create(
      { game: 'matchet', players: 1, name: 'Ada', options: { mode: 'reserve' } },
      'test',
    );
    expect(solo.ok && solo.value.table.clockSeconds).toBeNull();
  });
});

describe('a seat without a connection', () => {
  it('gets a stand-in once its connection has been closed for longer than the grace, who plays for it', async () => {
    h = await serviceHarness();
    const id = await twoPeople(h);
    h.service.connected(id, 1, -1);
    await h.advance(STAND_IN_GRACE_MS - 1000);
    expect(seatsOf(h, id)[1]!.standIn).toBeNull();
    await h.advance(1500);
    expect(seatsOf(h, id)[1]).toMatchObject({ standIn: 'absent', connected: false });
    // Both bid at once: the stand-in bids for seat 1 at once, with no clock.
    expect(await actorsOf(h, id)).toEqual(['standin']);
    expect((await h.service.act(id, 0, legal(h, id, 0)[0]!, 'human')).ok).toBe(true);
    await h.advance(200);
    expect((await actorsOf(h, id)).filter((a) => a === 'human')).toHaveLength(1);
    // The person comes back (a connection of the seat again): the seat is theirs at once.
    h.service.connected(id, 1, +1);
    await h.advance(100);
    expect(seatsOf(h, id)[1]!.standIn).toBeNull();
  });

  it('waits the grace the configuration sets (STAND_IN_GRACE_MS)', async () => {
    h = await serviceHarness(1_000_000, { standInGraceMs: 2000 });
    const id = await twoPeople(h);
    h.service.connected(id, 1, -1);
    await h.advance(1500);
    expect(seatsOf(h, id)[1]!.standIn).toBeNull();
    await h.advance(1000);
    expect(seatsOf(h, id)[1]!.standIn).toBe('absent');
  });

  it('a reload within the grace never hands the seat over', async () => {
    h = await serviceHarness();
    const id = await twoPeople(h);
    for (let i = 0; i < 3; i++) {
      h.service.connected(id, 1, -1);
      await h.advance(2000);
      h.service.connected(id, 1, +1);
      await h.advance(STAND_IN_GRACE_MS);
    }
    expect(seatsOf(h, id)[1]!.standIn).toBeNull();
    expect(await actorsOf(h, id)).toEqual([]);
  });
});

describe('run-out clocks', () => {
  it('two in a row mark the person away, played for at once; "back" and an action of theirs return the seat', async () => {
    h = await serviceHarness();
    const id = await twoPeople(h, 5);
    // Seat 0 bids in time; seat 1 lets the clock run out.
    expect((await h.service.act(id, 0, legal(h, id, 0)[0]!, 'human')).ok).toBe(true);
    await h.advance(5200);
    expect(await actorsOf(h, id)).toEqual(['human', 'clock']);
    expect(seatsOf(h, id)[1]!.standIn).toBeNull();
    // Now the play: whoever is to act lets it run out; seat 0 plays when it is theirs.
    const playOn = async () => {
      for (let i = 0; i < 40 && seatsOf(h!, id)[1]!.standIn !== 'away'; i++) {
        const toAct = h!.service.current(id, null)!.toAct;
        if (toAct.includes(0))
          expect((await h!.service.act(id, 0, legal(h!, id, 0)[0]!, 'human')).ok).toBe(true);
        else await h!.advance(1000);
      }
    };
    await playOn();
    expect(seatsOf(h, id)[1]!.standIn).toBe('away');
    expect((await actorsOf(h, id)).filter((a) => a === 'clock')).toHaveLength(2);
    // From now on the stand-in plays for seat 1 at once (no clock for it).
    for (let i = 0; i < 6; i++) {
      const toAct = h.service.current(id, null)!.toAct;
      if (toAct.includes(0)) await h.service.act(id, 0, legal(h, id, 0)[0]!, 'human');
      await h.advance(100);
    }
    expect(await actorsOf(h, id)).toContain('standin');
    // "Back": the seat is the person's again at once.
    expect((await h.service.back(id, 1, null)).ok).toBe(true);
    expect(seatsOf(h, id)[1]!.standIn).toBeNull();
    const again = await h.service.back(id, 1, null);
    expect(!again.ok && again.error.code).toBe('no_stand_in');
  });

  it("any action of the person's returns the seat, and clears the count of run-outs", async () => {
    // Stand-ins and bots wait 2 s before they move (the server's pace), so a person can act first.
    h = await serviceHarness(undefined, { botPaceMs: 2000 });
    const id = await twoPeople(h);
    h.service.connected(id, 1, -1);
    await h.advance(STAND_IN_GRACE_MS + 500);
    expect(seatsOf(h, id)[1]!.standIn).toBe('absent');
    // The person bids while the stand-in is about to: the bid is theirs, and so is the seat.
    expect((await h.service.act(id, 1, legal(h, id, 1)[0]!, 'human')).ok).toBe(true);
    expect(seatsOf(h, id)[1]!.standIn).toBeNull();
    await h.advance(3000);
    expect(await actorsOf(h, id)).toEqual(['human']);
    expect((await h.store.getTable(id))!.seats[1]).toMatchObject({ standIn: null, timeouts: 0 });
  });
});

describe('a table where no person is left', () => {
  it('ends as abandoned when every person left', async () => {
    h = await serviceHarness();
    const made = await h.service.create(
      {
        game: 'matchmaster',
        players: 2,
        name: 'Ada',
        seats: [{ kind: 'open' }, { kind: 'open' }],
      },
      { address: 'ada', browser: 'browser-ada-0123456789', account: null },
    );
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.table.id;
    const bob = await h.service.join(
      id,
      { name: 'Bob', invite: made.value.invite },
      { address: 'bob', browser: 'browser-bob-0123456789', account: null },
    );
    if (!bob.ok) throw new Error(bob.error.message);
    expect((await h.service.leave(id, bob.value.token)).ok).toBe(true);
    // One person left: a stand-in plays Bob's seat; the table goes on.
    await h.advance(200);
    expect((await h.store.getTable(id))!.status).toBe('playing');
    expect(await h.store.leavesAt(id)).toMatchObject([{ person: 'g:browser-bob-0123456789', how: 'left' }]);
    expect((await h.service.leave(id, made.value.ticket!.token)).ok).toBe(true);
    await h.service.reviewPresence();
    await h.advance(200);
    const stored = (await h.store.getTable(id))!;
    expect(stored.status).toBe('abandoned');
    expect(h.service.current(id, null)!.status).toBe('abandoned');
  });

  it('ends as abandoned a while after every person is away or absent, and their leaving is kept', async () => {
    h = await serviceHarness(undefined, { botPaceMs: 2000 });
    const id = await twoPeople(h);
    h.service.connected(id, 0, -1);
    h.service.connected(id, 1, -1);
    await h.advance(STAND_IN_GRACE_MS + 500);
    expect(seatsOf(h, id).map((s) => s.standIn)).toEqual(['absent', 'absent']);
    expect((await h.store.getTable(id))!.status).toBe('playing');
    await h.advance(60_000);
    expect((await h.store.getTable(id))!.status).toBe('abandoned');
    // Nobody's person is known here (no account, no browser id): nothing is kept of them.
    expect(await h.store.leavesAt(id)).toEqual([]);
  });
});

describe('the configuration of the grace and the abandon delay', () => {
  it('defaults to 15 s and 60 s, takes values in bounds and refuses others at start', () => {
    expect(configFromEnv({})).toMatchObject({
      standInGraceMs: STAND_IN_GRACE_MS,
      abandonAfterMs: ABANDON_AFTER_MS,
    });
    expect(configFromEnv({ STAND_IN_GRACE_MS: '2000', ABANDON_AFTER_MS: '20000' })).toMatchObject({
      standInGraceMs: 2000,
      abandonAfterMs: 20_000,
    });
    for (const bad of ['0', '999', '600001', 'soon', '-5'])
      expect(() => configFromEnv({ STAND_IN_GRACE_MS: bad })).toThrow(/STAND_IN_GRACE_MS/);
    for (const bad of ['500', '86400001', 'never'])
      expect(() => configFromEnv({ ABANDON_AFTER_MS: bad })).toThrow(/ABANDON_AFTER_MS/);
  });
});
