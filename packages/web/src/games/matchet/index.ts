/** MATCHET in the web app: its screen, words, rules, lobby modes and replay chapters. */
import type { MatchetEvent, MatchetView } from '@matchbox/engine';
import { defineWebGame } from '../plugin.ts';
import { matchetHindsight } from './hindsightCheck.ts';
import { Mark } from './Mark.tsx';

export const matchetWeb = defineWebGame<'matchet', MatchetView, MatchetEvent>({
  id: 'matchet',
  analysisUnits: { points: {}, 'win-chance': { chance: true } },
  board: () => import('./Board.tsx'),
  log: () => import('./log.ts'),
  words: () => import('@matchbox/client/words/matchet-messages'),
  rules: () => import('./rules.ts').then((m) => m.matchetRules),
  quickModes: [
    { id: 'matchet', players: 4, playerChoices: [2, 3, 4, 5, 6, 7] },
    { id: 'matchet-reserve', players: 1, options: { mode: 'reserve' } },
    { id: 'matchet-stacks', players: 1, options: { mode: 'stacks' } },
  ],
  chapters: { field: 'round' },
  tutorial: true,
  Mark,
  // Solitaire B's stacks lie face up (ruling MT-10).
  solvable: (options) => options.mode === 'stacks',
  form: {
    // The rounds as named lengths of a game.
    namedChoices: {
      rounds: [
        ['3', 3],
        ['1', 1],
        ['4', 4],
        ['5', 5],
      ],
    },
    // The solitaires are for one, and several players for two or more; rounds count only then.
    players: (options, [, max]) =>
      options.mode === 'reserve' || options.mode === 'stacks' ? [1, 1] : [2, max],
    unused: (options) => (options.mode !== undefined && options.mode !== 'multi' ? ['rounds'] : []),
  },
  hindsight: { check: matchetHindsight, panel: () => import('./Hindsight.tsx') },
});
