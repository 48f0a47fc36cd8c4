/**
 * `GameSession.fromLog`: a session rebuilt from an action log that holds undos (a server's table
 * after a restart) is the session that was played live: the same state, record, undo policy, each
 * viewer's update, and each entry's events. Random games on every game, with moves taken back at
 * random (also moves that drew chance: the queue of recorded chance outcomes serves only the moves
 * before the first undo).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnyGame, GameEvent, GameRecord, LogEntry, Viewer } from '../src/index.ts';
import { GAMES, GameSession, Rng, UNDO, movesInEffect, recordHeader } from '../src/index.ts';

interface Case {
  readonly game: string;
  readonly players: number;
  readonly options?: Record<string, unknown>;
}

const CASES: readonly Case[] = [
  { game: 'matchmaster', players: 3, options: { handSizes: [3, 1, 2] } },
  { game: 'match', players: 3, options: { target: 10 } },
  { game: 'match', players: 2, options: { target: 10 } },
  { game: 'matchet', players: 3, options: { rounds: 1 } },
  { game: 'matchet', players: 1, options: { mode: 'reserve' } },
  { game: 'matchet', players: 1, options: { mode: 'stacks' } },
  { game: 'sweet16', players: 3, options: { turnLimit: 40, memoryAid: true } },
  { game: 'sweet16', players: 2, options: { mode: 'duel' } },
];

const MAX_STEPS = 200;
const gameOf = (id: string): AnyGame => GAMES.find((g) => g.meta.id === id)!;

interface Played {
  readonly game: AnyGame;
  readonly live: GameSession;
  readonly header: Omit<GameRecord, 'moves'>;
  readonly log: LogEntry[];
  /** The events of each log entry as the live session made them. */
  readonly events: GameEvent[][];
  readonly setupEvents: readonly GameEvent[];
  /** Undos that took back a move which had drawn chance. */
  readonly chanceUndone: number;
}

/**
 * Plays a game the way a server logs it: random legal moves, and with `undoPercent` chance an undo
 * of the last move (policy or not: a log replays undos as they were judged).
 */
function play(c: Case, seed: string, undoPercent: number): Played {
  const game = gameOf(c.game);
  const started = GameSession.start(game, { players: c.players, seed, options: c.options as never });
  if (!started.ok) throw new Error(started.error.message);
  const { session: live, events: setupEvents } = started.value;
  const rng = Rng.fromSeed(`log:${seed}:${undoPercent}`);
  const log: LogEntry[] = [];
  const events: GameEvent[][] = [];
  let chanceUndone = 0;
  for (let step = 0; step < MAX_STEPS && !live.over; step++) {
    if (live.length > 0 && rng.int(100) < undoPercent) {
      const seat = live.moves().at(-1)!.seat;
      const undone = live.proposeUndo(seat, true);
      if (!undone.ok) throw new Error(undone.error.message);
      if (undone.value.move.chance) chanceUndone++;
      live.accept(undone.value);
      log.push({ seat, action: UNDO });
      events.push(undone.value.events);
      continue;
    }
    const acting = game.toAct(live.state);
    const seat = acting[rng.int(acting.length)]!;
    const legal = game.legalActions(live.state, seat);
    const applied = live.act(seat, legal[rng.int(legal.length)]);
    if (!applied.ok) throw new Error(applied.error.message);
    log.push(live.moves().at(-1)!);
    events.push(applied.value.events);
  }
  const { moves: _moves, ...header } = live.record();
  return { game, live, header, log, events, setupEvents, chanceUndone };
}

/** The rebuilt session must be the live one in every way a shell can observe. */
function expectSame(p: Played, rebuilt: GameSession, viewers: readonly Viewer[]): void {
  const { game, live } = p;
  expect(JSON.stringify(game.serialize(rebuilt.state))).toBe(JSON.stringify(game.serialize(live.state)));
  expect(rebuilt.record()).toEqual(live.record());
  for (const v of viewers) {
    expect(rebuilt.updateFor(v)).toEqual(live.updateFor(v));
    expect(rebuilt.eventsSoFar(v)).toEqual(live.eventsSoFar(v));
    if (v !== null) expect(rebuilt.undoRefusal(v)).toEqual(live.undoRefusal(v));
  }
}

