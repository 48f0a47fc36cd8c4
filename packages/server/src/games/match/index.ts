/** MATCH!'s figures: rounds won, where the seat's round score (MA-10) is the highest (ties count). */
import type { MatchView } from '@matchbox/engine';
import type { ServerGamePlugin } from '../plugin.ts';

export const matchServer: ServerGamePlugin<'roundsWon', 'roundsWon'> = {
  id: 'match',
  rowFigures: ['roundsWon'],
  profileFigures: ['roundsWon'],
  /** Rated: MA-11's 50 points. */
  ratedFormat: { target: [50] },
  seatFigures(view, _result, seat) {
    const rounds = (view as MatchView).rounds;
    return { roundsWon: rounds.filter((r) => r.scores[seat] === Math.max(...r.scores)).length };
  },
  summarize: (_rows, base, sum) => ({ ...base, figures: [{ name: 'roundsWon', value: sum('roundsWon') }] }),
};
