/**
 * Exact play at the end of a MatchMaster hand: the rest of the hand solved with every hand
 * visible (a sampled world), as bridge programs do with a double-dummy solver.
 *
 * With more than two seats and MM-9's exact-bid scoring the game is not zero-sum, so the solver
 * is max-n: every seat plays to maximise its own hand points (10 + tricks for an exact bid, else
 * minus the difference); a seat indifferent between cards is taken to choose among them at
 * random (the tied children's values are averaged). The forced-play rules are the engine's own
 * (`legalMaskForSuit`, MM-6/MM-7; `trickWinnerIndex`, MM-8). Cards of one hand that no other
 * card in play separates are equivalent (only the lowest is searched), and cards not dealt take
 * no part (MM-2), so few cards in play leave a small tree.
 */
import type { MatchMasterState } from '@matchbox/engine';
import { matchmasterCards, matchmasterRules } from '@matchbox/engine';

const { RANKS, TRUMP } = matchmasterCards;
const { legalMaskForSuit, trickWinnerIndex, handPoints } = matchmasterRules;

const MAX_SEATS = 8;
const MAX_DEPTH = 56;
const EPS = 1e-9;

const suitOf = (c: number): number => (c / RANKS) | 0;
const rankOf = (c: number): number => (c % RANKS) + 1;

/**
 * The ranks of suit `s` (a mask) that may split `seat`'s runs: those the other `n - 1` seats still
 * hold, and those on the trick so far (its first `pos` cards).
 */
export function othersInSuit(
  hands: Uint16Array,
  trick: Int8Array,
  n: number,
  seat: number,
  s: number,
  pos: number,
): number {
  let others = 0;
  for (let o = 0; o < n; o++) if (o !== seat) others |= hands[o * 4 + s]!;
  for (let i = 0; i < pos; i++) if (suitOf(trick[i]!) === s) others |= 1 << (rankOf(trick[i]!) - 1);
  return others;
}

/** The cards of `mask` (a suit's legal ranks) that head a run no card in `others` splits. */
export function runHeads(mask: number, others: number): number {
  let heads = 0;
  let prev = -1;
  for (let m = mask; m !== 0; m &= m - 1) {
    const bit = 31 - Math.clz32(m & -m);
    // Bits strictly between the previous card of the run and this one.
    const between = prev < 0 ? 0 : ((1 << bit) - 1) & ~((2 << prev) - 1);
    if (prev < 0 || (others & between) !== 0) heads |= 1 << bit;
    prev = bit;
  }
  return heads;
}

/** A reusable solver (its buffers are allocated once). */
export class HandSolver {
  private n = 0;
  private readonly hands = new Uint16Array(MAX_SEATS * 4);
  private readonly trick = new Int8Array(MAX_SEATS);
  private readonly tricks = new Int8Array(MAX_SEATS);
  private readonly bids = new Int8Array(MAX_SEATS);
  /** vals[depth * MAX_SEATS + seat]: the value vector a subtree returns. */
  private readonly vals = new Float64Array((MAX_DEPTH + 1) * MAX_SEATS);
  private readonly acc = new Float64Array((MAX_DEPTH + 1) * MAX_SEATS);
  /** A finished trick, kept per depth while later tricks reuse `trick`. */
  private readonly saved = new Int8Array((MAX_DEPTH + 1) * MAX_SEATS);
  nodes = 0;
  private maxNodes = Infinity;

  /**
   * For each of `cards` (legal for the seat to play in `s`, the play phase), the seat's exact
   * hand points if it plays that card and everyone then plays max-n; written to `out[i]`. Returns false (and leaves `out` partial) when
   * the tree exceeds `maxNodes`.
   */
  rootValues(s: MatchMasterState, cards: readonly number[], out: Float64Array, maxNodes = Infinity): boolean {
    const n = s.players;
    this.n = n;
    this.nodes = 0;
    this.maxNodes = maxNodes;
    for (let i = 0; i < n * 4; i++) this.hands[i] = s.hands[i]!;
    for (let i = 0; i < n; i++) {
      this.tricks[i] = s.tricks[i]!;
      this.bids[i] = s.bids[i]!;
    }
    const start = s.playCount - s.trickLen;
    for (let i = 0; i < s.trickLen; i++) this.trick[i] = s.plays[start + i]!;
    const seat = s.toPlay;
    const leader = s.trickLen > 0 ? s.playSeats[start]! : seat;
    const pos = s.trickLen;
    // Equivalent root cards share one solve.
    const solved = new Map<number, number>();
    for (let i = 0; i < cards.length; i++) {
      const c = cards[i]!;
      const key = this.runKey(seat, c, pos);
      let v = solved.get(key);
      if (v === undefined) {
        if (!this.play(0, seat, leader, pos, c)) return false;
        v = this.vals[MAX_SEATS + seat]!;
        solved.set(key, v);
      }
      out[i] = v;
    }
    return true;
  }

