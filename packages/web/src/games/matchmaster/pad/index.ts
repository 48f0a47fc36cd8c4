/** MatchMaster's score pad: the sheet's rules, its page, and the first dealer on the new-pad form. */
import { definePad } from '../../../pad/plugin.ts';
import { FirstDealer } from './FirstDealer.tsx';
import { MatchMasterPad, matchmasterText } from './Pad.tsx';
import * as mm from './scoring.ts';

export const pad = definePad<mm.MatchMasterSheet, { firstDealer: number }>({
  game: 'matchmaster',
  restore: mm.restoreMatchMaster,
  isOver: mm.isOver,
  undo: mm.undoLast,
  result: mm.result,
  text: matchmasterText,
  View: MatchMasterPad,
  setup: {
    initial: () => ({ firstDealer: 0 }),
    limits: () => mm.MATCHMASTER_PLAYERS,
    create: (players, c) => mm.createMatchMasterSheet(players, Math.min(c.firstDealer, players.length - 1)),
    After: FirstDealer,
  },
});
