/**
 * Bot construction: per game, the levels `random`, `easy`, `medium`, `hard`, `expert`.
 *
 * - random: a uniformly random legal action.
 * - easy: the game's heuristic with mistakes (or, in Sweet16, a poor memory).
 * - medium: the game's heuristic, a good club player.
 * - hard, expert: ISMCTS with the heuristic as rollout policy (more iterations for expert), or
 *   a stronger game-specific method where the game calls for one.
 * Games without their own bots fall back to a generic ISMCTS with random rollouts.
 */
import type { AnyGame } from '@matchbox/engine';
import { getGame } from '@matchbox/engine';
import type { GameBotFactory } from './base.ts';
import { RandomBot, SearchBot } from './base.ts';
import { genericAdapter } from './ismcts.ts';
import type { Bot, BotLevel } from './types.ts';
import { matchBot } from './games/match-bots.ts';
import { matchetBot } from './games/matchet-bots.ts';
import { matchmasterBot } from './games/matchmaster-bots.ts';
import { sweet16Bot } from './games/sweet16-bots.ts';

const FACTORIES: Record<string, GameBotFactory> = {
  matchmaster: matchmasterBot,
  match: matchBot,
  matchet: matchetBot,
  sweet16: sweet16Bot,
};

const GENERIC_ITERATIONS: Record<BotLevel, number> = {
  random: 0,
  easy: 50,
  medium: 300,
  hard: 1000,
  expert: 3000,
};

function genericBot(game: AnyGame, level: BotLevel, seed: string): Bot {
  const name = `${game.meta.id}-${level}`;
  if (level === 'random') return new RandomBot(name, seed);
  return new SearchBot(name, level, seed, {
    adapter: genericAdapter(game),
    options: { iterations: GENERIC_ITERATIONS[level], timeMs: 1000 },
  });
}

/**
 * A bot for `gameId` at `level`, deterministic for `seed` (as long as no time cap cuts a search
 * short: budgets are in iterations, with a wall-clock cap for live play).
 */
export function createBot(gameId: string, level: BotLevel, seed: string): Bot {
  const game = getGame(gameId);
  if (!game) throw new Error(`unknown game "${gameId}"`);
  if (level === 'random') return new RandomBot(`${gameId}-random`, seed);
  return FACTORIES[gameId]?.(level, seed) ?? genericBot(game, level, seed);
}
