/**
 * The packages as they ship: the `matchbox` command and its bench workers running the built
 * JavaScript in plain node (no TypeScript loader), the engine's built entry and types as a library
 * user gets them, and what `npm pack` would publish of the engine. It tests the build, so it runs
 * after it, in `npm run check` (`npm run test:package`), not in `npm test`.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { GAMES, getGame, Rng } from '@matchbox/engine';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const PACKAGES = ['engine', 'bots', 'cli'];

function newestIn(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestIn(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** A package's build is stale when a source file is newer than its last build (dist/.tsbuildinfo). */
function stale(pkg: string): boolean {
  const info = join(root, 'packages', pkg, 'dist', '.tsbuildinfo');
  return !existsSync(info) || newestIn(join(root, 'packages', pkg, 'src')) > statSync(info).mtimeMs;
}

function run(command: string, args: string[], cwd = root): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 240_000 });
}

/** The ```ts block of a markdown file. */
function tsBlock(file: string): string {
  const block = /```ts\n([\s\S]*?)```/.exec(readFileSync(join(root, file), 'utf8'));
  if (!block) throw new Error(`no ts example in ${file}`);
  return block[1]!;
}

beforeAll(() => {
  // This file judges the build, never makes one: `npm run check` builds first, then runs it
  // (`npm run test:package`); alone, `npm run build` first.
  for (const pkg of PACKAGES)
    expect(stale(pkg), `packages/${pkg}/dist is missing or stale: run \`npm run build\` first`).toBe(false);
});

describe('the matchbox command', () => {
  const ids = GAMES.map((g) => g.meta.id);

  it('runs the built CLI in plain node and lists the four games', () => {
    const out = run(process.execPath, ['packages/cli/bin/matchbox.js', 'games']);
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    expect(ids).toEqual(['matchmaster', 'match', 'matchet', 'sweet16']);
    for (const id of ids) expect(out.stdout).toMatch(new RegExp(`^${id} `, 'm'));
  });

  it('is installed as node_modules/.bin/matchbox (what npx runs), an executable with a shebang', () => {
    const bin = join(root, 'node_modules', '.bin', 'matchbox');
    expect(existsSync(bin), 'npm install links the workspace bin').toBe(true);
    const out = run(bin, ['help']);
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(/^usage: matchbox <command>/m);
  });

  it('reports an unknown command with the usage and exit code 2', () => {
    const out = run(process.execPath, ['packages/cli/bin/matchbox.js', 'frobnicate']);
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(/Unknown command "frobnicate"/);
  });

  it('benchmarks in worker threads that load the built JavaScript', () => {
    const out = run(process.execPath, [
      'packages/cli/bin/matchbox.js',
      'bench',
      '--game',
      'matchet',
      '--seconds',
      '0.05',
      '--json',
    ]);
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    const figures = out.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { game: string; metric: string; value: number });
    expect(figures.find((f) => f.metric === 'games_per_s')?.value).toBeGreaterThan(0);
    expect(figures.every((f) => f.game === 'matchet')).toBe(true);
  });
});

describe('@matchbox/engine as a library', () => {
  const example = tsBlock('packages/engine/README.md');

  it("shows the root README's example", () => {
    expect(example).toBe(tsBlock('README.md'));
  });

  it('imports from its built entry in plain node and plays the README example like the sources', () => {
    const js = ts.transpileModule(example, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    const script = `${js}\nconsole.log(JSON.stringify({ entry: import.meta.resolve('@matchbox/engine'), result: game.result(state) }));`;
    const out = run(process.execPath, ['--input-type=module', '-e', script]);
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    const last = JSON.parse(out.stdout.trim().split('\n').at(-1)!);
    expect(last.entry).toMatch(/\/packages\/engine\/dist\/index\.js$/);

    // The same game from the TypeScript sources.
    const game = getGame('matchmaster')!;
    const setup = game.setup({ players: 4, seed: 'readme' });
    if (!setup.ok) throw new Error(setup.error.message);
    const state = setup.value;
    const rng = Rng.fromSeed('moves');
    while (!game.isOver(state)) {
      const seat = game.toAct(state)[0]!;
      const legal = game.legalActions(state, seat);
      game.applyInPlace(state, seat, legal[rng.int(legal.length)]);
    }
    expect(last.result).toEqual(JSON.parse(JSON.stringify(game.result(state))));
    expect(last.result.scores).toHaveLength(4);
  });

  it('types the README example through its exports, from dist/index.d.ts', () => {
    // A library user's file: strict, Node's ESM resolution, no source condition.
    const file = join(root, 'packages', 'cli', 'test', 'consumer.ts');
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      types: ['node'],
    };
    const base = ts.createCompilerHost(options);
    const host: ts.CompilerHost = {
      ...base,
      fileExists: (f) => f === file || base.fileExists(f),
      readFile: (f) => (f === file ? example : base.readFile(f)),
      getSourceFile: (f, v, ...rest) =>
        f === file ? ts.createSourceFile(f, example, v) : base.getSourceFile(f, v, ...rest),
    };
    const program = ts.createProgram([file], options, host);
    const errors = ts
      .getPreEmitDiagnostics(program, program.getSourceFile(file))
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(errors).toEqual([]);
    const resolved = ts.resolveModuleName('@matchbox/engine', file, options, host);
    expect(resolved.resolvedModule?.resolvedFileName).toMatch(/\/packages\/engine\/dist\/index\.d\.ts$/);
  });

  it('packs dist, the sources for the maps and the README, and no tests', () => {
    const out = run(
      'npm',
      ['pack', '--dry-run', '--json', '--ignore-scripts'],
      join(root, 'packages', 'engine'),
    );
    expect(out.status).toBe(0);
    const [pack] = JSON.parse(out.stdout) as [{ name: string; files: { path: string }[] }];
    const files = pack.files.map((f) => f.path);
    expect(pack.name).toBe('@matchbox/engine');
    for (const f of [
      'dist/index.js',
      'dist/index.d.ts',
      'dist/harness/index.js',
      'README.md',
      'package.json',
    ])
      expect(files).toContain(f);
    expect(files.filter((f) => !/^(dist|src)\/|^(README\.md|package\.json)$/.test(f))).toEqual([]);
    expect(files.filter((f) => /tsbuildinfo|\.test\./.test(f))).toEqual([]);
    // Every export target is in the package.
    const manifest = JSON.parse(readFileSync(join(root, 'packages', 'engine', 'package.json'), 'utf8'));
    const targets = (e: unknown): string[] =>
      typeof e === 'string' ? [e] : Object.values(e as object).flatMap(targets);
    const exported = targets(manifest.exports);
    expect(exported).toContain('./dist/index.d.ts');
    for (const t of exported) expect(files).toContain(t.slice(2));
  });
});
