/**
 * MATCH! bots (rulings MA-4..MA-10).
 *
 * The heuristic (`medium`) values every legal action by what it does to the round score
 * (collection minus hand, MA-10) and to the race to empty a hand (MA-9):
 * - discarding a hand card saves its value in hand and brings the round's end closer; playing the
 *   last card ends the round, which is worth a lot;
 * - collecting a card counts it twice (out of the hand, into the collection) but draws an unknown
 *   card and leaves a new stack top that a later target may force out (MA-6);
 * - discarding from a stack gives away collected points (only when forced and nothing else fits);
 * - a wildcard costs 10 in hand, so it goes out early; the declaration (MA-7) names a card that
 *   the next player's stack tops match (forcing him to discard, MA-6) and that our own hand fits.
 * The search levels run ISMCTS to the end of the round with this heuristic as rollout policy.
 */
import type { Action, MatchAction, MatchState, MatchView, Seat } from '@matchbox/engine';
import type { Rng } from '@matchbox/engine';
import { match, matchCards } from '@matchbox/engine';
import type { SearchAdapter, SearchResult } from '../../ismcts.ts';

const { COLOURS, MATCH_MASK, POINTS, WILD, KINDS, COLOUR_COUNT, STACK_CAPACITY, kindOfToken, parseColour } =
  matchCards;
const VALUES = 6;

export interface MatchSit {
  n: number;
  seat: number;
  target: number;
  /** My hand: count per kind. */
  readonly hand: Uint8Array;
  readonly handSize: number[];
  /** Per seat and colour, the kind on top of the stack, or -1. */
  readonly tops: Int16Array;
  /** Per seat, collection points so far this round. */
  readonly collected: number[];
  deckSize: number;
}

const newSit = (n: number): MatchSit => ({
  n,
  seat: 0,
  target: 0,
  hand: new Uint8Array(KINDS),
  handSize: new Array<number>(n).fill(0),
  tops: new Int16Array(n * COLOUR_COUNT).fill(-1),
  collected: new Array<number>(n).fill(0),
  deckSize: 0,
});

/** Expected value of a drawn card in hand (number cards average 2.5, a wildcard costs 10). */
const DRAW_COST = (60 * 2.5 + 4 * 10) / 64;

const matches = (kind: number, target: number): boolean =>
  kind === WILD || (MATCH_MASK[target]! & (1 << kind)) !== 0;

function handValue(sit: MatchSit): number {
  let v = 0;
  for (let k = 0; k < KINDS; k++) v += sit.hand[k]! * POINTS[k]!;
  return v;
}

/** How much it hurts `seat` when the target is `kind`: its stack tops that match (MA-6). */
function forcing(sit: MatchSit, seat: number, kind: number): number {
  let hurt = 0;
  for (let c = 0; c < COLOUR_COUNT; c++) {
    const top = sit.tops[seat * COLOUR_COUNT + c]!;
    if (top >= 0 && matches(top, kind)) hurt = Math.max(hurt, 1 + POINTS[top]! / 2);
  }
  return hurt;
}

/** Does another seat hold a single card (so it may go out on its next turn, MA-9)? */
function oneCardLeft(sit: MatchSit): boolean {
  for (let o = 0; o < sit.n; o++) if (o !== sit.seat && sit.handSize[o]! <= 1) return true;
  return false;
}

