/**
 * Each game's `meta.boundaryEvents` (where a seat may change occupant, the server's pairing): a
 * seeded random game of three players meets them after the setup, more than once.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../src/index.ts';
import { GAMES, Rng } from '../src/index.ts';

describe.each(GAMES.map((g) => [g.meta.id, g] as const))('%s', (_id, game) => {
  it('lists boundary events that happen during play', () => {
    expect(game.meta.boundaryEvents.length).toBeGreaterThan(0);
    const rng = Rng.fromSeed(`boundaries-${game.meta.id}`);
    const made = game.setup({ players: 3, seed: `boundaries-${game.meta.id}` });
    if (!made.ok) throw new Error(made.error.message);
    const state = made.value;
    let seen = 0;
    for (let i = 0; i < game.maxActions(state) && !game.isOver(state); i++) {
      const seat = game.toAct(state)[0]!;
      const legal = game.legalActions(state, seat);
      const events: GameEvent[] = [];
      expect(game.applyInPlace(state, seat, legal[rng.int(legal.length)], events)).toBeNull();
      if (events.some((e) => game.meta.boundaryEvents.includes(e.all?.type ?? ''))) seen++;
    }
    expect(seen).toBeGreaterThan(1);
  });
});
