/**
 * Drawing geometry of MATCHET's triangular board (docs/rules/matchet.md, "The board"). A cell
 * (row, col) is an upward triangle when row + col is even, a downward one when it is odd; its
 * sides, clockwise, are R, B, L (upward) or T, R, L (downward). A tile's sides are written
 * clockwise from red ("R1Y4B5"), so the tile turned with red facing a direction puts the next
 * sides on the next directions clockwise. Pure geometry for the picture: no rule lives here.
 */

/** Side length of a cell in board units; the height follows. */
export const SIDE = 60;
export const HEIGHT = (SIDE * Math.sqrt(3)) / 2;

export type Colour = 'R' | 'Y' | 'B';
export interface TileSide {
  readonly colour: Colour;
  readonly value: number;
}
export interface Point {
  readonly x: number;
  readonly y: number;
}

export const UP_DIRS = ['R', 'B', 'L'] as const;
export const DOWN_DIRS = ['T', 'R', 'L'] as const;

export const isUp = (row: number, col: number): boolean => (((row + col) % 2) + 2) % 2 === 0;
export const dirsOf = (up: boolean): readonly string[] => (up ? UP_DIRS : DOWN_DIRS);

/** "R1Y4B5" -> the three sides, clockwise from red; unknown text gives an empty list. */
export function parseSides(text: string | undefined): TileSide[] {
  const out: TileSide[] = [];
  if (!text) return out;
  const re = /([RYB])(\d{1,2})/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push({ colour: m[1] as Colour, value: Number(m[2]) });
  return out;
}

/** The sides by the direction each faces, for a tile turned so that red faces `red`. */
export function sidesFacing(sides: readonly TileSide[], up: boolean, red: string): Record<string, TileSide> {
  const dirs = dirsOf(up);
  const k = Math.max(0, dirs.indexOf(red));
  const out: Record<string, TileSide> = {};
  sides.forEach((s, i) => {
    out[dirs[(k + i) % 3]!] = s;
  });
  return out;
}

/** "Y5" -> a side, for the sides of a placed tile as the view gives them. */
export function parseSide(text: string | undefined): TileSide | null {
  const m = /^([RYB])(\d{1,2})$/.exec(text ?? '');
  return m ? { colour: m[1] as Colour, value: Number(m[2]) } : null;
}

/** The three corners of a cell, in board units. */
export function corners(row: number, col: number): [Point, Point, Point] {
  const x = (col * SIDE) / 2;
  const y = row * HEIGHT;
  return isUp(row, col)
    ? [
        { x, y },
        { x: x + SIDE / 2, y: y + HEIGHT },
        { x: x - SIDE / 2, y: y + HEIGHT },
      ]
    : [
        { x: x - SIDE / 2, y },
        { x: x + SIDE / 2, y },
        { x, y: y + HEIGHT },
      ];
}

/** The two ends of the side facing `dir`. */
export function sideEnds(row: number, col: number, dir: string): [Point, Point] {
  const [a, b, c] = corners(row, col);
  if (isUp(row, col)) return dir === 'R' ? [a, b] : dir === 'B' ? [b, c] : [c, a];
  return dir === 'T' ? [a, b] : dir === 'R' ? [b, c] : [c, a];
}

export function centroid(row: number, col: number): Point {
  const [a, b, c] = corners(row, col);
  return { x: (a.x + b.x + c.x) / 3, y: (a.y + b.y + c.y) / 3 };
}

export const pointsAttr = (ps: readonly Point[]): string =>
  ps.map((p) => `${p.x.toFixed(2)},${p.y.toFixed(2)}`).join(' ');

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The box around a set of cells (one cell's margin when `margin`), or null for none. */
export function boundsOf(cells: readonly { row: number; col: number }[], margin = 0): Bounds | null {
  if (cells.length === 0) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const { row, col } of cells) {
    for (const p of corners(row, col)) {
      minX = Math.min(minX, p.x);
      minY = Math.min(minY, p.y);
      maxX = Math.max(maxX, p.x);
      maxY = Math.max(maxY, p.y);
    }
  }
  return { minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin };
}
