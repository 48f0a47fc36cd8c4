/**
 * A game of several grids (matchbox ruling S16-X11, the `grids` option): when a grid ends by
 * S16-7 its scores are kept, every card is laid again, piles, diamonds and memories start afresh,
 * the next seat begins, and the scores add up.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, Json, Sweet16Event } from '../../src/index.ts';
import { GameSession, Rng, replay, sweet16 } from '../../src/index.ts';
import type { Sweet16State } from '../../src/games/sweet16/state.ts';

interface Playout {
  readonly session: GameSession;
  readonly events: GameEvent<Sweet16Event>[];
  /** The state right after each grid ended (a copy). */
  readonly afterGrid: Sweet16State[];
}

/** A random playout to the end (every state checked), keeping the states where a grid ended. */
function playout(options: Record<string, Json>, moves: string, seed = 'grids', players = 3): Playout {
  const made = GameSession.start(sweet16, { players, seed, options });
  if (!made.ok) throw new Error(made.error.message);
  const session = made.value.session;
  const events = [...made.value.events] as GameEvent<Sweet16Event>[];
  const afterGrid: Sweet16State[] = [];
  const rng = Rng.fromSeed(moves);
  for (let i = 0; i < 40_000 && !sweet16.isOver(session.state); i++) {
    const s = session.state;
    const seat = sweet16.toAct(s)[0]!;
    const legal = sweet16.legalActions(s, seat);
    const applied = session.act(seat, legal[rng.int(legal.length)]);
    if (!applied.ok) throw new Error(applied.error.message);
    expect(sweet16.verify(session.state)).toBeNull();
    const added = applied.value.events;
    events.push(...added);
    if (added.some((e) => e.all?.type === 'grid_over')) afterGrid.push(sweet16.clone(session.state));
  }
  return { session, events, afterGrid };
}

const bodies = (events: GameEvent<Sweet16Event>[], type: string) =>
  events.map((e) => e.all).filter((b): b is Sweet16Event => b?.type === type);

