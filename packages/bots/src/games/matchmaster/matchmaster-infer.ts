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
import { matchmaster, matchmasterCards } from '@matchbox/engine';
import { PLAY, choosePlay, copyWorld, expectedTricks, sitFromState } from './matchmaster.ts';

const { RANKS, popcount } = matchmasterCards;
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

// --- Inference from the plays ---

/**
 * How often, in the play model, a seat plays some other legal card than the heuristic's: the
 * other seats are searches, not the heuristic, so a play the heuristic would not make only makes
 * a world less likely, never impossible.
 */
export const PLAY_EPSILON = 0.6;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
let replayState: Mutable<MatchMasterState> | null = null;

/**
 * The log-likelihood of the other seats' plays this hand in world `s` (0 before any play): the
 * hand is replayed from its first trick with every seat holding what it was dealt in this world,
 * and each play of another seat that had a choice counts log((1 - eps) + eps / k) when it is the
 * card the counting heuristic would play with that seat's hand at that point (k legal cards), and
 * log(eps / k) when it is not. A seat that ducked under a card it could have beaten, or kept a
 * high card back, so makes the worlds where that was the sensible play more likely: those where
 * it held what the heuristic would keep, or needed no more tricks.
 */
export function playLogLikelihood(s: MatchMasterState, seat: Seat, eps = PLAY_EPSILON): number {
  if (s.phase !== PHASE_PLAY || s.playCount === 0) return 0;
  const n = s.players;
  if (replayState === null || replayState.players !== n || replayState.history.length !== s.history.length)
    replayState = matchmaster.clone(s);
  const r = replayState;
  copyWorld(s, r); // the policy below must not reuse what it read of the last world replayed
  // Back to the hand's first lead: every card played this hand returns to its seat (MM-5).
  const count = s.playCount;
  for (let i = 0; i < count; i++) {
    const c = s.plays[i]!;
    r.hands[s.playSeats[i]! * 4 + ((c / RANKS) | 0)]! |= 1 << (c % RANKS);
  }
  for (let i = 0; i < n; i++) r.tricks[i] = 0;
  r.playCount = 0;
  r.trickLen = 0;
  r.toPlay = (s.dealer + 1) % n;
  r.actions -= count;
  let total = 0;
  for (let i = 0; i < count; i++) {
    const o = s.playSeats[i]!;
    const played = PLAY[s.plays[i]!]!;
    if (o !== seat) {
      // The heuristic's situation holds the legal cards too: no list of legal actions per play.
      const sit = sitFromState(r, o);
      const k =
        popcount(sit.legal[0]!) + popcount(sit.legal[1]!) + popcount(sit.legal[2]!) + popcount(sit.legal[3]!);
      if (k > 1) total += Math.log(choosePlay(sit) === s.plays[i] ? 1 - eps + eps / k : eps / k);
    }
    const error = matchmaster.applyInPlace(r, o, played);
    if (error) throw new Error(`matchmaster play inference: play ${i} does not replay (${error.code})`);
  }
  return total;
}

/** Bid and play inference together: the log-likelihood of what the other seats did this hand. */
export const actionsLogLikelihood = (s: MatchMasterState, seat: Seat): number =>
  bidLogLikelihood(s, seat) + playLogLikelihood(s, seat);

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
