/**
 * The arena: seeded bot-against-bot games with every seat rotation. Entrant j (the j-th entry of
 * the line-up) sits at seat (j + r) mod n in rotation r; all rotations of a deal share the setup
 * seed, so they are dealt the same cards (the engines draw all chance from the seeded generator
 * in the state). Results are per entrant and per level: win rate (a shared win counts 1/k) and
 * the mean score difference to the other seats, with 95% confidence intervals over deals (the
 * rotations of one deal are averaged first, since they are not independent).
 *
 * Solitaires (a game whose options make it a one-player game, e.g. MATCHET's `mode=reserve`) are
 * evaluated differently: every entrant plays every deal alone, and the report gives each one's
 * share of deals won and mean score, next to the share of the same deals that the game's exact
 * solver proves winnable with every tile known (an upper bound no player can beat).
 *
 * Searches run their full iteration budgets unless `timeCaps` is set; either way the report
 * counts, per entrant, how many searches a time cap stopped early.
 *
 * Besides the levels, a line-up may hold `seer` (MatchMaster only): the all-seeing evaluation bot
 * of seer.ts, which the referee hands the real state. It exists only here, as a yardstick (see
 * share.ts: what share of the seer's gain over a level another level captures). The half-seers
 * `seer-bid` and `seer-play` see every hand in one phase only, to tell which phase the gap is in.
 */
import type { AnyGame, Json, MatchMasterView, MatchetState } from '@matchbox/engine';
import { solveMatchet } from '@matchbox/engine';
import type { Bot, BotSpec, Budget, SearchCounts } from '@matchbox/bots';
import { createBotFromSpec, parseBotSpec, playGame } from '@matchbox/bots';
import { noSearches } from '@matchbox/bots/parts';
import type { SeerSight } from './seer.ts';
import { SEER_ENTRIES, createSeerBot, seerEntry, seerSampler, seesReal } from './seer.ts';

export interface ArenaConfig {
  readonly game: AnyGame;
  /** One entry per seat: a level, or a level with pieces switched off (`BotSpec`). */
  readonly lineup: readonly BotSpec[];
  /** Total games; rounded up to whole deals (one game per rotation, or per entrant in a solitaire). */
  readonly games: number;
  readonly seed: string;
  readonly options?: Readonly<Record<string, Json>>;
  /**
   * Keep the bots' wall-clock caps (live-play conditions). Off by default: without them a search
   * always runs its full iteration budget, so an arena run is reproduced exactly from its seed.
   */
  readonly timeCaps?: boolean;
  /** Overrides every bot's time cap in ms (0 = none); wins over `timeCaps`. */
  readonly timeMs?: number;
  /** Overrides every search bot's iteration budget (e.g. for quick runs). */
  readonly iterations?: number;
  /** Node budget of the solitaire solver per deal (default 2,000,000). */
  readonly solverNodes?: number;
  /** Makes the bots (default `createBot`); for custom or instrumented bots. */
  makeBot?(level: BotSpec, seed: string): Bot;
  /** Called after each game with the number of games played so far. */
  readonly onProgress?: (done: number, total: number) => void;
}

export interface Estimate {
  readonly mean: number;
  /** Half-width of the 95% confidence interval. */
  readonly ci95: number;
}

export interface MoveTimes {
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
  readonly n: number;
}

/** How an entrant's searches went: the iterations run, and how often a time cap bound. */
export type SearchSummary = Readonly<SearchCounts>;

export interface EntrantReport {
  readonly entrant: number;
  readonly level: BotSpec;
  readonly winRate: Estimate;
  /** Own final score minus the mean of the other seats', per game. */
  readonly scoreDiff: Estimate;
  /** The same per hand, when the game is played in hands (MatchMaster). */
  readonly scoreDiffPerHand?: Estimate;
  /** MatchMaster: the share of hands whose bid the entrant met exactly (MM-9), per game. */
  readonly exactBids?: Estimate;
  readonly meanScore: number;
  readonly moveMs: MoveTimes;
  readonly search: SearchSummary;
}

export interface MatchArenaReport {
  readonly kind: 'match';
  readonly game: string;
  readonly players: number;
  readonly lineup: readonly BotSpec[];
  readonly seed: string;
  readonly deals: number;
  readonly games: number;
  readonly entrants: readonly EntrantReport[];
  /** Entrants of the same level pooled. */
  readonly levels: ReadonlyArray<
    Omit<EntrantReport, 'entrant' | 'moveMs' | 'search'> & { readonly entrants: number }
  >;
  readonly seconds: number;
}

