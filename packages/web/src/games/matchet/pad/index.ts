/** MATCHET's score pad: the sheet's rules, its page, and the number of rounds on the new-pad form. */
import { definePad } from '../../../pad/plugin.ts';
import { MatchetPad, matchetText } from './Pad.tsx';
import { Rounds } from './Rounds.tsx';
import * as mt from './scoring.ts';

export const pad = definePad<mt.MatchetSheet, { rounds: number }>({
  game: 'matchet',
  restore: mt.restoreMatchet,
  isOver: mt.isOver,
  undo: mt.undoLast,
  result: mt.result,
  text: matchetText,
  View: MatchetPad,
  setup: {
    initial: () => ({ rounds: mt.ROUND_CHOICES[0] }),
    limits: () => mt.MATCHET_PLAYERS,
    create: (players, c) => mt.createMatchetSheet(players, c.rounds),
    After: Rounds,
  },
});
