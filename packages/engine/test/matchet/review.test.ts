/**
 * Review of MATCHET against sheet 004 and rulings MT-1..MT-10: focused scenarios per ruling, a
 * differential run against an independent model (./model.ts), probes of bad input, and checks of
 * the solitaire solver against the engine's own legal actions.
 */
import { describe, expect, it } from 'vitest';
import type { MatchetView } from '../../src/index.ts';
import { Rng, matchet, matchetTiles, solveMatchet } from '../../src/index.ts';
import type { MatchetState } from '../../src/index.ts';
import { solverMoves } from '../../src/games/matchet/solver.ts';
import type { Ev } from './events.ts';
import { bodies, placedBy } from './events.ts';
import { Model, joinPoints, name } from './model.ts';
import { SOAK } from '../harness-configs.ts';

/**
 * How many random games and deals the slow reviews below check: a few in `npm test`, all of them
 * in the soak (`npm run test:soak`, MATCHBOX_SOAK=1), which CI runs.
 */
const full = SOAK > 1;
const GAMES = full ? 8 : 3;
const CLOSED_IN = full ? 5 : 2;
const SOLVED_DEALS = { stacks: full ? 10 : 4, reserve: full ? 25 : 8 } as const;
const SMALL_STACK_DEALS = full ? 40 : 16;

const { STANDARD_TILES, resolveTileSet } = matchetTiles;

