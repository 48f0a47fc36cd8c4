/**
 * Perft for MatchMaster: the number of legal card-play sequences of one hand from fixed deals,
 * counted through the engine and checked against an independent brute-force enumerator written
 * here from the rulings alone (MM-5..MM-8), with plain objects instead of the engine's bit masks.
 */
import { describe, expect, it } from 'vitest';
import type { MatchMasterState } from '../../src/index.ts';
import { Rng } from '../../src/index.ts';
import { bidAll, dealt, game } from './helpers.ts';

interface Card {
  readonly suit: string;
  readonly rank: number;
}
const parse = (t: string): Card => ({ suit: t.slice(0, 2), rank: Number(t.slice(2)) });

/** The rulings' legal cards, written naively. */
function naiveLegal(hand: Card[], trick: Card[]): Card[] {
  if (trick.length === 0) return hand;
  const led = trick[0]!.suit;
  const high = Math.max(0, ...trick.filter((c) => c.suit === 'do').map((c) => c.rank));
  const trumps = hand.filter((c) => c.suit === 'do');
  const beatOrAny = () => {
    const higher = trumps.filter((c) => c.rank > high);
    return higher.length > 0 ? higher : trumps;
  };
  if (led !== 'do') {
    const follow = hand.filter((c) => c.suit === led);
    if (follow.length > 0) return follow;
    return trumps.length > 0 ? beatOrAny() : hand;
  }
  return trumps.length > 0 ? beatOrAny() : hand;
}

function naiveWinner(trick: { seat: number; card: Card }[]): number {
  const trumps = trick.filter((p) => p.card.suit === 'do');
  const pool = trumps.length > 0 ? trumps : trick.filter((p) => p.card.suit === trick[0]!.card.suit);
  return pool.reduce((a, b) => (b.card.rank > a.card.rank ? b : a)).seat;
}

/** Counts complete play sequences by brute force; `perDepth[d]` counts sequences of d plays. */
function naivePerft(hands: Card[][], leader: number, perDepth: number[]): number {
  const n = hands.length;
  const rec = (
    hs: Card[][],
    trick: { seat: number; card: Card }[],
    toPlay: number,
    depth: number,
  ): number => {
    perDepth[depth] = (perDepth[depth] ?? 0) + 1;
    if (hs.every((h) => h.length === 0) && trick.length === 0) return 1;
    let total = 0;
    for (const card of naiveLegal(
      hs[toPlay]!,
      trick.map((p) => p.card),
    )) {
      const next = hs.map((h, s) => (s === toPlay ? h.filter((c) => c !== card) : h));
      const t = [...trick, { seat: toPlay, card }];
      if (t.length === n) total += rec(next, [], naiveWinner(t), depth + 1);
      else total += rec(next, t, (toPlay + 1) % n, depth + 1);
    }
    return total;
  };
  return rec(hands, [], leader, 0);
}

/** The same count through the engine's contract (legalActions + applyInPlace on clones). */
function enginePerft(state: MatchMasterState, perDepth: number[], depth = 0): number {
  perDepth[depth] = (perDepth[depth] ?? 0) + 1;
  if (game.isOver(state)) return 1;
  const seat = game.toAct(state)[0]!;
  let total = 0;
  for (const action of game.legalActions(state, seat)) {
    const next = game.clone(state);
    expect(game.applyInPlace(next, seat, action)).toBeNull();
    total += enginePerft(next, perDepth, depth + 1);
  }
  return total;
}

function randomDeal(players: number, size: number, seed: string): string[][] {
  const rng = Rng.fromSeed(seed);
  const deck: string[] = [];
  for (const suit of ['do', 'lo', 'db', 'lb']) for (let r = 1; r <= 13; r++) deck.push(`${suit}${r}`);
  rng.shuffle(deck);
  return Array.from({ length: players }, (_, s) => deck.slice(s * size, (s + 1) * size));
}

function check(hands: string[][]) {
  const state = dealt(hands);
  bidAll(
    state,
    hands.map(() => 0),
  );
  const engineDepth: number[] = [];
  const naiveDepth: number[] = [];
  const total = enginePerft(state, engineDepth);
  const naive = naivePerft(
    hands.map((h) => h.map(parse)),
    1,
    naiveDepth,
  );
  expect(total).toBe(naive);
  expect(engineDepth).toEqual(naiveDepth);
  return total;
}

describe('matchmaster perft (MM-5..MM-8)', () => {
  it('hand-counted: 2 players, 2 cards each', () => {
    // Seat 1 leads. lo1/lo2 then seat 0 must follow lo3, wins, leads db1: 2 sequences.
    expect(
      check([
        ['lo3', 'db1'],
        ['lo1', 'lo2'],
      ]),
    ).toBe(2);
    // Seat 1 leads do1 (seat 0 may play lo2 or db1) or lo1 (seat 0 must follow lo2): 3 sequences.
    expect(
      check([
        ['lo2', 'db1'],
        ['do1', 'lo1'],
      ]),
    ).toBe(3);
  });

  // Rows: deal seed, players x cards, sequences. Source: the brute-force enumerator above, which
  // must agree with the engine at every depth; the numbers are pinned so that both cannot drift together.
  const table: [string, number, number, number][] = [
    ['perft-a', 2, 5, 776],
    ['perft-b', 3, 3, 86],
    ['perft-c', 3, 4, 240],
    ['perft-d', 4, 3, 288],
    ['perft-e', 4, 4, 1272],
    ['perft-f', 5, 3, 288],
    ['perft-g', 2, 7, 55392],
    ['perft-i', 7, 2, 24],
  ];
  for (const [seed, players, size, expected] of table) {
    it(`${seed}: ${players} players x ${size} cards`, () => {
      const total = check(randomDeal(players, size, seed));
      expect(total).toBe(expected);
    });
  }
});
