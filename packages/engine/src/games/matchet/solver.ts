/**
 * An exact solver for the two solitaires (rulings MT-9, MT-10), with the whole deal known.
 *
 * Depth-first search over the player's free choices (which playable stack top among the tallest,
 * where and how to lay a tile); every forced step (draws, the reserve, the stack rule) is taken by
 * the engine's own `place`, so the solver plays by exactly the rules of the game. Positions already
 * shown lost are memoised under a hash of the board, the last tile's cell and the draw pointer
 * (these determine the whole position: the reserve and the stack heights follow from which tiles
 * are placed). A 53-bit key plus an independent 32-bit check value make a false match practically
 * impossible. A position is cut off as lost as soon as some unplaced tile can never be laid: none
 * of its sides has a partner (same colour, equal numbers or a multiple of 5) among the open sides
 * on the board or the sides of the other unplaced tiles, since every placement touches a tile.
 *
 * When the node budget runs out before an answer, the result is "unknown", never a guess.
 */
import { colOf, rotLetter, rowOf } from './board.ts';
import type { MatchetAction } from './types.ts';
import { allowedStacks, cellBuf, computeTargets, place } from './play.ts';
import type { MatchetState } from './state.ts';
import { MODE_MULTI, MODE_RESERVE, PHASE_OVER, PHASE_START, STACKS, cloneState, stackTop } from './state.ts';
import { JOIN, sideColour, sideNumber } from './tiles.ts';

export type SolveStatus = 'win' | 'loss' | 'unknown';

export interface SolveOptions {
  /** Positions to expand before giving up with "unknown" (default 2,000,000). */
  readonly maxNodes?: number;
}

export interface SolveResult {
  readonly status: SolveStatus;
  /** For a win: the placements to make from the given state, in order. */
  readonly line: MatchetAction[] | null;
  /** Positions expanded. */
  readonly nodes: number;
  /** Positions cut off by the dead-tile test or found in the memo. */
  readonly pruned: number;
}

function mix(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return (x ^ (x >>> 16)) >>> 0;
}

/** Which numbers m join number n (equal, or summing to a multiple of 5): bit m. */
const PARTNERS: Int32Array = (() => {
  const p = new Int32Array(16);
  for (let n = 1; n <= 10; n++) for (let m = 1; m <= 10; m++) if (JOIN[n * 64 + m]! >= 0) p[n]! |= 1 << m;
  return p;
})();

class Solver {
  nodes = 0;
  pruned = 0;
  readonly memo = new Map<number, number>();
  readonly line: number[] = [];
  h1 = 0;
  h2 = 0;
  h3 = 0;
  private readonly moveBuf: Int32Array[] = [];
  private readonly holesBuf: Int16Array[] = [];
  private readonly reserveBuf: Uint8Array[] = [];
  private readonly takenBuf: Uint8Array[] = [];
  private readonly stacks = new Int32Array(STACKS);
  private readonly counts = new Int32Array(64);
  private readonly openMask = new Int32Array(3);

  constructor(
    readonly s: MatchetState,
    readonly maxNodes: number,
  ) {
    for (let i = 0; i < s.placed; i++) this.hashPlace(s.logCell[i]!, s.logTile[i]!, s.logRot[i]!);
  }

  private hashPlace(cell: number, t: number, k: number): void {
    const x = (cell * 128 + t) * 4 + k;
    this.h1 ^= mix(x * 3 + 1);
    this.h2 ^= mix(x * 3 + 2);
    this.h3 ^= mix(x * 3 + 0x9e3779b9);
  }

  private key(): number {
    const s = this.s;
    const extra = mix(s.last * 64 + s.poolPtr + 0x51ed27);
    return ((this.h1 ^ extra) >>> 0) * 2097152 + ((this.h2 ^ mix(extra)) & 0x1fffff);
  }

