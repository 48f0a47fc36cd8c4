/**
 * Bid inference for MatchMaster's search bots: once the bids are shown (MM-4), a world in which a
 * seat that bid 7 holds seven low cards is less likely than one in which it holds the top trumps.
 * A sampled world is weighted by the likelihood of every other seat's bid given the hand it was
 * dealt in that world, under the heuristic's bidding model (the bid is its expected tricks,
 * `expectedTricks`, give or take a normal error of `sigma` tricks).
 *
 * The weights only choose among determinizations (sampling-importance-resampling), so every world
 * used is still one the seat cannot rule out: the view's constraints hold as before.
 */
import type { MatchMasterState, Seat, Rng } from '@matchbox/engine';
import { matchmasterCards } from '@matchbox/engine';
import { expectedTricks } from './matchmaster.ts';

const { RANKS } = matchmasterCards;
const PHASE_PLAY = 1;

/** How far, in tricks, players' bids stray from the heuristic's expectation (one standard deviation). */
export const BID_SIGMA = 1;

const dealt = new Uint16Array(4);

/**
 * The log-likelihood of the other seats' shown bids in world `s` (0 while bids are hidden): the
 * sum over those seats of -(bid - expected tricks of the hand it was dealt)^2 / (2 sigma^2).
 */
export function bidLogLikelihood(s: MatchMasterState, seat: Seat, sigma = BID_SIGMA): number {
  if (s.phase !== PHASE_PLAY) return 0;
  const n = s.players;
  const size = s.handSizes[s.handIndex]!;
  let total = 0;
  for (let o = 0; o < n; o++) {
    if (o === seat) continue;
    // The hand as dealt: what it holds now and what it has played this hand.
    for (let suit = 0; suit < 4; suit++) dealt[suit] = s.hands[o * 4 + suit]!;
    for (let i = 0; i < s.playCount; i++) {
      if (s.playSeats[i] !== o) continue;
      const c = s.plays[i]!;
      dealt[(c / RANKS) | 0]! |= 1 << (c % RANKS);
    }
    const d = s.bids[o]! - expectedTricks(dealt, n, size);
    total -= (d * d) / (2 * sigma * sigma);
  }
  return total;
}

/** Picks an index with probability proportional to exp(logW[i]) (the largest is the scale). */
export function pickWeighted(logW: ArrayLike<number>, count: number, rng: Rng): number {
  let max = -Infinity;
  for (let i = 0; i < count; i++) if (logW[i]! > max) max = logW[i]!;
  let sum = 0;
  for (let i = 0; i < count; i++) sum += Math.exp(logW[i]! - max);
  let x = rng.next() * sum;
  for (let i = 0; i < count; i++) {
    x -= Math.exp(logW[i]! - max);
    if (x < 0) return i;
  }
  return count - 1;
}

/**
 * A sampler that draws `candidates` worlds from `sample` and returns one of them with probability
 * proportional to the likelihood of the shown bids in it (sampling-importance-resampling).
 */
export function bidWeightedSampler(
  sample: (rng: Rng) => unknown,
  seat: Seat,
  candidates: number,
  sigma = BID_SIGMA,
): (rng: Rng) => unknown {
  return weightedSampler(sample, seat, candidates, (s, o) => bidLogLikelihood(s, o, sigma));
}

/** A sampler like `bidWeightedSampler`, with any log-likelihood of what was seen. */
export function weightedSampler(
  sample: (rng: Rng) => unknown,
  seat: Seat,
  candidates: number,
  logLikelihood: (s: MatchMasterState, seat: Seat) => number,
): (rng: Rng) => unknown {
  const logW = new Float64Array(candidates);
  const drawn: unknown[] = new Array<unknown>(candidates);
  return (rng) => {
    for (let i = 0; i < candidates; i++) {
      drawn[i] = sample(rng);
      logW[i] = logLikelihood(drawn[i] as MatchMasterState, seat);
    }
    const pick = drawn[pickWeighted(logW, candidates, rng)];
    drawn.fill(undefined);
    return pick;
  };
}
