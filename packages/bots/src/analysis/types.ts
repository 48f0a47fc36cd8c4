/**
 * The vocabulary of a game's analysis: every decision of a seat valued from what that seat could
 * know at the time (fair), and what hindsight shows with every card open (kept apart).
 */
import type { Seat } from '@matchbox/engine';

/** How a decision compares to the best one the analysis found. */
export const VERDICTS = ['best', 'good', 'inaccuracy', 'mistake', 'blunder'] as const;
export type Verdict = (typeof VERDICTS)[number];

/**
 * What the values of a game's analysis count: a name its analyser declares (`GameAnalyser.units`,
 * e.g. MatchMaster's `hand-points`). How it is shown and its words are the game's own: the web's
 * game plugin (`analysisUnits`, words in the game's namespace) and the terminal's (`analysisUnits`).
 */
export type AnalysisUnit = string;

/**
 * The least expected loss (in the game's unit) for each verdict. A loss is only counted when it
 * also exceeds two standard errors: noise of the estimate is never called a mistake.
 */
export interface Thresholds {
  readonly inaccuracy: number;
  readonly mistake: number;
  readonly blunder: number;
}

/** One candidate action at a decision: its value estimated from the seat's information set. */
export interface CandidateValue {
  /** The action in the game's notation. */
  readonly action: string;
  /** Expected value in the analysis unit (e.g. expected points of the hand). */
  readonly value: number;
  /** Standard error of `value` over the determinizations (0: exact). */
  readonly se: number;
  /** Determinizations (search iterations or solved worlds) behind the value. */
  readonly samples: number;
}

export interface DecisionAnalysis {
  /** Index of the move in the record (0-based); the replay shows it as step `move + 1`. */
  readonly move: number;
  readonly seat: Seat;
  /** The part of the game it belongs to, 0-based (MatchMaster: the hand; MATCH!, MATCHET: the round). */
  readonly part: number;
  /** The action taken, in the game's notation. */
  readonly taken: string;
  /** The best action found. */
  readonly best: string;
  /** Every candidate considered (always including the one taken), best first. */
  readonly candidates: readonly CandidateValue[];
  /** Expected loss of the action taken against the best, never below 0, and its standard error. */
  readonly loss: number;
  readonly lossSe: number;
  readonly verdict: Verdict;
  /** How the values were found: a search from the seat's determinizations, or exactly per world. */
  readonly method: 'search' | 'exact-worlds' | 'exact';
  /** The seat's expected score for the graph (see `GameAnalysis.scoreLabel`). */
  readonly expectedScore: number;
}

export interface PlayerSummary {
  readonly seat: Seat;
  /** Decisions with a choice (forced moves are not decisions). */
  readonly decisions: number;
  readonly averageLoss: number;
  readonly inaccuracies: number;
  readonly mistakes: number;
  readonly blunders: number;
  /** The three decisions that lost the most (moves, biggest loss first); fewer when fewer lost anything. */
  readonly keyMoments: readonly number[];
  /** The expected-score series for the graph: one point per decision, then the final score. */
  readonly series: ReadonlyArray<{ readonly move: number; readonly score: number }>;
  readonly finalScore: number;
}

/**
 * Hindsight, every card open, of its game's own kind: each game's analysis declares its shape
 * (games/<game>/analysis.ts, e.g. `MatchMasterHindsightReport`), and the web's and the terminal's
 * game plugins check and word it. No shared type names a game's hindsight.
 */
export interface Hindsight {
  readonly kind: string;
}

export interface GameAnalysis {
  readonly format: 1;
  readonly game: string;
  readonly players: number;
  /** The seats analysed. */
  readonly seats: readonly Seat[];
  readonly unit: AnalysisUnit;
  readonly thresholds: Thresholds;
  /** What the series of `PlayerSummary` shows. */
  readonly scoreLabel: 'expected-score';
  /** Search iterations per decision (spread over the candidates). */
  readonly budget: number;
  readonly seed: string;
  /** Moves analysed: the whole record, or up to the end of a finished hand of a game in progress. */
  readonly moves: number;
  /** The moves that are decisions of the seats analysed (every one is valued in a whole analysis). */
  readonly decisionMoves: readonly number[];
  readonly decisions: readonly DecisionAnalysis[];
  readonly summaries: readonly PlayerSummary[];
  /** Hindsight, every card open: never part of a verdict. */
  readonly hindsight: Hindsight | null;
}
