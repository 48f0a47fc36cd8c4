/**
 * Sweet16's state: typed arrays over grid positions and cards, so that clone and apply stay cheap.
 */
import type { GameResult } from '../../contract.ts';
import { rankByScore } from '../../ranking.ts';
import type { Rng } from '../../rng.ts';
import type { GridShape } from './cards.ts';
import { BASE_GRID, CARD_COUNT, DUEL_GRID, JOKER_1, rankOf } from './cards.ts';
import type { Sweet16Phase } from './types.ts';
import { SWEET16_PHASES } from './types.ts';

export const MODE_BASE = 0;
export const MODE_DUEL = 1;
export type Mode = typeof MODE_BASE | typeof MODE_DUEL;
export const MODE_NAMES = ['base', 'duel'] as const;

/** Phases: who decides what next. All are single-seat (the seat `toPlay`). */
export const PH_FLIP = 0; // base: flip a face-down card, or stop with a clique
export const PH_JOKER = 1; // base: declare the value of the Joker just flipped (S16-4)
export const PH_BACK = 2; // base: choose the card to put back (S16-6 A)
export const PH_ACTIVATE = 3; // choose a card to activate, or skip (S16-6 B, S16-10)
export const PH_CLUB = 4; // choose a diamond to steal, or skip
export const PH_HEART = 5; // base: look at a face-down card (heart chain)
export const PH_SPADE = 6; // base: look at up to three face-down cards
export const PH_TRYST = 7; // duel: declare a tryst in one of your lines, or pass
export const PH_TAKE = 8; // duel: take one more heart from the grid
export const PH_BURY = 9; // duel: bury grid cards
export const PH_OVER = 10;
export type Phase = number;
/** Phase number -> name. */
export const PHASE_NAMES: readonly Sweet16Phase[] = SWEET16_PHASES;

/** Where a card is: a grid position (0..63) or one of these places. */
export const P_PILE = 64; // + seat: face-down score pile
export const P_DIAMOND = 72; // + seat: face-up diamonds beside the pile
export const P_ACTIVE = 80; // the card being activated, face up, until its power resolves
export const P_OUT = 81; // duel: the cards left over after the 7 x 7 deal (never seen)
export const P_BURIED = 82; // duel: removed from the game by a spade (seen by all)
export const P_NONE = 83; // duel: the Jokers are not part of the game

export const SET_NONE = 0;
export const SET_CLIQUE = 1; // your own clique, scored at the start of your turn
export const SET_TRYST = 2;

export const MAX_SET = 16;

export interface Sweet16State {
  readonly mode: Mode;
  readonly players: number;
  readonly memoryAid: boolean;
  /** Matchbox ruling S16-X3: the game ends after this many turns at the latest. */
  readonly turnLimit: number;
  readonly grid: GridShape;
  /** Card at each grid position, -1 for a hole. */
  readonly cells: Int8Array;
  /** 1 where the card at the position is face up. */
  readonly up: Uint8Array;
  /**
   * Per seat and position (seat * size + pos): the turn in which that seat last saw the card
   * there, -1 if never (S16-9). One more row, `players * size + pos`, is the table's public
   * record: the turn the card there was last shown to everybody (a flip, a put-back), which is
   * what a spectator has seen.
   */
  readonly seenAt: Int32Array;
  /** Public inference: the face-down card here is not a heart (a heart chain stopped on it). */
  readonly notHeart: Uint8Array;
  /** Positions the seat to play looked at privately during this turn. */
  readonly peek: Uint8Array;
  /** Where each card is: a grid position or a P_* place. */
  readonly place: Uint8Array;
  /** The declared value of each Joker while it is face up, 0 otherwise (S16-4). */
  readonly jokerValue: Int8Array;
  readonly pileCount: Int16Array;
  readonly diamondCount: Int8Array;
  phase: Phase;
  toPlay: number;
  /** Turns started so far (the first turn is turn 1). */
  turn: number;
  /** Face-down cards in the grid, and all cards in the grid. */
  downCount: number;
  gridCount: number;
  /** Positions flipped this turn, and their total. */
  readonly flipped: Int8Array;
  flipCount: number;
  flipTotal: number;
  /** The clique on the table (S16-3): its positions, owner (-1 none) and total. */
  readonly clique: Int8Array;
  cliqueCount: number;
  cliqueOwner: number;
  cliqueTotal: number;
  /** The set being scored: its positions still in the grid, and what kind of set it is. */
  readonly set: Int8Array;
  setCount: number;
  setKind: number;
  /** The position of the card put back (base) during the current scoring, -1 if not yet. */
  putBack: number;
  /** The card being activated, -1 if none. */
  active: number;
  /** Positions looked at (base) or taken/buried (duel) during the current activation; public. */
  readonly looks: Int8Array;
  lookCount: number;
  /** Looks (spade) or burials left in the current activation. */
  lookLeft: number;
  /** A clique or tryst was scored in this turn (S16-7). */
  scored: boolean;
  /** Duel: passes in a row (S16-10). */
  passes: number;
  /** Actions applied since setup (see the contract's `actionCount`). */
  actions: number;
  readonly rng: Rng;
  /** Grids in the game (matchbox ruling S16-X11; 1 unless the `grids` option asks for more). */
  readonly grids: number;
  /** Grids finished so far: the grid in play is number `gridNo + 1`. */
  gridNo: number;
  /** Each finished grid's scores per seat (S16-8), in order; replaced, never changed in place. */
  gridScores: readonly (readonly number[])[];
  /** With the `keyedChance` option: the seed each grid is laid from (`Rng.keyed(key, grid, 0)`). */
  key: string | null;
  /** Recorded grid orders still to impose on the coming grids (`SetupConfig.chance`), or null. */
  chance: readonly (readonly string[])[] | null;
  chanceAt: number;
  /**
   * Cache, not part of the game: the flip actions for the face-down cards at the start of the
   * current flipping (position order, never mutated), or null. Lose face restores exactly that set.
   */
  startActs: readonly object[] | null;
  /** Cache: some position has its peek flag set. */
  peeked: boolean;
}

