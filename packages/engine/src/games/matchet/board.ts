/**
 * The triangular board (ruling MT-2) and where a tile may go (MT-3, MT-6).
 *
 * Coordinates: a cell is (row, col), rows growing downwards, columns to the right. The cell is an
 * upward triangle when row + col is even, a downward one when it is odd; the starting tile lies on
 * (0, 0), an upward cell. Neighbours share a whole side:
 *   upward (r, c):   right side -> (r, c+1), bottom side -> (r+1, c), left side -> (r, c-1)
 *   downward (r, c): top side -> (r-1, c), right side -> (r, c+1), left side -> (r, c-1)
 * A cell's sides are numbered clockwise as listed (slots 0, 1, 2). A placed tile's rotation is the
 * slot where its red side lies, written as the direction the red side faces: R, B or L on an upward
 * cell, T, R or L on a downward one.
 *
 * The board is a square grid of (2n + 3)^2 cells for a set of n tiles, wide enough that no chain of
 * n tiles can reach its edge; cell index = (row + n + 1) * width + (col + n + 1). Each cell holds 0
 * (empty) or tile * 3 + rotation + 1.
 */
import { JOIN } from './tiles.ts';
import type { TileSet } from './tiles.ts';

export const UP_LETTERS = ['R', 'B', 'L'] as const;
export const DOWN_LETTERS = ['T', 'R', 'L'] as const;
/** The rotation of the starting tile (matchbox ruling MT-X2): red side facing down. */
export const START_ROT = 1;

export interface Geometry {
  readonly width: number;
  readonly offset: number;
  /** Number of real cells; index `cells` is an always-empty cell standing for "off the grid". */
  readonly cells: number;
  /** 1 for an upward cell. */
  readonly up: Uint8Array;
  /** Neighbour across each slot: nb[cell * 3 + slot]. */
  readonly nb: Int32Array;
  /** The slot of the neighbour that faces back: back[cell * 3 + slot]. */
  readonly back: Uint8Array;
  /** The cell of the starting tile, (0, 0). */
  readonly origin: number;
  /** Largest |row| or |col| a tile may be placed at. */
  readonly reach: number;
}

const geometries = new Map<number, Geometry>();

export function geometryFor(tiles: number): Geometry {
  const hit = geometries.get(tiles);
  if (hit) return hit;
  const offset = tiles + 1;
  const width = 2 * tiles + 3;
  const cells = width * width;
  const up = new Uint8Array(cells + 1);
  const nb = new Int32Array((cells + 1) * 3).fill(cells);
  const back = new Uint8Array((cells + 1) * 3);
  const at = (r: number, c: number): number =>
    r < 0 || c < 0 || r >= width || c >= width ? cells : r * width + c;
  for (let r = 0; r < width; r++) {
    for (let c = 0; c < width; c++) {
      const i = r * width + c;
      const isUp = (r + c) % 2 === 0; // same parity as (row + col) since both carry the same offset
      up[i] = isUp ? 1 : 0;
      if (isUp) {
        nb[i * 3] = at(r, c + 1);
        nb[i * 3 + 1] = at(r + 1, c);
        nb[i * 3 + 2] = at(r, c - 1);
        back[i * 3] = 2;
        back[i * 3 + 1] = 0;
        back[i * 3 + 2] = 1;
      } else {
        nb[i * 3] = at(r - 1, c);
        nb[i * 3 + 1] = at(r, c + 1);
        nb[i * 3 + 2] = at(r, c - 1);
        back[i * 3] = 1;
        back[i * 3 + 1] = 2;
        back[i * 3 + 2] = 0;
      }
    }
  }
  const g: Geometry = { width, offset, cells, up, nb, back, origin: offset * width + offset, reach: tiles };
  geometries.set(tiles, g);
  return g;
}

export const rowOf = (g: Geometry, cell: number): number => ((cell / g.width) | 0) - g.offset;
export const colOf = (g: Geometry, cell: number): number => (cell % g.width) - g.offset;
/** The cell at (row, col), or -1 beyond the grid (so far out that no tile can touch it). */
export function cellAt(g: Geometry, row: number, col: number): number {
  if (Math.abs(row) > g.reach || Math.abs(col) > g.reach) return -1;
  return (row + g.offset) * g.width + col + g.offset;
}
export const rotLetter = (g: Geometry, cell: number, rot: number): string =>
  (g.up[cell] ? UP_LETTERS : DOWN_LETTERS)[rot]!;
