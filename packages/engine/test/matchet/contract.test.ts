/**
 * MATCHET on contract v2 (issue 9): accessors, events and reveals, chance outcomes, solo outcomes,
 * sampling, saves and records (with the fixtures written by the engine before the change), undo.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GameRecord, JsonObject, MatchetAction, MatchetState, SetupConfig } from '../../src/index.ts';
import {
  GameSession,
  Rng,
  eventsFor,
  matchet,
  parseRecord,
  replay,
  setupConfigOf,
  solveMatchet,
} from '../../src/index.ts';
import type { Ev } from './events.ts';
import { bodies, ofType } from './events.ts';

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

function mk(config: SetupConfig, events?: Ev[]): MatchetState {
  const r = matchet.setup(config, events);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
const seatOf = (s: MatchetState) => matchet.toAct(s)[0]!;
const text = (s: MatchetState) => matchet.legalActions(s, seatOf(s)).map((a) => matchet.formatAction(a));
const parse = (t: string): MatchetAction => {
  const p = matchet.parseAction(t);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
};
const saved = (s: MatchetState) => JSON.stringify(matchet.serialize(s));
/** Plays to the end with random legal actions, returning the actions in text. */
function playOut(s: MatchetState, seed: string): string[] {
  const rng = Rng.fromSeed(seed);
  const out: string[] = [];
  while (!matchet.isOver(s)) {
    const l = matchet.legalActions(s, seatOf(s));
    const a = l[rng.int(l.length)]!;
    out.push(matchet.formatAction(a));
    expect(matchet.applyInPlace(s, seatOf(s), a)).toBeNull();
  }
  return out;
}
/** A session played to the end with random legal actions. */
function session(config: SetupConfig, seed: string): GameSession<MatchetState> {
  const started = GameSession.start(matchet, config);
  if (!started.ok) throw new Error(started.error.message);
  const g = started.value.session;
  const rng = Rng.fromSeed(seed);
  while (!matchet.isOver(g.state)) {
    const seat = seatOf(g.state);
    const l = matchet.legalActions(g.state, seat);
    expect(g.act(seat, l[rng.int(l.length)]).ok).toBe(true);
  }
  return g;
}

describe('accessors: players, phase, actionCount, describeTurn', () => {
  it('multi: phases start, play, over; one action per placement however many draws follow (MT-5, MT-X1)', () => {
    const s = mk({ players: 3, seed: 'acc', options: { rounds: 2 } });
    expect(matchet.players(s)).toBe(3);
    expect(matchet.phase(s)).toBe('start');
    expect(matchet.actionCount(s)).toBe(0);
    expect(matchet.describeTurn(s)).toBe(`Seat ${seatOf(s)} to lay the starting tile of round 1`);
    let n = 0;
    let sawRound2 = false;
    const rng = Rng.fromSeed('acc');
    while (!matchet.isOver(s)) {
      const l = matchet.legalActions(s, seatOf(s));
      matchet.applyInPlace(s, seatOf(s), l[rng.int(l.length)]);
      n++;
      expect(matchet.actionCount(s)).toBe(n);
      if (matchet.phase(s) === 'start') {
        sawRound2 = true;
        expect(matchet.describeTurn(s)).toBe(`Seat ${seatOf(s)} to lay the starting tile of round 2`);
      } else if (!matchet.isOver(s)) {
        expect(matchet.phase(s)).toBe('play');
        expect(matchet.describeTurn(s)).toBe(`Seat ${seatOf(s)} to place a tile`);
      }
    }
    expect(sawRound2).toBe(true);
    expect(matchet.phase(s)).toBe('over');
    const r = matchet.result(s)!;
    const best = Math.max(...r.scores);
    const words = r.winners.length === 1 ? `seat ${r.winners[0]} wins` : `seats`;
    expect(matchet.describeTurn(s)).toContain(`Game over: ${words}`);
    expect(matchet.describeTurn(s)).toContain(`with ${best}`);
    expect(matchet.view(s, 1)).toMatchObject({
      phase: 'over',
      winners: r.winners,
      turn: matchet.describeTurn(s),
    });
    expect(r.solo).toBeUndefined();
  });

  it('Solitaire A: the first tile lays itself (MT-9) and is no action; the turn names the tile to place', () => {
    const s = mk({ players: 1, seed: 'acc-a', options: { mode: 'reserve' } });
    expect(matchet.actionCount(s)).toBe(0);
    expect(matchet.phase(s)).toBe('play');
    const v = matchet.view(s, 0);
    expect(matchet.describeTurn(s)).toBe(
      `Seat 0 to place ${v.current} (${v.fromReserve ? 'the top of the reserve' : 'just drawn'})`,
    );
    expect(v.turn).toBe(matchet.describeTurn(s));
  });

  it('Solitaire B: start, then play', () => {
    const s = mk({ players: 1, seed: 'acc-b', options: { mode: 'stacks' } });
    expect(matchet.phase(s)).toBe('start');
    expect(matchet.describeTurn(s)).toBe('Seat 0 to lay a stack top as the starting tile');
    matchet.applyInPlace(s, 0, matchet.legalActions(s, 0)[0]);
    expect(matchet.actionCount(s)).toBe(1);
    if (!matchet.isOver(s)) expect(matchet.describeTurn(s)).toBe('Seat 0 to place a stack top');
  });
});

