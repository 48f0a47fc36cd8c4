/**
 * The terminal menu (`npm run matchbox`), driven with scripted input: it reaches every game and every mode that is a
 * game of its own (MATCHET's solitaires, MT-9 and MT-10; the Sweet16 duel, S16-10), asks only the
 * questions that have more than one answer, and `q` leaves from every prompt and from inside a game.
 */
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LineReader } from '../src/lines.ts';
import { menuCommand, menuEntries } from '../src/commands/menu.ts';

function scripted(lines: string[]) {
  const input = new PassThrough();
  const output = new PassThrough();
  const prompts: string[] = [];
  output.on('data', (chunk: Buffer) => prompts.push(chunk.toString()));
  for (const l of lines) input.write(`${l}\n`);
  input.end();
  return { reader: new LineReader(input, output), prompts };
}

const captureLog = () => {
  const out: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  return out;
};

afterEach(() => vi.restoreAllMocks());

const entryNumber = (label: string): string => {
  const k = menuEntries().findIndex((e) => e.label === label);
  expect(k, label).toBeGreaterThanOrEqual(0);
  return String(k + 1);
};

describe('menu entries', () => {
  it('lists each game, the MATCHET solitaires and the Sweet16 duel with the player counts they allow', () => {
    const entries = menuEntries().map((e) => ({ label: e.label, options: e.options, players: e.players }));
    expect(entries).toEqual([
      { label: 'MatchMaster', options: {}, players: [2, 3, 4, 5, 6, 7] },
      { label: 'MATCH!', options: {}, players: [2, 3, 4, 5, 6, 7, 8] },
      { label: 'MATCHET', options: {}, players: [2, 3, 4, 5, 6, 7] },
      { label: 'MATCHET Solitaire A (reserve stack)', options: { mode: 'reserve' }, players: [1] },
      { label: 'MATCHET Solitaire B (six stacks)', options: { mode: 'stacks' }, players: [1] },
      { label: 'Sweet16: Matchmaker', options: {}, players: [2, 3, 4, 5] },
      { label: 'Sweet16 duel (experimental)', options: { mode: 'duel' }, players: [2] },
    ]);
  });
});

describe('matchbox menu', () => {
  it('starts a game with the chosen players and level, and q quits inside the game', async () => {
    const out = captureLog();
    const { reader } = scripted(['1', '2', 'random', 'q']);
    expect(await menuCommand([], reader)).toBe(0);
    const text = out.join('\n');
    expect(text).toContain('[1] MatchMaster (2-7 players)');
    expect(text).toContain('[q] quit');
    expect(text).toContain('MatchMaster: you are seat 0; opponents: seat 1 random.');
    expect(text).toContain('Game abandoned.');
    expect(text).not.toContain('Not accepted');
  });

  it.each(['MATCHET Solitaire A (reserve stack)', 'MATCHET Solitaire B (six stacks)'])(
    'reaches %s with one player, asking neither players nor opponents',
    async (label) => {
      const out = captureLog();
      const { reader, prompts } = scripted([entryNumber(label), 'view', 'q']);
      expect(await menuCommand([], reader)).toBe(0);
      const text = out.join('\n');
      expect(text).toContain(`${label} (1 player)`);
      expect(text).toContain('MATCHET: a game for one player.');
      expect(text).not.toContain('opponents');
      expect(text).not.toContain('invalid_players');
      expect(text).toContain(
        label.includes('reserve') ? 'Solitaire A (reserve)' : 'Solitaire B (six stacks)',
      );
      expect(text).toContain('Game abandoned.');
      expect(prompts.join('')).not.toMatch(/How many players|Opponents' level/);
    },
  );

  it('reaches the Sweet16 duel: two players, so only the opponent\u2019s level is asked', async () => {
    const out = captureLog();
    const { reader, prompts } = scripted([entryNumber('Sweet16 duel (experimental)'), '', 'quit']);
    expect(await menuCommand([], reader)).toBe(0);
    const text = out.join('\n');
    expect(text).toContain('duel (experimental): seat 0 plays rows, seat 1 columns');
    expect(text).toContain('opponents: seat 1 medium');
    expect(prompts.join('')).not.toContain('How many players');
    expect(prompts.join('')).toContain("Opponents' level");
  });

  it('MATCHET itself refuses one player at the question instead of failing to set up', async () => {
    const out = captureLog();
    const { reader } = scripted([entryNumber('MATCHET'), '1', '0', '9', '2', 'random', 'q']);
    expect(await menuCommand([], reader)).toBe(0);
    const text = out.join('\n');
    expect(text.match(/Type a whole number from 2 to 7\./g)).toHaveLength(3);
    expect(text).not.toContain('invalid_players');
    expect(text).toContain('MATCHET: you are seat 0; opponents: seat 1 random.');
  });

  it('refuses a number that lists no game, and q leaves from every question', async () => {
    const out = captureLog();
    expect(await menuCommand([], scripted(['99', 'q']).reader)).toBe(0);
    expect(out.join('\n')).toContain(`Type a number from 1 to ${menuEntries().length}, or q.`);
    expect(await menuCommand([], scripted(['1', 'q']).reader)).toBe(0);
    expect(await menuCommand([], scripted(['1', '3', 'q']).reader)).toBe(0);
    expect(out.join('\n')).not.toContain('Game abandoned.');
  });
});
