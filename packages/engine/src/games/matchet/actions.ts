/**
 * MATCHET's one action, placing a tile: the legal list (MT-2, MT-3, MT-4, MT-6, MT-9, MT-10),
 * applying with validation, the probes for the harness, and the text notation `T05@1,0:T`.
 * The hot path (`legalActions`, `applyInPlace` without events) allocates nothing but the list:
 * actions are interned.
 */
import type { EngineError, Result, Seat } from '../../contract.ts';
import { engineError, err, ok } from '../../contract.ts';
import { START_ROT, cellAt, colOf, joinScore, rotOfLetter, rowOf } from './board.ts';
import type { Events } from './play.ts';
import { checkPlace } from './check.ts';
import { allowedStacks, cellBuf, computeTargets, place } from './play.ts';
import type { MatchetState } from './state.ts';
import {
  HAND_MAX,
  MODE_MULTI,
  MODE_RESERVE,
  MODE_STACKS,
  PHASE_OVER,
  PHASE_START,
  STACKS,
  stackTop,
} from './state.ts';
import type { TileSet } from './tiles.ts';
import type { MatchetAction } from './types.ts';
import { describeTurn } from './view.ts';

/** Interned actions, keyed by tile, row, column and rotation (row/col within -128..127). */
const ACTIONS = new Map<number, MatchetAction>();
const LETTERS_UP = ['R', 'B', 'L'];
const LETTERS_DOWN = ['T', 'R', 'L'];

function actionFor(ts: TileSet, t: number, row: number, col: number, k: number): MatchetAction {
  const key = t * 262144 + (row + 128) * 1024 + (col + 128) * 4 + k;
  let a = ACTIONS.get(key);
  if (!a) {
    const up = ((row + col) & 1) === 0;
    a = { type: 'place', tile: ts.names[t]!, row, col, red: (up ? LETTERS_UP : LETTERS_DOWN)[k]! };
    ACTIONS.set(key, a);
  }
  return a;
}

const actionAt = (s: MatchetState, t: number, cell: number, k: number): MatchetAction =>
  actionFor(s.tiles, t, rowOf(s.geo, cell), colOf(s.geo, cell), k);

const stackBuf = new Int32Array(STACKS);
const tileBuf = new Int32Array(HAND_MAX + STACKS);

/** The tiles the seat may place now, before looking at joins; returns the count in tileBuf. */
function candidateTiles(s: MatchetState, m: number): number {
  let n = 0;
  if (s.mode === MODE_MULTI) {
    const base = s.toMove * HAND_MAX;
    for (let i = 0; i < s.handLen[s.toMove]!; i++) tileBuf[n++] = s.hands[base + i]!;
  } else if (s.mode === MODE_RESERVE) {
    if (s.current >= 0) tileBuf[n++] = s.current;
  } else if (s.phase === PHASE_START) {
    for (let k = 0; k < STACKS; k++) if (stackTop(s, k) >= 0) tileBuf[n++] = stackTop(s, k);
  } else {
    const a = allowedStacks(s, m, stackBuf);
    for (let i = 0; i < a; i++) tileBuf[n++] = stackTop(s, stackBuf[i]!);
  }
  return n;
}

export function legalActions(s: MatchetState, seat: Seat): MatchetAction[] {
  const out: MatchetAction[] = [];
  if (s.phase === PHASE_OVER || seat !== s.toMove) return out;
  if (s.phase === PHASE_START) {
    const n = candidateTiles(s, 0);
    let best = 0;
    if (s.mode === MODE_MULTI) for (let i = 0; i < n; i++) best = Math.max(best, s.tiles.sums[tileBuf[i]!]!);
    for (let i = 0; i < n; i++) {
      const t = tileBuf[i]!;
      if (s.mode !== MODE_MULTI || s.tiles.sums[t] === best)
        out.push(actionAt(s, t, s.geo.origin, START_ROT));
    }
    return out;
  }
  const m = computeTargets(s);
  const n = candidateTiles(s, m);
  for (let i = 0; i < n; i++) {
    const t = tileBuf[i]!;
    for (let c = 0; c < m; c++) {
      const cell = cellBuf[c]!;
      for (let k = 0; k < 3; k++) {
        if (joinScore(s.board, s.geo, s.tiles, cell, t, k) >= 0) out.push(actionAt(s, t, cell, k));
      }
    }
  }
  return out;
}

const EXAMPLE = '{"type":"place","tile":"T05","row":1,"col":0,"red":"T"}';