describe('events: one public event per happening, reveals, setup events', () => {
  it('multi setup: one deal event, public, revealing, with the tile order as its chance outcome (MT-4)', () => {
    const events: Ev[] = [];
    const s = mk({ players: 3, seed: 'ev' }, events);
    expect(events).toHaveLength(1);
    const [deal] = events;
    expect(deal!.reveals).toBe(true);
    expect(deal!.seats).toBeUndefined();
    const v = matchet.view(s, null);
    expect(deal!.all).toEqual({
      type: 'deal',
      round: 1,
      firstSeat: 0,
      starter: seatOf(s),
      hands: v.hands,
      pool: 21,
    });
    // The chance outcome is the whole deal: five per seat from the first seat, then the pool.
    expect(deal!.chance).toHaveLength(36);
    expect(new Set(deal!.chance).size).toBe(36);
    expect(deal!.chance!.slice(0, 15).sort()).toEqual(v.hands!.flat().slice().sort());
    expect(deal!.chance!.slice(15).sort()).toEqual(matchet.hiddenCards(s, 0).sort());
  });

  it('Solitaire A setup: a shuffle (chance, no reveal), the first draw (a reveal) and its automatic placement', () => {
    const events: Ev[] = [];
    const s = mk({ players: 1, seed: 'ev-a', options: { mode: 'reserve' } }, events);
    const first = matchet.view(s, 0).board[0]!.tile;
    expect(bodies(events).slice(0, 3)).toEqual([
      { type: 'shuffle', pool: 36 },
      { type: 'draw', seat: 0, tile: first, pool: 35 },
      { type: 'place', seat: 0, tile: first, row: 0, col: 0, red: 'B', points: 0, exceptional: false },
    ]);
    expect(events[0]!.reveals).toBeUndefined();
    expect(events[0]!.chance![0]).toBe(first);
    expect(events[1]!.reveals).toBe(true);
    expect(events[2]!.reveals).toBeUndefined();
    // Every later event is a draw (reveals) or a reserve (reveals) until the tile to place.
    for (const e of events.slice(3)) {
      expect(['draw', 'reserve']).toContain(e.all!.type);
      expect(e.reveals).toBe(true);
    }
  });

  it('Solitaire B setup: the six stacks, dealt face up (MT-10, MT-X5), as one revealing event', () => {
    const events: Ev[] = [];
    const s = mk({ players: 1, seed: 'ev-b', options: { mode: 'stacks' } }, events);
    expect(events).toHaveLength(1);
    const stacks = matchet.view(s, 0).stacks!.map((x) => [x.top!, ...x.beneath]);
    expect(events[0]).toEqual({ all: { type: 'stacks', stacks }, reveals: true, chance: stacks.flat() });
  });

  it('a placement reveals nothing (every tile in front is public, MT-4); the draws after it do, and each names its tile to all', () => {
    let quiet = 0;
    let loud = 0;
    for (let g = 0; g < 20 && (quiet < 3 || loud < 3); g++) {
      const s = mk({ players: 3, seed: `rv-${g}`, options: { rounds: 1 } });
      const rng = Rng.fromSeed(`rv-${g}`);
      while (!matchet.isOver(s)) {
        const l = matchet.legalActions(s, seatOf(s));
        const events: Ev[] = [];
        const poolBefore = matchet.view(s, null).pool!;
        matchet.applyInPlace(s, seatOf(s), l[rng.int(l.length)], events);
        for (const e of events) {
          expect(e.seats).toBeUndefined();
          expect(e.reveals === true).toBe(['draw', 'reserve', 'deal', 'stacks'].includes(e.all!.type));
        }
        const draws = ofType(events, 'draw');
        if (draws.length === 0) quiet++;
        else {
          loud++;
          // Everyone (a spectator too) sees which tile was drawn, and the pool shrinks by one each time.
          expect(eventsFor(events, null)).toEqual(bodies(events));
          draws.forEach((d, i) => expect(d.pool).toBe(poolBefore - i - 1));
        }
      }
    }
    expect(quiet).toBeGreaterThanOrEqual(3);
    expect(loud).toBeGreaterThanOrEqual(3);
  });

  it('undo policy: a placement without draws may be taken back, one followed by a draw may not', () => {
    let checked = 0;
    for (let g = 0; g < 30 && checked < 2; g++) {
      const started = GameSession.start(matchet, { players: 2, seed: `undo-${g}`, options: { rounds: 1 } });
      if (!started.ok) throw new Error(started.error.message);
      const game = started.value.session;
      const rng = Rng.fromSeed(`undo-${g}`);
      let quiet = false;
      let loud = false;
      while (!matchet.isOver(game.state) && !(quiet && loud)) {
        const seat = seatOf(game.state);
        const before = saved(game.state);
        const l = matchet.legalActions(game.state, seat);
        const applied = game.act(seat, l[rng.int(l.length)]);
        if (!applied.ok) throw new Error(applied.error.message);
        if (applied.value.revealed) {
          loud = true;
          expect(game.undoRefusal(seat)?.code).toBe('undo_after_reveal');
        } else if (!quiet) {
          quiet = true;
          expect(game.undoRefusal(seat)).toBeNull();
          expect(game.undo(seat).ok).toBe(true);
          expect(saved(game.state)).toBe(before);
          expect(game.act(seat, l[0]).ok).toBe(true);
        }
      }
      if (quiet && loud) checked++;
    }
    expect(checked).toBe(2);
  });
});

