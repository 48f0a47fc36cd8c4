/** `matchbox replay <file>`: a record file's moves, the game at a step as a seat sees it, the result. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GameSession, getGame, makeRecordText } from '@matchbox/engine';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../src/main.ts';
import { capture } from './console.ts';

const dir = mkdtempSync(join(tmpdir(), 'matchbox-replay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** A whole two-hand MatchMaster game, first legal action each time, as a record file. */
function recordFile(): { path: string; moves: number } {
  const game = getGame('matchmaster')!;
  const started = GameSession.start(game, { players: 2, seed: 'cli', options: { handSizes: [2, 1] } });
  if (!started.ok) throw new Error(started.error.message);
  const { session } = started.value;
  while (!game.isOver(session.state)) {
    const seat = game.toAct(session.state)[0]!;
    session.act(seat, game.legalActions(session.state, seat)[0]);
  }
  const path = join(dir, 'game.txt');
  writeFileSync(path, makeRecordText(session.record(), ['Ann', 'Bob']));
  return { path, moves: session.length };
}

describe('matchbox replay', () => {
  it('prints the moves, the game at a step as a seat sees it and the result', async () => {
    const { path, moves } = recordFile();
    const { out } = capture();
    expect(await main(['replay', path])).toBe(0);
    const text = out.join('\n');
    expect(text).toContain(`${moves} moves`);
    // The moves in words, as a spectator saw them: a bid is secret until all are in (MM-4).
    expect(text).toMatch(/ {3}1\. (Ann|Bob) has bid\./);
    expect(text).toMatch(/ {3}3\. (Ann|Bob) plays (dark|light) (orange|blue) \d+\./);
    const moveLines = text.split('\n').filter((l) => /^ +\d+\. /.test(l));
    expect(moveLines).toHaveLength(moves);
    for (const line of moveLines) expect(line).not.toMatch(/\b(do|lo|db|lb)\d+\b|\bbid \d/);
    expect(text).toMatch(/Result: Ann -?\d+ \(place \d\), Bob -?\d+ \(place \d\)/);

    const { out: atStart } = capture();
    expect(await main(['replay', path, '--step', '0', '--seat', '0'])).toBe(0);
    const start = atStart.join('\n');
    expect(start).not.toContain('Result:');
    expect(start).not.toMatch(/ 1\. /);
    // The seat's own hand is drawn for the seat and not for a spectator.
    const { out: spectator } = capture();
    expect(await main(['replay', path, '--step', '0'])).toBe(0);
    expect(spectator.join('\n')).not.toBe(start);
  });

  it('refuses a file that is not a record, and bad flags', async () => {
    const junk = join(dir, 'junk.txt');
    writeFileSync(junk, 'hello');
    const { err } = capture();
    expect(await main(['replay', junk])).toBe(1);
    expect(err.join('\n')).toContain('malformed_record_text');
    const { path } = recordFile();
    expect(await main(['replay', path, '--seat', '5'])).toBe(2);
    expect(await main(['replay', path, '--step', '9999'])).toBe(2);
    expect(await main(['replay', join(dir, 'missing.txt')])).toBe(1);
  });
});
