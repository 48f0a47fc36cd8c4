/**
 * A bot thread: receives a seat's sampler data (a determinization, never the real state), the
 * bot's level and seed, and answers the bot's action in text notation. Bots are kept per table
 * seat so that a bot remembers what it saw between its moves.
 */
import { parentPort } from 'node:worker_threads';
import type { Bot, BotLevel, SamplerData } from '@matchbox/bots';
import { createBot, decide, samplerFrom } from '@matchbox/bots';
import { getGame } from '@matchbox/engine';

export interface BotRequest {
  readonly id: number;
  /** Table and seat: one bot per key. */
  readonly key: string;
  readonly data: SamplerData;
  readonly level: BotLevel;
  readonly seed: string;
  /** Safety cap on one move's search (ms); the budget itself is in iterations. */
  readonly timeMs: number;
}

export type BotReply =
  { readonly id: number; readonly action: string } | { readonly id: number; readonly error: string };

const bots = new Map<string, Bot>();

async function answer(req: BotRequest): Promise<BotReply> {
  const game = getGame(req.data.game);
  if (!game) return { id: req.id, error: `unknown game ${req.data.game}` };
  const built = samplerFrom(req.data, game);
  if (!built.ok) return { id: req.id, error: `${built.error.code}: ${built.error.message}` };
  const state = built.value.base;
  let bot = bots.get(req.key);
  if (!bot || bot.level !== req.level) {
    bot = createBot(game.meta.id, req.level, req.seed);
    bots.set(req.key, bot);
    if (bots.size > 5000) bots.delete(bots.keys().next().value as string);
  }
  bot.observe?.(game.view(state, req.data.seat) as never, req.data.seat);
  const action = await decide(game, state, req.data.seat, bot, { timeMs: req.timeMs });
  return { id: req.id, action: game.formatAction(action) };
}

parentPort?.on('message', (req: BotRequest) => {
  answer(req).then(
    (reply) => parentPort?.postMessage(reply),
    (error: unknown) =>
      parentPort?.postMessage({ id: req.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