describe('chance outcomes (SetupConfig.chance)', () => {
  it('replaying the recorded outcomes with the same seed gives identical states, generator included', () => {
    const g = session({ players: 3, seed: 'ch', options: { rounds: 3 } }, 'ch');
    const record = g.record();
    expect(record.chance).toHaveLength(1);
    // MT-8: each later round is a new shuffle, recorded with the move that ended the round before.
    expect(record.moves.filter((m) => m.chance).length).toBe(2);
    const config = setupConfigOf(record);
    expect(config.chance).toHaveLength(3);
    const s = mk(config);
    // The first outcome made the deal; the others wait for the later rounds' shuffles.
    expect(JSON.parse(saved(s))).toMatchObject({ chance: config.chance!.slice(1) });
    for (const m of record.moves) expect(matchet.applyInPlace(s, m.seat, parse(m.action))).toBeNull();
    // Every outcome is used up: nothing is left in the save.
    expect(saved(s)).toBe(saved(g.state));
    expect(JSON.parse(saved(s))).not.toHaveProperty('chance');
  });

  it('another seed with the same outcomes gives the same game: every view and the result (issue 9, section 2)', () => {
    for (const options of [{ rounds: 2 }, { mode: 'reserve' }, { mode: 'stacks' }] as const) {
      const players = 'mode' in options ? 1 : 3;
      const g = session({ players, seed: 'one', options }, 'other');
      const record = g.record();
      const a = mk(setupConfigOf(record));
      const b = mk(setupConfigOf({ ...record, seed: 'a different seed' }));
      const views = (s: MatchetState) =>
        JSON.stringify([null, 0, 1, 2].slice(0, players + 1).map((v) => matchet.view(s, v)));
      expect(views(b)).toBe(views(a));
      for (const m of record.moves) {
        expect(matchet.applyInPlace(a, m.seat, parse(m.action))).toBeNull();
        expect(matchet.applyInPlace(b, m.seat, parse(m.action))).toBeNull();
        expect(views(b)).toBe(views(a));
      }
      expect(matchet.result(b)).toEqual(matchet.result(g.state));
      expect(matchet.serialize(b).rng).not.toEqual(matchet.serialize(a).rng);
    }
  });

  it('the generator runs as it would have: a stacked deck, or a recorded order, leaves the same generator state', () => {
    const plain = mk({ players: 2, seed: 'gen', options: { rounds: 2 } });
    const order = (matchet.serialize(plain).order as number[]).map(
      (t) => `T${String(t + 1).padStart(2, '0')}`,
    );
    const reversed = order.slice().reverse();
    const deck = mk({ players: 2, seed: 'gen', options: { rounds: 2 }, deck: reversed });
    const chance = mk({ players: 2, seed: 'gen', options: { rounds: 2 }, chance: [reversed] });
    expect(matchet.serialize(deck).rng).toEqual(matchet.serialize(plain).rng);
    expect(saved(chance)).toBe(saved(deck));
    expect(matchet.view(deck, null).hands![0]).toEqual(reversed.slice(0, 5).sort());
  });

  it('a bad entry changes the deal but never breaks the state: unknown names and repeats are ignored', () => {
    const s = mk({ players: 2, seed: 'bad', chance: [['T07', 'nope', 'T07', 'T99', ' t03 ', 'T01'], ['x']] });
    const order = matchet.serialize(s).order as number[];
    expect(order.slice(0, 3)).toEqual([6, 2, 0]);
    expect(matchet.verify(s)).toBeNull();
    // The rest keeps the generator's order.
    const plain = matchet.serialize(mk({ players: 2, seed: 'bad' })).order as number[];
    expect(order.slice(3)).toEqual(plain.filter((t) => t !== 6 && t !== 2 && t !== 0));
    // The unused second entry waits in the state (and in its save) for the next round's shuffle.
    expect(matchet.serialize(s).chance).toEqual([['x']]);
    const loaded = matchet.deserialize(JSON.parse(saved(s)));
    expect(loaded.ok && saved(loaded.value)).toBe(saved(s));
    expect(matchet.clone(s).chance).toBe(s.chance);
  });

  it('a deck and chance outcomes together are refused; so are malformed ones', () => {
    const both = matchet.setup({ players: 2, seed: 'x', deck: [], chance: [[]] });
    expect(both.ok ? '' : both.error.code).toBe('invalid_deck');
    const bad = matchet.setup({ players: 2, seed: 'x', chance: [['T01', 5]] as unknown as string[][] });
    expect(bad.ok ? '' : bad.error.code).toBe('invalid_deck');
    const noSeed = matchet.setup({ players: 2 } as unknown as SetupConfig);
    expect(noSeed.ok ? '' : noSeed.error.code).toBe('invalid_seed');
    expect((matchet.setup(null as unknown as SetupConfig) as { ok: boolean }).ok).toBe(false);
  });
});

