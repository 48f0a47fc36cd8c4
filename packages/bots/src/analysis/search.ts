/**
 * Candidates valued by the bots' own search: ISMCTS (ismcts.ts) over the seat's determinizations,
 * once per candidate with that candidate as the only root action and an equal share of the
 * budget, so every candidate gets as many determinizations. The game's adapter is the bots'; a
 * `units` function reads the seat's outcome in the analysis unit at the end of every iteration
 * (the adapter's own rewards still steer the search), and the value is the mean of those
 * outcomes, its standard error that of the mean.
 */
import type { Action, Seat } from '@matchbox/engine';
import { Rng } from '@matchbox/engine';
import type { SearchAdapter } from '../ismcts.ts';
import { ismcts } from '../ismcts.ts';
import type { CandidateEstimate, DecisionInput } from './driver.ts';

/** Mean and standard error of a sample given by its count, sum and sum of squares. */
export function meanAndError(n: number, sum: number, sq: number): { value: number; se: number } {
  if (n === 0) return { value: 0, se: 0 };
  const value = sum / n;
  const variance = n > 1 ? Math.max(0, (sq - n * value * value) / (n - 1)) : 0;
  return { value, se: Math.sqrt(variance / n) };
}

export function searchCandidates<H>(
  input: DecisionInput,
  adapter: SearchAdapter<H>,
  candidates: readonly Action[],
  sample: (rng: Rng) => unknown,
  units: (state: unknown, seat: Seat, horizon: H) => number,
): CandidateEstimate[] {
  const { game, seat } = input;
  const per = Math.max(1, Math.floor(input.budget / candidates.length));
  return candidates.map((action) => {
    let n = 0;
    let sum = 0;
    let sq = 0;
    const noting: SearchAdapter<H> = {
      ...adapter,
      rewards(state, h, out) {
        adapter.rewards(state, h, out);
        const u = units(state, seat, h);
        n++;
        sum += u;
        sq += u * u;
      },
    };
    // The same generator seed for every candidate: their determinizations start alike.
    ismcts(game, noting, seat, [action], sample, Rng.fromSeed(input.seed), {
      iterations: per,
      ...(input.signal ? { signal: input.signal } : {}),
    });
    return { action, ...meanAndError(n, sum, sq), samples: n };
  });
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
