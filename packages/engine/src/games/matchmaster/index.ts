export { matchmaster } from './game';
export type { MatchMasterAction } from './game';
export type { MatchMasterState } from './state';
export * as matchmasterCards from './cards';
export * as matchmasterRules from './rules';
export { inferAllowed as matchmasterInferAllowed } from './knowledge';
