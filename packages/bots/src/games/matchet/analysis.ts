/**
 * MATCHET's analysis.
 *
 * - With other players: every placement valued in expected points of the round, by the expert's
 *   search (its adapter and greedy rollouts to the end of the round) once per candidate: the ten
 *   best placements by the hard level's one-reply look-ahead, and the one taken.
 * - The solitaires (MT-9, MT-10): every placement valued by its winnability, the share of the
 *   seat's determinizations (the hidden pool re-dealt) in which the exact solver can still win
 *   after it, as the expert chooses (the same worlds for every placement: paired).
 *
 * Hindsight for the solitaires, every tile known: the solver on the real deal before and after
 * each move finds the first move after which the deal could no longer be won.
 */
import type { Action, AnyGame, MatchetState, MatchetView, Seat } from '@matchbox/engine';
import { Rng, matchet, solveMatchet } from '@matchbox/engine';
import { applyChecked } from '../../ismcts.ts';
import { contextFor } from '../../runner.ts';
import { SOLITAIRE_NODES } from './matchet-bots.ts';
import type { MatchetHorizon } from './matchet.ts';
import { lookaheadChoice, matchetAdapter } from './matchet.ts';
import type { DecisionInput, Evaluation, GameAnalyser, HindsightCollector } from '../../analysis/driver.ts';
import { registerAnalyser } from '../../analysis/driver.ts';
import { meanAndError, searchCandidates, withTaken } from '../../analysis/search.ts';

/** Iterations per decision by default (solitaires: a hundredth of it in solved worlds). */
export const MATCHET_ANALYSIS_BUDGET = 3000;
/** Placements searched with other players (the look-ahead's best; the one taken is added). */
const CANDIDATES = 10;
/** Nodes of one hindsight solve of the real deal. */
const HINDSIGHT_NODES = 200_000;
const PHASE_OVER = 2;
const MODE_MULTI = 0;
const solitaire = (state: unknown): boolean => (state as MatchetState).mode !== MODE_MULTI;

/** Round points lost with other players. */
export const MATCHET_THRESHOLDS = { inaccuracy: 2, mistake: 5, blunder: 10 } as const;
/** Chance of winning a solitaire lost. */
export const MATCHET_SOLITAIRE_THRESHOLDS = { inaccuracy: 0.1, mistake: 0.25, blunder: 0.5 } as const;

const roundPointsAt = (state: unknown, seat: Seat, h: MatchetHorizon): number =>
  (state as MatchetState).totals[seat]! - h.totals[seat]!;

/** Whether the solver can still win after `action` in the world `s` (1 won, 0.5 undecided, 0 lost). */
function winnable(game: AnyGame, s: MatchetState, seat: Seat, action: Action): number {
  const next = game.clone(s) as MatchetState;
  applyChecked(game, next, seat, action);
  if (next.phase === PHASE_OVER) return next.outcome === 1 ? 1 : 0;
  const r = solveMatchet(next, { maxNodes: SOLITAIRE_NODES });
  return r.status === 'win' ? 1 : r.status === 'unknown' ? 0.5 : 0;
}

function solitaireValues(input: DecisionInput, sample: (rng: Rng) => unknown): Evaluation {
  const { game, seat, legal } = input;
  const worlds = Math.max(8, Math.min(64, Math.round(input.budget / 100)));
  const rng = Rng.fromSeed(input.seed);
  const paired = legal.map(() => new Float64Array(worlds));
  for (let w = 0; w < worlds; w++) {
    const world = sample(rng) as MatchetState;
    legal.forEach((a, i) => (paired[i]![w] = winnable(game, world, seat, a)));
  }
  const candidates = legal.map((action, i) => {
    let sum = 0;
    for (const x of paired[i]!) sum += x;
    // Values are 0, 0.5 or 1, so x * x is cheap to sum the same way.
    let sq = 0;
    for (const x of paired[i]!) sq += x * x;
    return { action, ...meanAndError(worlds, sum, sq), samples: worlds };
  });
  return { candidates, paired, method: 'exact-worlds' };
}

function evaluate(input: DecisionInput): Evaluation {
  const { game, state, seat, legal, taken } = input;
  const view = game.view(state, seat) as MatchetView;
  const ctx = contextFor(game, state, seat, { iterations: input.budget, timeMs: 0 });
  const sample = ctx.sample!;
  if (view.mode !== 'multi') return solitaireValues(input, sample);
  const rng = Rng.fromSeed(`${input.seed}:look`);
  const worlds = [0, 1, 2].map(() => sample(rng) as MatchetState);
  const { values } = lookaheadChoice(game, worlds, seat, legal);
  const best = legal
    .map((a, i) => ({ a, v: values[i]! }))
    .sort((x, y) => y.v - x.v)
    .slice(0, CANDIDATES)
    .map((x) => x.a);
  const candidates = withTaken(game, best, taken);
  return searchCandidates(input, matchetAdapter(game, 4), candidates, sample, roundPointsAt);
}

/** The real deal solved before and after each move (hindsight: every tile known). */
/** MATCHET solitaire hindsight: the first move after which the deal could no longer be won. */
export interface MatchetHindsight {
  /** Whether the deal could be won from the start, every tile known (null: the solver gave up). */
  readonly winnable: boolean | null;
  /** The first move after which it could not (null: it never became lost, or was never winnable). */
  readonly lostAt: number | null;
}

/** A MATCHET solitaire analysis's hindsight. */
export interface MatchetHindsightReport {
  readonly kind: 'matchet-solitaire';
  readonly result: MatchetHindsight;
}

class SolvedDeal implements HindsightCollector {
  private winnable: boolean | null = null;
  private lostAt: number | null = null;
  private wonSoFar = true;
  observe(state: unknown, move: number): void {
    const s = state as MatchetState;
    if (!this.wonSoFar) return;
    const status =
      s.phase === PHASE_OVER
        ? s.outcome === 1
          ? 'win'
          : 'lost'
        : solveMatchet(s, { maxNodes: HINDSIGHT_NODES }).status;
    if (move === 0) this.winnable = status === 'win' ? true : status === 'lost' ? false : null;
    if (status === 'lost') {
      // Lost from the start: there is no move that lost it.
      if (move > 0 && this.winnable !== false) this.lostAt = move - 1;
      this.wonSoFar = false;
    }
  }
  finish(): MatchetHindsightReport {
    return { kind: 'matchet-solitaire', result: { winnable: this.winnable, lostAt: this.lostAt } };
  }
}

export const matchetAnalyser: GameAnalyser<'points' | 'win-chance'> = {
  units: ['points', 'win-chance'],
  measure: (state) =>
    solitaire(state)
      ? { unit: 'win-chance', thresholds: MATCHET_SOLITAIRE_THRESHOLDS }
      : { unit: 'points', thresholds: MATCHET_THRESHOLDS },
  budget: MATCHET_ANALYSIS_BUDGET,
  evaluate,
  part: (state) => (state as MatchetState).round,
  // Solitaires: the graph shows the chance of winning (1 or 0 at the end).
  banked: (state, seat) => (solitaire(state) ? 0 : (state as MatchetState).totals[seat]!),
  score: (state, seat) =>
    solitaire(state)
      ? (state as MatchetState).outcome === 1
        ? 1
        : 0
      : (state as MatchetState).totals[seat]!,
  hindsight: (start) => (solitaire(start) ? new SolvedDeal() : null),
};

registerAnalyser(matchet.meta.id, matchetAnalyser);
