/**
 * An analysis as worker requests: plain data in, plain data out. A finished game's record is
 * public (every card has been played or may be shown in its replay), so the request carries the
 * record itself; what each decision's values may use is still only the seat's view (driver.ts).
 * A host that must keep bot moves first asks for one decision per request (`only`), so a move
 * request waits at most one decision, then for the whole with the decisions `given`.
 */
import type { GameRecord } from '@matchbox/engine';
import type { StopSignal } from '../types.ts';
import type { AnalyseOptions } from './driver.ts';
import { analyseRecord } from './driver.ts';
import type { GameAnalysis } from './types.ts';

export interface AnalyseRequest {
  readonly kind: 'analyse';
  readonly id?: number;
  readonly record: GameRecord;
  readonly options: Omit<AnalyseOptions, 'onProgress' | 'signal'>;
  /** A shared flag the host sets to stop the analysis (see `sharedStopSignal`). */
  readonly stop?: SharedArrayBuffer;
}

export type AnalyseAnswer =
  | { readonly id?: number; readonly ok: true; readonly analysis: GameAnalysis }
  | { readonly id?: number; readonly ok: false; readonly error: { code: string; message: string } };

/** Answers an analysis request. Never throws: bad requests are answers with a code. */
export function answerAnalyseRequest(request: AnalyseRequest, signal?: StopSignal): AnalyseAnswer {
  const id = typeof request.id === 'number' ? request.id : undefined;
  const tag = id !== undefined ? { id } : {};
  if (typeof request.options !== 'object' || request.options === null)
    return {
      ...tag,
      ok: false,
      error: { code: 'bad_request', message: 'An analysis request needs options.' },
    };
  try {
    const r = analyseRecord(request.record, { ...request.options, ...(signal ? { signal } : {}) });
    return r.ok ? { ...tag, ok: true, analysis: r.value } : { ...tag, ok: false, error: r.error };
  } catch (e) {
    return {
      ...tag,
      ok: false,
      error: { code: 'analysis_error', message: e instanceof Error ? e.message : String(e) },
    };
  }
}
