import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Tests run the TypeScript sources: the workspace packages resolve through their "matchbox-source"
// export condition (src/), not through the built dist/. Vite's default conditions follow it, for
// node tests (ssr) and browser-like ones (client).
const source = 'matchbox-source';

// `npm test` runs the default suite; `npm run test:soak` (`vitest run --mode soak`, or
// MATCHBOX_SOAK=1) the soak: ten times the harness playouts and property-test runs.
export default defineConfig(({ mode }) => {
  const soak = mode === 'soak' || process.env.MATCHBOX_SOAK === '1';
  return {
    resolve: { conditions: [source, 'module', 'browser', 'development|production'] },
    ssr: { resolve: { conditions: [source, 'module', 'node', 'development|production'] } },
    test: {
      include: ['packages/*/test/**/*.test.ts'],
      // Vitest's default is one worker less than the cores: a single one on two cores. The files
      // are CPU-bound and independent (the long harness playouts are split over several), and
      // the main process mostly waits, so every core runs a worker.
      maxWorkers: Math.max(2, availableParallelism()),
      testTimeout: soak ? 1_800_000 : 120_000,
      hookTimeout: 120_000,
      env: soak ? { MATCHBOX_SOAK: '1' } : {},
    },
  };
});
