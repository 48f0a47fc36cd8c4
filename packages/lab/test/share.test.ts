/**
 * The share of the all-seeing seer's gain over a baseline that a level captures (share.ts): the
 * estimate against hand-worked values, and a tiny run whose figures must equal two plain arena
 * runs on the same seeds (so both entrants really met the same deals).
 */
import { describe, expect, it } from 'vitest';
import { Rng, matchmaster } from '@matchbox/engine';
import type { MatchArenaReport } from '../src/index.ts';
import { formatShare, runArena, runShare, shareEstimate } from '../src/index.ts';

describe('shareEstimate', () => {
  it('the ratio of the means, with the paired delta-method interval', () => {
    // x = y / 2 on every deal: the share is exactly 50%, with no spread at all.
    const exact = shareEstimate([1, 2, 3], [2, 4, 6]);
    expect(exact.mean).toBe(0.5);
    expect(exact.ci95).toBe(0);
    expect(exact.correlation).toBeCloseTo(1, 12);
    // R = 1 / 2; residuals x - R y = [0, -1, 1], variance 1; se = sqrt(1 / 3) / |mean y| = sqrt(1/3) / 2.
    const e = shareEstimate([1, 0, 2], [2, 2, 2]);
    expect(e.mean).toBe(0.5);
    expect(e.ci95).toBeCloseTo((1.96 * Math.sqrt(1 / 3)) / 2, 12);
    expect(e.bootstrap).toBeNull();
    // Pairing matters: the same x and y, but y moving with x, give a narrower interval.
    const together = shareEstimate([1, 0, 2], [2, 1, 3]);
    const apart = shareEstimate([1, 0, 2], [2, 3, 1]);
    expect(together.mean).toBeCloseTo(apart.mean, 12);
    expect(together.ci95).toBeLessThan(apart.ci95);
    expect(together.correlation).toBeGreaterThan(0);
    expect(apart.correlation).toBeLessThan(0);
  });

  it('the paired bootstrap resamples deals for both at once and brackets the estimate', () => {
    const x = [0.5, 1.5, 1, 2, 0, 1.2, 0.8, 1.1];
    const y = x.map((v, d) => 2 * v + (d % 2 === 0 ? 0.1 : -0.1));
    const e = shareEstimate(x, y, 1000, Rng.fromSeed('b'));
    expect(e.bootstrap).not.toBeNull();
    const [lo, hi] = e.bootstrap!;
    expect(lo).toBeLessThanOrEqual(e.mean);
    expect(hi).toBeGreaterThanOrEqual(e.mean);
    // Nearly proportional pairs: every resample's ratio stays close to 1/2.
    expect(lo).toBeGreaterThan(0.45);
    expect(hi).toBeLessThan(0.55);
    // The same generator seed gives the same interval.
    expect(shareEstimate(x, y, 1000, Rng.fromSeed('b')).bootstrap).toEqual(e.bootstrap);
    expect(() => shareEstimate([1], [1, 2])).toThrow();
  });
});

describe('runShare on a tiny run', () => {
  it('expert and seer against three medium, on the same deals as two plain arena runs', async () => {
    const base = {
      game: matchmaster,
      games: 8,
      seed: 'share-tiny',
      options: { handSizes: [3, 1] },
      iterations: 60,
    };
    const r = await runShare({
      ...base,
      candidate: 'expert',
      reference: 'seer',
      baseline: 'medium',
      players: 4,
      resamples: 200,
    });
    expect(r.deals).toBe(2);
    expect(r.games).toBe(8);
    expect(r.perHand).toBe(true);
    const plain = async (lead: string) =>
      (await runArena({ ...base, lineup: [lead, 'medium', 'medium', 'medium'] })) as MatchArenaReport;
    const expert = await plain('expert');
    const seer = await plain('seer');
    // The gains are the arena's per-hand score differences of entrant 0, seed for seed.
    expect(r.candidate.gain.mean).toBeCloseTo(expert.entrants[0]!.scoreDiffPerHand!.mean, 12);
    expect(r.candidate.gain.ci95).toBeCloseTo(expert.entrants[0]!.scoreDiffPerHand!.ci95, 12);
    expect(r.reference.gain.mean).toBeCloseTo(seer.entrants[0]!.scoreDiffPerHand!.mean, 12);
    expect(r.share.mean).toBeCloseTo(r.candidate.gain.mean / r.reference.gain.mean, 12);
    expect(r.arenas[0].lineup).toEqual(['expert', 'medium', 'medium', 'medium']);
    expect(r.arenas[1].lineup).toEqual(['seer', 'medium', 'medium', 'medium']);
    const text = formatShare(r);
    expect(text).toMatch(/share of seer's gain over medium that expert captures/);
    expect(text).toMatch(
      /share = -?\d+\.\d% ± \d+\.\d \(95%, delta method paired by deal\); paired bootstrap/,
    );
    expect(text).toMatch(/replays exactly/);
  });

  it('the seer plays no solitaire and no other game', async () => {
    const { matchet } = await import('@matchbox/engine');
    await expect(
      runArena({ game: matchet, lineup: ['seer'], games: 1, seed: 's', options: { mode: 'reserve' } }),
    ).rejects.toThrow(/seer/);
    await expect(
      runArena({ game: matchet, lineup: ['seer', 'medium'], games: 2, seed: 's' }),
    ).rejects.toThrow(/seer/);
  });
});
