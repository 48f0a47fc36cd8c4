/**
 * Before the browser tests' workers start, once per run: the web app built when stale, and ONE
 * headless Chromium (playwright-core's browser server) that every test file connects to
 * (`inject('chromiumWs')` in harness.ts), instead of a browser launched per file. A file's
 * contexts are its own (cookies, storage), so files share the process and nothing else.
 */
import type { TestProject } from 'vitest/node';
import { ensureWebBuilt } from '../../scripts/build.ts';
import { launchChromiumServer } from '../../scripts/chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's WebSocket endpoint (playwright-core's `chromium.connect`). */
    chromiumWs: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await ensureWebBuilt({ quiet: true });
  const { browser, found } = await launchChromiumServer();
  console.log(`browser tests: Chromium from ${found.source} (${found.path}), one for the run`);
  project.provide('chromiumWs', browser.wsEndpoint());
  return async () => {
    await browser.close();
  };
}
