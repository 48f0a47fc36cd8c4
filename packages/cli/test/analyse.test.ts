/** `matchbox analyse <file>`: a finished game's decisions valued from each player's view, in words. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GameAnalysis } from '@matchbox/bots/analysis';
import type { AnyGame, GameEvent } from '@matchbox/engine';
import { GameSession, eventsFor, getGame, makeRecordText } from '@matchbox/engine';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { formatAnalysis } from '../src/commands/analyse.ts';
import type { AnyEvent } from '../src/describe-event.ts';
import { describeEvent } from '../src/describe-event.ts';
import { main } from '../src/main.ts';
import { capture } from './console.ts';

const dir = mkdtempSync(join(tmpdir(), 'matchbox-analyse-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** A two-hand MatchMaster game in which every seat always takes its last legal action. */
function recordFile(): string {
  const game = getGame('matchmaster')!;
  const started = GameSession.start(game, {
    players: 2,
    seed: 'cli-analyse',
    options: { handSizes: [3, 1] },
  });
  if (!started.ok) throw new Error(started.error.message);
  const { session } = started.value;
  while (!game.isOver(session.state)) {
    const seat = game.toAct(session.state)[0]!;
    session.act(seat, game.legalActions(session.state, seat).at(-1));
  }
  const path = join(dir, 'game.txt');
  writeFileSync(path, makeRecordText(session.record(), ['Ann', 'Bob']));
  return path;
}

describe('matchbox analyse', () => {
  it('prints each player summary, the key moments as sentences and hindsight apart', async () => {
    const path = recordFile();
    const { out } = capture();
    expect(await main(['analyse', path, '--budget', '200'])).toBe(0);
    const text = out.join('\n');
    expect(text).toContain('expected points of the hand');
    expect(text).toMatch(/^Ann: \d+ decisions, on average [\d.]+ points lost a decision/m);
    expect(text).toMatch(/^Bob: \d+ decisions/m);
    // Always bidding the most: somebody's bid is a key moment, said in words with a better one.
    expect(text).toMatch(/Move \d+ \(hand \d\): You bid \d tricks?\. Better: You bid \d tricks?\./);
    expect(text).toContain('Hindsight, every card open (not part of the verdicts above):');
    // Grouped per hand, and never "could make sure of 0" beside tricks taken.
    expect(text).toMatch(/ {2}Hand 1:\n {4}Ann bid \d and took \d; with every card open, /);
    expect(text).toMatch(
      /Ann bid \d and took \d; with every card open, (Ann could have made sure of|the others together could have held Ann to) \d tricks?\./,
    );
    for (const [, took, most] of text.matchAll(
      /took (\d); with every card open, \w+ could have made sure of (\d)/g,
    ))
      expect(Number(most)).toBeGreaterThanOrEqual(Number(took));
  });

  it('--json prints the analysis; --seat analyses one seat; bad input is a clear error', async () => {
    const path = recordFile();
    const { out } = capture();
    expect(await main(['analyse', path, '--budget', '100', '--seat', '1', '--json'])).toBe(0);
    const json = JSON.parse(out.join('\n')) as {
      names: string[];
      analysis: { seats: number[]; decisions: { seat: number }[] };
    };
    expect(json.names).toEqual(['Ann', 'Bob']);
    expect(json.analysis.seats).toEqual([1]);
    expect(json.analysis.decisions.every((d) => d.seat === 1)).toBe(true);
    vi.restoreAllMocks();
    const c = capture();
    expect(await main(['analyse', path, '--seat', '7'])).toBe(2);
    expect(await main(['analyse', join(dir, 'missing.txt')])).toBe(1);
    writeFileSync(join(dir, 'bad.txt'), 'matchbox-record: 1\ngame: matchmaster\n');
    expect(await main(['analyse', join(dir, 'bad.txt')])).toBe(1);
    expect(c.err.join('\n')).toMatch(/--seat is a seat from 0 to 1/);
    expect(c.err.join('\n')).toMatch(/Cannot read .*missing\.txt/);
  });
});

describe('matchbox analyse: words from what the player knew', () => {
  it('a better Sweet16 flip is told as the choice, never as the card under it that nobody had seen', () => {
    const game = getGame('sweet16') as AnyGame;
    const started = GameSession.start(game, { players: 2, seed: 'cli-analyse-words' });
    if (!started.ok) throw new Error(started.error.message);
    const { session } = started.value;
    const state: unknown = game.clone(session.state);
    const seat = game.toAct(state)[0]!;
    const action = (text: string) => {
      const parsed = game.parseAction(text);
      if (!parsed.ok) throw new Error(text);
      return parsed.value;
    };
    expect(session.act(seat, action('flip A1')).ok).toBe(true);
    const record = session.record();
    // What the real state would show under G6: a card nobody has seen at the first flip.
    const copy: unknown = game.clone(state);
    const events: GameEvent[] = [];
    expect(game.applyInPlace(copy, seat, action('flip G6'), events)).toBeNull();
    const hidden = describeEvent(eventsFor(events, seat)[0] as AnyEvent, seat, 'sweet16');
    expect(hidden).toMatch(/G6/);
    const analysis: GameAnalysis = {
      format: 1,
      game: 'sweet16',
      players: 2,
      seats: [seat],
      unit: 'victory-points',
      thresholds: { inaccuracy: 1.5, mistake: 3, blunder: 6 },
      scoreLabel: 'expected-score',
      budget: 600,
      seed: 'words',
      moves: 1,
      decisionMoves: [0],
      decisions: [
        {
          move: 0,
          seat,
          part: 0,
          taken: 'flip A1',
          best: 'flip G6',
          candidates: [
            { action: 'flip G6', value: 9, se: 0.5, samples: 300 },
            { action: 'flip A1', value: 2, se: 0.5, samples: 300 },
          ],
          loss: 7,
          lossSe: 0.7,
          verdict: 'blunder',
          method: 'search',
          expectedScore: 2,
        },
      ],
      summaries: [
        {
          seat,
          decisions: 1,
          averageLoss: 7,
          inaccuracies: 0,
          mistakes: 0,
          blunders: 1,
          keyMoments: [0],
          series: [
            { move: 0, score: 2 },
            { move: 1, score: 0 },
          ],
          finalScore: 0,
        },
      ],
      hindsight: null,
    };
    const text = formatAnalysis(game, record, analysis, ['Ann', 'Bob']);
    expect(text).toContain('Better: Flip the card at G6. (');
    expect(text).not.toContain(hidden);
  });
});
