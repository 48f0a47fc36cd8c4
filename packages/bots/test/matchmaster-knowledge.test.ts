import { describe, expect, it } from 'vitest';
import type { MatchMasterState } from '@matchbox/engine';
import {
  Rng,
  matchmaster,
  matchmasterCards,
  matchmasterInferAllowed,
  matchmasterRules,
} from '@matchbox/engine';
import { contextFor } from '../src/index.ts';
import {
  choosePlay,
  expectedTricks,
  matchValue,
  matchmasterAdapter,
  sitFromState,
  sitFromView,
  statePolicy,
} from '../src/games/matchmaster/matchmaster.ts';
import { HandSolver, runHeads } from '../src/games/matchmaster/matchmaster-solve.ts';
import { ShownVoids } from '../src/games/matchmaster/matchmaster-count.ts';
import { bidLogLikelihood, bidWeightedSampler } from '../src/games/matchmaster/matchmaster-infer.ts';

const { CARD_NAMES, parseCard } = matchmasterCards;

/** Plain max-n over the engine itself (no equivalence, clone and apply): the reference. */
function referenceValue(s: MatchMasterState): number[] {
  const n = s.players;
  if (s.phase !== 1 || s.handIndex > 0) {
    // The hand is over: its points are in the history.
    return Array.from({ length: n }, (_, i) => s.history[i * 3 + 2]!);
  }
  const seat = s.toPlay;
  let best = -Infinity;
  let sum: number[] = [];
  let ties = 0;
  for (const a of matchmaster.legalActions(s, seat)) {
    const c = matchmaster.clone(s);
    expect(matchmaster.applyInPlace(c, seat, a)).toBeNull();
    const v = referenceValue(c);
    if (v[seat]! > best + 1e-9) {
      best = v[seat]!;
      sum = v.slice();
      ties = 1;
    } else if (v[seat]! > best - 1e-9) {
      ties++;
      sum = sum.map((x, i) => x + v[i]!);
    }
  }
  return sum.map((x) => x / ties);
}

/** Every seat bids the heuristic's bid (MM-4), in turn order. */
function heuristicBids(s: MatchMasterState, rng: Rng): void {
  while (s.phase === 0) {
    const seat = matchmaster.toAct(s)[0]!;
    expect(matchmaster.applyInPlace(s, seat, statePolicy(s, seat, rng, 0))).toBeNull();
  }
}

/** A two-hand game (so that the first hand's end does not end the game) played to a random point. */
function randomPosition(players: number, size: number, seed: string, cardsPlayed: number): MatchMasterState {
  const setup = matchmaster.setup({ players, seed, options: { handSizes: [size, 1] } });
  if (!setup.ok) throw new Error(setup.error.message);
  const s = setup.value;
  const rng = Rng.fromSeed(seed);
  heuristicBids(s, rng);
  for (let i = 0; i < cardsPlayed; i++) {
    const legal = matchmaster.legalActions(s, s.toPlay);
    expect(matchmaster.applyInPlace(s, s.toPlay, legal[rng.int(legal.length)]!)).toBeNull();
  }
  return s;
}

