/**
 * Opponents for `matchbox play`: the bots of @matchbox/bots. The referee (this module) holds the
 * real state but hands each bot only its seat's view, the legal actions and determinizations.
 */
import type { Action, AnyGame, Seat } from '@matchbox/engine';
import { BOT_LEVELS, createBot, decide, isBotLevel, type Bot } from '@matchbox/bots';

export interface Opponent {
  readonly level: string;
  choose(game: AnyGame, state: unknown, seat: Seat): Promise<Action>;
  /** Shows the bot its seat's view after every action, so that it can remember what it saw. */
  observe(view: object, seat: Seat): void;
}

export const OPPONENT_LEVELS = BOT_LEVELS;

export function makeOpponent(game: AnyGame, level: string, seed: string): Opponent | string {
  if (!isBotLevel(level)) {
    return `Unknown bot level "${level}" (available: ${BOT_LEVELS.join(', ')}).`;
  }
  const bot: Bot = createBot(game.meta.id, level, seed);
  bot.reset?.();
  return {
    level,
    choose: (g, state, seat) => decide(g, state, seat, bot),
    observe: (view, seat) => bot.observe?.(view, seat),
  };
}
