/** `matchbox simulate` and `matchbox bench`: machine-readable output and argument errors. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { simulateCommand } from '../src/commands/simulate.ts';
import { benchCase, benchCommand } from '../src/commands/bench.ts';
import { main } from '../src/main.ts';
import { capture } from './console.ts';

afterEach(() => vi.restoreAllMocks());

describe('matchbox simulate', () => {
  it('reports score and length statistics as JSON, reproducibly for a seed', async () => {
    const { out } = capture();
    const args = [
      'matchmaster',
      '--games',
      '20',
      '--players',
      '3',
      '--seed',
      'S',
      '--json',
      '--opt',
      'handSizes=3,2',
    ];
    expect(await simulateCommand(args)).toBe(0);
    expect(await simulateCommand(args)).toBe(0);
    const a = JSON.parse(out[0]!);
    const b = JSON.parse(out[1]!);
    expect(a.games).toBe(20);
    expect(a.perSeat).toHaveLength(3);
    expect(a.length.mean).toBeCloseTo((3 + 2) * 3 + 6, 5); // 15 plays and 6 bids per game
    expect({ ...a, seconds: 0 }).toEqual({ ...b, seconds: 0 });
    const shares = a.perSeat.reduce((t: number, p: { winShare: number }) => t + p.winShare, 0);
    expect(shares).toBeCloseTo(1, 5);
  });

  it('refuses unknown games, options and bad numbers with a message', async () => {
    const { err } = capture();
    expect(await simulateCommand(['nope'])).toBe(2);
    expect(await simulateCommand(['matchmaster', '--opt', 'colour=red'])).toBe(2);
    expect(await simulateCommand(['matchmaster', '--games', 'many'])).toBe(2);
    expect(await simulateCommand(['matchmaster', '--players', '9'])).toBe(2);
    expect(err.join('\n')).toMatch(/Unknown game "nope"/);
    expect(err.join('\n')).toMatch(/no option "colour"/);
    expect(err.join('\n')).toMatch(/--games needs a whole number/);
    expect(err.join('\n')).toMatch(/2 to 7 players/);
  });
});

describe('matchbox bench', () => {
  it('measures games and actions per second for a case', () => {
    const figures = benchCase(
      { game: 'matchmaster', players: 4, label: 't', options: { handSizes: [1] } },
      0.05,
    );
    const games = figures.find((f) => f.metric === 'games_per_s')!;
    expect(games.value).toBeGreaterThan(0);
    expect(figures.find((f) => f.metric === 'actions_per_game')!.value).toBe(8);
  });

  it('runs the cases in worker threads and prints one JSON object per line', async () => {
    const { out } = capture();
    expect(await benchCommand(['--game', 'matchet', '--seconds', '0.05', '--json'])).toBe(0);
    const figures = out.map((l) => JSON.parse(l) as { game: string; metric: string; value: number });
    const rounds = figures.find((f) => f.game === 'matchet' && f.metric === 'games_per_s');
    expect(rounds?.value).toBeGreaterThan(0);
    expect(figures.every((f) => f.game === 'matchet')).toBe(true);
  });

  it('rejects an unknown game', async () => {
    capture();
    expect(await benchCommand(['--game', 'nope'])).toBe(2);
  });
});

describe('matchbox main', () => {
  it('prints usage for help and refuses unknown commands', async () => {
    const { out, err } = capture();
    expect(await main(['help'])).toBe(0);
    expect(out.join('\n')).toContain('play <game>');
    expect(await main(['fly'])).toBe(2);
    expect(err.join('\n')).toContain('Unknown command "fly"');
  });
});
