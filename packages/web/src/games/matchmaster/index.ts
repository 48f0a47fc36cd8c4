/** MatchMaster in the web app: its screen, words, rules, lobby modes and replay chapters. */
import type { MatchMasterEvent, MatchMasterView } from '@matchbox/engine';
import { defineWebGame } from '../plugin.ts';
import { matchmasterHindsight } from './hindsightCheck.ts';
import { Mark } from './Mark.tsx';

export const matchmasterWeb = defineWebGame<'matchmaster', MatchMasterView, MatchMasterEvent>({
  id: 'matchmaster',
  analysisUnits: { 'hand-points': { score: 'points' } },
  board: () => import('./Board.tsx'),
  log: () => import('./log.ts'),
  words: () => import('@matchbox/client/words/matchmaster-messages'),
  rules: () => import('./rules.ts').then((m) => m.matchmasterRules),
  quickModes: [{ id: 'matchmaster', players: 4, playerChoices: [2, 3, 4, 5, 6, 7] }],
  chapters: { field: 'hand' },
  tutorial: true,
  Mark,
  // The hand sizes as formats: MM-2's standard 7..1..7, and shorter games.
  form: {
    namedChoices: {
      handSizes: [
        ['standard', [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]],
        ['down', [7, 6, 5, 4, 3, 2, 1]],
        ['short', [4, 3, 2, 1, 2, 3, 4]],
        ['quick', [3, 2, 1]],
      ],
    },
  },
  // A bid in words ("bid 3").
  choiceWords: (text, _t, replay) => {
    const [verb = '', arg = ''] = text.split(' ');
    return verb === 'bid' && /^\d+$/.test(arg) ? replay('analysis.action.bid', { count: Number(arg) }) : null;
  },
  // A suggested bid in words, and the odds of each trick count after it.
  hint: {
    suggestion: (text, t) => {
      const bid = /^bid (\d+)$/.exec(text);
      return bid ? t('hint.bid', { count: Number(bid[1]) }) : null;
    },
    outcomes: true,
  },
  hindsight: { check: matchmasterHindsight, panel: () => import('./Hindsight.tsx') },
  // A shorter game (hands=2,1): for a quick game and for the browser tests.
  offlineOptions: (params) => {
    const hands = params.get('hands') ?? '';
    if (!/^\d{1,2}(,\d{1,2}){0,12}$/.test(hands)) return null;
    const handSizes = hands.split(',').map(Number);
    return { key: handSizes.join(','), options: { handSizes } };
  },
});