describe('Sweet16 grids (ruling S16-X11)', () => {
  const three = playout({ grids: 3, turnLimit: 100000 }, 'three grids');
  const state = three.session.state as Sweet16State;

  it('plays three grids, each laid afresh and recorded as a chance outcome', () => {
    expect(sweet16.isOver(state)).toBe(true);
    const laid = three.events.filter((e) => e.all?.type === 'grid_laid');
    expect(laid).toHaveLength(3);
    expect(laid.map((e) => (e.all as { number?: number }).number)).toEqual([1, 2, 3]);
    for (const e of laid) expect(new Set(e.chance).size).toBe(54);
    expect(bodies(three.events, 'grid_over').map((b) => (b as { grid: number }).grid)).toEqual([1, 2]);
  });

  it('adds the grids up: the totals and the result are the sums of each grid', () => {
    const overs = bodies(three.events, 'grid_over') as Extract<Sweet16Event, { type: 'grid_over' }>[];
    expect(overs[1]!.totals).toEqual(overs[0]!.scores.map((x, seat) => x + overs[1]!.scores[seat]!));
    const view = sweet16.view(state, null);
    expect(view.gridScores).toEqual(overs.map((o) => o.scores));
    const result = sweet16.result(state)!;
    for (let seat = 0; seat < 3; seat++) {
      const last = view.piles[seat]! + 3 * view.diamonds[seat]!.length;
      expect(result.scores[seat]).toBe(overs[1]!.totals[seat]! + last);
    }
    const final = bodies(three.events, 'game_over')[0] as Extract<Sweet16Event, { type: 'game_over' }>;
    expect(final.scores).toEqual(result.scores);
  });

  it('starts each grid with the next seat, empty piles and no memory of the old grid', () => {
    expect(three.afterGrid).toHaveLength(2);
    three.afterGrid.forEach((s, k) => {
      expect(s.toPlay).toBe((k + 1) % 3);
      expect([...s.pileCount, ...s.diamondCount].every((n) => n === 0)).toBe(true);
      expect(s.seenAt.every((t) => t === -1)).toBe(true);
      expect(s.downCount).toBe(54);
      expect(sweet16.view(s, 0).gridNumber).toBe(k + 2);
    });
    const turns = three.events.map((e) => e.all);
    const second = turns.findIndex((b) => b?.type === 'grid_laid' && b.number === 2);
    expect(turns[second + 1]).toMatchObject({ type: 'turn', seat: 1 });
  });

  it('replays from its record, and from its recorded grids under another seed', () => {
    const record = three.session.record();
    const again = replay(sweet16, record);
    if (!again.ok) throw new Error(again.error.message);
    expect(sweet16.serialize(again.value as Sweet16State)).toEqual(sweet16.serialize(state));
    const moved = replay(sweet16, { ...record, seed: 'another seed' });
    if (!moved.ok) throw new Error(moved.error.message);
    expect(sweet16.view(moved.value as Sweet16State, null)).toEqual(sweet16.view(state, null));
  });

  it('saves a game in its second grid and goes on from the save exactly as from the game', () => {
    const s = three.afterGrid[0]!;
    const loaded = sweet16.deserialize(JSON.parse(JSON.stringify(sweet16.serialize(s))));
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(sweet16.serialize(loaded.value)).toEqual(sweet16.serialize(s));
    const a = sweet16.clone(s);
    const b = loaded.value;
    const rng = Rng.fromSeed('after the save');
    for (let i = 0; i < 3000 && !sweet16.isOver(a); i++) {
      const seat = sweet16.toAct(a)[0]!;
      const legal = sweet16.legalActions(a, seat);
      const action = legal[rng.int(legal.length)]!;
      expect(sweet16.applyInPlace(a, seat, action)).toBeNull();
      expect(sweet16.applyInPlace(b, seat, action)).toBeNull();
    }
    expect(sweet16.serialize(b)).toEqual(sweet16.serialize(a));
  });

  it('keyed: every grid is the same for two games played differently', () => {
    const a = playout({ grids: 3, keyedChance: true, turnLimit: 100000 }, 'player a', 'event');
    const b = playout({ grids: 3, keyedChance: true, turnLimit: 100000 }, 'player b', 'event');
    const orders = (p: Playout) => p.events.filter((e) => e.all?.type === 'grid_laid').map((e) => e.chance);
    expect(orders(a)).toHaveLength(3);
    expect(orders(b)).toEqual(orders(a));
    expect(a.session.record().moves).not.toEqual(b.session.record().moves);
  });

  it('a sample of a keyed game knows neither the key nor the recorded grids to come', () => {
    const made = sweet16.setup({
      players: 3,
      seed: 'secret',
      options: { grids: 2, keyedChance: true },
      chance: [[], ['KS', 'QS']],
    });
    if (!made.ok) throw new Error(made.error.message);
    expect(made.value.key).toBe('secret');
    expect(made.value.chance).toHaveLength(1);
    const sample = sweet16.determinize(made.value, 1, Rng.fromSeed('sample'));
    expect(sample.key).toBeNull();
    expect(sample.chance).toBeNull();
  });

  it('refuses several grids in the duel, and more than five', () => {
    const duel = sweet16.setup({ players: 2, seed: 'd', options: { mode: 'duel', grids: 2 } });
    expect(duel.ok ? null : duel.error.code).toBe('invalid_option');
    const six = sweet16.setup({ players: 3, seed: 'd', options: { grids: 6 } });
    expect(six.ok ? null : six.error.code).toBe('invalid_option');
  });

  it('one grid, the default, plays and saves as before (no grid fields)', () => {
    const made = sweet16.setup({ players: 3, seed: 'one' });
    if (!made.ok) throw new Error(made.error.message);
    expect(sweet16.serialize(made.value)).not.toHaveProperty('grids');
    expect(sweet16.view(made.value, 0)).not.toHaveProperty('gridNumber');
  });
});