describe('determinize (issue 9, section 4)', () => {
  it('depends on what the seat knows only: the pool in any real order gives the same sample; queued outcomes are dropped', () => {
    const real = mk({ players: 3, seed: 'det', chance: [[], ['T01'], ['T02']] });
    const order = (matchet.serialize(real).order as number[]).map(
      (t) => `T${String(t + 1).padStart(2, '0')}`,
    );
    // The same deal with the pool reversed: every seat sees exactly the same.
    const other = mk({
      players: 3,
      seed: 'det',
      chance: [[...order.slice(0, 15), ...order.slice(15).reverse()]],
    });
    expect(JSON.stringify(matchet.view(other, 1))).toBe(JSON.stringify(matchet.view(real, 1)));
    expect(real.chance).not.toBeNull();
    for (const seat of [0, 1, 2]) {
      const a = matchet.determinize(real, seat, Rng.fromSeed('same'));
      const b = matchet.determinize(other, seat, Rng.fromSeed('same'));
      expect(saved(a)).toBe(saved(b));
      expect(a.chance).toBeNull();
      expect(matchet.serialize(a)).not.toHaveProperty('chance');
      expect(JSON.stringify(matchet.view(a, seat))).toBe(JSON.stringify(matchet.view(real, seat)));
    }
    // Different generators do give different pools.
    const c = matchet.determinize(real, 0, Rng.fromSeed('other'));
    expect(saved(c)).not.toBe(saved(matchet.determinize(real, 0, Rng.fromSeed('same'))));
  });
});