export function rotOfLetter(g: Geometry, cell: number, letter: string): number {
  return (g.up[cell] ? (UP_LETTERS as readonly string[]) : (DOWN_LETTERS as readonly string[])).indexOf(
    letter,
  );
}

/** How many of the cell's neighbours hold a tile. */
export function touching(board: Uint8Array, g: Geometry, cell: number): number {
  const b = cell * 3;
  return (board[g.nb[b]!]! ? 1 : 0) + (board[g.nb[b + 1]!]! ? 1 : 0) + (board[g.nb[b + 2]!]! ? 1 : 0);
}

/**
 * Points scored by tile t placed on `cell` with rotation k if every touching side forms a valid
 * join (ruling MT-2), or -1 if one does not. Does not check which cells are allowed.
 */
export function joinScore(
  board: Uint8Array,
  g: Geometry,
  ts: TileSet,
  cell: number,
  t: number,
  k: number,
): number {
  let score = 0;
  const base = cell * 3;
  const sides = t * 9 + k * 3;
  for (let e = 0; e < 3; e++) {
    const v = board[g.nb[base + e]!]!;
    if (v === 0) continue;
    const u = ((v - 1) / 3) | 0;
    const j = (v - 1) % 3;
    const js = JOIN[ts.sideAt[sides + e]! * 64 + ts.sideAt[u * 9 + j * 3 + g.back[base + e]!]!]!;
    if (js < 0) return -1;
    score += js;
  }
  return score;
}

/**
 * The cells a tile may be put on now (rulings MT-3, MT-6), ascending: the empty neighbours of the
 * last tile that touch no other tile (normal play), and every empty cell touching two or three
 * tiles (exceptional play, anywhere). Written to `out`; returns the count.
 */
export function targetCells(
  board: Uint8Array,
  g: Geometry,
  last: number,
  holes: Int16Array | Int32Array,
  holeCount: number,
  out: Int32Array,
): number {
  let n = 0;
  if (last >= 0) {
    for (let e = 0; e < 3; e++) {
      const y = g.nb[last * 3 + e]!;
      if (y !== g.cells && board[y] === 0 && touching(board, g, y) === 1) out[n++] = y;
    }
  }
  for (let i = 0; i < holeCount; i++) out[n++] = holes[i]!;
  // Insertion sort: the lists are tiny.
  for (let i = 1; i < n; i++) {
    const v = out[i]!;
    let j = i - 1;
    while (j >= 0 && out[j]! > v) {
      out[j + 1] = out[j]!;
      j--;
    }
    out[j + 1] = v;
  }
  return n;
}

/**
 * Classifies a cell for a placement: 'normal' (touches only the last tile), 'exceptional' (touches
 * two or three), or the reason it is not allowed.
 */
export function cellClass(
  board: Uint8Array,
  g: Geometry,
  last: number,
  cell: number,
): 'normal' | 'exceptional' | 'occupied' | 'not_touching' | 'must_play_to_last' {
  if (board[cell] !== 0) return 'occupied';
  const n = touching(board, g, cell);
  if (n >= 2) return 'exceptional';
  if (n === 0) return 'not_touching';
  const b = cell * 3;
  return g.nb[b] === last || g.nb[b + 1] === last || g.nb[b + 2] === last ? 'normal' : 'must_play_to_last';
}

/** Puts a tile on the board and keeps the list of exceptional cells (holes) up to date. */
export function putTile(
  board: Uint8Array,
  g: Geometry,
  holes: Int16Array,
  holeCount: number,
  cell: number,
  t: number,
  k: number,
): number {
  board[cell] = t * 3 + k + 1;
  let n = holeCount;
  for (let i = 0; i < n; i++) {
    if (holes[i] === cell) {
      holes[i] = holes[--n]!;
      break;
    }
  }
  for (let e = 0; e < 3; e++) {
    const y = g.nb[cell * 3 + e]!;
    if (y !== g.cells && board[y] === 0 && touching(board, g, y) === 2) holes[n++] = y;
  }
  return n;
}

/** Rebuilds the hole list from a board (ascending cell order). */
export function findHoles(board: Uint8Array, g: Geometry, holes: Int16Array): number {
  let n = 0;
  for (let i = 0; i < g.cells; i++) if (board[i] === 0 && touching(board, g, i) >= 2) holes[n++] = i;
  return n;
}
