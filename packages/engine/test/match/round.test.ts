/** One whole round from a stacked deck, every turn checked against the rules and `verify`. */
import { describe, expect, it } from 'vitest';
import { match } from '../../src/games/match/index.ts';
import { legalTexts, play } from './helpers.ts';

describe('MATCH! a stacked round', () => {
  it('MA-3..MA-11: deals, binds a declaration, forces discards, scores and passes the start', () => {
    const deck = ['r1', 'r2', 'g3', 'W', 'b5', 'y0', 'y1', 'p2', 'p3', 'b4', 'r4'];
    const draws = ['g0', 'b1', 'p5', 'y5', 'r0', 'r5', 'y4'];
    const r = match.setup({ players: 2, seed: 'round', options: { target: 50 }, deck: [...deck, ...draws] });
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value;
    expect(match.view(s, 0)).toMatchObject({ pile: ['r4'], myHand: ['r1', 'r2', 'g3', 'b5', 'W'] });
    const turns: [string, string[] | null][] = [
      ['wild y3', null],
      ['discard y0', ['discard y0', 'discard y1', 'discard p3', 'collect b4', 'collect p2']],
      ['collect g3', ['collect r1', 'collect r2', 'collect g3', 'collect b5']],
      ['discard y1', ['discard y1', 'collect b4', 'collect p2', 'collect p3']],
      ['discard r1', ['discard r1', 'collect r2', 'collect g0', 'collect b5']],
      ['collect p3', ['collect b4', 'collect p2', 'collect p3']],
      ['discard r2', ['discard r2', 'collect g0', 'collect b5']],
      ['discard p2', ['discard p2', 'collect b1', 'collect b4']],
      ['collect b5', ['collect g0', 'collect b5']],
      ['discard stack:p', ['discard stack:p']], // MA-6: the p3 on top matches the p2
      ['discard p5', ['discard p5', 'discard stack:g']], // the g3 matches the p3 by number
      ['collect b4', ['collect b1', 'collect b4']],
      ['discard stack:b', ['discard stack:b']],
      ['discard y5', ['discard y5', 'discard b1', 'discard stack:b']],
      ['collect g0', ['collect g0']],
      ['collect b1', ['collect b1']],
      ['collect r0', ['collect r0']],
      ['discard r5', ['discard r5']],
    ];
    const endEvents = turns.map(([text, legal]) => {
      if (legal) expect(legalTexts(s), text).toEqual(legal);
      const events = play(s, text);
      expect(match.verify(s), text).toBeNull();
      return events;
    });
    const scored = endEvents[endEvents.length - 1]!.find((e) => e.all?.type === 'round_scored');
    // Seat 0: g3 + g0 + r0 = 3 collected, y4 in hand: -1. Seat 1: b4 + b1 = 5, empty hand.
    expect(scored?.all).toMatchObject({ round: 1, endedBy: 1, scores: [-1, 5], totals: [-1, 5] });
    expect(match.view(s, null)).toMatchObject({ round: 2, starter: 1, toAct: [1], handSizes: [5, 5] });
  });
});
