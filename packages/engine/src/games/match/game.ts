/**
 * MATCH! on the engine contract.
 *
 * Rules in brief (our words; sheet 002 and rulings MA-1..MA-12):
 * - 64 cards: values 0..5 in red, yellow, green, blue and purple, two of each, and 4 wildcards
 *   (MA-1). 2-8 players (MA-2).
 * - Each round: shuffle everything, deal 5 cards each, turn one up as the discard pile; a wildcard
 *   turned up goes back and the deck is reshuffled (MA-3).
 * - The target is the top of the pile, or the card declared with a wildcard on top (MA-4, MA-7).
 *   A card matches it with the same colour or the same number; a wildcard matches anything.
 * - On your turn either discard one matching card from your hand or from the top of one of your
 *   collection stacks (no draw), or put one non-matching card from your hand on the stack of its
 *   colour and draw (MA-5). Wildcards are only ever discarded from hand, with a declaration.
 * - If a stack top of yours matches the target, you may not collect (MA-6).
 * - An empty deck is refilled from the discard pile under its top; if there is nothing to refill
 *   it with, a Collect draws nothing (MA-8).
 * - The round ends when the mover's hand is empty (MA-9). Everyone scores all collected cards
 *   minus the cards in hand, a wildcard counting 10 (MA-10). At 50 points (option `target`) the
 *   game ends and the highest total wins, ties shared; otherwise whoever ended the round starts
 *   the next (MA-11). Hands and deck are hidden, everything else is public (MA-12).
 * - Matchbox ruling MA-X1: safety caps on turns per round and rounds per game (see play.ts).
 *
 * Where things are: types.ts the public vocabulary (actions, view, events, phases), cards.ts the
 * cards, state.ts the state, setup.ts a new game, deal.ts the shuffles and their recorded chance
 * outcomes, play.ts the turns and scoring, actions.ts legal actions, applying and notation,
 * view.ts what a seat sees, knowledge.ts what a seat knows (determinize, the history check),
 * serialize.ts saves, verify.ts the invariants.
 */
import type { Game } from '../../contract.ts';
import { rankByScore } from '../../ranking.ts';
import { applyInPlace, candidateActions, formatAction, legalActions, parseAction, toAct } from './actions.ts';
import { determinize } from './knowledge.ts';
import { MAX_ROUNDS, MAX_TURNS } from './play.ts';
import { deserialize, serialize } from './serialize.ts';
import { MAX_PLAYERS, MIN_PLAYERS, OPTIONS, setup } from './setup.ts';
import type { MatchState } from './state.ts';
import { PHASE_OVER, cloneState } from './state.ts';
import type { MatchAction, MatchEvent, MatchPhase, MatchView } from './types.ts';
import { describeTurn, phaseName, view } from './view.ts';
import { cards, hiddenCards, verify } from './verify.ts';

export const match: Game<MatchState, MatchAction, MatchView, MatchEvent, MatchPhase> = {
  meta: {
    id: 'match',
    name: 'MATCH!',
    minPlayers: MIN_PLAYERS,
    maxPlayers: MAX_PLAYERS,
    defaultPlayers: 4,
    options: OPTIONS,
    hiddenInformation: true,
    simultaneous: false,
    summary: 'Shed cards onto the pile or collect the ones that do not match; first to 50 points.',
    notation:
      'Cards: colour + value, colours r (red), y (yellow), g (green), b (blue), p (purple), values 0..5 (r3, p0), wildcard W. ' +
      'Actions: "discard r3" (from hand), "discard stack:b" (top of your blue stack), "collect g5", "wild r3" (wildcard declaring red 3).',
    // A seat may change occupant when a new round is dealt (MA-11).
    boundaryEvents: ['round_dealt'],
  },
  setup,
  players: (s) => s.players,
  phase: phaseName,
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
  candidateActions,
  verify,
  maxActions: () => MAX_TURNS * MAX_ROUNDS,
};