  /** The free choices now, as (tile * 65536 + cell) * 4 + rotation codes; returns the count. */
  moves(out: Int32Array): number {
    const s = this.s;
    let n = 0;
    if (s.phase === PHASE_START) {
      for (let k = 0; k < STACKS; k++) {
        const t = stackTop(s, k);
        if (t >= 0) out[n++] = (t * 65536 + s.geo.origin) * 4 + 1;
      }
      return n;
    }
    const m = computeTargets(s);
    const tiles = this.stacks;
    let nt = 0;
    if (s.mode === MODE_RESERVE) {
      if (s.current >= 0) tiles[nt++] = s.current;
    } else {
      const a = allowedStacks(s, m, tiles);
      for (let i = 0; i < a; i++) tiles[i] = stackTop(s, tiles[i]!);
      nt = a;
    }
    const sideAt = s.tiles.sideAt;
    for (let i = 0; i < nt; i++) {
      const t = tiles[i]!;
      for (let c = 0; c < m; c++) {
        const cell = cellBuf[c]!;
        for (let k = 0; k < 3; k++) {
          // Inline of joinScore: every touching side must join.
          let okJoin = true;
          for (let e = 0; e < 3 && okJoin; e++) {
            const v = s.board[s.geo.nb[cell * 3 + e]!]!;
            if (v === 0) continue;
            const u = ((v - 1) / 3) | 0;
            const j = (v - 1) % 3;
            if (
              JOIN[sideAt[t * 9 + k * 3 + e]! * 64 + sideAt[u * 9 + j * 3 + s.geo.back[cell * 3 + e]!]!]! < 0
            )
              okJoin = false;
          }
          if (okJoin) out[n++] = (t * 65536 + cell) * 4 + k;
        }
      }
    }
    return n;
  }

  /** True when some unplaced tile can never be laid (see the module comment). */
  private deadTile(): boolean {
    const s = this.s;
    const size = s.tiles.size;
    const sides = s.tiles.sides;
    const counts = this.counts;
    const open = this.openMask;
    counts.fill(0);
    open.fill(0);
    const onBoard = s.board;
    for (let i = 0; i < s.placed; i++) {
      const cell = s.logCell[i]!;
      const t = s.logTile[i]!;
      const k = s.logRot[i]!;
      for (let e = 0; e < 3; e++) {
        if (onBoard[s.geo.nb[cell * 3 + e]!] === 0) {
          const side = s.tiles.sideAt[t * 9 + k * 3 + e]!;
          open[sideColour(side)]! |= 1 << sideNumber(side);
        }
      }
    }
    // Unplaced tiles: every tile not on the board.
    const placedMark = this.placedMark;
    placedMark.fill(0);
    for (let i = 0; i < s.placed; i++) placedMark[s.logTile[i]!] = 1;
    for (let t = 0; t < size; t++) {
      if (placedMark[t]) continue;
      for (let i = 0; i < 3; i++) counts[sides[t * 3 + i]!]!++;
    }
    for (let t = 0; t < size; t++) {
      if (placedMark[t]) continue;
      let alive = false;
      for (let i = 0; i < 3 && !alive; i++) {
        const side = sides[t * 3 + i]!;
        const c = sideColour(side);
        const n = sideNumber(side);
        const partners = PARTNERS[n]!;
        if (open[c]! & partners) {
          alive = true;
          break;
        }
        let avail = 0;
        for (let mm = partners; mm !== 0; mm &= mm - 1) {
          const num = 31 - Math.clz32(mm & -mm);
          avail += counts[c * 16 + num]!;
        }
        if (avail - 1 > 0) alive = true; // minus its own side (n always joins n)
      }
      if (!alive) return true;
    }
    return false;
  }

  private placedMark = new Uint8Array(256);

