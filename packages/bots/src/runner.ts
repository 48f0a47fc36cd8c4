/**
 * The referee between a real game state and the bots. It is the only code that holds the real
 * state: a bot receives the seat's view, the legal actions and a `sample` function that returns
 * determinizations, never the state itself. The sampler is rebuilt from plain data (a serialized
 * determinization, see sampler.ts), exactly as a worker thread rebuilds it, so a bot decides the
 * same here and in a worker.
 *
 * One exception, for evaluation only: `playGame`'s `PlayOptions.sampleFor` may give a seat other
 * worlds than its determinizations (the lab's all-seeing yardstick, packages/lab/src/seer.ts, the
 * real state); `decide`, hints and worker requests never do.
 */
import type { Action, AnyGame, GameResult, Seat, SetupConfig } from '@matchbox/engine';
import { lazySampler } from './sampler.ts';
import type { Sampler } from './sampler.ts';
import type { Bot, BotContext, Budget, SearchInfo, StopSignal } from './types.ts';

/** Extra context for one decision: a stop signal and a listener for the searches. */
export interface DecisionExtras {
  readonly signal?: StopSignal;
  readonly onSearch?: (info: SearchInfo) => void;
}

/** The context for `seat` in `state`: the game, a determinization source and the budget. */
export function contextFor(
  game: AnyGame,
  state: unknown,
  seat: Seat,
  budget: Budget = {},
  extras: DecisionExtras = {},
): BotContext {
  return {
    game,
    sample: lazySampler(game, state, seat),
    ...(budget.iterations !== undefined ? { iterations: budget.iterations } : {}),
    ...(budget.timeMs !== undefined ? { timeMs: budget.timeMs } : {}),
    ...(budget.deadline !== undefined ? { deadline: budget.deadline } : {}),
    ...(extras.signal !== undefined ? { signal: extras.signal } : {}),
    ...(extras.onSearch !== undefined ? { onSearch: extras.onSearch } : {}),
  };
}

/** Asks `bot` for `seat`'s action. A single legal action is taken without asking. */
export async function decide(
  game: AnyGame,
  state: unknown,
  seat: Seat,
  bot: Bot,
  budget: Budget = {},
  extras: DecisionExtras = {},
): Promise<Action> {
  const legal = game.legalActions(state, seat);
  if (legal.length === 0) throw new Error(`seat ${seat} has no legal action`);
  if (legal.length === 1) return legal[0]!;
  return await bot.chooseAction(
    game.view(state, seat) as object,
    seat,
    legal,
    contextFor(game, state, seat, budget, extras),
  );
}

/** Per seat: how its bot's searches went. */
export interface SearchCounts {
  /** Decisions the bot was asked for (a single legal action is taken without asking). */
  decisions: number;
  /** Searches run, and how many of them a time cap stopped before their iteration budget. */
  searches: number;
  capped: number;
  /** Iterations run in all, and the iterations the budgets asked for. */
  iterations: number;
  budget: number;
}

export const noSearches = (): SearchCounts => ({
  decisions: 0,
  searches: 0,
  capped: 0,
  iterations: 0,
  budget: 0,
});

/** Adds one search to the counts. */
export function countSearch(c: SearchCounts, info: SearchInfo): void {
  c.searches++;
  if (info.capped) c.capped++;
  c.iterations += info.iterations;
  c.budget += info.budget;
}

export interface PlayedGame {
  readonly result: GameResult;
  readonly actions: number;
  /** Per seat: milliseconds of every decision the bot was asked for. */
  readonly moveMs: number[][];
  /** Per seat: the searches its bot ran, and how often a time cap bound. */
  readonly search: SearchCounts[];
  /** What a spectator sees of the finished game (`view(state, null)`; e.g. MatchMaster's score sheet). */
  readonly finalView: object;
}

export interface PlayOptions {
  /**
   * Per-move budget given to every bot. `{ timeMs: 0 }`: no wall-clock cap, so every search runs
   * its whole iteration budget and the game replays exactly from its seeds.
   */
  readonly budget?: Budget;
  /** Called after each action (e.g. for progress or a transcript). */
  readonly onAction?: (seat: Seat, action: Action, state: unknown) => void;
  /**
   * EVALUATION ONLY: the worlds a seat's bot samples in `state` instead of its determinizations,
   * or null for its own (the lab's all-seeing yardstick gets the real state). Only the lab's arena
   * passes it; nothing that plays people does.
   */
  readonly sampleFor?: (seat: Seat, state: unknown) => Sampler | null;
}

/** Plays one game with one bot per seat and returns the result. Throws if a bot plays illegally. */
export async function playGame(
  game: AnyGame,
  config: SetupConfig,
  bots: readonly Bot[],
  options: PlayOptions = {},
): Promise<PlayedGame> {
  const setup = game.setup(config);
  if (!setup.ok) throw new Error(`${game.meta.id}: ${setup.error.message}`);
  const state: unknown = setup.value;
  for (const b of bots) b.reset?.();
  const observers = bots.map((b, seat) => (b.observe ? seat : -1)).filter((s) => s >= 0);
  const tell = () => {
    for (const seat of observers) bots[seat]!.observe!(game.view(state, seat) as object, seat);
  };
  tell();
  const moveMs: number[][] = bots.map(() => []);
  const search = bots.map(noSearches);
  const bound = game.maxActions(state);
  let actions = 0;
  while (!game.isOver(state)) {
    if (actions > bound) throw new Error(`${game.meta.id}: game did not end within ${bound} actions`);
    const seat = game.toAct(state)[0]!;
    const legal = game.legalActions(state, seat);
    let action: Action;
    if (legal.length === 1) action = legal[0]!;
    else {
      const counts = search[seat]!;
      counts.decisions++;
      const t = performance.now();
      const extras = { onSearch: (info: SearchInfo) => countSearch(counts, info) };
      const own = contextFor(game, state, seat, options.budget, extras);
      const worlds = options.sampleFor?.(seat, state);
      const ctx = worlds ? { ...own, sample: worlds } : own;
      action = await bots[seat]!.chooseAction(game.view(state, seat) as object, seat, legal, ctx);
      moveMs[seat]!.push(performance.now() - t);
    }
    const error = game.applyInPlace(state, seat, action);
    if (error) {
      throw new Error(
        `${game.meta.id}: bot ${bots[seat]!.name} at seat ${seat} chose an illegal action ${JSON.stringify(action)}: ${error.message}`,
      );
    }
    actions++;
    options.onAction?.(seat, action, state);
    if (observers.length > 0) tell();
  }
  return {
    result: game.result(state)!,
    actions,
    moveMs,
    search,
    finalView: game.view(state, null) as object,
  };
}
