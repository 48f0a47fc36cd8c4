export { matchmaster } from './game.ts';
export type {
  MatchMasterAction,
  MatchMasterBidMade,
  MatchMasterBidsRevealed,
  MatchMasterCardPlayed,
  MatchMasterEvent,
  MatchMasterGameOver,
  MatchMasterHandDealt,
  MatchMasterHandRecord,
  MatchMasterHandScored,
  MatchMasterPhase,
  MatchMasterPlayedCard,
  MatchMasterTrick,
  MatchMasterTrickWon,
  MatchMasterView,
} from './types.ts';
export { MATCHMASTER_PHASES } from './types.ts';
export type { MatchMasterState } from './state.ts';
export { copyStateInto as matchmasterCopyState } from './state.ts';
export * as matchmasterCards from './cards.ts';
export * as matchmasterRules from './rules.ts';
export { inferAllowed as matchmasterInferAllowed } from './knowledge.ts';
