/**
 * Candidates valued by the bots' own search: ISMCTS (ismcts.ts) over the seat's determinizations,
 * per candidate with that candidate as the only root action and an equal share of the budget, in
 * independent runs (`searchCandidates`). The game's adapter is the bots'; a `units` function reads
 * the seat's outcome in the analysis unit at the end of every iteration (the adapter's own
 * rewards still steer the search).
 */
import type { Action, Seat } from '@matchbox/engine';
import { Rng } from '@matchbox/engine';
import type { SearchAdapter } from '../ismcts.ts';
import { ismcts } from '../ismcts.ts';
import type { DecisionInput, Evaluation } from './driver.ts';
import { widening } from './driver.ts';

/** Mean and standard error of a sample given by its count, sum and sum of squares. */
export function meanAndError(n: number, sum: number, sq: number): { value: number; se: number } {
  if (n === 0) return { value: 0, se: 0 };
  const value = sum / n;
  const variance = n > 1 ? Math.max(0, (sq - n * value * value) / (n - 1)) : 0;
  return { value, se: Math.sqrt(variance / n) };
}

/** Independent runs per candidate (each its own tree and worlds): the error is their means' spread. */
export const SEARCH_RUNS = 10;
/** Runs after which a candidate's search may stop once it cannot change the verdict (`DecisionInput.open`). */
export const SETTLE_RUNS = 5;

/** The evaluation of the runs done so far, `done[i]` of candidate `i` (their means, paired by run). */
function evaluationOf(
  candidates: readonly Action[],
  means: readonly Float64Array[],
  samples: readonly number[],
  done: readonly number[],
): Evaluation {
  const paired = means.map((m, i) => m.slice(0, done[i]));
  return {
    candidates: candidates.map((action, i) => {
      let sum = 0;
      let sq = 0;
      for (const x of paired[i]!) {
        sum += x;
        sq += x * x;
      }
      const { value, se } = meanAndError(done[i]!, sum, sq);
      return { action, value, se: se * widening(done[i]!), samples: samples[i]! };
    }),
    paired,
    method: 'search',
  };
}

/**
 * Values each candidate by the bots' own search as its only root action: `SEARCH_RUNS`
 * independent runs of ISMCTS sharing the candidate's share of the budget, each run with its own
 * tree and determinizations. A value is the mean of its runs' means and its error their spread:
 * the iterations of one run are not independent samples (a world serves several iterations,
 * MatchMaster's are resampled by weight, and the tree steers them), the runs are (the error is
 * widened for their few degrees of freedom, `widening`, so that twice it holds). Run `j` starts
 * from the same generator seed for every candidate, so the candidates meet the same first worlds
 * and a loss's error comes from the differences paired by run. After `SETTLE_RUNS` runs a
 * candidate is no longer searched once `input.open` says it cannot change the verdict; the search
 * ends when none can.
 */
export function searchCandidates<H>(
  input: DecisionInput,
  adapter: SearchAdapter<H>,
  candidates: readonly Action[],
  sample: (rng: Rng) => unknown,
  units: (state: unknown, seat: Seat, horizon: H) => number,
): Evaluation {
  const { game, seat } = input;
  const per = Math.max(1, Math.floor(input.budget / candidates.length));
  const runs = Math.min(SEARCH_RUNS, Math.max(2, per));
  const iterations = Math.max(1, Math.floor(per / runs));
  const means = candidates.map(() => new Float64Array(runs));
  const samples = candidates.map(() => 0);
  let n = 0;
  let sum = 0;
  const noting: SearchAdapter<H> = {
    ...adapter,
    rewards(state, h, out) {
      adapter.rewards(state, h, out);
      n++;
      sum += units(state, seat, h);
    },
  };
  const done = candidates.map(() => 0);
  let active = candidates.map(() => true);
  for (let run = 0; run < runs && active.some(Boolean); run++) {
    const seed = `${input.seed}:${run}`;
    candidates.forEach((action, i) => {
      if (!active[i]) return;
      n = 0;
      sum = 0;
      ismcts(game, noting, seat, [action], sample, Rng.fromSeed(seed), {
        iterations,
        ...(input.signal ? { signal: input.signal } : {}),
      });
      means[i]![run] = n > 0 ? sum / n : 0;
      samples[i]! += n;
      done[i] = run + 1;
    });
    if (run + 1 >= SETTLE_RUNS && run + 1 < runs && input.open) {
      const open = input.open(evaluationOf(candidates, means, samples, done));
      active = active.map((a, i) => a && open[i] === true);
    }
  }
  return evaluationOf(candidates, means, samples, done);
}

/** The candidates a game's bots search, with the action taken added when they left it out. */
export function withTaken(
  game: DecisionInput['game'],
  candidates: readonly Action[],
  taken: Action,
): Action[] {
  const text = game.formatAction(taken);
  return candidates.some((a) => game.formatAction(a) === text) ? [...candidates] : [...candidates, taken];
}