describe('solitaires have outcomes (issue 9, section 5; MT-9, MT-10)', () => {
  /** A deal of the mode that the solver calls `want`, with its winning line if any. */
  function deal(mode: 'reserve' | 'stacks', want: 'win' | 'loss') {
    for (let d = 0; d < 200; d++) {
      const config = { players: 1, seed: `solo-${mode}-${d}`, options: { mode } };
      const res = solveMatchet(mk(config));
      if (res.status === want) return { config, line: res.line };
    }
    throw new Error(`no ${want} deal found for ${mode}`);
  }

  for (const mode of ['reserve', 'stacks'] as const) {
    it(`${mode}: a won game has winners [0] and solo won; the view and the turn say so`, () => {
      const { config, line } = deal(mode, 'win');
      const s = mk(config);
      for (const a of line!) expect(matchet.applyInPlace(s, 0, a)).toBeNull();
      expect(matchet.result(s)).toEqual({
        scores: [36],
        ranks: [1],
        winners: [0],
        solo: { won: true, score: 36 },
      });
      expect(matchet.describeTurn(s)).toBe('Game over: won, all 36 tiles placed');
      expect(matchet.view(s, 0)).toMatchObject({ outcome: 'won', winners: [0], placed: 36, phase: 'over' });
    });

    it(`${mode}: a lost game has no winner and solo lost, scored by the tiles placed`, () => {
      // Solitaire B deals are nearly always winnable (docs/rules/matchet.md), so lose one by random play.
      let s: MatchetState | null = null;
      if (mode === 'reserve') {
        s = mk(deal('reserve', 'loss').config);
        playOut(s, 'lose');
      } else {
        for (let g = 0; g < 50 && !s; g++) {
          const t = mk({ players: 1, seed: `lose-${g}`, options: { mode } });
          playOut(t, `lose-${g}`);
          if (!matchet.result(t)!.solo!.won) s = t;
        }
      }
      const placed = matchet.view(s!, 0).placed!;
      expect(placed).toBeLessThan(36);
      expect(matchet.result(s!)).toEqual({
        scores: [placed],
        ranks: [1],
        winners: [],
        solo: { won: false, score: placed },
      });
      expect(matchet.describeTurn(s!)).toBe(`Game over: lost, ${placed} of 36 tiles placed`);
      expect(matchet.view(s!, null)).toMatchObject({ outcome: 'lost', winners: [] });
      const e = matchet.applyInPlace(s!, 0, { type: 'place', tile: 'T01', row: 0, col: 0, red: 'B' });
      expect(e).toEqual({
        code: 'game_over',
        message: `The game is over: lost, ${placed} of 36 tiles placed.`,
      });
    });
  }

  it('the last event of a solitaire says how it ended', () => {
    const { config, line } = deal('reserve', 'win');
    const s = mk(config);
    let events: Ev[] = [];
    for (const a of line!) {
      events = [];
      matchet.applyInPlace(s, 0, a, events);
    }
    expect(events.at(-1)!.all).toEqual({
      type: 'game_over',
      scores: [36],
      winners: [0],
      solo: { won: true, score: 36 },
    });
  });
});

