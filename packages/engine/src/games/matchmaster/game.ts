/**
 * MatchMaster on the engine contract.
 *
 * Rules in brief (our words; sheets 000/001 and rulings MM-1..MM-10):
 * - 2-7 players, 52 cards in four suits ranked 1..13; dark orange is always trump (MM-1).
 * - 13 hands of 7,6,5,4,3,2,1,2,3,4,5,6,7 cards, freshly shuffled each time; undealt cards play no
 *   part (MM-2). Seat 0 deals first by default; the seat after the dealer leads; the deal passes
 *   on each hand (MM-3).
 * - Everyone bids 0..hand size at once and in secret; bids are revealed together (MM-4).
 * - The trick winner leads next (MM-5). Follow a non-trump led suit if you can; otherwise trump,
 *   beating the highest trump in the trick if you can (MM-6). When trump is led, beat the highest
 *   trump so far if you can, else play any trump (MM-7). Highest trump wins, else highest of the
 *   led suit (MM-8).
 * - Exact bid: 10 + tricks; otherwise minus the difference (MM-9). After the last hand the highest
 *   total wins; ties share the win (MM-10).
 */
import type { EngineError, Game, GameEvent, Seat } from '../../contract.ts';
import { engineError } from '../../contract.ts';
import { rankByScore } from '../../ranking.ts';
import {
  BID_LISTS,
  PLAY_ACTIONS,
  candidateActions,
  cardOfAction,
  formatAction,
  parseAction,
} from './actions.ts';
import { RANKS, popcount } from './cards.ts';
import { determinize } from './knowledge.ts';
import { applyBid, applyPlay, legalMasks } from './play.ts';
import { deserialize, serialize } from './serialize.ts';
import { OPTIONS, setup } from './setup.ts';
import type { MatchMasterState } from './state.ts';
import { PHASE_BID, PHASE_OVER, PHASE_PLAY, cloneState, handSizeOf } from './state.ts';
import type { MatchMasterAction, MatchMasterEvent, MatchMasterPhase, MatchMasterView } from './types.ts';
import { describeTurn, phaseOf, toAct, view } from './view.ts';
import { cards, hiddenCards, verify } from './verify.ts';

const masks = new Uint16Array(4);
const NO_ACTIONS: readonly MatchMasterAction[] = Object.freeze([]);

function legalActions(s: MatchMasterState, seat: Seat): readonly MatchMasterAction[] {
  if (s.phase === PHASE_BID) {
    if (seat >= 0 && seat < s.players && s.bids[seat] === -1) return BID_LISTS[handSizeOf(s)]!;
    return NO_ACTIONS;
  }
  if (s.phase !== PHASE_PLAY || seat !== s.toPlay) return NO_ACTIONS;
  legalMasks(s, seat, masks);
  const m0 = masks[0]!;
  const m1 = masks[1]!;
  const m2 = masks[2]!;
  const m3 = masks[3]!;
  const play: MatchMasterAction[] = new Array<MatchMasterAction>(
    popcount(m0) + popcount(m1) + popcount(m2) + popcount(m3),
  );
  let k = 0;
  for (let m = m0; m !== 0; m &= m - 1) play[k++] = PLAY_ACTIONS[31 - Math.clz32(m & -m)]!;
  for (let m = m1; m !== 0; m &= m - 1) play[k++] = PLAY_ACTIONS[RANKS + 31 - Math.clz32(m & -m)]!;
  for (let m = m2; m !== 0; m &= m - 1) play[k++] = PLAY_ACTIONS[2 * RANKS + 31 - Math.clz32(m & -m)]!;
  for (let m = m3; m !== 0; m &= m - 1) play[k++] = PLAY_ACTIONS[3 * RANKS + 31 - Math.clz32(m & -m)]!;
  return play;
}

function applyInPlace(
  s: MatchMasterState,
  seat: Seat,
  action: unknown,
  events?: GameEvent<MatchMasterEvent>[],
): EngineError | null {
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.players) {
    return engineError('invalid_seat', `Seats are numbered 0 to ${s.players - 1}.`);
  }
  if (s.phase === PHASE_OVER) return engineError('game_over', 'The game is over.');
  if (typeof action !== 'object' || action === null) {
    return engineError('malformed_action', 'An action is an object like {"type":"play","card":"do13"}.');
  }
  const type = (action as { type?: unknown }).type;
  let error: EngineError | null;
  if (type === 'bid') {
    const bid = (action as { bid?: unknown }).bid;
    if (typeof bid !== 'number') return engineError('malformed_action', 'A bid action needs a "bid" number.');
    error = applyBid(s, seat, bid, events);
  } else if (type === 'play') {
    const card = cardOfAction(action);
    if (typeof card !== 'number') return card;
    error = applyPlay(s, seat, card, events);
  } else {
    return engineError('malformed_action', 'Unknown action type; MatchMaster actions are "bid" and "play".');
  }
  if (error === null) s.actions++;
  return error;
}

export const matchmaster: Game<
  MatchMasterState,
  MatchMasterAction,
  MatchMasterView,
  MatchMasterEvent,
  MatchMasterPhase
> = {
  meta: {
    id: 'matchmaster',
    name: 'MatchMaster',
    minPlayers: 2,
    maxPlayers: 7,
    defaultPlayers: 4,
    options: OPTIONS,
    hiddenInformation: true,
    simultaneous: true,
    summary: 'Trick-taking with secret simultaneous bids over 13 hands of 7..1..7 cards.',
    notation:
      'Cards: suit + rank, suits do (dark orange, trump), lo (light orange), db (dark blue), lb (light blue), ranks 1..13 (13 high): do13, lb7. Actions: "bid 2", or a card to play.',
    // A seat may change occupant when a new hand is dealt (MM-2).
    boundaryEvents: ['hand_dealt'],
  },
  setup,
  players: (s) => s.players,
  phase: phaseOf,
  actionCount: (s) => s.actions,
  describeTurn,
  toAct,
  legalActions,
  applyInPlace,
  clone: cloneState,
  isOver: (s) => s.phase === PHASE_OVER,
  result: (s) => (s.phase === PHASE_OVER ? rankByScore(Array.from(s.totals)) : null),
  view,
  determinize,
  formatAction,
  parseAction,
  serialize,
  deserialize,
  cards,
  hiddenCards,
  candidateActions: (s) => candidateActions(handSizeOf(s)),
  verify,
  maxActions: (s) => s.handSizes.reduce((a, h) => a + (h + 1) * s.players, 0),
};
