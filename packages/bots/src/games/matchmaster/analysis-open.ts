/**
 * Hindsight for MatchMaster, every card open: the most tricks one seat can make sure of in a hand
 * against all the other seats together, as bridge programs solve a deal double dummy.
 *
 * "Can the seat take at least k more tricks, whatever the others play?" is an and-or search (the
 * seat chooses its card, the others choose theirs against it), with the engine's forced-play
 * rules (`legalMaskForSuit`, MM-6/MM-7; `trickWinnerIndex`, MM-8), the answers remembered at
 * every trick boundary, and cards no other card in play separates searched once (`runHeads`).
 * The real hands are read here: this is hindsight, never part of a fair verdict.
 */
import type { MatchMasterState } from '@matchbox/engine';
import { matchmasterCards, matchmasterRules } from '@matchbox/engine';
import { othersInSuit, runHeads } from './matchmaster-solve.ts';

const { RANKS, TRUMP } = matchmasterCards;
const { legalMaskForSuit, trickWinnerIndex } = matchmasterRules;

const suitOf = (c: number): number => (c / RANKS) | 0;
const rankOf = (c: number): number => (c % RANKS) + 1;

/** Node limit of one hand's solve (deterministic: beyond it the answer is "not solved"). */
export const OPEN_NODES = 2_000_000;

class OutOfNodes extends Error {}

class OpenSolver {
  private readonly hands: Uint16Array;
  private readonly trick: Int8Array;
  private readonly memo = new Map<string, boolean>();
  nodes = 0;
  constructor(
    private readonly n: number,
    hands: Uint16Array,
    private readonly me: number,
    private readonly maxNodes: number,
  ) {
    this.hands = hands.slice(0, n * 4);
    this.trick = new Int8Array(n);
  }

  /** Whether `me` can make sure of `need` more tricks, with `left` tricks left, `seat` to play at `pos`. */
  can(seat: number, leader: number, pos: number, need: number, left: number): boolean {
    if (need <= 0) return true;
    if (need > left) return false;
    if (++this.nodes > this.maxNodes) throw new OutOfNodes();
    let key = '';
    if (pos === 0) {
      key = `${String.fromCharCode(...this.hands)}|${leader}|${need}`;
      const known = this.memo.get(key);
      if (known !== undefined) return known;
    }
    const n = this.n;
    const led = pos > 0 ? suitOf(this.trick[0]!) : -1;
    let high = 0;
    for (let i = 0; i < pos; i++) {
      const c = this.trick[i]!;
      if (suitOf(c) === TRUMP && rankOf(c) > high) high = rankOf(c);
    }
    const mine = seat === this.me;
    let result = !mine;
    outer: for (let s = 0; s < 4; s++) {
      const legal = legalMaskForSuit(this.hands, seat * 4, s, led, high);
      if (legal === 0) continue;
      const others = othersInSuit(this.hands, this.trick, n, seat, s, pos);
      for (let m = runHeads(legal, others); m !== 0; m &= m - 1) {
        const bit = m & -m;
        const c = s * RANKS + (31 - Math.clz32(bit));
        this.hands[seat * 4 + s]! &= ~bit;
        this.trick[pos] = c;
        let ok: boolean;
        if (pos + 1 < n) ok = this.can((seat + 1) % n, leader, pos + 1, need, left);
        else {
          const winner = (leader + trickWinnerIndex(this.trick, 0, n)) % n;
          const saved = this.trick.slice();
          ok = this.can(winner, winner, 0, need - (winner === this.me ? 1 : 0), left - 1);
          this.trick.set(saved);
        }
        this.hands[seat * 4 + s]! |= bit;
        if (mine && ok) {
          result = true;
          break outer;
        }
        if (!mine && !ok) {
          result = false;
          break outer;
        }
      }
    }
    if (pos === 0) this.memo.set(key, result);
    return result;
  }
}

/**
 * The most tricks `seat` can make sure of from the first lead of the current hand in `s` (the
 * play phase, no card played yet), every hand known; null when the solve exceeds `maxNodes`.
 */
export function openMaxTricks(s: MatchMasterState, seat: number, maxNodes = OPEN_NODES): number | null {
  const n = s.players;
  const left = s.handSizes[s.handIndex]!;
  const solver = new OpenSolver(n, s.hands, seat, maxNodes);
  const leader = s.toPlay;
  try {
    let k = 0;
    while (k < left && solver.can(leader, leader, 0, k + 1, left)) k++;
    return k;
  } catch (e) {
    if (e instanceof OutOfNodes) return null;
    throw e;
  }
}
