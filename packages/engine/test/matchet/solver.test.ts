import { describe, expect, it } from 'vitest';
import { Rng, matchet, solveMatchet } from '../../src/index.ts';
import type { MatchetState } from '../../src/index.ts';

/** Plain exhaustive search through the engine's own legal actions: no memo, no pruning. */
function bruteForce(s: MatchetState): boolean {
  if (matchet.isOver(s)) return matchet.view(s, 0).outcome === 'won';
  for (const a of matchet.legalActions(s, 0)) {
    const c = matchet.clone(s);
    matchet.applyInPlace(c, 0, a);
    if (bruteForce(c)) return true;
  }
  return false;
}

/** A random small tile set whose numbers are drawn from a few values, so joins are common. */
function smallSet(rng: Rng, size: number, mode: string): string[] {
  const out = new Set<string>();
  const nums = mode === 'stacks' ? [1, 2, 3, 6, 7, 8, 10] : [1, 4, 5, 6, 9, 10];
  while (out.size < size) {
    const [a, b, c] = [0, 1, 2].map(() => nums[rng.int(nums.length)]!);
    out.add(rng.int(2) === 0 ? `R${a}Y${b}B${c}` : `R${a}B${c}Y${b}`);
  }
  return [...out];
}

describe('solver', () => {
  for (const mode of ['stacks', 'reserve'] as const) {
    it(`MT-9/MT-10 (${mode}): agrees with brute force on small deals, and its winning lines replay`, () => {
      const rng = Rng.fromSeed(`brute-${mode}`);
      const tally = { win: 0, loss: 0 };
      for (let d = 0; d < 60; d++) {
        const size = mode === 'stacks' ? 7 + rng.int(3) : 7 + rng.int(4);
        const r = matchet.setup({
          players: 1,
          seed: `b${d}`,
          options: { mode, tiles: smallSet(rng, size, mode) },
        });
        if (!r.ok) throw new Error(r.error.message);
        const s = r.value;
        const solved = solveMatchet(s);
        expect(solved.status).not.toBe('unknown');
        const truth = bruteForce(matchet.clone(s));
        expect(solved.status === 'win', `deal ${d}`).toBe(truth);
        tally[solved.status as 'win' | 'loss']++;
        if (solved.line) {
          const g = matchet.clone(s);
          for (const a of solved.line) expect(matchet.applyInPlace(g, 0, a)).toBeNull();
          expect(matchet.view(g, 0).outcome).toBe('won');
        }
      }
      // The sample must exercise both answers.
      expect(tally.win).toBeGreaterThan(3);
      expect(tally.loss).toBeGreaterThan(3);
    });
  }

  it('says unknown when the budget runs out, and solves standard deals of both solitaires', () => {
    const s = matchet.setup({ players: 1, seed: 'deal-1', options: { mode: 'stacks' } });
    if (!s.ok) throw new Error();
    expect(solveMatchet(s.value, { maxNodes: 3 }).status).toBe('unknown');
    const full = solveMatchet(s.value);
    expect(full.status).not.toBe('unknown');
    for (let d = 0; d < 10; d++) {
      const r = matchet.setup({ players: 1, seed: `std-${d}`, options: { mode: 'reserve' } });
      if (!r.ok) throw new Error();
      const res = solveMatchet(r.value);
      expect(res.status).not.toBe('unknown');
      if (res.line) {
        const g = matchet.clone(r.value);
        for (const a of res.line) expect(matchet.applyInPlace(g, 0, a)).toBeNull();
        expect(matchet.isOver(g)).toBe(true);
      }
    }
  });
});
