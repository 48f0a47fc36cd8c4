export { match } from './game';
export type { MatchAction } from './game';
export type { MatchState } from './state';
export * as matchCards from './cards';
export { determinize as matchDeterminize } from './knowledge';
