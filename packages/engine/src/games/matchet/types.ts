/**
 * MATCHET's vocabulary: the action, the view each seat receives and the events, as plain JSON
 * types that cross the wire (a server sends them, a UI renders them). Tiles appear as id tokens
 * (`T01`..`T36`); `MatchetView.tileSides` gives the sides of every tile a view names.
 */
import type { Seat, Viewer } from '../../contract.ts';

/** The three ways to play (option `mode`): multiplayer, Solitaire A (MT-9), Solitaire B (MT-10). */
export const MATCHET_MODES = ['multi', 'reserve', 'stacks'] as const;
export type MatchetMode = (typeof MATCHET_MODES)[number];

/**
 * The phases: `start` while the first tile of a round (multiplayer) or of Solitaire B is to be
 * laid on (0, 0); `play` while tiles are placed; `over` once the game has ended.
 */
export const MATCHET_PHASES = ['start', 'play', 'over'] as const;
export type MatchetPhase = (typeof MATCHET_PHASES)[number];

/** The one action: lay a tile on a cell, turned so that its red side faces `red`. */
export interface MatchetAction {
  readonly type: 'place';
  /** Tile id token, e.g. "T05". */
  readonly tile: string;
  readonly row: number;
  readonly col: number;
  /** The direction the tile's red side faces: R, B, L on an upward cell; T, R, L on a downward one. */
  readonly red: string;
}

/** A cell of the board: rows grow downwards, columns to the right; (0, 0) is the first tile's. */
export interface MatchetCell {
  readonly row: number;
  readonly col: number;
}

/** A tile on the board, in the order the tiles were placed. */
export interface MatchetBoardTile {
  /** The tile's id token. */
  readonly tile: string;
  readonly row: number;
  readonly col: number;
  /** True on an upward cell (row + col even), false on a downward one. */
  readonly up: boolean;
  /** The direction its red side faces (as in `MatchetAction.red`). */
  readonly red: string;
  /** Its three sides by the direction each faces, e.g. `{ "R": "B9", "B": "R9", "L": "Y9" }`. */
  readonly sides: Readonly<Record<string, string>>;
  /** The seat that placed it (0 in the solitaires). */
  readonly seat: Seat;
  /** The points its multiple joins scored when it was placed (MT-2). */
  readonly points: number;
}

/** One finished round of the multiplayer game. */
export interface MatchetRoundSummary {
  /** 1-based round number. */
  readonly round: number;
  /** The seat that played out (MT-7), or null when the round was blocked. */
  readonly winner: Seat | null;
  /** Each seat's points in that round (joins scored, minus 5 per tile left when someone went out). */
  readonly points: readonly number[];
}

/** A stack of Solitaire B, dealt face up (MT-10, matchbox ruling MT-X5). */
export interface MatchetStackView {
  /** Tiles left in the stack, counting the top. */
  readonly height: number;
  /** The top tile, or null when the stack is empty. */
  readonly top: string | null;
  /** The tiles under the top, from the top down. */
  readonly beneath: readonly string[];
}

/**
 * What a seat (or a spectator) sees. Nothing in MATCHET is secret from one seat only: every tile
 * in front of a player is public (MT-4), the reserve and the stacks lie face up; only the pool is
 * hidden, from everybody. Fields marked "multi", "solitaires", "reserve" or "stacks" are present
 * only in that mode.
 */
