/**
 * Hints for a "suggest" button: the recommended action for a seat, with the value of every
 * alternative. Given the real state (a server, the CLI), the hint comes from a search over
 * determinizations of it, so it still uses only what the seat may know; given only a view, from
 * the game's heuristic.
 */
import type { Action, AnyGame, Seat } from '@matchbox/engine';
import { getGame } from '@matchbox/engine';
import { FunctionBot } from './base.ts';
import { createBot } from './levels.ts';
import { contextFor } from './runner.ts';
import type { BotContext, BotLevel, Hint } from './types.ts';

export type HintInput =
  { readonly state: unknown } | { readonly view: object; readonly legal: readonly Action[] };

export interface HintOptions {
  /** The level whose judgement is shown (default expert with a state, medium with a view only). */
  readonly level?: BotLevel;
  readonly seed?: string;
  readonly iterations?: number;
  readonly timeMs?: number;
  /**
   * For bots that remember (Sweet16's): the seat's views so far, oldest first, shown to the bot
   * before it weighs the choices, so a hint knows what the player has seen (and nothing more).
   */
  readonly observed?: readonly object[];
}

export function hint(
  gameOrId: string | AnyGame,
  input: HintInput,
  seat: Seat,
  options: HintOptions = {},
): Hint {
  const gameId = typeof gameOrId === 'string' ? gameOrId : gameOrId.meta.id;
  const game = getGame(gameId);
  if (!game) throw new Error(`unknown game "${gameId}"`);
  let view: object;
  let legal: readonly Action[];
  let ctx: BotContext;
  const budget = {
    ...(options.iterations !== undefined ? { iterations: options.iterations } : {}),
    ...(options.timeMs !== undefined ? { timeMs: options.timeMs } : {}),
  };
  if ('state' in input) {
    view = game.view(input.state, seat) as object;
    legal = game.legalActions(input.state, seat);
    ctx = contextFor(game, input.state, seat, budget);
  } else {
    view = input.view;
    legal = input.legal;
    ctx = { game, ...budget };
  }
  if (legal.length === 0) throw new Error(`seat ${seat} has nothing to do`);
  const level = options.level ?? ('state' in input ? 'expert' : 'medium');
  const bot = createBot(gameId, level, options.seed ?? `hint:${seat}`);
  if (bot.observe) for (const v of options.observed ?? []) bot.observe(v, seat);
  // With a state every bot can explain itself; with a view only, the heuristics can (they need
  // no determinizations). An error while explaining (e.g. a `SearchBug`) is a bug: it propagates.
  if (bot.explain && (ctx.sample || bot instanceof FunctionBot)) return bot.explain(view, seat, legal, ctx);
  // Bots without an explanation (Sweet16's memory players) answer themselves; search bots that
  // could not search (no state given) hand over to the heuristic.
  const fallback = bot.explain ? createBot(gameId, 'medium', options.seed ?? `hint:${seat}`) : bot;
  const chosen = fallback.chooseAction(view, seat, legal, ctx);
  if (chosen instanceof Promise) throw new Error('hint: asynchronous bots are not supported');
  const text = game.formatAction(chosen);
  return {
    action: chosen,
    text,
    alternatives: legal.map((a) => ({ action: a, text: game.formatAction(a), value: a === chosen ? 1 : 0 })),
    note: 'heuristic choice',
  };
}
