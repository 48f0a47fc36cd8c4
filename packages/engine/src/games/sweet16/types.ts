/**
 * Sweet16's public vocabulary: its actions, phases, the typed view a seat receives and the events
 * of a game. Everything here is plain JSON that crosses the wire as it is; cards are notation
 * strings (`AH`, `10D`, `QS`, Jokers `X1`, `X2`) and grid positions are names (`A1`..`I6` in the
 * base game, `A1`..`G7` in the duel). See docs/rules/sweet16.md.
 */
import type { GameEvent } from '../../contract.ts';

/** An action (text notation in parentheses; see actions.ts). */
export type Sweet16Action =
  /** Flip the face-down card at `pos` (base; `flip B3`). */
  | { readonly type: 'flip'; readonly pos: string }
  /** Declare the value 1..13 of the Joker just flipped (base, S16-4; `joker 7`). */
  | { readonly type: 'joker'; readonly value: number }
  /** Stop flipping; your cards become the clique (base, S16-2; `stop`). */
  | { readonly type: 'stop' }
  /** Put this card of the set being scored back face down (base, S16-6 A; `back B3`). */
  | { readonly type: 'back'; readonly pos: string }
  /** Activate this card of the set being scored (S16-6 B, S16-10; `activate B3`). */
  | { readonly type: 'activate'; readonly pos: string }
  /** No activation, or (club) no steal (`skip`). */
  | { readonly type: 'skip' }
  /** The activated club takes this face-up diamond of an opponent (`steal 7D`). */
  | { readonly type: 'steal'; readonly card: string }
  /** Heart or spade: look privately at the face-down card at `pos` (base; `look B3`). */
  | { readonly type: 'look'; readonly pos: string }
  /** Duel: score these cards of one of your lines, totalling 16 (S16-10; `tryst A3 C3 F3`). */
  | { readonly type: 'tryst'; readonly cells: readonly string[] }
  /** Duel heart: score this heart of the grid as well (`take B5`). */
  | { readonly type: 'take'; readonly pos: string }
  /** Duel spade: remove this grid card from the game (`bury B5`). */
  | { readonly type: 'bury'; readonly pos: string }
  /** Duel: no tryst is possible (`pass`). */
  | { readonly type: 'pass' };

/** The phases, in the order of their internal numbers (state.ts `PH_*`). */
export const SWEET16_PHASES = [
  'flip',
  'joker',
  'back',
  'activate',
  'club',
  'heart',
  'spade',
  'tryst',
  'take',
  'bury',
  'over',
] as const;

/**
 * What the seat to play decides now. Base game: `flip` (flip a card, or stop when a clique is
 * allowed), `joker` (declare the Joker just flipped), `back` (the card to put back), `activate`
 * (a card to activate, or skip), `club` (a diamond to steal, or skip), `heart` and `spade` (a
 * card to look at). Duel: `tryst` (a tryst, or pass), `activate`, `club`, `take` (a heart),
 * `bury` (a card). `over` when the game has ended.
 */
export type Sweet16Phase = (typeof SWEET16_PHASES)[number];

/** The set being scored and its activation, as every seat sees it. */
export interface Sweet16Scoring {
  /** `clique`: your own clique at the start of your turn; `tryst`: a tryst of this turn. */
  readonly kind: 'clique' | 'tryst';
  /** The set's cards still waiting face up in the grid (positions). */
  readonly cells: readonly string[];
  /** Where the put-back card went face down (base, S16-6 A), null before it is chosen. */
  readonly putBack: string | null;
  /** The card being activated (set aside face up), null when none. */
  readonly activated: string | null;
  /** Positions looked at (base heart or spade) or buried (duel spade) in this activation. */
  readonly looks: readonly string[];
  /** Looks (spade) or burials (duel spade) still due. */
  readonly left: number;
}

/** A card seen by the viewer and remembered at a face-down position (memory aid, S16-X4). */
export interface Sweet16Memory {
  readonly card: string;
  /** The turn in which the viewer last saw it there. */
  readonly turn: number;
}

/**
 * Everything one viewer may see (S16-9): a seat, or a spectator (`viewer` null). Fields marked
 * "base" are present in the base game only, "duel" in the duel only.
 */
