/**
 * The game-agnostic session module (issue 9, sections 2 and 3): records read from JSON
 * (`parseRecord`), replays of bad records (`replay`), what each viewer sees of an event
 * (`eventFor`, `eventsFor`), and `GameSession`: start, act, the undo policy and the record's
 * round trip. MatchMaster plays the game-specific parts (its secret bids, MM-4, reveal nothing
 * until the last one; dealing and playing a card reveal).
 */
import { describe, expect, it } from 'vitest';
import type {
  GameEvent,
  GameRecord,
  JsonObject,
  MatchMasterEvent,
  MatchMasterState,
  RecordedMove,
} from '../src/index.ts';
import {
  GameSession,
  RECORD_FORMAT,
  Rng,
  chanceOf,
  eventFor,
  eventsFor,
  matchmaster as game,
  parseRecord,
  replay,
  revealsAny,
} from '../src/index.ts';

const snapshot = (s: unknown): string => JSON.stringify(game.serialize(s as MatchMasterState));
const SHORT = { handSizes: [2, 1] };

function started(players = 3, seed = 'session', options: JsonObject = SHORT) {
  const r = GameSession.start(game, { players, seed, options });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Plays `steps` random legal actions through the session (all of them when not given). */
function playOn(session: GameSession<MatchMasterState, MatchMasterEvent>, seed: string, steps = Infinity) {
  const rng = Rng.fromSeed(seed);
  for (let i = 0; i < steps && !game.isOver(session.state); i++) {
    const seats = game.toAct(session.state);
    const seat = seats[rng.int(seats.length)]!;
    const legal = game.legalActions(session.state, seat);
    const r = session.act(seat, legal[rng.int(legal.length)]);
    if (!r.ok) throw new Error(r.error.message);
  }
}

/** A finished 3-player game's record, as JSON text would give it back. */
function finishedRecord(seed = 'record'): GameRecord {
  const { session } = started(3, seed);
  playOn(session, seed);
  return JSON.parse(JSON.stringify(session.record())) as GameRecord;
}

const codeOf = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'ok' : r.error!.code);

describe('parseRecord', () => {
  const good = finishedRecord();

  it('accepts a format 2 record as it is', () => {
    const r = parseRecord(good);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value).toEqual(good);
  });

  it('refuses what is not an object', () => {
    for (const bad of [null, undefined, 42, 'record', true, [], [good]]) {
      const r = parseRecord(bad);
      expect(codeOf(r), JSON.stringify(bad)).toBe('malformed_record');
      if (!r.ok) expect(r.error.message).toMatch(/object/);
    }
  });

  it('refuses a record with a field missing, each with a message naming it', () => {
    for (const field of ['game', 'players', 'seed', 'moves'] as const) {
      const { [field]: _gone, ...rest } = good;
      const r = parseRecord(rest);
      expect(codeOf(r), field).toBe('malformed_record');
      if (!r.ok) expect(r.error.message).toContain(`"${field}"`);
    }
  });

  it('refuses fields of the wrong type', () => {
    const bad: Record<string, unknown>[] = [
      { game: 7 },
      { players: '3' },
      { players: 2.5 },
      { players: null },
      { seed: 12 },
      { moves: {} },
      { moves: 'bid 1' },
      { options: [] },
      { options: 'handSizes=2' },
      { options: null },
      { deck: 'do1 do2' },
      { deck: [1, 2] },
      { chance: ['do1'] },
      { chance: [[1]] },
      { from: 'saved' },
      { from: [] },
    ];
    for (const change of bad)
      expect(codeOf(parseRecord({ ...good, ...change })), JSON.stringify(change)).toBe('malformed_record');
  });

  it('refuses moves of the wrong shape', () => {
    const moves: unknown[] = [
      null,
      'bid 1',
      [0, 'bid 1'],
      {},
      { seat: 0 },
      { action: 'bid 1' },
      { seat: '0', action: 'bid 1' },
      { seat: 0.5, action: 'bid 1' },
      { seat: 0, action: 1 },
      { seat: 0, action: { type: 'bid', bid: 1 } },
      { seat: 0, action: 'bid 1', chance: 'do1' },
      { seat: 0, action: 'bid 1', chance: [['do1', 2]] },
    ];
    for (const move of moves) {
      const r = parseRecord({ ...good, moves: [...good.moves.slice(0, 2), move] });
      expect(codeOf(r), JSON.stringify(move)).toBe('malformed_record');
    }
  });

  it('refuses a format it does not know (3, 0, "2")', () => {
    for (const format of [3, 0, '2', null, 2.5]) {
      const r = parseRecord({ ...good, format });
      expect(codeOf(r), String(format)).toBe('unsupported_record_format');
      if (!r.ok) expect(r.error.message).toContain(JSON.stringify(format));
    }
  });

  it('accepts format 1 (no format field) and brings it to format 2, fields kept', () => {
    const { format: _f, chance: _c, ...old } = good;
    const v1 = { ...old, moves: old.moves.map(({ seat, action }) => ({ seat, action })) };
    for (const record of [v1, { ...v1, format: 1 }]) {
      const r = parseRecord(record);
      if (!r.ok) throw new Error(r.error.message);
      expect(r.value.format).toBe(RECORD_FORMAT);
      expect({ ...r.value, format: undefined }).toEqual({ ...record, format: undefined });
    }
  });
});

