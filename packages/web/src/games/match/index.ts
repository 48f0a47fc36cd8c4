/** MATCH! in the web app: its screen, words, rules, lobby modes and replay chapters. */
import type { MatchEvent, MatchView } from '@matchbox/engine';
import { defineWebGame } from '../plugin.ts';
import { Mark } from './Mark.tsx';

export const matchWeb = defineWebGame<'match', MatchView, MatchEvent>({
  id: 'match',
  analysisUnits: { 'round-points': { score: 'points' } },
  board: () => import('./Board.tsx'),
  log: () => import('./log.ts'),
  words: () => import('@matchbox/client/words/match-messages'),
  rules: () => import('./rules.ts').then((m) => m.matchRules),
  quickModes: [{ id: 'match', players: 4, playerChoices: [2, 3, 4, 5, 6, 7, 8] }],
  chapters: { field: 'round' },
  tutorial: true,
  Mark,
  // A discard on a colour's stack, where the log's words have none for its colour.
  choiceWords: (text, t, replay) => {
    const [verb = '', arg = ''] = text.split(' ');
    return verb === 'discard' && arg.startsWith('stack:')
      ? replay('analysis.action.discardStack', { colour: t(`colour.${arg.slice(6)}`) })
      : null;
  },
  // The target as named lengths of a game.
  form: {
    namedChoices: {
      target: [
        ['50', 50],
        ['25', 25],
        ['100', 100],
      ],
    },
  },
});
