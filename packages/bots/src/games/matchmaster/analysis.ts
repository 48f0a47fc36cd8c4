/**
 * MatchMaster's analysis: every bid and card valued in expected points of the hand (MM-9), from
 * the seat's information set, by the expert's own means (matchmaster-bots.ts):
 *
 * - one-card hands (bids): exact, from the seat's place after the leader (`oneCardWinChance`);
 * - the last cards of a hand (at most 16 in all hands, the expert's endgame): each candidate
 *   solved exactly (max-n, `HandSolver`) in the same worlds, drawn from the seat's
 *   determinizations weighted by the bids shown; the loss's error comes from the paired
 *   differences; it stops early once the verdict is settled (`DecisionInput.settled`);
 * - everything else: the expert's ISMCTS (its adapter, rollouts and bid inference, the match in
 *   view switched off so that rewards are the hand's points) once per candidate, with that
 *   candidate as the only root action and an equal share of the budget, so that every candidate
 *   gets as many determinizations, in independent runs whose spread is the error (search.ts).
 *
 * Hindsight (matchmaster-open.ts): per hand and seat, the most tricks it could have made sure of
 * with every hand open.
 */
import type { Action, MatchMasterAction, MatchMasterState, MatchMasterView, Seat } from '@matchbox/engine';
import { Rng, matchmaster, matchmasterCards, matchmasterRules } from '@matchbox/engine';
import { contextFor } from '../../runner.ts';
import { levelAdapter, matchmasterConfig } from './matchmaster-bots.ts';
import type { MatchMasterHorizon } from './matchmaster.ts';
import { oneCardWinChance } from './matchmaster.ts';
import { bidLogLikelihood, weightedSampler } from './matchmaster-infer.ts';
import { HandSolver } from './matchmaster-solve.ts';
import type {
  CandidateEstimate,
  DecisionInput,
  Evaluation,
  GameAnalyser,
  HindsightCollector,
} from '../../analysis/driver.ts';
import { registerAnalyser } from '../../analysis/driver.ts';
import { openMaxTricks } from './analysis-open.ts';
import { meanAndError, searchCandidates } from '../../analysis/search.ts';

const { parseCard } = matchmasterCards;
const { handPoints } = matchmasterRules;

/** The expert's configuration with rewards in the hand's points (no match blend in the last hands). */
const CONFIG = matchmasterConfig('expert', new Set(['match']));
const ADAPTER = levelAdapter(CONFIG);
/** At most this many cards in all hands together: solved exactly per world (the expert's endgame). */
const ENDGAME_CARDS = 16;
const ENDGAME_NODES = 200_000;

/**
 * Iterations per decision by default. With errors that hold (independent runs, search.ts) the
 * benchmark's whole 13-hand 4-player game flags the same decisions at 12,000 as at 30,000 but for
 * a few of the smallest inaccuracies, for 2.5 times less CPU (packages/bots/README.md).
 */
export const MATCHMASTER_ANALYSIS_BUDGET = 12_000;

/** Expected points of the hand lost (MM-9: a bid met is worth 10 + tricks, missed by one -1). */
export const MATCHMASTER_THRESHOLDS = { inaccuracy: 0.5, mistake: 2, blunder: 4 } as const;

const PHASE_PLAY = 1;

function oneCardValues(view: MatchMasterView, seat: Seat, legal: readonly Action[]): Evaluation {
  let card = -1;
  for (const c of view.myHand ?? []) card = parseCard(c);
  const n = view.players;
  const leader = (view.dealer + 1) % n;
  const p = oneCardWinChance(card, n, (seat - leader + n) % n);
  const candidates = legal.map((a) => {
    const bid = (a as MatchMasterAction & { bid: number }).bid;
    return { action: a, value: p * handPoints(bid, 1) + (1 - p) * handPoints(bid, 0), se: 0, samples: 0 };
  });
  return { candidates, method: 'exact' };
}

/** Worlds solved before an endgame may stop once its verdict is settled, and how often it asks. */
const SETTLE_WORLDS = 64;
const SETTLE_EVERY = 32;

