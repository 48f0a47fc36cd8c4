/** MatchMaster in the terminal: its drawing, its sentences, its bench cases and its hindsight. */
import { describeAction, describeEvent } from '@matchbox/client/words/matchmaster';
import { MESSAGES } from '@matchbox/client/words/matchmaster-messages';
import type { MatchMasterView } from '@matchbox/engine';
import { defineCliGame } from '../plugin.ts';
import { renderMatchmaster } from './render.ts';

export const matchmasterCli = defineCliGame<MatchMasterView>({
  id: 'matchmaster',
  render: renderMatchmaster,
  sentences: { describe: describeEvent, messages: MESSAGES, describeChoice: describeAction },
  benchCases: [
    { game: 'matchmaster', players: 4, label: '4p 13 hands' },
    { game: 'matchmaster', players: 7, label: '7p 13 hands' },
  ],
  partWord: 'Hand',
  hindsightLines(h, name) {
    if (h.kind !== 'matchmaster') return [];
    return h.hands.map((x) => {
      const most =
        x.maxTricks === null
          ? 'too many cards to solve'
          : `with all hands known, the most ${name(x.seat)} could have made sure of was ${x.maxTricks} trick${x.maxTricks === 1 ? '' : 's'}`;
      return `Hand ${x.part + 1}: ${name(x.seat)} bid ${x.bid} and took ${x.tricks}; ${most}.`;
    });
  },
});