describe('replay', () => {
  const good = finishedRecord('replay');
  const final = replay(game, good);

  it('replays a good record to the finished game, and the same after JSON', () => {
    if (!final.ok) throw new Error(final.error.message);
    expect(game.isOver(final.value as MatchMasterState)).toBe(true);
    const again = replay(game, JSON.parse(JSON.stringify(good)) as GameRecord);
    expect(again.ok && snapshot(again.value)).toBe(snapshot(final.ok && final.value));
  });

  it('refuses bad records with their code, never throwing', () => {
    const cases: [unknown, string][] = [
      [null, 'malformed_record'],
      ['a record', 'malformed_record'],
      [{ ...good, players: 'three' }, 'malformed_record'],
      [{ ...good, moves: [{ seat: 0 }] }, 'malformed_record'],
      [{ ...good, moves: null }, 'malformed_record'],
      [{ ...good, moves: 'bid 1' }, 'malformed_record'],
      [{ ...good, format: 3 }, 'unsupported_record_format'],
      [{ ...good, game: 'sweet16' }, 'wrong_game'],
      [{ ...good, game: 'MatchMaster' }, 'wrong_game'],
      [{ ...good, players: 9 }, 'invalid_players'],
      [{ ...good, options: { handSizes: 'x' } }, 'invalid_option'],
      [{ ...good, from: { game: 'matchmaster', version: 99 } }, 'invalid_state'],
    ];
    for (const [record, code] of cases) {
      const r = replay(game, record as GameRecord);
      expect(codeOf(r), JSON.stringify(record).slice(0, 60)).toBe(code);
      if (!r.ok) expect(r.error.at).toBeUndefined(); // refused before any move
    }
  });

  it('names another game in wrong_game', () => {
    const r = replay(game, { ...good, game: 'sweet16' });
    expect(!r.ok && r.error.message).toMatch(/"sweet16".*matchmaster/);
  });

  it('reports the first failing move with its index (at)', () => {
    const moves = good.moves;
    const k = 4; // bids of hand 1 are 0..2; move 4 is a card of the first trick
    const wrongSeat = moves[k]!.seat === 0 ? 1 : 0;
    const cases: [RecordedMove, string][] = [
      [{ ...moves[k]!, seat: wrongSeat }, 'not_your_turn'],
      [{ ...moves[k]!, action: 'bid 1' }, 'not_bidding'],
      [{ ...moves[k]!, action: 'do14' }, 'unknown_card'],
      [{ ...moves[k]!, action: 'fold' }, 'malformed_action'],
      [{ ...moves[k]!, seat: 7 }, 'invalid_seat'],
    ];
    for (const [move, code] of cases) {
      const r = replay(game, { ...good, moves: [...moves.slice(0, k), move, ...moves.slice(k + 1)] });
      expect(r.ok, JSON.stringify(move)).toBe(false);
      if (!r.ok) {
        expect(r.error.code, JSON.stringify(move)).toBe(code);
        expect(r.error.at).toBe(k);
        expect(r.error.message.length).toBeGreaterThan(0);
      }
    }
    // A move after the game's end.
    const extra = replay(game, { ...good, moves: [...moves, moves[0]!] });
    expect(!extra.ok && extra.error).toMatchObject({ code: 'game_over', at: moves.length });
  });

  it('replays a format 1 record (no format, no chance) like the format 2 one', () => {
    const { format: _f, chance: _c, ...old } = good;
    const v1 = { ...old, moves: old.moves.map(({ seat, action }) => ({ seat, action })) };
    const r = replay(game, v1 as unknown as GameRecord);
    if (!r.ok) throw new Error(r.error.message);
    expect(snapshot(r.value)).toBe(snapshot(final.ok && final.value));
  });

  it('replays a record that starts from a save', () => {
    const { session } = started(3, 'from');
    playOn(session, 'from', 5);
    const saved = game.serialize(session.state);
    const later = GameSession.fromSave(game, saved);
    if (!later.ok) throw new Error(later.error.message);
    playOn(later.value, 'from-on', 6);
    const record = later.value.record();
    expect(record.from).toEqual(saved);
    const r = replay(game, JSON.parse(JSON.stringify(record)) as GameRecord);
    expect(r.ok && snapshot(r.value)).toBe(snapshot(later.value.state));
  });
});

