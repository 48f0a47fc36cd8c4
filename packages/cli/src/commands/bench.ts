/**
 * `matchbox bench` (npm run bench): random-playout throughput per game on one thread, complete
 * games per second (every deal included) and actions per second. `--json` prints one object per
 * line: {"game","players","label","metric","value"}.
 */
import { benchBots } from '@matchbox/bots';
import { Rng, getGame } from '@matchbox/engine';
import { randomPlayout } from '@matchbox/engine/harness';
import { flag, hasFlag, parseArgs } from '../args';
import { BENCH_CASES, type BenchCase } from '../bench-cases';

export interface BenchFigure {
  readonly game: string;
  readonly players: number;
  readonly label: string;
  readonly metric: string;
  readonly value: number;
}

/** Benchmark sources beyond random playouts: each returns its figures. */
export const EXTRA_BENCHES: Array<(seconds: number, only?: string) => BenchFigure[]> = [benchBots];

export function benchCase(c: BenchCase, seconds: number): BenchFigure[] {
  const game = getGame(c.game);
  if (!game) throw new Error(`unknown game ${c.game}`);
  const rng = Rng.fromSeed(`bench:${c.game}`);
  const run = (ms: number) => {
    let games = 0;
    let actions = 0;
    const start = performance.now();
    let now = start;
    while (now - start < ms) {
      for (let k = 0; k < 10; k++) {
        const setup = game.setup({
          players: c.players,
          seed: `b${games}`,
          ...(c.options ? { options: c.options } : {}),
        });
        if (!setup.ok) throw new Error(`${c.game}: ${setup.error.message}`);
        actions += randomPlayout(game, setup.value, rng);
        games++;
      }
      now = performance.now();
    }
    return { games, actions, ms: now - start };
  };
  run(Math.min(500, seconds * 250)); // warm-up: let the JIT settle
  const r = run(seconds * 1000);
  const base = { game: c.game, players: c.players, label: c.label };
  return [
    { ...base, metric: 'games_per_s', value: Math.round((r.games * 1000) / r.ms) },
    { ...base, metric: 'actions_per_s', value: Math.round((r.actions * 1000) / r.ms) },
    { ...base, metric: 'actions_per_game', value: Math.round(r.actions / r.games) },
  ];
}

export async function benchCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (hasFlag(args, 'help')) {
    console.log('usage: matchbox bench [--game <id>] [--seconds S] [--json]');
    return 0;
  }
  const only = flag(args, 'game');
  const seconds = Number(flag(args, 'seconds') ?? '2');
  const json = hasFlag(args, 'json');
  const cases = BENCH_CASES.filter((c) => !only || c.game === only);
  if (only && !getGame(only)) {
    console.error(`Unknown game "${only}".`);
    return 2;
  }
  const print = (f: BenchFigure) => {
    if (json) console.log(JSON.stringify(f));
    else
      console.log(
        `${f.game.padEnd(12)} ${f.label.padEnd(22)} ${f.metric.padEnd(22)} ${f.value.toLocaleString('en-US').padStart(14)}`,
      );
  };
  if (!json) console.log(`matchbox bench: one thread, ${seconds}s per case (node ${process.version})`);
  for (const c of cases) for (const f of benchCase(c, seconds)) print(f);
  for (const extra of EXTRA_BENCHES) for (const f of extra(seconds, only)) print(f);
  await Promise.resolve();
  return 0;
}
