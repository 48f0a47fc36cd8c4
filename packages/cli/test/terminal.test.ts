/**
 * The terminal menu (`npm run matchbox`) run for real in a terminal (tmux), read off the screen as a player sees it: the menu
 * reaches a MATCHET solitaire (MT-10), the game answers a number that lists no choice, and `q`
 * leaves with exit code 0. Skipped, loudly, where tmux is not installed (under CI it fails instead).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const hasTmux = spawnSync('tmux', ['-V']).status === 0;
if (!hasTmux && process.env.CI)
  throw new Error('CI must run the terminal tests: tmux is missing (.ci/run installs it)');
if (!hasTmux)
  console.warn(
    '!!! SKIPPED: the terminal menu tests (packages/cli/test/terminal.test.ts) need tmux, which is ' +
      'not installed here (apt-get install tmux); CI runs them.',
  );
const root = fileURLToPath(new URL('../../..', import.meta.url));
// A tmux server of our own, so that nobody else's sessions are touched.
const socket = `matchbox-test-${process.pid}`;
// The player's environment, not the test runner's (vitest's variables change how tools behave).
const env: NodeJS.ProcessEnv = {};
for (const name of ['PATH', 'HOME', 'USER', 'LANG', 'LC_ALL', 'SHELL', 'NODE_OPTIONS'])
  if (process.env[name] !== undefined) env[name] = process.env[name];
env.TERM = 'xterm-256color';
const tmux = (...args: string[]): string =>
  execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8', env });
const screen = (): string => tmux('capture-pane', '-p', '-J', '-S', '-200', '-t', 'menu');

async function waitFor(text: string | RegExp, ms = 60_000): Promise<string> {
  const until = Date.now() + ms;
  for (;;) {
    const now = screen();
    if (typeof text === 'string' ? now.includes(text) : text.test(now)) return now;
    if (Date.now() > until) throw new Error(`timed out waiting for ${String(text)}; the screen:\n${now}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const type = (line: string): void => {
  tmux('send-keys', '-t', 'menu', '-l', line);
  tmux('send-keys', '-t', 'menu', 'Enter');
};

afterAll(() => {
  if (hasTmux) spawnSync('tmux', ['-L', socket, 'kill-server']);
});

describe.skipIf(!hasTmux)('the terminal menu in a terminal', () => {
  it('reaches Solitaire B from the menu, refuses "99" as no choice, and q quits', async () => {
    tmux(
      'new-session',
      '-d',
      '-s',
      'menu',
      '-x',
      '160',
      '-y',
      '60',
      '-c',
      root,
      'sh -c \'npm run matchbox --silent; echo "[exit $?]"; sleep 60\'',
    );
    const menu = await waitFor('Which game?');
    const entry = /\[(\d+)\] MATCHET Solitaire B \(six stacks\) \(1 player\)/.exec(menu);
    expect(entry, menu).not.toBeNull();
    expect(menu).toContain('Sweet16 duel (experimental) (2 players)');
    expect(menu).toContain('[q] quit');
    type(entry![1]!);
    const game = await waitFor('> ');
    expect(game).toContain('MATCHET: a game for one player.');
    expect(game).toContain('MATCHET Solitaire B (six stacks) - placed 0 of 36');
    expect(game).not.toContain('opponents');
    expect(game).not.toContain('How many players');
    expect(game).toMatch(/Choose: .*\[1\] /);
    type('99');
    expect(await waitFor('There is no choice 99')).toMatch(
      /There is no choice 99: type a number from 1 to \d+/,
    );
    type('q');
    const end = await waitFor('[exit ');
    expect(end).toContain('Game abandoned.');
    expect(end).toContain('[exit 0]');
  }, 120_000);
});
