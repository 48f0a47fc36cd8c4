/**
 * The analysis of a finished game (or of a finished part of one, for the seat that played it):
 * the record is replayed, and at every decision of an analysed seat (a move with more than one
 * legal action) the game's analyser values each candidate from that seat's information set, the
 * way the bots do (the referee's `contextFor`: determinizations of the seat's view, never the real
 * hidden cards). The loss of the action taken is its expected value's gap to the best candidate.
 *
 * Hindsight (every card open) is gathered by a separate collector that sees the real states, and
 * is reported apart; it never enters a verdict.
 */
import type { Action, AnyGame, GameRecord, Seat } from '@matchbox/engine';
import { getGame, parseRecord, setupConfigOf } from '@matchbox/engine';
import type { StopSignal } from '../types.ts';
import { BotAborted } from '../types.ts';
import type {
  AnalysisUnit,
  CandidateValue,
  DecisionAnalysis,
  GameAnalysis,
  Hindsight,
  PlayerSummary,
  Thresholds,
  Verdict,
} from './types.ts';

/** One decision to value: the state is the referee's and reaches the analyser's search only as the seat's view. */
export interface DecisionInput {
  readonly game: AnyGame;
  readonly state: unknown;
  readonly seat: Seat;
  readonly legal: readonly Action[];
  /** The action taken (always among the candidates valued). */
  readonly taken: Action;
  /** Search iterations for the whole decision. */
  readonly budget: number;
  readonly seed: string;
  readonly signal?: StopSignal;
}

export interface CandidateEstimate {
  readonly action: Action;
  readonly value: number;
  readonly se: number;
  readonly samples: number;
}

export interface Evaluation {
  readonly candidates: readonly CandidateEstimate[];
  /**
   * Per candidate, its value in each of the same worlds (when every candidate was valued in the
   * same worlds), so that the loss's standard error comes from the paired differences.
   */
  readonly paired?: readonly Float64Array[];
  readonly method: DecisionAnalysis['method'];
}

/** Sees the real states as the record replays: hindsight only. */
export interface HindsightCollector {
  /** Called with the state before move `move` is applied, and once with the final state (`move` = moves). */
  observe(state: unknown, move: number): void;
  finish(): Hindsight;
}

export interface GameAnalyser {
  readonly unit: AnalysisUnit;
  readonly thresholds: Thresholds;
  /** Iterations per decision by default. */
  readonly budget: number;
  /** Values the candidates from the seat's information only. */
  evaluate(input: DecisionInput): Evaluation;
  /** The part of the game a state is in (MatchMaster: the hand; others: the round). */
  part(state: unknown): number;
  /** What the seat has banked before the current part (the graph adds the part's expected value). */
  banked(state: unknown, seat: Seat): number;
  /** The seat's score in a state (the final point of the graph). */
  score(state: unknown, seat: Seat): number;
  /** Hindsight for the seats analysed, when the game has some. */
  hindsight?(game: AnyGame, seats: readonly Seat[]): HindsightCollector | null;
}

export interface AnalyseOptions {
  /** The seats to analyse (default: every seat). */
  readonly seats?: readonly Seat[];
  /** Iterations per decision (default: the game's). */
  readonly budget?: number;
  /** The analysis is deterministic for its seed. */
  readonly seed?: string;
  /** Analyse only the first `moves` moves (a finished hand of a game in progress). */
  readonly moves?: number;
  /** Told after every decision valued: how many are done out of how many. */
  readonly onProgress?: (done: number, total: number) => void;
  readonly signal?: StopSignal;
}

export type AnalysisError = { readonly code: string; readonly message: string; readonly at?: number };
export type AnalysisResult = { ok: true; value: GameAnalysis } | { ok: false; error: AnalysisError };

const fail = (code: string, message: string, at?: number): AnalysisResult => ({
  ok: false,
  error: { code, message, ...(at !== undefined ? { at } : {}) },
});

/** Verdict of a loss: counted only above the game's threshold and above two standard errors. */
export function verdictOf(taken: string, best: string, loss: number, se: number, t: Thresholds): Verdict {
  if (taken === best) return 'best';
  if (loss <= 2 * se) return 'good';
  if (loss >= t.blunder) return 'blunder';
  if (loss >= t.mistake) return 'mistake';
  if (loss >= t.inaccuracy) return 'inaccuracy';
  return 'good';
}

