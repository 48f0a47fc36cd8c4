import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { defineConfig } from 'vitest/config';
import InterleavingSequencer from './scripts/test-sequencer.ts';

// Tests run the TypeScript sources: the workspace packages resolve through their "matchbox-source"
// export condition (src/), not through the built dist/. Vite's default conditions follow it, for
// node tests (ssr) and browser-like ones (client).
const source = 'matchbox-source';

const E2E = 'packages/web/test/e2e';
const PACKAGE_TEST = 'packages/cli/test/package.test.ts';

/**
 * Node test files that only the soak runs (`npm run test:soak:*`, `--mode soak`), left out of
 * `npm test` altogether so that not even their imports cost it anything: floods, several server
 * processes at once, statistics over many analyses.
 */
const SOAK_ONLY = [
  'packages/server/test/login-soak.test.ts',
  'packages/server/test/cluster.test.ts',
  'packages/server/test/nodes.test.ts',
  'packages/server/test/pairing-soak.test.ts',
  'packages/server/test/push.test.ts',
  'packages/server/test/stand-ins-cluster.test.ts',
  'packages/server/test/spectators-cluster.test.ts',
  'packages/server/test/idle-tables-cluster.test.ts',
  'packages/bots/test/analysis-seeds.test.ts',
  // The server killed with SIGKILL and started again from the sources, several times in one game.
  'packages/server/test/crash.test.ts',
  // The lab's bot tournaments: research on the bots, not the product.
  'packages/lab/test/arena.test.ts',
];

/**
 * The node test files of the long run, `npm run test:soak`, which runs them in one vitest run with
 * the engine's (`--project engine --project soak`): the server's floods, kills and clusters mostly
 * wait on their server processes, so they run while the engine's playouts compute, not after them.
 * They are SOAK_ONLY's and these, which `npm test` runs at a lower strength (fewer property runs,
 * the expert asked only the close calls) or skips there. In the soak the `node` project leaves
 * every one of them to the `soak` project. The `test:soak:server`, `:analysis` and `:bots` scripts
 * run a part of them (`--project soak` and a path).
 */
const SOAK_NODE = [
  ...SOAK_ONLY,
  'packages/server/test/hostile.test.ts',
  'packages/server/test/chat-order.test.ts',
  'packages/server/test/events-cluster.test.ts',
  'packages/bots/test/matchmaster.test.ts',
];

/** A project of test files: its name, which files, and its own settings. */
function tier(
  name: string,
  include: string[],
  exclude: string[],
  settings: NonNullable<TestProjectInlineConfiguration['test']>,
): TestProjectInlineConfiguration {
  return { extends: true, test: { name, include, exclude, ...settings } };
}

/** A project of node tests: the server's services found once per run, modules shared per worker. */
const nodeTier = (name: string, include: string[], exclude: string[] = []) =>
  tier(name, include, exclude, {
    // PostgreSQL and Redis for the storage and cluster tests, found once per run.
    globalSetup: ['packages/server/test/services-setup.ts'],
    isolate: false,
    // A stubbed global never outlives its test, whatever file comes next in the worker.
    unstubGlobals: true,
  });

/** A project of browser tests (Chromium through playwright-core against a real server, in node). */
const browserTier = (name: string, include: string[], exclude: string[] = []) =>
  tier(name, include, exclude, {
    globalSetup: [`${E2E}/global-setup.ts`],
    // A page's answer goes through the server and Chromium, which share the cores with the run's
    // other files: `expect.poll` waits up to 15 s for it (vitest's default is 1 s, which a page
    // missed on a loaded machine while the soak ran beside it), still failing on a wrong answer.
    expect: { poll: { timeout: 15_000 } },
  });

