/**
 * Where the test suite's time goes: runs `vitest run` (any arguments are passed on, e.g.
 * `--project e2e` or a path) with vitest's JSON report beside the usual output, then lists the
 * slowest test files with their project and test count, the wall time of the whole run and the
 * machine's load (a loaded machine stretches every figure).
 *
 *   npm run test:slowest                     # the whole suite, the 10 slowest files
 *   npm run test:slowest -- --top 25 packages/server
 *   npm run test:slowest -- --from report.json   # only list, from an earlier JSON report
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';

interface FileResult {
  readonly name: string;
  readonly startTime: number;
  readonly endTime: number;
  readonly status: string;
  readonly assertionResults: readonly { readonly status: string }[];
}

const args = process.argv.slice(2);
const take = (flag: string): string | undefined => {
  const i = args.indexOf(flag);
  if (i < 0) return undefined;
  const [value] = args.splice(i, 2).slice(1);
  return value;
};
const top = Number(take('--top') ?? 10);
const from = take('--from');

const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

let status = 0;
let report = from;
let dir: string | undefined;
let wall: number | undefined;
const loadBefore = load();
if (!report) {
  dir = mkdtempSync(join(tmpdir(), 'matchbox-slowest-'));
  report = join(dir, 'report.json');
  const started = Date.now();
  const run = spawnSync(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...args,
    ],
    { stdio: 'inherit' },
  );
  wall = (Date.now() - started) / 1000;
  status = run.status ?? 1;
}
const files = (JSON.parse(readFileSync(report, 'utf8')) as { testResults: FileResult[] }).testResults;
if (dir) rmSync(dir, { recursive: true, force: true });
const rows = files
  .map((f) => ({
    file: relative(process.cwd(), f.name),
    seconds: (f.endTime - f.startTime) / 1000,
    tests: f.assertionResults.length,
    status: f.status,
  }))
  .sort((a, b) => b.seconds - a.seconds);
const total = rows.reduce((s, r) => s + r.seconds, 0);
console.log(
  `\nThe ${Math.min(top, rows.length)} slowest of ${rows.length} test files (seconds in their worker):`,
);
for (const r of rows.slice(0, top))
  console.log(
    `${r.seconds.toFixed(1).padStart(7)} s  ${String(r.tests).padStart(3)} tests  ${r.file}${r.status === 'passed' ? '' : `  (${r.status})`}`,
  );
console.log(`${total.toFixed(1).padStart(7)} s  in all the files together`);
if (wall !== undefined) console.log(`${wall.toFixed(1).padStart(7)} s  wall time of the run`);
console.log(`load average (1, 5, 15 min): ${loadBefore} before, ${load()} after`);
process.exit(status);
