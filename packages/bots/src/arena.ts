/**
 * The arena: seeded bot-against-bot games with every seat rotation. Entrant j (the j-th entry of
 * the line-up) sits at seat (j + r) mod n in rotation r; all rotations of a deal share the setup
 * seed, so they are dealt the same cards (the engines draw all chance from the seeded generator
 * in the state). Results are per entrant and per level: win rate (a shared win counts 1/k) and
 * the mean score difference to the other seats, with 95% confidence intervals over deals (the
 * rotations of one deal are averaged first, since they are not independent).
 */
import type { AnyGame, Json } from '@matchbox/engine';
import { createBot } from './levels.ts';
import { playGame } from './runner.ts';
import type { BotLevel } from './types.ts';

export interface ArenaConfig {
  readonly game: AnyGame;
  readonly lineup: readonly BotLevel[];
  /** Total games; rounded up to whole deals (one game per rotation). */
  readonly games: number;
  readonly seed: string;
  readonly options?: Readonly<Record<string, Json>>;
  /**
   * Keep the bots' wall-clock caps (live-play conditions). Off by default: without them a search
   * always runs its full iteration budget, so an arena run is reproduced exactly from its seed.
   */
  readonly timeCaps?: boolean;
  /** Called after each game with the number of games played so far. */
  readonly onProgress?: (done: number, total: number) => void;
}

export interface Estimate {
  readonly mean: number;
  /** Half-width of the 95% confidence interval. */
  readonly ci95: number;
}

export interface EntrantReport {
  readonly entrant: number;
  readonly level: BotLevel;
  readonly winRate: Estimate;
  /** Own final score minus the mean of the other seats', per game. */
  readonly scoreDiff: Estimate;
  /** The same per hand, when the game is played in hands (MatchMaster). */
  readonly scoreDiffPerHand?: Estimate;
  readonly meanScore: number;
  readonly moveMs: { readonly p50: number; readonly p95: number; readonly max: number; readonly n: number };
}

export interface ArenaReport {
  readonly game: string;
  readonly players: number;
  readonly lineup: readonly BotLevel[];
  readonly seed: string;
  readonly deals: number;
  readonly games: number;
  readonly entrants: readonly EntrantReport[];
  /** Entrants of the same level pooled. */
  readonly levels: ReadonlyArray<Omit<EntrantReport, 'entrant' | 'moveMs'> & { readonly entrants: number }>;
  readonly seconds: number;
}

export function estimate(values: readonly number[]): Estimate {
  const n = values.length;
  if (n === 0) return { mean: 0, ci95: 0 };
  const mean = values.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { mean, ci95: 0 };
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1);
  return { mean, ci95: (1.96 * Math.sqrt(variance)) / Math.sqrt(n) };
}

