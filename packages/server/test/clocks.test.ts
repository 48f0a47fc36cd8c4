/**
 * Turn clocks on the service's own clock (service-harness.ts: fake timers, no waiting): an undo
 * gives back the time the seat had left before the undone move and never a fresh clock, so
 * taking moves back cannot hold a turn past its clock; and every turn has its clock from the
 * first one, also when the game starts because the last seat was taken by a join.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { undoDeadline } from '../src/commit-path.ts';
import type { Harness } from './service-harness.ts';
import { serviceHarness } from './service-harness.ts';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

/** A table of people only: the creator at seat 0, the others joined at once (the game starts). */
async function peopleTable(harness: Harness, game: string, players: number, options: object = {}) {
  const made = await harness.service.create(
    {
      game,
      players,
      name: 'Ada',
      options,
      clockSeconds: 5,
      seats: Array.from({ length: players }, () => ({ kind: 'open' })),
    },
    'test',
  );
  if (!made.ok) throw new Error(made.error.message);
  const id = made.value.table.id;
  for (let seat = 1; seat < players; seat++) {
    const joined = await harness.service.join(id, { name: `P${seat}`, invite: made.value.invite });
    if (!joined.ok) throw new Error(joined.error.message);
  }
  return id;
}

/** The clock's moves so far, with when they were made. */
async function clockMoves(harness: Harness, id: string) {
  return (await harness.store.actions(id)).filter((a) => a.actor === 'clock');
}

/** The seat's legal action texts now. */
function legal(harness: Harness, id: string, seat: number): string[] {
  return harness.service.current(id, seat)!.legal.map((l) => l.text);
}

describe('an undo gives back the time the move took, never a fresh clock', () => {
  it('MatchMaster: bidding and taking the bid back four times within a 5 s clock does not hold the turn past 5 s', async () => {
    h = await serviceHarness();
    const id = await peopleTable(h, 'matchmaster', 2, { handSizes: [3, 2] });
    const started = h.now();
    expect(h.service.current(id, 0)!.deadlineAt).toBe(started + 5000);
    for (let i = 0; i < 4; i++) {
      await h.advance(1000);
      const bid = legal(h, id, 0)[0]!;
      expect((await h.service.act(id, 0, bid, 'human')).ok).toBe(true);
      expect((await h.service.undo(id, 0)).ok).toBe(true);
      // The bidding goes on for both seats on the one clock of the phase: it stands.
      expect(h.service.current(id, 0)!.deadlineAt).toBe(started + 5000);
    }
    await h.advance(900);
    expect(await clockMoves(h, id)).toEqual([]);
    await h.advance(300);
    const clocked = await clockMoves(h, id);
    expect(clocked.map((a) => a.seat).sort()).toEqual([0, 1]);
    // Within the harness's step of 50 ms after the deadline.
    for (const a of clocked) expect(a.at - (started + 5000)).toBeLessThanOrEqual(100);
  });

  it('a solitaire: a move made with 2 s left and taken back a second later leaves the turn its clock as before the move, not a fresh 5 s', async () => {
    h = await serviceHarness();
    const made = await h.service.create(
      { game: 'matchet', players: 1, name: 'Ada', options: { mode: 'reserve' }, clockSeconds: 5 },
      'test',
    );
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.table.id;
    const started = h.now();
    expect(h.service.current(id, 0)!.deadlineAt).toBe(started + 5000);
    await h.advance(3000);
    expect((await h.service.act(id, 0, legal(h, id, 0)[0]!, 'human')).ok).toBe(true);
    // A move starts the next turn's clock.
    expect(h.service.current(id, 0)!.deadlineAt).toBe(started + 8000);
    await h.advance(1000);
    expect((await h.service.undo(id, 0)).ok).toBe(true);
    // The player was to act all along: the second after the move counts, as if it was never made.
    expect(h.service.current(id, 0)!.deadlineAt).toBe(started + 5000);
    await h.advance(500);
    expect((await h.service.act(id, 0, legal(h, id, 0)[0]!, 'human')).ok).toBe(true);
    await h.advance(400);
    expect((await h.service.undo(id, 0)).ok).toBe(true);
    expect(h.service.current(id, 0)!.deadlineAt).toBe(started + 5000);
    await h.advance(50);
    expect(await clockMoves(h, id)).toEqual([]);
    await h.advance(200);
    const clocked = await clockMoves(h, id);
    expect(clocked.map((a) => a.seat)).toEqual([0]);
    expect(clocked[0]!.at - (started + 5000)).toBeLessThanOrEqual(100);
  });

  it('the time given back is kept in the log: it is the same when the table is read again from the store', async () => {
    h = await serviceHarness();
    const made = await h.service.create(
      { game: 'matchet', players: 1, name: 'Ada', options: { mode: 'reserve' }, clockSeconds: 5 },
      'test',
    );
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.table.id;
    await h.advance(3000);
    expect((await h.service.act(id, 0, legal(h, id, 0)[0]!, 'human')).ok).toBe(true);
    expect((await h.store.actions(id)).map((a) => a.clockLeft)).toEqual([2000]);
  });
});

