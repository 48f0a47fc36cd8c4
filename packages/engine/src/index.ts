/**
 * @matchbox/engine: pure rules engines for the matchbox games, behind one contract.
 */
export * from './contract';
export { Rng } from './rng';
export { resolveOptions, parseOptionText } from './options';
export { rankByScore } from './ranking';
export * from './session';
export { GAMES, getGame, gameIds } from './registry';
export * from './games/matchmaster';
export * from './games/match';
export * from './games/matchet';
export * from './games/sweet16';
