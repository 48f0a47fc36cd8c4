/**
 * The flow of play for the three modes: dealing, the automatic draws and passes of the
 * multiplayer game (MT-4, MT-5, MT-7, MT-8), the forced draws of Solitaire A (MT-9) and the stack
 * rule of Solitaire B (MT-10). Placements are validated by the caller (`checkPlace` in check.ts).
 */
import type { GameEvent } from '../../contract.ts';
import { rankByScore } from '../../ranking.ts';
import { Rng } from '../../rng.ts';
import type { Geometry } from './board.ts';
import {
  START_ROT,
  cellClass,
  colOf,
  geometryFor,
  joinScore,
  putTile,
  rotLetter,
  rowOf,
  targetCells,
} from './board.ts';
import type { TileSet } from './tiles.ts';
import type { MatchetEvent } from './types.ts';
import type { MatchetState, Mode } from './state.ts';
import {
  HAND_MAX,
  MODE_MULTI,
  MODE_RESERVE,
  MODE_STACKS,
  OUTCOME_LOST,
  OUTCOME_NONE,
  OUTCOME_WON,
  PHASE_OVER,
  PHASE_PLAY,
  PHASE_START,
  STACKS,
  stackHeight,
  stackTop,
} from './state.ts';

/** The events an apply or a setup appends to, when the caller asks for them. */
export type Events = GameEvent<MatchetEvent>[];

/** Scratch list of target cells (no reentrancy: filled and read within one call). */
export const cellBuf = new Int32Array(4096);

export function newState(
  mode: Mode,
  players: number,
  rounds: number,
  tiles: TileSet,
  rng: Rng,
): MatchetState {
  const n = tiles.size;
  const geo: Geometry = geometryFor(n);
  return {
    mode,
    players,
    rounds,
    tiles,
    geo,
    round: 0,
    firstSeat: 0,
    phase: PHASE_START,
    toMove: 0,
    order: new Uint8Array(n),
    poolPtr: 0,
    hands: new Uint8Array(players * HAND_MAX),
    handLen: new Uint8Array(players),
    reserve: new Uint8Array(n),
    reserveLen: 0,
    current: -1,
    fromReserve: false,
    stackStart: new Uint8Array(STACKS + 1),
    taken: new Uint8Array(STACKS),
    board: new Uint8Array(geo.cells + 1),
    holes: new Int16Array(n * 3 + 3),
    holeCount: 0,
    last: -1,
    logCell: new Int16Array(n),
    logTile: new Uint8Array(n),
    logRot: new Uint8Array(n),
    logSeat: new Uint8Array(n),
    logScore: new Uint8Array(n),
    placed: 0,
    passes: 0,
    totals: new Int32Array(players),
    totalsStart: new Int32Array(players),
    history: [],
    outcome: OUTCOME_NONE,
    actions: 0,
    chance: null,
    chanceAt: 0,
    rng,
    key: null,
  };
}

/**
 * Shuffles the whole set into `order` for a new deal (setup, and each later round). When a
 * recorded outcome is queued (`SetupConfig.chance`, or a stacked deck), the generator still
 * shuffles exactly as it would have, so its state afterwards is the same; then the recorded order
 * replaces the shuffled one (see `imposeOrder`).
 */
export function shuffleOrder(s: MatchetState): void {
  for (let i = 0; i < s.order.length; i++) s.order[i] = i;
  // Keyed chance (duplicate events): this round's generator depends on the seed and its number only.
  if (s.key !== null) s.rng.copyFrom(Rng.keyed(s.key, s.round, 0));
  s.rng.shuffle(s.order);
  if (s.chance !== null) {
    const entry = s.chance[s.chanceAt++]!;
    if (s.chanceAt >= s.chance.length) {
      s.chance = null;
      s.chanceAt = 0;
    }
    imposeOrder(s, entry);
  }
}

/**
 * Puts the listed tiles first, in the listed order, and the rest after them in the order they
 * had. Names that are not tiles of the set, and repeats, are ignored, so a bad entry can change
 * the deal but never break the state.
 */
function imposeOrder(s: MatchetState, entry: readonly string[]): void {
  const n = s.order.length;
  const used = new Uint8Array(n);
  const out = new Uint8Array(n);
  let k = 0;
  for (const text of entry) {
    const t = typeof text === 'string' ? (s.tiles.byName.get(text.trim().toUpperCase()) ?? -1) : -1;
    if (t >= 0 && used[t] === 0) {
      used[t] = 1;
      out[k++] = t;
    }
  }
  for (let i = 0; i < n; i++) {
    const t = s.order[i]!;
    if (used[t] === 0) out[k++] = t;
  }
  s.order.set(out);
}