describe('eventFor and eventsFor', () => {
  type Body = { type: string; n?: number };
  const pub: GameEvent<Body> = { all: { type: 'public' } };
  const mixed: GameEvent<Body> = {
    all: { type: 'dealt' },
    seats: { 0: { type: 'dealt', n: 0 }, 2: { type: 'dealt', n: 2 } },
    reveals: true,
  };
  const secret: GameEvent<Body> = { all: null, seats: { 1: { type: 'look', n: 1 } } };
  const chanceOnly: GameEvent<Body> = { all: null, chance: ['do1', 'do2'] };
  const events = [pub, mixed, secret, chanceOnly];

  it('a seat sees its own entry, else what everybody sees; a spectator what everybody sees', () => {
    expect(eventFor(mixed, 0)).toEqual({ type: 'dealt', n: 0 }); // seat 0: a falsy key still counts
    expect(eventFor(mixed, 2)).toEqual({ type: 'dealt', n: 2 });
    expect(eventFor(mixed, 1)).toEqual({ type: 'dealt' });
    expect(eventFor(mixed, null)).toEqual({ type: 'dealt' });
    expect(eventFor(pub, 3)).toBe(pub.all);
  });

  it('an event for some seats only is nothing to the others and to spectators', () => {
    expect(eventFor(secret, 1)).toEqual({ type: 'look', n: 1 });
    expect(eventFor(secret, 0)).toBeNull();
    expect(eventFor(secret, null)).toBeNull();
    expect(eventFor(chanceOnly, 0)).toBeNull();
    expect(eventFor(chanceOnly, null)).toBeNull();
  });

  it('eventsFor keeps the order and drops what the viewer does not see', () => {
    expect(eventsFor(events, 0)).toEqual([{ type: 'public' }, { type: 'dealt', n: 0 }]);
    expect(eventsFor(events, 1)).toEqual([{ type: 'public' }, { type: 'dealt' }, { type: 'look', n: 1 }]);
    expect(eventsFor(events, null)).toEqual([{ type: 'public' }, { type: 'dealt' }]);
    expect(eventsFor([], 0)).toEqual([]);
  });

  it('revealsAny and chanceOf read the flags; chanceOf copies', () => {
    expect(revealsAny(events)).toBe(true);
    expect(revealsAny([pub, secret, chanceOnly])).toBe(false);
    const chance = chanceOf(events);
    expect(chance).toEqual([['do1', 'do2']]);
    chance[0]!.push('x');
    expect(chanceOnly.chance).toEqual(['do1', 'do2']);
  });

  it("on MatchMaster's first deal, every seat sees its own cards and nobody another's", () => {
    const { events: dealt, session } = started(4, 'deal');
    expect(dealt).toHaveLength(1);
    for (let seat = 0; seat < 4; seat++) {
      const [seen] = eventsFor(dealt, seat);
      expect(seen).toMatchObject({ type: 'hand_dealt', cards: game.view(session.state, seat).myHand });
    }
    expect(eventsFor(dealt, null)[0]).not.toHaveProperty('cards');
    expect(chanceOf(dealt)).toHaveLength(1);
  });
});

