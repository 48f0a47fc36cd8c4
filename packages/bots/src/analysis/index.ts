/** The analysis of finished games: every decision valued from the seat's information (driver.ts). */
// Each game's analyser registers itself.
import './matchmaster.ts';
import './match.ts';
import './matchet.ts';
import './sweet16.ts';

export * from './types.ts';
export { analyseDecision, analyseRecord, analyserFor, finishedMoves, verdictOf } from './driver.ts';
export type { AnalyseOptions, AnalysisError, AnalysisResult, GameAnalyser } from './driver.ts';
export { MATCHMASTER_ANALYSIS_BUDGET, MATCHMASTER_THRESHOLDS } from './matchmaster.ts';
export { MATCH_ANALYSIS_BUDGET, MATCH_THRESHOLDS } from './match.ts';
export { MATCHET_ANALYSIS_BUDGET, MATCHET_SOLITAIRE_THRESHOLDS, MATCHET_THRESHOLDS } from './matchet.ts';
export { SWEET16_ANALYSIS_BUDGET, SWEET16_THRESHOLDS } from './sweet16.ts';
export { answerAnalyseRequest } from './remote.ts';
export type { AnalyseAnswer, AnalyseRequest } from './remote.ts';
