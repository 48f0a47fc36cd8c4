/**
 * @matchbox/bots: bots for the matchbox games, from random to expert, playing from a seat's view.
 */
export * from './types.ts';
export { RandomBot, FunctionBot, SearchBot } from './base.ts';
export type { GameBotFactory, SearchBotSpec } from './base.ts';
export { createBot } from './levels.ts';
export { ismcts, genericAdapter, randomPolicy } from './ismcts.ts';
export type { SearchAdapter, SearchOptions, SearchResult, RootStat } from './ismcts.ts';
export { contextFor, decide, playGame } from './runner.ts';
export type { PlayedGame, PlayOptions } from './runner.ts';
export { runArena, formatArena, estimate } from './arena.ts';
export type { ArenaConfig, ArenaReport, EntrantReport, Estimate } from './arena.ts';
export { benchBots } from './bench.ts';
export type { BotBenchFigure } from './bench.ts';
export { hint } from './hint.ts';
export type { HintInput, HintOptions } from './hint.ts';
