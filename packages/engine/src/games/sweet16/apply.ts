/**
 * Applying an action: the shape checks every action goes through, then the phase function of the
 * base game (play.ts) or the duel (duel.ts). Counts the actions applied (`actionCount`).
 */
import type { EngineError, Seat } from '../../contract.ts';
import { engineError } from '../../contract.ts';
import { POS_INDEX } from './actions.ts';
import { parseCard, parsePosition } from './cards.ts';
import {
  applyBury,
  applyDuelActivate,
  applyDuelSkip,
  applyDuelSteal,
  applyPass,
  applyTake,
  applyTryst,
} from './duel.ts';
import {
  applyActivate,
  applyBack,
  applyFlip,
  applyJoker,
  applyLook,
  applySkip,
  applySteal,
  applyStop,
} from './play.ts';
import type { Sweet16State } from './state.ts';
import { MODE_DUEL, PH_OVER } from './state.ts';
import type { Sweet16Events } from './types.ts';

/**
 * The contract's `applyInPlace`: null and the state changed (and the action counted), or an
 * error and the state untouched.
 */
export function applyInPlace(
  s: Sweet16State,
  seat: Seat,
  action: unknown,
  events?: Sweet16Events,
): EngineError | null {
  if (typeof seat !== 'number' || (seat | 0) !== seat || seat < 0 || seat >= s.players)
    return engineError('invalid_seat', `Seats are numbered 0 to ${s.players - 1}.`);
  if (typeof action !== 'object' || action === null)
    return engineError('malformed_action', 'An action is an object like {"type":"flip","pos":"B3"}.');
  const a = action as { type?: unknown; pos?: unknown; value?: unknown; card?: unknown; cells?: unknown };
  const type = a.type;
  if (typeof type !== 'string') return engineError('malformed_action', 'An action needs a "type".');
  let pos = -1;
  switch (type) {
    case 'flip':
    case 'back':
    case 'activate':
    case 'look':
    case 'take':
    case 'bury':
      if (typeof a.pos !== 'string')
        return engineError('malformed_action', `A ${type} action needs a "pos" such as "B3".`);
      pos = (a as { [POS_INDEX]?: Int8Array })[POS_INDEX]?.[s.mode] ?? parsePosition(s.grid, a.pos);
      if (pos < 0)
        return engineError(
          'bad_position',
          `"${a.pos}" is not a position of the ${s.grid.cols} x ${s.grid.rows} grid (A1..${s.grid.names[s.grid.size - 1]}).`,
        );
      break;
    case 'joker':
      if (typeof a.value !== 'number')
        return engineError('malformed_action', 'A joker action needs a "value" number.');
      break;
    case 'steal':
      if (typeof a.card !== 'string' || parseCard(a.card) < 0)
        return engineError('malformed_action', 'A steal action needs a "card" such as "7D".');
      break;
    case 'tryst':
      if (!Array.isArray(a.cells) || !a.cells.every((c) => typeof c === 'string'))
        return engineError(
          'malformed_action',
          'A tryst action needs "cells", a list of positions such as ["A3","C3"].',
        );
      break;
    case 'stop':
    case 'skip':
    case 'pass':
      break;
    default:
      return engineError('malformed_action', `Unknown action type "${type}".`);
  }
  if (s.phase === PH_OVER) return engineError('game_over', 'The game is over.');
  if (seat !== s.toPlay) return engineError('not_your_turn', `It is seat ${s.toPlay}'s turn.`);
  const kind = type; // narrowed by the switch above
  // The phase functions return null on success; counting here keeps the hot path one call deep.
  let error: EngineError | null;
  if (s.mode === MODE_DUEL) {
    switch (kind) {
      case 'tryst': {
        const cells: number[] = [];
        for (const text of a.cells as string[]) {
          const p = parsePosition(s.grid, text);
          if (p < 0)
            return engineError('bad_position', `"${text}" is not a position of the 7 x 7 grid (A1..G7).`);
          cells.push(p);
        }
        error = applyTryst(s, cells, events);
        break;
      }
      case 'pass':
        error = applyPass(s, events);
        break;
      case 'activate':
        error = applyDuelActivate(s, pos, events);
        break;
      case 'skip':
        error = applyDuelSkip(s, events);
        break;
      case 'steal':
        error = applyDuelSteal(s, parseCard(a.card as string), events);
        break;
      case 'take':
        error = applyTake(s, pos, events);
        break;
      case 'bury':
        error = applyBury(s, pos, events);
        break;
      case 'flip':
      case 'joker':
      case 'stop':
      case 'back':
      case 'look':
        return engineError('not_in_mode', `"${type}" is not an action of the duel variant.`);
    }
  } else {
    switch (kind) {
      case 'flip':
        error = applyFlip(s, pos, events);
        break;
      case 'joker':
        error = applyJoker(s, a.value as number, events);
        break;
      case 'stop':
        error = applyStop(s, events);
        break;
      case 'back':
        error = applyBack(s, pos, events);
        break;
      case 'activate':
        error = applyActivate(s, pos, events);
        break;
      case 'skip':
        error = applySkip(s, events);
        break;
      case 'steal':
        error = applySteal(s, parseCard(a.card as string), events);
        break;
      case 'look':
        error = applyLook(s, pos, events);
        break;
      case 'tryst':
      case 'take':
      case 'bury':
      case 'pass':
        return engineError('not_in_mode', `"${type}" is an action of the duel variant only.`);
    }
  }
  if (error === null) s.actions++;
  return error;
}