export interface Sweet16View {
  /** Always `sweet16`. */
  readonly game: 'sweet16';
  /** `base` (S16-1..S16-9) or `duel` (the experimental 2-player variant, S16-10). */
  readonly mode: 'base' | 'duel';
  /** The number of seats, 2..5 (duel: 2). */
  readonly players: number;
  /** Whose view this is: a seat number, or null for a spectator. */
  readonly viewer: number | null;
  /** Grid size: 9 x 6 in the base game, 7 x 7 in the duel. */
  readonly cols: number;
  readonly rows: number;
  /** What the seat to play decides now (see `Sweet16Phase`). */
  readonly phase: Sweet16Phase;
  /** The current turn, from 1; every turn counts, also one that passes with nothing to flip. */
  readonly turn: number;
  /** The game ends after this turn at the latest (matchbox ruling S16-X3). */
  readonly turnLimit: number;
  /** The seat whose turn it is; null when the game is over. */
  readonly toPlay: number | null;
  /** The seats that may act now: `[toPlay]`, or empty when the game is over. */
  readonly toAct: readonly number[];
  /**
   * The grid by rows (row 1 first), each row by columns (A first): a face-up card, `"?"` for a
   * face-down card, null for a hole. Cell `grid[r][c]` is position `"ABCDEFGHI"[c] + (r + 1)`.
   */
  readonly grid: readonly (readonly (string | null)[])[];
  /** Cards in the grid, face up or down (S16-7 counts these). */
  readonly inGrid: number;
  /** base: face-down cards in the grid. */
  readonly faceDown?: number;
  /** base: positions flipped this turn, in order. */
  readonly flipped?: readonly string[];
  /** base: the total of this turn's flips (a Joker counts its declared value). */
  readonly total?: number;
  /** base: the seat to play may `stop` now and leave its cards as the clique (S16-2). */
  readonly canStop?: boolean;
  /** base: declared values of the face-up Jokers, by position (S16-4). */
  readonly jokers?: Readonly<Record<string, number>>;
  /** base: the clique on the table (S16-3): owner, positions and total; null when none. */
  readonly clique?: {
    readonly owner: number;
    readonly cells: readonly string[];
    readonly total: number;
  } | null;
  /** base and duel: the set being scored, null when nothing is being scored. */
  readonly scoring?: Sweet16Scoring | null;
  /** base: face-down positions known not to hold a heart (a heart chain stopped there, S16-6). */
  readonly notHeart?: readonly string[];
  /** base: whether the memory aid is on (S16-X4). */
  readonly memoryAid?: boolean;
  /**
   * base, seats only: the cards the viewer looked at during its own current turn, by position
   * (S16-X5); empty otherwise.
   */
  readonly peeks?: Readonly<Record<string, string>>;
  /** base, seats only, memory aid on: the face-down cards the viewer has seen, by position. */
  readonly memory?: Readonly<Record<string, Sweet16Memory>>;
  /** duel: which lines each seat plays: seat 0 the rows, seat 1 the columns. */
  readonly lines?: readonly ['rows', 'columns'];
  /** duel: passes in a row (two end the game). */
  readonly passes?: number;
  /** duel: cards buried by spades (out of the game, face up). */
  readonly buried?: readonly string[];
  /** duel: cards left out of play at the deal (3, never seen by anybody). */
  readonly outOfPlay?: number;
  /** The number of cards in each seat's face-down score pile (contents are not shown, S16-9). */
  readonly piles: readonly number[];
  /** Each seat's face-up diamonds beside its pile (3 points each). */
  readonly diamonds: readonly (readonly string[])[];
  /** Each seat's score so far (S16-8; in a game of several grids, the sum over them, S16-X11). */
  readonly scores: readonly number[];
  /** A game of several grids (S16-X11): the grid in play, from 1, of `grids`. */
  readonly gridNumber?: number;
  readonly grids?: number;
  /** A game of several grids: each finished grid's scores per seat, in order. */
  readonly gridScores?: readonly (readonly number[])[];
  /** Once the game is over: each seat's rank (1 = best; S16-8 breaks ties by seat order). */
  readonly ranks?: readonly number[];
  /** Once the game is over: the winning seat (one; S16-8 leaves no ties). */
  readonly winners?: readonly number[];
  /** Once the game is over: why (see `Sweet16End`). */
  readonly ended?: Sweet16End;
}

/**
 * Why a game of Sweet16 ended: fewer than 13 cards left in the grid after a scoring turn (S16-7),
 * no two cards left that total 16 or less (S16-7), both duel players passed in a row (S16-10), or
 * the turn limit (S16-X3).
 */
export type Sweet16End = 'few_cards' | 'no_pair' | 'both_passed' | 'turn_limit';

/**
 * What happened, one body per happening. Wrapped in a `GameEvent` that says who sees which body:
 * every event has an `all` body for everyone; a private look also has the looker's own body with
 * the card. `reveals` is set on the events that show a card nobody (or not everybody) knew: the
 * duel's face-up deal, a flip, a look and a heart found by a heart chain.
 */