  search(depth: number): SolveStatus {
    const s = this.s;
    if (s.phase === PHASE_OVER) return s.placed === s.tiles.size ? 'win' : 'loss';
    if (this.nodes >= this.maxNodes) return 'unknown';
    this.nodes++;
    const key = this.key();
    const seen = this.memo.get(key);
    if (seen !== undefined && seen === this.h3) {
      this.pruned++;
      return 'loss';
    }
    if (this.deadTile()) {
      this.pruned++;
      this.memo.set(key, this.h3);
      return 'loss';
    }
    const moves = (this.moveBuf[depth] ??= new Int32Array(STACKS * 3 * (s.holes.length + 3)));
    const count = this.moves(moves);
    // Snapshot what `place` and the forced steps may change.
    const holes = (this.holesBuf[depth] ??= new Int16Array(s.holes.length));
    const reserve = (this.reserveBuf[depth] ??= new Uint8Array(s.reserve.length));
    const taken = (this.takenBuf[depth] ??= new Uint8Array(STACKS));
    holes.set(s.holes);
    reserve.set(s.reserve);
    taken.set(s.taken);
    const holeCount = s.holeCount;
    const last = s.last;
    const placed = s.placed;
    const poolPtr = s.poolPtr;
    const reserveLen = s.reserveLen;
    const current = s.current;
    const fromReserve = s.fromReserve;
    const phase = s.phase;
    const total = s.totals[0]!;
    let unknown = false;
    for (let i = 0; i < count; i++) {
      const code = moves[i]!;
      const k = code & 3;
      const cell = (code >>> 2) & 65535;
      const t = Math.floor(code / 262144);
      place(s, 0, t, cell, k);
      this.hashPlace(cell, t, k);
      this.line.push(code);
      const r = this.search(depth + 1);
      if (r === 'win') return r;
      this.line.pop();
      this.hashPlace(cell, t, k);
      // Undo.
      for (let j = placed; j < s.placed; j++) s.board[s.logCell[j]!] = 0;
      s.holes.set(holes);
      s.reserve.set(reserve);
      s.taken.set(taken);
      s.holeCount = holeCount;
      s.last = last;
      s.placed = placed;
      s.poolPtr = poolPtr;
      s.reserveLen = reserveLen;
      s.current = current;
      s.fromReserve = fromReserve;
      s.phase = phase;
      s.toMove = 0;
      s.outcome = 0;
      s.totals[0] = total;
      if (r === 'unknown') unknown = true;
    }
    if (unknown) return 'unknown';
    this.memo.set(key, this.h3);
    return 'loss';
  }
}

/**
 * Decides whether a solitaire position (mode reserve or stacks, not over) can still be won, and
 * gives a winning line. The given state is not changed.
 */
export function solveMatchet(state: MatchetState, options: SolveOptions = {}): SolveResult {
  if (state.mode === MODE_MULTI) throw new Error('solveMatchet: only the solitaires can be solved');
  const s = cloneState(state);
  const solver = new Solver(s, options.maxNodes ?? 2_000_000);
  const status = solver.search(0);
  const line = status === 'win' ? solver.line.map((code) => decode(s, code)) : null;
  return { status, line, nodes: solver.nodes, pruned: solver.pruned };
}

function decode(s: MatchetState, code: number): MatchetAction {
  const k = code & 3;
  const cell = (code >>> 2) & 65535;
  const t = Math.floor(code / 262144);
  return {
    type: 'place' as const,
    tile: s.tiles.names[t]!,
    row: rowOf(s.geo, cell),
    col: colOf(s.geo, cell),
    red: rotLetter(s.geo, cell, k),
  };
}

/**
 * The choices the solver searches in a solitaire position, in its order (for tests: they must be
 * exactly the engine's legal actions, MT-9/MT-10's forced choices included).
 */
export function solverMoves(state: MatchetState): MatchetAction[] {
  if (state.mode === MODE_MULTI || state.phase === PHASE_OVER) return [];
  const s = cloneState(state);
  const out = new Int32Array(4096);
  const n = new Solver(s, 0).moves(out);
  return Array.from(out.subarray(0, n), (code) => decode(s, code));
}
