/** The analysis of finished games: every decision valued from the seat's information (driver.ts). */

export * from './types.ts';
export { analyseDecision, analyseRecord, analyserFor, finishedMoves, verdictOf } from './driver.ts';
export type { AnalyseOptions, AnalysisError, AnalysisResult, GameAnalyser } from './driver.ts';
// Each game's analyser (games/<game>/analysis.ts) registers itself when loaded.
export * from '../games/analysers.ts';
export { answerAnalyseRequest } from './remote.ts';
export type { AnalyseAnswer, AnalyseRequest } from './remote.ts';