describe('saves (version 2) and their migration from version 1', () => {
  for (const [name, label] of [
    ['matchet-v1-multi-3p.json', '3 players, round 2'],
    ['matchet-v1-reserve.json', 'Solitaire A'],
  ] as const) {
    it(`a version-1 save (${label}) loads, offers the same actions and plays on to the same end`, () => {
      const f = fixture(name) as {
        save: JsonObject & { log: unknown[]; mode: string };
        toAct: number[];
        legal: string[];
        continuation: { moves: { seat: number; action: string }[]; result: { scores: number[] } };
      };
      const loaded = matchet.deserialize(f.save);
      if (!loaded.ok) throw new Error(loaded.error.message);
      const s = loaded.value;
      expect(matchet.toAct(s)).toEqual(f.toAct);
      expect(text(s)).toEqual(f.legal);
      // Only this round's placements are known to a version-1 save (Solitaire A's first tile lays itself).
      expect(matchet.actionCount(s)).toBe(f.save.log.length - (f.save.mode === 'reserve' ? 1 : 0));
      const again = matchet.serialize(s);
      expect(again.version).toBe(2);
      expect(again).toMatchObject({ ...f.save, version: 2 });
      for (const m of f.continuation.moves)
        expect(matchet.applyInPlace(s, m.seat, parse(m.action))).toBeNull();
      expect(matchet.isOver(s)).toBe(true);
      expect(matchet.result(s)!.scores).toEqual(f.continuation.result.scores);
      // A session that starts from the save gives a record that replays from it.
      const from = GameSession.fromSave(matchet, f.save);
      if (!from.ok) throw new Error(from.error.message);
      for (const m of f.continuation.moves) expect(from.value.act(m.seat, parse(m.action)).ok).toBe(true);
      const replayed = replay(matchet, from.value.record());
      expect(replayed.ok && saved(replayed.value as MatchetState)).toBe(saved(s));
    });
  }

  it('the lost Solitaire A of the fixture now ends without a winner (it said winners [0] before)', () => {
    const f = fixture('matchet-v1-reserve.json') as {
      continuation: { result: { winners: number[]; scores: number[] }; final: JsonObject };
    };
    expect(f.continuation.result.winners).toEqual([0]);
    const end = matchet.deserialize(f.continuation.final);
    if (!end.ok) throw new Error(end.error.message);
    expect(matchet.result(end.value)).toEqual({
      scores: f.continuation.result.scores,
      ranks: [1],
      winners: [],
      solo: { won: false, score: f.continuation.result.scores[0] },
    });
  });

  it('a save of another game, of an unknown version, or broken past migrating, is refused', () => {
    const f = fixture('matchet-v1-multi-3p.json') as { save: JsonObject };
    const cases: [unknown, RegExp][] = [
      [{ ...f.save, game: 'match' }, /wrong game/],
      [{ ...f.save, version: 3 }, /unsupported version 3/],
      [{ ...f.save, version: 0 }, /unsupported version 0/],
      [{ ...f.save, version: '1' }, /unsupported version/],
      [{ ...f.save, version: undefined }, /unsupported version/],
      [{ ...f.save, log: 'none' }, /cannot upgrade version 1/],
      [{ ...matchet.serialize(mk({ players: 2, seed: 'x' })), actions: -1 }, /actions/],
      [{ ...matchet.serialize(mk({ players: 2, seed: 'x' })), chance: 'T01' }, /chance/],
      [[], /not an object/],
    ];
    for (const [json, why] of cases) {
      const r = matchet.deserialize(json);
      expect(r.ok, JSON.stringify(why)).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('invalid_state');
        expect(r.error.message).toMatch(why);
      }
    }
  });

  it('a version-2 save counts every action since setup, and round-trips', () => {
    const s = mk({ players: 3, seed: 'v2', options: { rounds: 2 } });
    playOut(s, 'v2');
    const j = matchet.serialize(s);
    expect(j.version).toBe(2);
    expect(j.actions).toBe(matchet.actionCount(s));
    const back = matchet.deserialize(JSON.parse(JSON.stringify(j)));
    expect(back.ok && matchet.actionCount(back.value)).toBe(matchet.actionCount(s));
  });
});