export const gridOf = (mode: Mode): GridShape => (mode === MODE_DUEL ? DUEL_GRID : BASE_GRID);

/** A card's value in the grid (S16-5): its rank, a Joker its declared value. */
export const valueOf = (s: Sweet16State, card: number): number =>
  card >= JOKER_1 ? s.jokerValue[card - JOKER_1]! : rankOf(card);

export function newState(
  mode: Mode,
  players: number,
  memoryAid: boolean,
  turnLimit: number,
  rng: Rng,
  grids = 1,
): Sweet16State {
  const grid = gridOf(mode);
  return {
    mode,
    players,
    memoryAid,
    turnLimit,
    grid,
    cells: new Int8Array(grid.size).fill(-1),
    up: new Uint8Array(grid.size),
    seenAt: new Int32Array((players + 1) * grid.size).fill(-1),
    notHeart: new Uint8Array(grid.size),
    peek: new Uint8Array(grid.size),
    place: new Uint8Array(CARD_COUNT),
    jokerValue: new Int8Array(2),
    pileCount: new Int16Array(players),
    diamondCount: new Int8Array(players),
    phase: mode === MODE_DUEL ? PH_TRYST : PH_FLIP,
    toPlay: 0,
    turn: 1,
    downCount: 0,
    gridCount: 0,
    flipped: new Int8Array(MAX_SET),
    flipCount: 0,
    flipTotal: 0,
    clique: new Int8Array(MAX_SET),
    cliqueCount: 0,
    cliqueOwner: -1,
    cliqueTotal: 0,
    set: new Int8Array(MAX_SET),
    setCount: 0,
    setKind: SET_NONE,
    putBack: -1,
    active: -1,
    looks: new Int8Array(64),
    lookCount: 0,
    lookLeft: 0,
    scored: false,
    passes: 0,
    actions: 0,
    rng,
    grids,
    gridNo: 0,
    gridScores: [],
    key: null,
    chance: null,
    chanceAt: 0,
    startActs: null,
    peeked: false,
  };
}

export function cloneState(s: Sweet16State): Sweet16State {
  return {
    mode: s.mode,
    players: s.players,
    memoryAid: s.memoryAid,
    turnLimit: s.turnLimit,
    grid: s.grid,
    cells: s.cells.slice(),
    up: s.up.slice(),
    seenAt: s.seenAt.slice(),
    notHeart: s.notHeart.slice(),
    peek: s.peek.slice(),
    place: s.place.slice(),
    jokerValue: s.jokerValue.slice(),
    pileCount: s.pileCount.slice(),
    diamondCount: s.diamondCount.slice(),
    phase: s.phase,
    toPlay: s.toPlay,
    turn: s.turn,
    downCount: s.downCount,
    gridCount: s.gridCount,
    flipped: s.flipped.slice(),
    flipCount: s.flipCount,
    flipTotal: s.flipTotal,
    clique: s.clique.slice(),
    cliqueCount: s.cliqueCount,
    cliqueOwner: s.cliqueOwner,
    cliqueTotal: s.cliqueTotal,
    set: s.set.slice(),
    setCount: s.setCount,
    setKind: s.setKind,
    putBack: s.putBack,
    active: s.active,
    looks: s.looks.slice(),
    lookCount: s.lookCount,
    lookLeft: s.lookLeft,
    scored: s.scored,
    passes: s.passes,
    actions: s.actions,
    rng: s.rng.clone(),
    grids: s.grids,
    gridNo: s.gridNo,
    gridScores: s.gridScores,
    key: s.key,
    chance: s.chance,
    chanceAt: s.chanceAt,
    startActs: s.startActs,
    peeked: s.peeked,
  };
}

/** A seat's score on the grid in play (S16-8): 1 per card in the score pile, 3 per face-up diamond. */
export const gridScoreOf = (s: Sweet16State, seat: number): number =>
  s.pileCount[seat]! + 3 * s.diamondCount[seat]!;

/** A seat's score: the grid in play's, plus every finished grid's (S16-X11). */
export function scoreOf(s: Sweet16State, seat: number): number {
  let score = gridScoreOf(s, seat);
  for (const grid of s.gridScores) score += grid[seat]!;
  return score;
}

export function scoresOf(s: Sweet16State): number[] {
  const out: number[] = [];
  for (let seat = 0; seat < s.players; seat++) out.push(scoreOf(s, seat));
  return out;
}

/** S16-8: the highest score wins; ties go to the seat earliest in turn order from seat 0. */
export const rankSeats = (s: Sweet16State): GameResult => rankByScore(scoresOf(s), (seat) => seat);