const percentile = (sorted: readonly number[], q: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** Hands per game, for per-hand figures (MatchMaster only). */
function handsPerGame(game: AnyGame, options?: Readonly<Record<string, Json>>): number | null {
  if (game.meta.id !== 'matchmaster') return null;
  const sizes = options?.handSizes;
  return Array.isArray(sizes) ? sizes.length : 13;
}

export async function runArena(config: ArenaConfig): Promise<ArenaReport> {
  const { game, lineup, seed } = config;
  const n = lineup.length;
  const deals = Math.max(1, Math.ceil(config.games / n));
  const total = deals * n;
  const started = performance.now();
  // Per entrant: per-deal means of win share and score difference.
  const wins: number[][] = lineup.map(() => []);
  const diffs: number[][] = lineup.map(() => []);
  const scores: number[] = lineup.map(() => 0);
  const times: number[][] = lineup.map(() => []);
  let done = 0;
  for (let d = 0; d < deals; d++) {
    const dealSeed = `${seed}:${d}`;
    const w = new Array<number>(n).fill(0);
    const df = new Array<number>(n).fill(0);
    for (let r = 0; r < n; r++) {
      const bots = new Array<ReturnType<typeof createBot>>(n);
      for (let j = 0; j < n; j++)
        bots[(j + r) % n] = createBot(game.meta.id, lineup[j]!, `${dealSeed}:${r}:${j}`);
      const played = await playGame(
        game,
        { players: n, seed: dealSeed, ...(config.options ? { options: config.options } : {}) },
        bots,
        config.timeCaps ? {} : { budget: { timeMs: 0 } },
      );
      const res = played.result;
      for (let j = 0; j < n; j++) {
        const seat = (j + r) % n;
        const own = res.scores[seat]!;
        let others = 0;
        for (let o = 0; o < n; o++) if (o !== seat) others += res.scores[o]!;
        w[j]! += res.winners.includes(seat) ? 1 / res.winners.length : 0;
        df[j]! += own - others / (n - 1);
        scores[j]! += own;
        for (const t of played.moveMs[seat]!) times[j]!.push(t);
      }
      done++;
      config.onProgress?.(done, total);
    }
    for (let j = 0; j < n; j++) {
      wins[j]!.push(w[j]! / n);
      diffs[j]!.push(df[j]! / n);
    }
  }
  const hands = handsPerGame(game, config.options);
  const perHand = (e: Estimate): Estimate => ({ mean: e.mean / hands!, ci95: e.ci95 / hands! });
  const entrants: EntrantReport[] = lineup.map((level, j) => {
    const sorted = times[j]!.slice().sort((a, b) => a - b);
    const scoreDiff = estimate(diffs[j]!);
    return {
      entrant: j,
      level,
      winRate: estimate(wins[j]!),
      scoreDiff,
      ...(hands ? { scoreDiffPerHand: perHand(scoreDiff) } : {}),
      meanScore: scores[j]! / total,
      moveMs: {
        p50: percentile(sorted, 0.5),
        p95: percentile(sorted, 0.95),
        max: sorted.at(-1) ?? 0,
        n: sorted.length,
      },
    };
  });
  const levels = [...new Set(lineup)].map((level) => {
    const members = lineup.map((l, j) => (l === level ? j : -1)).filter((j) => j >= 0);
    const pool = (rows: number[][]) =>
      Array.from({ length: deals }, (_, d) => members.reduce((a, j) => a + rows[j]![d]!, 0) / members.length);
    const scoreDiff = estimate(pool(diffs));
    return {
      level,
      entrants: members.length,
      winRate: estimate(pool(wins)),
      scoreDiff,
      ...(hands ? { scoreDiffPerHand: perHand(scoreDiff) } : {}),
      meanScore: members.reduce((a, j) => a + scores[j]!, 0) / members.length / total,
    };
  });
  return {
    game: game.meta.id,
    players: n,
    lineup,
    seed,
    deals,
    games: total,
    entrants,
    levels,
    seconds: (performance.now() - started) / 1000,
  };
}

const pct = (e: Estimate): string => `${(e.mean * 100).toFixed(1)}% ± ${(e.ci95 * 100).toFixed(1)}`;
const num = (e: Estimate): string => `${e.mean >= 0 ? '+' : ''}${e.mean.toFixed(2)} ± ${e.ci95.toFixed(2)}`;

/** The report as a small table for people. */
export function formatArena(r: ArenaReport): string {
  const lines = [
    `${r.game}: ${r.games} games (${r.deals} deals x ${r.players} rotations), seed "${r.seed}", ${r.seconds.toFixed(1)} s`,
    `fair win share ${(100 / r.players).toFixed(1)}%; score difference = own score - mean of the others (95% CI)`,
    '',
    'entrant  level    win rate          score diff/game     ' +
      (r.entrants[0]?.scoreDiffPerHand ? 'diff/hand        ' : '') +
      'mean score  move ms p50/p95/max',
  ];
  for (const e of r.entrants) {
    lines.push(
      `${String(e.entrant).padEnd(8)} ${e.level.padEnd(8)} ${pct(e.winRate).padEnd(17)} ${num(e.scoreDiff).padEnd(19)} ` +
        (e.scoreDiffPerHand ? `${num(e.scoreDiffPerHand).padEnd(16)} ` : '') +
        `${e.meanScore.toFixed(1).padStart(10)}  ${e.moveMs.p50.toFixed(1)}/${e.moveMs.p95.toFixed(1)}/${e.moveMs.max.toFixed(1)}`,
    );
  }
  if (r.levels.length < r.entrants.length) {
    lines.push('', 'pooled by level:');
    for (const l of r.levels) {
      lines.push(
        `  ${l.level.padEnd(8)} x${l.entrants}  win ${pct(l.winRate)}  diff/game ${num(l.scoreDiff)}` +
          (l.scoreDiffPerHand ? `  diff/hand ${num(l.scoreDiffPerHand)}` : ''),
      );
    }
  }
  return lines.join('\n');
}
