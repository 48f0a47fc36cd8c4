/** The tutorial of this game: a first game from a stacked deck, with steps that explain a rule when it first matters. */
import type { MatchetView } from '@matchbox/engine';
import type { Lesson, Situation } from '../../tutorial/situation.ts';
import { myTurn } from '../../tutorial/situation.ts';

// --- MATCHET Solitaire B (rulings MT-2, MT-3, MT-6, MT-10) ----------------------------------------

const matchetView = (s: Situation) => s.update.view as MatchetView;

/** The cells that share a side with `(row, col)` on the triangular board (docs/rules/matchet.md). */
function neighbours(row: number, col: number): [number, number][] {
  return (row + col) % 2 === 0
    ? [
        [row, col + 1],
        [row + 1, col],
        [row, col - 1],
      ]
    : [
        [row - 1, col],
        [row, col + 1],
        [row, col - 1],
      ];
}

/** A legal placement now touches two or three tiles: a double join (an exceptional play, MT-3). */
function doubleJoinOffered(s: Situation): boolean {
  if (!myTurn(s)) return false;
  const taken = new Set(matchetView(s).board.map((t) => `${t.row},${t.col}`));
  return s.update.legal.some((l) => {
    const a = l.action as { row?: number; col?: number };
    if (typeof a.row !== 'number' || typeof a.col !== 'number') return false;
    return neighbours(a.row, a.col).filter(([r, c]) => taken.has(`${r},${c}`)).length >= 2;
  });
}

export const lesson: Lesson = {
  game: 'matchet',
  setup: {
    game: 'matchet',
    players: 1,
    options: { mode: 'stacks' },
    seed: 'tutorial:matchet',
    level: 'medium',
    // Six stacks of six (the deal of the seed tutorial:matchet:8): winnable, with a double join
    // on the solver's line at the eighth placement.
    deck: (
      'T04 T11 T30 T19 T22 T09 T27 T07 T16 T32 T02 T28 T18 T01 T35 T21 T12 T23 ' +
      'T29 T15 T17 T34 T33 T08 T24 T05 T25 T06 T26 T03 T14 T36 T20 T31 T13 T10'
    ).split(' '),
  },
  steps: [
    { id: 'first', when: (s) => myTurn(s) && matchetView(s).phase === 'start' },
    { id: 'double', when: doubleJoinOffered },
    // MT-2: a join is the same colour, and the same number or a multiple of 5.
    { id: 'join', when: (s) => myTurn(s) && matchetView(s).board.length === 1 },
    // MT-3: the next tile joins the last one played.
    { id: 'lastTile', when: (s) => myTurn(s) && matchetView(s).board.length >= 2 },
    {
      id: 'multiple',
      when: (s) => matchetView(s).board.some((t) => t.points > 0),
    },
    { id: 'done', when: (s) => s.update.status === 'finished' },
  ],
};
