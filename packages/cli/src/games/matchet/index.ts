/**
 * MATCHET in the terminal: its drawing, its sentences, its bench cases, the solitaires' menu names
 * and hindsight, and `matchbox solve matchet`.
 */
import { describeAction, describeEvent } from '@matchbox/client/words/matchet';
import { MESSAGES } from '@matchbox/client/words/matchet-messages';
import type { MatchetView } from '@matchbox/engine';
import type { MatchetHindsightReport } from '@matchbox/bots/analysis';
import { defineCliGame } from '../plugin.ts';
import { renderMatchet } from './render.ts';
import { SOLVE_USAGE, solveCommand } from './solve.ts';

export const matchetCli = defineCliGame<MatchetView>({
  id: 'matchet',
  analysisUnits: {
    points: { words: 'expected points of the round' },
    'win-chance': { words: 'chance of winning', chance: true },
  },
  render: renderMatchet,
  sentences: { describe: describeEvent, messages: MESSAGES, describeChoice: describeAction },
  benchCases: [
    { game: 'matchet', players: 4, options: { rounds: 1 }, label: '4p one round' },
    { game: 'matchet', players: 1, options: { mode: 'reserve' }, label: 'Solitaire A' },
    { game: 'matchet', players: 1, options: { mode: 'stacks' }, label: 'Solitaire B' },
  ],
  partWord: 'Round',
  modeLabels: {
    reserve: 'MATCHET Solitaire A (reserve stack)',
    stacks: 'MATCHET Solitaire B (six stacks)',
  },
  hindsightLines(h) {
    if (h.kind !== 'matchet-solitaire') return [];
    const r = (h as MatchetHindsightReport).result;
    if (r.winnable === null) return ['The solver could not tell whether the deal could be won.'];
    if (!r.winnable) return ['With every tile known, this deal could not be won from the start.'];
    return [
      r.lostAt === null
        ? 'With every tile known, the deal could be won from the start, and it stayed winnable.'
        : `With every tile known, the deal could be won from the start; after move ${r.lostAt + 1} it could no longer be won.`,
    ];
  },
  solver: {
    what: "matchet's solitaires",
    usage: SOLVE_USAGE,
    help: 'solve matchet --mode stacks|reserve --deals N --seed S   solve solitaire deals',
    run: solveCommand,
  },
});
