import { describe, expect, it } from 'vitest';
import { matchmasterRules } from '@matchbox/engine';
import type { BidCheckRow } from '../src/matchmaster-bidcheck.ts';
import {
  calibrationByGap,
  checkBids,
  formatBidCheck,
  formatCalibration,
  summarizeBidCheck,
} from '../src/matchmaster-bidcheck.ts';

const { handPoints } = matchmasterRules;

describe('MatchMaster bid check (counterfactual bids, MM-4, MM-9)', () => {
  it('plays each deal once per candidate bid: the bot’s own, one lower and one higher, within 0..hand size', async () => {
    const config = { deals: 4, sizes: [2], reps: 2, seed: 'bc', opponents: 'medium' };
    const rows = await checkBids(config);
    expect(rows.map((r) => r.seat)).toEqual([0, 1, 2, 3]);
    for (const r of rows) {
      expect(r.size).toBe(2);
      // The first dealer is seat 0 for the first four deals, so seat 1 leads (MM-3).
      expect(r.position).toBe((r.seat + 3) % 4);
      const candidates = [r.chosen - 1, r.chosen, r.chosen + 1].filter((b) => b >= 0 && b <= 2);
      expect(Object.keys(r.realized).map(Number).sort()).toEqual(candidates.sort());
      for (const b of candidates) {
        expect(r.realized[b]).toHaveLength(2);
        // Every playout's points are an MM-9 score of that bid in a 2-card hand.
        const possible = [0, 1, 2].map((t) => handPoints(b, t));
        for (const p of r.realized[b]!) expect(possible).toContain(p);
      }
      // The expert searched its bid: the bid it made has a predicted value, in points.
      expect(r.predicted[r.chosen]).toBeGreaterThanOrEqual(-2);
      expect(r.predicted[r.chosen]).toBeLessThanOrEqual(12);
    }
    // The same configuration replays exactly.
    expect(await checkBids(config)).toEqual(rows);
  });

  it('summarises per hand size what bidding one lower or higher gained, next to the search’s prediction', () => {
    const row = (
      size: number,
      chosen: number,
      realized: Record<number, number[]>,
      predicted: Record<number, number>,
    ): BidCheckRow => ({
      deal: 0,
      size,
      seat: 0,
      position: 0,
      chosen,
      predicted,
      realized,
    });
    const lines = summarizeBidCheck([
      row(3, 1, { 0: [10, -1], 1: [11, 11], 2: [-1, -1] }, { 0: 5, 1: 7, 2: 3 }),
      row(3, 0, { 0: [10, 10], 1: [-1, 11] }, { 0: 8 }),
      row(2, 2, { 1: [11, 11], 2: [12, -1] }, { 1: 6, 2: 5 }),
    ]);
    expect(lines.map((l) => [l.size, l.direction, l.deals])).toEqual([
      [3, 'lower', 1],
      [3, 'higher', 2],
      [2, 'lower', 1],
    ]);
    // Size 3, one higher: (-1 - 11) and (5 - 10) over two deals; only the first deal predicted both bids.
    expect(lines[1]!.realized.mean).toBeCloseTo(-8.5);
    expect(lines[1]!.predicted).toBeCloseTo(-4);
    expect(lines[0]!.realized.mean).toBeCloseTo(4.5 - 11);
    expect(lines[2]!.realized.mean).toBeCloseTo(11 - 5.5);
    expect(lines[2]!.predicted).toBeCloseTo(1);
    const text = formatBidCheck(lines);
    expect(text.split('\n')).toHaveLength(4);
    expect(text).toContain('one higher');
    expect(text).toContain('-8.50');
  });

  it('groups the other bids by the loss the search predicted, to show its calibration at the margin', () => {
    const row = (
      chosen: number,
      realized: Record<number, number[]>,
      predicted: Record<number, number>,
    ): BidCheckRow => ({
      deal: 0,
      size: 3,
      seat: 0,
      position: 0,
      chosen,
      predicted,
      realized,
    });
    const lines = calibrationByGap([
      // One lower predicted 0.2 points worse (realized +5.5), one higher 3 points worse (realized -5.5).
      row(1, { 0: [10, 10], 1: [11, -2], 2: [-1, -1] }, { 0: 6.8, 1: 7, 2: 4 }),
      // One higher predicted 7 points worse (realized -11); a bid the search never visited is left out.
      row(0, { 0: [10, 10], 1: [-1, -1] }, { 0: 8, 1: 1 }),
      row(2, { 1: [11], 2: [12], 3: [-1] }, { 2: 9 }),
    ]);
    expect(lines.map((l) => [l.from, l.to, l.bids])).toEqual([
      [-Infinity, 0.5, 1],
      [2, 4, 1],
      [4, Infinity, 1],
    ]);
    expect(lines[0]!.predicted).toBeCloseTo(-0.2);
    expect(lines[0]!.realized.mean).toBeCloseTo(10 - 4.5);
    expect(lines[1]!.realized.mean).toBeCloseTo(-1 - 4.5);
    expect(lines[2]!.predicted).toBeCloseTo(-7);
    expect(lines[2]!.realized.mean).toBeCloseTo(-11);
    const text = formatCalibration(lines);
    expect(text).toContain('under 0.5');
    expect(text).toContain('4 or more');
  });
});
