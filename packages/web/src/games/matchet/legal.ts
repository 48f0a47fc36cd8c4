/**
 * The server's legal placements, grouped for the picture: per tile, the cells it may go to, and
 * per cell the turns allowed there. Each choice keeps its `text`, the notation sent back to the
 * server. Nothing is computed here that the server did not list.
 */
import type { LegalChoice } from '@matchbox/client';

export interface Placement {
  /** The notation to send, e.g. "T05@1,0:T". */
  readonly text: string;
  readonly tile: string;
  readonly row: number;
  readonly col: number;
  /** The direction the red side faces. */
  readonly red: string;
}

export interface Spot {
  readonly key: string;
  readonly row: number;
  readonly col: number;
  /** The legal turns of the tile on this cell, in the server's order. */
  readonly options: readonly Placement[];
}

const TEXT_RE = /^(T\d+)@(-?\d+),(-?\d+):([TRBL])$/;

/** One legal choice as a placement: from its action when that has the fields, else its text. */
export function toPlacement(choice: LegalChoice): Placement | null {
  const a = choice.action as Partial<Record<'tile' | 'row' | 'col' | 'red', unknown>> | null;
  if (
    a &&
    typeof a === 'object' &&
    typeof a.tile === 'string' &&
    typeof a.row === 'number' &&
    typeof a.col === 'number' &&
    typeof a.red === 'string'
  )
    return { text: choice.text, tile: a.tile, row: a.row, col: a.col, red: a.red };
  const m = TEXT_RE.exec(choice.text.trim());
  if (!m) return null;
  return { text: choice.text, tile: m[1]!, row: Number(m[2]), col: Number(m[3]), red: m[4]! };
}

export const cellKey = (row: number, col: number): string => `${row},${col}`;

/** The placements by tile, in the order the server lists the tiles. */
export function byTile(legal: readonly LegalChoice[]): Map<string, Placement[]> {
  const out = new Map<string, Placement[]>();
  for (const c of legal) {
    const p = toPlacement(c);
    if (!p) continue;
    const list = out.get(p.tile);
    if (list) list.push(p);
    else out.set(p.tile, [p]);
  }
  return out;
}

/** A tile's spots, top row first, then left to right (the order Tab walks them). */
export function spotsOf(placements: readonly Placement[]): Spot[] {
  const map = new Map<string, Placement[]>();
  for (const p of placements) {
    const k = cellKey(p.row, p.col);
    const list = map.get(k);
    if (list) list.push(p);
    else map.set(k, [p]);
  }
  return [...map.entries()]
    .map(([key, options]) => ({ key, row: options[0]!.row, col: options[0]!.col, options }))
    .sort((a, b) => a.row - b.row || a.col - b.col);
}
