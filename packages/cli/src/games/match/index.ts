/** MATCH! in the terminal: its drawing, its sentences and its bench cases. */
import { describeAction, describeEvent } from '@matchbox/client/words/match';
import { MESSAGES } from '@matchbox/client/words/match-messages';
import type { MatchView } from '@matchbox/engine';
import { defineCliGame } from '../plugin.ts';
import { renderMatch } from './render.ts';

export const matchCli = defineCliGame<MatchView>({
  id: 'match',
  analysisUnits: { 'round-points': { words: 'expected points of the round' } },
  render: renderMatch,
  sentences: { describe: describeEvent, messages: MESSAGES, describeChoice: describeAction },
  benchCases: [
    { game: 'match', players: 4, label: '4p to 50' },
    { game: 'match', players: 2, label: '2p to 50' },
  ],
  partWord: 'Round',
});
