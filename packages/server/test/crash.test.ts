/**
 * Crash recovery with the real server process: three people (test clients) and a bot play a
 * MatchMaster table while the server is killed with SIGKILL several times (once in the middle of
 * the secret bids; four times in all) and restarted on the same data. Only the soak runs it
 * (`npm run test:soak:server`, which `.ci/run` runs): each restart is a server started afresh.
 * Every game must finish; every action a client was told was committed is in the log exactly
 * once, at its version; and the final views equal those of replaying the log with the engine.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { getGame, parseRecord, replay } from '@matchbox/engine';
import type { TableUpdate } from '@matchbox/client';
import { MatchboxClient } from '@matchbox/client';
import type { Committed } from './autoplay.ts';
import { autoplay } from './autoplay.ts';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });
}

function startProcess(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=matchbox-source', 'packages/server/src/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        // SQLite in its own data folder, also where the run has PostgreSQL and Redis.
        DATABASE_URL: '',
        REDIS_URL: '',
        PORT: String(port),
        MATCHBOX_DATA: dataDir,
        BOT_PACE_MS: '0',
        BOT_THREADS: '1',
        LOG_LEVEL: 'warn',
        SNAPSHOT_EVERY: '7',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return new Promise((done, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`server did not start: ${out}`)), 90_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('matchbox server:')) {
        clearTimeout(timer);
        done(child);
      }
    });
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => fail(new Error(`server exited (${code}): ${out}`)));
  });
}

/**
 * Where in the game (a share of about 60 versions) the server is killed again after the kill in
 * the middle of the bids: each restart costs a server start from the sources (seconds of CPU), so
 * a run outside the soak (the file named to vitest) kills once more, the soak three times.
 */
const SOAK = process.env.MATCHBOX_SOAK === '1';
const KILLS_AT = SOAK ? [0.3, 0.6, 0.85] : [0.5];

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

describe('kill -9 in the middle of a game', () => {
  it('loses no committed action and applies none twice', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'matchbox-crash-'));
    let child = await startProcess(port, dataDir);
    children.push(child);
    const url = `http://127.0.0.1:${port}`;
    const client = new MatchboxClient(url);
    const created = await client.createTable({
      game: 'matchmaster',
      players: 4,
      name: 'P0',
      options: { handSizes: [4, 3, 2, 3] },
      seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'open' }, { kind: 'bot', level: 'easy' }],
    });
    const id = created.table.id;
    const tickets = [
      created.ticket!,
      await client.join(id, { name: 'P1', invite: created.invite }),
      await client.join(id, { name: 'P2', invite: created.invite }),
    ];
    const committed: Committed[] = [];
    const conns = tickets.map((t, seat) => {
      const c = client.connect(id, t.token);
      autoplay(c, seat, `crash:${seat}`, committed, 2000);
      return c;
    });
    await Promise.all(conns.map((c) => c.ready));

    const kill = async (reason: string) => {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      child = await startProcess(port, dataDir);
      children.push(child);
      return reason;
    };
    const kills: string[] = [];
    // Kill mid-bid: some but not all of the second hand's bids are in.
    await conns[0]!.waitFor((u: TableUpdate) => {
      const v = u.view as { hand: number; phase: string; hasBid: boolean[] };
      return v.hand >= 2 && v.phase === 'bid' && v.hasBid.some(Boolean) && !v.hasBid.every(Boolean);
    }, 120_000);
    kills.push(await kill('mid-bid'));
    for (const at of KILLS_AT) {
      const target = Math.floor(at * 60);
      await conns[0]!.waitFor((u) => u.version >= target || u.status === 'finished', 60_000);
      if (conns[0]!.latest!.status === 'finished') break;
      kills.push(await kill(`version ${conns[0]!.latest!.version}`));
    }
    const end = await conns[0]!.waitFor((u) => u.status === 'finished', 90_000);
    expect(kills.length).toBeGreaterThanOrEqual(SOAK ? 3 : 2);

    const record = parseRecord(await client.record(id));
    if (!record.ok) throw new Error(record.error.message);
    const moves = record.value.moves;
    expect(moves.length).toBe(end.version);
    for (const c of committed) {
      expect(moves[c.version - 1], `committed action at version ${c.version}`).toMatchObject({
        seat: c.seat,
        action: c.action,
      });
    }
    // No committed version was acknowledged twice.
    expect(new Set(committed.map((c) => c.version)).size).toBe(committed.length);
    const game = getGame('matchmaster')!;
    const replayed = replay(game, record.value);
    if (!replayed.ok) throw new Error(replayed.error.message);
    for (let seat = 0; seat < 3; seat++) {
      const last = await conns[seat]!.waitFor((u) => u.version === end.version);
      expect(last.view).toEqual(game.view(replayed.value, seat));
    }
    expect(end.result).toEqual(game.result(replayed.value));
    for (const c of conns) c.close();
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }, 300_000);
});
