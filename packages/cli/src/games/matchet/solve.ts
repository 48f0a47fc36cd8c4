/**
 * matchbox solve matchet --mode stacks|reserve --deals N --seed S [--nodes N] [--json] [--bench]
 *
 * Solves seeded deals of the MATCHET solitaires exactly (rulings MT-9, MT-10, the whole deal
 * known) and reports the shares of winnable, unwinnable and unknown (budget exhausted) deals,
 * with a progress bar on a terminal. `--show K` prints the winning line of deal K.
 */
import { matchet, solveMatchet } from '@matchbox/engine';
import { flag, hasFlag, intFlag, parseCommandLine, usageError } from '../../args.ts';
import { ProgressBar } from '../../progress.ts';

export const SOLVE_USAGE =
  'usage: matchbox solve matchet --mode stacks|reserve [--deals N] [--seed S] [--nodes N] [--tiles JSON] [--show K] [--json] [--bench]';

export async function solveCommand(argv: string[]): Promise<number> {
  await Promise.resolve();
  const parsed = parseCommandLine(argv, {
    values: ['mode', 'deals', 'seed', 'nodes', 'tiles', 'show'],
    switches: ['json', 'bench', 'no-progress'],
    positionals: 1,
  });
  if (!parsed.ok) return usageError(parsed.error.message, SOLVE_USAGE);
  const args = parsed.value;
  if (hasFlag(args, 'help')) {
    console.log(SOLVE_USAGE);
    return 0;
  }
  const game = args.positionals[0] ?? 'matchet';
  if (game !== 'matchet') {
    return usageError(`Only matchet's solitaires have a solver.`, SOLVE_USAGE);
  }
  const mode = flag(args, 'mode') ?? 'stacks';
  if (mode !== 'stacks' && mode !== 'reserve') {
    return usageError('--mode must be stacks (Solitaire B) or reserve (Solitaire A).', SOLVE_USAGE);
  }
  const deals = intFlag(args, 'deals', hasFlag(args, 'bench') ? 300 : 100);
  const nodes = intFlag(args, 'nodes', 2_000_000);
  if (!deals.ok) return usageError(deals.error.message, SOLVE_USAGE);
  if (!nodes.ok) return usageError(nodes.error.message, SOLVE_USAGE);
  const showDeal = intFlag(args, 'show', -1, 0);
  if (!showDeal.ok) return usageError(showDeal.error.message, SOLVE_USAGE);
  const seed = flag(args, 'seed') ?? 'solve';
  const tilesText = flag(args, 'tiles');
  let tiles: unknown = null;
  if (tilesText !== undefined) {
    try {
      tiles = JSON.parse(tilesText);
    } catch {
      return usageError('--tiles takes a JSON list like ["R6Y7B7","R8B1Y9",...].', SOLVE_USAGE);
    }
  }
  const counts = { win: 0, loss: 0, unknown: 0 };
  let totalNodes = 0;
  let maxNodes = 0;
  const bar = new ProgressBar(
    deals.value,
    `solving ${mode}`,
    process.stderr.isTTY === true && !hasFlag(args, 'no-progress'),
  );
  const t0 = performance.now();
  for (let d = 0; d < deals.value; d++) {
    const setup = matchet.setup({
      players: 1,
      seed: `${seed}:${d}`,
      options: tiles === null ? { mode } : { mode, tiles: tiles as never },
    });
    if (!setup.ok) {
      bar.finish();
      console.error(`${setup.error.code}: ${setup.error.message}`);
      return 2;
    }
    const r = solveMatchet(setup.value, { maxNodes: nodes.value });
    counts[r.status]++;
    totalNodes += r.nodes;
    maxNodes = Math.max(maxNodes, r.nodes);
    if (showDeal.value === d) {
      bar.finish();
      console.log(`deal ${d} (seed "${seed}:${d}"): ${r.status}`);
      if (r.line) console.log(r.line.map((a) => matchet.formatAction(a)).join(' '));
    }
    bar.update(d + 1);
  }
  bar.finish();
  const seconds = (performance.now() - t0) / 1000;
  const n = deals.value;
  const share = (k: number) => (n === 0 ? 0 : (100 * k) / n);
  const summary = {
    game: 'matchet',
    mode,
    deals: n,
    seed,
    winnable: counts.win,
    unwinnable: counts.loss,
    unknown: counts.unknown,
    nodeBudget: nodes.value,
    averageNodes: n === 0 ? 0 : totalNodes / n,
    maxNodes,
    seconds,
    dealsPerSecond: seconds > 0 ? n / seconds : 0,
  };
  if (hasFlag(args, 'json')) {
    console.log(JSON.stringify(summary));
    return 0;
  }
  console.log(
    `MATCHET ${mode === 'stacks' ? 'Solitaire B (six stacks)' : 'Solitaire A (reserve)'}: ${n} deals, seed "${seed}"`,
  );
  console.log(
    `  winnable    ${String(counts.win).padStart(6)}  ${share(counts.win).toFixed(1).padStart(5)}%`,
  );
  console.log(
    `  unwinnable  ${String(counts.loss).padStart(6)}  ${share(counts.loss).toFixed(1).padStart(5)}%`,
  );
  console.log(
    `  unknown     ${String(counts.unknown).padStart(6)}  ${share(counts.unknown).toFixed(1).padStart(5)}%  (budget ${nodes.value} positions)`,
  );
  console.log(
    `  ${summary.averageNodes.toFixed(0)} positions per deal on average, at most ${maxNodes}; ${summary.dealsPerSecond.toFixed(1)} deals/s`,
  );
  return 0;
}
