/** MATCHET's figures: with several players, rounds won (the seat that played out, MT-7); solitaires: solved. */
import type { MatchetView } from '@matchbox/engine';
import type { ServerGamePlugin } from '../plugin.ts';

export const matchetServer: ServerGamePlugin<
  'roundsWon' | 'solitaire' | 'solved',
  'roundsWon' | 'solitairesSolved'
> = {
  id: 'matchet',
  rowFigures: ['roundsWon', 'solitaire', 'solved'],
  profileFigures: ['roundsWon', 'solitairesSolved'],
  /** Rated: MT-8's 3, 4 or 5 rounds with the standard tiles. */
  ratedFormat: { mode: ['multi'], rounds: [3, 4, 5], tiles: [null] },
  /** Solitaire B's stacks lie face up (MT-10). */
  solvable: (options) => options.mode === 'stacks',
  seatFigures(view, result, seat) {
    if (result.solo) return { solitaire: true, solved: result.solo.won };
    const history = (view as MatchetView).history ?? [];
    return { roundsWon: history.filter((r) => r.winner === seat).length };
  },
  summarize(rows, base, sum) {
    const solitaires = rows.filter((r) => r.stats.solitaire);
    const solved = solitaires.filter((r) => r.stats.solved).length;
    return {
      ...base,
      // A solitaire's "win" is its solving; wins here count games against others.
      wins: rows.filter((r) => !r.stats.solitaire && r.rank === 1).length,
      figures: [
        // Rounds won, when some of the games had several players (a solitaire has no rounds).
        ...(rows.length > solitaires.length ? [{ name: 'roundsWon' as const, value: sum('roundsWon') }] : []),
        ...(solitaires.length > 0
          ? [{ name: 'solitairesSolved' as const, value: solved, of: solitaires.length }]
          : []),
      ],
    };
  },
};
