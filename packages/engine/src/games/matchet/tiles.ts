/**
 * MATCHET's vocabulary: triangular tiles with one red, one yellow and one blue side, each side
 * carrying a number 1..10 (ruling MT-1).
 *
 * Side notation: colour letter + number, e.g. `R6`. A tile's sides are written clockwise starting
 * from red: `R6Y7B7` (red-yellow-blue clockwise) or `R8B1Y9` (red-blue-yellow clockwise). Tiles turn
 * but never flip, so the clockwise order is part of the tile. In views and actions a tile is named by
 * its id token, `T01`..`T36` for the standard set (`T01`..`Tnn` for a set of n tiles).
 *
 * Internally a tile is its index 0..n-1; a side is the small code colour * 16 + number.
 */
import type { Result } from '../../contract.ts';
import { err, ok } from '../../contract.ts';

export const COLOURS = ['R', 'Y', 'B'] as const;
export type Colour = (typeof COLOURS)[number];
export const COLOUR_NAMES: Record<Colour, string> = { R: 'red', Y: 'yellow', B: 'blue' };

export const MAX_TILES = 80;
export const MIN_TILES = 2;

/**
 * The standard set (ruling MT-1): 36 tiles, the first 18 red-yellow-blue clockwise, the last 18
 * red-blue-yellow, all different; every colour carries every number 1..10 three or four times.
 * Generated once from a seeded shuffle and fixed here as data.
 */
export const STANDARD_TILES: readonly string[] = [
  'R6Y7B7', 'R2Y9B3', 'R2Y4B3', 'R5Y10B1', 'R1Y4B5', 'R3Y7B8', 'R7Y5B6', 'R6Y1B3', 'R8Y8B8',
  'R2Y6B1', 'R9Y8B9', 'R1Y1B4', 'R9Y2B5', 'R7Y7B8', 'R5Y5B3', 'R3Y6B2', 'R4Y8B9', 'R10Y3B7',
  'R8B1Y9', 'R1B10Y2', 'R10B2Y7', 'R9B7Y10', 'R2B5Y9', 'R4B9Y3', 'R10B6Y3', 'R1B4Y4', 'R6B10Y4',
  'R4B4Y2', 'R8B6Y9', 'R10B2Y1', 'R8B10Y5', 'R5B5Y10', 'R3B6Y10', 'R3B4Y2', 'R6B8Y5', 'R7B1Y6',
]; // prettier-ignore

export const sideCode = (colour: number, n: number): number => colour * 16 + n;
export const sideColour = (code: number): number => code >> 4;
export const sideNumber = (code: number): number => code & 15;
export const sideName = (code: number): string => `${COLOURS[sideColour(code)]}${sideNumber(code)}`;

/**
 * Join value of two touching sides (ruling MT-2): -1 when the join is invalid (colours differ, or
 * numbers neither equal nor summing to a multiple of 5), otherwise the points it scores (the sum
 * for a multiple join, 0 for a plain match). Indexed [a * 64 + b].
 */
export const JOIN: Int8Array = (() => {
  const t = new Int8Array(64 * 64).fill(-1);
  for (let c = 0; c < 3; c++) {
    for (let a = 1; a <= 10; a++) {
      for (let b = 1; b <= 10; b++) {
        const sum = a + b;
        if (sum % 5 === 0) t[sideCode(c, a) * 64 + sideCode(c, b)] = sum;
        else if (a === b) t[sideCode(c, a) * 64 + sideCode(c, b)] = 0;
      }
    }
  }
  return t;
})();

/** An immutable tile set with its lookup tables, shared by every state that uses it. */
export interface TileSet {
  /** The sides of each tile, clockwise from red, as given (normalised): `R6Y7B7`. */
  readonly specs: readonly string[];
  /** Tile id tokens, `T01`.. */
  readonly names: readonly string[];
  readonly byName: ReadonlyMap<string, number>;
  /** Side codes clockwise from red: sides[t * 3 + i]. */
  readonly sides: Uint8Array;
  /** Sum of the three numbers per tile (ruling MT-4's starting tile). */
  readonly sums: Uint8Array;
  /** Side at each slot of a cell when the red side sits at slot k: sideAt[t * 9 + k * 3 + slot]. */
  readonly sideAt: Uint8Array;
  /** True for the standard set (serialised as null). */
  readonly standard: boolean;
  readonly size: number;
}

