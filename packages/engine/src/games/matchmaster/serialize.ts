/**
 * MatchMaster saves: versioned JSON of the whole state, and loading with validation and
 * migration of older versions.
 *
 * Version history:
 * - 1: the state before contract v2.
 * - 2: adds `actions` (actions applied since setup) and `chance` (recorded deal orders still to
 *   come, present only when some are left). Version 1 saves migrate: the count follows from the
 *   hands played, the bids and the plays; a version 1 state had no queue.
 */
import type { JsonObject, Result } from '../../contract.ts';
import { err, ok } from '../../contract.ts';
import { numbers } from '../../lists.ts';
import { Rng } from '../../rng.ts';
import type { SaveMigration } from '../../saves.ts';
import { intList, invalidSave, savedFields } from '../../saves.ts';
import { DECK_SIZE, FULL_SUIT } from './cards.ts';
import type { MatchMasterState } from './state.ts';
import { NO_CHANCE, PHASE_BID, PHASE_OVER, PHASE_PLAY, actionsPlayed } from './state.ts';
import { verify } from './verify.ts';

export const STATE_VERSION = 2;

export function serialize(s: MatchMasterState): JsonObject {
  const out: JsonObject = {
    game: 'matchmaster',
    version: STATE_VERSION,
    players: s.players,
    handSizes: s.handSizes.slice(),
    firstDealer: s.firstDealer,
    handIndex: s.handIndex,
    phase: s.phase,
    dealer: s.dealer,
    hands: numbers(s.hands),
    undealt: numbers(s.undealt),
    bids: numbers(s.bids),
    tricks: numbers(s.tricks),
    totals: numbers(s.totals),
    history: numbers(s.history),
    plays: numbers(s.plays, 0, s.playCount),
    playSeats: numbers(s.playSeats, 0, s.playCount),
    trickLen: s.trickLen,
    toPlay: s.toPlay,
    actions: s.actions,
    rng: s.rng.state(),
  };
  if (s.key !== null) out.key = s.key;
  if (s.chanceAt < s.chance.length) out.chance = s.chance.slice(s.chanceAt).map((e) => e.slice());
  return out;
}

/** Version 1 to 2: the action count, from the hands played, this hand's bids and its plays. */
const fromVersion1: SaveMigration = (save) => {
  const { players, handSizes, handIndex, bids, plays } = save;
  const sizes = intList(handSizes);
  const bidList = intList(bids);
  if (typeof players !== 'number' || !Number.isInteger(players) || players < 1) return 'players';
  if (!sizes || typeof handIndex !== 'number' || !Number.isInteger(handIndex)) return 'hand index';
  if (handIndex < 0 || handIndex >= sizes.length) return 'hand index';
  if (!bidList || !Array.isArray(plays)) return 'bids or plays';
  const bidCount = bidList.filter((b) => b >= 0).length;
  return { ...save, version: 2, actions: actionsPlayed(players, sizes, handIndex, bidCount, plays.length) };
};

const MIGRATIONS: Readonly<Record<number, SaveMigration>> = { 1: fromVersion1 };

const isCardLists = (v: unknown): v is string[][] =>
  Array.isArray(v) && v.every((e) => Array.isArray(e) && e.every((c) => typeof c === 'string'));

export function deserialize(json: unknown): Result<MatchMasterState> {
  const bad = invalidSave('MatchMaster');
  const j = savedFields(json, 'matchmaster', STATE_VERSION, MIGRATIONS);
  if (typeof j === 'string') return bad(j);
  const ints = intList;
  const players = j.players;
  if (typeof players !== 'number' || !Number.isInteger(players) || players < 2 || players > 7)
    return bad('players');
  const handSizes = ints(j.handSizes);
  if (!handSizes || handSizes.length === 0 || handSizes.some((h) => h < 1 || h * players > DECK_SIZE))
    return bad('handSizes');
  const fields = ['firstDealer', 'handIndex', 'phase', 'dealer', 'trickLen', 'toPlay', 'actions'] as const;
  for (const f of fields) if (typeof j[f] !== 'number' || !Number.isInteger(j[f])) return bad(f);
  const hands = ints(j.hands, players * 4);
  const undealt = ints(j.undealt, 4);
  const bids = ints(j.bids, players);
  const tricks = ints(j.tricks, players);
  const totals = ints(j.totals, players);
  const history = ints(j.history, handSizes.length * players * 3);
  const plays = ints(j.plays);
  const playSeats = ints(j.playSeats, plays?.length);
  if (!hands || !undealt || !bids || !tricks || !totals || !history || !plays || !playSeats)
    return bad('arrays');
  // Range checks before the typed arrays would silently wrap or mask out-of-range values.
  const within = (v: number[], lo: number, hi: number) => v.every((x) => x >= lo && x <= hi);
  if (!within(hands, 0, FULL_SUIT) || !within(undealt, 0, FULL_SUIT)) return bad('card masks');
  if (!within(bids, -1, 26) || !within(tricks, 0, 26)) return bad('bids or tricks');
  if (!within(playSeats, 0, players - 1)) return bad('playSeats');
  if (!within(history, -32768, 32767) || !within(totals, -(2 ** 31), 2 ** 31 - 1))
    return bad('history or totals');
  if (plays.length > DECK_SIZE || plays.some((c) => c < 0 || c >= DECK_SIZE)) return bad('plays');
  if (!Rng.isState(j.rng)) return bad('rng');
  if (j.chance !== undefined && !isCardLists(j.chance)) return bad('chance');
  if (j.key !== undefined && typeof j.key !== 'string') return bad('key');
  const phase = j.phase as number;
  if (phase !== PHASE_BID && phase !== PHASE_PLAY && phase !== PHASE_OVER) return bad('phase');
  const chance =
    j.chance && j.chance.length > 0
      ? Object.freeze(j.chance.map((e) => Object.freeze(e.slice())))
      : NO_CHANCE;
  const s: MatchMasterState = {
    players,
    handSizes,
    firstDealer: j.firstDealer as number,
    handIndex: j.handIndex as number,
    phase,
    dealer: j.dealer as number,
    hands: Uint16Array.from(hands),
    undealt: Uint16Array.from(undealt),
    bids: Int8Array.from(bids),
    bidCount: bids.filter((b) => b >= 0).length,
    tricks: Int8Array.from(tricks),
    totals: Int32Array.from(totals),
    history: Int16Array.from(history),
    plays: new Int8Array(DECK_SIZE),
    playSeats: new Int8Array(DECK_SIZE),
    playCount: plays.length,
    trickLen: j.trickLen as number,
    toPlay: j.toPlay as number,
    actions: j.actions as number,
    chance,
    chanceAt: 0,
    rng: Rng.fromState(j.rng),
    key: typeof j.key === 'string' ? j.key : null,
  };
  s.plays.set(plays);
  s.playSeats.set(playSeats);
  const problem = verify(s);
  return problem ? err('invalid_state', `Not a consistent MatchMaster state: ${problem.message}`) : ok(s);
}
