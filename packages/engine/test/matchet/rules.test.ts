import { describe, expect, it } from 'vitest';
import type { MatchetView } from '../../src/index.ts';
import { Rng, matchet, matchetTiles } from '../../src/index.ts';
import type { MatchetState } from '../../src/index.ts';
import type { Ev } from './events.ts';
import { bodies, ofType, placedBy } from './events.ts';
import { join, referencePlacements } from './reference.ts';

const { STANDARD_TILES, STANDARD_SET, parseTileSpec, resolveTileSet } = matchetTiles;

function mk(players: number, options: Record<string, unknown>, deck?: string[], seed = 't'): MatchetState {
  const r = matchet.setup({ players, seed, options: options as never, ...(deck ? { deck } : {}) });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
const ids = (n: number) => Array.from({ length: n }, (_, i) => `T${String(i + 1).padStart(2, '0')}`);
const legal = (s: MatchetState) =>
  matchet.legalActions(s, matchet.toAct(s)[0]!).map((a) => matchet.formatAction(a));
function play(s: MatchetState, text: string, events?: Ev[]) {
  const a = matchet.parseAction(text);
  if (!a.ok) throw new Error(a.error.message);
  return matchet.applyInPlace(s, matchet.toAct(s)[0]!, a.value, events);
}
const v = (s: MatchetState, seat: number | null = 0): MatchetView => matchet.view(s, seat);

describe('MT-1: tiles', () => {
  it('MT-1: the standard set has 36 different tiles, 18 per colour order, each number 3-4 times per colour', () => {
    expect(STANDARD_TILES).toHaveLength(36);
    const specs = STANDARD_TILES.map((t) => parseTileSpec(t)!);
    const orders = specs.map((s) => (s[1]! >> 4 === 1 ? 'RYB' : 'RBY'));
    expect(orders.filter((o) => o === 'RYB')).toHaveLength(18);
    expect(orders.filter((o) => o === 'RBY')).toHaveLength(18);
    expect(new Set(STANDARD_SET.specs).size).toBe(36);
    for (let colour = 0; colour < 3; colour++) {
      for (let n = 1; n <= 10; n++) {
        const count = specs.flat().filter((side) => side === colour * 16 + n).length;
        expect(count === 3 || count === 4, `colour ${colour} number ${n}: ${count}`).toBe(true);
      }
    }
    // every tile has one side of each colour
    for (const s of specs) expect(new Set(s.map((x) => x >> 4)).size).toBe(3);
  });
  it('MT-1: tiles turn but do not flip: a turned tile is the same, a mirror image is not', () => {
    expect(parseTileSpec('Y7B7R6')).toEqual(parseTileSpec('R6Y7B7'));
    expect(parseTileSpec('R6B7Y7')).not.toEqual(parseTileSpec('R6Y7B7'));
    const dup = resolveTileSet(['R6Y7B7', 'B7R6Y7']);
    expect(dup.ok).toBe(false);
    if (!dup.ok) expect(dup.error.message).toMatch(/tiles 1 and 2 are the same/);
    expect(resolveTileSet(['R6Y7B7', 'R6B7Y7']).ok).toBe(true);
  });
  it('MT-1: other tile sets are accepted as data, with clear errors', () => {
    const bad = matchet.setup({
      players: 1,
      seed: 'x',
      options: { mode: 'stacks', tiles: ['R6Y7B7', 'R11Y1B1'] },
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error.code).toBe('invalid_option');
      expect(bad.error.message).toMatch(/tile 2/);
    }
    expect(matchet.setup({ players: 1, seed: 'x', options: { mode: 'stacks', tiles: 'R1Y1B1' } }).ok).toBe(
      false,
    );
    expect(
      matchet.setup({ players: 1, seed: 'x', options: { mode: 'stacks', tiles: ['R1Y1B1', 'R2R3B4'] } }).ok,
    ).toBe(false);
    const small = mk(1, { mode: 'stacks', tiles: ['R1Y1B1', 'R4Y4B4', 'R9B9Y9'] });
    expect(matchet.cards(small).sort()).toEqual(['T01', 'T02', 'T03']);
    // 4 players need 20 tiles
    const few = matchet.setup({ players: 4, seed: 'x', options: { tiles: ['R1Y1B1', 'R4Y4B4', 'R9B9Y9'] } });
    expect(few.ok).toBe(false);
  });
  it('players are validated per mode', () => {
    expect(matchet.setup({ players: 1, seed: 'x' }).ok).toBe(false);
    expect(matchet.setup({ players: 8, seed: 'x' }).ok).toBe(false);
    const r = matchet.setup({ players: 2, seed: 'x', options: { mode: 'reserve' } });
    expect(r.ok ? '' : r.error.code).toBe('invalid_players');
  });
});

describe('MT-2, MT-3: joins and plays', () => {
  it('MT-2: matching joins score nothing, multiple joins score their sum, 5+5 and 10+10 score', () => {
    expect(join('R3', 'R3')).toBe(0);
    expect(join('R2', 'R3')).toBe(5);
    expect(join('Y4', 'Y6')).toBe(10);
    expect(join('B7', 'B8')).toBe(15);
    expect(join('B10', 'B10')).toBe(20);
    expect(join('R5', 'R5')).toBe(10);
    expect(join('R1', 'R2')).toBe(-1);
    expect(join('R3', 'Y3')).toBe(-1);
    expect(join('Y3', 'B2')).toBe(-1);
  });

  // Solitaire B with a stacked deck: six stacks of one tile each.
  const tiles = ['R9Y9B9', 'R1Y1B1', 'R6Y6B6', 'R9B1Y4', 'R3Y2B4', 'R1B1Y1'];
  it('MT-2: a touching side of the wrong colour or number is rejected (bad_join); a multiple join scores', () => {
    const s = mk(1, { mode: 'stacks', tiles }, ['T01', 'T02', 'T03', 'T04', 'T05', 'T06']);
    expect(play(s, 'T01@0,0:B')).toBeNull(); // start: right B9, bottom R9, left Y9
    // T02 (R1 Y1 B1) on (0,1), a downward cell touching the start's right side (B9) with its left side.
    expect(play(s, 'T02@0,1:R')?.code).toBe('bad_join'); // red faces R: the left side is Y1
    const events: Ev[] = [];
    expect(play(s, 'T02@0,1:T', events)).toBeNull(); // red faces T: left side is B1, B1+B9 = 10
    expect(placedBy(events).points).toBe(10);
    expect(v(s).points).toBe(10);
  });

  it('MT-3: a tile touching one tile must join the last tile played (must_play_to_last)', () => {
    const s = mk(1, { mode: 'stacks', tiles }, ['T01', 'T02', 'T03', 'T04', 'T05', 'T06']);
    play(s, 'T01@0,0:B');
    play(s, 'T02@0,1:T'); // last tile is now (0,1)
    // (1,0) touches only the start tile (bottom R9): not the last tile.
    expect(play(s, 'T06@1,0:T')?.code).toBe('must_play_to_last');
    expect(play(s, 'T06@5,5:B')?.code).toBe('not_touching');
    expect(play(s, 'T06@0,0:B')?.code).toBe('occupied');
  });

  it('MT-3: an exceptional play touches two or three tiles, anywhere, and scores every multiple join', () => {
    // With every number 5 or 10, any two sides of one colour join and score (10, 15 or 20).
    const set = [
      'R5Y5B5',
      'R5B5Y5',
      'R10Y10B10',
      'R10B10Y10',
      'R5Y10B5',
      'R5B10Y5',
      'R10Y5B10',
      'R10B5Y10',
      'R5Y5B10',
      'R10B10Y5',
      'R5Y10B10',
      'R10Y10B5',
    ];
    let found = 0;
    for (let g = 0; g < 40 && found < 3; g++) {
      const s = mk(1, { mode: 'stacks', tiles: set }, undefined, `exc3-${g}`);
      const rng = Rng.fromSeed(`exc3-${g}`);
      while (!matchet.isOver(s)) {
        const l = legal(s);
        const before = v(s);
        const events: Ev[] = [];
        const pick = l[rng.int(l.length)]!;
        play(s, pick, events);
        const p = placedBy(events);
        if (!p.exceptional) continue;
        found++;
        const board = before.board;
        const r = p.row;
        const c = p.col;
        const up = (((r + c) % 2) + 2) % 2 === 0;
        const touching = board.filter(
          (b) =>
            (b.row === r && Math.abs(b.col - c) === 1) || (b.col === c && b.row === (up ? r + 1 : r - 1)),
        );
        expect(touching.length).toBeGreaterThanOrEqual(2);
        expect(p.points).toBe(referencePlacements(before).get(pick));
        expect(p.points).toBeGreaterThanOrEqual(10 * touching.length);
      }
    }
    expect(found).toBeGreaterThan(0);
  });

  it('MT-2/MT-3/MT-6/MT-10: the legal list is exactly the valid placements (independent reference, many states)', () => {
    let exceptional = 0;
    let states = 0;
    for (const [mode, players] of [
      ['multi', 3],
      ['multi', 5],
      ['reserve', 1],
      ['stacks', 1],
    ] as const) {
      for (let g = 0; g < 12; g++) {
        const s = mk(players, { mode, rounds: 1 }, undefined, `ref-${mode}-${g}`);
        const rng = Rng.fromSeed(`ref-${g}`);
        while (!matchet.isOver(s)) {
          const view = v(s, matchet.toAct(s)[0]);
          const ref = referencePlacements(view);
          const l = legal(s);
          expect(new Set(l)).toEqual(new Set(ref.keys()));
          expect(l.length).toBe(ref.size);
          states++;
          const pick = l[rng.int(l.length)]!;
          const events: Ev[] = [];
          expect(play(s, pick, events)).toBeNull();
          const placed = placedBy(events);
          expect(placed.points).toBe(ref.get(pick));
          if (placed.exceptional) exceptional++;
        }
      }
    }
    expect(states).toBeGreaterThan(500);
    expect(exceptional).toBeGreaterThan(0);
  });
});

describe('MT-4, MT-5, MT-7, MT-8: the multiplayer game', () => {
  // 12 tiles for 2 players: seat 0 gets T01..T05, seat 1 T06..T10, pool T11, T12.
  const set = [
    'R1Y1B1', 'R2Y2B2', 'R3Y3B3', 'R1Y2B3', 'R2Y3B1', // seat 0
    'R9Y9B9', 'R9B9Y9', 'R4Y4B4', 'R1B2Y3', 'R3B2Y1', // seat 1: T06 and T07 both sum 27
    'R8Y8B8', 'R7Y7B7',
  ]; // prettier-ignore

  it('MT-4: the highest tile sum starts, choosing among his tied tiles; everyone sees all tiles in front', () => {
    const s = mk(2, { tiles: set, rounds: 1 }, ids(12));
    expect(matchet.toAct(s)).toEqual([1]);
    expect(legal(s)).toEqual(['T06@0,0:B', 'T07@0,0:B']);
    expect(play(s, 'T08@0,0:B')?.code).toBe('must_start_with_highest');
    expect(play(s, 'T06@0,2:B')?.code).toBe('start_in_middle');
    const view = v(s, 0);
    expect((view.hands as string[][])[1]).toEqual(['T06', 'T07', 'T08', 'T09', 'T10']);
    expect(view.pool).toBe(2);
    expect(matchet.hiddenCards(s, 0).sort()).toEqual(['T11', 'T12']);
  });

  it("MT-4: a tie for the highest sum goes to the earliest seat from the round's first seat", () => {
    const tied = set.slice();
    tied[0] = 'R9Y9B9'.replace('R9Y9B9', 'R10Y9B8'); // seat 0 also sums 27
    const s = mk(2, { tiles: tied, rounds: 1 }, ids(12));
    expect(matchet.toAct(s)).toEqual([0]);
  });

  it('MT-5: a player who cannot play draws until he can, never beyond five tiles, else passes', () => {
    const s = mk(2, { tiles: set, rounds: 1 }, ids(12));
    const events: Ev[] = [];
    expect(play(s, 'T06@0,0:B', events)).toBeNull(); // R9Y9B9: right B9, bottom R9, left Y9
    // Seat 0 holds T01..T05 (numbers 1..3: 1+9 = 10 joins!). T01 R1Y1B1 fits; no draw needed.
    expect(ofType(events, 'draw')).toHaveLength(0);
    expect(matchet.toAct(s)).toEqual([0]);
    expect(legal(s).length).toBeGreaterThan(0);
  });

  it('MT-5: drawing stops at the first playable tile; with five tiles and none playable the player passes', () => {
    // Seat 0 holds tiles that cannot join a 4 or a 9; the pool's first tile can.
    const set2 = [
      'R2Y2B2', 'R7Y7B7', 'R2B2Y2', 'R7B7Y7', 'R2Y7B2', // seat 0 (five tiles: cannot draw)
      'R10Y10B10', 'R4Y4B4', 'R4B4Y4', 'R2Y3B7', 'R3Y2B7', // seat 1: T06 sums 30 and starts
      'R1Y1B1', 'R6Y6B6',
    ]; // prettier-ignore
    const s = mk(2, { tiles: set2, rounds: 1 }, ids(12));
    expect(matchet.toAct(s)).toEqual([1]);
    const events: Ev[] = [];
    play(s, 'T06@0,0:B', events); // R10 Y10 B10: only 10s and 5s join; seat 0 has none and 5 tiles
    const kinds = bodies(events).map((e) => e.type);
    expect(kinds).toContain('pass');
    expect(ofType(events, 'pass')[0]?.seat).toBe(0);
    // Seat 1 cannot play a 10/5 either with 4 tiles: it draws T11 (R1: no), T12... never beyond 5.
    const v1 = v(s, null);
    expect((v1.hands as string[][]).every((h) => h.length <= 5)).toBe(true);
  });

  it('MT-7: a blocked round (everyone passes in a row) ends without deductions', () => {
    const set2 = [
      'R2Y2B2', 'R7Y7B7', 'R2B2Y2', 'R7B7Y7', 'R2Y7B2',
      'R10Y10B10', 'R4Y4B4', 'R4B4Y4', 'R2Y3B7', 'R3Y2B7',
      'R1Y1B1', 'R6Y6B6',
    ]; // prettier-ignore
    const s = mk(2, { tiles: set2, rounds: 1 }, ids(12));
    const events: Ev[] = [];
    play(s, 'T06@0,0:B', events);
    expect(matchet.isOver(s)).toBe(true);
    const end = ofType(events, 'round_end')[0]!;
    expect(end.winner).toBeNull();
    expect(end.points).toEqual([0, 0]);
    expect(matchet.result(s)!.winners).toEqual([0, 1]);
    // seat 1 drew up to five tiles (4 after the start, then one draw)
    expect(ofType(events, 'draw').filter((e) => e.seat === 1)).toHaveLength(1);
  });

  it('MT-7: a player who plays out wins the round; the others lose 5 per tile left', () => {
    // Play random legal lines until a round ends with a winner and check the deductions.
    let checked = 0;
    for (let g = 0; g < 60 && checked < 5; g++) {
      const s = mk(3, { rounds: 1 }, undefined, `out-${g}`);
      const rng = Rng.fromSeed(`out-${g}`);
      let before: MatchetView = v(s, null);
      while (!matchet.isOver(s)) {
        before = v(s, null);
        const l = legal(s);
        play(s, l[rng.int(l.length)]!);
      }
      const after = v(s, null);
      const round = after.history![0]!;
      if (round.winner === null) continue;
      checked++;
      const hands = before.hands as string[][];
      for (let seat = 0; seat < 3; seat++) {
        const scored = (after.totals as number[])[seat]! - (before.totals as number[])[seat]!;
        if (seat === round.winner) expect(scored).toBeGreaterThanOrEqual(0);
        else expect(scored).toBe(-5 * hands[seat]!.length);
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('MT-8: three rounds by default, the first seat moving one along each round; highest total wins', () => {
    const s = mk(3, {}, undefined, 'rounds');
    const rng = Rng.fromSeed('r');
    const firstSeats = new Set<number>();
    while (!matchet.isOver(s)) {
      firstSeats.add(v(s).firstSeat as number);
      const l = legal(s);
      play(s, l[rng.int(l.length)]!);
    }
    const end = v(s, null);
    expect((end.history as unknown[]).length).toBe(3);
    expect([...firstSeats].sort()).toEqual([0, 1, 2]);
    const totals = end.totals as number[];
    const best = Math.max(...totals);
    expect(matchet.result(s)!.winners).toEqual(totals.flatMap((t, i) => (t === best ? [i] : [])));
    expect(mk(2, { rounds: 5 }).rounds).toBe(5);
    expect(matchet.setup({ players: 2, seed: 'x', options: { rounds: 6 } }).ok).toBe(false);
  });
});

describe('MT-6: after an exceptional play', () => {
  it('MT-6: the next tile joins the exceptional tile (single-contact plays only beside it)', () => {
    let seen = 0;
    for (let g = 0; g < 80 && seen < 5; g++) {
      const s = mk(1, { mode: 'stacks' }, undefined, `exc-${g}`);
      const rng = Rng.fromSeed(`exc-${g}`);
      while (!matchet.isOver(s)) {
        const l = legal(s);
        const events: Ev[] = [];
        play(s, l[rng.int(l.length)]!, events);
        const p = placedBy(events);
        if (p.exceptional && !matchet.isOver(s)) {
          seen++;
          const last = v(s).last as { row: number; col: number };
          expect(last).toEqual({ row: p.row, col: p.col });
          const view = v(s);
          const board = view.board;
          for (const a of matchet.legalActions(s, 0)) {
            // a normal play (one contact) must be next to the exceptional tile
            const contacts = board.filter(
              (b) =>
                (b.row === a.row && Math.abs(b.col - a.col) === 1) ||
                (b.col === a.col &&
                  Math.abs(b.row - a.row) === 1 &&
                  ((a.row + a.col) % 2 === 0 ? b.row === a.row + 1 : b.row === a.row - 1)),
            );
            if (contacts.length === 1) expect(contacts[0]).toMatchObject(last);
          }
        }
      }
    }
    expect(seen).toBeGreaterThan(0);
  });
});

describe('MT-9: Solitaire A (reserve)', () => {
  it('MT-9: an unplayable draw goes onto the face-up reserve; the reserve top is played before drawing', () => {
    // Start R10Y10B10; T02 (R1..) cannot join; T03 (R5 Y5 B5) can; then T02 still cannot.
    const tiles = ['R10Y10B10', 'R1Y1B1', 'R5Y5B5', 'R9Y9B9', 'R1B1Y1'];
    const s = mk(1, { mode: 'reserve', tiles }, ['T01', 'T02', 'T03', 'T04', 'T05']);
    let view = v(s);
    expect(view.reserve).toEqual(['T02']);
    expect(view.current).toBe('T03');
    expect(view.fromReserve).toBe(false);
    expect(play(s, 'T02@0,1:T')?.code).toBe('tile_not_available');
    // T03 R5Y5B5 on (0,1) joining B10 with B5: red faces T puts blue on the left.
    expect(play(s, 'T03@0,1:T')).toBeNull();
    view = v(s);
    // T02 R1Y1B1: (0,1) is down: sides T,R,L. Its open sides... R1+9? The reserve top T02 is tried first.
    expect(view.points).toBe(15);
    expect(matchet.hiddenCards(s, 0).length).toBe(view.pool);
  });

  it('MT-9: lost when the pool is empty and the reserve top cannot be played; won when all are placed', () => {
    const lost = mk(1, { mode: 'reserve', tiles: ['R10Y10B10', 'R1Y1B1', 'R2Y2B2'] }, ['T01', 'T02', 'T03']);
    expect(matchet.isOver(lost)).toBe(true);
    expect(v(lost).outcome).toBe('lost');
    expect(v(lost).reserve).toEqual(['T02', 'T03']);
    const won = mk(1, { mode: 'reserve', tiles: ['R10Y10B10', 'R5Y5B5'] }, ['T01', 'T02']);
    expect(legal(won).length).toBeGreaterThan(0);
    play(won, legal(won)[0]!);
    expect(v(won).outcome).toBe('won');
    expect(matchet.result(won)!.scores).toEqual([2]);
  });
});

describe('MT-10: Solitaire B (six stacks)', () => {
  it('MT-10: six stacks of six; any top starts; then a playable top from a tallest stack', () => {
    const s = mk(1, { mode: 'stacks' }, undefined, 'stacks');
    const view = v(s);
    expect(view.stacks!.map((x) => x.height)).toEqual([6, 6, 6, 6, 6, 6]);
    expect(legal(s)).toHaveLength(6);
    // Dealt face up (MT-X5): every tile of every stack is in the view, top first.
    expect(matchet.hiddenCards(s, 0)).toHaveLength(0);
    const stacks = view.stacks!;
    expect(stacks.every((x) => x.beneath.length === 5)).toBe(true);
    expect(new Set(stacks.flatMap((x) => [x.top, ...x.beneath])).size).toBe(36);
    const d = matchet.determinize(s, 0, Rng.fromSeed('same'));
    expect(matchet.serialize(d).order).toEqual(matchet.serialize(s).order);
  });

  it('MT-10: taking from a shorter stack while a taller one has a playable top is refused', () => {
    // 7 tiles: stack 1 has two tiles (T01 on top of T02), the others one each.
    const tiles = ['R1Y1B1', 'R9Y9B9', 'R10Y10B10', 'R4Y4B4', 'R5Y5B5', 'R9B9Y9', 'R6Y6B6'];
    const s = mk(1, { mode: 'stacks', tiles }, ['T03', 'T01', 'T02', 'T04', 'T05', 'T06', 'T07']);
    // stack 1 = [T03, T01], stack 2 = [T02], ... Start with T05 (R5Y5B5) from stack 4... stack heights 2,1,1,1,1,1
    expect(play(s, 'T05@0,0:B')).toBeNull();
    // T03 (R10Y10B10, stack 1, height 2) can join 5s; T04 (R4Y4B4) cannot; T02 (R9Y9B9) cannot.
    const l = legal(s);
    expect(l.every((a) => a.startsWith('T03'))).toBe(true);
    expect(play(s, 'T07@0,1:T')?.code).toMatch(/must_take_tallest_stack|bad_join/);
    // After T03, stack 1 has T01 (height 1): all stacks equal, any playable top may go.
    play(s, l[0]!);
    expect(v(s).stacks).toBeDefined();
  });
});

describe('notation and views', () => {
  it('actions round-trip and parse loosely', () => {
    const p = matchet.parseAction(' t5 @ 1 , -2 : l ');
    expect(p.ok && matchet.formatAction(p.value)).toBe('T05@1,-2:L');
    expect(matchet.parseAction('T05 1,0').ok).toBe(false);
  });
  it('a far cell or a wrong rotation letter is refused', () => {
    const s = mk(1, { mode: 'stacks' }, undefined, 'v');
    const top = v(s).stacks![0]!.top;
    expect(matchet.applyInPlace(s, 0, { type: 'place', tile: top, row: 0, col: 0, red: 'T' })?.code).toBe(
      'bad_rotation',
    );
    // The starting tile goes on 0,0 (MT-X2), wherever else it is put.
    expect(matchet.applyInPlace(s, 0, { type: 'place', tile: top, row: 99, col: 0, red: 'T' })?.code).toBe(
      'start_in_middle',
    );
    expect(play(s, legal(s)[0]!)).toBeNull();
    // Later a far cell touches no tile: the board has no edge, so it is not "off the board".
    const next = matchet.legalActions(s, 0)[0]!;
    expect(matchet.applyInPlace(s, 0, { ...next, row: 99, col: 0, red: 'T' })?.code).toBe('far_from_tiles');
    expect(matchet.applyInPlace(s, 0, { type: 'place', tile: 'T99', row: 0, col: 0, red: 'B' })?.code).toBe(
      'unknown_tile',
    );
  });
});
