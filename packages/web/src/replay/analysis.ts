/**
 * A finished table's analysis from the server (docs/server.md, "Analyses"): asked for with POST,
 * followed with GET while it waits or runs. Headless: the numbers the panel draws.
 */
import type { WireError } from '@matchbox/client';
import type { DecisionAnalysis, GameAnalysis } from '@matchbox/bots/analysis';
import { ApiError } from '../api.ts';

export type { DecisionAnalysis, GameAnalysis };

/** Where a table's analysis stands (the server's `AnalysisStatus`). */
export type AnalysisStatus =
  | { readonly status: 'none' }
  | { readonly status: 'queued'; readonly position: number }
  | { readonly status: 'running'; readonly done: number; readonly total: number }
  | { readonly status: 'done'; readonly analysis: GameAnalysis }
  | { readonly status: 'failed'; readonly error: WireError };

/** GET (where it stands) or POST (start it) /api/tables/:id/analysis. */
export async function analysisOf(tableId: string, start: boolean): Promise<AnalysisStatus> {
  let response: Response;
  try {
    response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/analysis`, {
      method: start ? 'POST' : 'GET',
      ...(start ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
    });
  } catch {
    throw new ApiError('network', 'The server cannot be reached.');
  }
  const data = (await response.json().catch(() => null)) as AnalysisStatus | { error: WireError } | null;
  if (!data || 'error' in data) {
    const error = data?.error ?? { code: 'http_error', message: `HTTP ${response.status}` };
    throw new ApiError(error.code, error.message, response.status);
  }
  return data;
}

/** The decision taken at move `move` (the position of replay step `move`), if it was analysed. */
export function decisionAt(analysis: GameAnalysis, move: number): DecisionAnalysis | null {
  return analysis.decisions.find((d) => d.move === move) ?? null;
}

/** A graph's box: the series of every seat scaled into `width` x `height` with a margin. */
export interface GraphScale {
  readonly x: (move: number) => number;
  readonly y: (score: number) => number;
  readonly min: number;
  readonly max: number;
  /** The move at a horizontal position (the nearest step). */
  readonly moveAt: (x: number) => number;
}

export function graphScale(
  analysis: GameAnalysis,
  width: number,
  height: number,
  margin: { left: number; right: number; top: number; bottom: number },
): GraphScale {
  const scores = analysis.summaries.flatMap((s) => s.series.map((p) => p.score));
  let min = Math.min(0, ...scores);
  let max = Math.max(0, ...scores);
  if (max - min < 1e-9) max = min + 1;
  const pad = (max - min) * 0.05;
  min -= pad;
  max += pad;
  const moves = Math.max(1, analysis.moves);
  const w = width - margin.left - margin.right;
  const h = height - margin.top - margin.bottom;
  return {
    x: (move) => margin.left + (move / moves) * w,
    y: (score) => margin.top + (1 - (score - min) / (max - min)) * h,
    min,
    max,
    moveAt: (x) => Math.max(0, Math.min(moves, Math.round(((x - margin.left) / w) * moves))),
  };
}

/**
 * A value in the analysis unit as a short number in the reader's language (0.6, 0,6): chances as
 * percentages, points to one decimal below 10.
 */
export function formatValue(analysis: GameAnalysis, value: number, language = 'en'): string {
  const n = analysis.unit === 'win-chance' ? value * 100 : value;
  const digits = Math.abs(n) >= 10 ? 0 : 1;
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(n);
}