/** The deal as a chance outcome: the tile order, in the notation of a stacked deck. */
const orderNames = (s: MatchetState): string[] => Array.from(s.order, (t) => s.tiles.names[t]!);

function addToHand(s: MatchetState, seat: number, t: number): void {
  const base = seat * HAND_MAX;
  let i = s.handLen[seat]!;
  while (i > 0 && s.hands[base + i - 1]! > t) {
    s.hands[base + i] = s.hands[base + i - 1]!;
    i--;
  }
  s.hands[base + i] = t;
  s.handLen[seat]!++;
}

/** Index of tile t in the seat's hand, or -1. */
export function handIndex(s: MatchetState, seat: number, t: number): number {
  const base = seat * HAND_MAX;
  for (let i = 0; i < s.handLen[seat]!; i++) if (s.hands[base + i] === t) return i;
  return -1;
}

function removeFromHand(s: MatchetState, seat: number, t: number): void {
  const base = seat * HAND_MAX;
  const len = s.handLen[seat]!;
  let i = handIndex(s, seat, t);
  for (; i < len - 1; i++) s.hands[base + i] = s.hands[base + i + 1]!;
  s.handLen[seat] = len - 1;
}

/** Fills cellBuf with the cells a tile may go to now; returns their count. */
export const computeTargets = (s: MatchetState): number =>
  targetCells(s.board, s.geo, s.last, s.holes, s.holeCount, cellBuf);

/** Whether tile t fits one of the first m cells of cellBuf in some rotation. */
export function tilePlayable(s: MatchetState, t: number, m: number): boolean {
  for (let i = 0; i < m; i++) {
    const c = cellBuf[i]!;
    for (let k = 0; k < 3; k++) if (joinScore(s.board, s.geo, s.tiles, c, t, k) >= 0) return true;
  }
  return false;
}

function handPlayable(s: MatchetState, seat: number, m: number): boolean {
  const base = seat * HAND_MAX;
  for (let i = 0; i < s.handLen[seat]!; i++) if (tilePlayable(s, s.hands[base + i]!, m)) return true;
  return false;
}

/** Highest tile sum in the seat's hand. */
export function bestSum(s: MatchetState, seat: number): number {
  let best = -1;
  for (let i = 0; i < s.handLen[seat]!; i++)
    best = Math.max(best, s.tiles.sums[s.hands[seat * HAND_MAX + i]!]!);
  return best;
}

/**
 * Solitaire B: the stacks whose top may be taken now (ruling MT-10): among the stacks with a
 * playable top, those with the most tiles left. Written as stack indices to `out`; returns count.
 */
export function allowedStacks(s: MatchetState, m: number, out: Int32Array | number[]): number {
  let best = 0;
  let n = 0;
  for (let k = 0; k < STACKS; k++) {
    const t = stackTop(s, k);
    if (t < 0) continue;
    const h = stackHeight(s, k);
    if (h < best) continue;
    if (!tilePlayable(s, t, m)) continue;
    if (h > best) {
      best = h;
      n = 0;
    }
    out[n++] = k;
  }
  return n;
}

/**
 * Deals and opens a round from `s.order` as it stands (no shuffling here). With `events`, the
 * deal is reported first, with the order as its chance outcome.
 */
