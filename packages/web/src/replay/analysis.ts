/**
 * A finished table's analysis from the server (docs/server.md, "Analyses"): asked for with POST,
 * followed with GET while it waits or runs. Headless: the numbers the panel draws.
 */
import { ticketFor } from '../tickets.ts';
import type { WireError } from '@matchbox/client';
import type { Check } from '@matchbox/client/answers';
import {
  anything,
  array,
  BadAnswer,
  int,
  literal,
  number,
  object,
  oneOf,
  string,
  wireError,
} from '@matchbox/client/answers';
import type {
  CandidateValue,
  DecisionAnalysis,
  GameAnalysis,
  PlayerSummary,
  Thresholds,
} from '@matchbox/bots/analysis';
import { call } from '../api.ts';
import { webGame } from '../games/index.ts';
import type { AnalysisUnitShape } from '../games/plugin.ts';

export type { DecisionAnalysis, GameAnalysis };

/** Where a table's analysis stands (the server's `AnalysisStatus`). */
export type AnalysisStatus =
  | { readonly status: 'none' }
  | { readonly status: 'queued'; readonly position: number }
  | { readonly status: 'running'; readonly done: number; readonly total: number }
  | { readonly status: 'done'; readonly analysis: GameAnalysis }
  | { readonly status: 'failed'; readonly error: WireError };

const decision = object<DecisionAnalysis>({
  move: int,
  seat: int,
  part: int,
  taken: string,
  best: string,
  candidates: array(object<CandidateValue>({ action: string, value: number, se: number, samples: int })),
  loss: number,
  lossSe: number,
  verdict: oneOf(['best', 'good', 'inaccuracy', 'mistake', 'blunder']),
  method: oneOf(['search', 'exact-worlds', 'exact']),
  expectedScore: number,
});

const summary = object<PlayerSummary>({
  seat: int,
  decisions: int,
  averageLoss: number,
  inaccuracies: int,
  mistakes: int,
  blunders: int,
  keyMoments: array(int),
  series: array(object<{ move: number; score: number }>({ move: int, score: number })),
  finalScore: number,
});

const analysisFields = object<Omit<GameAnalysis, 'hindsight'> & { hindsight: unknown }>({
  format: literal(1),
  game: string,
  players: int,
  seats: array(int),
  unit: string,
  thresholds: object<Thresholds>({ inaccuracy: number, mistake: number, blunder: number }),
  scoreLabel: literal('expected-score'),
  budget: number,
  seed: string,
  moves: int,
  decisionMoves: array(int),
  decisions: array(decision),
  summaries: array(summary),
  hindsight: anything,
});

/** The analysis checked, its hindsight by the check of its game's plugin (none: it has none). */
const gameAnalysis: Check<GameAnalysis> = (v, at) => {
  const fields = analysisFields(v, at);
  const where = at ? `${at}.hindsight` : 'hindsight';
  if (fields.hindsight === null) return { ...fields, hindsight: null };
  const check = webGame(fields.game)?.hindsight?.check;
  if (!check) throw new BadAnswer(`${where} should be null for the game ${fields.game}`);
  return { ...fields, hindsight: check(fields.hindsight, where) };
};

/** The server's answer checked: each state with its own fields. */
const status: Check<AnalysisStatus> = (v, at) => {
  type Of<S> = Extract<AnalysisStatus, { status: S }>;
  const { status: which } = object<{ status: AnalysisStatus['status'] }>({
    status: oneOf(['none', 'queued', 'running', 'done', 'failed']),
  })(v, at);
  switch (which) {
    case 'none':
      return object<Of<'none'>>({ status: literal('none') })(v, at);
    case 'queued':
      return object<Of<'queued'>>({ status: literal('queued'), position: int })(v, at);
    case 'running':
      return object<Of<'running'>>({ status: literal('running'), done: int, total: int })(v, at);
    case 'done':
      return object<Of<'done'>>({ status: literal('done'), analysis: gameAnalysis })(v, at);
    case 'failed':
      return object<Of<'failed'>>({ status: literal('failed'), error: wireError })(v, at);
  }
};

/**
 * GET (where it stands) or POST (start it) /api/tables/:id/analysis, with this browser's seat token
 * of the table when it holds one (a duplicate event's table is analysed for its own seat only
 * while the event is open).
 */
export function analysisOf(tableId: string, start: boolean): Promise<AnalysisStatus> {
  const path = `/api/tables/${encodeURIComponent(tableId)}/analysis`;
  const token = ticketFor(tableId)?.token;
  return start
    ? call('POST', path, status, token ? { token } : {})
    : call('GET', path, status, undefined, token ? { headers: { 'x-matchbox-seat-token': token } } : {});
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

/** How the analysis's unit is shown: its game plugin's word (`analysisUnits`); none: as points. */
export const unitShape = (analysis: GameAnalysis): AnalysisUnitShape =>
  webGame(analysis.game)?.analysisUnits?.[analysis.unit] ?? {};

/**
 * A value in the analysis unit as a short number in the reader's language (0.6, 0,6): chances as
 * percentages, points to one decimal below 10.
 */
export function formatValue(analysis: GameAnalysis, value: number, language = 'en'): string {
  const n = unitShape(analysis).chance ? value * 100 : value;
  const digits = Math.abs(n) >= 10 ? 0 : 1;
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(n);
}
