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
import type { OpenGame } from '@matchbox/engine';
import { getGame, parseRecord, walkRecord } from '@matchbox/engine';
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
  /**
   * Told the values so far between rounds of a search (search.ts): true when the verdict is
   * settled whatever more of the budget would show, and the search may stop.
   */
  readonly settled?: (ev: Evaluation) => boolean;
  /**
   * Told the values so far between rounds of a search: per candidate, whether more of its search
   * could still change the verdict (none: the verdict is settled). A search stops searching the
   * others.
   */
  readonly open?: (ev: Evaluation) => readonly boolean[];
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
   * Per candidate, its value in each of the same worlds (exact methods) or runs started from the
   * same seeds (search), when every candidate was valued so, so that the loss's standard error
   * comes from the paired differences.
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

export interface GameAnalyser<Unit extends AnalysisUnit = AnalysisUnit> {
  /** The units its values may count, by name (the web's and the terminal's game plugins word each). */
  readonly units: readonly Unit[];
  /** The unit and thresholds for a game starting from `state` (a mode may have its own, e.g. a solitaire). */
  measure(state: unknown): { readonly unit: Unit; readonly thresholds: Thresholds };
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
  /** Hindsight for the seats analysed of a game starting from `start`, when it has some. */
  hindsight?(start: unknown, seats: readonly Seat[]): HindsightCollector | null;
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
  /**
   * Value only these moves (of the decisions): a host that runs an analysis a decision at a time,
   * between other work, asks for one move per request.
   */
  readonly only?: readonly number[];
  /** Decisions already valued (by `only` requests): taken as they are, not valued again. */
  readonly given?: readonly DecisionAnalysis[];
  /** Gather hindsight (default true; a request for one decision needs none). */
  readonly hindsight?: boolean;
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

/**
 * The difference `a - b` of two candidates and its standard error: paired over the worlds or runs
 * both have (a search may have stopped one earlier than the other), else from their own errors.
 */
function gainOf(ev: Evaluation, a: number, b: number): { gain: number; se: number } {
  const c = ev.candidates;
  const gain = c[a]!.value - c[b]!.value;
  const pa = ev.paired?.[a];
  const pb = ev.paired?.[b];
  const k = pa && pb ? Math.min(pa.length, pb.length) : 0;
  if (k > 1) {
    let sum = 0;
    let sq = 0;
    for (let i = 0; i < k; i++) {
      const d = pa![i]! - pb![i]!;
      sum += d;
      sq += d * d;
    }
    const mean = sum / k;
    const variance = Math.max(0, (sq - k * mean * mean) / (k - 1));
    return { gain, se: Math.sqrt(variance / k) * widening(k) };
  }
  return { gain, se: Math.sqrt(c[a]!.se ** 2 + c[b]!.se ** 2) };
}

function lossOf(ev: Evaluation, best: number, taken: number): { loss: number; se: number } {
  if (best === taken) return { loss: 0, se: 0 };
  const { gain, se } = gainOf(ev, best, taken);
  return { loss: Math.max(0, gain), se };
}

/** Student's t two-sided 95% quantiles by degrees of freedom, 1 to 9. */
const T95 = [12.71, 4.3, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26];

/**
 * How much a standard error from `n` samples is widened so that twice it is a 95% interval
 * (Student's t over the normal's 1.96): a value from a few independent runs has an error that is
 * itself uncertain. 1.15 for 10 runs, 1.42 for 5, about 1 for the worlds of an exact method.
 */
export function widening(n: number): number {
  const dof = n - 1;
  if (dof < 1) return 1;
  return (dof <= T95.length ? T95[dof - 1]! : 1.96 + 2.4 / dof) / 1.96;
}

/**
 * Per candidate, whether more search could still make the action taken a flagged one against it:
 * its paired gain over the action taken, two (widened) standard errors above, reaches the least
 * threshold. The action taken stays open while any other does. The max of many estimates is too
 * good by chance, so this only errs towards searching on.
 */
function openAgainst(ev: Evaluation, taken: number, t: Thresholds): boolean[] {
  const open = ev.candidates.map((_, i) => {
    if (i === taken) return false;
    const { gain, se } = gainOf(ev, i, taken);
    return !(gain + 2 * se < t.inaccuracy);
  });
  if (open.some(Boolean)) open[taken] = true;
  return open;
}

/** Whether no more search could make the action taken a flagged one (`openAgainst`). */
const clearlyUnflagged = (ev: Evaluation, taken: number, t: Thresholds): boolean =>
  !openAgainst(ev, taken, t).some(Boolean);

/** The candidate of highest value (among `among`, default all); on a tie the one `preferred`. */
function argmax(ev: Evaluation, preferred: number, among?: readonly number[]): number {
  const indexes = among ?? ev.candidates.map((_, i) => i);
  let best = indexes[0]!;
  for (const i of indexes) if (ev.candidates[i]!.value > ev.candidates[best]!.value + 1e-12) best = i;
  return ev.candidates[preferred]!.value >= ev.candidates[best]!.value - 1e-12 ? preferred : best;
}

/** The analysers, by game id (registered by each game's analysis module). */
const ANALYSERS = new Map<string, GameAnalyser>();

export function registerAnalyser(gameId: string, analyser: GameAnalyser): void {
  ANALYSERS.set(gameId, analyser);
}

export function analyserFor(gameId: string): GameAnalyser | null {
  return ANALYSERS.get(gameId) ?? null;
}

/**
 * Walks the first `limit` moves of a record (the engine's one replay loop, `walkRecord`), calling
 * `before(state, move)` with the state before each move and then once with the final state
 * (`move` = limit). A record that does not replay is its error.
 */
function walk(
  game: AnyGame,
  record: GameRecord,
  limit: number,
  before: (state: unknown, move: number) => void,
): { ok: true; final: unknown } | { ok: false; error: AnalysisError } {
  let step = 0;
  const walked = walkRecord(game as OpenGame, { ...record, moves: record.moves.slice(0, limit) }, (st) =>
    before(st.state, step++),
  );
  return walked.ok ? { ok: true, final: walked.value } : { ok: false, error: walked.error };
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
  let part = -1;
  let finished = 0;
  walk(game, record, record.moves.length, (state, move) => {
    if (move > 0 && (game.isOver(state) || analyser.part(state) !== part)) finished = move;
    part = analyser.part(state);
  });
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

  // First pass: that the record replays, its seats, and which moves are decisions.
  let players = 0;
  let measure: ReturnType<GameAnalyser['measure']> | null = null;
  const choices: number[] = [];
  const first = walk(game, record, limit, (state, move) => {
    if (move === 0) {
      players = game.players(state);
      measure = analyser.measure(state);
    }
    if (move < limit) choices.push(game.legalActions(state, record.moves[move]!.seat).length);
  });
  if (!first.ok) return first;
  const seats = options.seats ?? Array.from({ length: players }, (_, i) => i);
  const bad = seats.find((s) => !Number.isInteger(s) || s < 0 || s >= players);
  if (bad !== undefined)
    return fail('bad_seat', `There is no seat ${String(bad)} in this ${players}-player game.`);
  const analysed = new Set(seats);
  const decisionsAt = choices.flatMap((k, i) => (k > 1 && analysed.has(record.moves[i]!.seat) ? [i] : []));

  let collector: HindsightCollector | null = null;
  const decisions: DecisionAnalysis[] = [];
  const given = new Map((options.given ?? []).map((d) => [d.move, d]));
  const only = options.only ? new Set(options.only) : null;
  let next = 0;
  let final: unknown;
  try {
    const second = walk(game, record, limit, (state, move) => {
      if (move === 0 && options.hindsight !== false) collector = analyser.hindsight?.(state, seats) ?? null;
      collector?.observe(state, move);
      if (decisionsAt[next] !== move) return;
      next++;
      const known = given.get(move);
      if (known) decisions.push(known);
      if (known || (only && !only.has(move))) return;
      if (options.signal?.aborted) throw new BotAborted();
      const m = record.moves[move]!;
      const action = game.parseAction(m.action);
      if (!action.ok) return; // cannot happen: the first pass applied it
      decisions.push(
        analyseDecision(
          game,
          analyser,
          state,
          m.seat,
          move,
          action.value,
          budget,
          seed,
          options.signal,
          measure!.thresholds,
        ),
      );
      options.onProgress?.(decisions.length, only ? only.size : decisionsAt.length);
    });
    if (!second.ok) return second;
    final = second.final;
  } catch (e) {
    if (e instanceof BotAborted) return fail('aborted', 'The analysis was stopped.');
    throw e;
  }
  const s = final;
  const summaries = seats.map((seat) => summarise(seat, decisions, analyser.score(s, seat), limit));
  return {
    ok: true,
    value: {
      format: 1,
      game: game.meta.id,
      players,
      seats,
      unit: measure!.unit,
      thresholds: measure!.thresholds,
      scoreLabel: 'expected-score',
      budget,
      seed,
      moves: limit,
      decisionMoves: decisionsAt,
      decisions,
      summaries,
      hindsight: (collector as HindsightCollector | null)?.finish() ?? null,
    },
  };
}

/** `ev` with the candidates at `at` taking the values of `again`'s (which valued those, in order). */
function revalued(ev: Evaluation, at: readonly number[], again: Evaluation): Evaluation {
  const candidates = ev.candidates.slice();
  const paired = ev.paired ? ev.paired.slice() : null;
  at.forEach((i, k) => {
    candidates[i] = again.candidates[k]!;
    if (paired) paired[i] = again.paired?.[k] ?? new Float64Array(0);
  });
  return { ...ev, candidates, ...(paired ? { paired } : {}) };
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
  thresholds = analyser.measure(state).thresholds,
): DecisionAnalysis {
  const legal = game.legalActions(state, seat);
  const takenText = game.formatAction(taken);
  const takenAction = legal.find((a) => game.formatAction(a) === takenText) ?? taken;
  const input: DecisionInput = {
    game,
    state,
    seat,
    legal,
    taken: takenAction,
    budget,
    seed: `${seed}:${move}`,
    ...(signal ? { signal } : {}),
  };
  const open = (e: Evaluation): boolean[] => {
    const at = e.candidates.findIndex((c) => game.formatAction(c.action) === takenText);
    return at >= 0 ? openAgainst(e, at, thresholds) : e.candidates.map(() => true);
  };
  const settled = (e: Evaluation): boolean => !open(e).some(Boolean);
  let ev = analyser.evaluate({ ...input, settled, open });
  const texts = ev.candidates.map((c) => game.formatAction(c.action));
  const t = texts.indexOf(takenText);
  if (t < 0) throw new Error(`${game.meta.id}: the analysis did not value the action taken (${takenText})`);
  // Nothing strictly better than the action taken: it is the best.
  let best = argmax(ev, t);
  if (ev.method === 'search' && best !== t && !clearlyUnflagged(ev, t, thresholds)) {
    // The best of many noisy estimates is too good by chance (the winner's curse): the best and
    // the action taken are valued again, on their own, with fresh determinizations and half the
    // budget each, and those values replace theirs. The best is then the better of those two
    // only: a candidate valued once stays as good by chance as it was. (When the first values
    // already leave the action taken clearly unflagged, a second look could only lower the loss.)
    ev = revalued(
      ev,
      [best, t],
      analyser.evaluate({
        ...input,
        legal: [ev.candidates[best]!.action, takenAction],
        seed: `${seed}:${move}:again`,
        settled,
        open,
      }),
    );
    best = argmax(ev, t, [best, t]);
  }
  const { loss, se } = lossOf(ev, best, t);
  const others = ev.candidates
    .map((c, i) => ({ action: texts[i]!, value: c.value, se: c.se, samples: c.samples }))
    .filter((_, i) => i !== best)
    .sort((a, b) => b.value - a.value);
  const b = ev.candidates[best]!;
  const candidates: CandidateValue[] = [
    { action: texts[best]!, value: b.value, se: b.se, samples: b.samples },
    ...others,
  ];
  return {
    move,
    seat,
    part: analyser.part(state),
    taken: takenText,
    best: texts[best]!,
    candidates,
    loss,
    lossSe: se,
    verdict: verdictOf(takenText, texts[best]!, loss, se, thresholds),
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
