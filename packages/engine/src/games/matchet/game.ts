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
 *   six face-up stacks; take a playable top from a stack with the most tiles left. A solitaire is
 *   won when every tile is placed, otherwise lost; its score is the number of tiles placed.
 *
 * The parts: setup.ts (options, the first deal), play.ts (the flow of play and its events),
 * check.ts (whether a placement is legal), actions.ts (legal actions, applying, notation), view.ts
 * (views, the turn in words, the result), knowledge.ts (what is hidden, determinize), save.ts
 * (saves and their migration), verify.ts (invariants). The vocabulary is in types.ts.
 */
import type { Game } from '../../contract.ts';
import { applyInPlace, candidateActions, formatAction, legalActions, parseAction } from './actions.ts';
import { determinize, hiddenCards } from './knowledge.ts';
import { deserialize, serialize } from './save.ts';
import { OPTIONS, setup } from './setup.ts';
import type { MatchetState } from './state.ts';
import { PHASE_OVER, cloneState } from './state.ts';
import type { MatchetAction, MatchetEvent, MatchetPhase, MatchetView } from './types.ts';
import { cards, verify } from './verify.ts';
import { describeTurn, phaseName, result, toAct, view } from './view.ts';

export const matchet: Game<MatchetState, MatchetAction, MatchetView, MatchetEvent, MatchetPhase> = {
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
    // A seat may change occupant when a new round is dealt (MT-8).
    boundaryEvents: ['deal'],
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
