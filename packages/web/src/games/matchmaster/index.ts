/** MatchMaster in the web app: its screen, words, rules, lobby modes and replay chapters. */
import { defineWebGame } from '../plugin.ts';
import { Mark } from './Mark.tsx';

export const matchmasterWeb = defineWebGame({
  id: 'matchmaster',
  board: () => import('./Board.tsx'),
  log: () => import('./log.ts'),
  words: () => import('@matchbox/client/words/matchmaster-messages'),
  rules: () => import('./rules.ts').then((m) => m.matchmasterRules),
  quickModes: [{ id: 'matchmaster', players: 4, playerChoices: [2, 3, 4, 5, 6, 7] }],
  chapters: { kind: 'hand', field: 'hand' },
  tutorial: true,
  Mark,
  // A shorter game (hands=2,1): for a quick game and for the browser tests.
  offlineOptions: (params) => {
    const hands = params.get('hands') ?? '';
    if (!/^\d{1,2}(,\d{1,2}){0,12}$/.test(hands)) return null;
    const handSizes = hands.split(',').map(Number);
    return { key: handSizes.join(','), options: { handSizes } };
  },
});
