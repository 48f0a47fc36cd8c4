/**
 * `npm run bench:web`: how fast the site is on a phone network, measured (not asserted) in
 * Chromium against the real server with the production build (brotli by Accept-Encoding). The
 * network is throttled through the DevTools protocol to 1.6 Mbit/s down, 750 kbit/s up and 150 ms
 * round trips ("slow 4G"), the CPU 4 times slower (a mid-range phone; `--cpu 1` for none), the
 * cache empty each run. Run it on a quiet machine: the CPU slowdown multiplies any load.
 * Measured, as the median of `--runs` runs (5 by default):
 * - the lobby: from the navigation until "Play now" can be pressed;
 * - a table: from opening a MatchMaster table in a seat (the invite-link case, cache empty) until
 *   the board offers its first choice (a bid button);
 * and the bytes on the wire for each (encodedDataLength). The target for a playable table is
 * 2.5 s. `--json` prints the figures as JSON.
 */
import type { CDPSession, Page } from 'playwright-core';
import { startE2E } from '../test/e2e/harness.ts';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 5;
const json = args.includes('--json');

const PROFILE = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CPU_SLOWDOWN = args.includes('--cpu') ? Number(args[args.indexOf('--cpu') + 1]) || 1 : 4;

async function throttle(page: Page): Promise<{ cdp: CDPSession; bytes: () => number }> {
  const cdp = await page.context().newCDPSession(page);
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PROFILE });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { cdp, bytes: () => bytes };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const e2e = await startE2E();
try {
  const lobby: { ms: number; bytes: number }[] = [];
  const table: { ms: number; bytes: number }[] = [];
  for (let i = 0; i < runs; i++) {
    {
      const page = await e2e.newPage('phone');
      const wire = await throttle(page);
      const start = Date.now();
      await page.goto(`${e2e.url}/`);
      await page.waitForSelector('[data-mode="matchmaster"]:not([disabled])');
      lobby.push({ ms: Date.now() - start, bytes: wire.bytes() });
      await page.context().close();
    }
    {
      const { ticket } = await e2e.createTable({
        game: 'matchmaster',
        players: 4,
        botLevel: 'easy',
        name: 'Ada',
      });
      const page = await e2e.newPage('phone');
      // The seat's ticket is stored without loading the app (an empty page of the same origin).
      await page.route(`${e2e.url}/blank`, (route) => route.fulfill({ body: '', contentType: 'text/html' }));
      await page.goto(`${e2e.url}/blank`);
      await page.evaluate((t) => localStorage.setItem('matchbox.tickets', JSON.stringify([t])), ticket!);
      const wire = await throttle(page);
      const start = Date.now();
      await page.goto(`${e2e.url}/t/${ticket!.tableId}`);
      await page.waitForSelector('.mm-board [data-action]:not([disabled])', { timeout: 60_000 });
      table.push({ ms: Date.now() - start, bytes: wire.bytes() });
      await page.context().close();
    }
  }
  const result = {
    profile: { ...PROFILE, cpuSlowdown: CPU_SLOWDOWN },
    runs,
    lobbyMs: median(lobby.map((r) => r.ms)),
    lobbyBytes: median(lobby.map((r) => r.bytes)),
    tableMs: median(table.map((r) => r.ms)),
    tableBytes: median(table.map((r) => r.bytes)),
    targetTableMs: 2500,
  };
  if (json) console.log(JSON.stringify(result));
  else {
    console.log(
      `phone profile: 1.6 Mbit/s down, 750 kbit/s up, 150 ms RTT, CPU x${CPU_SLOWDOWN}; median of ${runs} runs, cache empty`,
    );
    console.log(
      `lobby ready (Play now):   ${result.lobbyMs} ms, ${(result.lobbyBytes / 1000).toFixed(1)} kB on the wire`,
    );
    console.log(
      `table playable (a bid):   ${result.tableMs} ms, ${(result.tableBytes / 1000).toFixed(1)} kB on the wire (target 2500 ms)`,
    );
  }
} finally {
  await e2e.close();
}
