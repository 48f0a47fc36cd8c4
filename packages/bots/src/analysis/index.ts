/** The analysis of finished games: every decision valued from the seat's information (driver.ts). */
// Each game's analyser registers itself.
import './matchmaster.ts';

export * from './types.ts';
export { analyseDecision, analyseRecord, analyserFor, finishedMoves, verdictOf } from './driver.ts';
export type { AnalyseOptions, AnalysisError, AnalysisResult, GameAnalyser } from './driver.ts';
export { MATCHMASTER_ANALYSIS_BUDGET, MATCHMASTER_THRESHOLDS } from './matchmaster.ts';
