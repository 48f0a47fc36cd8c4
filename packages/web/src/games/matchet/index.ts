/** MATCHET in the web app: its screen, words, rules, lobby modes and replay chapters. */
import { defineWebGame } from '../plugin.ts';
import { Mark } from './Mark.tsx';

export const matchetWeb = defineWebGame({
  id: 'matchet',
  board: () => import('./Board.tsx'),
  log: () => import('./log.ts'),
  words: () => import('@matchbox/client/words/matchet-messages'),
  rules: () => import('./rules.ts').then((m) => m.matchetRules),
  quickModes: [
    { id: 'matchet', players: 4, playerChoices: [2, 3, 4, 5, 6, 7] },
    { id: 'matchet-reserve', players: 1, options: { mode: 'reserve' } },
    { id: 'matchet-stacks', players: 1, options: { mode: 'stacks' } },
  ],
  chapters: { kind: 'round', field: 'round' },
  tutorial: true,
  Mark,
  // Solitaire B's stacks lie face up (ruling MT-10).
  solvable: (options) => options.mode === 'stacks',
  daily: () => import('./DailyPage.tsx'),
});
