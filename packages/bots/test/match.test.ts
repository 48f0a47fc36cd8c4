import { describe, expect, it } from 'vitest';
import type { MatchState } from '@matchbox/engine';
import { match } from '@matchbox/engine';
import type { BotLevel } from '../src/index.ts';
import { createBot } from '../src/index.ts';
import { choice, scripted } from './helpers.ts';

/**
 * A blunder position: a stacked deck (dealt to the starting player first, then the next seat,
 * then the card turned up, then the deck from the top), the turns that lead to it, the seat to
 * move and the legal actions it must have (so a change of the rules cannot quietly empty a test).
 */
interface Position {
  readonly name: string;
  readonly deck: readonly string[];
  readonly firstPlayer?: number;
  readonly moves: ReadonlyArray<[number, string]>;
  readonly seat: number;
  readonly legal: readonly string[];
  /** The blunders: the bot must choose none of these. */
  readonly not?: readonly string[];
  /** The only good move, when there is one. */
  readonly best?: string;
}

const setupOf = (p: Position): MatchState =>
  scripted(
    match,
    {
      players: 2,
      seed: 'blunder',
      deck: [...p.deck],
      ...(p.firstPlayer !== undefined ? { options: { firstPlayer: p.firstPlayer } } : {}),
    },
    p.moves,
  ) as MatchState;

// Seat 0: b5 r3 g1 y2 p4; seat 1: r5 b1 g2 y3 p0; up card r0; then g3 on top of the deck.
const DECK = ['b5', 'r3', 'g1', 'y2', 'p4', 'r5', 'b1', 'g2', 'y3', 'p0', 'r0', 'g3'];

