import { describe, expect, it } from 'vitest';
import type { MatchState } from '@matchbox/engine';
import { match } from '@matchbox/engine';
import type { BotLevel } from '../src/index.ts';
import { createBot } from '../src/index.ts';
import { choice, scripted } from './helpers.ts';

// Seat 0: b5 r3 g1 y2 p4; seat 1: r5 b1 g2 y3 p0; up card r0; then g3 on top of the deck.
const DECK = ['b5', 'r3', 'g1', 'y2', 'p4', 'r5', 'b1', 'g2', 'y3', 'p0', 'r0', 'g3'];

describe('MATCH! blunder suite (every level from medium up)', () => {
  const levels: BotLevel[] = ['medium', 'hard', 'expert'];
  for (const level of levels) {
    it(`MA-6: forced to discard, it plays the matching hand card, not its collected b5 (${level})`, () => {
      // Seat 0 banks b5; seat 1 turns the target to r5, so seat 0's stack top b5 matches (MA-6).
      const s = scripted(match, { players: 2, seed: 'blunder', deck: DECK }, [
        [0, 'collect b5'],
        [1, 'discard r5'],
      ]) as MatchState;
      const legal = match.legalActions(s, 0).map((a) => match.formatAction(a));
      expect(legal).toEqual(expect.arrayContaining(['discard r3', 'discard stack:b']));
      expect(legal.some((t) => t.startsWith('collect'))).toBe(false);
      expect(choice(match, createBot('match', level, `b:${level}`), s, 0)).not.toBe('discard stack:b');
    });

    it(`MA-10: with a 5 and a 1 to bank, it does not collect the 1 when nothing is forced (${level})`, () => {
      // Seat 0 holds b5 and g1 (neither matches r0) and r3 (matches); banking the 1 is the worst.
      const s = scripted(match, { players: 2, seed: 'blunder', deck: DECK }, []) as MatchState;
      expect(choice(match, createBot('match', level, `b:${level}`), s, 0)).not.toBe('collect g1');
    });
  }
});
