/**
 * Before the browser tests' workers start, once per run: the web app built when stale, ONE
 * headless Chromium (playwright-core's browser server) and ONE matchbox server process
 * (shared-server.ts) that every test file connects to (`inject` in harness.ts), instead of a
 * browser and a server per file. A file's browser contexts (cookies, storage) and tables are its
 * own, so files share the processes and nothing else; a file that stops or restarts its server
 * starts one of its own (`startE2E({ ownServer: true })`).
 */
import type { TestProject } from 'vitest/node';
import { ensureWebBuilt } from '../../scripts/build.ts';
import { launchChromiumServer } from '../../scripts/chromium.ts';
import { startSharedServer } from './shared-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's WebSocket endpoint (playwright-core's `chromium.connect`). */
    chromiumWs: string;
    /** The shared server's address. */
    serverUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await ensureWebBuilt({ quiet: true });
  const [{ browser, found }, server] = await Promise.all([launchChromiumServer(), startSharedServer()]);
  console.log(`browser tests: Chromium from ${found.source} (${found.path}) and a server at ${server.url}`);
  project.provide('chromiumWs', browser.wsEndpoint());
  project.provide('serverUrl', server.url);
  return async () => {
    await Promise.all([browser.close(), server.stop()]);
  };
}