export type Sweet16Event =
  /**
   * The grid was laid out, at setup or after a grid of a game of several (S16-1, S16-10,
   * S16-X11): its size and, as in views, its cells (`"?"` face down in the base game, the cards
   * in the duel). Carries the shuffle as its `chance`. In a game of several grids, `number` of `of`.
   */
  | {
      readonly type: 'grid_laid';
      readonly mode: 'base' | 'duel';
      readonly cols: number;
      readonly rows: number;
      readonly grid: readonly (readonly (string | null)[])[];
      /** Duel: cards left out of play, unseen. */
      readonly outOfPlay: number;
      readonly number?: number;
      readonly of?: number;
    }
  /**
   * Grid `grid` of a game of several ended (S16-X11): each seat's `scores` on it and its `totals`
   * over the grids so far.
   */
  | {
      readonly type: 'grid_over';
      readonly grid: number;
      readonly scores: readonly number[];
      readonly totals: readonly number[];
    }
  /** Turn `turn` begins; `seat` is to play. */
  | { readonly type: 'turn'; readonly seat: number; readonly turn: number }
  /** `seat` owns the clique on the table and scores it first (S16-2 step 1). */
  | { readonly type: 'score_clique'; readonly seat: number; readonly cells: readonly string[] }
  /** `seat` flipped the card at `pos`: everybody sees `card` (reveals). */
  | { readonly type: 'flip'; readonly seat: number; readonly pos: string; readonly card: string }
  /** `seat` declared the Joker `card` at `pos` to be worth `value` (S16-4). */
  | {
      readonly type: 'joker';
      readonly seat: number;
      readonly pos: string;
      readonly card: string;
      readonly value: number;
    }
  /** Over 16 (or nothing left to flip): this turn's flips at `cells` turn face down (S16-2). */
  | {
      readonly type: 'lose_face';
      readonly seat: number;
      readonly total: number;
      readonly cells: readonly string[];
    }
  /** Exactly 16 (base), or a duel tryst: these cards are scored (S16-2, S16-10). */
  | {
      readonly type: 'tryst';
      readonly seat: number;
      readonly cells: readonly string[];
      readonly cards: readonly string[];
    }
  /** `seat` stopped: its flips at `cells` are the clique on the table, worth `total` (S16-2). */
  | {
      readonly type: 'clique';
      readonly seat: number;
      readonly cells: readonly string[];
      readonly total: number;
    }
  /** `card` went back face down at `pos`; everybody knows it is there (S16-6 A). */
  | { readonly type: 'put_back'; readonly seat: number; readonly pos: string; readonly card: string }
  /** `card` (from `pos`) is activated (S16-6 B, S16-10). */
  | { readonly type: 'activate'; readonly seat: number; readonly pos: string; readonly card: string }
  /** No card of the set is activated. */
  | { readonly type: 'no_activation'; readonly seat: number }
  /** The club steals nothing. */
  | { readonly type: 'no_steal'; readonly seat: number }
  /** The club took `card`, a face-up diamond of seat `from`. */
  | { readonly type: 'steal'; readonly seat: number; readonly from: number; readonly card: string }
  /**
   * `seat` looked privately at the face-down card at `pos` with a heart or a spade (S16-6). The
   * looker's body has the `card`; everybody else's has only the position (reveals). A heart's look
   * that is not a heart also tells everybody that the card there is not a heart.
   */
  | {
      readonly type: 'look';
      readonly seat: number;
      readonly pos: string;
      readonly power: 'heart' | 'spade';
      readonly card?: string;
    }
  /** A heart's look found a heart at `pos`: shown to all and collected (reveals). */
  | { readonly type: 'heart_found'; readonly seat: number; readonly pos: string; readonly card: string }
  /** The set's remaining `cards` went to `seat`'s face-down score pile (S16-6 C). */
  | { readonly type: 'banked'; readonly seat: number; readonly cards: readonly string[] }
  /** After a tryst, the clique of `seat` at `cells` turned face down (S16-2). */
  | { readonly type: 'clique_dissolved'; readonly seat: number; readonly cells: readonly string[] }
  /** Duel: `seat` had no tryst and passed. */
  | { readonly type: 'pass'; readonly seat: number }
  /** Duel heart: `seat` scored the heart `card` from `pos` as well. */
  | { readonly type: 'take'; readonly seat: number; readonly pos: string; readonly card: string }
  /** Duel spade: `card` at `pos` left the game. */
  | { readonly type: 'bury'; readonly seat: number; readonly pos: string; readonly card: string }
  /** The game is over: final scores and the winner (S16-7, S16-8). */
  | { readonly type: 'game_over'; readonly scores: readonly number[]; readonly winners: readonly number[] };

/** The events list an action appends to. */
export type Sweet16Events = GameEvent<Sweet16Event>[];