export interface MatchetView {
  readonly game: 'matchet';
  readonly mode: MatchetMode;
  /** The number of seats (1 in the solitaires). */
  readonly players: number;
  /** Who this view is for: a seat, or null for a spectator. */
  readonly viewer: Viewer;
  readonly phase: MatchetPhase;
  /** The seats to act now (at most one; empty when the game is over). */
  readonly toAct: readonly Seat[];
  /** Whose turn it is, or how the game ended, in words (as `describeTurn`). */
  readonly turn: string;
  /** The tiles on the board, in the order they were placed (this round's in multiplayer). */
  readonly board: readonly MatchetBoardTile[];
  /** The cell of the last tile placed, which the next normal play must join (MT-3, MT-6). */
  readonly last: MatchetCell | null;
  /** The number of tiles in the set. */
  readonly tileCount: number;
  /**
   * Once the game is over: the winning seats (multi: the highest total, ties share; solitaires:
   * `[0]` when won, `[]` when lost). Null while the game goes on.
   */
  readonly winners: readonly Seat[] | null;
  /** multi: the current round, 1-based. */
  readonly round?: number;
  /** multi: the number of rounds in the game (MT-8). */
  readonly rounds?: number;
  /** multi: the round's first seat, which moves one along each round (MT-8). */
  readonly firstSeat?: Seat;
  /** multi: the tiles in front of each seat, face up for everyone (MT-4), by seat, ascending. */
  readonly hands?: readonly (readonly string[])[];
  /** multi and reserve: how many tiles are left in the face-down pool. */
  readonly pool?: number;
  /** multi: passes in a row since the last placement (MT-7: when it reaches `players`, blocked). */
  readonly passes?: number;
  /** multi: each seat's total over the rounds so far. */
  readonly totals?: readonly number[];
  /** multi: the finished rounds. */
  readonly history?: readonly MatchetRoundSummary[];
  /** solitaires: tiles placed so far (the solitaire's score; all of them = won). */
  readonly placed?: number;
  /** solitaires: the points of the multiple joins made so far. */
  readonly points?: number;
  /** solitaires: `won` or `lost` once over, null while the game goes on. */
  readonly outcome?: 'won' | 'lost' | null;
  /** reserve: the tile to place now (just drawn, or the reserve's top), null when over. */
  readonly current?: string | null;
  /** reserve: whether `current` is the top of the reserve (else it was just drawn). */
  readonly fromReserve?: boolean;
  /** reserve: the face-up reserve, bottom first, without `current` when that is its top. */
  readonly reserve?: readonly string[];
  /** reserve: the reserve's size, counting `current` when that is its top. */
  readonly reserveSize?: number;
  /** stacks: the six stacks, in order. */
  readonly stacks?: readonly MatchetStackView[];
  /** The sides of every tile this view names, clockwise from red, e.g. `{ "T05": "R1Y4B5" }`. */
  readonly tileSides: Readonly<Record<string, string>>;
}

/**
 * What happened, one event per happening. Nothing is secret from one seat only, so every event is
 * public (`GameEvent.all`). The events that reveal a tile (`reveals: true`) are `deal`, `stacks`
 * and `draw`/`reserve` (a tile drawn from the face-down pool is laid face up); the shuffles carry
 * their outcome (`chance`) on `deal`, `shuffle` and `stacks`.
 */
export type MatchetEvent =
  /**
   * multi: a round was dealt (at setup, and after each round but the last): five tiles to each
   * seat, face up (MT-4); `starter` holds the highest tile sum and lays the first tile.
   */
  | {
      readonly type: 'deal';
      readonly round: number;
      readonly firstSeat: Seat;
      readonly starter: Seat;
      readonly hands: readonly (readonly string[])[];
      readonly pool: number;
    }
  /** reserve: the tiles were shuffled face down into the pool (at setup). */
  | { readonly type: 'shuffle'; readonly pool: number }
  /** stacks: the tiles were dealt into six face-up stacks (at setup), each listed from its top down. */
  | { readonly type: 'stacks'; readonly stacks: readonly (readonly string[])[] }
  /**
   * A tile was drawn from the pool and laid face up: in front of `seat` (multi, MT-5), or as the
   * tile to place (reserve, MT-9). `pool` is what is left.
   */
  | { readonly type: 'draw'; readonly seat: Seat; readonly tile: string; readonly pool: number }
  /** reserve: a drawn tile that cannot be played went onto the face-up reserve (MT-9). */
  | { readonly type: 'reserve'; readonly seat: Seat; readonly tile: string; readonly pool: number }
  /**
   * A tile was placed: by a seat's action, or automatically (the first tile of Solitaire A).
   * `exceptional`: it touches two or three tiles (MT-3).
   */
  | {
      readonly type: 'place';
      readonly seat: Seat;
      readonly tile: string;
      readonly row: number;
      readonly col: number;
      readonly red: string;
      readonly points: number;
      readonly exceptional: boolean;
    }
  /** multi: `seat` could not play and could draw no further, and passed (MT-5, automatic). */
  | { readonly type: 'pass'; readonly seat: Seat }
  /** multi: a round ended; `winner` played out, or null when blocked (MT-7). */
  | {
      readonly type: 'round_end';
      readonly round: number;
      readonly winner: Seat | null;
      readonly points: readonly number[];
      readonly totals: readonly number[];
    }
  /**
   * The game ended. `scores`, `winners` and `solo` are those of `GameResult`: the totals in
   * multiplayer; in a solitaire the tiles placed, `[0]` or `[]`, and won or lost.
   */
  | {
      readonly type: 'game_over';
      readonly scores: readonly number[];
      readonly winners: readonly Seat[];
      readonly solo: { readonly won: boolean; readonly score: number } | null;
    };

export type MatchetEventType = MatchetEvent['type'];
