/**
 * What share of a yardstick's gain over a baseline a level captures: e.g. of the all-seeing
 * `seer`'s points per hand over `medium`, how much the `expert` gets.
 *
 * Both entrants play the same arena against n - 1 copies of the baseline, on the same seeds, so
 * deal d is dealt alike in both runs and in each of its seat rotations (duplicate deals). Per
 * deal, x_d is the candidate's score difference per hand to the baselines and y_d the yardstick's
 * (rotations averaged). The share is R = mean(x) / mean(y). Its 95% interval comes from the delta
 * method over deals, paired: se(R) = sd(x_d - R y_d) / (sqrt(D) |mean(y)|), which counts the
 * correlation between the two entrants' results on the same deal; a paired bootstrap over deals
 * (the same resampled deals for both) gives a second, percentile interval.
 */
import type { AnyGame, Json } from '@matchbox/engine';
import { Rng } from '@matchbox/engine';
import type { Estimate, MatchArenaReport } from './arena.ts';
import { estimate, playMatchArena } from './arena.ts';
import type { BotSpec } from '@matchbox/bots';

export interface ShareConfig {
  readonly game: AnyGame;
  /** The level measured (e.g. `expert`) and the yardstick whose gain is 100% (e.g. `seer`). */
  readonly candidate: BotSpec;
  readonly reference: BotSpec;
  /** The level both play against, in every other seat (e.g. `medium`). */
  readonly baseline: BotSpec;
  readonly players: number;
  /** Games per entrant; rounded up to whole deals (one game per seat rotation). */
  readonly games: number;
  readonly seed: string;
  readonly options?: Readonly<Record<string, Json>>;
  /** As in `ArenaConfig`: keep the live-play caps, or override the iteration budget. */
  readonly timeCaps?: boolean;
  readonly iterations?: number;
  /** Paired bootstrap resamples (default 2,000; 0 = none). */
  readonly resamples?: number;
  readonly onProgress?: (done: number, total: number) => void;
}

export interface ShareEstimate {
  /** mean(x) / mean(y); NaN when the yardstick gained nothing on average. */
  readonly mean: number;
  /** Half-width of the 95% delta-method interval, paired by deal. */
  readonly ci95: number;
  /** The paired bootstrap's 2.5% and 97.5% percentiles (null without resamples). */
  readonly bootstrap: readonly [number, number] | null;
  /** The correlation of x_d and y_d over deals. */
  readonly correlation: number;
}

export interface ShareReport {
  readonly kind: 'share';
  readonly game: string;
  readonly players: number;
  readonly seed: string;
  readonly deals: number;
  /** Games per entrant. */
  readonly games: number;
  readonly baseline: BotSpec;
  /** Gains: the entrant's score difference to the baselines, per hand (per game outside MatchMaster). */
  readonly candidate: { readonly level: BotSpec; readonly gain: Estimate };
  readonly reference: { readonly level: BotSpec; readonly gain: Estimate };
  readonly perHand: boolean;
  readonly share: ShareEstimate;
  /** The two arena reports behind the figures. */
  readonly arenas: readonly [MatchArenaReport, MatchArenaReport];
  readonly seconds: number;
}

const mean = (v: readonly number[]): number => v.reduce((a, b) => a + b, 0) / v.length;

/**
 * The share mean(x) / mean(y) of paired per-deal gains x (candidate) and y (yardstick), with the
 * paired delta-method interval and, with `resamples` > 0, a paired bootstrap from `rng`.
 */
export function shareEstimate(
  x: readonly number[],
  y: readonly number[],
  resamples = 0,
  rng: Rng = Rng.fromSeed('share'),
): ShareEstimate {
  const n = x.length;
  if (n === 0 || y.length !== n) throw new Error('shareEstimate needs the same number (> 0) of x and y');
  const mx = mean(x);
  const my = mean(y);
  const r = mx / my;
  let se = NaN;
  if (n > 1 && my !== 0) {
    const e = x.map((v, d) => v - r * y[d]!);
    const me = mean(e);
    const ve = e.reduce((a, v) => a + (v - me) ** 2, 0) / (n - 1);
    se = Math.sqrt(ve / n) / Math.abs(my);
  }
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let d = 0; d < n; d++) {
    sxy += (x[d]! - mx) * (y[d]! - my);
    sxx += (x[d]! - mx) ** 2;
    syy += (y[d]! - my) ** 2;
  }
  const correlation = sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : NaN;
  let bootstrap: readonly [number, number] | null = null;
  if (resamples > 0) {
    const ratios: number[] = [];
    for (let b = 0; b < resamples; b++) {
      let sx = 0;
      let sy = 0;
      for (let k = 0; k < n; k++) {
        const d = rng.int(n);
        sx += x[d]!;
        sy += y[d]!;
      }
      ratios.push(sx / sy);
    }
    ratios.sort((a, b) => a - b);
    const at = (q: number) => ratios[Math.min(resamples - 1, Math.max(0, Math.floor(q * resamples)))]!;
    bootstrap = [at(0.025), at(0.975)];
  }
  return { mean: r, ci95: n > 1 ? 1.96 * se : 0, bootstrap, correlation };
}

