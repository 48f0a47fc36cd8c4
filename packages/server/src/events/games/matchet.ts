/**
 * MATCHET events: four players, the entrant in seat 0, three medium bots. A deal is a round (each
 * shuffled from its own key; the first seat moves along as in MT-8, the same for everyone): three
 * a day, five a week. The result of a round is its points.
 */
import type { MatchetView } from '@matchbox/engine';
import type { EventGame } from './types.ts';

const ROUNDS = { daily: 3, weekly: 5 } as const;

export const matchetEvents: EventGame = {
  game: 'matchet',
  players: 4,
  seat: 0,
  level: 'medium',
  deals: (kind) => ROUNDS[kind],
  options: (kind) => ({ mode: 'multi', rounds: ROUNDS[kind], keyedChance: true }),
  results: (view, _result, seat) => ((view as MatchetView).history ?? []).map((r) => r.points[seat] ?? 0),
};
