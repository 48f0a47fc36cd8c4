/**
 * Saved states: the versioned JSON of a Sweet16 state, its validation, and the migration of
 * older saves.
 *
 * Version 2 (this engine) adds to version 1:
 * - `actions`: the number of actions applied since setup (the contract's `actionCount`);
 * - `publicAt`: per grid position, the turn its card was last shown to the whole table (a flip,
 *   a put-back), -1 if never: what a spectator has seen.
 *
 * A game of several grids (S16-X11) also saves `grids`, `gridNo`, `gridScores` and, when set,
 * `key` and the recorded grid orders still to come (`chance`); absent, the game is one grid.
 *
 * Migration 1 -> 2. A version-1 save kept no action count, and nothing in it tells how many flips
 * the finished turns took, so the count cannot be derived: it restarts at 0, and `actionCount` of
 * a state loaded from a version-1 save counts the actions since that load. The public record is
 * derived from the seats' records: a public sighting sets every seat's record to the same turn,
 * and a private look sets only the looker's (one seat per turn), so a position where two seats
 * share their lowest turn was shown to the table in that turn. Where no two seats share it, all
 * seats but at most one have looked there privately since the last public sighting, if any, and
 * whether the table ever saw the card is lost: the migration counts it as unseen by the table (a
 * spectator of such a game remembers less, never more).
 */
import type { JsonObject, Result } from '../../contract.ts';
import { err, ok } from '../../contract.ts';
import { numbers } from '../../lists.ts';
import { Rng } from '../../rng.ts';
import type { SaveMigration } from '../../saves.ts';
import { invalidSave, savedFields } from '../../saves.ts';
import { CARD_COUNT } from './cards.ts';
import { MAX_GRIDS } from './grids.ts';
import type { Mode, Sweet16State } from './state.ts';
import { MAX_SET, MODE_NAMES, PH_OVER, P_DIAMOND, P_NONE, P_PILE, gridOf, newState } from './state.ts';
import { verify } from './verify.ts';

export const STATE_VERSION = 2;

export function serialize(s: Sweet16State): JsonObject {
  const size = s.grid.size;
  const seats = s.players * size;
  return {
    game: 'sweet16',
    version: STATE_VERSION,
    mode: MODE_NAMES[s.mode],
    players: s.players,
    memoryAid: s.memoryAid,
    turnLimit: s.turnLimit,
    cells: numbers(s.cells),
    up: numbers(s.up),
    seenAt: numbers(s.seenAt, 0, seats),
    publicAt: numbers(s.seenAt, seats, seats + size),
    notHeart: numbers(s.notHeart),
    peek: numbers(s.peek),
    place: numbers(s.place),
    jokerValue: numbers(s.jokerValue),
    phase: s.phase,
    toPlay: s.toPlay,
    turn: s.turn,
    flipped: numbers(s.flipped, 0, s.flipCount),
    flipTotal: s.flipTotal,
    clique: numbers(s.clique, 0, s.cliqueCount),
    cliqueOwner: s.cliqueOwner,
    cliqueTotal: s.cliqueTotal,
    set: numbers(s.set, 0, s.setCount),
    setKind: s.setKind,
    putBack: s.putBack,
    active: s.active,
    looks: numbers(s.looks, 0, s.lookCount),
    lookLeft: s.lookLeft,
    scored: s.scored,
    passes: s.passes,
    actions: s.actions,
    rng: s.rng.state(),
    ...(s.grids > 1 ? gridFields(s) : {}),
  };
}

/** The fields of a game of several grids (S16-X11). */
function gridFields(s: Sweet16State): JsonObject {
  return {
    grids: s.grids,
    gridNo: s.gridNo,
    gridScores: s.gridScores.map((g) => [...g]),
    ...(s.key !== null ? { key: s.key } : {}),
    ...(s.chance !== null && s.chanceAt < s.chance.length
      ? { chance: s.chance.slice(s.chanceAt).map((order) => [...order]) }
      : {}),
  };
}

