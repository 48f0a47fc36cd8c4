/**
 * Sweet16 events: three players, the entrant in seat 0, two medium bots. The grid is the game's
 * one deal (S16-1: the cards stay where they were laid), so a Sweet16 event is one deal, the game,
 * daily and weekly alike; its result is the entrant's final score (S16-8).
 */
import type { EventGame } from './types.ts';

export const sweet16Events: EventGame = {
  game: 'sweet16',
  players: 3,
  seat: 0,
  level: 'medium',
  deals: () => 1,
  options: () => ({ keyedChance: true }),
  results: (_view, result, seat) => (result ? [result.scores[seat] ?? 0] : []),
};
