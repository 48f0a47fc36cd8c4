/**
 * MatchMaster events: four players, the entrant in seat 0, three medium bots. A deal is a hand:
 * the daily event plays the hands 6, 5, 4, 3, 2, 1 (a short game from long hands to the one-card
 * hand, six deals), the weekly one the standard 13 (MM-2). The result of a hand is its points
 * (MM-9).
 */
import type { MatchMasterView } from '@matchbox/engine';
import type { EventGame } from './types.ts';

export const DAILY_HANDS = [6, 5, 4, 3, 2, 1] as const;
export const WEEKLY_HANDS = [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7] as const;

export const matchmasterEvents: EventGame = {
  game: 'matchmaster',
  players: 4,
  seat: 0,
  level: 'medium',
  deals: (kind) => (kind === 'daily' ? DAILY_HANDS : WEEKLY_HANDS).length,
  options: (kind) => ({
    handSizes: (kind === 'daily' ? DAILY_HANDS : WEEKLY_HANDS).slice(),
    keyedChance: true,
  }),
  results: (view, _result, seat) => (view as MatchMasterView).history.map((h) => h.points[seat] ?? 0),
};