/** The heuristic value of one action (higher is better). */
export function actionValue(sit: MatchSit, a: Action): number {
  const me = sit.seat;
  const next = (me + 1) % sit.n;
  const size = sit.handSize[me]!;
  // The race: how keen we are to end the round, from the round scores as they stand.
  const mine = sit.collected[me]! - handValue(sit);
  let best = -Infinity;
  for (let o = 0; o < sit.n; o++)
    if (o !== me) best = Math.max(best, sit.collected[o]! - sit.handSize[o]! * 2.5);
  const tempo = 1.5 + Math.max(-1, Math.min(3, (mine - best) / 8)) + (size <= 2 ? 1 : 0);
  const x = a as MatchAction;
  switch (x.type) {
    case 'discard': {
      const k = kindOfToken(x.card);
      if (size === 1) return 100 + POINTS[k]!; // MA-9: going out
      // MA-4, MA-9: the last card but a wildcard goes first, since a wildcard always matches, so
      // the next turn surely goes out, unless another seat can go out before it (one card left).
      if (size === 2 && sit.hand[WILD]! > 0 && !oneCardLeft(sit)) return 90 + POINTS[k]!;
      return POINTS[k]! + tempo + 0.8 * forcing(sit, next, k);
    }
    case 'wild': {
      if (size === 1) return 110;
      const d = parseColour(x.colour) * VALUES + x.value;
      let fit = 0;
      for (let k = 0; k < KINDS; k++) if (k !== WILD && sit.hand[k]! > 0 && matches(k, d)) fit += 1;
      return 10 + tempo + 1.2 * forcing(sit, next, d) + 0.3 * Math.min(fit, 3) + 0.01 * x.value;
    }
    case 'collect': {
      const k = kindOfToken(x.card);
      const drawCost = sit.deckSize > 0 ? DRAW_COST : 0;
      return 2 * POINTS[k]! - drawCost - 0.5 * tempo - 0.4;
    }
    case 'discardStack': {
      const c = parseColour(x.colour);
      const top = sit.tops[me * COLOUR_COUNT + c]!;
      return -2 * POINTS[top]! - 1;
    }
    default:
      return -Infinity;
  }
}

export function bestAction(sit: MatchSit, legal: readonly Action[]): Action {
  let best = legal[0]!;
  let bestV = -Infinity;
  for (const a of legal) {
    const v = actionValue(sit, a);
    if (v > bestV) {
      bestV = v;
      best = a;
    }
  }
  return best;
}

// --- The search's root: candidates and the final choice ---

/** Wildcard declarations the search considers at the root: the heuristic's best few. */
export const ROOT_DECLARATIONS = 3;

/**
 * The root actions worth searching: every action but a wildcard declaration, and the heuristic's
 * best ROOT_DECLARATIONS declarations (MA-7). Thirty declarations would split the budget thirty
 * ways, while what matters most is whether the wildcard is played at all.
 */
export function rootCandidates(view: MatchView, seat: Seat, legal: readonly Action[]): readonly Action[] {
  const sit = sitFromView(view, seat);
  const wilds = legal.filter((a) => a.type === 'wild');
  if (wilds.length <= ROOT_DECLARATIONS) return legal;
  const keep = new Set(
    wilds
      .map((a) => ({ a, v: actionValue(sit, a) }))
      .sort((x, y) => y.v - x.v)
      .slice(0, ROOT_DECLARATIONS)
      .map((x) => x.a),
  );
  return legal.filter((a) => a.type !== 'wild' || keep.has(a));
}

/**
 * The spread of a search reward in MATCH! (one rollout's squashed round score): about 0.135 in
 * the blunder suite's positions, measured over 3,000 rollouts per action.
 */
const REWARD_SD = 0.135;

/**
 * The final choice: the heuristic's action, unless the search found an action better by more
 * than its noise (two standard errors of the difference of two means). With a few hundred
 * iterations over near-equal actions, the most visited one is often chosen by chance (the
 * blunder suite caught `hard` banking a 1 instead of a 5, and giving up a collected 5 instead of
 * a 1, MA-6, MA-10); the heuristic breaks such ties for a reason.
 */
export function decideMatch(
  result: SearchResult,
  view: MatchView,
  seat: Seat,
  legal: readonly Action[],
): Action {
  const h = heuristicAction(view, seat, legal);
  const hs = result.stats.find((st) => st.action === h);
  const best = result.stats.find((st) => st.action === result.best)!;
  if (!hs || hs.visits === 0 || best.action === h) return result.best;
  const margin = 2 * REWARD_SD * Math.sqrt(1 / hs.visits + 1 / Math.max(1, best.visits));
  return best.value - hs.value > margin ? result.best : h;
}

// --- Reading a view ---