export function applyInPlace(
  s: MatchetState,
  seat: Seat,
  action: unknown,
  events?: Events,
): EngineError | null {
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.players)
    return engineError('invalid_seat', `Seats are numbered 0 to ${s.players - 1}.`);
  if (s.phase === PHASE_OVER)
    return engineError('game_over', `The game is over: ${describeTurn(s).slice('Game over: '.length)}.`);
  if (typeof action !== 'object' || action === null)
    return engineError('malformed_action', `An action is an object like ${EXAMPLE}. ${describeTurn(s)}.`);
  const a = action as { type?: unknown; tile?: unknown; row?: unknown; col?: unknown; red?: unknown };
  if (a.type !== 'place')
    return engineError('malformed_action', `MATCHET has one action type, "place". ${describeTurn(s)}.`);
  if (
    typeof a.tile !== 'string' ||
    typeof a.row !== 'number' ||
    typeof a.col !== 'number' ||
    !Number.isInteger(a.row) ||
    !Number.isInteger(a.col) ||
    typeof a.red !== 'string'
  )
    return engineError(
      'malformed_action',
      'A place action needs "tile" (e.g. "T05"), whole-number "row" and "col", and "red" (T, R, B or L).',
    );
  const t = s.tiles.byName.get(a.tile) ?? -1;
  if (t < 0)
    return engineError(
      'unknown_tile',
      `"${a.tile}" is not a tile of this set (T01..${s.tiles.names[s.tiles.size - 1]}).`,
    );
  if (seat !== s.toMove) return engineError('not_your_turn', `It is not your turn: ${describeTurn(s)}.`);
  const cell = cellAt(s.geo, a.row, a.col);
  const k = cell < 0 ? -1 : rotOfLetter(s.geo, cell, a.red);
  const problem = checkPlace(s, seat, t, cell, k);
  if (problem) return problem;
  s.actions++;
  place(s, seat, t, cell, k, events);
  return null;
}

/** A broad list of well-formed placements, legal or not, to probe rejection. */
export function candidateActions(s: MatchetState, seat: Seat): MatchetAction[] {
  const out: MatchetAction[] = [];
  const legal = legalActions(s, s.toMove);
  const tiles = new Set<number>();
  for (let i = 0; i < s.tiles.size; i += 3) tiles.add(i);
  if (s.mode === MODE_MULTI && seat >= 0 && seat < s.players)
    for (let i = 0; i < s.handLen[seat]!; i++) tiles.add(s.hands[seat * HAND_MAX + i]!);
  if (s.current >= 0) tiles.add(s.current);
  for (let k = 0; k < STACKS && s.mode === MODE_STACKS; k++)
    if (stackTop(s, k) >= 0) tiles.add(stackTop(s, k));
  const cells = new Set<number>([s.geo.origin]);
  const m = s.phase === PHASE_START ? 0 : computeTargets(s);
  for (let i = 0; i < m; i++) cells.add(cellBuf[i]!);
  if (s.last >= 0) for (let e = 0; e < 3; e++) cells.add(s.geo.nb[s.last * 3 + e]!);
  if (s.placed > 0) cells.add(s.logCell[0]!);
  cells.add(cellAt(s.geo, 5, 5));
  for (const t of tiles) {
    for (const cell of cells) {
      if (cell < 0 || cell >= s.geo.cells) continue;
      for (let k = 0; k < 3; k++) out.push(actionAt(s, t, cell, k));
    }
  }
  const first = legal[0];
  if (first) {
    out.push({ ...first, red: first.red === 'T' ? 'B' : 'T' }); // a letter the cell does not have
    out.push({ ...first, row: 999 }); // far from every tile
  }
  return out;
}

export function formatAction(a: MatchetAction): string {
  return `${a.tile}@${a.row},${a.col}:${a.red}`;
}

const ACTION_RE = /^(?:place\s+)?(T\d{1,3})\s*@?\s*(-?\d{1,4})\s*,\s*(-?\d{1,4})\s*:?\s*([TRBL])$/i;

/** Parses `T05@1,0:T` (lenient about case, spaces, `place` and `T5`); any other input is an error. */
export function parseAction(text: string): Result<MatchetAction> {
  if (typeof text !== 'string')
    return err('malformed_action', 'A MATCHET action is text like "T05@1,0:T": tile@row,col:red-side.');
  const m = ACTION_RE.exec(text.trim());
  if (!m)
    return err(
      'malformed_action',
      `"${text}" is not a MATCHET action: write tile@row,col:red-side, e.g. "T05@1,0:T".`,
    );
  const num = Number(m[1]!.slice(1));
  const row = Number(m[2]);
  const col = Number(m[3]);
  const red = m[4]!.toUpperCase();
  const name = `T${String(num).padStart(2, '0')}`;
  const up = ((row + col) & 1) === 0;
  const k = (up ? LETTERS_UP : LETTERS_DOWN).indexOf(red);
  if (num >= 1 && num <= 128 && Math.abs(row) < 128 && Math.abs(col) < 128 && k >= 0) {
    const key = (num - 1) * 262144 + (row + 128) * 1024 + (col + 128) * 4 + k;
    const hit = ACTIONS.get(key);
    if (hit) return ok(hit);
  }
  return ok({ type: 'place', tile: name, row, col, red });
}
