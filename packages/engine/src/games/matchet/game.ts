/**
 * MATCHET on the engine contract.
 *
 * Rules in brief (our words; sheet 004 and rulings MT-1..MT-10):
 * - 36 triangular tiles; each has a red, a yellow and a blue side numbered 1..10. Tiles turn but
 *   never flip (MT-1). They are laid on a triangular lattice; every side that touches a tile
 *   already there must match its colour, with the same number (a match, no points) or numbers
 *   adding to 5, 10, 15 or 20 (a multiple join, scoring the sum) (MT-2).
 * - A normal play joins only the last tile played; an exceptional play touches two or three tiles
 *   anywhere on the board with every join valid and scores all its multiple joins (MT-3). After
 *   an exceptional play the next tile joins it; a closed-in last tile allows only exceptional
 *   plays (MT-6).
 * - Multiplayer (2-7): five public tiles each, the rest a hidden pool; the highest tile sum starts
 *   in the middle (MT-4). A player who cannot play draws until he can, up to five tiles, and
 *   otherwise passes (MT-5; done automatically here, matchbox ruling MT-X1). The round ends when
 *   someone plays out (the others lose 5 per tile left) or when everyone has passed in a row
 *   (MT-7). A game is 3, 4 or 5 rounds, the first seat moving on each round (MT-8).
 * - Solitaire A, mode `reserve` (MT-9): drawn tiles that fit must be played, the others build a
 *   face-up reserve whose top must be played before each draw. Solitaire B, mode `stacks` (MT-10):
 *   six face-up stacks; take a playable top from a stack with the most tiles left.
 */
import type {
  EngineError,
  EventRecord,
  Game,
  Json,
  JsonObject,
  Result,
  Seat,
  SetupConfig,
  Viewer,
} from '../../contract.ts';
import { engineError, err, ok } from '../../contract.ts';
import { resolveOptions } from '../../options.ts';
import { rankByScore } from '../../ranking.ts';
import { Rng } from '../../rng.ts';
import { invalidSave, savedFields } from '../../saves.ts';
import { START_ROT, cellAt, colOf, findHoles, joinScore, rotLetter, rotOfLetter, rowOf } from './board.ts';
import { checkHistory, determinize, hiddenPositions } from './knowledge.ts';
import {
  allowedStacks,
  cellBuf,
  checkPlace,
  computeTargets,
  newState,
  place,
  shuffleOrder,
  startRound,
} from './play.ts';
import type { MatchetState, Mode } from './state.ts';
import {
  HAND_MAX,
  MODE_MULTI,
  MODE_NAMES,
  MODE_RESERVE,
  MODE_STACKS,
  OUTCOME_LOST,
  OUTCOME_WON,
  PHASE_OVER,
  PHASE_PLAY,
  PHASE_START,
  STACKS,
  cloneState,
  stackHeight,
  stackTop,
} from './state.ts';
import type { TileSet } from './tiles.ts';
import { COLOURS, resolveTileSet, sideColour, sideName } from './tiles.ts';

export interface MatchetAction {
  readonly type: 'place';
  /** Tile id token, e.g. "T05". */
  readonly tile: string;
  readonly row: number;
  readonly col: number;
  /** The direction the tile's red side faces: R, B, L on an upward cell; T, R, L on a downward one. */
  readonly red: string;
}

const OPTIONS = [
  {
    name: 'mode',
    type: 'choice',
    default: 'multi',
    choices: ['multi', 'reserve', 'stacks'],
    description: 'multi: 2-7 players; reserve: Solitaire A (MT-9); stacks: Solitaire B (MT-10).',
  },
  {
    name: 'rounds',
    type: 'integer',
    default: 3,
    min: 1,
    max: 5,
    description: 'Rounds in a multiplayer game: 3, 4 or 5 (MT-8); 1 and 2 for short games and tests.',
  },
  {
    name: 'tiles',
    type: 'json',
    default: null,
    description:
      'A tile set as a list of 2-80 tiles, each its sides clockwise like "R6Y7B7" (MT-1); null = the standard 36.',
  },
] as const;

const STATE_VERSION = 1;

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

