/**
 * Bot construction: per game, the levels `random`, `easy`, `medium`, `hard`, `expert`.
 *
 * - random: a uniformly random legal action.
 * - easy: the game's heuristic with mistakes (or a poor memory).
 * - medium: the game's heuristic, a good club player.
 * - hard, expert: ISMCTS with the heuristic as rollout policy (more iterations for expert), or
 *   a stronger game-specific method where the game calls for one.
 * Each game's own bots come from its plugin (games/<game>/index.ts); games without one fall back
 * to a generic ISMCTS with random rollouts.
 */
import type { AnyGame } from '@matchbox/engine';
import { getGame } from '@matchbox/engine';
import { RandomBot, SearchBot } from './base.ts';
import { genericAdapter } from './ismcts.ts';
import type { Bot, BotLevel } from './types.ts';
import { isBotLevel } from './types.ts';
import { botPlugin } from './games/index.ts';

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
  // Only the levels: the arena's all-seeing evaluation bot (seer.ts) is not one of them.
  if (!isBotLevel(level)) throw new Error(`unknown bot level "${String(level)}"`);
  if (level === 'random') return new RandomBot(`${gameId}-random`, seed);
  return botPlugin(gameId)?.bot(level, seed) ?? genericBot(game, level, seed);
}

/**
 * A bot line-up entry: a level, optionally with pieces of knowledge switched off (each after a
 * minus sign) to measure them: `expert-endgame-infer` is the expert without exact endgames and bid
 * inference. Each game's plugin (games/<game>/index.ts) names its pieces (`toggles`).
 */
export type BotSpec = string;

/** The level and the pieces switched off, or an error message. */
export function parseBotSpec(
  gameId: string,
  spec: BotSpec,
): { ok: true; level: BotLevel; off: ReadonlySet<string> } | { ok: false; message: string } {
  const [level = '', ...rest] = spec.split('-');
  if (!isBotLevel(level)) return { ok: false, message: `unknown level "${level}"` };
  const off = rest;
  const known: readonly string[] = botPlugin(gameId)?.toggles ?? [];
  const bad = off.find((t) => !known.includes(t));
  if (bad !== undefined) {
    return {
      ok: false,
      message: `"${bad}" is not a piece a ${gameId} bot can switch off${known.length ? ` (${known.join(', ')})` : ''}`,
    };
  }
  return { ok: true, level, off: new Set(off) };
}

/** `createBot` for a line-up entry (see `BotSpec`); throws on a bad entry. */
export function createBotFromSpec(gameId: string, spec: BotSpec, seed: string): Bot {
  const parsed = parseBotSpec(gameId, spec);
  if (!parsed.ok) throw new Error(`bot "${spec}": ${parsed.message}`);
  if (parsed.off.size === 0) return createBot(gameId, parsed.level, seed);
  return (
    botPlugin(gameId)?.withPieces?.(parsed.level, seed, parsed.off) ?? createBot(gameId, parsed.level, seed)
  );
}
