/** The statistics behind `simulate`, `arena` and `bench` (src/stats.ts), against hand-worked values. */
import { describe, expect, it } from 'vitest';
import { fmt, summarize } from '../src/stats.ts';

describe('summarize', () => {
  it('gives zeros, not NaN, for no values', () => {
    expect(summarize([])).toEqual({ n: 0, mean: 0, sd: 0, min: 0, max: 0, ci95: 0 });
  });

  it('gives one value no spread and no interval', () => {
    expect(summarize([7])).toEqual({ n: 1, mean: 7, sd: 0, min: 7, max: 7, ci95: 0 });
  });

  it('uses the sample standard deviation (n - 1) and a 95% normal interval', () => {
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, squared deviations sum to 32, sample variance 32/7.
    const s = summarize([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(s.n).toBe(8);
    expect(s.mean).toBe(5);
    expect(s.min).toBe(2);
    expect(s.max).toBe(9);
    expect(s.sd).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(s.ci95).toBeCloseTo((1.96 * Math.sqrt(32 / 7)) / Math.sqrt(8), 12);
  });

  it('handles negative scores and does not depend on the order', () => {
    const a = summarize([-13, 10, 0, -1, 24]);
    const b = summarize([24, -1, 0, 10, -13]);
    expect(a).toEqual(b);
    expect(a.mean).toBe(4);
    expect(a.min).toBe(-13);
    expect(a.max).toBe(24);
  });

  it('a constant series has no spread', () => {
    const s = summarize([3, 3, 3, 3]);
    expect(s.sd).toBe(0);
    expect(s.ci95).toBe(0);
  });
});

describe('fmt', () => {
  it('rounds to two digits by default, or as asked', () => {
    expect(fmt(1 / 3)).toBe('0.33');
    expect(fmt(2.5, 0)).toBe('3');
    expect(fmt(-0.125, 1)).toBe('-0.1');
  });
});
