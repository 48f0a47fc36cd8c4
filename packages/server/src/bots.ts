/**
 * Bots off the main thread: a pool of worker threads (one per core by default) that answer
 * "what does this seat's bot play?" from the seat's sampler data only. A table seat always goes
 * to the same worker, where its bot keeps its memory between moves.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { BotLevel } from '@matchbox/bots';
import { samplerData } from '@matchbox/bots';
import { getGame } from '@matchbox/engine';
import type { Seat } from '@matchbox/engine';
import type { BotReply, BotRequest } from './bot-worker.ts';

export interface BotMoveRequest {
  /** One bot per key (a table seat). */
  readonly key: string;
  readonly game: string;
  /** The real state, serialized; it never reaches the worker (only the seat's sampler data does). */
  readonly save: unknown;
  readonly seat: Seat;
  readonly level: BotLevel;
  readonly seed: string;
}

export interface BotRunner {
  /** The bot's action in the game's text notation. */
  move(request: BotMoveRequest): Promise<string>;
  close(): Promise<void>;
}

interface Pending {
  resolve: (action: string) => void;
  reject: (error: Error) => void;
}

/** Worker options that load the worker from TypeScript sources when we run from them. */
function workerSpec(): { url: URL; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const url = new URL(fromSource ? './bot-worker.ts' : './bot-worker.js', import.meta.url);
  const conditions = process.execArgv.filter((a) => a.startsWith('--conditions') || a.startsWith('-C'));
  return { url, execArgv: fromSource ? ['--import', 'tsx', ...conditions] : conditions };
}

export class WorkerBotRunner implements BotRunner {
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(
    size = Math.max(1, availableParallelism()),
    private readonly timeMs = 2000,
  ) {
    const spec = workerSpec();
    for (let i = 0; i < size; i++) {
      const worker = new Worker(spec.url, { execArgv: spec.execArgv });
      worker.on('message', (reply: BotReply) => {
        const p = this.pending.get(reply.id);
        if (!p) return;
        this.pending.delete(reply.id);
        if ('error' in reply) p.reject(new Error(reply.error));
        else p.resolve(reply.action);
      });
      worker.on('error', (error) => {
        if (!this.closed) for (const p of this.pending.values()) p.reject(error);
      });
      worker.unref();
      this.workers.push(worker);
    }
  }

  move(request: BotMoveRequest): Promise<string> {
    if (this.closed) return Promise.reject(new Error('the bot pool is closed'));
    const game = getGame(request.game);
    if (!game) return Promise.reject(new Error(`unknown game ${request.game}`));
    const loaded = game.deserialize(request.save);
    if (!loaded.ok) return Promise.reject(new Error(loaded.error.message));
    const id = this.nextId++;
    const message: BotRequest = {
      id,
      key: request.key,
      data: samplerData(game, loaded.value, request.seat),
      level: request.level,
      seed: request.seed,
      timeMs: this.timeMs,
    };
    const worker = this.workers[hash(request.key) % this.workers.length]!;
    return new Promise<string>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage(message);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.pending.values()) p.reject(new Error('the bot pool is closed'));
    this.pending.clear();
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
