export { match } from './game.ts';
export type { MatchState } from './state.ts';
export * from './types.ts';
export * as matchCards from './cards.ts';
export { determinize as matchDeterminize } from './knowledge.ts';