const viewersOf = (players: number): Viewer[] => [...Array.from({ length: players }, (_, s) => s), null];

describe('GameSession.fromLog', () => {
  it.each(CASES.map((c) => [`${c.game} ${c.players}p`, c] as const))(
    '%s: a log with undos rebuilds the live session, entry by entry',
    (_label, c) => {
      const p = play(c, 'fixed', 25);
      expect(p.log.some((e) => e.action === UNDO)).toBe(true);
      const rebuilt = GameSession.fromLog(p.game, p.header, p.log);
      if (!rebuilt.ok) throw new Error(`${rebuilt.error.code} at ${rebuilt.error.at}`);
      expect(rebuilt.value.setupEvents).toEqual(p.setupEvents);
      expect(rebuilt.value.entryEvents).toEqual(p.events);
      expectSame(p, rebuilt.value.session, viewersOf(c.players));
      // It goes on like the live one: the next move gives the same events.
      if (!p.live.over) {
        const seat = p.game.toAct(p.live.state)[0]!;
        const action = p.game.legalActions(p.live.state, seat)[0];
        expect(rebuilt.value.session.act(seat, action)).toEqual(p.live.act(seat, action));
      }
    },
  );

  it('rebuilds random games with random undos, among them undos of moves that drew chance', () => {
    let chanceUndone = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...CASES),
        fc.string({ maxLength: 6 }),
        fc.integer({ min: 0, max: 50 }),
        (c, seed, undoPercent) => {
          const p = play(c, seed, undoPercent);
          chanceUndone += p.chanceUndone;
          const rebuilt = GameSession.fromLog(p.game, p.header, p.log);
          if (!rebuilt.ok) throw new Error(`${rebuilt.error.code} at ${rebuilt.error.at}`);
          expect(rebuilt.value.entryEvents).toEqual(p.events);
          expectSame(p, rebuilt.value.session, viewersOf(c.players));
        },
      ),
      { numRuns: 60, seed: 31 },
    );
    // The case the chance queue is about was met (a later move then draws anew).
    expect(chanceUndone).toBeGreaterThan(0);
  });

  it('takes its deals from the log, not the generator, up to the first undo', () => {
    const p = play(CASES[1]!, 'deals', 0);
    const elsewhere = GameSession.fromLog(p.game, { ...p.header, seed: 'another seed' }, p.log);
    if (!elsewhere.ok) throw new Error(elsewhere.error.message);
    expect(elsewhere.value.session.moves()).toEqual(p.live.moves());
    expect(elsewhere.value.session.updateFor(0)).toEqual(p.live.updateFor(0));
  });

  it('names the entry that does not apply, and refuses a log that starts from a save', () => {
    const p = play(CASES[0]!, 'broken', 0);
    const broken = [...p.log.slice(0, 3), { seat: 0, action: 'no such move' }];
    const rebuilt = GameSession.fromLog(p.game, p.header, broken);
    expect(rebuilt.ok).toBe(false);
    if (!rebuilt.ok) expect(rebuilt.error.at).toBe(3);
    const undoFirst = GameSession.fromLog(p.game, p.header, [{ seat: 0, action: UNDO }]);
    expect(undoFirst.ok ? null : undoFirst.error.code).toBe('nothing_to_undo');
    const fromSave = GameSession.fromLog(p.game, { ...p.header, from: {} }, p.log);
    expect(fromSave.ok ? null : fromSave.error.code).toBe('malformed_record');
  });
});

describe('movesInEffect and recordHeader', () => {
  it('leaves the moves the undos did not take back', () => {
    const m = (action: string) => ({ seat: 0, action });
    expect(movesInEffect([m('a'), m('b'), m(UNDO), m('c'), m(UNDO), m(UNDO), m('d')])).toEqual([m('d')]);
  });

  it('starts a record from the recorded first deal, else the stacked deck', () => {
    const setup = { game: 'match', players: 2, seed: 's', deck: ['x'] };
    expect(recordHeader({ ...setup, chance: [['y']] })).toMatchObject({ chance: [['y']] });
    expect(recordHeader({ ...setup, chance: [['y']] })).not.toHaveProperty('deck');
    expect(recordHeader({ ...setup, chance: [] })).toMatchObject({ deck: ['x'] });
    expect(recordHeader({ ...setup, chance: [] })).not.toHaveProperty('chance');
  });
});
