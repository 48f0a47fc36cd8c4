/** Sweet16 in the terminal: its drawing, its sentences, its bench cases and the duel's menu name. */
import { describeAction, describeEvent } from '@matchbox/client/words/sweet16';
import { MESSAGES } from '@matchbox/client/words/sweet16-messages';
import type { Sweet16View } from '@matchbox/engine';
import { defineCliGame } from '../plugin.ts';
import { renderSweet16 } from './render.ts';

export const sweet16Cli = defineCliGame<Sweet16View>({
  id: 'sweet16',
  analysisUnits: { 'victory-points': { words: 'expected victory points' } },
  render: renderSweet16,
  sentences: { describe: describeEvent, messages: MESSAGES, describeChoice: describeAction },
  benchCases: [
    { game: 'sweet16', players: 4, label: '4p base' },
    { game: 'sweet16', players: 2, label: '2p duel', options: { mode: 'duel' } },
  ],
  modeLabels: { duel: 'Sweet16 duel (experimental)' },
});
