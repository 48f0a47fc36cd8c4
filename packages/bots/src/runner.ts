/**
 * The referee between a real game state and the bots. It is the only code that holds the real
 * state: a bot receives the seat's view, the legal actions and a `sample` function that returns
 * determinizations (`game.determinize(state, seat, rng)`: a fresh state consistent with the view,
 * with hidden cards re-dealt and the generator reseeded), never the state itself.
 */
import type { Action, AnyGame, GameResult, Seat, SetupConfig } from '@matchbox/engine';
import type { Bot, BotContext } from './types.ts';

/** The context for `seat` in `state`: the game and a determinization source, nothing else. */
export function contextFor(
  game: AnyGame,
  state: unknown,
  seat: Seat,
  budget: { iterations?: number; timeMs?: number } = {},
): BotContext {
  return {
    game,
    sample: (rng): unknown => game.determinize(state, seat, rng) as unknown,
    ...(budget.iterations !== undefined ? { iterations: budget.iterations } : {}),
    ...(budget.timeMs !== undefined ? { timeMs: budget.timeMs } : {}),
  };
}

/** Asks `bot` for `seat`'s action. A single legal action is taken without asking. */
export async function decide(game: AnyGame, state: unknown, seat: Seat, bot: Bot): Promise<Action> {
  const legal = game.legalActions(state, seat);
  if (legal.length === 0) throw new Error(`seat ${seat} has no legal action`);
  if (legal.length === 1) return legal[0]!;
  return await bot.chooseAction(game.view(state, seat), seat, legal, contextFor(game, state, seat));
}

export interface PlayedGame {
  readonly result: GameResult;
  readonly actions: number;
  /** Per seat: milliseconds of every decision the bot was asked for. */
  readonly moveMs: number[][];
}

export interface PlayOptions {
  /** Per-move budget given to every bot (e.g. `{ timeMs: 0 }`: no wall-clock cap, reproducible). */
  readonly budget?: { iterations?: number; timeMs?: number };
  /** Called after each action (e.g. for progress or a transcript). */
  readonly onAction?: (seat: Seat, action: Action, state: unknown) => void;
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
    for (const seat of observers) bots[seat]!.observe!(game.view(state, seat), seat);
  };
  tell();
  const moveMs: number[][] = bots.map(() => []);
  const bound = game.maxActions(state);
  let actions = 0;
  while (!game.isOver(state)) {
    if (actions > bound) throw new Error(`${game.meta.id}: game did not end within ${bound} actions`);
    const seat = game.toAct(state)[0]!;
    const legal = game.legalActions(state, seat);
    let action: Action;
    if (legal.length === 1) action = legal[0]!;
    else {
      const t = performance.now();
      action = await bots[seat]!.chooseAction(
        game.view(state, seat),
        seat,
        legal,
        contextFor(game, state, seat, options.budget),
      );
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
  return { result: game.result(state)!, actions, moveMs };
}
