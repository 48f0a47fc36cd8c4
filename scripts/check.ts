/**
 * The release gate, `npm run check`: every static check and every test tier, stopping at the first
 * that fails. The three static checks (format, lint, types) each run on one core and read the
 * sources only, so they run side by side (on two cores about half their time one after another);
 * each one's output is printed whole when it ends, under its name. The build then writes `dist/`,
 * and the tiers run one after another, each spreading its own files over the cores.
 *
 *   npm run check
 */
import { spawn } from 'node:child_process';

interface Step {
  readonly script: string;
}

interface Outcome {
  readonly script: string;
  readonly code: number;
  readonly seconds: number;
  readonly output: string;
}

/** Checks that read the sources and write nothing: run together. */
const SIDE_BY_SIDE: readonly Step[] = [
  { script: 'format:check' },
  { script: 'lint' },
  { script: 'typecheck' },
];

/** Then, one at a time: the build, the built packages' test, and the test tiers. */
const IN_TURN: readonly Step[] = [
  { script: 'build' },
  { script: 'test:package' },
  { script: 'test' },
  { script: 'test:browser' },
  { script: 'test:a11y' },
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs one npm script with its output kept, to print whole when it ends. */
function runQuietly(step: Step): Promise<Outcome> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(npm, ['run', '--silent', step.script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    child.stderr.on('data', (d: Buffer) => chunks.push(d));
    child.on('close', (code) =>
      done({
        script: step.script,
        code: code ?? 1,
        seconds: (performance.now() - started) / 1000,
        output: Buffer.concat(chunks).toString(),
      }),
    );
  });
}

/** Runs one npm script with its output shown as it comes. */
function runInView(step: Step): Promise<Outcome> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(npm, ['run', '--silent', step.script], { stdio: 'inherit' });
    child.on('close', (code) =>
      done({
        script: step.script,
        code: code ?? 1,
        seconds: (performance.now() - started) / 1000,
        output: '',
      }),
    );
  });
}

const said = (o: Outcome): string =>
  `${o.script}: ${o.code === 0 ? 'passed' : 'FAILED'} in ${o.seconds.toFixed(0)} s`;

async function main(): Promise<number> {
  console.log(`== ${SIDE_BY_SIDE.map((s) => s.script).join(', ')} (side by side)`);
  const together = await Promise.all(SIDE_BY_SIDE.map(runQuietly));
  for (const o of together) {
    console.log(`\n== ${said(o)}`);
    process.stdout.write(o.output);
  }
  if (together.some((o) => o.code !== 0)) return 1;
  for (const step of IN_TURN) {
    console.log(`\n== ${step.script}`);
    const o = await runInView(step);
    console.log(`== ${said(o)}`);
    if (o.code !== 0) return o.code;
  }
  return 0;
}

process.exitCode = await main();
