/**
 * @matchbox/bots: bots for the matchbox games, from random to expert, playing from a seat's view.
 * The worker thread's host (`BotWorker`, node only) is in worker-host.ts, its entry in worker.ts.
 */
export * from './types.ts';
export { RandomBot, FunctionBot, SearchBot, searchOptions } from './base.ts';
export type { GameBotFactory, SearchBotSpec } from './base.ts';
export { createBot, createBotFromSpec, parseBotSpec } from './levels.ts';
export type { BotSpec } from './levels.ts';
export { ismcts, genericAdapter, randomPolicy, applyChecked, SearchBug } from './ismcts.ts';
export type { SearchAdapter, SearchOptions, SearchResult, RootStat } from './ismcts.ts';
export { contextFor, decide, playGame } from './runner.ts';
export type { DecisionExtras, PlayedGame, PlayOptions, SearchCounts } from './runner.ts';
export { samplerData, samplerFrom } from './sampler.ts';
export type { Sampler, SamplerData } from './sampler.ts';
export { answerBotRequest, answerHintRequest, botRequest, hintRequest, sharedStopSignal } from './remote.ts';
export type { BotAnswer, BotRequest, HintAnswer, HintRequest } from './remote.ts';
export { hint } from './hint.ts';
export type { HintInput, HintOptions } from './hint.ts';