export function startRound(s: MatchetState, events?: Events): void {
  s.totalsStart.set(s.totals);
  s.board.fill(0);
  s.holeCount = 0;
  s.last = -1;
  s.placed = 0;
  s.passes = 0;
  s.reserveLen = 0;
  s.current = -1;
  s.fromReserve = false;
  s.handLen.fill(0);
  s.outcome = OUTCOME_NONE;
  const size = s.tiles.size;
  if (s.mode === MODE_MULTI) {
    const n = s.players;
    for (let i = 0; i < n; i++) {
      const seat = (s.firstSeat + i) % n;
      for (let j = 0; j < HAND_MAX; j++) addToHand(s, seat, s.order[i * HAND_MAX + j]!);
    }
    s.poolPtr = n * HAND_MAX;
    // MT-4: the highest tile sum starts; ties go to the earliest seat from the round's first seat.
    let starter = s.firstSeat;
    let best = -1;
    for (let i = 0; i < n; i++) {
      const seat = (s.firstSeat + i) % n;
      const b = bestSum(s, seat);
      if (b > best) {
        best = b;
        starter = seat;
      }
    }
    s.phase = PHASE_START;
    s.toMove = starter;
    if (events) {
      const names = s.tiles.names;
      const hands: string[][] = [];
      for (let seat = 0; seat < n; seat++)
        hands.push(
          Array.from(s.hands.subarray(seat * HAND_MAX, seat * HAND_MAX + s.handLen[seat]!), (t) => names[t]!),
        );
      events.push({
        all: {
          type: 'deal',
          round: s.round + 1,
          firstSeat: s.firstSeat,
          starter,
          hands,
          pool: size - s.poolPtr,
        },
        reveals: true,
        chance: orderNames(s),
      });
    }
  } else if (s.mode === MODE_RESERVE) {
    // MT-9: the first tile drawn is laid down to start.
    s.poolPtr = 1;
    s.phase = PHASE_PLAY;
    s.toMove = 0;
    const t = s.order[0]!;
    if (events) {
      events.push({ all: { type: 'shuffle', pool: size }, chance: orderNames(s) });
      events.push({ all: { type: 'draw', seat: 0, tile: s.tiles.names[t]!, pool: size - 1 }, reveals: true });
    }
    recordPlacement(s, 0, t, s.geo.origin, START_ROT, 0, events);
    resolveReserve(s, events);
  } else {
    // MT-10: six stacks, the first (size mod 6) one tile taller when the set is not 36.
    const q = Math.floor(size / STACKS);
    const r = size % STACKS;
    s.stackStart[0] = 0;
    for (let k = 0; k < STACKS; k++) s.stackStart[k + 1] = s.stackStart[k]! + q + (k < r ? 1 : 0);
    s.taken.fill(0);
    s.poolPtr = size;
    s.phase = PHASE_START;
    s.toMove = 0;
    if (events) {
      const stacks: string[][] = [];
      for (let k = 0; k < STACKS; k++)
        stacks.push(
          Array.from(s.order.subarray(s.stackStart[k], s.stackStart[k + 1]), (t) => s.tiles.names[t]!),
        );
      // MT-10, matchbox ruling MT-X5: dealt face up, so the deal itself shows every tile.
      events.push({ all: { type: 'stacks', stacks }, reveals: true, chance: orderNames(s) });
    }
  }
}

function recordPlacement(
  s: MatchetState,
  seat: number,
  t: number,
  cell: number,
  k: number,
  score: number,
  events?: Events,
): void {
  const exceptional = s.placed > 0 && cellClass(s.board, s.geo, s.last, cell) === 'exceptional';
  s.holeCount = putTile(s.board, s.geo, s.holes, s.holeCount, cell, t, k);
  const i = s.placed++;
  s.logCell[i] = cell;
  s.logTile[i] = t;
  s.logRot[i] = k;
  s.logSeat[i] = seat;
  s.logScore[i] = score;
  s.last = cell;
  if (events) {
    // Every tile that can be placed was face up already: a placement reveals nothing.
    events.push({
      all: {
        type: 'place',
        seat,
        tile: s.tiles.names[t]!,
        row: rowOf(s.geo, cell),
        col: colOf(s.geo, cell),
        red: rotLetter(s.geo, cell, k),
        points: score,
        exceptional,
      },
    });
  }
}

const stackScratch = new Int32Array(STACKS);

/** Applies a placement that `checkPlace` accepted, then runs the automatic part of the turn. */
export function place(
  s: MatchetState,
  seat: number,
  t: number,
  cell: number,
  k: number,
  events?: Events,
): void {
  const score = s.phase === PHASE_START ? 0 : joinScore(s.board, s.geo, s.tiles, cell, t, k);
  recordPlacement(s, seat, t, cell, k, score, events);
  s.totals[seat]! += score;
  if (s.mode === MODE_MULTI) {
    removeFromHand(s, seat, t);
    s.phase = PHASE_PLAY;
    s.passes = 0;
    if (s.handLen[seat] === 0) endRound(s, seat, events);
    else resolveTurn(s, (seat + 1) % s.players, events);
  } else if (s.mode === MODE_RESERVE) {
    if (s.fromReserve) s.reserveLen--;
    s.current = -1;
    resolveReserve(s, events);
  } else {
    for (let q = 0; q < STACKS; q++) {
      if (stackTop(s, q) === t) {
        s.taken[q]!++;
        break;
      }
    }
    s.phase = PHASE_PLAY;
    resolveStacks(s, events);
  }
}

