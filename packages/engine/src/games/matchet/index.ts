export { matchet } from './game.ts';
export type {
  MatchetAction,
  MatchetBoardTile,
  MatchetCell,
  MatchetEvent,
  MatchetEventType,
  MatchetMode,
  MatchetPhase,
  MatchetRoundSummary,
  MatchetStackView,
  MatchetView,
} from './types.ts';
export { MATCHET_MODES, MATCHET_PHASES } from './types.ts';
export type { MatchetState } from './state.ts';
export * as matchetTiles from './tiles.ts';
export * as matchetBoard from './board.ts';
export { solveMatchet } from './solver.ts';
export type { SolveResult, SolveOptions, SolveStatus } from './solver.ts';