export function sitFromView(view: MatchView, seat: Seat): MatchSit {
  const n = view.players;
  const sit = newSit(n);
  sit.seat = seat;
  sit.target = parseColour(view.target.colour) * VALUES + view.target.value;
  for (const tok of view.myHand ?? []) {
    const k = kindOfToken(tok);
    if (k >= 0) sit.hand[k]!++;
  }
  view.handSizes.forEach((h, i) => (sit.handSize[i] = h));
  for (let o = 0; o < n; o++) {
    let pts = 0;
    for (let c = 0; c < COLOUR_COUNT; c++) {
      const stack = view.collections[o]![COLOURS[c]!];
      for (const tok of stack) pts += POINTS[kindOfToken(tok)] ?? 0;
      if (stack.length > 0) sit.tops[o * COLOUR_COUNT + c] = kindOfToken(stack[stack.length - 1]!);
    }
    sit.collected[o] = pts;
  }
  sit.deckSize = view.deckSize;
  return sit;
}

export const heuristicAction = (view: MatchView, seat: Seat, legal: readonly Action[]): Action =>
  bestAction(sitFromView(view, seat), legal);

// --- Reading a state (rollouts) ---

let stateSit = newSit(8);

function sitFromState(s: MatchState, seat: Seat): MatchSit {
  if (stateSit.n !== s.players) stateSit = newSit(s.players);
  const sit = stateSit;
  sit.seat = seat;
  sit.target = s.target;
  sit.hand.set(s.hands.subarray(seat * KINDS, seat * KINDS + KINDS));
  for (let o = 0; o < s.players; o++) {
    sit.handSize[o] = s.handSize[o]!;
    let pts = 0;
    for (let c = 0; c < COLOUR_COUNT; c++) {
      const slot = o * COLOUR_COUNT + c;
      const len = s.stackLen[slot]!;
      for (let i = 0; i < len; i++) pts += POINTS[s.stacks[slot * STACK_CAPACITY + i]!]!;
      sit.tops[slot] = len > 0 ? s.stacks[slot * STACK_CAPACITY + len - 1]! : -1;
    }
    sit.collected[o] = pts;
  }
  sit.deckSize = s.deckLen;
  return sit;
}

export function statePolicy(s: MatchState, seat: Seat, rng: Rng, noise: number): Action {
  const legal = match.legalActions(s, seat);
  if (noise > 0 && rng.next() < noise) return legal[rng.int(legal.length)]!;
  return bestAction(sitFromState(s, seat), legal);
}

// --- Search ---

export interface MatchHorizon {
  readonly round: number;
  readonly players: number;
  readonly totals: readonly number[];
  /** Turns already played this round at the root. */
  readonly turns: number;
}

export interface MatchSearchConfig {
  readonly noise: number;
  /** Rollouts stop after this many turns and the round is scored as it stands. */
  readonly depth: number;
}

/**
 * Each seat's points of the round searched at the horizon: the round's score once it has ended,
 * else collections minus hands as they stand.
 */
export function roundScores(s: MatchState, h: MatchHorizon): number[] {
  const n = h.players;
  const score = new Array<number>(n);
  if (s.round !== h.round || s.phase === 1) {
    for (let i = 0; i < n; i++) score[i] = s.totals[i]! - h.totals[i]!;
  } else {
    const sit = sitFromState(s, 0);
    for (let i = 0; i < n; i++) {
      let hv = 0;
      for (let k = 0; k < KINDS; k++) hv += s.hands[i * KINDS + k]! * POINTS[k]!;
      score[i] = sit.collected[i]! - hv;
    }
  }
  return score;
}

/**
 * Search over the rest of the round. The reward is the seat's round score (as it stands at the
 * horizon) against the others', squashed into [0, 1]; in the last round the game result counts.
 */
export function matchAdapter(cfg: MatchSearchConfig): SearchAdapter<MatchHorizon> {
  return {
    begin(state) {
      const s = state as MatchState;
      return { round: s.round, players: s.players, totals: Array.from(s.totals), turns: s.logLen };
    },
    isTerminal(state, h) {
      const s = state as MatchState;
      return s.round !== h.round || s.phase === 1 || s.logLen - h.turns >= cfg.depth;
    },
    rewards(state, h, out) {
      const n = h.players;
      const score = roundScores(state as MatchState, h);
      let sum = 0;
      for (let i = 0; i < n; i++) sum += score[i]!;
      for (let i = 0; i < n; i++) {
        const diff = score[i]! - (sum - score[i]!) / (n - 1);
        out[i] = 1 / (1 + Math.exp(-diff / 10));
      }
    },
    policy: (state, seat, rng) => statePolicy(state as MatchState, seat, rng, cfg.noise),
  };
}