function endgameValues(input: DecisionInput, sample: (rng: Rng) => unknown): Evaluation | null {
  const { seat, legal } = input;
  const worlds = Math.max(32, Math.min(256, Math.round(input.budget / 40)));
  const draw = weightedSampler(sample, seat, 4, bidLogLikelihood);
  const rng = Rng.fromSeed(`${input.seed}:endgame`);
  const cards = legal.map((a) => parseCard((a as MatchMasterAction & { card: string }).card));
  const paired = legal.map(() => new Float64Array(worlds));
  const one = new Float64Array(legal.length);
  const solver = new HandSolver();
  const valuesOf = (solved: number): Evaluation => {
    const first = paired.map((xs) => xs.slice(0, solved));
    return {
      candidates: legal.map((action, i) => meanOf(action, first[i]!)),
      paired: first,
      method: 'exact-worlds',
    };
  };
  for (let w = 0; w < worlds; w++) {
    if (input.signal?.aborted) return null;
    const world = draw(rng) as MatchMasterState;
    if (!solver.rootValues(world, cards, one, ENDGAME_NODES)) return null;
    for (let i = 0; i < legal.length; i++) paired[i]![w] = one[i]!;
    const solved = w + 1;
    // A verdict settled early (search.ts's rule) needs no more worlds.
    if (
      solved >= SETTLE_WORLDS &&
      solved < worlds &&
      solved % SETTLE_EVERY === 0 &&
      input.settled?.(valuesOf(solved))
    )
      return valuesOf(solved);
  }
  return valuesOf(worlds);
}

function meanOf(action: Action, xs: Float64Array): CandidateEstimate {
  let sum = 0;
  let sq = 0;
  for (const x of xs) {
    sum += x;
    sq += x * x;
  }
  return { action, ...meanAndError(xs.length, sum, sq), samples: xs.length };
}

/** The seat's points of the hand searched (MM-9), from the score sheet at the horizon. */
const handPointsAt = (state: unknown, seat: Seat, h: MatchMasterHorizon): number =>
  (state as MatchMasterState).history[(h.handIndex * h.players + seat) * 3 + 2]!;

function evaluate(input: DecisionInput): Evaluation {
  const { game, state, seat, legal } = input;
  // The only ways the real state is read: the seat's view and the referee's determinizations.
  const view = game.view(state, seat) as MatchMasterView;
  if (view.phase === 'bid' && view.handSize === 1) return oneCardValues(view, seat, legal);
  const ctx = contextFor(game, state, seat, { iterations: input.budget, timeMs: 0 });
  const sample = ctx.sample!;
  const cardsLeft = view.handCounts.reduce((a, b) => a + b, 0);
  if (view.phase === 'play' && cardsLeft <= ENDGAME_CARDS && (view.handCounts[seat] ?? 0) >= 2) {
    const exact = endgameValues(input, sample);
    if (exact) return exact;
  }
  return searchCandidates(input, ADAPTER, legal, sample, handPointsAt);
}

/** MatchMaster hindsight: one hand of one seat solved with every card open. */
export interface MatchMasterHindsight {
  readonly part: number;
  readonly seat: Seat;
  readonly bid: number;
  readonly tricks: number;
  /**
   * The most tricks the seat could have made sure of against every other seat, all hands known,
   * from the first lead of the hand (null: too big to solve within the node limit).
   */
  readonly maxTricks: number | null;
}

/** A MatchMaster analysis's hindsight: every hand of every seat analysed. */
export interface MatchMasterHindsightReport {
  readonly kind: 'matchmaster';
  readonly hands: readonly MatchMasterHindsight[];
}

class OpenHands implements HindsightCollector {
  private readonly hands: MatchMasterHindsight[] = [];
  private pending: MatchMasterHindsight[] = [];
  constructor(private readonly seats: readonly Seat[]) {}
  observe(state: unknown, _move: number): void {
    const s = state as MatchMasterState;
    this.settle(s);
    if (s.phase === PHASE_PLAY && s.playCount === 0 && !this.pending.some((h) => h.part === s.handIndex)) {
      for (const seat of this.seats) {
        this.pending.push({
          part: s.handIndex,
          seat,
          bid: s.bids[seat]!,
          tricks: -1,
          maxTricks: openMaxTricks(s, seat),
        });
      }
    }
  }
  /** Hands that have ended get the tricks actually taken (from the score sheet). */
  private settle(s: MatchMasterState): void {
    const keep: MatchMasterHindsight[] = [];
    for (const h of this.pending) {
      const done = h.part < s.handIndex || s.phase === 2;
      if (done) this.hands.push({ ...h, tricks: s.history[(h.part * s.players + h.seat) * 3 + 1]! });
      else keep.push(h);
    }
    this.pending = keep;
  }
  finish(): MatchMasterHindsightReport {
    return { kind: 'matchmaster', hands: this.hands.slice() };
  }
}

export const matchmasterAnalyser: GameAnalyser<'hand-points'> = {
  units: ['hand-points'],
  measure: () => ({ unit: 'hand-points', thresholds: MATCHMASTER_THRESHOLDS }),
  budget: MATCHMASTER_ANALYSIS_BUDGET,
  evaluate,
  part: (state) => (state as MatchMasterState).handIndex,
  banked: (state, seat) => (state as MatchMasterState).totals[seat]!,
  score: (state, seat) => (state as MatchMasterState).totals[seat]!,
  hindsight: (_start, seats) => new OpenHands(seats),
};

registerAnalyser(matchmaster.meta.id, matchmasterAnalyser);
