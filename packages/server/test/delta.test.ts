/**
 * Delta updates (client/src/delta.ts) on every game: seeded random whole games played through the
 * referee, with takebacks where the policy allows and the table's own fields (seats, clock, pause)
 * changing now and then, checking for every seat and a spectator that the delta from its update of
 * the previous version, applied to that update, is exactly its full update of this version, and
 * that the delta carries nothing that is not in that viewer's own full update.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame, GameEvent, Viewer } from '@matchbox/engine';
import { GAMES, GameSession, Rng } from '@matchbox/engine';
import type { PublicSeat, TableUpdate } from '@matchbox/client/wire';
import { applyDelta, deltaOf, sameJson } from '@matchbox/client/wire';
import { tableUpdate } from '../../client/test/table-update.ts';

interface Case {
  readonly game: string;
  readonly players: number;
  readonly options?: Record<string, unknown>;
}

const CASES: readonly Case[] = [
  { game: 'matchmaster', players: 4, options: { handSizes: [3, 2, 1] } },
  { game: 'matchmaster', players: 2 },
  { game: 'match', players: 3, options: { target: 10 } },
  { game: 'matchet', players: 3, options: { rounds: 1 } },
  { game: 'matchet', players: 1, options: { mode: 'reserve' } },
  { game: 'sweet16', players: 3, options: { turnLimit: 40 } },
  { game: 'sweet16', players: 2, options: { mode: 'duel' } },
];
const SEEDS = ['d1', 'd2'];
const MAX_STEPS = 400;

const gameOf = (id: string): AnyGame => GAMES.find((g) => g.meta.id === id)!;

function seatsOf(players: number, rng: Rng): PublicSeat[] {
  return Array.from({ length: players }, (_, seat) => ({
    seat,
    kind: 'human' as const,
    name: `P${seat}`,
    avatar: null,
    level: null,
    left: false,
    connected: rng.int(3) > 0,
    standIn: null,
  }));
}

/** Plays one game; returns how many deltas were checked and their bytes against the full updates'. */
function playThrough(c: Case, seed: string): { checked: number; deltaBytes: number; fullBytes: number } {
  const game = gameOf(c.game);
  const started = GameSession.start(game, { players: c.players, seed, options: c.options as never });
  if (!started.ok) throw new Error(started.error.message);
  const { session } = started.value;
  const viewers: Viewer[] = [...Array.from({ length: c.players }, (_, s) => s), null];
  const rng = Rng.fromSeed(`delta:${seed}`);
  let version = 0;
  let seats = seatsOf(c.players, rng);
  let deadlineAt: number | null = null;
  const updateOf = (v: Viewer, events: readonly GameEvent[]): TableUpdate => ({
    tableId: 't1',
    version,
    from: events.length > 0 || version === 0 ? Math.max(0, version - 1) : version,
    ...session.updateFor(v, events),
    status: game.isOver(session.state) ? 'finished' : 'playing',
    seats,
    deadlineAt,
    pauseUntil: rng.int(4) === 0 ? 1000 + version : null,
    rated: null,
  });
  let shown = viewers.map((v) => updateOf(v, []));
  let checked = 0;
  let deltaBytes = 0;
  let fullBytes = 0;
  for (let step = 0; step < MAX_STEPS && !game.isOver(session.state); step++) {
    const acting = game.toAct(session.state);
    const seat = acting[rng.int(acting.length)]!;
    let events: readonly GameEvent[];
    if (rng.int(10) === 0 && session.undoRefusal(seat) === null) {
      const undone = session.proposeUndo(seat);
      if (!undone.ok) throw new Error(undone.error.message);
      session.accept(undone.value);
      events = undone.value.events;
    } else {
      const legal = game.legalActions(session.state, seat);
      const applied = session.act(seat, legal[rng.int(legal.length)]);
      if (!applied.ok) throw new Error(applied.error.message);
      events = applied.value.events;
    }
    version++;
    if (rng.int(5) === 0) seats = seatsOf(c.players, rng);
    deadlineAt = rng.int(2) === 0 ? null : 5000 + version;
    const next = viewers.map((v) => updateOf(v, events));
    viewers.forEach((_, i) => {
      const full = next[i]!;
      const delta = deltaOf(shown[i]!, full);
      expect(delta).not.toBeNull();
      // Nothing in it but what this viewer's own full update holds.
      for (const [k, value] of Object.entries(delta!.view))
        expect(sameJson(value, (full.view as Record<string, unknown>)[k])).toBe(true);
      const applied = applyDelta(shown[i]!, delta!);
      expect(applied).toEqual(JSON.parse(JSON.stringify(full)));
      // Written the same, to the order of every object's keys.
      expect(JSON.stringify(applied)).toBe(JSON.stringify(full));
      // A delta does not apply to an update of another version.
      expect(applyDelta(full, delta!)).toBeNull();
      checked++;
      deltaBytes += JSON.stringify(delta).length;
      fullBytes += JSON.stringify(full).length;
    });
    shown = next;
  }
  return { checked, deltaBytes, fullBytes };
}

describe('delta updates', () => {
  for (const c of CASES) {
    it(`${c.game} ${c.players}p: every delta gives exactly each viewer's full update`, () => {
      let checked = 0;
      let deltaBytes = 0;
      let fullBytes = 0;
      for (const seed of SEEDS) {
        const r = playThrough(c, seed);
        checked += r.checked;
        deltaBytes += r.deltaBytes;
        fullBytes += r.fullBytes;
      }
      expect(checked).toBeGreaterThan(20);
      // Deltas are worth sending: smaller than the full updates, all told.
      expect(deltaBytes).toBeLessThan(fullBytes);
    });
  }

  it('sameJson tells values and the order of keys apart, and skips undefined keys', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { a: 1, b: [1, { c: 2 }] })).toBe(true);
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(false);
    expect(sameJson({ a: 1, u: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ u: undefined, a: 1 }, { a: 1, v: undefined })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson([], {})).toBe(false);
    expect(sameJson(null, {})).toBe(false);
  });

  it('a view key that goes away is removed, one that comes is added', () => {
    const base = { ...fullUpdate(1, 1), view: { a: 1, gone: 2 } };
    const next = { ...fullUpdate(2, 1), view: { a: 1, fresh: [3] } };
    const delta = deltaOf(base, next)!;
    expect(delta.view).toEqual({ fresh: [3] });
    expect(delta.viewRemoved).toEqual(['gone']);
    expect(applyDelta(base, delta)).toEqual(next);
    // No move, another version or another seat: no delta.
    expect(deltaOf(base, fullUpdate(1, 1))).toBeNull();
    expect(deltaOf(fullUpdate(0, 0), next)).toBeNull();
    expect(deltaOf({ ...base, seat: 1 }, next)).toBeNull();
  });
});

const fullUpdate = (version: number, from: number): TableUpdate =>
  tableUpdate({ version, from, view: { a: version } });
