/** Sweet16 in the web app: its screen, words, rules, lobby modes and replay chapters. */
import type { Sweet16Event, Sweet16View } from '@matchbox/engine';
import { defineWebGame } from '../plugin.ts';
import { Mark } from './Mark.tsx';

export const sweet16Web = defineWebGame<'sweet16', Sweet16View, Sweet16Event>({
  id: 'sweet16',
  analysisUnits: { 'victory-points': {} },
  board: () => import('./Board.tsx'),
  log: () => import('./log.ts'),
  words: () => import('@matchbox/client/words/sweet16-messages'),
  rules: () => import('./rules.ts').then((m) => m.sweet16Rules),
  quickModes: [
    { id: 'sweet16', players: 3, playerChoices: [2, 3, 4, 5] },
    { id: 'sweet16-duel', players: 2, options: { mode: 'duel' } },
  ],
  chapters: { field: 'turn' },
  tutorial: true,
  Mark,
  // A card of the grid by its place.
  choiceWords: (text, t, replay) => {
    const [verb = '', arg = ''] = text.split(' ');
    if (verb === 'flip') return replay('analysis.action.flip', { pos: arg });
    if (verb === 'back') return t('action.backShort', { pos: arg });
    if (verb === 'activate') return t('action.activateShort', { pos: arg });
    return null;
  },
  form: {
    // Grids in a row (ruling S16-X11) as named lengths of a game.
    namedChoices: {
      grids: [
        ['1', 1],
        ['2', 2],
        ['3', 3],
      ],
    },
    // The duel is for two, and one grid.
    players: (options, range) => (options.mode === 'duel' ? [2, 2] : range),
    unused: (options) => (options.mode === 'duel' ? ['grids'] : []),
  },
});