type Mode = 'multi' | 'reserve' | 'stacks';
function mk(players: number, options: Record<string, unknown>, deck?: string[], seed = 'rv'): MatchetState {
  const r = matchet.setup({ players, seed, options: options as never, ...(deck ? { deck } : {}) });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
const ids = (n: number) => Array.from({ length: n }, (_, i) => name(i));
const legal = (s: MatchetState) => {
  const seat = matchet.toAct(s)[0];
  return seat === undefined ? [] : matchet.legalActions(s, seat).map((a) => matchet.formatAction(a));
};
function play(s: MatchetState, text: string, events?: Ev[]) {
  const a = matchet.parseAction(text);
  if (!a.ok) throw new Error(a.error.message);
  const seat = matchet.toAct(s)[0] ?? 0;
  return matchet.applyInPlace(s, seat, a.value, events);
}
const v = (s: MatchetState, seat: number | null = 0): MatchetView => matchet.view(s, seat);
const kinds = (events: Ev[]) =>
  bodies(events).map((x) => (x.type === 'draw' || x.type === 'pass' ? `${x.type} ${x.seat}` : x.type));
const order = (s: MatchetState) => (matchet.serialize(s) as { order: number[] }).order;

/** Compares everything a player can see with the independent model. */
function compare(s: MatchetState, m: Model, where: string): void {
  expect(matchet.isOver(s), `${where}: over`).toBe(m.over);
  if (!m.over) expect(matchet.toAct(s), `${where}: to act`).toEqual([m.toMove]);
  expect(legal(s), `${where}: legal`).toEqual(m.legal().map(([a]) => a));
  const view = v(s, null);
  if (m.mode === 'multi') {
    expect(view.totals, `${where}: totals`).toEqual(m.totals);
    expect(
      (view.hands as string[][]).map((h) => h.slice()),
      `${where}: hands`,
    ).toEqual(
      m.hands.map((h) =>
        h
          .slice()
          .sort((a, b) => a - b)
          .map(name),
      ),
    );
    expect(view.pool, `${where}: pool`).toBe(m.pool.length);
    expect(view.passes, `${where}: passes`).toBe(m.passes);
    expect(view.history, `${where}: rounds`).toEqual(m.roundLog.map((r, i) => ({ round: i + 1, ...r })));
    expect(view.firstSeat).toBe(m.firstSeat);
  } else {
    expect(view.points, `${where}: points`).toBe(m.totals[0]);
    expect(view.placed).toBe(m.placedCount);
    expect(view.outcome, `${where}: outcome`).toBe(m.outcome);
    if (m.mode === 'reserve') {
      expect(view.current).toBe(m.current >= 0 ? name(m.current) : null);
      expect(view.fromReserve).toBe(m.current >= 0 && m.fromReserve);
      expect(view.reserveSize).toBe(m.reserve.length);
      expect(view.pool).toBe(m.pool.length);
    } else {
      expect(view.stacks!.map((x) => [x.height, x.top])).toEqual(
        m.stacks.map((st) => [st.length, st.length ? name(st[0]!) : null]),
      );
    }
  }
}

function randomSet(rng: Rng, size: number, nums: number[]): string[] {
  const out = new Set<string>();
  while (out.size < size) {
    const [a, b, c] = [0, 1, 2].map(() => nums[rng.int(nums.length)]!);
    out.add(rng.int(2) === 0 ? `R${a}Y${b}B${c}` : `R${a}B${c}Y${b}`);
  }
  return [...out];
}

describe('review: the engine against an independent model (all rulings, random games)', () => {
  const cases: [Mode, number, string][] = [
    ['multi', 2, 'std'],
    ['multi', 3, 'std'],
    ['multi', 4, 'std'],
    ['multi', 7, 'std'],
    ['multi', 2, 'small'],
    ['multi', 3, 'small'],
    ['reserve', 1, 'std'],
    ['reserve', 1, 'small'],
    ['stacks', 1, 'std'],
    ['stacks', 1, 'small'],
  ];
  for (const [mode, players, kind] of cases) {
    it(`${mode}, ${players} player(s), ${kind} sets: legal lists, turns, draws, passes, scores agree`, () => {
      for (let g = 0; g < GAMES; g++) {
        const rng = Rng.fromSeed(`model-${mode}-${players}-${kind}-${g}`);
        const specs =
          kind === 'std'
            ? STANDARD_TILES.slice()
            : randomSet(
                rng,
                mode === 'multi' ? players * 5 + 2 + rng.int(6) : 9 + rng.int(8),
                [1, 4, 5, 6, 9, 10],
              );
        const options: Record<string, unknown> = { mode, rounds: mode === 'multi' ? 3 : 1 };
        if (kind !== 'std') options.tiles = specs;
        const s = mk(players, options, undefined, `model-${g}`);
        const m = new Model(specs, mode, players, 3, order(s));
        compare(s, m, `game ${g} start`);
        let step = 0;
        while (!matchet.isOver(s)) {
          const l = legal(s);
          // Also probe one candidate that the model calls illegal: the engine must refuse it cleanly.
          const cands = matchet.candidateActions(s, m.toMove).map((a) => matchet.formatAction(a));
          const bad = cands.find((a) => !l.includes(a));
          if (bad) {
            const before = JSON.stringify(matchet.serialize(s));
            const e = play(s, bad);
            expect(e?.code, bad).toMatch(/^[a-z_]+$/);
            expect(JSON.stringify(matchet.serialize(s))).toBe(before);
          }
          const pick = l[rng.int(l.length)]!;
          const events: Ev[] = [];
          const points = m.legal().find(([a]) => a === pick)?.[1];
          expect(play(s, pick, events), pick).toBeNull();
          expect(m.apply(pick)).toBe(true);
          expect(placedBy(events).points).toBe(points);
          if (mode === 'multi') {
            // The draws and passes of this turn, in order, up to a round's end.
            const auto = kinds(events).filter((k) => k.startsWith('draw') || k.startsWith('pass'));
            expect(auto).toEqual(m.events.map((e) => e.split(' ').slice(0, 2).join(' ')));
            m.events = [];
          }
          if (m.needsDeal) {
            m.needsDeal = false;
            m.deal(order(s));
          }
          compare(s, m, `game ${g} step ${step++}`);
        }
        const r = matchet.result(s)!;
        if (mode === 'multi') {
          const best = Math.max(...m.totals);
          expect(r.winners).toEqual(m.totals.flatMap((t, i) => (t === best ? [i] : [])));
        } else expect(r.scores).toEqual([m.placedCount]);
      }
    });
  }
});

describe('review: MT-1 tiles', () => {
  it('MT-1: a turned tile is the same tile, a mirror image is not; sizes 2 and 80 are the bounds', () => {
    const dup = resolveTileSet(['R6Y7B7', 'b7r6y7']);
    expect(dup.ok ? '' : dup.error.code).toBe('invalid_option');
    if (!dup.ok) expect(dup.error.message).toMatch(/tiles 1 and 2 are the same tile \(R6Y7B7\)/);
    expect(resolveTileSet(['R6Y7B7', 'R6B7Y7']).ok).toBe(true);
    for (const bad of [
      ['R6Y7B7'],
      ['R6Y7B7', 'R6Y7Y7'],
      ['R6Y7B7', 'R0Y1B1'],
      ['R6Y7B7', 'R11Y1B1'],
      ['R6Y7B7', 7],
    ])
      expect((resolveTileSet(bad) as { ok: boolean }).ok, JSON.stringify(bad)).toBe(false);
    const all: string[] = [];
    for (let a = 1; a <= 10 && all.length < 81; a++)
      for (let b = 1; b <= 10 && all.length < 81; b++) all.push(`R${a}Y${b}B1`);
    expect(resolveTileSet(all.slice(0, 80)).ok).toBe(true);
    expect(resolveTileSet(all).ok).toBe(false);
  });

  it('MT-1: mirror images lie differently: R1Y2B5 joins B10 with red up, its mirror R1B5Y2 with red right', () => {
    // Six stacks of one: T01 R10Y10B10 starts (right B10, bottom R10, left Y10); T04..T06 fit nowhere.
    const tiles = ['R10Y10B10', 'R1Y2B5', 'R1B5Y2', 'R3Y3B3', 'R6Y6B6', 'R8B8Y8'];
    const s = mk(1, { mode: 'stacks', tiles }, ids(6));
    expect(play(s, 'T01@0,0:B')).toBeNull();
    expect(v(s).board[0]!.sides).toEqual({ R: 'B10', B: 'R10', L: 'Y10' });
    expect(legal(s)).toEqual(['T02@0,1:T', 'T03@0,1:R']);
    expect(play(s, 'T02@0,1:R')?.code).toBe('bad_join');
    const events: Ev[] = [];
    expect(play(s, 'T03@0,1:R', events)).toBeNull();
    expect(events[0]!.all).toMatchObject({ type: 'place', tile: 'T03', points: 15, exceptional: false });
    expect(v(s).board[1]!.sides).toEqual({ T: 'Y2', R: 'R1', L: 'B5' });
    expect(v(s).tileSides).toMatchObject({ T02: 'R1Y2B5', T03: 'R1B5Y2' });
  });
});

describe('review: MT-2 joins', () => {
  // Start R{a}Y{a}B{a} (right side B{a}); the second tile R{c}Y{c}B{b} goes on (0,1) red up (B{b} left).
  const cases: [number, number, number | null][] = [
    [10, 10, 20], [5, 5, 10], [3, 3, 0], [2, 2, 0], [4, 4, 0], [2, 3, 5], [1, 4, 5], [4, 6, 10],
    [9, 1, 10], [7, 8, 15], [6, 9, 15], [10, 5, 15], [1, 2, null], [6, 6, 0], [10, 9, null], [5, 1, null],
  ]; // prettier-ignore
  for (const [a, b, points] of cases) {
    it(`MT-2: B${a} against B${b} ${points === null ? 'is no join' : `scores ${points}`}`, () => {
      const c = a === 1 ? 2 : 1;
      const s = mk(1, { mode: 'stacks', tiles: [`R${a}Y${a}B${a}`, `R${c}Y${c}B${b}`] }, ['T01', 'T02']);
      expect(play(s, 'T01@0,0:B')).toBeNull();
      const events: Ev[] = [];
      const e = play(s, 'T02@0,1:T', events);
      if (points === null) {
        // The only other tile can never join: the solitaire is lost at once, and stays unchanged.
        expect(e?.code).toBe('game_over');
        expect(v(s)).toMatchObject({ placed: 1, outcome: 'lost', points: 0 });
      } else {
        expect(e).toBeNull();
        expect(placedBy(events).points).toBe(points);
        expect(v(s)).toMatchObject({ points, placed: 2, outcome: 'won' });
      }
    });
  }
  it('MT-2: the model and the engine agree on every pair of sides', () => {
    for (let a = 1; a <= 10; a++)
      for (let b = 1; b <= 10; b++) {
        const j = joinPoints({ c: 'R', n: a }, { c: 'R', n: b });
        expect(j, `${a}+${b}`).toBe((a + b) % 5 === 0 ? a + b : a === b ? 0 : -1);
        expect(joinPoints({ c: 'R', n: a }, { c: 'Y', n: b })).toBe(-1);
      }
  });
});

describe('review: MT-3 and MT-6 normal and exceptional plays', () => {
  it('MT-3: a single contact must be with the last tile; cells off it are refused with stable codes', () => {
    const tiles = ['R10Y10B10', 'R1Y2B5', 'R5Y1B1', 'R3Y3B3', 'R6Y6B6', 'R8B8Y8'];
    const s = mk(1, { mode: 'stacks', tiles }, ids(6));
    play(s, 'T01@0,0:B');
    expect(legal(s)).toEqual(['T02@0,1:T', 'T03@1,0:T']);
    play(s, 'T02@0,1:T'); // last is (0,1): its open sides face (-1,1) R1 and (0,2) Y2
    expect(play(s, 'T03@1,0:T')?.code).toBe('must_play_to_last'); // touches only the start tile
    expect(play(s, 'T03@0,0:B')?.code).toBe('occupied');
    expect(play(s, 'T03@3,3:B')?.code).toBe('not_touching');
    expect(play(s, 'T03@0,2:R')?.code).toBe('bad_join');
    expect(v(s).last).toEqual({ row: 0, col: 1 });
    // T03 R5Y1B1 fits neither R1 nor Y2; T04 (Y3 + Y2) and T06 (Y8 + Y2) do, on (0,2) only.
    expect(legal(s)).toEqual(['T04@0,2:B', 'T06@0,2:R']);
  });

  it('MT-6: when the last tile has no open side only exceptional plays are legal (closed-in positions)', () => {
    const set = ['R5Y5B5', 'R5B5Y5', 'R10Y10B10', 'R10B10Y10', 'R5Y10B5', 'R5B10Y5', 'R10Y5B10', 'R10B5Y10', 'R5Y5B10', 'R10B10Y5', 'R5Y10B10', 'R10Y10B5']; // prettier-ignore
    let closed = 0;
    for (let g = 0; g < 150 && closed < CLOSED_IN; g++) {
      const s = mk(1, { mode: 'stacks', tiles: set }, undefined, `closed-${g}`);
      const m = new Model(set, 'stacks', 1, 1, order(s));
      const rng = Rng.fromSeed(`closed-${g}`);
      while (!matchet.isOver(s)) {
        const view = v(s);
        const last = view.last;
        const board = new Set(view.board.map((b) => `${b.row},${b.col}`));
        const nbs = (r: number, c: number): [number, number][] => [
          [r, c + 1],
          [r, c - 1],
          (((r + c) % 2) + 2) % 2 === 0 ? [r + 1, c] : [r - 1, c],
        ];
        if (last) {
          const open = nbs(last.row, last.col).filter(
            ([r, c]) =>
              !board.has(`${r},${c}`) && nbs(r, c).filter(([x, y]) => board.has(`${x},${y}`)).length === 1,
          );
          if (open.length === 0) {
            closed++;
            for (const a of matchet.legalActions(s, 0))
              expect(
                nbs(a.row, a.col).filter(([x, y]) => board.has(`${x},${y}`)).length,
              ).toBeGreaterThanOrEqual(2);
          }
        }
        expect(legal(s)).toEqual(m.legal().map(([a]) => a));
        const l = legal(s);
        const pick = l[rng.int(l.length)]!;
        play(s, pick);
        m.apply(pick);
      }
    }
    expect(closed).toBeGreaterThan(0);
  });
});

describe('review: MT-4, MT-5, MT-7 multiplayer turns', () => {
  // Seat 0 T01..T05 and seat 1 T06..T10 join no 10 and no Y1/B1; the pool is T11 (R5 joins R10), T12.
  const set = [
    'R1Y2B2', 'R2Y3B3', 'R3Y6B6', 'R4Y7B7', 'R6Y8B8',
    'R10Y10B10', 'R1Y3B2', 'R2Y6B3', 'R3Y7B6', 'R4Y8B7',
    'R5Y1B1', 'R2Y2B2',
  ]; // prettier-ignore
  it('MT-4/MT-5/MT-7: a full hand passes without drawing; drawing stops at a playable tile which must be played; a draw does not break the run of passes', () => {
    const s = mk(2, { tiles: set, rounds: 1 }, ids(12));
    expect(matchet.toAct(s)).toEqual([1]);
    expect(legal(s)).toEqual(['T06@0,0:B']);
    expect(play(s, 'T07@0,0:B')?.code).toBe('must_start_with_highest');
    let events: Ev[] = [];
    expect(play(s, 'T06@0,0:B', events)).toBeNull();
    expect(kinds(events)).toEqual(['place', 'pass 0', 'draw 1']);
    expect(events[2]!.all).toMatchObject({ type: 'draw', seat: 1, tile: 'T11', pool: 1 });
    expect(matchet.toAct(s)).toEqual([1]);
    expect(legal(s)).toEqual(['T11@1,0:T']);
    expect(v(s, 0)).toMatchObject({
      pool: 1,
      passes: 1,
      hands: [ids(5), ['T07', 'T08', 'T09', 'T10', 'T11']],
    });
    expect(matchet.hiddenCards(s, 1)).toEqual(['T12']);
    expect(play(s, 'T07@1,0:T')?.code).toBe('bad_join'); // R1 + R10
    events = [];
    expect(play(s, 'T11@1,0:T', events)).toBeNull();
    expect(kinds(events)).toEqual(['place', 'pass 0', 'draw 1', 'pass 1', 'round_end', 'game_over']);
    expect(placedBy(events).points).toBe(15);
    expect(events[4]!.all).toMatchObject({ winner: null, points: [0, 15], totals: [0, 15] });
    expect(matchet.result(s)).toMatchObject({ scores: [0, 15], winners: [1] });
    expect(v(s, null).hands).toEqual([ids(5), ['T07', 'T08', 'T09', 'T10', 'T12']]);
  });

  it("MT-4: equal highest sums: the earliest seat from the round's first seat, choosing among his tied tiles", () => {
    // Seats 1 and 2 both hold a 27; seat 1 holds two. Seat 0's best is 26.
    const tiles = [
      'R9Y9B8', 'R1Y1B1', 'R2Y2B2', 'R3Y3B3', 'R4Y4B4',
      'R9Y9B9', 'R9B9Y9', 'R1B1Y1', 'R2B2Y2', 'R3B3Y3',
      'R10Y9B8', 'R4B4Y4', 'R6Y6B6', 'R6B6Y6', 'R7Y7B7',
      'R7B7Y7', 'R8Y8B8',
    ]; // prettier-ignore
    const s = mk(3, { tiles, rounds: 2 }, ids(17));
    expect(matchet.toAct(s)).toEqual([1]);
    expect(legal(s)).toEqual(['T06@0,0:B', 'T07@0,0:B']);
    expect(matchet.applyInPlace(s, 0, { type: 'place', tile: 'T01', row: 0, col: 0, red: 'B' })?.code).toBe(
      'not_your_turn',
    );
    expect(play(s, 'T07@0,0:B')).toBeNull();
  });
});

describe('review: MT-9 Solitaire A', () => {
  it('MT-9: the reserve top is played before the next draw; lost when the pool is empty and the top cannot go', () => {
    const tiles = ['R10Y10B10', 'R1Y1B1', 'R5Y9B9', 'R2Y2B2', 'R3Y3B3'];
    const s = mk(1, { mode: 'reserve', tiles }, ids(5));
    // T01 starts; T02 fits nowhere: reserve; T03 (R5 + R10) must be played.
    expect(v(s)).toMatchObject({
      current: 'T03',
      fromReserve: false,
      reserve: ['T02'],
      reserveSize: 1,
      pool: 2,
    });
    expect(legal(s)).toEqual(['T03@1,0:T']);
    let events: Ev[] = [];
    expect(play(s, 'T03@1,0:T', events)).toBeNull();
    // T03's Y9 now faces (1,1): the reserve's T02 (Y1 + Y9 = 10) comes before any draw.
    expect(kinds(events)).toEqual(['place']);
    expect(v(s)).toMatchObject({
      current: 'T02',
      fromReserve: true,
      reserve: [],
      reserveSize: 1,
      pool: 2,
      points: 15,
    });
    expect(legal(s)).toEqual(['T02@1,-1:B', 'T02@1,1:B']); // B1 + B9 or Y1 + Y9
    events = [];
    expect(play(s, 'T02@1,1:B', events)).toBeNull();
    // Each draw is one event: the tile is turned up (a reveal) and, as it cannot go, is reserved.
    expect(kinds(events)).toEqual(['place', 'reserve', 'reserve', 'game_over']);
    expect(events.map((e) => e.reveals ?? false)).toEqual([false, true, true, false]);
    expect(events[1]!.all).toEqual({ type: 'reserve', seat: 0, tile: 'T04', pool: 1 });
    expect(events[3]!.all).toEqual({
      type: 'game_over',
      scores: [3],
      winners: [],
      solo: { won: false, score: 3 },
    });
    expect(v(s)).toMatchObject({
      outcome: 'lost',
      placed: 3,
      points: 25,
      reserve: ['T04', 'T05'],
      pool: 0,
      current: null,
    });
    expect(matchet.result(s)).toEqual({
      scores: [3],
      ranks: [1],
      winners: [],
      solo: { won: false, score: 3 },
    });
    expect(matchet.toAct(s)).toEqual([]);
    expect(play(s, 'T04@1,2:T')?.code).toBe('game_over');
  });
});

describe('review: MT-10 Solitaire B', () => {
  it('MT-10: any top starts; then only playable tops of the tallest stacks (counting the top)', () => {
    // Eight tiles: stacks [T01,T02] [T03,T04] [T05] [T06] [T07] [T08].
    const tiles = ['R5Y1B1', 'R2Y2B2', 'R1Y5B1', 'R3Y3B3', 'R10Y10B10', 'R1Y1B5', 'R4Y4B4', 'R8Y8B8'];
    const s = mk(1, { mode: 'stacks', tiles }, ids(8));
    expect(v(s).stacks!.map((x) => x.height)).toEqual([2, 2, 1, 1, 1, 1]);
    // MT-X5: the stacks are face up, so the tiles beneath the tops are known too.
    expect(matchet.hiddenCards(s, 0)).toEqual([]);
    expect(v(s).stacks!.map((x) => [x.top, ...x.beneath])).toEqual([
      ['T01', 'T02'],
      ['T03', 'T04'],
      ['T05'],
      ['T06'],
      ['T07'],
      ['T08'],
    ]);
    expect(legal(s)).toEqual(['T01@0,0:B', 'T03@0,0:B', 'T05@0,0:B', 'T06@0,0:B', 'T07@0,0:B', 'T08@0,0:B']);
    expect(play(s, 'T05@0,0:B')).toBeNull();
    expect(legal(s)).toEqual(['T01@1,0:T', 'T03@0,-1:T']); // T06@0,1:T fits but its stack is shorter
    expect(play(s, 'T06@0,1:T')?.code).toBe('must_take_tallest_stack');
    expect(play(s, 'T02@1,0:T')?.code).toBe('tile_not_available');
    expect(play(s, 'T01@1,0:T')).toBeNull();
    // Heights 1,2,0,1,1,1: stack 2's T03 (B1 = B1 on the last tile's left) beats T06 (Y1 = Y1).
    expect(legal(s)).toEqual(['T03@1,-1:B']);
    expect(play(s, 'T06@1,1:B')?.code).toBe('must_take_tallest_stack');
    expect(solverMoves(s).map((a) => matchet.formatAction(a))).toEqual(legal(s));
  });
});

describe('review: the solver obeys the same forced choices as the engine (MT-9, MT-10)', () => {
  /** Exhaustive search on the independent model, memoising lost positions only. */
  function modelSolve(m: Model, memo: Set<string>): boolean {
    if (m.over) return m.outcome === 'won';
    const key = m.key();
    if (memo.has(key)) return false;
    for (const [a] of m.legal()) {
      const c = m.clone();
      c.apply(a);
      if (modelSolve(c, memo)) return true;
    }
    memo.add(key);
    return false;
  }

  for (const mode of ['stacks', 'reserve'] as const) {
    it(`${mode}: solver moves equal the legal actions along every winning line and through lost deals; the independent search agrees`, () => {
      const tally = { win: 0, loss: 0 };
      for (let d = 0; d < SOLVED_DEALS[mode]; d++) {
        const s = mk(1, { mode }, undefined, `solver-review-${d}`);
        const res = solveMatchet(s);
        expect(res.status).not.toBe('unknown');
        tally[res.status as 'win' | 'loss']++;
        const m = new Model(STANDARD_TILES, mode, 1, 1, order(s));
        expect(modelSolve(m.clone(), new Set()), `deal ${d}`).toBe(res.status === 'win');
        // Walk the winning line, or random lines of a lost deal, comparing at every step.
        const lines = res.line ? [res.line.map((a) => matchet.formatAction(a))] : [null, null, null];
        const rng = Rng.fromSeed(`walk-${d}`);
        for (const line of lines) {
          const g = matchet.clone(s);
          const gm = m.clone();
          let i = 0;
          while (!matchet.isOver(g)) {
            const l = legal(g);
            expect(solverMoves(g).map((a) => matchet.formatAction(a))).toEqual(l);
            expect(gm.legal().map(([a]) => a)).toEqual(l);
            const pick = line ? line[i++]! : l[rng.int(l.length)]!;
            expect(play(g, pick)).toBeNull();
            expect(gm.apply(pick)).toBe(true);
          }
          if (line) {
            expect(i).toBe(line.length);
            expect(v(g).outcome).toBe('won');
            expect(gm.outcome).toBe('won');
          }
        }
      }
      if (mode === 'reserve') expect(tally.loss).toBeGreaterThan(5);
    });
  }

  it('stacks: lost deals exist with small sets, and the solver and the independent search agree on them', () => {
    const rng = Rng.fromSeed('small-stacks');
    const walk = Rng.fromSeed('small-stacks-walk');
    const tally = { win: 0, loss: 0 };
    for (let d = 0; d < SMALL_STACK_DEALS; d++) {
      const specs = randomSet(rng, 7 + rng.int(3), [1, 2, 3, 6, 7, 8, 10]);
      const s = mk(1, { mode: 'stacks', tiles: specs }, undefined, `small-${d}`);
      const res = solveMatchet(s);
      tally[res.status as 'win' | 'loss']++;
      expect(modelSolve(new Model(specs, 'stacks', 1, 1, order(s)), new Set())).toBe(res.status === 'win');
      const g = matchet.clone(s);
      while (!matchet.isOver(g)) {
        const l = legal(g);
        expect(solverMoves(g).map((a) => matchet.formatAction(a))).toEqual(l);
        play(g, l[walk.int(l.length)]!);
      }
    }
    expect(tally.loss).toBeGreaterThan(full ? 3 : 1);
    expect(tally.win).toBeGreaterThan(full ? 3 : 1);
  });
});

describe('review: bad input never changes the state', () => {
  it('malformed actions, wrong seats and junk text get stable codes', () => {
    const s = mk(2, { rounds: 1 }, undefined, 'junk');
    const seat = matchet.toAct(s)[0]!;
    const before = JSON.stringify(matchet.serialize(s));
    const good = matchet.legalActions(s, seat)[0]!;
    const probes: [number, unknown, string][] = [
      [seat, null, 'malformed_action'],
      [seat, 'T05@0,0:B', 'malformed_action'],
      [seat, {}, 'malformed_action'],
      [seat, { type: 'draw' }, 'malformed_action'],
      [seat, { ...good, tile: 5 }, 'malformed_action'],
      [seat, { ...good, row: 0.5 }, 'malformed_action'],
      [seat, { ...good, row: Number.NaN }, 'malformed_action'],
      [seat, { ...good, col: '0' }, 'malformed_action'],
      [seat, { ...good, red: 7 }, 'malformed_action'],
      [seat, { ...good, tile: 'T00' }, 'unknown_tile'],
      [seat, { ...good, tile: 'T37' }, 'unknown_tile'],
      [seat, { ...good, red: 'X' }, 'bad_rotation'],
      [seat, { ...good, row: 1e9 }, 'start_in_middle'],
      [1 - seat, good, 'not_your_turn'],
      [-1, good, 'invalid_seat'],
      [2, good, 'invalid_seat'],
      [0.5, good, 'invalid_seat'],
    ];
    for (const [who, action, code] of probes) {
      const e = matchet.applyInPlace(s, who, action);
      expect(e?.code, JSON.stringify(action)).toBe(code);
      expect(e?.message.length).toBeGreaterThan(10);
      expect(JSON.stringify(matchet.serialize(s))).toBe(before);
    }
    for (const text of ['', 'T05', 'T05@a,b:B', 'T05@0,0:X', 'T1000@0,0:B', 'place', '{"tile":"T05"}'])
      expect((matchet.parseAction(text) as { ok: boolean }).ok, text).toBe(false);
    const p = matchet.parseAction('place t5 @ 0 , 0 : b');
    expect(p.ok && matchet.formatAction(p.value)).toBe('T05@0,0:B');
    expect(matchet.applyInPlace(s, seat, good)).toBeNull();
    // Issue 9, section 8: the board has no edge; a cell far from every tile touches none.
    const next = matchet.toAct(s)[0]!;
    const after = JSON.stringify(matchet.serialize(s));
    const tile = matchet.view(s, null).hands![next]![0]!;
    for (const [row, col] of [
      [1e9, 0],
      [0, -200],
      [99, 99],
      [5, 5],
    ] as const) {
      const e = matchet.applyInPlace(s, next, { type: 'place', tile, row, col, red: 'R' });
      expect(e?.code, `${row},${col}`).toBe(row === 5 ? 'not_touching' : 'far_from_tiles');
      expect(e?.message).toMatch(/touches (no tile|none)/);
      expect(e?.message).not.toMatch(/outside|edge/);
      expect(e?.message).toMatch(/last tile played/);
      expect(JSON.stringify(matchet.serialize(s))).toBe(after);
    }
  });

  it('parseAction never throws: any non-string input is an error (issue 9, section 8)', () => {
    for (const junk of [5, null, undefined, {}, ['T05@0,0:B'], true, Symbol('x')]) {
      const r = matchet.parseAction(junk as string);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('malformed_action');
    }
  });

  it('errors say what is due now (issue 9, section 8)', () => {
    const s = mk(2, { rounds: 1 }, undefined, 'due');
    const seat = matchet.toAct(s)[0]!;
    const good = matchet.legalActions(s, seat)[0]!;
    expect(matchet.applyInPlace(s, 1 - seat, good)?.message).toBe(
      `It is not your turn: Seat ${seat} to lay the starting tile of round 1.`,
    );
    expect(matchet.applyInPlace(s, seat, { type: 'bid' })?.message).toMatch(
      /Seat \d to lay the starting tile/,
    );
    const hand = matchet.view(s, null).hands![seat]!;
    const other = matchet.view(s, null).hands![1 - seat]![0]!;
    expect(matchet.applyInPlace(s, seat, { ...good, tile: other })?.message).toBe(
      `${other} is not among your tiles; you hold ${hand.slice(0, -1).join(', ')} and ${hand.at(-1)}.`,
    );
    expect(matchet.applyInPlace(s, seat, good)).toBeNull();
    const last = matchet.view(s, null).board[0]!;
    const e = matchet.applyInPlace(s, matchet.toAct(s)[0]!, {
      type: 'place',
      tile: 'T01',
      row: 0,
      col: 0,
      red: 'B',
    });
    // Whichever check fails first, the message names the last tile or the tiles at hand.
    expect(e?.message).toMatch(new RegExp(`${last.tile}|you hold`));
  });
});
