/** Sweet16's figures: the bank, the final score (S16-8: score pile and diamonds). */
import type { ServerGamePlugin } from '../plugin.ts';
import { round2 } from '../plugin.ts';

export const sweet16Server: ServerGamePlugin<'bank', 'averageBank'> = {
  id: 'sweet16',
  rowFigures: ['bank'],
  profileFigures: ['averageBank'],
  /** Rated: the base game without the memory aid. */
  ratedFormat: { mode: ['base'], memoryAid: [false], turnLimit: [1000], grids: [1] },
  seatFigures: (_view, result, seat) => ({ bank: result.scores[seat] ?? 0 }),
  summarize: (rows, base, sum) => ({
    ...base,
    figures: [{ name: 'averageBank', value: round2(sum('bank') / rows.length) }],
  }),
};
