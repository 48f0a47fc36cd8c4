/** `matchbox play`: a whole game in the terminal with scripted input, and refusals with reasons. */
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchmaster } from '@matchbox/engine';
import { LineReader } from '../src/lines.ts';
import { playGame } from '../src/commands/play.ts';
import { menuCommand } from '../src/commands/menu.ts';
import type { AnyEvent } from '../src/describe-event.ts';

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
    // Illegal first: a bid out of range, nonsense and a number that lists no choice; then always
    // the first legal action.
    const reader = scripted(['bid 9', 'zzz', '99', ...Array.from({ length: 400 }, () => '1')]);
    const code = await playGame(
      matchmaster,
      { players: 3, seat: 0, seed: 'cli', options: { handSizes: [2, 1] }, levels: ['random'] },
      reader,
    );
    expect(code).toBe(0);
    const text = out.join('\n');
    expect(text).toContain('Not accepted: There is no choice 99: type a number from 1 to 3');
    expect(text).not.toContain('"99" is not');
    expect(text).toContain('(bid_out_of_range)');
    expect(text).toContain('(malformed_action)');
    expect(text).toContain('Your hand:');
    // The setup's events come first: the first deal, with this seat's own cards only.
    const firstLines = text.split('\n').slice(0, 5).join('\n');
    expect(firstLines).toMatch(
      /Hand 1 dealt: 2 cards each\. Dealer: you; first lead: Seat 1\. Your cards: (dark|light) (orange|blue) \d+, (dark|light) (orange|blue) \d+\./,
    );
    expect(text).toMatch(/Seat [12] has bid\./);
    expect(text).toMatch(/Bids revealed: you \d, Seat 1 \d, Seat 2 \d\. /);
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

describe('formatChoices', () => {
  it('numbers a short list on one line', async () => {
    const { formatChoices } = await import('../src/commands/play.ts');
    expect(formatChoices(['bid 0', 'bid 1'])).toBe('[1] bid 0  [2] bid 1');
  });

  it('groups a long list by its first word and still numbers every choice', async () => {
    const { formatChoices } = await import('../src/commands/play.ts');
    const flips = Array.from({ length: 20 }, (_, i) => `flip A${i + 1}`);
    const text = formatChoices([...flips, 'stop']);
    expect(text).toContain('flip: [1] A1  [2] A2  [3] A3');
    expect(text).toContain('[20] A20');
    expect(text).toContain('\n  [21] stop');
    expect(text).toContain('1-21');
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(102);
  });

  it('keeps choices of several words apart (a tryst\u2019s cells)', async () => {
    const { formatChoices } = await import('../src/commands/play.ts');
    const trysts = ['tryst A1 B1 C1', 'tryst A1 D1 F1', 'tryst C1 E1 G1', 'tryst B1 D1 E1 G1', 'pass'];
    const many = [...trysts, ...Array.from({ length: 12 }, (_, i) => `tryst A${i + 2} B${i + 2}`)];
    const text = formatChoices(many);
    expect(text).toContain('tryst: [1] A1 B1 C1  [2] A1 D1 F1  [3] C1 E1 G1  [4] B1 D1 E1 G1');
  });
});

describe('describeEvent', () => {
  it('writes an event as one readable line, nested values without JSON punctuation', async () => {
    const { describeEvent } = await import('../src/describe-event.ts');
    const event = (body: Record<string, unknown>) => body as unknown as AnyEvent;
    expect(describeEvent(event({ type: 'wild', seat: 1, declared: { colour: 'r', value: 5 } }), 0)).toBe(
      'Seat 1 - wild (declared: colour r value 5)',
    );
    expect(describeEvent(event({ type: 'bids_revealed', bids: [0, 2] }), 0)).toBe(
      'bids revealed (bids: 0, 2)',
    );
    expect(describeEvent(event({ type: 'play', seat: 0, card: 'do13' }), 0)).toBe('You - play (card: do13)');
  });
});