function lossOf(ev: Evaluation, best: number, taken: number): { loss: number; se: number } {
  const c = ev.candidates;
  const loss = Math.max(0, c[best]!.value - c[taken]!.value);
  if (best === taken) return { loss: 0, se: 0 };
  const pb = ev.paired?.[best];
  const pt = ev.paired?.[taken];
  if (pb && pt && pb.length === pt.length && pb.length > 1) {
    const k = pb.length;
    let sum = 0;
    let sq = 0;
    for (let i = 0; i < k; i++) {
      const d = pb[i]! - pt[i]!;
      sum += d;
      sq += d * d;
    }
    const mean = sum / k;
    const variance = Math.max(0, (sq - k * mean * mean) / (k - 1));
    return { loss, se: Math.sqrt(variance / k) };
  }
  return { loss, se: Math.sqrt(c[best]!.se ** 2 + c[taken]!.se ** 2) };
}

/** The analysers, by game id (registered by each game's analysis module). */
const ANALYSERS = new Map<string, GameAnalyser>();

export function registerAnalyser(gameId: string, analyser: GameAnalyser): void {
  ANALYSERS.set(gameId, analyser);
}

export function analyserFor(gameId: string): GameAnalyser | null {
  return ANALYSERS.get(gameId) ?? null;
}

/** The starting state of a record and the actions of its moves (parsed), or an error. */
function prepare(
  game: AnyGame,
  record: GameRecord,
): { ok: true; start: unknown; actions: Action[] } | { ok: false; error: AnalysisError } {
  // Every recorded chance outcome is queued at the start (as `replay` does), so later deals come back.
  const parsed = parseRecord(record);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  if (parsed.value.game !== game.meta.id)
    return { ok: false, error: { code: 'wrong_game', message: `This is a record of "${record.game}".` } };
  const from = parsed.value.from;
  const start = from !== undefined ? game.deserialize(from) : game.setup(setupConfigOf(parsed.value));
  if (!start.ok) return { ok: false, error: start.error };
  const actions: Action[] = [];
  for (let i = 0; i < record.moves.length; i++) {
    const a = game.parseAction(record.moves[i]!.action);
    if (!a.ok) return { ok: false, error: { ...a.error, at: i } };
    actions.push(a.value);
  }
  return { ok: true, start: start.value, actions };
}

/**
 * How many moves of a record lie in finished parts of the game (every hand of MatchMaster, every
 * round of the others, that has ended): a game in progress may be analysed up to there.
 */
export function finishedMoves(input: GameRecord): number {
  const parsed = parseRecord(input);
  if (!parsed.ok) return 0;
  const record = parsed.value;
  const game = getGame(record.game);
  const analyser = analyserFor(record.game);
  if (!game || !analyser) return 0;
  const prep = prepare(game, record);
  if (!prep.ok) return 0;
  const s: unknown = game.clone(prep.start);
  let part = analyser.part(s);
  let finished = 0;
  for (let i = 0; i < prep.actions.length; i++) {
    if (game.applyInPlace(s, record.moves[i]!.seat, prep.actions[i])) return finished;
    if (game.isOver(s) || analyser.part(s) !== part) {
      finished = i + 1;
      part = analyser.part(s);
    }
  }
  return finished;
}