export interface SolitaireEntrantReport {
  readonly entrant: number;
  readonly level: BotSpec;
  /** Share of the deals won (0..1). */
  readonly winRate: Estimate;
  /** Mean final score per deal (`GameResult.solo.score`). */
  readonly score: Estimate;
  readonly won: number;
  /** Deals won among those the solver proves winnable. */
  readonly wonOfWinnable: number;
  /** The entrant's share minus the solver's proven share, paired per deal (at most 0). */
  readonly gapToSolver: Estimate | null;
  readonly moveMs: MoveTimes;
  readonly search: SearchSummary;
}

export interface SolverSummary {
  readonly maxNodes: number;
  /** Deals proven winnable, proven lost, and left open by the node budget. */
  readonly winnable: number;
  readonly unwinnable: number;
  readonly open: number;
  /** Share of the deals proven winnable. */
  readonly winRate: Estimate;
}

export interface SolitaireArenaReport {
  readonly kind: 'solitaire';
  readonly game: string;
  readonly options?: Readonly<Record<string, Json>>;
  readonly lineup: readonly BotSpec[];
  readonly seed: string;
  readonly deals: number;
  readonly games: number;
  /** The exact solver's verdict on the same deals (null: the game has no solver). */
  readonly solver: SolverSummary | null;
  readonly entrants: readonly SolitaireEntrantReport[];
  readonly seconds: number;
}

export type ArenaReport = MatchArenaReport | SolitaireArenaReport;

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

function moveTimes(times: readonly number[]): MoveTimes {
  const sorted = times.slice().sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    max: sorted.at(-1) ?? 0,
    n: sorted.length,
  };
}

function addCounts(into: SearchCounts, c: SearchCounts): void {
  into.decisions += c.decisions;
  into.searches += c.searches;
  into.capped += c.capped;
  into.iterations += c.iterations;
  into.budget += c.budget;
}

/** MatchMaster: the share of a finished game's hands in which `seat` met its bid exactly (MM-9). */
function exactBidShare(gameId: string, finalView: object, seat: number): number | null {
  if (gameId !== 'matchmaster') return null;
  const { history } = finalView as MatchMasterView;
  if (history.length === 0) return null;
  let met = 0;
  for (const h of history) if (h.bids[seat] === h.tricks[seat]) met++;
  return met / history.length;
}

/** Hands per game, for per-hand figures (MatchMaster only). */
function handsPerGame(game: AnyGame, options?: Readonly<Record<string, Json>>): number | null {
  if (game.meta.id !== 'matchmaster') return null;
  const sizes = options?.handSizes;
  return Array.isArray(sizes) ? sizes.length : 13;
}

/** Exact solvers of solitaire deals, by game id: 'win', 'loss' or 'unknown' within `maxNodes`. */
const SOLITAIRE_SOLVERS: Record<string, (state: unknown, maxNodes: number) => 'win' | 'loss' | 'unknown'> = {
  matchet: (state, maxNodes) => solveMatchet(state as MatchetState, { maxNodes }).status,
};

/** Whether `options` make `game` a one-player game (a solitaire). */
export function isSolitaire(game: AnyGame, options?: Readonly<Record<string, Json>>): boolean {
  return game.setup({ players: 1, seed: 'solitaire?', ...(options ? { options } : {}) }).ok;
}

const budgetOf = (config: ArenaConfig): Budget => ({
  ...(config.timeMs !== undefined ? { timeMs: config.timeMs } : config.timeCaps ? {} : { timeMs: 0 }),
  ...(config.iterations !== undefined ? { iterations: config.iterations } : {}),
});

/**
 * Checks an arena line-up entry: a level with pieces switched off or on (`parseBotSpec`), or, in
 * MatchMaster, `seer`, the all-seeing evaluation bot, or a half-seer (`seer-bid`, `seer-play`;
 * seer.ts), which only the arena knows.
 */
export function parseArenaEntry(
  gameId: string,
  spec: BotSpec,
): { ok: true } | { ok: false; message: string } {
  const seer = seerEntry(gameId, spec);
  if (seer.seer) return seer.message === undefined ? { ok: true } : { ok: false, message: seer.message };
  const parsed = parseBotSpec(gameId, spec);
  return parsed.ok ? { ok: true } : parsed;
}

/** The bot for a line-up entry: the config's `makeBot`, the seer, or `createBotFromSpec`. */
function arenaBot(config: ArenaConfig, spec: BotSpec, seed: string): Bot {
  if (config.makeBot) return config.makeBot(spec, seed);
  const seer = seerEntry(config.game.meta.id, spec);
  if (seer.seer) return createSeerBot(config.game.meta.id, seed, seer.sight);
  return createBotFromSpec(config.game.meta.id, spec, seed);
}