/** A saved game's grids (S16-X11), or the reason they are not valid. */
function readGrids(
  j: Record<string, unknown>,
  players: number,
): Pick<Sweet16State, 'grids' | 'gridNo' | 'gridScores' | 'key' | 'chance'> | string {
  if (j.grids === undefined) return { grids: 1, gridNo: 0, gridScores: [], key: null, chance: null };
  const { grids, gridNo, gridScores, key, chance } = j;
  const int = (v: unknown, min: number, max: number) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
  if (!int(grids, 1, MAX_GRIDS) || !int(gridNo, 0, (grids as number) - 1)) return 'grids';
  if (
    !Array.isArray(gridScores) ||
    gridScores.length !== gridNo ||
    !gridScores.every((g) => Array.isArray(g) && g.length === players && g.every((x) => int(x, 0, 1000)))
  )
    return 'gridScores';
  if (key !== undefined && (typeof key !== 'string' || key.length > 200)) return 'key';
  const orders = chance ?? [];
  if (
    !Array.isArray(orders) ||
    orders.length > MAX_GRIDS ||
    !orders.every((o) => Array.isArray(o) && o.length <= CARD_COUNT && o.every((c) => typeof c === 'string'))
  )
    return 'chance';
  return {
    grids: grids as number,
    gridNo: gridNo,
    gridScores: (gridScores as number[][]).map((g) => [...g]),
    key: key ?? null,
    chance: orders.length > 0 ? (orders as string[][]).map((o) => [...o]) : null,
  };
}

/** Version 1 -> 2: the action count restarts at 0; the public record is derived (see above). */
const fromVersion1: SaveMigration = (save) => {
  const players = save.players;
  const size = MODE_NAMES.includes(save.mode as 'base')
    ? gridOf(MODE_NAMES.indexOf(save.mode as 'base') as Mode).size
    : 0;
  const seenAt = save.seenAt;
  if (typeof players !== 'number' || !Number.isInteger(players) || players < 2 || players > 5 || size === 0)
    return 'players or mode';
  if (!Array.isArray(seenAt) || seenAt.length !== players * size || !seenAt.every(Number.isInteger))
    return 'seenAt';
  const publicAt: number[] = [];
  for (let p = 0; p < size; p++) {
    let low = Infinity;
    let holders = 0;
    for (let seat = 0; seat < players; seat++) {
      const t = seenAt[seat * size + p] as number;
      if (t < low) {
        low = t;
        holders = 1;
      } else if (t === low) holders++;
    }
    publicAt.push(low >= 0 && holders >= 2 ? low : -1);
  }
  return { ...save, version: 2, actions: 0, publicAt };
};

const MIGRATIONS: Readonly<Record<number, SaveMigration>> = { 1: fromVersion1 };

