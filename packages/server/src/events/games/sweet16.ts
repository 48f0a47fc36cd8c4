/**
 * Sweet16 events: three players, the entrant in seat 0, two medium bots. A deal is a grid: the
 * daily event plays one, the weekly one three in a row at the same table (matchbox ruling S16-X11:
 * each grid laid from its own key, so the same for every entrant however the grids before it
 * went). The result of a grid is the entrant's score on it (S16-8).
 */
import type { Sweet16View } from '@matchbox/engine';
import type { EventGame } from './types.ts';

const GRIDS = { daily: 1, weekly: 3 } as const;

export const sweet16Events: EventGame = {
  game: 'sweet16',
  players: 3,
  seat: 0,
  level: 'medium',
  deals: (kind) => GRIDS[kind],
  options: (kind) => (GRIDS[kind] > 1 ? { grids: GRIDS[kind], keyedChance: true } : { keyedChance: true }),
  results: (view, result, seat) => {
    const v = view as Sweet16View;
    const finished = (v.gridScores ?? []).map((g) => g[seat] ?? 0);
    if (!result) return finished;
    // Over: the grid in play when it ended is the last one, worth the total less the others.
    const before = finished.reduce((sum, x) => sum + x, 0);
    return [...finished, (result.scores[seat] ?? 0) - before];
  },
};
