/**
 * Paired bidding for MatchMaster's expert (MM-4, MM-9): every candidate bid is played out in the
 * same sampled worlds with the same random choices, by the counting heuristic for every seat
 * (which plays to hit its bid), and the bid with the best mean reward wins. Comparing bids on
 * common worlds removes the deal's luck from the difference between them, which a tree search
 * with 2,000 iterations over up to eight bids cannot resolve.
 */
import type { Action, AnyGame, MatchMasterState, Seat } from '@matchbox/engine';
import { Rng } from '@matchbox/engine';
import type { SearchAdapter } from '../../ismcts.ts';
import { applyChecked } from '../../ismcts.ts';
import type { StopSignal } from '../../types.ts';
import { BotAborted } from '../../types.ts';
import type { MatchMasterHorizon } from './matchmaster.ts';

export interface PairedBidResult {
  /** Index into the legal bids of the best one. */
  readonly best: number;
  /** Mean reward of each legal bid. */
  readonly means: readonly number[];
  readonly worlds: number;
  readonly capped: boolean;
}

export function pairedBid(
  game: AnyGame,
  adapter: SearchAdapter<MatchMasterHorizon>,
  sample: (rng: Rng) => unknown,
  seat: Seat,
  bids: readonly Action[],
  worlds: number,
  rng: Rng,
  stopAt: number,
  signal?: StopSignal,
): PairedBidResult {
  const sums = new Float64Array(bids.length);
  const rewards = new Float64Array(8);
  let done = 0;
  let capped = false;
  let horizon: MatchMasterHorizon | null = null;
  for (; done < worlds; done++) {
    if (signal?.aborted) throw new BotAborted();
    if (done > 0 && stopAt !== Infinity && performance.now() > stopAt) {
      capped = true;
      break;
    }
    const world = sample(rng) as MatchMasterState;
    horizon ??= adapter.begin(world, seat);
    adapter.prepare?.(world, seat, rng, horizon);
    const stream = rng.fork();
    for (let b = 0; b < bids.length; b++) {
      const s: unknown = game.clone(world);
      const r = stream.clone();
      applyChecked(game, s, seat, bids[b]);
      while (!adapter.isTerminal(s, horizon)) {
        const p = game.toAct(s)[0]!;
        applyChecked(game, s, p, adapter.policy(s, p, r));
      }
      rewards.fill(0);
      adapter.rewards(s, horizon, rewards);
      sums[b]! += rewards[seat]!;
    }
  }
  const n = Math.max(1, done);
  const means = Array.from(sums, (x) => x / n);
  let best = 0;
  for (let b = 1; b < bids.length; b++) if (means[b]! > means[best]!) best = b;
  return { best, means, worlds: done, capped };
}

export { Rng };
