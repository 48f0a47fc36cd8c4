/**
 * @matchbox/bots: bots for the matchbox games, from random to expert, playing from a seat's view.
 */
export * from './types';
export { RandomBot, FunctionBot, SearchBot } from './base';
export type { GameBotFactory, SearchBotSpec } from './base';
export { createBot } from './levels';
export { ismcts, genericAdapter, randomPolicy } from './ismcts';
export type { SearchAdapter, SearchOptions, SearchResult, RootStat } from './ismcts';
export { contextFor, decide, playGame } from './runner';
export type { PlayedGame, PlayOptions } from './runner';
export { runArena, formatArena, estimate } from './arena';
export type { ArenaConfig, ArenaReport, EntrantReport, Estimate } from './arena';
export { benchBots } from './bench';
export type { BotBenchFigure } from './bench';
export { hint } from './hint';
export type { HintInput, HintOptions } from './hint';
