/**
 * MATCHET's invariants: every tile lies in exactly one place (`cards`), the turn is consistent,
 * and the round so far follows from its deal by legal placements (`checkHistory`).
 */
import type { EngineError } from '../../contract.ts';
import { engineError } from '../../contract.ts';
import { legalActions } from './actions.ts';
import { checkHistory } from './knowledge.ts';
import type { MatchetState } from './state.ts';
import { HAND_MAX, MODE_MULTI, MODE_RESERVE, MODE_STACKS, PHASE_OVER, PHASE_PLAY, STACKS } from './state.ts';

/** Every tile by where it lies: board, hands, reserve and the tile to place, pool, stacks. */
export function cards(s: MatchetState): string[] {
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

export function verify(s: MatchetState): EngineError | null {
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
  // Every placement of this round was an action, but Solitaire A's first tile.
  const auto = s.mode === MODE_RESERVE && s.placed > 0 ? 1 : 0;
  if (s.actions < s.placed - auto)
    return engineError('bad_state', `${s.actions} actions cannot have placed ${s.placed - auto} tiles.`);
  return checkHistory(s);
}
