import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { serviceWorker } from './scripts/pwa.ts';

// The web app builds to packages/web/dist, which the server serves. The workspace packages
// resolve to their TypeScript sources (the "matchbox-source" export condition), so the web build
// does not wait for their dist/.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // serviceWorker(): the installable app's sw.js and icons (docs/web.md, "Offline").
  plugins: [react(), serviceWorker()],
  // The local table's worker imports the engine and the bots (code-split, so ES modules).
  worker: { format: 'es' },
  resolve: { conditions: ['matchbox-source', 'module', 'browser', 'development|production'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 600,
  },
  // `npx vite packages/web` while the server runs (npm start): the API and the live updates go to it.
  server: {
    fs: { allow: ['../..'] },
    proxy: {
      '/api': process.env.MATCHBOX_SERVER ?? 'http://127.0.0.1:8080',
      '/socket.io': { target: process.env.MATCHBOX_SERVER ?? 'http://127.0.0.1:8080', ws: true },
    },
  },
});