describe('MatchMaster exact endgame (max-n over the rest of the hand, MM-6..MM-9)', () => {
  it('run heads: cards no other card in play separates are one choice', () => {
    // Mine: ranks 3, 4, 6, 9 (bits 2, 3, 5, 8); another seat holds rank 5 (bit 4) only.
    expect(runHeads(0b100101100, 0b10000)).toBe(0b000100100);
    expect(runHeads(0b100101100, 0)).toBe(0b100);
  });

  it('equals a plain max-n over the engine in random positions (2 to 4 players, up to 3 cards each)', () => {
    const solver = new HandSolver();
    let checked = 0;
    for (const [players, size, played] of [
      [2, 3, 0],
      [3, 3, 1],
      [4, 2, 0],
      [4, 3, 2],
      [3, 2, 2],
      [3, 2, 0],
    ] as const) {
      for (let k = 0; k < 6; k++) {
        const s = randomPosition(players, size, `solve:${players}:${size}:${k}`, played);
        const seat = s.toPlay;
        const legal = matchmaster.legalActions(s, seat);
        const cards = legal.map((a) => parseCard((a as { card: string }).card));
        const own = new Float64Array(cards.length);
        expect(solver.rootValues(s, cards, own)).toBe(true);
        legal.forEach((a, i) => {
          const c = matchmaster.clone(s);
          matchmaster.applyInPlace(c, seat, a);
          const v = referenceValue(c);
          expect(own[i], `${players}p ${CARD_NAMES[cards[i]!]}`).toBeCloseTo(v[seat]!, 9);
          checked++;
        });
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('gives up (false) when the tree is larger than the node limit', () => {
    const s = randomPosition(4, 5, 'big', 0);
    const legal = matchmaster.legalActions(s, s.toPlay);
    const cards = legal.map((a) => parseCard((a as { card: string }).card));
    expect(new HandSolver().rootValues(s, cards, new Float64Array(cards.length), 10)).toBe(false);
  });
});

describe('MatchMaster bid inference (MM-4: bids are shown before the play)', () => {
  /** A 4-player 7-card hand with the bids shown: seat 2 bid 7, the others the heuristic's bid. */
  function afterBids(seed: string): MatchMasterState {
    const setup = matchmaster.setup({ players: 4, seed, options: { handSizes: [7] } });
    if (!setup.ok) throw new Error(setup.error.message);
    const s = setup.value;
    for (const seat of [1, 2, 3, 0]) {
      const bid = seat === 2 ? 7 : 1;
      expect(matchmaster.applyInPlace(s, seat, { type: 'bid', bid })).toBeNull();
    }
    // One trick's first two cards, so that the view carries plays too.
    for (let i = 0; i < 2; i++) {
      const legal = matchmaster.legalActions(s, s.toPlay);
      expect(matchmaster.applyInPlace(s, s.toPlay, legal[0]!)).toBeNull();
    }
    return s;
  }

  it('a bid-weighted sampler keeps every view constraint, and gives the seat that bid 7 stronger hands', () => {
    const real = afterBids('infer');
    const seat = 0;
    const ctx = contextFor(matchmaster, real, seat);
    const weighted = bidWeightedSampler(ctx.sample!, seat, 8);
    const view = JSON.stringify(matchmaster.view(real, seat));
    const rng = Rng.fromSeed('infer-sampling');
    const strength = (s: MatchMasterState): number => {
      // Seat 2's expected tricks for the hand it was dealt (its plays this hand put back).
      const hand = s.hands.slice(8, 12);
      for (let i = 0; i < s.playCount; i++) {
        if (s.playSeats[i] === 2) hand[(s.plays[i]! / 13) | 0]! |= 1 << (s.plays[i]! % 13);
      }
      return expectedTricks(hand, 4, 7);
    };
    let uniform = 0;
    let inferred = 0;
    const samples = 150;
    for (let i = 0; i < samples; i++) {
      const u = ctx.sample!(rng) as MatchMasterState;
      const w = weighted(rng) as MatchMasterState;
      for (const s of [u, w]) {
        // The same view, and every forced-play inference holds for the hands dealt.
        expect(JSON.stringify(matchmaster.view(s, seat))).toBe(view);
        const allowed = matchmasterInferAllowed(s);
        for (let k = 0; k < 16; k++) expect(s.hands[k]! & ~allowed[k]!).toBe(0);
        expect(Array.from(s.bids)).toEqual([1, 1, 7, 1]);
      }
      uniform += strength(u);
      inferred += strength(w);
    }
    // Seat 2 is dealt stronger hands (more expected tricks) under the bid weights.
    expect(inferred / samples).toBeGreaterThan(uniform / samples + 0.5);
    expect(bidLogLikelihood(real, seat)).toBeLessThan(0);
  });

  it('weights nothing while the bids are hidden', () => {
    const setup = matchmaster.setup({ players: 4, seed: 'hidden', options: { handSizes: [7] } });
    if (!setup.ok) throw new Error(setup.error.message);
    expect(bidLogLikelihood(setup.value, 0)).toBe(0);
    expect(matchmasterRules.handPoints(2, 2)).toBe(12);
  });
});

describe('MatchMaster shown voids (MM-6, MM-7)', () => {
  it('read incrementally along a playout, they equal the engine inference at every card', () => {
    for (const players of [3, 5]) {
      const voids = new ShownVoids();
      const setup = matchmaster.setup({ players, seed: `voids:${players}`, options: { handSizes: [7, 6] } });
      if (!setup.ok) throw new Error(setup.error.message);
      const s = setup.value;
      const rng = Rng.fromSeed(`voids:${players}`);
      let checks = 0;
      while (s.phase !== 2) {
        const seat = matchmaster.toAct(s)[0]!;
        // Random cards show many voids; the heuristic bids.
        const legal = matchmaster.legalActions(s, seat);
        const a = s.phase === 0 ? statePolicy(s, seat, rng, 0) : legal[rng.int(legal.length)]!;
        expect(matchmaster.applyInPlace(s, seat, a)).toBeNull();
        if (s.phase !== 1) continue;
        voids.update(s, s.handIndex, players, s.plays, s.playSeats, s.playCount);
        const engine = matchmasterInferAllowed(s);
        expect(Array.from(voids.allowed.subarray(0, players * 4))).toEqual(Array.from(engine));
        checks++;
      }
      expect(checks).toBeGreaterThan(30);
    }
  });
});

describe('MatchMaster incremental counting (MM-6..MM-8)', () => {
  const { FULL_SUIT, TRUMP } = matchmasterCards;

  /** From scratch: what the seat to play may see the others hold, from the engine's inference. */
  function reference(s: MatchMasterState, seat: number) {
    const n = s.players;
    const allowed = matchmasterInferAllowed(s);
    const played: number[] = [];
    const later: number[] = [];
    let otherTrumps = 0;
    for (let suit = 0; suit < 4; suit++) {
      let held = s.undealt[suit]!;
      for (let o = 0; o < n; o++) held |= s.hands[o * 4 + suit]!;
      played.push(FULL_SUIT & ~held);
      // Unseen by the seat: neither in its hand nor played.
      const unseen = FULL_SUIT & ~(s.hands[seat * 4 + suit]! | played[suit]!);
      let union = 0;
      for (let k = 1; k <= n - s.trickLen - 1; k++) union |= allowed[((seat + k) % n) * 4 + suit]!;
      later.push(union & unseen);
      if (suit === TRUMP)
        for (let o = 0; o < n; o++) if (o !== seat) otherTrumps |= allowed[o * 4 + suit]! & unseen;
    }
    return { played, later, otherTrumps };
  }

  it("the rollouts' incremental reading equals a count from scratch, also in a state object reused for other games", () => {
    const adapter = matchmasterAdapter({ noise: 0, spite: 0, modelOpponents: false });
    for (const players of [3, 4, 7]) {
      // Two games of the same setup played in step with different cards; the search's state
      // object receives a copy of each in turn (what it remembers must not leak between them).
      const games = ['a', 'b'].map((g) => {
        const setup = matchmaster.setup({
          players,
          seed: `count:${players}`,
          options: { handSizes: [6, 1, 5] },
        });
        if (!setup.ok) throw new Error(setup.error.message);
        return { s: setup.value, rng: Rng.fromSeed(`count:${players}:${g}`) };
      });
      const work = matchmaster.clone(games[0]!.s);
      let checks = 0;
      while (games[0]!.s.phase !== 2) {
        for (const { s, rng } of games) {
          const seat = matchmaster.toAct(s)[0]!;
          const legal = matchmaster.legalActions(s, seat);
          const a = s.phase === 0 ? statePolicy(s, seat, rng, 0) : legal[rng.int(legal.length)]!;
          expect(matchmaster.applyInPlace(s, seat, a)).toBeNull();
        }
        const choices: number[] = [];
        for (const { s } of games) {
          if (s.phase !== 1) continue;
          const seat = s.toPlay;
          const want = reference(s, seat);
          // In the game's own state, read on from the last call on it.
          const mine = sitFromState(s, seat);
          const choice = choosePlay(mine);
          choices.push(choice);
          expect(Array.from(mine.played)).toEqual(want.played);
          expect(Array.from(mine.later)).toEqual(want.later);
          expect(mine.otherTrumps).toBe(want.otherTrumps);
          // The view's reading (from scratch, the heuristic bot's own) makes the same choice.
          const view = matchmaster.view(s, seat);
          const fromView = sitFromView(view, seat, matchmaster.legalActions(s, seat));
          expect(Array.from(fromView.later)).toEqual(want.later);
          expect(choosePlay(fromView)).toBe(choice);
          checks++;
        }
        // The reused object gets each game in turn, one right after the other.
        for (const { s } of games) {
          if (s.phase !== 1) continue;
          const want = reference(s, s.toPlay);
          adapter.copy!(s, work);
          const reused = sitFromState(work, s.toPlay);
          expect(Array.from(reused.played)).toEqual(want.played);
          expect(Array.from(reused.later)).toEqual(want.later);
          expect(reused.otherTrumps).toBe(want.otherTrumps);
          expect(choosePlay(reused)).toBe(choices.shift());
        }
      }
      expect(checks).toBeGreaterThan(40);
    }
  });
});

describe('MatchMaster: the match in view (MM-9, MM-10)', () => {
  it('match value: certain at the end (a shared lead counts half), a lead worth more with fewer hands left', () => {
    const out = new Float64Array(3);
    matchValue([50, 40, 50], 3, 0, out);
    expect(Array.from(out)).toEqual([0.5, 0, 0.5]);
    matchValue([60, 40, 50], 3, 0, out);
    expect(Array.from(out)).toEqual([1, 0, 0]);
    matchValue([60, 40, 50], 3, 1, out);
    const oneLeft = out[0]!;
    matchValue([60, 40, 50], 3, 4, out);
    expect(oneLeft).toBeGreaterThan(out[0]!);
    expect(out[0]!).toBeGreaterThan(0.5);
    expect(out[1]!).toBeLessThan(0.5);
  });

  it("in the last hand the search rewards winning the match, not only the hand's points", () => {
    const adapter = matchmasterAdapter({ noise: 0, spite: 0, modelOpponents: false, matchHands: 2 });
    const plain = matchmasterAdapter({ noise: 0, spite: 0, modelOpponents: false });
    // A one-hand game played to its end: the totals are the hand's points.
    const setup = matchmaster.setup({ players: 3, seed: 'mv', options: { handSizes: [2] } });
    if (!setup.ok) throw new Error(setup.error.message);
    const s = setup.value;
    for (const seat of [1, 2, 0]) matchmaster.applyInPlace(s, seat, { type: 'bid', bid: seat === 0 ? 0 : 1 });
    const h = adapter.begin(s, 0);
    while (s.phase === 1) matchmaster.applyInPlace(s, s.toPlay, matchmaster.legalActions(s, s.toPlay)[0]!);
    expect(s.phase).toBe(2);
    const withMatch = new Float64Array(3);
    const handOnly = new Float64Array(3);
    adapter.rewards(s, h, withMatch);
    plain.rewards(s, h, handOnly);
    const winners = new Set<number>();
    const best = Math.max(...Array.from(s.totals));
    for (let i = 0; i < 3; i++) if (s.totals[i] === best) winners.add(i);
    for (let i = 0; i < 3; i++) {
      // 0.6 x the match result + 0.4 x the hand's points (scaled to [0, 1]).
      const match = winners.has(i) ? (winners.size > 1 ? 0.5 : 1) : 0;
      expect(withMatch[i]).toBeCloseTo(0.6 * match + 0.4 * handOnly[i]!, 12);
    }
  });
});
