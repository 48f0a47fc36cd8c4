/**
 * Before the browser tests' workers start: find (and on the first run unpack) the Chromium they
 * drive, once, and say which one it is.
 */
import { findChromium } from '../../scripts/chromium.ts';

export default async function setup(): Promise<void> {
  const { path, source } = await findChromium();
  console.log(`browser tests: Chromium from ${source} (${path})`);
}