describe('GameSession', () => {
  it('start gives the setup events and a record of format 2 with the first deal', () => {
    const { session, events } = started(3, 'start');
    expect(revealsAny(events)).toBe(true);
    const record = session.record();
    expect(record).toMatchObject({
      format: 2,
      game: 'matchmaster',
      players: 3,
      seed: 'start',
      options: SHORT,
    });
    expect(record.chance).toEqual(chanceOf(events));
    expect(record.moves).toEqual([]);
    expect(session.length).toBe(0);
  });

  it('start refuses a bad setup', () => {
    const r = GameSession.start(game, { players: 1, seed: 'x' });
    expect(codeOf(r)).toBe('invalid_players');
  });

  it('act applies and records; a refused action changes nothing', () => {
    const { session } = started(3, 'act');
    const before = snapshot(session.state);
    const refused = session.act(0, { type: 'bid', bid: 5 });
    expect(codeOf(refused)).toBe('bid_out_of_range');
    const junk = session.act(0, 'bid 1');
    expect(codeOf(junk)).toBe('malformed_action');
    expect(snapshot(session.state)).toBe(before);
    expect(session.length).toBe(0);
    const done = session.act(1, { type: 'bid', bid: 1 }); // a plain object, not the interned one
    expect(done.ok && done.value).toMatchObject({ revealed: false });
    expect(session.record().moves).toEqual([{ seat: 1, action: 'bid 1' }]);
  });

  it('undo: nothing_to_undo, not_your_action, undo_after_reveal, each changing nothing', () => {
    const { session } = started(3, 'policy');
    expect(codeOf(session.undo(0))).toBe('nothing_to_undo');
    expect(session.undoRefusal(0)?.code).toBe('nothing_to_undo');
    session.act(2, { type: 'bid', bid: 0 });
    const afterOne = snapshot(session.state);
    expect(codeOf(session.undo(1))).toBe('not_your_action');
    expect(snapshot(session.state)).toBe(afterOne);
    session.act(0, { type: 'bid', bid: 1 });
    expect(session.undoRefusal(2)?.code).toBe('not_your_action'); // seat 0 acted since (MM-4)
    const last = session.act(1, { type: 'bid', bid: 2 }); // the last bid reveals them all
    expect(last.ok && last.value.revealed).toBe(true);
    const revealed = snapshot(session.state);
    expect(codeOf(session.undo(1))).toBe('undo_after_reveal');
    expect(snapshot(session.state)).toBe(revealed);
    expect(session.length).toBe(3);
  });

  it('undo gives back the exact earlier state and the game goes on from it', () => {
    const { session } = started(3, 'undo');
    session.act(1, { type: 'bid', bid: 1 });
    const before = snapshot(session.state);
    const recordBefore = session.record();
    session.act(2, { type: 'bid', bid: 0 });
    const taken = session.undo(2);
    expect(taken.ok && taken.value).toEqual({ seat: 2, action: 'bid 0' });
    expect(snapshot(session.state)).toBe(before);
    expect(session.record()).toEqual(recordBefore);
    expect(session.act(2, { type: 'bid', bid: 2 }).ok).toBe(true);
    playOn(session, 'undo-on');
    expect(game.isOver(session.state)).toBe(true);
  });

  it('a forced undo (solitaires, tools) takes back even a reveal, exactly', () => {
    const { session } = started(3, 'force');
    playOn(session, 'force', 2);
    const before = snapshot(session.state);
    const lastSeat = game.toAct(session.state)[0]!;
    const last = session.act(lastSeat, { type: 'bid', bid: 0 }); // the last bid reveals them all
    expect(last.ok && last.value.revealed).toBe(true);
    expect(codeOf(session.undo(lastSeat))).toBe('undo_after_reveal');
    const forced = session.undo(0, true);
    expect(forced.ok).toBe(true);
    expect(snapshot(session.state)).toBe(before);
    expect(session.length).toBe(2);
    session.undo(0, true);
    session.undo(0, true);
    expect(codeOf(session.undo(0, true))).toBe('nothing_to_undo');
  });

  it('the record round-trips: JSON, fromRecord and replay give the same state, and the undo policy holds again', () => {
    const { session } = started(4, 'round trip', { handSizes: [3, 2, 1] });
    playOn(session, 'round trip', 30);
    const json = JSON.parse(JSON.stringify(session.record())) as unknown;
    const rebuilt = GameSession.fromRecord(game, json);
    if (!rebuilt.ok) throw new Error(rebuilt.error.message);
    expect(snapshot(rebuilt.value.state)).toBe(snapshot(session.state));
    expect(rebuilt.value.record()).toEqual(session.record());
    const last = session.record().moves.at(-1)!;
    expect(rebuilt.value.undoRefusal(last.seat)).toEqual(session.undoRefusal(last.seat));
    // Both go on alike.
    playOn(session, 'after');
    playOn(rebuilt.value, 'after');
    expect(snapshot(rebuilt.value.state)).toBe(snapshot(session.state));
    const replayed = replay(game, JSON.parse(JSON.stringify(session.record())) as GameRecord);
    expect(replayed.ok && snapshot(replayed.value)).toBe(snapshot(session.state));
  });

  it('fromRecord refuses bad records and names a failing move', () => {
    const record = finishedRecord('rebuild');
    expect(codeOf(GameSession.fromRecord(game, 'x'))).toBe('malformed_record');
    expect(codeOf(GameSession.fromRecord(game, { ...record, game: 'match' }))).toBe('wrong_game');
    const broken = GameSession.fromRecord(game, {
      ...record,
      moves: [...record.moves.slice(0, 3), { seat: 0, action: 'bid 9' }],
    });
    expect(!broken.ok && broken.error).toMatchObject({ at: 3 });
  });
});