const SPEC_RE = /^([RYB])(10|[1-9])([RYB])(10|[1-9])([RYB])(10|[1-9])$/;

/** Parses one tile's sides (`R6Y7B7`, any starting colour, any case) into side codes from red. */
export function parseTileSpec(text: string): number[] | null {
  const m = SPEC_RE.exec(
    text
      .trim()
      .toUpperCase()
      .replace(/[\s,-]/g, ''),
  );
  if (!m) return null;
  const cols = [m[1], m[3], m[5]].map((c) => COLOURS.indexOf(c as Colour));
  if (new Set(cols).size !== 3) return null;
  const nums = [m[2], m[4], m[6]].map(Number);
  const start = cols.indexOf(0);
  const out: number[] = [];
  for (let i = 0; i < 3; i++) out.push(sideCode(cols[(start + i) % 3]!, nums[(start + i) % 3]!));
  return out;
}

export const tileName = (index: number): string => `T${String(index + 1).padStart(2, '0')}`;

function buildTileSet(specs: readonly number[][], standard: boolean): TileSet {
  const size = specs.length;
  const sides = new Uint8Array(size * 3);
  const sums = new Uint8Array(size);
  const sideAt = new Uint8Array(size * 9);
  specs.forEach((s, t) => {
    for (let i = 0; i < 3; i++) sides[t * 3 + i] = s[i]!;
    sums[t] = sideNumber(s[0]!) + sideNumber(s[1]!) + sideNumber(s[2]!);
    for (let k = 0; k < 3; k++) for (let e = 0; e < 3; e++) sideAt[t * 9 + k * 3 + e] = s[(e - k + 3) % 3]!;
  });
  const names = specs.map((_, t) => tileName(t));
  return {
    specs: specs.map((s) => s.map(sideName).join('')),
    names,
    byName: new Map(names.map((n, t) => [n, t])),
    sides,
    sums,
    sideAt,
    standard,
    size,
  };
}

export const STANDARD_SET: TileSet = buildTileSet(
  STANDARD_TILES.map((t) => parseTileSpec(t)!),
  true,
);

const cache = new Map<string, TileSet>();

/**
 * Validates a tile set given as data (ruling MT-1: owners of the game may enter theirs): a list of
 * 2..80 tile strings such as "R6Y7B7", every tile different (turning a tile does not make it a new
 * one; a mirror image does). `null`/absent means the standard set.
 */
export function resolveTileSet(value: unknown): Result<TileSet> {
  if (value === null || value === undefined) return ok(STANDARD_SET);
  if (!Array.isArray(value))
    return err('invalid_option', 'Option "tiles": expected a list of tiles like ["R6Y7B7", "R8B1Y9", ...].');
  if (value.length < MIN_TILES || value.length > MAX_TILES)
    return err(
      'invalid_option',
      `Option "tiles": a set has ${MIN_TILES} to ${MAX_TILES} tiles, got ${value.length}.`,
    );
  const key = JSON.stringify(value);
  const hit = cache.get(key);
  if (hit) return ok(hit);
  const specs: number[][] = [];
  const seen = new Map<string, number>();
  for (let i = 0; i < value.length; i++) {
    const v: unknown = value[i];
    const spec = typeof v === 'string' ? parseTileSpec(v) : null;
    if (!spec)
      return err(
        'invalid_option',
        `Option "tiles": tile ${i + 1} (${JSON.stringify(v)}) is not a tile; write its three sides clockwise, one red, one yellow, one blue, numbers 1 to 10, e.g. "R6Y7B7".`,
      );
    const norm = spec.map(sideName).join('');
    const before = seen.get(norm);
    if (before !== undefined)
      return err(
        'invalid_option',
        `Option "tiles": tiles ${before + 1} and ${i + 1} are the same tile (${norm}).`,
      );
    seen.set(norm, i);
    specs.push(spec);
  }
  const set = buildTileSet(specs, false);
  if (cache.size > 64) cache.clear();
  cache.set(key, set);
  return ok(set);
}
