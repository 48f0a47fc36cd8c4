import type { GameResult, Seat } from './contract.ts';

/**
 * Ranks seats by score, highest first. Equal scores share a rank unless `tieBreak` orders them
 * (a lower tie-break key wins). Winners are every seat ranked 1.
 */
export function rankByScore(scores: readonly number[], tieBreak?: (seat: Seat) => number): GameResult {
  const n = scores.length;
  const key = (s: Seat): [number, number] => [scores[s] ?? 0, tieBreak ? -tieBreak(s) : 0];
  const ranks: number[] = new Array<number>(n);
  for (let s = 0; s < n; s++) {
    const [a, ta] = key(s);
    let better = 0;
    for (let o = 0; o < n; o++) {
      const [b, tb] = key(o);
      if (b > a || (b === a && tb > ta)) better++;
    }
    ranks[s] = better + 1;
  }
  const winners: Seat[] = [];
  for (let s = 0; s < n; s++) if (ranks[s] === 1) winners.push(s);
  return { scores: scores.slice(), ranks, winners };
}
