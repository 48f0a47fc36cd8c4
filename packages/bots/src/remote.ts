/**
 * A bot decision as plain data, so that it can run in a worker thread (or any other process).
 *
 * The referee turns (game, real state, seat) into a `BotRequest` with `botRequest`: the game id,
 * a serialized determinization for the seat (see sampler.ts: the worker never holds the real
 * hidden cards), the level, the seed and the budget. `answerBotRequest` rebuilds the game, the
 * view, the legal actions and the sampler from it, asks a fresh bot and answers the action. It
 * works in any thread; worker.ts is the entry that runs it in a `worker_threads` Worker and
 * worker-host.ts the referee's side.
 *
 * A hint (a "suggest" button) takes the same road: `hintRequest` carries the asking seat's
 * determinization, never the real state, and `answerHintRequest` answers the bots' `hint()` with
 * the value of every alternative (for MatchMaster bids, the odds of each trick count).
 */
import type { Action, AnyGame, EngineError, JsonObject, Seat } from '@matchbox/engine';
import type { SolveStatus } from '@matchbox/engine';
import { getGame } from '@matchbox/engine';
import { BOT_GAMES, botPlugin } from './games/index.ts';
import type { BotGamePlugin } from './games/plugin.ts';
import { hint } from './hint.ts';
import { createBot } from './levels.ts';
import type { Sampler } from './sampler.ts';
import { samplerData, samplerFrom } from './sampler.ts';
import type { BotContext, BotLevel, Budget, Hint, SearchInfo, StopSignal } from './types.ts';
import { BotAborted, isBotLevel } from './types.ts';

export interface BotRequest {
  /** Echoed in the answer, to match answers to requests. */
  readonly id?: number;
  readonly game: string;
  /** `serialize` of a determinization of the real state for `seat` (see `botRequest`). */
  readonly state: JsonObject;
  readonly seat: Seat;
  readonly level: BotLevel;
  /** The bot's seed: the same request with the same seed gives the same answer. */
  readonly seed: string;
  readonly budget?: Budget;
  /**
   * The views this seat has seen since the game began, oldest first, for bots that remember
   * (Sweet16): a fresh bot observes them before deciding. Without them it knows only the view.
   */
  readonly observed?: readonly object[];
  /** An Int32Array(1) over shared memory: a non-zero value stops the search (see worker-host.ts). */
  readonly stop?: SharedArrayBuffer;
}

export type BotAnswer =
  | {
      readonly id?: number;
      readonly ok: true;
      readonly action: Action;
      /** The action in the game's notation (`game.parseAction` gives it back). */
      readonly text: string;
      /** Every search the bot ran, with whether a time cap stopped it early. */
      readonly searches: readonly SearchInfo[];
      readonly ms: number;
    }
  | {
      readonly id?: number;
      readonly ok: false;
      /**
       * `bad_request`, `unknown_game`, a `deserialize` error code, `no_legal_action`, `aborted`,
       * `illegal_choice` (the bot answered an action that is not legal: a bug) or `bot_error`
       * (the bot threw, e.g. a `SearchBug`).
       */
      readonly error: { readonly code: string; readonly message: string };
    };

/** The request for `seat`'s decision in the real `state`; the real state does not leave. */
export function botRequest(
  game: AnyGame,
  state: unknown,
  seat: Seat,
  level: BotLevel,
  seed: string,
  budget?: Budget,
  observed?: readonly object[],
): BotRequest {
  return {
    game: game.meta.id,
    state: samplerData(game, state, seat).state,
    seat,
    level,
    seed,
    ...(budget !== undefined ? { budget } : {}),
    ...(observed !== undefined ? { observed } : {}),
  };
}

/** A stop signal over shared memory: the host writes 1, the searching thread reads it. */
export function sharedStopSignal(buffer: SharedArrayBuffer): StopSignal {
  const flag = new Int32Array(buffer, 0, 1);
  return {
    get aborted(): boolean {
      return Atomics.load(flag, 0) !== 0;
    },
  };
}

