/** `matchbox play`: a whole game in the terminal with scripted input, and refusals with reasons. */
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchmaster } from '@matchbox/engine';
import { LineReader } from '../src/lines.ts';
import { playGame } from '../src/commands/play.ts';
import { menuCommand } from '../src/commands/menu.ts';

function scripted(lines: string[]) {
  const input = new PassThrough();
  const output = new PassThrough();
  for (const l of lines) input.write(`${l}\n`);
  input.end();
  return new LineReader(input, output);
}

afterEach(() => vi.restoreAllMocks());

describe('matchbox play', () => {
  it('plays a whole MatchMaster game to the final scores, refusing illegal input with the reason', async () => {
    const out: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
    // Illegal first: a bid out of range and nonsense; then always the first legal action.
    const reader = scripted(['bid 9', 'zzz', ...Array.from({ length: 400 }, () => '1')]);
    const code = await playGame(
      matchmaster,
      { players: 3, seat: 0, seed: 'cli', options: { handSizes: [2, 1] }, levels: ['random'] },
      reader,
    );
    expect(code).toBe(0);
    const text = out.join('\n');
    expect(text).toContain('Not accepted: A bid must be a whole number from 0 to 2');
    expect(text).toContain('(bid_out_of_range)');
    expect(text).toContain('(malformed_action)');
    expect(text).toContain('Your hand:');
    expect(text).toContain('Game over. Final scores:');
  });

  it('the menu lists the games and starts one', async () => {
    const out: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
    const reader = scripted(['1', '2', 'random', 'quit']);
    expect(await menuCommand([], reader)).toBe(0);
    const text = out.join('\n');
    expect(text).toContain('MatchMaster');
    expect(text).toContain('you are seat 0');
    expect(text).toContain('Game abandoned.');
  });
});

describe('visibleEvents', () => {
  it('drops a public event that the seat\u2019s private copy repeats, and hides others\u2019 private events', async () => {
    const { visibleEvents } = await import('../src/commands/play.ts');
    const events = [
      { to: 'all' as const, event: { type: 'drew', seat: 0 } },
      { to: 0, event: { type: 'drew', seat: 0, card: 'r3' } },
      { to: 'all' as const, event: { type: 'drew', seat: 1 } },
      { to: 1, event: { type: 'drew', seat: 1, card: 'g2' } },
    ];
    expect(visibleEvents(events, 0)).toEqual([
      { type: 'drew', seat: 0, card: 'r3' },
      { type: 'drew', seat: 1 },
    ]);
    expect(visibleEvents(events, 1)).toEqual([
      { type: 'drew', seat: 0 },
      { type: 'drew', seat: 1, card: 'g2' },
    ]);
  });
});

describe('formatChoices', () => {
  it('numbers a short list and groups a long one by its first word', async () => {
    const { formatChoices } = await import('../src/commands/play.ts');
    expect(formatChoices(['bid 0', 'bid 1'])).toBe('[1] bid 0  [2] bid 1');
    const flips = Array.from({ length: 20 }, (_, i) => `flip A${i + 1}`);
    const text = formatChoices([...flips, 'stop']);
    expect(text).toContain('flip: A1 A2 A3');
    expect(text).toContain('\n  stop');
    expect(text).toContain('1-21');
  });
});

describe('describeEvent', () => {
  it('writes an event as one readable line, nested values without JSON punctuation', async () => {
    const { describeEvent } = await import('../src/describe-event.ts');
    expect(describeEvent({ type: 'wild', seat: 1, declared: { colour: 'r', value: 5 } }, 0)).toBe(
      'Seat 1 - wild (declared: colour r value 5)',
    );
    expect(describeEvent({ type: 'bids_revealed', bids: [0, 2] }, 0)).toBe('bids revealed (bids: 0, 2)');
    expect(describeEvent({ type: 'play', seat: 0, card: 'do13' }, 0)).toBe('You - play (card: do13)');
  });
});
