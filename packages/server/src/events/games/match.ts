/**
 * MATCH! events: four players, the entrant in seat 0, three medium bots. A deal is a round (MA-X6:
 * a fixed number of rounds, each dealt from its own key and from seat 0, so a round's cards never
 * depend on the rounds before): three a day, six a week. The result of a round is its score
 * (MA-10). The target is out of reach, so every entrant plays every round.
 */
import type { MatchView } from '@matchbox/engine';
import type { EventGame } from './types.ts';

const ROUNDS = { daily: 3, weekly: 6 } as const;

export const matchEvents: EventGame = {
  game: 'match',
  players: 4,
  seat: 0,
  level: 'medium',
  deals: (kind) => ROUNDS[kind],
  options: (kind) => ({ rounds: ROUNDS[kind], target: 1000, keyedChance: true }),
  results: (view, _result, seat) => (view as MatchView).rounds.map((r) => r.scores[seat] ?? 0),
};