// `npm test` runs the default suite; `npm run test:soak` (`vitest run --mode soak`, or
// MATCHBOX_SOAK=1) the soak: ten times the harness playouts and property-test runs.
export default defineConfig(({ mode }) => {
  const soak = mode === 'soak' || process.env.MATCHBOX_SOAK === '1';
  return {
    resolve: { conditions: [source, 'module', 'browser', 'development|production'] },
    ssr: { resolve: { conditions: [source, 'module', 'node', 'development|production'] } },
    test: {
      // The engine's tests; the node tests of the other packages (and the soak's among them); the
      // web components in jsdom; the web's browser tests in three tiers (package.json says which
      // command runs which projects). The engine's tests are pure (no mocks, timers or globals), so a
      // worker keeps the engine loaded from one file to the next instead of importing it again
      // for each: a fifth less CPU for the engine's files. The node tests share their workers'
      // modules too: each server a file starts is its own (its stores, limits, timers and
      // threads live in the value `startServer` returns, and `close` ends them; the server's
      // module-level maps are memos and weak maps), so importing the server, engine and bots
      // once per worker rather than once per file saves about a second of CPU per file; the
      // files that stub a global or fake timers undo it after each test. The other projects
      // keep their isolation: the web's jsdom files because the app's modules cache what they
      // fetched (and a file stubs fetch), and the browser tests because without it vitest runs a
      // project's files one after another in a single worker, and theirs mostly wait.
      projects: [
        {
          extends: true,
          test: { name: 'engine', include: ['packages/engine/test/**/*.test.ts'], isolate: false },
        },
        // The built packages' test runs after the build, in `npm run test:package`.
        // In the soak, the soak's node files run in the `soak` project only, at the soak's strength.
        nodeTier(
          'node',
          ['packages/*/test/**/*.test.ts'],
          ['packages/web/**', 'packages/engine/**', PACKAGE_TEST, ...(soak ? SOAK_NODE : SOAK_ONLY)],
        ),
        // The soak's node files (SOAK_NODE), in the soak only.
        nodeTier('soak', soak ? SOAK_NODE : []),
        {
          extends: true,
          plugins: [react()],
          test: {
            name: 'web',
            include: ['packages/web/test/**/*.test.{ts,tsx}'],
            exclude: ['packages/web/test/e2e/**'],
            environment: 'jsdom',
            setupFiles: ['packages/web/test/setup.ts'],
          },
        },
        // The packages as they ship (the built dist/): `npm run check` runs it after the build.
        { extends: true, test: { name: 'package', include: [PACKAGE_TEST] } },
        // The browser tests, in three tiers of one kind: each gets the run's one Chromium and the
        // web build from global-setup.ts. `smoke` (a short whole path per game) runs in `npm test`,
        // `e2e` (the rest) in `npm run test:browser`, `a11y` (axe-core over every screen) in
        // `npm run test:a11y`; `npm run check` runs all three.
        browserTier('smoke', [`${E2E}/smoke-*.test.ts`]),
        browserTier('e2e', [`${E2E}/**/*.test.ts`], [`${E2E}/smoke-*.test.ts`, `${E2E}/axe-*.test.ts`]),
        browserTier('a11y', [`${E2E}/axe-*.test.ts`]),
      ],
      // Vitest's default is one worker less than the cores: a single one on two cores. The files
      // are CPU-bound and independent (the long harness playouts are split over several), and
      // the main process mostly waits, so every core runs a worker.
      // MATCHBOX_WORKERS sets another count for a run (`npm run check` runs its mostly waiting
      // browser files with the others, on twice as many workers as cores); vitest's own
      // --maxWorkers does not reach the projects, which take this value.
      maxWorkers: Number(process.env.MATCHBOX_WORKERS) || Math.max(2, availableParallelism()),
      // The browser tests, which mostly wait, spread through the files that compute.
      sequence: { sequencer: InterleavingSequencer },
      // `npm run test:slowest` records each file's CPU (file-cpu.ts, file-cost-reporter.ts).
      setupFiles: process.env.MATCHBOX_FILE_COSTS ? ['scripts/file-cpu.ts'] : [],
      testTimeout: soak ? 1_800_000 : 120_000,
      hookTimeout: 120_000,
      // The terminal speaks the locale's language; tests read its English whatever the machine's.
      env: soak ? { MATCHBOX_SOAK: '1', MATCHBOX_LANG: 'en' } : { MATCHBOX_LANG: 'en' },
    },
  };
});
