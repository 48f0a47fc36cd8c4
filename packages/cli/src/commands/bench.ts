/**
 * `matchbox bench` (npm run bench): random-playout throughput per game on one thread, complete
 * games per second (every deal included) and actions per second, then the bots' search speed.
 * Each case runs in a fresh worker thread, one after another, so that cases do not disturb each
 * other's JIT. `--json` prints one object per line: {"game","players","label","metric","value"}.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { getGame } from '@matchbox/engine';
import { flag, hasFlag, parseCommandLine, positiveFlag, usageError } from '../args.ts';
import { BENCH_CASES } from '../bench-cases.ts';
import type { BenchFigure } from './bench-case.ts';

export { benchCase } from './bench-case.ts';
export type { BenchFigure } from './bench-case.ts';

/**
 * The workers run the built JavaScript in a plain isolate, with no TypeScript loader: this file's
 * neighbour in dist/, or, when this file runs from its TypeScript source (npm run matchbox, tests),
 * the last build's (npm run bench builds first).
 */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER = new URL(
  FROM_SOURCE ? '../../dist/commands/bench-worker.js' : './bench-worker.js',
  import.meta.url,
);

function inWorker(job: unknown): Promise<BenchFigure[]> {
  return new Promise((resolve, reject) => {
    // execArgv: [] leaves out the parent's loader and source conditions (tsx, --conditions).
    const worker = new Worker(WORKER, { workerData: job, execArgv: [] });
    worker.once('message', (figures: BenchFigure[]) => resolve(figures));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`benchmark worker exited with code ${code}`));
    });
  });
}

const BENCH_USAGE = 'usage: matchbox bench [--game <id>] [--seconds S] [--json]';

export async function benchCommand(argv: string[]): Promise<number> {
  const parsed = parseCommandLine(argv, { values: ['game', 'seconds'], switches: ['json'] });
  if (!parsed.ok) return usageError(parsed.error.message, BENCH_USAGE);
  const args = parsed.value;
  if (hasFlag(args, 'help')) {
    console.log(BENCH_USAGE);
    return 0;
  }
  const only = flag(args, 'game');
  const json = hasFlag(args, 'json');
  if (only && !getGame(only)) return usageError(`Unknown game "${only}".`, BENCH_USAGE);
  const time = positiveFlag(args, 'seconds', 2);
  if (!time.ok) return usageError(time.error.message, BENCH_USAGE);
  const seconds = time.value;
  if (!existsSync(fileURLToPath(WORKER))) {
    console.error('The benchmark runs the built JavaScript: run `npm run build` first (or `npm run bench`).');
    return 1;
  }
  const print = (f: BenchFigure) => {
    if (json) console.log(JSON.stringify(f));
    else
      console.log(
        `${f.game.padEnd(12)} ${f.label.padEnd(22)} ${f.metric.padEnd(22)} ${f.value.toLocaleString('en-US').padStart(14)}`,
      );
  };
  if (!json)
    console.log(
      `matchbox bench: one thread, ${seconds}s per case, each case in a fresh worker (node ${process.version})` +
        (FROM_SOURCE
          ? '\nThe workers run the last build (packages/*/dist): `npm run bench` builds first.'
          : ''),
    );
  for (const c of BENCH_CASES.filter((bc) => !only || bc.game === only)) {
    for (const f of await inWorker({ kind: 'case', case: c, seconds })) print(f);
  }
  for (const f of await inWorker({ kind: 'bots', seconds, ...(only ? { only } : {}) })) print(f);
  return 0;
}