/** Analyses the decisions of a record's seats (see the module comment). Never throws for bad input. */
export function analyseRecord(input: GameRecord, options: AnalyseOptions = {}): AnalysisResult {
  const parsed = parseRecord(input);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  const record = parsed.value;
  const game = getGame(record.game);
  if (!game) return fail('unknown_game', `No game "${String(record.game)}".`);
  const analyser = analyserFor(record.game);
  if (!analyser) return fail('no_analysis', `matchbox cannot analyse ${record.game} games yet.`);
  const prep = prepare(game, record);
  if (!prep.ok) return { ok: false, error: prep.error };
  const players = game.players(prep.start);
  const seats = options.seats ?? Array.from({ length: players }, (_, i) => i);
  const bad = seats.find((s) => !Number.isInteger(s) || s < 0 || s >= players);
  if (bad !== undefined)
    return fail('bad_seat', `There is no seat ${String(bad)} in this ${players}-player game.`);
  const limit = options.moves ?? record.moves.length;
  if (!Number.isInteger(limit) || limit < 0 || limit > record.moves.length)
    return fail(
      'bad_moves',
      `A record of ${record.moves.length} moves cannot be analysed up to move ${limit}.`,
    );
  const budget = options.budget ?? analyser.budget;
  if (!Number.isInteger(budget) || budget < 1)
    return fail('bad_budget', 'The budget must be a whole number from 1.');
  const seed = options.seed ?? 'analysis';
  const analysed = new Set(seats);

  // First pass: which moves are decisions (and that every move applies).
  const decisionsAt: number[] = [];
  {
    const s: unknown = game.clone(prep.start);
    for (let i = 0; i < limit; i++) {
      const seat = record.moves[i]!.seat;
      if (analysed.has(seat) && game.legalActions(s, seat).length > 1) decisionsAt.push(i);
      const e = game.applyInPlace(s, seat, prep.actions[i]);
      if (e) return fail(e.code, e.message, i);
    }
  }

  const collector = analyser.hindsight?.(game, seats) ?? null;
  const decisions: DecisionAnalysis[] = [];
  const s: unknown = game.clone(prep.start);
  let next = 0;
  try {
    for (let i = 0; i < limit; i++) {
      const seat = record.moves[i]!.seat;
      collector?.observe(s, i);
      if (decisionsAt[next] === i) {
        if (options.signal?.aborted) throw new BotAborted();
        decisions.push(
          analyseDecision(game, analyser, s, seat, i, prep.actions[i]!, budget, seed, options.signal),
        );
        next++;
        options.onProgress?.(next, decisionsAt.length);
      }
      game.applyInPlace(s, seat, prep.actions[i]);
    }
  } catch (e) {
    if (e instanceof BotAborted) return fail('aborted', 'The analysis was stopped.');
    throw e;
  }
  collector?.observe(s, limit);
  const summaries = seats.map((seat) => summarise(seat, decisions, analyser.score(s, seat), limit));
  return {
    ok: true,
    value: {
      format: 1,
      game: game.meta.id,
      players,
      seats,
      unit: analyser.unit,
      thresholds: analyser.thresholds,
      scoreLabel: 'expected-score',
      budget,
      seed,
      moves: limit,
      decisions,
      summaries,
      hindsight: collector?.finish() ?? null,
    },
  };
}

/**
 * Values one decision of `seat` in `state` (the referee's) and judges the action taken. The
 * analyser reads the state only through the seat's view and determinizations.
 */
export function analyseDecision(
  game: AnyGame,
  analyser: GameAnalyser,
  state: unknown,
  seat: Seat,
  move: number,
  taken: Action,
  budget: number,
  seed: string,
  signal?: StopSignal,
): DecisionAnalysis {
  const legal = game.legalActions(state, seat);
  const takenText = game.formatAction(taken);
  const takenAction = legal.find((a) => game.formatAction(a) === takenText) ?? taken;
  const ev = analyser.evaluate({
    game,
    state,
    seat,
    legal,
    taken: takenAction,
    budget,
    seed: `${seed}:${move}`,
    ...(signal ? { signal } : {}),
  });
  const texts = ev.candidates.map((c) => game.formatAction(c.action));
  let best = 0;
  for (let i = 1; i < texts.length; i++)
    if (ev.candidates[i]!.value > ev.candidates[best]!.value + 1e-12) best = i;
  const t = texts.indexOf(takenText);
  if (t < 0) throw new Error(`${game.meta.id}: the analysis did not value the action taken (${takenText})`);
  const { loss, se } = lossOf(ev, best, t);
  const candidates: CandidateValue[] = ev.candidates
    .map((c, i) => ({ action: texts[i]!, value: c.value, se: c.se, samples: c.samples }))
    .sort((a, b) => b.value - a.value);
  return {
    move,
    seat,
    part: analyser.part(state),
    taken: takenText,
    best: texts[best]!,
    candidates,
    loss,
    lossSe: se,
    verdict: verdictOf(takenText, texts[best]!, loss, se, analyser.thresholds),
    method: ev.method,
    expectedScore: analyser.banked(state, seat) + ev.candidates[t]!.value,
  };
}

function summarise(
  seat: Seat,
  all: readonly DecisionAnalysis[],
  finalScore: number,
  moves: number,
): PlayerSummary {
  const mine = all.filter((d) => d.seat === seat);
  const count = (v: Verdict) => mine.filter((d) => d.verdict === v).length;
  const flagged = mine
    .filter((d) => d.verdict === 'inaccuracy' || d.verdict === 'mistake' || d.verdict === 'blunder')
    .sort((a, b) => b.loss - a.loss || a.move - b.move);
  return {
    seat,
    decisions: mine.length,
    averageLoss: mine.length > 0 ? mine.reduce((a, d) => a + d.loss, 0) / mine.length : 0,
    inaccuracies: count('inaccuracy'),
    mistakes: count('mistake'),
    blunders: count('blunder'),
    keyMoments: flagged.slice(0, 3).map((d) => d.move),
    series: [
      ...mine.map((d) => ({ move: d.move, score: d.expectedScore })),
      { move: moves, score: finalScore },
    ],
    finalScore,
  };
}
