/** The tutorial of this game: a first game from a stacked deck, with steps that explain a rule when it first matters. */
import type { Sweet16View } from '@matchbox/engine';
import type { Lesson, Situation } from '../../tutorial/situation.ts';
import { myTurn, logHas } from '../../tutorial/situation.ts';

// --- Sweet16 (rulings S16-2, S16-3, S16-6) -------------------------------------------------------

const sweetView = (s: Situation) => s.update.view as Sweet16View;
const sweetTurn = (s: Situation, phase: string) => myTurn(s) && sweetView(s).phase === phase;

/** Row 1 holds neighbours that make 16 (10 + 6, 7 + 9, K + 3, Q + 4): a first tryst is near. */
const SWEET16_ROW_1 = ['10C', '6H', '7S', '9D', 'KC', '3D', 'QH', '4S', '8C'];
// The rest in a shuffled order (the grid of the seed tutorial:sweet16).
const SWEET16_REST = (
  '9D JH 5S 3H 2D 7D 4D 4C JC QS 2C 6D 7S 8D X1 2H 9S QC 9C 8S 10H AH 4H 9H AD 10D KD AC KH 4S QD ' +
  'X2 JD KC 8C 8H 3S 6S 5C AS 10C QH 10S 3C 3D 5H 6H JS 6C 7H 7C 5D KS 2S'
)
  .split(' ')
  .filter((c) => !SWEET16_ROW_1.includes(c));

export const lesson: Lesson = {
  game: 'sweet16',
  setup: {
    game: 'sweet16',
    players: 3,
    options: { memoryAid: true },
    seed: 'tutorial:sweet16',
    level: 'easy',
    deck: [...SWEET16_ROW_1, ...SWEET16_REST],
  },
  steps: [
    { id: 'flip', when: (s) => sweetTurn(s, 'flip') && !sweetView(s).total },
    // S16-2: exactly 16 is a tryst, over 16 loses face.
    {
      id: 'tryst',
      when: (s) => sweetTurn(s, 'flip') && (sweetView(s).total ?? 0) > 0 && !sweetView(s).canStop,
    },
    { id: 'joker', when: (s) => sweetTurn(s, 'joker') },
    // S16-2: a clique: stop below 16 with two cards or more, above the clique on the table.
    { id: 'clique', when: (s) => sweetTurn(s, 'flip') && sweetView(s).canStop === true },
    // S16-6: scoring a set: put one card back, activate one, bank the rest.
    { id: 'putBack', when: (s) => sweetTurn(s, 'back') },
    { id: 'activate', when: (s) => sweetTurn(s, 'activate') },
    { id: 'trystScored', when: logHas('tryst') },
    { id: 'loseFace', when: logHas('lose_face') },
    { id: 'done', when: (s) => s.update.status === 'finished' },
  ],
};
