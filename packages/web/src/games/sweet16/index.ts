/** Sweet16 in the web app: its screen, words, rules, lobby modes and replay chapters. */
import { defineWebGame } from '../plugin.ts';
import { Mark } from './Mark.tsx';

export const sweet16Web = defineWebGame({
  id: 'sweet16',
  board: () => import('./Board.tsx'),
  log: () => import('./log.ts'),
  words: () => import('@matchbox/client/words/sweet16-messages'),
  rules: () => import('./rules.ts').then((m) => m.sweet16Rules),
  quickModes: [
    { id: 'sweet16', players: 3, playerChoices: [2, 3, 4, 5] },
    { id: 'sweet16-duel', players: 2, options: { mode: 'duel' } },
  ],
  chapters: { kind: 'turn', field: 'turn' },
  tutorial: true,
  Mark,
});
