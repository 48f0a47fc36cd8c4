/**
 * Perfect-information Monte Carlo for MatchMaster's card play (PIMC, as bridge programs play a
 * card: Ginsberg's GIB): draw sampled worlds, search each one as if every hand were visible, and
 * play the card whose value averaged over the worlds is best.
 *
 * It differs from the ISMCTS search, which grows one tree over all its worlds: there the other
 * seats' nodes pool their statistics over worlds in which they hold different cards, so in the
 * tree they choose without looking at their own hand; here every seat of a world plays knowing
 * every hand of that world (and so, too optimistically, does the searching seat later in the
 * hand: strategy fusion). Which error costs more is an empirical question; in the arena
 * (`expert+pimc`, packages/bots/README.md) this measured no better than the shared tree, so it is
 * off by default. Each world's search is the ISMCTS itself with that one world, so rollouts,
 * rewards and horizons are the level's.
 *
 * Worlds come only from the seat's determinizations (`ctx.sample`), so nothing here sees more
 * than the seat may know.
 */
import type { Action, AnyGame, Rng, Seat } from '@matchbox/engine';
import type { SearchAdapter } from '../../ismcts.ts';
import { ismcts } from '../../ismcts.ts';
import type { StopSignal } from '../../types.ts';
import { BotAborted } from '../../types.ts';

export interface WorldByWorldResult {
  /** Index into `legal` of the card with the best mean value over the worlds. */
  readonly best: number;
  /** Per legal action, the mean over the worlds of its root value (the seat's scaled reward). */
  readonly values: Float64Array;
  /** Worlds searched (fewer than asked for when `stopAt` passed). */
  readonly worlds: number;
  readonly capped: boolean;
}

/**
 * Searches `worlds` sampled worlds with `iterations` ISMCTS iterations each, every iteration in
 * the same world, and returns the action with the best mean root value (ties: the earlier in
 * `legal`). `stopAt` is a `performance.now()` time after which no further world is started (at
 * least one always is).
 */
export function worldByWorld<H>(
  game: AnyGame,
  adapter: SearchAdapter<H>,
  seat: Seat,
  legal: readonly Action[],
  sample: (rng: Rng) => unknown,
  rng: Rng,
  worlds: number,
  iterations: number,
  stopAt = Infinity,
  signal?: StopSignal,
): WorldByWorldResult {
  const values = new Float64Array(legal.length);
  let done = 0;
  let capped = false;
  for (; done < worlds; done++) {
    if (signal?.aborted) throw new BotAborted();
    if (done > 0 && performance.now() > stopAt) {
      capped = true;
      break;
    }
    const world = sample(rng);
    // One determinization: every iteration is played in a copy of this world.
    const r = ismcts(game, adapter, seat, legal, () => world, rng, {
      iterations,
      determinizations: 1,
      ...(signal ? { signal } : {}),
    });
    for (let i = 0; i < legal.length; i++) values[i]! += r.stats[i]!.value;
  }
  let best = 0;
  for (let i = 0; i < legal.length; i++) {
    values[i]! /= done;
    if (values[i]! > values[best]! + 1e-12) best = i;
  }
  return { best, values, worlds: done, capped };
}
