/**
 * An independent reading of MT-2/MT-3/MT-6/MT-10 that works only from a seat's view: which
 * placements are valid and what they score. The tests compare the engine with it.
 */
import type { MatchetView } from '../../src/index.ts';

type Dir = 'T' | 'R' | 'B' | 'L';
const UP: Dir[] = ['R', 'B', 'L'];
const DOWN: Dir[] = ['T', 'R', 'L'];
const isUp = (r: number, c: number) => (((r + c) % 2) + 2) % 2 === 0;

function neighbour(r: number, c: number, d: Dir): [number, number] {
  if (d === 'R') return [r, c + 1];
  if (d === 'L') return [r, c - 1];
  if (d === 'B') return [r + 1, c];
  return [r - 1, c];
}
/** The direction of the shared side as seen from the neighbour. */
function opposite(up: boolean, d: Dir): Dir {
  if (d === 'R') return 'L';
  if (d === 'L') return 'R';
  return up ? 'T' : 'B';
}

/** Sides of a tile (spec clockwise from red) on a cell with its red side facing `red`. */
export function sidesFacing(spec: string, up: boolean, red: string): Record<string, string> {
  const sides = spec.match(/[RYB]\d+/g)!;
  const letters = up ? UP : DOWN;
  const k = letters.indexOf(red as Dir);
  const out: Record<string, string> = {};
  for (let i = 0; i < 3; i++) out[letters[(k + i) % 3]!] = sides[i]!;
  return out;
}

/** Points of a join, or -1 if invalid (MT-2). */
export function join(a: string, b: string): number {
  if (a[0] !== b[0]) return -1;
  const x = Number(a.slice(1));
  const y = Number(b.slice(1));
  if ((x + y) % 5 === 0) return x + y;
  return x === y ? 0 : -1;
}

interface Placed {
  row: number;
  col: number;
  sides: Record<string, string>;
}

/** Every valid placement for the tiles the view says may be placed now, with its points. */
export function referencePlacements(view: MatchetView): Map<string, number> {
  const board = (view.board as unknown as Placed[]).map((p) => p);
  const at = new Map<string, Placed>(board.map((p) => [`${p.row},${p.col}`, p]));
  const last = view.last;
  const specs = view.tileSides as Record<string, string>;
  let tiles: string[] = [];
  const seat = (view.toAct as number[])[0];
  if (seat === undefined) return new Map();
  if (view.mode === 'multi') tiles = (view.hands as string[][])[seat]!;
  else if (view.mode === 'reserve') tiles = view.current ? [view.current] : [];
  else tiles = view.stacks!.flatMap((s) => (s.top ? [s.top] : []));
  const out = new Map<string, number>();
  if (board.length === 0) {
    for (const t of tiles) out.set(`${t}@0,0:B`, 0);
    if (view.mode === 'multi') {
      const sum = (t: string) => specs[t]!.match(/\d+/g)!.reduce((a, b) => a + Number(b), 0);
      const best = Math.max(...tiles.map(sum));
      for (const t of tiles) if (sum(t) !== best) out.delete(`${t}@0,0:B`);
    }
    return out;
  }
  const cells = new Set<string>();
  for (const p of board) {
    for (const d of isUp(p.row, p.col) ? UP : DOWN) {
      const [r, c] = neighbour(p.row, p.col, d);
      if (!at.has(`${r},${c}`)) cells.add(`${r},${c}`);
    }
  }
  const byTile = new Map<string, Map<string, number>>();
  for (const t of tiles) {
    const mine = new Map<string, number>();
    for (const key of cells) {
      const [r, c] = key.split(',').map(Number) as [number, number];
      const up = isUp(r, c);
      const touching: [Dir, Placed][] = [];
      for (const d of up ? UP : DOWN) {
        const [nr, nc] = neighbour(r, c, d);
        const p = at.get(`${nr},${nc}`);
        if (p) touching.push([d, p]);
      }
      if (touching.length === 1) {
        const p = touching[0]![1];
        if (!last || p.row !== last.row || p.col !== last.col) continue; // MT-3: normal play joins the last tile
      }
      for (const red of up ? UP : DOWN) {
        const mySides = sidesFacing(specs[t]!, up, red);
        let points = 0;
        for (const [d, p] of touching) {
          const j = join(mySides[d]!, p.sides[opposite(up, d)]!);
          if (j < 0) {
            points = -1;
            break;
          }
          points += j;
        }
        if (points >= 0) mine.set(`${t}@${r},${c}:${red}`, points);
      }
    }
    byTile.set(t, mine);
  }
  if (view.mode === 'stacks') {
    // MT-10: only playable tops from the tallest such stacks.
    const stacks = view.stacks!;
    let best = 0;
    for (const s of stacks) if (s.top && byTile.get(s.top)!.size > 0) best = Math.max(best, s.height);
    for (const s of stacks) if (s.top && s.height !== best) byTile.delete(s.top);
  }
  for (const m of byTile.values()) for (const [k, v] of m) out.set(k, v);
  return out;
}
