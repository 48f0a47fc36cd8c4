import type { Action, AnyGame, Seat } from '@matchbox/engine';
import type { Bot } from '../src/index.ts';
import { contextFor } from '../src/index.ts';

/** Sets a game up and applies scripted actions, telling `watchers` every view as it goes. */
export function scripted(
  game: AnyGame,
  config: Parameters<AnyGame['setup']>[0],
  moves: ReadonlyArray<[Seat, string]>,
  watchers: ReadonlyArray<[Bot, Seat]> = [],
): unknown {
  const setup = game.setup(config);
  if (!setup.ok) throw new Error(setup.error.message);
  const s: unknown = setup.value;
  const tell = () => {
    for (const [bot, seat] of watchers) bot.observe?.(game.view(s, seat), seat);
  };
  tell();
  for (const [seat, text] of moves) {
    // As a referee would: list the legal actions before each move (engines may cache them).
    game.legalActions(s, seat);
    const a = game.parseAction(text);
    if (!a.ok) throw new Error(`${text}: ${a.error.message}`);
    const e = game.applyInPlace(s, seat, a.value);
    if (e) throw new Error(`${text}: ${e.message}`);
    tell();
  }
  return s;
}

/** The bot's choice for `seat` in `state`, as action text. */
export function choice(game: AnyGame, bot: Bot, state: unknown, seat: Seat, iterations?: number): string {
  const legal = game.legalActions(state, seat);
  const ctx = contextFor(
    game,
    state,
    seat,
    iterations !== undefined ? { iterations, timeMs: 0 } : { timeMs: 0 },
  );
  const a = bot.chooseAction(game.view(state, seat), seat, legal, ctx) as Action;
  return game.formatAction(a);
}
