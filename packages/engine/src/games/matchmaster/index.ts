export { matchmaster } from './game.ts';
export type { MatchMasterAction } from './game.ts';
export type { MatchMasterState } from './state.ts';
export * as matchmasterCards from './cards.ts';
export * as matchmasterRules from './rules.ts';
export { inferAllowed as matchmasterInferAllowed } from './knowledge.ts';
