/**
 * @matchbox/engine: pure rules engines for the matchbox games, behind one contract.
 */
export * from './contract.ts';
export * from './errors.ts';
export { Rng } from './rng.ts';
export { KEYED_CHANCE_OPTION, resolveOptions, parseOptionText, checkSetupConfig } from './options.ts';
export { rankByScore } from './ranking.ts';
export * from './session.ts';
export * from './referee.ts';
export * from './record-text.ts';
export { GAMES, getGame, gameIds } from './registry.ts';
export * from './games/matchmaster/index.ts';
export * from './games/match/index.ts';
export * from './games/matchet/index.ts';
export * from './games/sweet16/index.ts';
export type { SaveMigration } from './saves.ts';
