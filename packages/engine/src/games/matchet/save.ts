/**
 * Saved MATCHET states: versioned JSON of the whole state, and loading with validation (every
 * field checked, then `verify` replays the round) and migration of older versions.
 *
 * Version 2 (contract v2) adds `actions` (actions applied since setup) and, while recorded chance
 * outcomes are still to be replayed, `chance`. Version 1 saves migrate: see `fromVersion1`.
 */
import type { JsonObject, Result } from '../../contract.ts';
import { err, ok } from '../../contract.ts';
import { Rng } from '../../rng.ts';
import type { SaveMigration } from '../../saves.ts';
import { invalidSave, savedFields } from '../../saves.ts';
import { findHoles } from './board.ts';
import { newState } from './play.ts';
import type { MatchetState, Mode } from './state.ts';
import { HAND_MAX, MODE_NAMES, MODE_RESERVE, MODE_STACKS, STACKS } from './state.ts';
import { resolveTileSet } from './tiles.ts';
import { verify } from './verify.ts';

export const STATE_VERSION = 2;

/**
 * Version 1 had no action counter. Its placements this round are in `log`; every one was an
 * action except Solitaire A's first tile, which lays itself. A version-1 save does not say how many
 * placements earlier rounds of a multiplayer game had, so a save made after round 1 counts only
 * the actions of its current round (nothing else depends on the count).
 */
const fromVersion1: SaveMigration = (save) => {
  if (!Array.isArray(save.log)) return 'the placement log is missing';
  const auto = save.mode === MODE_NAMES[MODE_RESERVE] && save.log.length > 0 ? 1 : 0;
  return { ...save, version: 2, actions: save.log.length - auto };
};

const MIGRATIONS: Readonly<Record<number, SaveMigration>> = { 1: fromVersion1 };

export function serialize(s: MatchetState): JsonObject {
  const out: JsonObject = {
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
    actions: s.actions,
    rng: s.rng.state(),
  };
  if (s.key !== null) out.key = s.key;
  if (s.chance !== null && s.chanceAt < s.chance.length)
    out.chance = s.chance.slice(s.chanceAt).map((e) => e.slice());
  return out;
}

export function deserialize(json: unknown): Result<MatchetState> {
  const bad = invalidSave('MATCHET');
  const j = savedFields(json, 'matchet', STATE_VERSION, MIGRATIONS);
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
    ['actions', 0, 5 * n],
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
  const isNames = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');
  if (j.chance !== undefined && !(Array.isArray(j.chance) && j.chance.length > 0 && j.chance.every(isNames)))
    return bad('chance');
  if (!Rng.isState(j.rng)) return bad('rng');
  if (j.key !== undefined && typeof j.key !== 'string') return bad('key');
  const s = newState(mode as Mode, players, j.rounds, tiles, Rng.fromState(j.rng));
  if (typeof j.key === 'string') s.key = j.key;
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
  s.actions = j.actions as number;
  if (j.chance !== undefined) s.chance = j.chance.map((e) => e.slice());
  const problem = verify(s);
  return problem ? err('invalid_state', `Not a consistent MATCHET state: ${problem.message}`) : ok(s);
}