/** Plays both arenas on the same seeds and estimates the share. */
export async function runShare(config: ShareConfig): Promise<ShareReport> {
  const { game, players, baseline } = config;
  const started = performance.now();
  const deals = Math.max(1, Math.ceil(config.games / players));
  const total = 2 * deals * players;
  const run = (entrant: BotSpec, offset: number) =>
    playMatchArena({
      game,
      lineup: [entrant, ...Array.from({ length: players - 1 }, () => baseline)],
      games: config.games,
      seed: config.seed,
      ...(config.options ? { options: config.options } : {}),
      ...(config.timeCaps ? { timeCaps: true } : {}),
      ...(config.iterations !== undefined ? { iterations: config.iterations } : {}),
      onProgress: (done) => config.onProgress?.(offset + done, total),
    });
  const a = await run(config.candidate, 0);
  const b = await run(config.reference, deals * players);
  const scale = a.hands ?? 1;
  const x = a.dealDiffs[0]!.map((v) => v / scale);
  const y = b.dealDiffs[0]!.map((v) => v / scale);
  return {
    kind: 'share',
    game: game.meta.id,
    players,
    seed: config.seed,
    deals,
    games: deals * players,
    baseline,
    candidate: { level: config.candidate, gain: estimate(x) },
    reference: { level: config.reference, gain: estimate(y) },
    perHand: a.hands !== null,
    share: shareEstimate(x, y, config.resamples ?? 2000, Rng.fromSeed(`${config.seed}:bootstrap`)),
    arenas: [a.report, b.report],
    seconds: (performance.now() - started) / 1000,
  };
}

const signed = (v: number, digits = 2): string => `${v >= 0 ? '+' : ''}${v.toFixed(digits)}`;
const pct = (v: number): string => `${(v * 100).toFixed(1)}%`;

/** The share report as a few lines for people. */
export function formatShare(r: ShareReport): string {
  const unit = r.perHand ? 'points/hand' : 'points/game';
  const gain = (e: Estimate) => `${signed(e.mean)} ± ${e.ci95.toFixed(2)} ${unit}`;
  const s = r.share;
  const [ca, re] = r.arenas;
  const lines = [
    `${r.game}: share of ${r.reference.level}'s gain over ${r.baseline} that ${r.candidate.level} captures`,
    `${r.deals} deals x ${r.players} rotations = ${r.games} games per entrant, the same seeds ("${r.seed}") for both; ${r.seconds.toFixed(1)} s`,
    '',
    `${r.candidate.level.padEnd(8)} vs ${r.players - 1} ${r.baseline}: ${gain(r.candidate.gain)}; wins ${pct(ca.entrants[0]!.winRate.mean)} ± ${(ca.entrants[0]!.winRate.ci95 * 100).toFixed(1)}`,
    `${r.reference.level.padEnd(8)} vs ${r.players - 1} ${r.baseline}: ${gain(r.reference.gain)}; wins ${pct(re.entrants[0]!.winRate.mean)} ± ${(re.entrants[0]!.winRate.ci95 * 100).toFixed(1)}`,
    '',
    `share = ${pct(s.mean)} ± ${(s.ci95 * 100).toFixed(1)} (95%, delta method paired by deal)` +
      (s.bootstrap ? `; paired bootstrap ${pct(s.bootstrap[0])} to ${pct(s.bootstrap[1])}` : ''),
    `correlation of the two gains over deals: ${Number.isNaN(s.correlation) ? '-' : s.correlation.toFixed(2)}`,
  ];
  const capped = [ca, re].reduce((a, rep) => a + rep.entrants.reduce((b, e) => b + e.search.capped, 0), 0);
  lines.push(
    capped === 0
      ? 'capped: no search was stopped by a time cap (the run replays exactly)'
      : `capped: ${capped} searches were stopped by a time cap; the results depend on the machine's speed`,
  );
  return lines.join('\n');
}
