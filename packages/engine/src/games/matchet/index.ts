export { matchet } from './game';
export type { MatchetAction } from './game';
export type { MatchetState } from './state';
export * as matchetTiles from './tiles';
export * as matchetBoard from './board';
export { solveMatchet } from './solver';
export type { SolveResult, SolveOptions, SolveStatus } from './solver';