  /** The head of `c`'s run in its suit for `seat` (cards in play split runs; the trick's too). */
  private runKey(seat: number, c: number, pos: number): number {
    const s = suitOf(c);
    const mine = this.hands[seat * 4 + s]!;
    const others = othersInSuit(this.hands, this.trick, this.n, seat, s, pos);
    const bit = rankOf(c) - 1;
    // Walk down while no other card separates this one from the next lower card of mine.
    let head = bit;
    for (let b = bit - 1; b >= 0; b--) {
      if ((others >> b) & 1) break;
      if ((mine >> b) & 1) head = b;
    }
    return s * RANKS + head;
  }

  /** Plays `c` for `seat` at trick position `pos` and solves the rest into vals[depth + 1]. */
  private play(depth: number, seat: number, leader: number, pos: number, c: number): boolean {
    const n = this.n;
    const bit = 1 << (rankOf(c) - 1);
    const hi = seat * 4 + suitOf(c);
    this.hands[hi]! &= ~bit;
    this.trick[pos] = c;
    let ok: boolean;
    if (pos + 1 < n) {
      ok = this.solve(depth + 1, (seat + 1) % n, leader, pos + 1);
    } else {
      const winner = (leader + trickWinnerIndex(this.trick, 0, n)) % n;
      this.tricks[winner]!++;
      if (this.handEmpty(winner)) {
        const base = (depth + 1) * MAX_SEATS;
        for (let i = 0; i < n; i++) this.vals[base + i] = handPoints(this.bids[i]!, this.tricks[i]!);
        ok = true;
      } else {
        const keep = depth * MAX_SEATS;
        for (let i = 0; i < n; i++) this.saved[keep + i] = this.trick[i]!;
        ok = this.solve(depth + 1, winner, winner, 0);
        for (let i = 0; i < n; i++) this.trick[i] = this.saved[keep + i]!;
      }
      this.tricks[winner]!--;
    }
    this.hands[hi]! |= bit;
    return ok;
  }

  private handEmpty(seat: number): boolean {
    const b = seat * 4;
    return (this.hands[b]! | this.hands[b + 1]! | this.hands[b + 2]! | this.hands[b + 3]!) === 0;
  }

  /** Max-n value of the node where `seat` plays at trick position `pos`, into vals[depth]. */
  private solve(depth: number, seat: number, leader: number, pos: number): boolean {
    if (++this.nodes > this.maxNodes) return false;
    const n = this.n;
    const led = pos > 0 ? suitOf(this.trick[0]!) : -1;
    let high = 0;
    for (let i = 0; i < pos; i++) {
      const c = this.trick[i]!;
      if (suitOf(c) === TRUMP && rankOf(c) > high) high = rankOf(c);
    }
    const base = depth * MAX_SEATS;
    const childBase = base + MAX_SEATS;
    let best = -Infinity;
    let ties = 0;
    for (let s = 0; s < 4; s++) {
      const legal = legalMaskForSuit(this.hands, seat * 4, s, led, high);
      if (legal === 0) continue;
      const others = othersInSuit(this.hands, this.trick, n, seat, s, pos);
      for (let m = runHeads(legal, others); m !== 0; m &= m - 1) {
        const c = s * RANKS + (31 - Math.clz32(m & -m));
        if (!this.play(depth, seat, leader, pos, c)) return false;
        const v = this.vals[childBase + seat]!;
        if (v > best + EPS) {
          best = v;
          ties = 1;
          for (let i = 0; i < n; i++) this.acc[base + i] = this.vals[childBase + i]!;
        } else if (v > best - EPS) {
          ties++;
          for (let i = 0; i < n; i++) this.acc[base + i]! += this.vals[childBase + i]!;
        }
      }
    }
    for (let i = 0; i < n; i++) this.vals[base + i] = this.acc[base + i]! / ties;
    return true;
  }
}