function setup(config: SetupConfig): Result<MatchetState> {
  const resolved = resolveOptions(OPTIONS, config.options);
  if (!resolved.ok) return resolved;
  const mode = MODE_NAMES.indexOf(resolved.value.mode as (typeof MODE_NAMES)[number]) as Mode;
  const rounds = resolved.value.rounds as number;
  const tilesR = resolveTileSet(resolved.value.tiles);
  if (!tilesR.ok) return tilesR;
  const tiles = tilesR.value;
  const { players } = config;
  if (mode === MODE_MULTI) {
    if (!Number.isInteger(players) || players < 2 || players > 7)
      return err(
        'invalid_players',
        'The multiplayer MATCHET is for 2 to 7 players; the solitaires (mode reserve or stacks) for 1.',
      );
    if (tiles.size < players * HAND_MAX)
      return err(
        'invalid_option',
        `${players} players need at least ${players * HAND_MAX} tiles; the set has ${tiles.size}.`,
      );
  } else if (players !== 1) {
    return err('invalid_players', `MATCHET solitaire (mode ${MODE_NAMES[mode]}) is for 1 player.`);
  }
  const s = newState(mode, players, mode === MODE_MULTI ? rounds : 1, tiles, Rng.fromSeed(config.seed));
  if (config.deck !== undefined) {
    const deck = parseDeck(tiles, config.deck);
    if (!deck.ok) return deck;
    s.order.set(deck.value);
  } else {
    shuffleOrder(s);
  }
  startRound(s);
  return ok(s);
}

/**
 * A stacked deck lists every tile of the set once. Multiplayer: the first five go to seat 0, the
 * next five to seat 1, and so on; the rest is the pool, drawn in the order listed (first round
 * only). Reserve: the drawing order (the first is the starting tile). Stacks: stack 1 first, each
 * stack listed from its top down.
 */
function parseDeck(tiles: TileSet, deck: readonly string[]): Result<number[]> {
  if (!Array.isArray(deck)) return err('invalid_deck', 'A deck must be a list of tile ids like "T05".');
  const seen = new Set<number>();
  const out: number[] = [];
  for (const text of deck) {
    const t = typeof text === 'string' ? (tiles.byName.get(text.trim().toUpperCase()) ?? -1) : -1;
    if (t < 0)
      return err(
        'invalid_deck',
        `"${String(text)}" is not a tile of this set (T01..${tiles.names[tiles.size - 1]}).`,
      );
    if (seen.has(t)) return err('invalid_deck', `The deck lists ${tiles.names[t]} twice.`);
    seen.add(t);
    out.push(t);
  }
  if (out.length !== tiles.size)
    return err('invalid_deck', `The deck must list all ${tiles.size} tiles once.`);
  return ok(out);
}

const toAct = (s: MatchetState): Seat[] => (s.phase === PHASE_OVER ? [] : [s.toMove]);

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

function legalActions(s: MatchetState, seat: Seat): MatchetAction[] {
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

function applyInPlace(
  s: MatchetState,
  seat: Seat,
  action: unknown,
  events?: EventRecord[],
): EngineError | null {
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.players)
    return engineError('invalid_seat', `Seats are numbered 0 to ${s.players - 1}.`);
  if (s.phase === PHASE_OVER) return engineError('game_over', 'The game is over.');
  if (typeof action !== 'object' || action === null)
    return engineError(
      'malformed_action',
      'An action is an object like {"type":"place","tile":"T05","row":1,"col":0,"red":"T"}.',
    );
  const a = action as { type?: unknown; tile?: unknown; row?: unknown; col?: unknown; red?: unknown };
  if (a.type !== 'place') return engineError('malformed_action', 'MATCHET has one action type, "place".');
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
  if (t < 0) return engineError('unknown_tile', `"${a.tile}" is not a tile of this set.`);
  if (seat !== s.toMove) return engineError('not_your_turn', `It is seat ${s.toMove}'s turn.`);
  const cell = cellAt(s.geo, a.row, a.col);
  const k = cell < 0 ? -1 : rotOfLetter(s.geo, cell, a.red);
  const problem = checkPlace(s, seat, t, cell, k);
  if (problem) return problem;
  place(s, seat, t, cell, k, events);
  return null;
}

function result(s: MatchetState) {
  if (s.phase !== PHASE_OVER) return null;
  return s.mode === MODE_MULTI ? rankByScore(Array.from(s.totals)) : rankByScore([s.placed]);
}

/** The sides of a placed tile keyed by the direction each faces. */
function facing(s: MatchetState, cell: number, t: number, k: number): JsonObject {
  const out: JsonObject = {};
  for (let e = 0; e < 3; e++) out[rotLetter(s.geo, cell, e)] = sideName(s.tiles.sideAt[t * 9 + k * 3 + e]!);
  return out;
}