const failure = (
  id: number | undefined,
  code: string,
  message: string,
): { readonly id?: number; readonly ok: false; readonly error: EngineError<string> } => ({
  ...(id !== undefined ? { id } : {}),
  ok: false,
  error: { code, message },
});

/** Checks a request's fields and rebuilds its game and determinization; a failure is an answer. */
function loadRequest(
  request: BotRequest,
):
  | { ok: true; id: number | undefined; req: BotRequest; game: AnyGame; base: unknown; sample: Sampler }
  | { ok: false; answer: { readonly id?: number; readonly ok: false; readonly error: EngineError<string> } } {
  const req = request as Partial<BotRequest> | null;
  const id = typeof req?.id === 'number' ? req.id : undefined;
  if (
    typeof req !== 'object' ||
    req === null ||
    typeof req.game !== 'string' ||
    typeof req.state !== 'object' ||
    req.state === null ||
    typeof req.seat !== 'number' ||
    typeof req.level !== 'string' ||
    !isBotLevel(req.level) ||
    typeof req.seed !== 'string'
  ) {
    return {
      ok: false,
      answer: failure(
        id,
        'bad_request',
        'A bot request needs game, state, seat, level (a bot level) and seed.',
      ),
    };
  }
  const game = getGame(req.game);
  if (!game) return { ok: false, answer: failure(id, 'unknown_game', `No game "${req.game}".`) };
  const built = samplerFrom({ game: req.game, seat: req.seat, state: req.state }, game);
  if (!built.ok) return { ok: false, answer: failure(id, built.error.code, built.error.message) };
  return { ok: true, id, req: req as BotRequest, game, base: built.value.base, sample: built.value.sample };
}

/** Answers one request: never throws, every failure is an answer with a code. */
export async function answerBotRequest(request: BotRequest): Promise<BotAnswer> {
  const started = performance.now();
  const loaded = loadRequest(request);
  if (!loaded.ok) return loaded.answer;
  const { id, req, game, base, sample } = loaded;
  const seat = req.seat;
  const legal: readonly Action[] = game.legalActions(base, seat);
  if (legal.length === 0) return failure(id, 'no_legal_action', `Seat ${seat} has nothing to do.`);
  const searches: SearchInfo[] = [];
  const budget = req.budget ?? {};
  const ctx: BotContext = {
    game,
    sample,
    ...(budget.iterations !== undefined ? { iterations: budget.iterations } : {}),
    ...(budget.timeMs !== undefined ? { timeMs: budget.timeMs } : {}),
    ...(budget.deadline !== undefined ? { deadline: budget.deadline } : {}),
    ...(req.stop ? { signal: sharedStopSignal(req.stop) } : {}),
    onSearch: (info) => searches.push(info),
  };
  let action: Action;
  try {
    if (legal.length === 1) action = legal[0]!;
    else {
      const bot = createBot(game.meta.id, req.level, req.seed);
      bot.reset?.();
      if (bot.observe) for (const v of req.observed ?? []) bot.observe(v, seat);
      action = await bot.chooseAction(game.view(base, seat) as object, seat, legal, ctx);
    }
  } catch (e) {
    if (e instanceof BotAborted) return failure(id, 'aborted', e.message);
    return failure(id, 'bot_error', e instanceof Error ? e.message : String(e));
  }
  const text = game.formatAction(action);
  if (!legal.some((a) => game.formatAction(a) === text)) {
    return failure(id, 'illegal_choice', `The ${req.level} bot chose "${text}", which is not legal here.`);
  }
  return {
    ...(id !== undefined ? { id } : {}),
    ok: true,
    action,
    text,
    searches,
    ms: performance.now() - started,
  };
}

/** A hint for a seat: a `BotRequest` (the seat's determinization, never the real state) marked as such. */
export interface HintRequest extends BotRequest {
  readonly kind: 'hint';
}

