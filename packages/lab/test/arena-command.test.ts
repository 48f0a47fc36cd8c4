/**
 * `npm run arena -- matchmaster --share expert,seer --vs medium`: the share of the all-seeing
 * evaluation bot's gain over medium that the expert captures (share.ts), and
 * the line-ups and flags it refuses.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { labMain as main } from '../src/main.ts';

/** What the command writes to the console, line by line (restored after each test). */
function capture(): { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
  return { out, err };
}

afterEach(() => vi.restoreAllMocks());

const refused = async (argv: string[], message: RegExp) => {
  const { out, err } = capture();
  expect(await main(argv)).toBe(2);
  expect(err.join('\n')).toMatch(message);
  expect(out).toEqual([]);
  vi.restoreAllMocks();
};

describe('arena --share', () => {
  it('prints both gains over medium and the share with its intervals', async () => {
    const { out } = capture();
    const argv = ['arena', 'matchmaster', '--share', 'expert,seer', '--vs', 'medium', '--games', '8'];
    expect(await main([...argv, '--seed', 'cli-share', '--opt', 'handSizes=2,1', '--no-progress'])).toBe(0);
    const text = out.join('\n');
    expect(text).toMatch(/2 deals x 4 rotations = 8 games per entrant/);
    expect(text).toMatch(/^expert {3}vs 3 medium: [+-]\d+\.\d\d ± \d+\.\d\d points\/hand/m);
    expect(text).toMatch(/^seer {5}vs 3 medium: [+-]\d+\.\d\d ± \d+\.\d\d points\/hand/m);
    expect(text).toMatch(/^share = .*delta method paired by deal\); paired bootstrap/m);
  });

  it('refuses a bad pair, a bad baseline and the seer outside MatchMaster', async () => {
    await refused(
      ['arena', 'matchmaster', '--share', 'expert', '--vs', 'medium'],
      /--share takes two entries/,
    );
    await refused(['arena', 'matchmaster', '--share', 'expert,oracle', '--vs', 'medium'], /not "oracle"/);
    await refused(['arena', 'matchmaster', '--share', 'expert,seer'], /--vs needs/);
    await refused(
      ['arena', 'matchmaster', '--share', 'expert,seer', '--bots', 'medium'],
      /--share replaces --bots/,
    );
    await refused(['arena', 'matchmaster', '--bots', 'expert,medium', '--vs', 'medium'], /go with --share/);
    await refused(
      ['arena', 'matchmaster', '--share', 'expert,seer', '--vs', 'medium', '--players', '9'],
      /2 to 7 players, not 9/,
    );
    await refused(['arena', 'matchet', '--bots', 'seer,medium'], /plays only matchmaster/);
  });

  it('refuses zero, negative and non-numeric game counts, and an empty entry', async () => {
    await refused(
      ['arena', 'matchmaster', '--bots', 'random,random', '--games', '0'],
      /--games needs a whole number of at least 1/,
    );
    await refused(['arena', 'matchmaster', '--bots', 'random,,random'], /--bots needs .* not ""/);
    await refused(['tournament'], /the lab's command is "arena"/);
  });
});