const POSITIONS: readonly Position[] = [
  {
    name: 'MA-6: forced to discard, it plays the matching hand card r3, not its collected b5',
    // Seat 0 banks b5; seat 1 turns the target to r5, so seat 0's stack top b5 matches (MA-6).
    deck: DECK,
    moves: [
      [0, 'collect b5'],
      [1, 'discard r5'],
    ],
    seat: 0,
    legal: ['discard r3', 'discard stack:b'],
    not: ['discard stack:b'],
  },
  {
    name: 'MA-10: with a 5 and a 1 to bank, it does not collect the 1 when nothing is forced',
    // Seat 0 holds b5 and g1 (neither matches r0) and r3 (matches); banking the 1 is the worst.
    deck: DECK,
    moves: [],
    seat: 0,
    legal: ['discard r3', 'collect b5', 'collect g1'],
    not: ['collect g1'],
  },
  {
    name: 'MA-9: with one card left that matches, it goes out instead of giving up its collected g4',
    // Seat 0 banks g4, then sheds r1..r4 while seat 1 banks fives; on r4 its last card r5 and its
    // stack top g4 both match: going out ends the round (MA-9), the stack discard loses 4 (MA-10).
    deck: [
      'g4',
      'r1',
      'r2',
      'r3',
      'r4',
      'y5',
      'y5',
      'b5',
      'b5',
      'p5',
      'r0',
      'r5',
      'y0',
      'y1',
      'b0',
      'b1',
      'p1',
    ],
    moves: [
      [0, 'collect g4'],
      [1, 'collect y5'],
      [0, 'discard r1'],
      [1, 'collect y5'],
      [0, 'discard r2'],
      [1, 'collect b5'],
      [0, 'discard r3'],
      [1, 'collect b5'],
      [0, 'discard r4'],
      [1, 'collect p5'],
    ],
    seat: 0,
    legal: ['discard r5', 'discard stack:g'],
    best: 'discard r5',
  },
  {
    name: 'MA-7, MA-9: with a wildcard and a matching r3 as its last two cards and the lead, it sheds the r3 and keeps the wildcard to go out',
    // Seat 0 banks three fives (15 against 12) and sheds r1, r2, r4. The wildcard matches any
    // target (MA-4), so after "discard r3" the next turn surely ends the round while seat 0 leads;
    // played first, the wildcard leaves an r3 that seat 1's discard may no longer match.
    deck: [
      'W',
      'r3',
      'g5',
      'b5',
      'p5',
      'y3',
      'g3',
      'b3',
      'p3',
      'y0',
      'r0',
      'r1',
      'g0',
      'r2',
      'y1',
      'r4',
      'g1',
      'b1',
      'p1',
      'y2',
    ],
    moves: [
      [0, 'collect g5'],
      [1, 'collect y3'],
      [0, 'collect b5'],
      [1, 'collect g3'],
      [0, 'collect p5'],
      [1, 'collect b3'],
      [0, 'discard r1'],
      [1, 'collect p3'],
      [0, 'discard r2'],
      [1, 'collect y0'],
      [0, 'discard r4'],
      [1, 'collect g0'],
    ],
    seat: 0,
    legal: ['discard r3', 'wild r3', 'wild b5'],
    best: 'discard r3',
  },
  {
    name: 'MA-6, MA-10: forced to give up a collected card, it gives up the r1, not the b5',
    // Seat 0 banks b5 and r1; seat 1 declares r5 with a wildcard (MA-7), so both stack tops
    // match and no hand card does: one stack top must go, and it costs its value.
    deck: ['b5', 'r1', 'y2', 'g3', 'p4', 'y0', 'W', 'p1', 'p2', 'p3', 'r0', 'y3', 'g2'],
    moves: [
      [0, 'collect b5'],
      [1, 'discard y0'],
      [0, 'collect r1'],
      [1, 'wild r5'],
    ],
    seat: 0,
    legal: ['discard stack:r', 'discard stack:b'],
    best: 'discard stack:r',
  },
  {
    name: 'MA-9, MA-10: with the opponent down to one card, it sheds its y5, not the g1, and does not collect',
    // Seat 1 starts (MA-11 firstPlayer) and sheds four yellows while seat 0 banks three zeros;
    // seat 1 may go out on its next turn, and every card left in hand then counts against its
    // holder (MA-10), so the 5 goes now: collecting a 2 draws a card worth 3 on average, and the
    // g1 would make seat 0's own g0 match (MA-6).
    firstPlayer: 1,
    deck: ['y4', 'y3', 'y2', 'y1', 'r3', 'r0', 'p0', 'g0', 'y5', 'g1', 'y0', 'b0', 'b2', 'p2'],
    moves: [
      [1, 'discard y4'],
      [0, 'collect r0'],
      [1, 'discard y3'],
      [0, 'collect p0'],
      [1, 'discard y2'],
      [0, 'collect g0'],
      [1, 'discard y1'],
    ],
    seat: 0,
    legal: ['discard y5', 'discard g1', 'collect b0', 'collect b2', 'collect p2'],
    best: 'discard y5',
  },
];

describe('MATCH! positions', () => {
  it('are what the blunder suite says they are (stacked decks, legal histories)', () => {
    for (const p of POSITIONS) {
      const s = setupOf(p);
      expect(s.toPlay, p.name).toBe(p.seat);
      const legal = match.legalActions(s, p.seat).map((a) => match.formatAction(a));
      expect(legal, p.name).toEqual(expect.arrayContaining([...p.legal]));
      for (const t of [...(p.not ?? []), ...(p.best ? [p.best] : [])]) expect(legal, p.name).toContain(t);
    }
    expect(new Set(POSITIONS.map((p) => JSON.stringify([p.deck, p.moves]))).size).toBe(POSITIONS.length);
  });
});

const check = (p: Position, level: BotLevel, seed: string): void => {
  const got = choice(match, createBot('match', level, seed), setupOf(p), p.seat);
  const where = `${level} with bot seed ${seed}`;
  for (const bad of p.not ?? []) expect(got, where).not.toBe(bad);
  if (p.best !== undefined) expect(got, where).toBe(p.best);
};

describe('MATCH! blunder suite: medium avoids every blunder', () => {
  for (const p of POSITIONS) it(`${p.name} (medium)`, () => check(p, 'medium', 'b:medium'));
});

describe('MATCH! blunder suite: hard and expert avoid every blunder over 10 bot seeds', () => {
  for (const p of POSITIONS) {
    for (const level of ['hard', 'expert'] as const) {
      it(`${p.name} (${level})`, () => {
        for (let i = 0; i < 10; i++) check(p, level, `b:${level}:${i}`);
      });
    }
  }
});