function view(s: MatchetState, viewer: Viewer): JsonObject {
  const names = s.tiles.names;
  const sides: JsonObject = {};
  const show = (t: number): string => {
    sides[names[t]!] = s.tiles.specs[t]!;
    return names[t]!;
  };
  const board: Json[] = [];
  for (let i = 0; i < s.placed; i++) {
    const cell = s.logCell[i]!;
    const t = s.logTile[i]!;
    const k = s.logRot[i]!;
    board.push({
      tile: show(t),
      row: rowOf(s.geo, cell),
      col: colOf(s.geo, cell),
      up: s.geo.up[cell] === 1,
      red: rotLetter(s.geo, cell, k),
      sides: facing(s, cell, t, k),
      seat: s.logSeat[i]!,
      points: s.logScore[i]!,
    });
  }
  const v: JsonObject = {
    game: 'matchet',
    mode: MODE_NAMES[s.mode],
    players: s.players,
    viewer,
    phase: s.phase === PHASE_START ? 'start' : s.phase === PHASE_PLAY ? 'play' : 'over',
    toAct: toAct(s),
    board,
    last: s.last >= 0 ? { row: rowOf(s.geo, s.last), col: colOf(s.geo, s.last) } : null,
    tileCount: s.tiles.size,
  };
  if (s.mode === MODE_MULTI) {
    const hands: Json[] = [];
    for (let seat = 0; seat < s.players; seat++) {
      const h: Json[] = [];
      for (let i = 0; i < s.handLen[seat]!; i++) h.push(show(s.hands[seat * HAND_MAX + i]!));
      hands.push(h);
    }
    const rounds: Json[] = [];
    const w = s.players + 1;
    for (let r = 0; r * w < s.history.length; r++) {
      const winner = s.history[r * w]!;
      rounds.push({
        round: r + 1,
        winner: winner >= 0 ? winner : null,
        points: s.history.slice(r * w + 1, r * w + w),
      });
    }
    Object.assign(v, {
      round: s.round + 1,
      rounds: s.rounds,
      firstSeat: s.firstSeat,
      hands,
      pool: s.tiles.size - s.poolPtr,
      passes: s.passes,
      totals: Array.from(s.totals),
      history: rounds,
    });
  } else {
    Object.assign(v, {
      placed: s.placed,
      points: s.totals[0]!,
      outcome: s.outcome === OUTCOME_WON ? 'won' : s.outcome === OUTCOME_LOST ? 'lost' : null,
    });
    if (s.mode === MODE_RESERVE) {
      const reserve: Json[] = [];
      for (let i = 0; i < s.reserveLen - (s.fromReserve && s.current >= 0 ? 1 : 0); i++)
        reserve.push(show(s.reserve[i]!));
      Object.assign(v, {
        current: s.current >= 0 ? show(s.current) : null,
        fromReserve: s.current >= 0 && s.fromReserve,
        reserve,
        reserveSize: s.reserveLen,
        pool: s.tiles.size - s.poolPtr,
      });
    } else {
      const stacks: Json[] = [];
      // MT-10, matchbox ruling MT-X5: the stacks are dealt face up, so every tile in them is known.
      for (let k = 0; k < STACKS; k++) {
        const t = stackTop(s, k);
        const beneath: Json[] = [];
        for (let i = s.stackStart[k]! + s.taken[k]! + 1; i < s.stackStart[k + 1]!; i++)
          beneath.push(show(s.order[i]!));
        stacks.push({ height: stackHeight(s, k), top: t >= 0 ? show(t) : null, beneath });
      }
      v.stacks = stacks;
    }
  }
  v.tileSides = sides;
  return v;
}

function formatAction(a: MatchetAction): string {
  return `${a.tile}@${a.row},${a.col}:${a.red}`;
}

const ACTION_RE = /^(?:place\s+)?(T\d{1,3})\s*@?\s*(-?\d{1,4})\s*,\s*(-?\d{1,4})\s*:?\s*([TRBL])$/i;

