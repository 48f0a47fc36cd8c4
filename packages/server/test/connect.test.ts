/**
 * `matchbox connect` against a real server: one terminal creates a table with a seat open for a
 * friend, a second joins through the printed invite link, and both bid by typing a choice.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ botPaceMs: 0 });
});
afterAll(async () => {
  await server.stop();
});

/** Runs `matchbox connect` with its own ticket folder; `answer` is typed at each prompt. */
function connect(args: string[], home: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=matchbox-source', 'packages/cli/src/main.ts', 'connect', ...args],
    { cwd: ROOT, env: { ...process.env, MATCHBOX_HOME: home }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const waitFor = async (pattern: RegExp, ms = 30_000): Promise<RegExpExecArray> => {
    const until = Date.now() + ms;
    for (;;) {
      const m = pattern.exec(out);
      if (m) return m;
      if (Date.now() > until) throw new Error(`no ${pattern} in:\n${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const exited = new Promise<number | null>((done) => child.on('exit', done));
  return {
    child,
    waitFor,
    type: (line: string) => child.stdin.write(line + '\n'),
    exited,
    output: () => out,
  };
}

describe('matchbox connect', () => {
  it('creates a table, a friend joins by the invite link, and both play', async () => {
    const homeA = mkdtempSync(join(tmpdir(), 'mb-home-a-'));
    const homeB = mkdtempSync(join(tmpdir(), 'mb-home-b-'));
    const ada = connect(
      [server.url, '--name', 'Ada', '--game', 'matchmaster', '--players', '3', '--open', '2'],
      homeA,
    );
    const link = (await ada.waitFor(/Invite your friends: (\S+)/))[1]!;
    const id = (await ada.waitFor(/Table (\S+) created; you sit at seat 0/))[1]!;
    // While the table waits there is no game to show: only its seats filling.
    await ada.waitFor(/Waiting for players \(1 open\): 0:Ada {2}1:open {2}2:\w/);
    const bob = connect([link, '--name', 'Bob'], homeB);
    await bob.waitFor(/You sit at seat 1/);
    await ada.waitFor(/Your choices: \[1\] bid 0/);
    await bob.waitFor(/Your choices: \[1\] bid 0/);
    // The table's chat: a line typed in one terminal is printed in the other.
    ada.type('say Good luck, Bob!');
    await bob.waitFor(/\[chat\] Ada: Good luck, Bob!/);
    ada.type('2');
    bob.type('bid 0');
    // Once all three bids are in, the hand's play starts and the bids are shown to everybody.
    for (;;) {
      const log = await server.store.actions(id);
      if (log.length >= 3) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const log = await server.store.actions(id);
    expect(
      log
        .slice(0, 3)
        .map((a) => [a.seat, a.action])
        .sort(),
    ).toEqual(
      expect.arrayContaining([
        [0, 'bid 1'],
        [1, 'bid 0'],
      ]),
    );
    // A choice that is not on the list is answered in words; q leaves.
    await bob.waitFor(/Your choices/);
    bob.type('99');
    await bob.waitFor(/There is no choice 99/);
    bob.type('q');
    expect(await bob.exited).toBe(0);
    // Running the same link again returns to the same seat (the ticket was kept).
    const again = connect([link, '--name', 'Bob'], homeB);
    await again.waitFor(/Back at table \S+, seat 1/);
    again.child.kill();
    ada.child.kill();
  });

  it('says what is wrong with a bad link', async () => {
    const home = mkdtempSync(join(tmpdir(), 'mb-home-c-'));
    const bad = connect([`${server.url}/join/nosuchtable1?invite=x`, '--name', 'Cy'], home);
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('There is no such table. (no_such_table)');
  });
});
