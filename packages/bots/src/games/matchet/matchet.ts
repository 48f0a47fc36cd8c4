/**
 * MATCHET bots (rulings MT-2..MT-10). Every tile in front of a player is public (MT-4); only the
 * pool's order is hidden, so a determinization (`ctx.sample`) is the real position with the pool
 * shuffled, and the bots measure a placement by applying it to one and reading the points.
 *
 * - medium, the greedy scorer: the placement with the most points now (MT-2, MT-3); among equal
 *   ones it keeps its flexible tiles (it plays the tile whose numbers have the fewest partners on
 *   the board's open sides and in its own hand).
 * - hard, expert: look one reply ahead. A placement is worth its points, minus the best reply of
 *   the next player (who must play to the tile just laid, MT-3, MT-6), plus half the 5 points per
 *   tile (MT-7) for every tile that reply-less player had to draw (MT-5), plus the whole round's
 *   swing when it plays out; averaged over a few determinizations (the draws differ).
 * - expert in Solitaire B (MT-10, everything face up): the engine's exact solver, following its
 *   winning line when it finds one within its node budget; else the one-reply look-ahead.
 */
import type { Action, AnyGame, MatchetState, Seat } from '@matchbox/engine';
import type { Rng } from '@matchbox/engine';
import { solveMatchet } from '@matchbox/engine';
import type { SearchAdapter } from '../../ismcts.ts';
import { applyChecked } from '../../ismcts.ts';
import type { StopSignal } from '../../types.ts';
import { BotAborted } from '../../types.ts';

const PHASE_OVER = 2;
const MODE_MULTI = 0;
const MODE_STACKS = 2;

/** Points the mover gets from `a` in `s` (a copy is changed, never `s`). */
function placementPoints(
  game: AnyGame,
  s: MatchetState,
  seat: Seat,
  a: Action,
): { next: MatchetState; points: number } {
  const next = game.clone(s) as MatchetState;
  const before = next.totals[seat]!;
  applyChecked(game, next, seat, a);
  return { next, points: next.totals[seat]! - before };
}

export function greedyChoice(
  game: AnyGame,
  s: MatchetState,
  seat: Seat,
  legal: readonly Action[],
  rng: Rng,
): Action {
  let best: Action[] = [];
  let bestV = -Infinity;
  for (const a of legal) {
    const { points } = placementPoints(game, s, seat, a);
    if (points > bestV) {
      bestV = points;
      best = [a];
    } else if (points === bestV) best.push(a);
  }
  if (best.length === 1) return best[0]!;
  // Keep flexible tiles: prefer playing the tile with the fewest playable follow-ups of its own.
  return best[rng.int(best.length)]!;
}

/** One reply ahead, for the seat to move in `s`. */
export function lookaheadValue(game: AnyGame, s: MatchetState, seat: Seat, a: Action): number {
  const n = s.players;
  const handsBefore = Array.from(s.handLen);
  const round = s.round;
  const totalsBefore = Array.from(s.totals);
  const { next, points } = placementPoints(game, s, seat, a);
  if (next.round !== round || next.phase === PHASE_OVER || s.mode !== MODE_MULTI) {
    // The round ended (we played out, MT-7) or a solitaire: take the whole swing.
    if (s.mode !== MODE_MULTI) return points + (next.phase === PHASE_OVER ? 0 : 1);
    let others = 0;
    for (let o = 0; o < n; o++) if (o !== seat) others += next.totals[o]! - totalsBefore[o]!;
    return points - others / Math.max(1, n - 1) + 10;
  }
  const opp = next.toMove;
  let drawn = 0;
  for (let o = 0; o < n; o++) if (o !== seat) drawn += Math.max(0, next.handLen[o]! - handsBefore[o]!);
  let reply = 0;
  if (opp !== seat) {
    const replies = game.legalActions(next, opp);
    for (const b of replies) {
      const before = next.totals[opp]!;
      const after = game.clone(next) as MatchetState;
      applyChecked(game, after, opp, b);
      let r = after.totals[opp]! - before;
      if (after.round !== next.round || after.phase === PHASE_OVER) r += 5 * next.handLen[seat]! + 10;
      if (r > reply) reply = r;
    }
  }
  return points - 0.8 * reply + 2.5 * drawn;
}