function parseAction(text: string): Result<MatchetAction> {
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

function serialize(s: MatchetState): JsonObject {
  return {
    game: 'matchet',
    version: STATE_VERSION,
    mode: MODE_NAMES[s.mode],
    players: s.players,
    rounds: s.rounds,
    tiles: s.tiles.standard ? null : s.tiles.specs.slice(),
    round: s.round,
    firstSeat: s.firstSeat,
    phase: s.phase,
    toMove: s.toMove,
    order: Array.from(s.order),
    poolPtr: s.poolPtr,
    hands: Array.from({ length: s.players }, (_, seat) =>
      Array.from(s.hands.subarray(seat * HAND_MAX, seat * HAND_MAX + s.handLen[seat]!)),
    ),
    reserve: Array.from(s.reserve.subarray(0, s.reserveLen)),
    current: s.current,
    fromReserve: s.fromReserve,
    taken: Array.from(s.taken),
    log: Array.from({ length: s.placed }, (_, i) => [
      s.logCell[i]!,
      s.logTile[i]!,
      s.logRot[i]!,
      s.logSeat[i]!,
      s.logScore[i]!,
    ]),
    passes: s.passes,
    totals: Array.from(s.totals),
    totalsStart: Array.from(s.totalsStart),
    history: s.history.slice(),
    outcome: s.outcome,
    rng: s.rng.state(),
  };
}

function deserialize(json: unknown): Result<MatchetState> {
  const bad = invalidSave('MATCHET');
  const j = savedFields(json, 'matchet', STATE_VERSION);
  if (typeof j === 'string') return bad(j);
  const mode = MODE_NAMES.indexOf(j.mode as (typeof MODE_NAMES)[number]);
  if (mode < 0) return bad('mode');
  const ts = resolveTileSet(j.tiles);
  if (!ts.ok) return bad('tiles');
  const tiles = ts.value;
  const isInt = (v: unknown, lo: number, hi: number): v is number =>
    typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi;
  const ints = (v: unknown, lo: number, hi: number, len?: number): number[] | null =>
    Array.isArray(v) && v.every((x) => isInt(x, lo, hi)) && (len === undefined || v.length === len)
      ? v
      : null;
  const players = j.players;
  if (!isInt(players, 1, 7)) return bad('players');
  if (!isInt(j.rounds, 1, 5)) return bad('rounds');
  const n = tiles.size;
  const fields: [string, number, number][] = [
    ['round', 0, 4],
    ['firstSeat', 0, players - 1],
    ['phase', 0, 2],
    ['toMove', -1, players - 1],
    ['poolPtr', 0, n],
    ['current', -1, n - 1],
    ['passes', 0, players],
    ['outcome', 0, 2],
  ];
  for (const [f, lo, hi] of fields) if (!isInt(j[f], lo, hi)) return bad(f);
  if (typeof j.fromReserve !== 'boolean') return bad('fromReserve');
  const order = ints(j.order, 0, n - 1, n);
  const reserve = ints(j.reserve, 0, n - 1);
  const taken = ints(j.taken, 0, n, STACKS);
  const totals = ints(j.totals, -1e9, 1e9, players);
  const totalsStart = ints(j.totalsStart, -1e9, 1e9, players);
  const history = ints(j.history, -1e9, 1e9);
  if (!order || !reserve || !taken || !totals || !totalsStart || !history) return bad('arrays');
  if (!Array.isArray(j.hands) || j.hands.length !== players) return bad('hands');
  const hands = j.hands.map((h) => ints(h, 0, n - 1));
  if (hands.some((h) => !h || h.length > HAND_MAX)) return bad('hands');
  if (!Array.isArray(j.log) || j.log.length > n) return bad('log');
  const log = j.log.map((e) => ints(e, 0, 65535, 5));
  if (log.some((e) => !e)) return bad('log');
  if (!Rng.isState(j.rng)) return bad('rng');
  const s = newState(mode as Mode, players, j.rounds, tiles, Rng.fromState(j.rng));
  s.round = j.round as number;
  s.firstSeat = j.firstSeat as number;
  s.phase = j.phase as 0 | 1 | 2;
  s.toMove = j.toMove as number;
  s.order.set(order);
  s.poolPtr = j.poolPtr as number;
  hands.forEach((h, seat) => {
    s.hands.set(h!, seat * HAND_MAX);
    s.handLen[seat] = h!.length;
  });
  s.reserve.set(reserve);
  s.reserveLen = reserve.length;
  s.current = j.current as number;
  s.fromReserve = j.fromReserve;
  if (mode === MODE_STACKS) {
    const q = Math.floor(n / STACKS);
    const r = n % STACKS;
    for (let k = 0; k < STACKS; k++) s.stackStart[k + 1] = s.stackStart[k]! + q + (k < r ? 1 : 0);
  }
  s.taken.set(taken);
  for (const e of log) {
    const [cell, t, k, seat, score] = e!;
    if (cell! >= s.geo.cells || t! >= n || k! > 2 || seat! >= players || s.board[cell!] !== 0)
      return bad('log');
    s.board[cell!] = t! * 3 + k! + 1;
    const i = s.placed++;
    s.logCell[i] = cell!;
    s.logTile[i] = t!;
    s.logRot[i] = k!;
    s.logSeat[i] = seat!;
    s.logScore[i] = score!;
    s.last = cell!;
  }
  s.holeCount = findHoles(s.board, s.geo, s.holes);
  s.passes = j.passes as number;
  s.totals.set(totals);
  s.totalsStart.set(totalsStart);
  s.history.push(...history);
  s.outcome = j.outcome as number;
  const problem = verify(s);
  return problem ? err('invalid_state', `Not a consistent MATCHET state: ${problem.message}`) : ok(s);
}

/** Every tile by where it lies: board, hands, reserve and the tile to place, pool, stacks. */
function cards(s: MatchetState): string[] {
  const names = s.tiles.names;
  const out: string[] = [];
  for (let i = 0; i < s.placed; i++) out.push(names[s.logTile[i]!]!);
  if (s.mode === MODE_STACKS) {
    for (let k = 0; k < STACKS; k++) {
      for (let i = s.taken[k]!; i < s.stackStart[k + 1]! - s.stackStart[k]!; i++)
        out.push(names[s.order[s.stackStart[k]! + i]!]!);
    }
    return out;
  }
  for (let seat = 0; seat < s.players; seat++)
    for (let i = 0; i < s.handLen[seat]!; i++) out.push(names[s.hands[seat * HAND_MAX + i]!]!);
  for (let i = 0; i < s.reserveLen; i++) out.push(names[s.reserve[i]!]!);
  if (s.current >= 0 && !s.fromReserve) out.push(names[s.current]!);
  for (let i = s.poolPtr; i < s.order.length; i++) out.push(names[s.order[i]!]!);
  return out;
}

/** The pool, and in Solitaire B the tiles under the stack tops, are hidden from everybody. */
function hiddenCards(s: MatchetState, _viewer: Viewer): string[] {
  return hiddenPositions(s).map((p) => s.tiles.names[s.order[p]!]!);
}

function candidateActions(s: MatchetState, seat: Seat): MatchetAction[] {
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
    out.push({ ...first, row: 999 }); // off the board
  }
  return out;
}

