/** Summary statistics for simulations, arenas and benchmarks. */
export interface Summary {
  readonly n: number;
  readonly mean: number;
  readonly sd: number;
  readonly min: number;
  readonly max: number;
  /** Half-width of the 95% confidence interval of the mean (normal approximation). */
  readonly ci95: number;
}

export function summarize(values: readonly number[]): Summary {
  const n = values.length;
  if (n === 0) return { n, mean: 0, sd: 0, min: 0, max: 0, ci95: 0 };
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const mean = sum / n;
  let sq = 0;
  for (const v of values) sq += (v - mean) ** 2;
  const sd = n > 1 ? Math.sqrt(sq / (n - 1)) : 0;
  return { n, mean, sd, min, max, ci95: n > 1 ? (1.96 * sd) / Math.sqrt(n) : 0 };
}

export const fmt = (x: number, digits = 2): string => x.toFixed(digits);