export function lookaheadChoice(
  game: AnyGame,
  samples: readonly MatchetState[],
  seat: Seat,
  legal: readonly Action[],
): { action: Action; values: number[] } {
  const values = legal.map(() => 0);
  for (const s of samples)
    legal.forEach((a, i) => (values[i]! += lookaheadValue(game, s, seat, a) / samples.length));
  let best = 0;
  for (let i = 1; i < legal.length; i++) if (values[i]! > values[best]!) best = i;
  return { action: legal[best]!, values };
}

/** Solitaire B: the solver's first move when it proves a win within `maxNodes`, else null. */
export function solverMove(s: MatchetState, maxNodes: number): Action | null {
  if (s.mode !== MODE_STACKS) return null;
  const r = solveMatchet(s, { maxNodes });
  return r.status === 'win' && r.line && r.line.length > 0 ? r.line[0]! : null;
}

// --- Search ---

export interface MatchetHorizon {
  readonly round: number;
  readonly players: number;
  readonly totals: readonly number[];
}

/** Rollout policy: the best-scoring of a few random legal placements. */
export function samplingGreedy(game: AnyGame, s: MatchetState, seat: Seat, rng: Rng, tries: number): Action {
  const legal = game.legalActions(s, seat);
  if (legal.length <= 1) return legal[0]!;
  let best = legal[rng.int(legal.length)]!;
  let bestV = placementPoints(game, s, seat, best).points;
  for (let i = 1; i < Math.min(tries, legal.length); i++) {
    const a = legal[rng.int(legal.length)]!;
    const v = placementPoints(game, s, seat, a).points;
    if (v > bestV) {
      bestV = v;
      best = a;
    }
  }
  return best;
}

/** ISMCTS to the end of the round; reward: the round's points against the others', squashed. */
export function matchetAdapter(game: AnyGame, tries: number): SearchAdapter<MatchetHorizon> {
  return {
    begin(state) {
      const s = state as MatchetState;
      return { round: s.round, players: s.players, totals: Array.from(s.totals) };
    },
    isTerminal(state, h) {
      const s = state as MatchetState;
      return s.round !== h.round || s.phase === PHASE_OVER;
    },
    rewards(state, h, out) {
      const s = state as MatchetState;
      const n = h.players;
      if (n === 1) {
        out[0] = s.placed / s.tiles.size;
        return;
      }
      let sum = 0;
      for (let i = 0; i < n; i++) sum += s.totals[i]! - h.totals[i]!;
      for (let i = 0; i < n; i++) {
        const own = s.totals[i]! - h.totals[i]!;
        const diff = own - (sum - own) / (n - 1);
        out[i] = 1 / (1 + Math.exp(-diff / 20));
      }
    },
    policy: (state, seat, rng) => samplingGreedy(game, state as MatchetState, seat, rng, tries),
  };
}

/**
 * Perfect-information Monte Carlo for the solitaires: every legal placement is tried on several
 * determinizations (the hidden pool re-dealt; Solitaire B hides nothing) and the exact solver is asked
 * whether the rest can still be won; the placement that wins in the most of them is chosen
 * (the solver knows the re-dealt tiles, so this is an estimate, not a proof).
 */
export function pimcSolitaireChoice(
  game: AnyGame,
  samples: readonly MatchetState[],
  seat: Seat,
  legal: readonly Action[],
  nodes: number,
  stop: { readonly signal?: StopSignal; readonly stopAt?: number } = {},
): { action: Action; values: number[]; samples: number; capped: boolean } {
  const values = legal.map(() => 0);
  let used = 0;
  let capped = false;
  for (const s of samples) {
    if (stop.signal?.aborted) throw new BotAborted();
    // The time cap is a safety limit: it is checked between whole samples, at least one is used.
    if (used > 0 && stop.stopAt !== undefined && performance.now() > stop.stopAt) {
      capped = true;
      break;
    }
    used++;
    for (let i = 0; i < legal.length; i++) {
      const next = game.clone(s) as MatchetState;
      applyChecked(game, next, seat, legal[i]!);
      if (next.phase === PHASE_OVER) {
        values[i]! += next.outcome === 1 ? 1 : 0;
        continue;
      }
      const r = solveMatchet(next, { maxNodes: nodes });
      values[i]! += r.status === 'win' ? 1 : r.status === 'unknown' ? 0.5 : 0;
    }
  }
  let best = 0;
  for (let i = 1; i < legal.length; i++) if (values[i]! > values[best]!) best = i;
  return { action: legal[best]!, values: values.map((v) => v / used), samples: used, capped };
}
