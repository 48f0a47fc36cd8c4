/**
 * Solitaires have outcomes (issue 9, section 5): a MATCHET solitaire is won when all 36 tiles are
 * placed and lost when no tile can be (rulings MT-9, MT-10). `play` says "You won"/"You lost" with
 * the score (never "rank 1 ... You win!" for a lost deal), `simulate` reports the share of deals
 * won, and the protocol's result carries `solo`. The seeds below were found by playing the first
 * legal placement every time: Solitaire B with seed s1 is lost with 13 tiles, s10 is won.
 */
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchet, Rng } from '@matchbox/engine';
import { randomPlayout } from '@matchbox/engine/harness';
import { describeResult, playGame } from '../src/commands/play.ts';
import { simulateCommand } from '../src/commands/simulate.ts';
import { EngineSession } from '../src/commands/engine.ts';
import { LineReader } from '../src/lines.ts';

function scripted(lines: string[]) {
  const input = new PassThrough();
  for (const l of lines) input.write(`${l}\n`);
  input.end();
  return new LineReader(input, new PassThrough());
}

const capture = () => {
  const out: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  return out;
};

afterEach(() => vi.restoreAllMocks());

async function playFirstChoices(seed: string, mode: 'stacks' | 'reserve'): Promise<string> {
  const out = capture();
  const reader = scripted(Array.from({ length: 60 }, () => '1'));
  const code = await playGame(matchet, { players: 1, seat: 0, seed, options: { mode }, levels: [] }, reader);
  expect(code).toBe(0);
  vi.restoreAllMocks();
  return out.join('\n');
}

describe('play: a solitaire is won or lost, with its score', () => {
  it('a lost deal says "You lost" with the tiles placed, and no rank and no win', async () => {
    const text = await playFirstChoices('s1', 'stacks');
    expect(text).toContain('MATCHET: a game for one player.');
    expect(text).toContain('Game over. You lost, with a score of 13.');
    expect(text).not.toMatch(/rank|You win|You won/);
  });

  it('a won deal says "You won" with all 36 tiles', async () => {
    const text = await playFirstChoices('s10', 'stacks');
    expect(text).toContain('Game over. You won, with a score of 36.');
    expect(text).not.toMatch(/rank|You lost/);
  });

  it('Solitaire A (reserve) ends the same way', async () => {
    const text = await playFirstChoices('s0', 'reserve');
    expect(text).toContain('Game over. You lost, with a score of 29.');
  });
});

describe('describeResult', () => {
  it('a solitaire: won or lost with the score, whatever the ranks say', () => {
    const lost = { scores: [13], ranks: [1], winners: [], solo: { won: false, score: 13 } };
    expect(describeResult(lost, 0)).toEqual(['Game over. You lost, with a score of 13.']);
    const won = { scores: [36], ranks: [1], winners: [0], solo: { won: true, score: 36 } };
    expect(describeResult(won, 0)).toEqual(['Game over. You won, with a score of 36.']);
  });

  it('several players: every score and rank, then who won, ties shared', () => {
    expect(describeResult({ scores: [10, 12, 3], ranks: [2, 1, 3], winners: [1] }, 0)).toEqual([
      'Game over. Final scores:',
      '  You: 10 (rank 2)',
      '  Seat 1: 12 (rank 1)',
      '  Seat 2: 3 (rank 3)',
      'Winner: seat 1.',
    ]);
    expect(describeResult({ scores: [12, 12, 3], ranks: [1, 1, 3], winners: [0, 1] }, 0).at(-1)).toBe(
      'You share the win with seat 1.',
    );
    expect(describeResult({ scores: [12, 3], ranks: [1, 2], winners: [0] }, 0).at(-1)).toBe('You win!');
    expect(describeResult({ scores: [1, 5, 5], ranks: [3, 1, 1], winners: [1, 2] }, 0).at(-1)).toBe(
      'Winners: seats 1, 2.',
    );
  });
});

describe('simulate: the win rate of a solitaire is the share of deals won', () => {
  it('counts won deals only, and prints no NaN', async () => {
    const games = 40;
    const out = capture();
    const args = [
      'matchet',
      '--players',
      '1',
      '--opt',
      'mode=stacks',
      '--games',
      String(games),
      '--seed',
      'W',
    ];
    expect(await simulateCommand([...args, '--json'])).toBe(0);
    expect(await simulateCommand(args)).toBe(0);
    vi.restoreAllMocks();
    const report = JSON.parse(out[0]!) as {
      solo: { games: number; won: number; winRate: number };
      perSeat: { winShare: number }[];
    };
    // The same deals and random playouts, counted here from the engine's results.
    const rng = Rng.fromSeed('simulate:W');
    let won = 0;
    for (let g = 0; g < games; g++) {
      const setup = matchet.setup({ players: 1, seed: `W:${g}`, options: { mode: 'stacks' } });
      if (!setup.ok) throw new Error(setup.error.message);
      randomPlayout(matchet, setup.value, rng);
      if (matchet.result(setup.value)!.solo!.won) won++;
    }
    expect(report.solo).toEqual({ games, won, winRate: won / games });
    expect(report.solo.winRate).toBeLessThan(1); // random placements lose most deals
    expect(report.perSeat[0]!.winShare).toBeCloseTo(won / games, 12);
    const text = out.slice(1).join('\n');
    expect(text).toContain(`Solitaire: won ${won} of ${games} deals (${((100 * won) / games).toFixed(1)}%)`);
    expect(text).not.toContain('NaN');
  });
});

describe('protocol: the result of a solitaire carries solo', () => {
  it('a lost deal has no winner and solo.won false', () => {
    const s = new EngineSession();
    const send = (r: unknown) => JSON.parse(s.handleLine(JSON.stringify(r)));
    expect(
      send({ cmd: 'new', game: 'matchet', options: { players: 1, mode: 'stacks' }, seed: 's1' }).ok,
    ).toBe(true);
    let guard = 0;
    while (!send({ cmd: 'status' }).over && guard++ < 100)
      send({ cmd: 'act', seat: 0, action: send({ cmd: 'legal', seat: 0 }).actions[0] });
    expect(send({ cmd: 'result' }).result).toEqual({
      scores: [13],
      ranks: [1],
      winners: [],
      solo: { won: false, score: 13 },
    });
  });
});
