/**
 * MATCH!'s analysis: every action valued in expected points of the round (MA-10: collections
 * minus what is left in hand), by the expert's search (its adapter and rollouts, to the end of the
 * round or 40 turns) once per candidate: the candidates the expert searches (every action but a
 * wildcard declaration, and the heuristic's best three declarations, MA-7) and the action taken.
 */
import type { MatchState, MatchView } from '@matchbox/engine';
import { match } from '@matchbox/engine';
import { contextFor } from '../../runner.ts';
import { MATCH_SEARCH } from './match-bots.ts';
import type { MatchHorizon } from './match.ts';
import { matchAdapter, rootCandidates, roundScores } from './match.ts';
import type { DecisionInput, Evaluation, GameAnalyser } from '../../analysis/driver.ts';
import { registerAnalyser } from '../../analysis/driver.ts';
import { searchCandidates, withTaken } from '../../analysis/search.ts';

const ADAPTER = matchAdapter(MATCH_SEARCH.expert);

/** Iterations per decision by default. */
export const MATCH_ANALYSIS_BUDGET = 3000;

/** Expected round points lost (a card counts 1 to 5 in hand or collection, a wildcard 10). */
export const MATCH_THRESHOLDS = { inaccuracy: 2, mistake: 4, blunder: 8 } as const;

const roundPointsAt = (state: unknown, seat: number, h: MatchHorizon): number =>
  roundScores(state as MatchState, h)[seat]!;

function evaluate(input: DecisionInput): Evaluation {
  const { game, state, seat, legal, taken } = input;
  const view = game.view(state, seat) as MatchView;
  const candidates = withTaken(game, rootCandidates(view, seat, legal), taken);
  const ctx = contextFor(game, state, seat, { iterations: input.budget, timeMs: 0 });
  return searchCandidates(input, ADAPTER, candidates, ctx.sample!, roundPointsAt);
}

export const matchAnalyser: GameAnalyser<'round-points'> = {
  units: ['round-points'],
  measure: () => ({ unit: 'round-points', thresholds: MATCH_THRESHOLDS }),
  budget: MATCH_ANALYSIS_BUDGET,
  evaluate,
  part: (state) => (state as MatchState).round,
  banked: (state, seat) => (state as MatchState).totals[seat]!,
  score: (state, seat) => (state as MatchState).totals[seat]!,
};

registerAnalyser(match.meta.id, matchAnalyser);
