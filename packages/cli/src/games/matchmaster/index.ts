/** MatchMaster in the terminal: its drawing, its sentences, its bench cases and its hindsight. */
import { describeAction, describeEvent } from '@matchbox/client/words/matchmaster';
import { MESSAGES } from '@matchbox/client/words/matchmaster-messages';
import type { MatchMasterView } from '@matchbox/engine';
import type { MatchMasterHindsightReport } from '@matchbox/bots/analysis';
import { defineCliGame } from '../plugin.ts';
import { renderMatchmaster } from './render.ts';

export const matchmasterCli = defineCliGame<MatchMasterView>({
  id: 'matchmaster',
  analysisUnits: { 'hand-points': { words: 'expected points of the hand' } },
  render: renderMatchmaster,
  sentences: { describe: describeEvent, messages: MESSAGES, describeChoice: describeAction },
  benchCases: [
    { game: 'matchmaster', players: 4, label: '4p 13 hands' },
    { game: 'matchmaster', players: 7, label: '7p 13 hands' },
  ],
  partWord: 'Hand',
  hindsightLines(h, name) {
    if (h.kind !== 'matchmaster') return [];
    const { hands } = h as MatchMasterHindsightReport;
    // Grouped per hand; a seat that took more than it could have made sure of (the open solve has
    // every other seat play against it) is told how few the others could have held it to.
    const lines: string[] = [];
    for (const x of hands) {
      if (!lines.includes(`Hand ${x.part + 1}:`)) lines.push(`Hand ${x.part + 1}:`);
      const who = name(x.seat);
      const took = `${who} bid ${x.bid} and took ${x.tricks}`;
      const tricks = (n: number) => `${n} trick${n === 1 ? '' : 's'}`;
      const open =
        x.maxTricks === null
          ? 'too many cards to work out with every card open'
          : x.tricks > x.maxTricks
            ? `with every card open, the others together could have held ${who} to ${tricks(x.maxTricks)}`
            : `with every card open, ${who} could have made sure of ${tricks(x.maxTricks)}`;
      lines.push(`  ${took}; ${open}.`);
    }
    return lines;
  },
});
