/**
 * Whether a placement is legal now (MT-2..MT-6, MT-9, MT-10), and if not, an error that says what
 * is due instead: which tiles the seat may place, and where the next tile may go.
 */
import type { EngineError } from '../../contract.ts';
import { engineError } from '../../contract.ts';
import { START_ROT, cellClass, colOf, joinScore, rowOf } from './board.ts';
import { allowedStacks, bestSum, cellBuf, computeTargets, handIndex } from './play.ts';
import type { MatchetState } from './state.ts';
import { HAND_MAX, MODE_MULTI, MODE_RESERVE, MODE_STACKS, PHASE_START, STACKS, stackTop } from './state.ts';

const stackScratch = new Int32Array(STACKS);

/** A tile and its cell, as a player reads it: "T05 at 1,0". */
function tileAt(s: MatchetState, cell: number): string {
  const v = s.board[cell]!;
  const t = v > 0 ? ((v - 1) / 3) | 0 : -1;
  return `${t >= 0 ? s.tiles.names[t]! : 'the tile'} at ${rowOf(s.geo, cell)},${colOf(s.geo, cell)}`;
}

/** Where a tile may go now, in words (MT-3, MT-6), for error messages. */
export function whereDue(s: MatchetState): string {
  const m = computeTargets(s);
  let open = false;
  for (let i = 0; i < m; i++) if (cellClass(s.board, s.geo, s.last, cellBuf[i]!) === 'normal') open = true;
  const gaps = s.holeCount > 0 ? 'a gap touching two or three tiles' : '';
  if (!open)
    return `${tileAt(s, s.last)}, the last tile played, has no open side: only ${gaps || 'a tile touching two or three tiles'} can take the next tile`;
  return `the next tile joins ${tileAt(s, s.last)}, the last tile played${gaps ? `, or fills ${gaps}` : ''}`;
}

/** The tile names in a list, as words: "T01, T03 or T07". */
export function tileList(s: MatchetState, tiles: ArrayLike<number>, n = tiles.length, or = 'or'): string {
  const names = Array.from({ length: n }, (_, i) => s.tiles.names[tiles[i]!]!);
  return names.length <= 1 ? (names[0] ?? 'none') : `${names.slice(0, -1).join(', ')} ${or} ${names.at(-1)!}`;
}

/**
 * Checks a placement by `seat` (who is to move) of tile t on `cell` (-1 = a cell so far from the
 * board that it cannot touch any tile) with rotation k (-1 = a letter not valid for that cell).
 * Returns null when it is legal; an error says what is due instead.
 */
export function checkPlace(
  s: MatchetState,
  seat: number,
  t: number,
  cell: number,
  k: number,
): EngineError | null {
  const names = s.tiles.names;
  // Is the tile at hand?
  if (s.mode === MODE_MULTI) {
    if (handIndex(s, seat, t) < 0)
      return engineError(
        'tile_not_available',
        `${names[t]} is not among your tiles; you hold ${tileList(s, s.hands.subarray(seat * HAND_MAX), s.handLen[seat], 'and')}.`,
      );
    if (s.phase === PHASE_START && s.tiles.sums[t] !== bestSum(s, seat))
      return engineError(
        'must_start_with_highest',
        `The round starts with your tile of the highest sum (${bestSum(s, seat)}); ${names[t]} sums to ${s.tiles.sums[t]} (MT-4).`,
      );
  } else if (s.mode === MODE_RESERVE) {
    if (t !== s.current)
      return engineError(
        'tile_not_available',
        `The tile to place is ${names[s.current] ?? 'none'}${s.fromReserve ? ' (top of the reserve)' : ' (just drawn)'} (MT-9).`,
      );
  } else {
    let onTop = false;
    for (let q = 0; q < STACKS; q++) if (stackTop(s, q) === t) onTop = true;
    if (!onTop) {
      const tops: number[] = [];
      for (let q = 0; q < STACKS; q++) if (stackTop(s, q) >= 0) tops.push(stackTop(s, q));
      return engineError(
        'tile_not_available',
        `${names[t]} is not on top of a stack; the tops are ${tileList(s, tops, tops.length, 'and')} (MT-10).`,
      );
    }
  }
  if (s.phase === PHASE_START) {
    // Matchbox ruling MT-X2: the first tile lies on (0, 0), red side down.
    if (cell === s.geo.origin && k < 0)
      return engineError('bad_rotation', 'On an upward cell like 0,0 the red side faces R, B or L.');
    if (cell !== s.geo.origin || k !== START_ROT)
      return engineError('start_in_middle', 'The starting tile goes on 0,0 with its red side down (":B").');
    return null;
  }
  // The board has no edge: a cell outside the grid is merely far from every tile.
  if (cell < 0)
    return engineError(
      'far_from_tiles',
      `That cell is far from every tile on the board and touches none; ${whereDue(s)} (MT-3).`,
    );
  if (k < 0)
    return engineError(
      'bad_rotation',
      s.geo.up[cell]
        ? 'On an upward cell (row + column even) the red side faces R, B or L.'
        : 'On a downward cell (row + column odd) the red side faces T, R or L.',
    );
  const cls = cellClass(s.board, s.geo, s.last, cell);
  if (cls === 'occupied')
    return engineError('occupied', `That cell already holds ${tileAt(s, cell)}; ${whereDue(s)}.`);
  if (cls === 'not_touching')
    return engineError('not_touching', `That cell touches no tile; ${whereDue(s)} (MT-3).`);
  if (cls === 'must_play_to_last')
    return engineError(
      'must_play_to_last',
      `A tile touching only one tile must join the last tile played; ${whereDue(s)} (MT-3, MT-6).`,
    );
  if (joinScore(s.board, s.geo, s.tiles, cell, t, k) < 0)
    return engineError(
      'bad_join',
      'Every touching side must match in colour, with equal numbers or numbers adding to 5, 10, 15 or 20 (MT-2).',
    );
  if (s.mode === MODE_STACKS) {
    const m = computeTargets(s);
    const allowed = allowedStacks(s, m, stackScratch);
    for (let i = 0; i < allowed; i++) if (stackTop(s, stackScratch[i]!) === t) return null;
    const tops = Array.from(stackScratch.subarray(0, allowed), (k) => stackTop(s, k));
    return engineError(
      'must_take_tallest_stack',
      `When several stack tops can be played, take one from a stack with the most tiles left: ${tileList(s, tops)} (MT-10).`,
    );
  }
  return null;
}