/** MT-5: the seat plays if it can, else draws up to five tiles until it can, else passes. */
function resolveTurn(s: MatchetState, first: number, events?: Events): void {
  const n = s.players;
  const m = computeTargets(s);
  const size = s.tiles.size;
  let seat = first;
  for (;;) {
    if (handPlayable(s, seat, m)) {
      s.toMove = seat;
      return;
    }
    while (s.handLen[seat]! < HAND_MAX && s.poolPtr < size) {
      const t = s.order[s.poolPtr++]!;
      addToHand(s, seat, t);
      // MT-4: drawn tiles are laid face up in front of the drawer, so everybody learns it.
      events?.push({
        all: { type: 'draw', seat, tile: s.tiles.names[t]!, pool: size - s.poolPtr },
        reveals: true,
      });
      if (tilePlayable(s, t, m)) {
        s.toMove = seat;
        return;
      }
    }
    s.passes++;
    events?.push({ all: { type: 'pass', seat } });
    // MT-7: every player passed in turn since the last placement: the round is blocked.
    if (s.passes >= n) {
      endRound(s, -1, events);
      return;
    }
    seat = (seat + 1) % n;
  }
}

/** MT-7, MT-8: score the round, then deal the next one or end the game. */
function endRound(s: MatchetState, winner: number, events?: Events): void {
  const n = s.players;
  if (winner >= 0)
    for (let seat = 0; seat < n; seat++) if (seat !== winner) s.totals[seat]! -= 5 * s.handLen[seat]!;
  s.history.push(winner);
  for (let seat = 0; seat < n; seat++) s.history.push(s.totals[seat]! - s.totalsStart[seat]!);
  events?.push({
    all: {
      type: 'round_end',
      round: s.round + 1,
      winner: winner >= 0 ? winner : null,
      points: Array.from(s.totals, (v, seat) => v - s.totalsStart[seat]!),
      totals: Array.from(s.totals),
    },
  });
  if (s.round + 1 >= s.rounds) {
    s.phase = PHASE_OVER;
    s.toMove = -1;
    if (events) {
      const scores = Array.from(s.totals);
      events.push({ all: { type: 'game_over', scores, winners: rankByScore(scores).winners, solo: null } });
    }
    return;
  }
  s.round++;
  s.firstSeat = (s.firstSeat + 1) % n;
  shuffleOrder(s);
  startRound(s, events);
}

function finishSolo(s: MatchetState, outcome: number, events?: Events): void {
  s.phase = PHASE_OVER;
  s.toMove = -1;
  s.outcome = outcome;
  s.current = -1;
  const won = outcome === OUTCOME_WON;
  events?.push({
    all: { type: 'game_over', scores: [s.placed], winners: won ? [0] : [], solo: { won, score: s.placed } },
  });
}

/** MT-9: play the reserve's top if it fits, else draw; a drawn tile that fits must be played. */
function resolveReserve(s: MatchetState, events?: Events): void {
  const size = s.tiles.size;
  const m = computeTargets(s);
  for (;;) {
    if (s.placed === size) return finishSolo(s, OUTCOME_WON, events);
    if (s.reserveLen > 0 && tilePlayable(s, s.reserve[s.reserveLen - 1]!, m)) {
      s.current = s.reserve[s.reserveLen - 1]!;
      s.fromReserve = true;
      return;
    }
    if (s.poolPtr >= size) return finishSolo(s, OUTCOME_LOST, events);
    const t = s.order[s.poolPtr++]!;
    if (tilePlayable(s, t, m)) {
      events?.push({
        all: { type: 'draw', seat: 0, tile: s.tiles.names[t]!, pool: size - s.poolPtr },
        reveals: true,
      });
      s.current = t;
      s.fromReserve = false;
      return;
    }
    s.reserve[s.reserveLen++] = t;
    // One happening: the drawn tile is turned up and, as it cannot be played, goes on the reserve.
    events?.push({
      all: { type: 'reserve', seat: 0, tile: s.tiles.names[t]!, pool: size - s.poolPtr },
      reveals: true,
    });
  }
}

/** MT-10: lost when no stack top can be played. */
function resolveStacks(s: MatchetState, events?: Events): void {
  if (s.placed === s.tiles.size) return finishSolo(s, OUTCOME_WON, events);
  const m = computeTargets(s);
  if (allowedStacks(s, m, stackScratch) === 0) finishSolo(s, OUTCOME_LOST, events);
}

export { OUTCOME_LOST, OUTCOME_WON, MODE_STACKS, MODE_RESERVE, MODE_MULTI };