describe('the clock after an undo (undoDeadline)', () => {
  const now = 10_000;
  const fresh = now + 5000;
  it('resumes a seat whose move passed the turn on with the time it had left when it moved', () => {
    const undone = { at: 7000, clockLeft: 1500 };
    expect(undoDeadline({ fresh, current: 12_000, undone, seatToAct: false, now })).toBe(now + 1500);
  });
  it('gives a seat that stayed to act its clock as before the move: the time since counts', () => {
    const undone = { at: 7000, clockLeft: 1500 };
    expect(undoDeadline({ fresh, current: 12_000, undone, seatToAct: true, now })).toBe(8500);
  });
  it('leaves the clock of a simultaneous phase as it is', () => {
    const undone = { at: 7000, clockLeft: null };
    expect(undoDeadline({ fresh, current: 11_000, undone, seatToAct: false, now })).toBe(11_000);
  });
  it('has no clock when nobody with one is to act, and never a fresh one while one runs', () => {
    expect(undoDeadline({ fresh: null, current: 11_000, undone: null, seatToAct: true, now })).toBeNull();
    expect(undoDeadline({ fresh, current: 11_000, undone: null, seatToAct: true, now })).toBe(11_000);
    expect(undoDeadline({ fresh, current: null, undone: null, seatToAct: true, now })).toBe(fresh);
  });
});

describe('every turn has its clock from the first one', () => {
  for (const [game, players, options] of [
    ['matchmaster', 2, { handSizes: [3, 2] }],
    ['match', 2, {}],
    ['sweet16', 2, { mode: 'duel' }],
    ['matchet', 2, { rounds: 1 }],
  ] as const) {
    it(`${game}: a game started by a join has a running clock on its first turn, whoever is to act`, async () => {
      h = await serviceHarness();
      for (const joinerActsFirst of [false, true]) {
        // Tables until one whose first turn is the joiner's, and one whose first turn is not.
        let id = '';
        for (let tries = 0; tries < 12; tries++) {
          id = await peopleTable(h, game, players, options);
          if (h.service.current(id, 1)!.toAct.includes(1) === joinerActsFirst) break;
        }
        const u = h.service.current(id, 1)!;
        if (u.toAct.includes(1) !== joinerActsFirst) continue; // this game always starts one way
        expect(u.status).toBe('playing');
        expect(u.deadlineAt).toBe(h.now() + 5000);
        const toAct = u.toAct;
        await h.advance(5100);
        const clocked = await clockMoves(h, id);
        expect(clocked.length).toBeGreaterThan(0);
        expect(toAct).toContain(clocked[0]!.seat);
      }
    });
  }
});
