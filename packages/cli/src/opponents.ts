/**
 * Opponents for `matchbox play`. Every opponent decides from its own seat's information only.
 */
import type { Action, AnyGame, Seat } from '@matchbox/engine';
import { Rng } from '@matchbox/engine';

export interface Opponent {
  readonly level: string;
  choose(game: AnyGame, state: unknown, seat: Seat): Action | Promise<Action>;
}

export const OPPONENT_LEVELS = ['random'] as const;

/** A uniformly random legal player (legal actions depend only on the seat's own information). */
export function randomOpponent(seed: string): Opponent {
  const rng = Rng.fromSeed(seed);
  return {
    level: 'random',
    choose(game, state, seat) {
      const legal = game.legalActions(state, seat);
      return legal[rng.int(legal.length)]!;
    },
  };
}

export function makeOpponent(_game: AnyGame, level: string, seed: string): Opponent | string {
  if (level === 'random') return randomOpponent(seed);
  return `Unknown bot level "${level}" (available: ${OPPONENT_LEVELS.join(', ')}).`;
}
