/**
 * Saves and records that survive the code changing: version-1 saves written by the engine before
 * state version 2 load (migrated) and play on to the result the old engine gave; a format-1 record
 * of a whole game replays to its old result; format-2 records carry the grid shuffle as a chance
 * outcome and replay identically, even under another seed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GameRecord, JsonObject, Sweet16View } from '../../src/index.ts';
import { GameSession, Rng, parseRecord, replay, sweet16, sweet16Cards } from '../../src/index.ts';
import type { Sweet16State } from '../../src/games/sweet16/state.ts';

interface MoveText {
  seat: number;
  action: string;
}
interface MidGameFixture {
  setup: { players: number; seed: string; options: JsonObject };
  step: number;
  save: JsonObject;
  toAct: number[];
  legal: string[][];
  views: Record<string, Sweet16View>;
  movesFromHere: MoveText[];
  result: unknown;
}
interface RecordFixture {
  record: { game: string; players: number; seed: string; options: JsonObject; moves: MoveText[] };
  result: unknown;
  finalView: Sweet16View;
  finalSave: JsonObject;
}

const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`../fixtures/sweet16-v1/${name}`, import.meta.url), 'utf8')) as T;

const base = fixture<MidGameFixture>('base-midgame.json');
const duel = fixture<MidGameFixture>('duel-midturn.json');
const old = fixture<RecordFixture>('base-record-format1.json');

const load = (save: unknown): Sweet16State => {
  const r = sweet16.deserialize(save);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

function playOn(s: Sweet16State, moves: readonly MoveText[]): void {
  for (const m of moves) {
    const a = sweet16.parseAction(m.action);
    if (!a.ok) throw new Error(a.error.message);
    expect(sweet16.applyInPlace(s, m.seat, a.value), m.action).toBeNull();
  }
}

const viewers = (players: number): (number | null)[] => [
  null,
  ...Array.from({ length: players }, (_, i) => i),
];

describe('sweet16 saves: version 1 -> 2', () => {
  for (const [label, f] of [
    ['a mid-game base state (3 players, memory aid)', base],
    ['a duel state in the middle of an activation', duel],
  ] as const) {
    it(`loads ${label} as it was and plays on to the old result`, () => {
      expect(f.save.version).toBe(1);
      const s = load(f.save);
      expect(sweet16.verify(s)).toBeNull();
      for (const v of viewers(f.setup.players)) expect(sweet16.view(s, v)).toEqual(f.views[String(v)]);
      expect([...sweet16.toAct(s)]).toEqual(f.toAct);
      expect(
        f.toAct.map((seat) => sweet16.legalActions(s, seat).map((a) => sweet16.formatAction(a))),
      ).toEqual(f.legal);
      // The count of actions before the save is not in a version-1 save: it restarts at 0.
      expect(sweet16.actionCount(s)).toBe(0);
      const saved = sweet16.serialize(s);
      expect(saved.version).toBe(2);
      expect(sweet16.serialize(load(saved))).toEqual(saved); // saved again as version 2, loads back the same
      playOn(s, f.movesFromHere);
      expect(sweet16.isOver(s)).toBe(true);
      expect(sweet16.result(s)).toEqual(f.result);
      expect(sweet16.actionCount(s)).toBe(f.movesFromHere.length);
    });
  }

  it("derives the table's public record: what every seat saw in one turn was shown to the table", () => {
    const s = load(base.save);
    const size = 54;
    const seen = base.save.seenAt as number[];
    const publicAt = sweet16.serialize(s).publicAt as number[];
    let shown = 0;
    for (let p = 0; p < size; p++) {
      const rows = [0, 1, 2].map((seat) => seen[seat * size + p]!);
      const low = Math.min(...rows);
      const shared = rows.filter((t) => t === low).length >= 2;
      expect(publicAt[p], `position ${p}`).toBe(low >= 0 && shared ? low : -1);
      if (publicAt[p]! >= 0) shown++;
    }
    expect(shown).toBeGreaterThan(10);
    // A spectator may know the cards the table saw, and no card some seat saw only privately.
    const hidden = new Set(sweet16.hiddenCards(s, null));
    const cells = base.save.cells as number[];
    const up = base.save.up as number[];
    for (let p = 0; p < size; p++) {
      if (cells[p]! < 0 || up[p]) continue;
      const name = sweet16Cards.CARD_NAMES[cells[p]!]!;
      expect(hidden.has(name), `position ${p}`).toBe(publicAt[p]! < 0);
    }
  });

  it('refuses saves of another game or of an unknown version, and a version 1 that cannot be upgraded', () => {
    const cases: [unknown, RegExp][] = [
      [{ ...base.save, game: 'match' }, /wrong game/],
      [{ ...base.save, version: 3 }, /unsupported version 3/],
      [{ ...base.save, version: 0 }, /unsupported version 0/],
      [{ ...base.save, version: '1' }, /unsupported version/],
      [{ ...base.save, seenAt: [1, 2] }, /cannot upgrade version 1: seenAt/],
      [{ ...base.save, version: 2 }, /actions/], // a version-1 body labelled 2: no count, no publicAt
    ];
    for (const [save, why] of cases) {
      const r = sweet16.deserialize(save);
      expect(r.ok ? null : r.error.code).toBe('invalid_state');
      expect(r.ok ? '' : r.error.message).toMatch(why);
    }
  });

  it('refuses a version-2 save whose records disagree: the table saw what no seat saw', () => {
    const saved = sweet16.serialize(load(base.save));
    const publicAt = (saved.publicAt as number[]).slice();
    const seen = saved.seenAt as number[];
    const p = publicAt.findIndex((t, i) => t < 0 && (saved.cells as number[])[i]! >= 0 && seen[i]! < 0);
    expect(p).toBeGreaterThanOrEqual(0);
    publicAt[p] = 1;
    const r = sweet16.deserialize({ ...saved, publicAt });
    expect(r.ok ? '' : r.error.message).toMatch(/missed what the table saw/);
  });

  it('a session started from a version-1 save records a replayable game', () => {
    const started = GameSession.fromSave(sweet16, base.save);
    if (!started.ok) throw new Error(started.error.message);
    const session = started.value;
    for (const m of base.movesFromHere.slice(0, 40)) {
      const a = sweet16.parseAction(m.action);
      expect(a.ok && session.act(m.seat, a.value).ok).toBe(true);
    }
    const replayed = replay(sweet16, JSON.parse(JSON.stringify(session.record())) as GameRecord);
    expect(replayed.ok && sweet16.serialize(replayed.value as Sweet16State)).toEqual(
      sweet16.serialize(session.state),
    );
  });
});

/** Plays a random game through a session to the end and returns its record. */
function sessionGame(players: number, seed: string, options: JsonObject = {}): GameSession<Sweet16State> {
  const started = GameSession.start(sweet16, { players, seed, options });
  if (!started.ok) throw new Error(started.error.message);
  const { session } = started.value;
  const pick = Rng.fromSeed(`pick:${seed}`);
  while (!sweet16.isOver(session.state)) {
    const seat = sweet16.toAct(session.state)[0]!;
    const legal = sweet16.legalActions(session.state, seat);
    expect(session.act(seat, legal[pick.int(legal.length)]).ok).toBe(true);
  }
  return session;
}