describe('records', () => {
  it('a format-1 record (no format, no chance outcomes) of a whole 3-player game replays to the same end', () => {
    const f = fixture('matchet-record-v1-3p.json') as {
      record: Record<string, unknown>;
      result: unknown;
      final: JsonObject;
    };
    expect(f.record.format).toBeUndefined();
    const parsed = parseRecord(f.record);
    expect(parsed.ok).toBe(true);
    const r = replay(matchet, f.record as unknown as GameRecord);
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value as MatchetState;
    expect(matchet.result(s)).toEqual(f.result);
    const { version: _v, ...before } = f.final;
    expect(matchet.serialize(s)).toMatchObject(before);
    expect(matchet.actionCount(s)).toBe((f.record.moves as unknown[]).length);
  });

  it('a format-2 record from a session replays identically, also through JSON; a record of another game is refused', () => {
    for (const [config, seed] of [
      [{ players: 4, seed: 'rec', options: { rounds: 3 } }, 'r4'],
      [{ players: 1, seed: 'rec', options: { mode: 'reserve' } }, 'ra'],
      [{ players: 1, seed: 'rec', options: { mode: 'stacks' } }, 'rb'],
    ] as const) {
      const g = session(config, seed);
      const record = g.record();
      expect(record.format).toBe(2);
      expect(record.game).toBe('matchet');
      const r = replay(matchet, JSON.parse(JSON.stringify(record)) as GameRecord);
      expect(r.ok && saved(r.value as MatchetState)).toBe(saved(g.state));
      const back = GameSession.fromRecord(matchet, JSON.parse(JSON.stringify(record)));
      expect(back.ok && saved(back.value.state)).toBe(saved(g.state));
      const wrong = replay(matchet, { ...record, game: 'matchmaster' });
      expect(wrong.ok ? '' : wrong.error.code).toBe('wrong_game');
    }
  });
});

describe('undo in a solitaire (GameSession.undo with force: no limit)', () => {
  for (const mode of ['reserve', 'stacks'] as const) {
    it(`${mode}: taking back any action, draws and all, gives back the exact earlier state`, () => {
      const started = GameSession.start(matchet, { players: 1, seed: `undo-${mode}`, options: { mode } });
      if (!started.ok) throw new Error(started.error.message);
      const g = started.value.session;
      const rng = Rng.fromSeed(`undo-${mode}`);
      const states: string[] = [saved(g.state)];
      let revealed = 0;
      while (!matchet.isOver(g.state)) {
        const l = matchet.legalActions(g.state, 0);
        const a = g.act(0, l[rng.int(l.length)]);
        if (!a.ok) throw new Error(a.error.message);
        if (a.value.revealed) revealed++;
        // Take it back and play it again, checking the earlier state exactly.
        const after = saved(g.state);
        const taken = g.undo(0, true);
        expect(taken.ok).toBe(true);
        expect(saved(g.state)).toBe(states.at(-1));
        expect(g.act(0, parse(taken.ok ? taken.value.action : '')).ok).toBe(true);
        expect(saved(g.state)).toBe(after);
        states.push(after);
      }
      // Then all the way back to the start, one action at a time.
      while (g.length > 0) {
        states.pop();
        expect(g.undo(0, true).ok).toBe(true);
        expect(saved(g.state)).toBe(states.at(-1));
      }
      expect(g.undo(0, true).ok).toBe(false);
      // Solitaire A draws after placements (reveals); Solitaire B shows everything from the start.
      if (mode === 'reserve') expect(revealed).toBeGreaterThan(0);
      else expect(revealed).toBe(0);
    });
  }
});
