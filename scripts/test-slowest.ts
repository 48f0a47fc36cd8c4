/**
 * Where the test suite's time goes: runs `vitest run` (any arguments are passed on, e.g.
 * `--project e2e` or a path; none: what `npm test` runs) with a reporter that records each file's
 * whole cost in its worker (file-cost-reporter.ts: environment, preparation, imports, setup files,
 * tests and hooks), then lists the costliest files with their project, test count and where their
 * time went, the sum over all files, the wall time of the run and the machine's load (a loaded
 * machine stretches every figure).
 *
 *   npm run test:slowest                              # npm test's projects, the 10 costliest files
 *   npm run test:slowest -- --top 25 --project e2e    # the browser tier
 *   npm run test:slowest -- --top 25 packages/server
 *   npm run test:slowest -- --by whole                # by time in the worker, not by CPU
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { FileCost } from './file-cost-reporter.ts';

/** What `npm test` runs (package.json), when no project or file is named. */
const NPM_TEST = ['--project', 'engine', '--project', 'node', '--project', 'web', '--project', 'smoke'];

const args = process.argv.slice(2);
const take = (flag: string): string | undefined => {
  const i = args.indexOf(flag);
  if (i < 0) return undefined;
  const [value] = args.splice(i, 2).slice(1);
  return value;
};
const top = Number(take('--top') ?? 10);
/** Costliest by CPU (default: a loaded machine stretches wall times, not CPU) or by `whole` time. */
const by = take('--by') ?? 'cpu';
const named = args.some((a) => !a.startsWith('-') || a.startsWith('--project'));

const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

const dir = mkdtempSync(join(tmpdir(), 'matchbox-slowest-'));
const report = join(dir, 'costs.json');
const loadBefore = load();
const started = Date.now();
const run = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=./scripts/file-cost-reporter.ts',
    ...(named ? [] : NPM_TEST),
    ...args,
  ],
  { stdio: 'inherit', env: { ...process.env, MATCHBOX_FILE_COSTS: report } },
);
const wall = (Date.now() - started) / 1000;
if (!existsSync(report)) {
  console.error('test:slowest: vitest wrote no report');
  process.exit(run.status ?? 1);
}
const costs = JSON.parse(readFileSync(report, 'utf8')) as FileCost[];
rmSync(dir, { recursive: true, force: true });

const s = (ms: number) => (ms / 1000).toFixed(1).padStart(6);
const rows = costs
  .map((c) => ({ ...c, whole: c.environment + c.prepare + c.imports + c.setup + c.run }))
  .sort((a, b) => (by === 'whole' ? b.whole - a.whole : (b.cpu ?? 0) - (a.cpu ?? 0) || b.whole - a.whole));
const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((t, r) => t + pick(r), 0);
console.log(
  `\nThe ${Math.min(top, rows.length)} costliest of ${rows.length} test files (seconds in their worker; cpu: of its worker process, by which they are sorted):`,
);
console.log(
  `${'whole'.padStart(7)} ${'import'.padStart(6)} ${'tests'.padStart(6)} ${'cpu'.padStart(6)}  tests  file`,
);
const cpu = (r: (typeof rows)[number]) => (r.cpu === null ? '     -' : s(r.cpu));
for (const r of rows.slice(0, top))
  console.log(
    `${s(r.whole)}s ${s(r.imports)} ${s(r.run)} ${cpu(r)}  ${String(r.tests).padStart(5)}  [${r.project}] ${relative(process.cwd(), r.file)}${r.state === 'passed' ? '' : `  (${r.state})`}`,
  );
console.log(
  `${s(sum((r) => r.whole))}s ${s(sum((r) => r.imports))} ${s(sum((r) => r.run))} ${s(sum((r) => r.cpu ?? 0))}` +
    '  in all the files together' +
    ` (environments and setup files ${s(sum((r) => r.environment + r.prepare + r.setup)).trim()} s)`,
);
console.log(`${wall.toFixed(1).padStart(7)}s  wall time of the run`);
console.log(`load average (1, 5, 15 min): ${loadBefore} before, ${load()} after`);
process.exit(run.status ?? 1);