describe('sweet16 records', () => {
  it('a format-1 record made before chance outcomes replays to the same game and result', () => {
    expect((old.record as { format?: unknown }).format).toBeUndefined();
    const parsed = parseRecord(old.record);
    expect(parsed.ok && parsed.value.format).toBe(2);
    const r = replay(sweet16, old.record as unknown as GameRecord);
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value as Sweet16State;
    expect(sweet16.result(s)).toEqual(old.result);
    // The final view is the old one, plus why the game ended (added to the view since).
    const { ended, ...finalView } = sweet16.view(s, null);
    expect(finalView).toEqual(old.finalView);
    expect(['few_cards', 'no_pair', 'both_passed', 'turn_limit']).toContain(ended);
    // The whole state is the old one, plus what version 2 adds.
    const now = sweet16.serialize(s);
    for (const [key, value] of Object.entries(old.finalSave))
      if (key !== 'version') expect(now[key], key).toEqual(value);
    expect(now.actions).toBe(old.record.moves.length);
  });

  it('replay refuses a record of another game and a format it does not know', () => {
    const wrong = replay(sweet16, { ...old.record, game: 'match' } as unknown as GameRecord);
    expect(wrong.ok ? null : wrong.error.code).toBe('wrong_game');
    const future = replay(sweet16, { ...old.record, format: 3 } as unknown as GameRecord);
    expect(future.ok ? null : future.error.code).toBe('unsupported_record_format');
  });

  it('a format-2 record from a session carries the grid shuffle and replays identically', () => {
    for (const [players, options] of [
      [3, { turnLimit: 60 }],
      [2, { mode: 'duel' }],
    ] as const) {
      const session = sessionGame(players, `record-${players}`, options);
      const record = JSON.parse(JSON.stringify(session.record())) as GameRecord;
      expect(record.format).toBe(2);
      expect(record.game).toBe('sweet16');
      expect(record.chance).toHaveLength(1);
      expect(record.chance![0]).toHaveLength(options.mode === 'duel' ? 52 : 54);
      expect(record.moves.every((m) => m.chance === undefined)).toBe(true); // nothing random after setup
      const replayed = replay(sweet16, record);
      if (!replayed.ok) throw new Error(replayed.error.message);
      expect(sweet16.serialize(replayed.value as Sweet16State)).toEqual(sweet16.serialize(session.state));
    }
  });

  it('the same record under another seed replays to the same views and scores: the chance outcome decides', () => {
    const session = sessionGame(3, 'seeded', { memoryAid: true, turnLimit: 80 });
    const record = session.record();
    const other: GameRecord = { ...record, seed: 'a completely different seed' };
    for (const cut of [0, 25, record.moves.length]) {
      const a = replay(sweet16, { ...record, moves: record.moves.slice(0, cut) });
      const b = replay(sweet16, { ...other, moves: record.moves.slice(0, cut) });
      if (!a.ok || !b.ok) throw new Error('replay failed');
      for (const v of viewers(3))
        expect(sweet16.view(b.value as Sweet16State, v)).toEqual(sweet16.view(a.value as Sweet16State, v));
    }
    const b = replay(sweet16, other);
    expect(b.ok && sweet16.result(b.value as Sweet16State)).toEqual(sweet16.result(session.state));
    // Without the chance outcome the other seed lays another grid.
    const { chance: _, ...bare } = other;
    const first = replay(sweet16, { ...record, moves: [] });
    const reseeded = replay(sweet16, { ...bare, moves: [] });
    if (!first.ok || !reseeded.ok) throw new Error('replay failed');
    expect(sweet16.serialize(reseeded.value as Sweet16State).cells).not.toEqual(
      sweet16.serialize(first.value as Sweet16State).cells,
    );
  });
});
