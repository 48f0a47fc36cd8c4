/** The README's example: a whole game through the public API, as a newcomer would write it. */
import { describe, expect, it } from 'vitest';
import { GAMES, getGame, Rng } from '../src/index.ts';

describe('README example', () => {
  it('plays a whole MatchMaster game with random legal moves', () => {
    const game = getGame('matchmaster')!;
    const setup = game.setup({ players: 4, seed: 'readme' });
    if (!setup.ok) throw new Error(setup.error.message);
    const state = setup.value,
      rng = Rng.fromSeed('moves');
    while (!game.isOver(state)) {
      const seat = game.toAct(state)[0]!;
      const legal = game.legalActions(state, seat);
      expect(game.applyInPlace(state, seat, legal[rng.int(legal.length)])).toBeNull();
    }
    const result = game.result(state)!;
    expect(result.scores).toHaveLength(4);
    expect(result.winners.length).toBeGreaterThan(0);
  });

  it('works the same for every registered game', () => {
    for (const game of GAMES) {
      const setup = game.setup({ players: game.meta.defaultPlayers, seed: 'readme' });
      if (!setup.ok) throw new Error(setup.error.message);
      const state: unknown = setup.value;
      const rng = Rng.fromSeed('moves');
      while (!game.isOver(state)) {
        const seat = game.toAct(state)[0]!;
        const legal = game.legalActions(state, seat);
        expect(game.applyInPlace(state, seat, legal[rng.int(legal.length)])).toBeNull();
      }
      expect(game.result(state)!.scores).toHaveLength(game.meta.defaultPlayers);
    }
  });
});
