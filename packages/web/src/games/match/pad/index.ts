/** MATCH!'s score pad: the sheet's rules and its page (no choices beyond the players). */
import { definePad } from '../../../pad/plugin.ts';
import { MatchPad, matchText } from './Pad.tsx';
import * as ma from './scoring.ts';

export const pad = definePad<ma.MatchSheet, Record<string, never>>({
  game: 'match',
  restore: ma.restoreMatch,
  isOver: ma.isOver,
  undo: ma.undoLast,
  result: ma.result,
  text: matchText,
  View: MatchPad,
  setup: {
    initial: () => ({}),
    limits: () => ma.MATCH_PLAYERS,
    create: (players) => ma.createMatchSheet(players),
  },
});