export async function runArena(config: ArenaConfig): Promise<ArenaReport> {
  if (isSolitaire(config.game, config.options)) {
    const seer = config.lineup.find((spec) => Object.hasOwn(SEER_ENTRIES, spec));
    if (seer !== undefined) throw new Error(`the all-seeing "${seer}" bot plays no solitaire`);
    return runSolitaireArena(config);
  }
  return (await playMatchArena(config)).report;
}

/** A match arena's report, and per entrant its score difference per deal (rotations averaged). */
export interface MatchArenaRun {
  readonly report: MatchArenaReport;
  readonly dealDiffs: readonly (readonly number[])[];
  /** Hands per game (MatchMaster), for per-hand figures; null in other games. */
  readonly hands: number | null;
}

export async function playMatchArena(config: ArenaConfig): Promise<MatchArenaRun> {
  const { game, lineup, seed } = config;
  for (const spec of lineup) {
    const checked = parseArenaEntry(game.meta.id, spec);
    if (!checked.ok && !config.makeBot) throw new Error(`bot "${spec}": ${checked.message}`);
  }
  const makeBot = (level: BotSpec, s: string): Bot => arenaBot(config, level, s);
  const n = lineup.length;
  const deals = Math.max(1, Math.ceil(config.games / n));
  const total = deals * n;
  const started = performance.now();
  // Per entrant: per-deal means of win share and score difference.
  const wins: number[][] = lineup.map(() => []);
  const diffs: number[][] = lineup.map(() => []);
  const exact: number[][] = lineup.map(() => []);
  const scores: number[] = lineup.map(() => 0);
  const times: number[][] = lineup.map(() => []);
  const search = lineup.map(noSearches);
  let done = 0;
  for (let d = 0; d < deals; d++) {
    const dealSeed = `${seed}:${d}`;
    const w = new Array<number>(n).fill(0);
    const df = new Array<number>(n).fill(0);
    const ex = new Array<number>(n).fill(0);
    let exactKnown = true;
    for (let r = 0; r < n; r++) {
      const bots = new Array<Bot>(n);
      // The seats of seers, with what each sees.
      const sights = new Map<number, SeerSight>();
      for (let j = 0; j < n; j++) {
        const seat = (j + r) % n;
        bots[seat] = makeBot(lineup[j]!, `${dealSeed}:${r}:${j}`);
        const seer = seerEntry(game.meta.id, lineup[j]!);
        if (seer.seer) sights.set(seat, seer.sight);
      }
      const seeing =
        sights.size > 0
          ? {
              // Only the seers' seats, and only in the phase each sees, get the real state.
              sampleFor: (seat: number, state: unknown) => {
                const sight = sights.get(seat);
                return sight !== undefined && seesReal(sight, state) ? seerSampler(game, state) : null;
              },
            }
          : {};
      const played = await playGame(
        game,
        { players: n, seed: dealSeed, ...(config.options ? { options: config.options } : {}) },
        bots,
        { budget: budgetOf(config), ...seeing },
      );
      const res = played.result;
      for (let j = 0; j < n; j++) {
        const seat = (j + r) % n;
        const own = res.scores[seat]!;
        let others = 0;
        for (let o = 0; o < n; o++) if (o !== seat) others += res.scores[o]!;
        w[j]! += res.winners.includes(seat) ? 1 / res.winners.length : 0;
        df[j]! += n > 1 ? own - others / (n - 1) : 0;
        const share = exactBidShare(game.meta.id, played.finalView, seat);
        if (share === null) exactKnown = false;
        else ex[j]! += share;
        scores[j]! += own;
        for (const t of played.moveMs[seat]!) times[j]!.push(t);
        addCounts(search[j]!, played.search[seat]!);
      }
      done++;
      config.onProgress?.(done, total);
    }
    for (let j = 0; j < n; j++) {
      wins[j]!.push(w[j]! / n);
      diffs[j]!.push(df[j]! / n);
      if (exactKnown) exact[j]!.push(ex[j]! / n);
    }
  }
  const hands = handsPerGame(game, config.options);
  const perHand = (e: Estimate): Estimate => ({ mean: e.mean / hands!, ci95: e.ci95 / hands! });
  const entrants: EntrantReport[] = lineup.map((level, j) => {
    const scoreDiff = estimate(diffs[j]!);
    return {
      entrant: j,
      level,
      winRate: estimate(wins[j]!),
      scoreDiff,
      ...(hands ? { scoreDiffPerHand: perHand(scoreDiff) } : {}),
      ...(exact[j]!.length === deals ? { exactBids: estimate(exact[j]!) } : {}),
      meanScore: scores[j]! / total,
      moveMs: moveTimes(times[j]!),
      search: search[j]!,
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
      ...(exact[members[0]!]!.length === deals ? { exactBids: estimate(pool(exact)) } : {}),
      meanScore: members.reduce((a, j) => a + scores[j]!, 0) / members.length / total,
    };
  });
  const report: MatchArenaReport = {
    kind: 'match',
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
  return { report, dealDiffs: diffs, hands };
}

async function runSolitaireArena(config: ArenaConfig): Promise<SolitaireArenaReport> {
  const { game, lineup, seed } = config;
  const makeBot = (level: BotSpec, s: string): Bot => arenaBot(config, level, s);
  const n = lineup.length;
  const deals = Math.max(1, Math.ceil(config.games / n));
  const total = deals * n;
  const started = performance.now();
  const solve = SOLITAIRE_SOLVERS[game.meta.id];
  const maxNodes = config.solverNodes ?? 2_000_000;
  const verdicts: Array<'win' | 'loss' | 'unknown'> = [];
  const wins: number[][] = lineup.map(() => []);
  const scores: number[][] = lineup.map(() => []);
  const times: number[][] = lineup.map(() => []);
  const search = lineup.map(noSearches);
  let done = 0;
  for (let d = 0; d < deals; d++) {
    const setupConfig = {
      players: 1,
      seed: `${seed}:${d}`,
      ...(config.options ? { options: config.options } : {}),
    };
    if (solve) {
      const setup = game.setup(setupConfig);
      if (!setup.ok) throw new Error(`${game.meta.id}: ${setup.error.message}`);
      verdicts.push(solve(setup.value, maxNodes));
    }
    for (let j = 0; j < n; j++) {
      const played = await playGame(game, setupConfig, [makeBot(lineup[j]!, `${seed}:${d}:${j}`)], {
        budget: budgetOf(config),
      });
      const solo = played.result.solo;
      if (!solo) throw new Error(`${game.meta.id}: a one-player game ended without a solo outcome`);
      wins[j]!.push(solo.won ? 1 : 0);
      scores[j]!.push(solo.score);
      for (const t of played.moveMs[0]!) times[j]!.push(t);
      addCounts(search[j]!, played.search[0]!);
      done++;
      config.onProgress?.(done, total);
    }
  }
  const proven = verdicts.map((v) => (v === 'win' ? 1 : 0));
  const solver: SolverSummary | null = solve
    ? {
        maxNodes,
        winnable: verdicts.filter((v) => v === 'win').length,
        unwinnable: verdicts.filter((v) => v === 'loss').length,
        open: verdicts.filter((v) => v === 'unknown').length,
        winRate: estimate(proven),
      }
    : null;
  const entrants: SolitaireEntrantReport[] = lineup.map((level, j) => {
    const w = wins[j]!;
    return {
      entrant: j,
      level,
      winRate: estimate(w),
      score: estimate(scores[j]!),
      won: w.reduce((a, b) => a + b, 0),
      wonOfWinnable: w.reduce((a, b, d) => a + (b === 1 && verdicts[d] === 'win' ? 1 : 0), 0),
      gapToSolver: solve ? estimate(w.map((b, d) => b - proven[d]!)) : null,
      moveMs: moveTimes(times[j]!),
      search: search[j]!,
    };
  });
  return {
    kind: 'solitaire',
    game: game.meta.id,
    ...(config.options ? { options: config.options } : {}),
    lineup,
    seed,
    deals,
    games: total,
    solver,
    entrants,
    seconds: (performance.now() - started) / 1000,
  };
}

const pct = (e: Estimate): string => `${(e.mean * 100).toFixed(1)}% ± ${(e.ci95 * 100).toFixed(1)}`;
/** An estimate as a signed mean and its 95% interval: `+0.21 ± 0.11`. */
export const signedEstimate = (e: Estimate): string =>
  `${e.mean >= 0 ? '+' : ''}${e.mean.toFixed(2)} ± ${e.ci95.toFixed(2)}`;
const ms = (m: MoveTimes): string => `${m.p50.toFixed(1)}/${m.p95.toFixed(1)}/${m.max.toFixed(1)}`;
/** "capped 3/120": searches a time cap stopped early, of all searches ("-" when none ran). */
const caps = (s: SearchSummary): string => (s.searches === 0 ? '-' : `${s.capped}/${s.searches}`);

/** The report as a small table for people. */
export function formatArena(r: ArenaReport): string {
  return r.kind === 'solitaire' ? formatSolitaire(r) : formatMatch(r);
}

/** Width of the level column: the longest line-up entry (`expert-endgame` and the like). */
const levelWidth = (lineup: readonly string[]): number => Math.max(8, ...lineup.map((l) => l.length));

function formatMatch(r: MatchArenaReport): string {
  const w = levelWidth(r.lineup);
  const lines = [
    `${r.game}: ${r.games} games (${r.deals} deals x ${r.players} rotations), seed "${r.seed}", ${r.seconds.toFixed(1)} s`,
    `fair win share ${(100 / r.players).toFixed(1)}%; score difference = own score - mean of the others (95% CI)`,
    '',
    `entrant  ${'level'.padEnd(w)} win rate          score diff/game     ` +
      (r.entrants[0]?.scoreDiffPerHand ? 'diff/hand        ' : '') +
      (r.entrants[0]?.exactBids ? 'exact bids      ' : '') +
      'mean score  move ms p50/p95/max  capped',
  ];
  for (const e of r.entrants) {
    lines.push(
      `${String(e.entrant).padEnd(8)} ${e.level.padEnd(w)} ${pct(e.winRate).padEnd(17)} ${signedEstimate(e.scoreDiff).padEnd(19)} ` +
        (e.scoreDiffPerHand ? `${signedEstimate(e.scoreDiffPerHand).padEnd(16)} ` : '') +
        (e.exactBids ? `${pct(e.exactBids).padEnd(15)} ` : '') +
        `${e.meanScore.toFixed(1).padStart(10)}  ${ms(e.moveMs).padEnd(19)}  ${caps(e.search)}`,
    );
  }
  if (r.levels.length < r.entrants.length) {
    lines.push('', 'pooled by level:');
    for (const l of r.levels) {
      lines.push(
        `  ${l.level.padEnd(w)} x${l.entrants}  win ${pct(l.winRate)}  diff/game ${signedEstimate(l.scoreDiff)}` +
          (l.scoreDiffPerHand ? `  diff/hand ${signedEstimate(l.scoreDiffPerHand)}` : '') +
          (l.exactBids ? `  exact bids ${pct(l.exactBids)}` : ''),
      );
    }
  }
  lines.push(capNote(r.entrants.map((e) => e.search)));
  return lines.join('\n');
}

function capNote(searches: readonly SearchSummary[]): string {
  const hit = searches.reduce((a, s) => a + s.capped, 0);
  return hit === 0
    ? 'capped: searches a time cap stopped before their iteration budget (none: the run replays exactly)'
    : `capped: ${hit} searches were stopped by a time cap before their iteration budget; the results depend on the machine's speed`;
}

function formatSolitaire(r: SolitaireArenaReport): string {
  const w = levelWidth(r.lineup);
  const opts = Object.entries(r.options ?? {}).map(
    ([k, v]) => ` ${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`,
  );
  const lines = [
    `${r.game}${opts.join('')} (solitaire): ${r.deals} deals, each played by every entrant alone, seed "${r.seed}", ${r.seconds.toFixed(1)} s`,
  ];
  if (r.solver) {
    const s = r.solver;
    lines.push(
      `solver (every tile known, ${s.maxNodes.toLocaleString('en-US')} nodes): ${s.winnable} winnable (${pct(s.winRate)}), ${s.unwinnable} lost, ${s.open} open`,
    );
  }
  lines.push(
    '',
    `entrant  ${'level'.padEnd(w)} deals won         won/winnable  vs solver          mean score      move ms p50/p95/max  capped`,
  );
  for (const e of r.entrants) {
    const ofWinnable = r.solver ? `${e.wonOfWinnable}/${r.solver.winnable}` : '-';
    const gap = e.gapToSolver
      ? `${(e.gapToSolver.mean * 100).toFixed(1)} ± ${(e.gapToSolver.ci95 * 100).toFixed(1)} pts`
      : '-';
    lines.push(
      `${String(e.entrant).padEnd(8)} ${e.level.padEnd(w)} ${pct(e.winRate).padEnd(17)} ${ofWinnable.padEnd(13)} ${gap.padEnd(18)} ` +
        `${`${e.score.mean.toFixed(1)} ± ${e.score.ci95.toFixed(1)}`.padEnd(15)} ${ms(e.moveMs).padEnd(19)}  ${caps(e.search)}`,
    );
  }
  lines.push(
    "deals won: share of the deals won (95% CI); vs solver: that share minus the solver's, in points, paired by deal",
    capNote(r.entrants.map((e) => e.search)),
  );
  return lines.join('\n');
}