function verify(s: MatchetState): EngineError | null {
  const all = cards(s);
  if (all.length !== s.tiles.size || new Set(all).size !== s.tiles.size)
    return engineError(
      'bad_state',
      `Tiles are not conserved (${all.length} listed, ${new Set(all).size} distinct).`,
    );
  if (s.phase !== PHASE_OVER && (s.toMove < 0 || s.toMove >= s.players))
    return engineError('bad_state', 'No seat to move.');
  if (s.mode === MODE_RESERVE && s.phase !== PHASE_OVER && s.current < 0)
    return engineError('bad_state', 'Solitaire A is waiting without a tile to place.');
  if (s.mode === MODE_MULTI && s.phase === PHASE_PLAY && legalActions(s, s.toMove).length === 0)
    return engineError('bad_state', 'The seat to move cannot play.');
  return checkHistory(s);
}

export const matchet: Game<MatchetState, MatchetAction> = {
  meta: {
    id: 'matchet',
    name: 'MATCHET',
    minPlayers: 1,
    maxPlayers: 7,
    defaultPlayers: 4,
    options: OPTIONS,
    hiddenInformation: true,
    simultaneous: false,
    summary: 'Lay triangles side to side, matching colours and numbers or making multiples of five.',
    notation:
      'Tiles: T01..T36, sides clockwise from red like R6Y7B7. Board cell (row,col): upward when row+col is even. Action: tile@row,col:red-side, e.g. T05@1,0:T (red faces T/R/B/L).',
  },
  setup,
  toAct,
  legalActions,
  applyInPlace,
  clone: cloneState,
  isOver: (s) => s.phase === PHASE_OVER,
  result,
  view,
  determinize,
  formatAction,
  parseAction,
  serialize,
  deserialize,
  cards,
  hiddenCards,
  candidateActions,
  verify,
  maxActions: (s) => s.rounds * s.tiles.size,
};

export { COLOURS, sideColour };
