import { defineConfig } from 'vitest/config';

// Tests run the TypeScript sources: the workspace packages resolve through their "matchbox-source"
// export condition (src/), not through the built dist/. Vite's default conditions follow it, for
// node tests (ssr) and browser-like ones (client).
const source = 'matchbox-source';

export default defineConfig({
  resolve: { conditions: [source, 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: [source, 'module', 'node', 'development|production'] } },
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
