/**
 * What each seat may know, sampling of hidden tiles (`determinize`) and the history check behind
 * `verify`.
 *
 * Hidden: the face-down pool (multiplayer and Solitaire A), from everybody. Tiles in front of
 * players are public (MT-4), the reserve stack is built face up (MT-9), and Solitaire B's stacks
 * are dealt face up (MT-10, matchbox ruling MT-X5).
 */
import type { EngineError, Viewer } from '../../contract.ts';
import { engineError } from '../../contract.ts';
import type { Rng } from '../../rng.ts';
import { findHoles } from './board.ts';
import { checkPlace } from './check.ts';
import { newState, place, startRound } from './play.ts';
import type { MatchetState } from './state.ts';
import { HAND_MAX, MODE_STACKS, PHASE_OVER, cloneState } from './state.ts';

/** Positions in `order` whose tile the player cannot see. */
export function hiddenPositions(s: MatchetState): number[] {
  const out: number[] = [];
  // Solitaire B's stacks are dealt face up (MT-10, matchbox ruling MT-X5): nothing is hidden there.
  if (s.mode === MODE_STACKS) return out;
  for (let i = s.poolPtr; i < s.order.length; i++) out.push(i);
  return out;
}

/** The pool is hidden from everybody alike, spectators included. */
export function hiddenCards(s: MatchetState, _viewer: Viewer): string[] {
  return hiddenPositions(s).map((p) => s.tiles.names[s.order[p]!]!);
}

/**
 * Re-deals the hidden tiles from `rng` (they are the same for every seat) and reseeds the copy.
 * The pool's tiles are sorted before the shuffle, so the sample depends on which tiles are in the
 * pool (which every seat knows) and on `rng` only, never on their real order; recorded chance
 * outcomes still queued are dropped, as they are the real future.
 */
export function determinize(s: MatchetState, _seat: number, rng: Rng): MatchetState {
  const out = cloneState(s);
  out.rng.copyFrom(rng.fork());
  out.chance = null;
  out.chanceAt = 0;
  out.key = null;
  const pos = hiddenPositions(s);
  const tiles = pos.map((p) => s.order[p]!).sort((a, b) => a - b);
  rng.shuffle(tiles);
  pos.forEach((p, i) => (out.order[p] = tiles[i]!));
  return out;
}

/**
 * Replays the current round from its deal (`order`, first seat, totals at its start) with every
 * placement checked, and compares the result with the state.
 */
export function checkHistory(s: MatchetState): EngineError | null {
  const bad = (why: string) => engineError('bad_history', why);
  const seen = new Uint8Array(s.tiles.size);
  for (const t of s.order) {
    if (t >= s.tiles.size || seen[t]) return bad('The deal is not a permutation of the tile set.');
    seen[t] = 1;
  }
  const r = newState(s.mode, s.players, s.rounds, s.tiles, s.rng.clone());
  r.round = s.round;
  r.firstSeat = s.firstSeat;
  r.order.set(s.order);
  r.totals.set(s.totalsStart);
  const roundsBefore = s.phase === PHASE_OVER ? s.history.length - (s.players + 1) : s.history.length;
  for (let i = 0; i < roundsBefore; i++) r.history.push(s.history[i]!);
  startRound(r);
  // Solitaire A places its first tile itself.
  const auto = r.placed;
  for (let i = 0; i < auto; i++) {
    if (s.logCell[i] !== r.logCell[i] || s.logTile[i] !== r.logTile[i] || s.logRot[i] !== r.logRot[i])
      return bad('The automatic first tile does not match the deal.');
  }
  for (let i = auto; i < s.placed; i++) {
    if (r.phase === PHASE_OVER) return bad(`Placement ${i + 1} came after the end.`);
    const seat = s.logSeat[i]!;
    if (seat !== r.toMove) return bad(`Placement ${i + 1} was out of turn.`);
    const e = checkPlace(r, seat, s.logTile[i]!, s.logCell[i]!, s.logRot[i]!);
    if (e) return bad(`Placement ${i + 1} was illegal: ${e.message}`);
    place(r, seat, s.logTile[i]!, s.logCell[i]!, s.logRot[i]!);
    if (r.logScore[i] !== s.logScore[i]) return bad(`Placement ${i + 1} scored wrongly.`);
  }
  const same = (a: ArrayLike<number>, b: ArrayLike<number>, len = a.length) => {
    for (let i = 0; i < len; i++) if (a[i] !== b[i]) return false;
    return true;
  };
  if (r.placed !== s.placed) return bad('The placements do not add up.');
  if (!same(r.board, s.board)) return bad('The board does not follow from the placements.');
  if (r.phase !== s.phase || r.toMove !== s.toMove)
    return bad('The turn does not follow from the placements.');
  if (r.poolPtr !== s.poolPtr || !same(r.totals, s.totals) || r.passes !== s.passes)
    return bad('Draws, passes or totals do not follow from the placements.');
  if (!same(r.handLen, s.handLen)) return bad('Hands do not follow from the placements.');
  for (let seat = 0; seat < s.players; seat++) {
    if (!same(r.hands.subarray(seat * HAND_MAX), s.hands.subarray(seat * HAND_MAX), s.handLen[seat]))
      return bad('Hands do not follow from the placements.');
  }
  if (r.reserveLen !== s.reserveLen || !same(r.reserve, s.reserve, s.reserveLen))
    return bad('The reserve does not follow from the draws.');
  if (r.current !== s.current || r.fromReserve !== s.fromReserve || r.outcome !== s.outcome)
    return bad('The tile to place does not follow from the draws.');
  if (!same(r.taken, s.taken)) return bad('The stacks do not follow from the placements.');
  if (r.history.length !== s.history.length || !same(r.history, s.history))
    return bad('The round history does not add up.');
  const holes = new Int16Array(s.holes.length);
  const n = findHoles(s.board, s.geo, holes);
  if (
    n !== s.holeCount ||
    !same(Array.from(holes.subarray(0, n)).sort(), Array.from(s.holes.subarray(0, n)).sort())
  )
    return bad('The list of exceptional cells is stale.');
  return null;
}