export type HintAnswer =
  | { readonly id?: number; readonly ok: true; readonly hint: Hint; readonly ms: number }
  | {
      readonly id?: number;
      readonly ok: false;
      /** As `BotAnswer`'s codes; `no_legal_action` when the seat has nothing to do. */
      readonly error: { readonly code: string; readonly message: string };
    };

/** The request for a hint to `seat` in the real `state`; the real state does not leave. */
export function hintRequest(
  game: AnyGame,
  state: unknown,
  seat: Seat,
  level: BotLevel,
  seed: string,
  budget?: Budget,
  observed?: readonly object[],
): HintRequest {
  return { kind: 'hint', ...botRequest(game, state, seat, level, seed, budget, observed) };
}

/**
 * Answers a hint request with the bots' `hint()` on the seat's determinization (a determinization
 * of it is one of the real state: see sampler.ts). Never throws.
 */
export function answerHintRequest(request: HintRequest): HintAnswer {
  const started = performance.now();
  const loaded = loadRequest(request);
  if (!loaded.ok) return loaded.answer;
  const { id, req, game, base } = loaded;
  if (game.legalActions(base, req.seat).length === 0)
    return failure(id, 'no_legal_action', `Seat ${req.seat} has nothing to do.`);
  const budget = req.budget ?? {};
  try {
    const answer = hint(game, { state: base }, req.seat, {
      level: req.level,
      seed: req.seed,
      ...(budget.iterations !== undefined ? { iterations: budget.iterations } : {}),
      ...(budget.timeMs !== undefined ? { timeMs: budget.timeMs } : {}),
      ...(req.observed !== undefined ? { observed: req.observed } : {}),
    });
    return { ...(id !== undefined ? { id } : {}), ok: true, hint: answer, ms: performance.now() - started };
  } catch (e) {
    return failure(id, 'bot_error', e instanceof Error ? e.message : String(e));
  }
}

/**
 * "Is this deal still winnable?": a game's exact solver (its plugin's `solvePosition`) on a
 * serialized open-information position, in a worker so that its search (up to `maxNodes`
 * positions) never holds the server's event loop.
 */
export interface SolveRequest {
  readonly kind: 'solve';
  readonly id?: number;
  /** A state as its game's `serialize` gives it. */
  readonly save: unknown;
  readonly maxNodes: number;
}

export type SolveAnswer =
  | { readonly id?: number; readonly ok: true; readonly status: SolveStatus; readonly nodes: number }
  | { readonly id?: number; readonly ok: false; readonly error: EngineError<string> };

/**
 * The solver of a save's game (its `game` field); a save that names no game with a solver goes to
 * the first game that has one, whose loading refuses it with its own code.
 */
function solverFor(save: unknown): BotGamePlugin['solvePosition'] {
  const game = typeof save === 'object' && save !== null ? (save as { game?: unknown }).game : undefined;
  const own = typeof game === 'string' ? botPlugin(game)?.solvePosition : undefined;
  return own ?? BOT_GAMES.find((p) => p.solvePosition)?.solvePosition;
}

/** Answers a solve request. Never throws. */
export function answerSolveRequest(request: SolveRequest): SolveAnswer {
  const id = typeof request.id === 'number' ? request.id : undefined;
  const solve = solverFor(request.save);
  if (!solve) return failure(id, 'invalid_state', 'No game here can solve this position.');
  const maxNodes = Number.isInteger(request.maxNodes) && request.maxNodes > 0 ? request.maxNodes : 1;
  try {
    const solved = solve(request.save, maxNodes);
    if (!solved.ok) return failure(id, solved.error.code, solved.error.message);
    return {
      ...(id !== undefined ? { id } : {}),
      ok: true,
      status: solved.value.status,
      nodes: solved.value.nodes,
    };
  } catch (e) {
    return failure(id, 'solver_error', e instanceof Error ? e.message : String(e));
  }
}
