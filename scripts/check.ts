/**
 * The release gate, `npm run check`: every static check and every test tier, stopping at the first
 * that fails. The three static checks (format, lint, types) each run on one core and read the
 * sources only, so they run side by side (on two cores about half their time one after another);
 * each one's output is printed whole when it ends, under its name. The build then writes `dist/`
 * and the built packages are tested. Last, the tiers `npm test`, `npm run test:browser` and
 * `npm run test:a11y` run as ONE vitest run of all their projects (read from package.json, so a
 * project added to a tier is run here too): the browser files mostly wait (on Chromium, the server,
 * animations and bots), so with twice as many workers as cores they run while the other tiers'
 * files compute (scripts/test-sequencer.ts spreads them through), instead of leaving the cores
 * idle for minutes one tier after another.
 *
 * With `--soak` (what `.ci/run` runs) the soak joins that one run: it runs in soak mode
 * (`--mode soak`, MATCHBOX_SOAK=1) with the `soak` project added, so the engine's playouts are
 * the soak's ten times as many (the usual seeds first, then new ones: `harness-configs.ts`), the
 * node files of SOAK_NODE run once, at the soak's strength, in the `soak` project, and the browser
 * tests that play whole games play them to the end (`test:soak:games`). Nothing of `npm run check`
 * or `npm run test:soak` is left out, and nothing runs twice: the soak's long files that wait on
 * server processes run while the others compute, and one Chromium and one server serve it all.
 *
 *   npm run check [-- --soak]
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

interface Step {
  /** The npm script, or the name said for a command of its own. */
  readonly script: string;
  /** A command run instead of `npm run <script>`. */
  readonly command?: readonly string[];
  /** More environment for the command. */
  readonly env?: Readonly<Record<string, string>>;
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

/** The test tiers that run together, as one vitest run of their projects. */
const TIERS = ['test', 'test:browser', 'test:a11y'] as const;

/** `--soak`: the soak runs in the tiers' one run (see the top of this file). */
const WITH_SOAK = process.argv.slice(2).includes('--soak');

/** The project that holds the soak's node files (vitest.config.ts, SOAK_NODE). */
const SOAK_PROJECT = 'soak';

/**
 * The vitest projects of an npm script (`vitest run --project a --project b`); a script that names
 * none, or says more than its projects, cannot be run as part of one run, so it is an error here.
 */
function projectsOf(script: string, command: string): string[] {
  const words = command.trim().split(/\s+/);
  const projects: string[] = [];
  if (words[0] !== 'vitest' || words[1] !== 'run')
    throw new Error(`${script} is not "vitest run ...": ${command}`);
  for (let i = 2; i < words.length; i += 2) {
    if (words[i] !== '--project' || !words[i + 1])
      throw new Error(`${script} says more than its projects: ${command}`);
    projects.push(words[i + 1]!);
  }
  if (projects.length === 0) throw new Error(`${script} names no project: ${command}`);
  return projects;
}

function tiersRun(): Step {
  const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
    .scripts;
  const projects = [
    ...new Set([
      ...TIERS.flatMap((t) => projectsOf(t, scripts[t] ?? '')),
      ...(WITH_SOAK ? [SOAK_PROJECT] : []),
    ]),
  ];
  return {
    script: [...TIERS, ...(WITH_SOAK ? ['test:soak'] : [])].join(', '),
    command: [
      process.execPath,
      'node_modules/vitest/vitest.mjs',
      'run',
      ...(WITH_SOAK ? ['--mode', 'soak'] : []),
      ...projects.flatMap((p) => ['--project', p]),
    ],
    // vitest.config.ts reads it (vitest's --maxWorkers does not reach the projects).
    env: { MATCHBOX_WORKERS: String(2 * Math.max(2, availableParallelism())) },
  };
}

/** Then, one at a time: the build, the built packages' test, and the test tiers in one run. */
const IN_TURN: readonly Step[] = [{ script: 'build' }, { script: 'test:package' }, tiersRun()];

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
    const [command, ...args] = step.command ?? [npm, 'run', '--silent', step.script];
    const child = spawn(command!, args, { stdio: 'inherit', env: { ...process.env, ...step.env } });
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
    const env = Object.entries(step.env ?? {}).map(([k, v]) => `${k}=${v} `);
    console.log(
      `\n== ${step.script}${step.command ? ` (${env.join('')}${step.command.slice(2).join(' ')})` : ''}`,
    );
    const o = await runInView(step);
    console.log(`== ${said(o)}`);
    if (o.code !== 0) return o.code;
  }
  return 0;
}

process.exitCode = await main();
