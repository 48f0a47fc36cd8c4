/**
 * Sweet16: Matchmaker on the engine contract.
 *
 * Rules in brief (our words; sheet 003 and rulings S16-1..S16-10, matchbox rulings S16-X1..X11 in
 * docs/rules/sweet16.md):
 * - 2-5 players, 54 cards (A=1 .. K=13 in four suits, two Jokers) face down in a 9 x 6 grid; a
 *   card keeps its position until it leaves the grid (S16-1).
 * - A turn: if the clique on the table is yours, score it; then flip face-down cards one by one.
 *   Over 16: lose face, the cards go back face down. Exactly 16: a tryst, scored at once, after
 *   which any clique on the table turns face down. Below 16 with 2+ cards and beating the clique
 *   on the table: you may stop and leave your cards as the new clique (S16-2, S16-3).
 * - A flipped Joker is declared 1..13 at once; it is never activated (S16-4, S16-5).
 * - Scoring a set: put one card back face down in place, optionally activate another (diamond:
 *   face up, worth 3; club: steal an opponent's diamond of no higher value; heart: a chain of
 *   private looks collecting hearts; spade: three private looks), the rest go to your face-down
 *   pile (S16-6).
 * - The game ends after a turn in which a set was scored and fewer than 13 cards remain in the
 *   grid, or after a turn after which no two grid cards total 16 or less (S16-7). 1 point per pile
 *   card, 3 per face-up diamond; ties go to the earliest seat (S16-8).
 * - A memory game: views show what is face up; seats' sightings are recorded, and the optional
 *   memory aid shows a seat what it has seen (S16-9).
 * - Option mode=duel: the experimental 2-player variant of S16-10 (see duel.ts).
 * - Option grids (matchbox ruling S16-X11): several grids in a row, laid afresh each time, the
 *   scores added up (see grids.ts).
 *
 * The modules: types.ts the public vocabulary (actions, phases, view, events), setup.ts options
 * and setup, grids.ts laying grids, play.ts the base turn, duel.ts the variant, apply.ts and
 * legal.ts the moves, view.ts what a viewer sees, knowledge.ts memory and the determiniser,
 * serialize.ts saves, verify.ts the invariants. This file assembles the contract object.
 */
import type { Game } from '../../contract.ts';
import { formatAction, parseAction } from './actions.ts';
import { CARD_NAMES } from './cards.ts';
import { applyInPlace } from './apply.ts';
import { pushTrysts } from './duel.ts';
import { determinize, hiddenCards } from './knowledge.ts';
import { candidateActions, legalActions, toAct } from './legal.ts';
import { canStop } from './play.ts';
import { deserialize, serialize } from './serialize.ts';
import { OPTIONS, setup } from './setup.ts';
import type { Sweet16State } from './state.ts';
import {
  PHASE_NAMES,
  PH_ACTIVATE,
  PH_BACK,
  PH_BURY,
  PH_CLUB,
  PH_FLIP,
  PH_HEART,
  PH_JOKER,
  PH_OVER,
  PH_SPADE,
  PH_TAKE,
  PH_TRYST,
  P_NONE,
  cloneState,
  rankSeats,
} from './state.ts';
import type { Sweet16Action, Sweet16Event, Sweet16Phase, Sweet16View } from './types.ts';
import { verify } from './verify.ts';
import { view } from './view.ts';

/** Whose turn it is and what they decide, in words. */
function describeTurn(s: Sweet16State): string {
  const who = `Seat ${s.toPlay}`;
  switch (s.phase) {
    case PH_FLIP:
      return canStop(s) ? `${who} to flip a card or stop` : `${who} to flip a card`;
    case PH_JOKER:
      return `${who} to declare the Joker's value`;
    case PH_BACK:
      return `${who} to put a card back`;
    case PH_ACTIVATE:
      return `${who} to activate a card or skip`;
    case PH_CLUB:
      return `${who} to steal a diamond or skip`;
    case PH_HEART:
      return `${who} to look at a card (heart)`;
    case PH_SPADE:
      return `${who} to look at a card (spade, ${s.lookLeft} left)`;
    case PH_TRYST:
      return pushTrysts(s, s.toPlay, null) > 0 ? `${who} to score a tryst` : `${who} to pass`;
    case PH_TAKE:
      return `${who} to take a heart`;
    case PH_BURY:
      return `${who} to bury a card`;
    default:
      return 'Game over';
  }
}

/** Every card in play wherever it lies (54 in the base game, 52 in the duel). */
function cards(s: Sweet16State): string[] {
  const out: string[] = [];
  for (let c = 0; c < s.place.length; c++) if (s.place[c] !== P_NONE) out.push(CARD_NAMES[c]!);
  return out;
}

export const sweet16: Game<Sweet16State, Sweet16Action, Sweet16View, Sweet16Event, Sweet16Phase> = {
  meta: {
    id: 'sweet16',
    name: 'Sweet16: Matchmaker',
    minPlayers: 2,
    maxPlayers: 5,
    defaultPlayers: 3,
    options: OPTIONS,
    hiddenInformation: true,
    simultaneous: false,
    summary:
      'A memory game: flip grid cards towards exactly 16 for a tryst, or stop lower for a clique; suits give powers. Option mode=duel: experimental 2-player variant.',
    notation:
      'Cards: rank then suit, ranks A 2..10 J Q K, suits C D H S (AH, 10D, QS), Jokers X1 X2. Positions: column letter + row, A1..I6 (duel A1..G7). Actions: flip B3, joker 7, stop, back B3, activate B3, skip, steal 7D, look B3; duel: tryst A3 C3 F3, take B5, bury B5, pass.',
    // A seat may change occupant when a turn begins: the game has no hands or rounds.
    boundaryEvents: ['turn'],
  },
  setup,
  players: (s) => s.players,
  phase: (s) => PHASE_NAMES[s.phase]!,
  actionCount: (s) => s.actions,
  describeTurn,
  toAct,
  legalActions,
  applyInPlace,
  clone: cloneState,
  isOver: (s) => s.phase === PH_OVER,
  /** S16-8: highest score wins; ties go to the seat earliest in turn order from seat 0. */
  result: (s) => (s.phase === PH_OVER ? rankSeats(s) : null),
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
  // Per turn at most: clique scoring (back, activate, club, 14 heart looks) + 11 flips, 2
  // declarations and a stop + a tryst's scoring again: 50 is a safe bound.
  maxActions: (s) => s.turnLimit * 50 + 10,
};
