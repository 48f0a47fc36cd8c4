/** Sweet16's figures: the bank, the final score (S16-8: score pile and diamonds). */
import type { ServerGamePlugin } from '../plugin.ts';
import { round2 } from '../plugin.ts';

export const sweet16Server: ServerGamePlugin = {
  id: 'sweet16',
  /** Rated: the base game without the memory aid. */
  ratedFormat: { mode: ['base'], memoryAid: [false], turnLimit: [1000], grids: [1] },
  seatFigures: (_view, result, seat) => ({ bank: result.scores[seat] ?? 0 }),
  summarize: (rows, base, sum) => ({ ...base, averageBank: round2(sum((s) => s.bank) / rows.length) }),
};
