/** The tutorial of this game: a first game from a stacked deck, with steps that explain a rule when it first matters. */
import type { MatchView } from '@matchbox/engine';
import type { Lesson, Situation } from '../../tutorial/situation.ts';
import { myTurn, logHas, legalOfType } from '../../tutorial/situation.ts';

// --- MATCH! (rulings MA-4..MA-7) ---------------------------------------------------------------

const matchView = (s: Situation) => s.update.view as MatchView;

export const lesson: Lesson = {
  game: 'match',
  setup: {
    game: 'match',
    players: 2,
    options: { target: 5, firstPlayer: 0 },
    seed: 'tutorial:match',
    level: 'medium',
    // Five cards each (the person first, MA-X2), then the card turned up: red 4. The person holds
    // two cards that match it (red 1 by colour, green 4 by number), two that do not, and a wildcard.
    deck: ['r1', 'g4', 'b2', 'y5', 'W', 'b3', 'p2', 'y0', 'g1', 'p5', 'r4', 'b4', 'y2', 'g2', 'r5'],
  },
  steps: [
    { id: 'match', when: (s) => myTurn(s) && legalOfType(s, 'discard') },
    // MA-6: a matching stack top must be discarded.
    { id: 'forced', when: (s) => myTurn(s) && matchView(s).forcedDiscard },
    { id: 'collect', when: (s) => myTurn(s) && legalOfType(s, 'collect') },
    // MA-7: a wildcard declares the next target.
    { id: 'wild', when: (s) => myTurn(s) && legalOfType(s, 'wild') },
    { id: 'stack', when: (s) => myTurn(s) && legalOfType(s, 'discardStack') },
    { id: 'roundScored', when: logHas('round_scored') },
    { id: 'done', when: (s) => s.update.status === 'finished' },
  ],
};
