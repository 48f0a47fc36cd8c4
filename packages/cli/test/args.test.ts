/**
 * The command line is parsed strictly: every refused form below was silently accepted by the old
 * hand-written parser (issue 9, section 8). Each refusal prints the problem and a usage line and
 * exits with 2, before any game is played.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { intFlag, parseCommandLine, positiveFlag } from '../src/args.ts';
import { main } from '../src/main.ts';
import { capture } from './console.ts';

afterEach(() => vi.restoreAllMocks());

const refused = async (argv: string[], message: RegExp) => {
  const { out, err } = capture();
  expect(await main(argv)).toBe(2);
  const text = err.join('\n');
  expect(text).toMatch(message);
  expect(text).toMatch(/^usage: matchbox /m);
  expect(out).toEqual([]); // nothing was played or simulated
  vi.restoreAllMocks();
};

describe('parseCommandLine', () => {
  const spec = { values: ['seed', 'games'], switches: ['json'], positionals: 1, gameOptions: true };

  it('reads positionals, values, switches and game options in any order', () => {
    const parsed = parseCommandLine(
      ['--mode', 'stacks', 'matchet', '--seed=a b', '--json', '--opt', 'rounds=4'],
      spec,
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.positionals).toEqual(['matchet']);
    expect(parsed.value.values.get('seed')).toBe('a b');
    expect(parsed.value.values.get('mode')).toBe('stacks');
    expect([...parsed.value.switches]).toEqual(['json']);
    expect(parsed.value.opts).toEqual(['rounds=4']);
  });

  it.each([
    [['--frobnicate'], /Unknown option --frobnicate/],
    [['-x'], /Unknown option -x/],
    [['--seed'], /--seed needs a value/],
    [['--seed', '--json'], /--seed needs a value/],
    [['--seed='], /--seed needs a non-empty value/],
    [['--seed', ''], /--seed needs a non-empty value/],
    [['--seed', 'a', '--seed', 'b'], /--seed is given twice/],
    [['--json', '--json'], /--json is given twice/],
    [['--json=yes'], /--json takes no value/],
    [['matchmaster', 'extra'], /Unexpected argument "extra"/],
    [['--opt', 'rounds'], /--opt takes name=value/],
    [['matchet', '--opt', 'rounds=3', '--opt', 'rounds=4'], /rounds is given twice/],
    [['matchet', '--opt', 'rounds=3', '--rounds', '4'], /rounds is given twice/],
    // Another game's option is not this game's.
    [['matchmaster', '--mode', 'stacks'], /Unknown option --mode/],
  ])('refuses %j', (argv, message) => {
    const parsed = parseCommandLine(argv, spec);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.code).toBe('invalid_argument');
      expect(parsed.error.message).toMatch(message);
    }
  });

  it('takes whole numbers of at least the minimum, and positive numbers', () => {
    const args = (values: Record<string, string>) => {
      const parsed = parseCommandLine(
        Object.entries(values).flatMap(([k, v]) => [`--${k}=${v}`]),
        { values: Object.keys(values) },
      );
      if (!parsed.ok) throw new Error(parsed.error.message);
      return parsed.value;
    };
    expect(intFlag(args({}), 'games', 100)).toEqual({ ok: true, value: 100 });
    expect(intFlag(args({ games: '12' }), 'games', 100)).toEqual({ ok: true, value: 12 });
    expect(intFlag(args({ seat: '0' }), 'seat', 0, 0)).toEqual({ ok: true, value: 0 });
    for (const bad of ['0', '-1', '3x', '1.5', '1e3', '99999999999999999999']) {
      const r = intFlag(args({ games: bad }), 'games', 100);
      expect(r.ok, bad).toBe(false);
    }
    expect(positiveFlag(args({ seconds: '0.5' }), 'seconds', 2)).toEqual({ ok: true, value: 0.5 });
    for (const bad of ['0', '-1', 'soon', '.'])
      expect(positiveFlag(args({ seconds: bad }), 'seconds', 2).ok).toBe(false);
  });
});

describe('commands refuse a bad command line with a usage line', () => {
  it('play: unknown flags, repeated flags, a missing or empty seed', async () => {
    await refused(['play', 'matchmaster', '--frobnicate'], /Unknown option --frobnicate/);
    await refused(['play', 'matchmaster', '--seed', 'a', '--seed', 'b'], /--seed is given twice/);
    await refused(['play', 'matchmaster', '--seed'], /--seed needs a value/);
    await refused(['play', 'matchmaster', '--seed='], /--seed needs a non-empty value/);
  });

  it('play: more bot levels than opponents, unknown levels, bad counts', async () => {
    await refused(
      ['play', 'matchmaster', '--players', '3', '--bots', 'random,random,random'],
      /--bots lists 3 levels for 2 opponents/,
    );
    await refused(
      ['play', 'matchet', '--players', '1', '--opt', 'mode=stacks', '--bots', 'random'],
      /one player has no opponents/,
    );
    await refused(['play', 'matchmaster', '--bots', 'random,genius'], /Unknown bot level "genius"/);
    await refused(['play', 'matchmaster', '--players', '0'], /--players needs a whole number of at least 1/);
    await refused(['play', 'matchmaster', '--players', 'four'], /--players needs a whole number/);
    await refused(['play', 'matchmaster', '--seat', '-1'], /--seat needs a value \(for one that starts/);
    await refused(['play', 'matchmaster', '--seat=-1'], /--seat needs a whole number, got "-1"/);
    await refused(['play', 'matchmaster', '--seat=x'], /--seat needs a whole number/);
  });

  it('simulate refuses zero, negative and non-numeric game counts', async () => {
    await refused(['simulate', 'matchmaster', '--games', '0'], /--games needs a whole number of at least 1/);
    await refused(['simulate', 'matchmaster', '--games=-3'], /--games needs a whole number/);
    await refused(['simulate', 'matchmaster', '--games', 'lots'], /--games needs a whole number/);
    await refused(['simulate', 'matchmaster', '--jsn'], /Unknown option --jsn/);
  });

  it('solve, bench and games refuse unknown flags and bad numbers', async () => {
    await refused(['solve', 'matchet', '--deals', '0'], /--deals needs a whole number of at least 1/);
    await refused(['solve', 'matchet', '--show', 'first'], /--show needs a whole number/);
    await refused(['bench', '--seconds', '0'], /--seconds needs a positive number/);
    await refused(['bench', '--fast'], /Unknown option --fast/);
    await refused(['games', '--all'], /Unknown option --all/);
  });
});
