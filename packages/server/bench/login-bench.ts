/**
 * `npm run bench:login [-- --tries 60]`
 *
 * How long a failed log-in takes for a name that exists (a wrong password) and for one that does
 * not: the two must not tell which names exist (docs/server.md, "Accounts, ratings and slow
 * games"). A real server (SQLite, one node) on loopback; the tries alternate between the two
 * kinds, one at a time, each from a loopback address of its own (127.0.x.y) so that no limit
 * refuses it, the existing names spread over ten accounts and every missing name new, so that no
 * name's slowdown starts (it starts after 20 failures). Reports the median, p90 and mean of each
 * kind in ms, their ratio, and the machine's load average.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { configFromEnv } from '../src/config.ts';
import { startServer } from '../src/server.ts';

const { values } = parseArgs({ options: { tries: { type: 'string', default: '60' } } });
const tries = Math.max(10, Number(values.tries));

function post(port: number, path: string, body: unknown, from: string): Promise<number> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))]!;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

const dataDir = mkdtempSync(join(tmpdir(), 'matchbox-login-bench-'));
const server = await startServer(
  { ...configFromEnv({}), port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent', botThreads: 1 },
  { log: pino({ level: 'silent' }) },
);
try {
  const accounts = Array.from({ length: 10 }, (_, i) => `bench${i}`);
  for (const [i, name] of accounts.entries())
    await post(
      server.port,
      '/api/account/signup',
      { name, password: 'correct horse battery' },
      `127.0.200.${i + 1}`,
    );
  const times = { existing: [] as number[], missing: [] as number[] };
  let address = 0;
  const from = () => {
    address++;
    return `127.0.${1 + Math.floor(address / 250)}.${(address % 250) + 1}`;
  };
  // One warm-up of each kind (the first missing name makes the dummy hash).
  await post(server.port, '/api/account/login', { name: 'warmup-nobody', password: 'x' }, from());
  await post(server.port, '/api/account/login', { name: accounts[0], password: 'x' }, from());
  for (let i = 0; i < tries; i++) {
    for (const kind of i % 2 === 0
      ? (['existing', 'missing'] as const)
      : (['missing', 'existing'] as const)) {
      const name = kind === 'existing' ? accounts[i % accounts.length]! : `nobody${i}`;
      const started = performance.now();
      const status = await post(server.port, '/api/account/login', { name, password: `wrong ${i}` }, from());
      times[kind].push(performance.now() - started);
      if (status !== 401) throw new Error(`a try was answered ${status}, not 401`);
    }
  }
  const row = (kind: 'existing' | 'missing') =>
    `${kind.padEnd(9)} median ${quantile(times[kind], 0.5).toFixed(1)} ms, p90 ${quantile(times[kind], 0.9).toFixed(1)} ms, mean ${mean(times[kind]).toFixed(1)} ms`;
  console.log(`${tries} failed log-ins of each kind, alternating, one at a time`);
  console.log(row('existing'));
  console.log(row('missing'));
  console.log(
    `missing / existing: median ${(quantile(times.missing, 0.5) / quantile(times.existing, 0.5)).toFixed(3)}, mean ${(mean(times.missing) / mean(times.existing)).toFixed(3)}`,
  );
  console.log(
    `load average: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
