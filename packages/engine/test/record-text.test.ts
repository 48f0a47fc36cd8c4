/**
 * The record text format (record-text.ts, docs/records.md): a record made by play, written as
 * text and read back, is the same record and replays through `replay` to the same state, for
 * every game and every harness configuration (a seeded property test over random playouts);
 * reading text made from read text gives the same text; junk never throws.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnyGame, GameRecord, Json } from '../src/index.ts';
import {
  GameSession,
  GAMES,
  getGame,
  makeRecordText,
  parseRecordText,
  replay,
  Rng,
  RECORD_TEXT_MAGIC,
} from '../src/index.ts';
import { HARNESS_CONFIGS, SOAK } from './harness-configs.ts';

/** A random playout of `steps` moves (fewer if the game ends), as a session with its record. */
function play(
  game: AnyGame,
  players: number,
  options: Record<string, Json> | undefined,
  seed: string,
  steps: number,
) {
  const started = GameSession.start(game, { players, seed, ...(options ? { options } : {}) });
  if (!started.ok) throw new Error(`setup: ${started.error.message}`);
  const { session } = started.value;
  const rng = Rng.fromSeed(`record-text:${seed}`);
  for (let i = 0; i < steps && !game.isOver(session.state); i++) {
    const acting = game.toAct(session.state);
    const seat = acting[rng.int(acting.length)]!;
    const legal = game.legalActions(session.state, seat);
    const done = session.act(seat, legal[rng.int(legal.length)]);
    if (!done.ok) throw new Error(`a legal action was rejected: ${done.error.code}`);
  }
  return session;
}

// Empty options and no options are the same setup; the text writes neither.
const normal = (r: GameRecord): GameRecord => {
  if (r.options && Object.keys(r.options).length === 0) {
    const { options, ...rest } = r;
    void options;
    return rest;
  }
  return r;
};

const finalState = (game: AnyGame, record: GameRecord) => {
  const replayed = replay(game, record);
  if (!replayed.ok) throw new Error(`replay: ${replayed.error.message}`);
  return game.serialize(replayed.value);
};

describe('record text', () => {
  it('writes a readable file: a header, then one move per line', () => {
    const session = play(getGame('match')!, 2, { target: 10 }, 'doc', 3);
    const text = makeRecordText(session.record(), ['Ann', 'Bot (easy)']);
    const lines = text.split('\n');
    expect(lines[0]).toBe(RECORD_TEXT_MAGIC);
    expect(lines).toContain('game: match');
    expect(lines).toContain('players: 2');
    expect(lines).toContain('option target: 10');
    expect(lines).toContain('name 1: Bot (easy)');
    expect(lines).toContain('seed: doc');
    expect(lines.filter((l) => /^chance: /.test(l)).length).toBeGreaterThan(0);
    const moves = lines.filter((l) => /^\d+: /.test(l));
    expect(moves.map((l) => l.replace(/^\d+: /, ''))).toEqual(session.record().moves.map((m) => m.action));
  });

  for (const game of GAMES) {
    it(`round-trips random playouts of ${game.meta.id} and replays them to the same state`, () => {
      const configs = HARNESS_CONFIGS[game.meta.id]!;
      fc.assert(
        fc.property(
          fc.constantFrom(...configs),
          fc.string({ maxLength: 10 }),
          fc.oneof(fc.nat(8), fc.nat(600)),
          fc.array(fc.string({ maxLength: 12 }), { maxLength: 8 }),
          (config, seed, steps, someNames) => {
            const session = play(game, config.players, config.options, seed, steps);
            const record = session.record();
            const names = Array.from({ length: config.players }, (_, k) => someNames[k] ?? '');
            const text = makeRecordText(record, names);
            const read = parseRecordText(text);
            if (!read.ok) throw new Error(`${read.error.message}\n${text}`);
            expect(normal(read.value.record)).toEqual(normal(record));
            if (names.some((n) => n !== '')) expect(read.value.names).toEqual(names);
            else expect(read.value.names).toBeUndefined();
            expect(makeRecordText(read.value.record, read.value.names)).toBe(text);
            expect(finalState(game, read.value.record)).toEqual(game.serialize(session.state));
          },
        ),
        { numRuns: 12 * SOAK, seed: 1313 },
      );
    });
  }

  it('keeps a stacked deck and a seed that needs quoting', () => {
    const record: GameRecord = {
      format: 2,
      game: 'matchet',
      players: 1,
      seed: ' spaced "seed" ',
      options: { mode: 'stacks' },
      deck: ['T01', 'T02'],
      moves: [],
    };
    const read = parseRecordText(makeRecordText(record));
    expect(read.ok && read.value.record).toEqual(record);
  });

  it('refuses text that is not a record with the line and a stable code, and never throws', () => {
    const bad: [string, number][] = [
      ['hello', 1],
      [`${RECORD_TEXT_MAGIC}\ngame: match\nplayers: 2\nseed: s\n0: discard r3\nplayers: 3\n`, 6],
      [`${RECORD_TEXT_MAGIC}\ngame: match\nplayers: 2\nseed: s\nweather: fine\n`, 5],
      [`${RECORD_TEXT_MAGIC}\ngame: match\nplayers: 2\nseed: s\noption target: {oops\n`, 5],
      [`${RECORD_TEXT_MAGIC}\ngame: match\nseed: s\n`, 1],
      [`${RECORD_TEXT_MAGIC}\ngame: match\nplayers: 2\nseed: s\njust words\n`, 5],
    ];
    for (const [text, line] of bad) {
      const read = parseRecordText(text);
      expect(read.ok).toBe(false);
      if (!read.ok) {
        expect(read.error.code).toBe('malformed_record_text');
        expect(read.error).toMatchObject({ line });
      }
    }
    fc.assert(
      fc.property(
        fc.string({ maxLength: 300 }),
        fc.array(fc.string({ maxLength: 40 }), { maxLength: 12 }),
        (s, ls) => {
          for (const input of [s, `${RECORD_TEXT_MAGIC}\n${ls.join('\n')}`]) {
            const read = parseRecordText(input);
            if (!read.ok) expect(read.error.code).toMatch(/^malformed_record/);
          }
        },
      ),
      { numRuns: 200, seed: 7 },
    );
  });

  it('a record file of a finished game replays through replay to its end', () => {
    const game = getGame('matchmaster')!;
    const session = play(game, 3, { handSizes: [2, 1] }, 'finished', 10_000);
    expect(game.isOver(session.state)).toBe(true);
    const read = parseRecordText(makeRecordText(session.record()));
    if (!read.ok) throw new Error(read.error.message);
    const replayed = replay(game, read.value.record);
    expect(replayed.ok && game.isOver(replayed.value)).toBe(true);
  });
});