export function deserialize(json: unknown): Result<Sweet16State> {
  const bad = invalidSave('Sweet16');
  const j = savedFields(json, 'sweet16', STATE_VERSION, MIGRATIONS);
  if (typeof j === 'string') return bad(j);
  const mode = MODE_NAMES.indexOf(j.mode as 'base');
  if (mode < 0) return bad('mode');
  const players = j.players;
  if (typeof players !== 'number' || !Number.isInteger(players) || players < 2 || players > 5)
    return bad('players');
  if (typeof j.memoryAid !== 'boolean') return bad('memoryAid');
  if (typeof j.scored !== 'boolean') return bad('scored');
  const intFields = [
    'turnLimit',
    'phase',
    'toPlay',
    'turn',
    'flipTotal',
    'cliqueOwner',
    'cliqueTotal',
    'setKind',
    'putBack',
    'active',
    'lookLeft',
    'passes',
    'actions',
  ] as const;
  for (const f of intFields) if (typeof j[f] !== 'number' || !Number.isInteger(j[f])) return bad(f);
  if (!Rng.isState(j.rng)) return bad('rng');
  const size = gridOf(mode as Mode).size;
  const ints = (v: unknown, min: number, max: number, len?: number, maxLen = 64): number[] | null =>
    Array.isArray(v) &&
    v.length <= maxLen &&
    (len === undefined || v.length === len) &&
    v.every((x) => Number.isInteger(x) && (x as number) >= min && (x as number) <= max)
      ? (v as number[])
      : null;
  const cells = ints(j.cells, -1, CARD_COUNT - 1, size);
  const up = ints(j.up, 0, 1, size);
  const seenAt = ints(j.seenAt, -1, 1e9, players * size, 1000);
  const publicAt = ints(j.publicAt, -1, 1e9, size);
  const notHeart = ints(j.notHeart, 0, 1, size);
  const peek = ints(j.peek, 0, 1, size);
  const place = ints(j.place, 0, P_NONE, CARD_COUNT);
  const jokerValue = ints(j.jokerValue, 0, 13, 2);
  const flipped = ints(j.flipped, 0, size - 1, undefined, MAX_SET);
  const clique = ints(j.clique, 0, size - 1, undefined, MAX_SET);
  const set = ints(j.set, 0, size - 1, undefined, MAX_SET);
  const looks = ints(j.looks, 0, size - 1, undefined, 64);
  if (!cells || !up || !seenAt || !publicAt || !notHeart || !peek || !place || !jokerValue)
    return bad('arrays');
  if (!flipped || !clique || !set || !looks) return bad('lists');
  const num = (f: (typeof intFields)[number]) => j[f] as number;
  if (num('phase') < 0 || num('phase') > PH_OVER || num('toPlay') < 0 || num('toPlay') >= players)
    return bad('phase');
  if (num('turnLimit') < 1 || num('turn') < 1) return bad('turn');
  if (num('actions') < 0) return bad('actions');
  if (num('active') < -1 || num('active') >= CARD_COUNT || num('putBack') < -1 || num('putBack') >= size)
    return bad('cards');
  const grids = readGrids(j, players);
  if (typeof grids === 'string') return bad(grids);
  if (grids.grids > 1 && mode !== 0) return bad('grids');
  const s = newState(mode as Mode, players, j.memoryAid, num('turnLimit'), Rng.fromState(j.rng), grids.grids);
  s.gridNo = grids.gridNo;
  s.gridScores = grids.gridScores;
  s.key = grids.key;
  s.chance = grids.chance;
  s.cells.set(cells);
  s.up.set(up);
  s.seenAt.set(seenAt);
  s.seenAt.set(publicAt, players * size);
  s.notHeart.set(notHeart);
  s.peek.set(peek);
  s.peeked = peek.some((x) => x === 1);
  s.place.set(place);
  s.jokerValue.set(jokerValue);
  s.flipped.set(flipped);
  s.flipCount = flipped.length;
  s.clique.set(clique);
  s.cliqueCount = clique.length;
  s.set.set(set);
  s.setCount = set.length;
  s.looks.set(looks);
  s.lookCount = looks.length;
  s.phase = num('phase');
  s.toPlay = num('toPlay');
  s.turn = num('turn');
  s.flipTotal = num('flipTotal');
  s.cliqueOwner = num('cliqueOwner');
  s.cliqueTotal = num('cliqueTotal');
  s.setKind = num('setKind');
  s.putBack = num('putBack');
  s.active = num('active');
  s.lookLeft = num('lookLeft');
  s.scored = j.scored;
  s.passes = num('passes');
  s.actions = num('actions');
  for (let p = 0; p < size; p++) {
    if (cells[p]! >= 0) {
      s.gridCount++;
      if (!up[p]) s.downCount++;
    }
  }
  for (let c = 0; c < CARD_COUNT; c++) {
    const w = place[c]!;
    if (w >= P_PILE && w < P_PILE + players) s.pileCount[w - P_PILE]!++;
    if (w >= P_DIAMOND && w < P_DIAMOND + players) s.diamondCount[w - P_DIAMOND]!++;
  }
  const problem = verify(s);
  return problem ? err('invalid_state', `Not a consistent Sweet16 state: ${problem.message}`) : ok(s);
}
