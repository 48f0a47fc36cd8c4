/**
 * The referee's side of a bot worker thread (Node's `worker_threads`): `BotWorker` starts the
 * entry module (worker.ts, or its built worker.js), sends it requests and matches the answers.
 *
 * Only the entry file differs between running from source and running built JavaScript:
 * `botWorkerEntry()` names worker.js next to the built host, and from TypeScript source
 * worker-tsx.mjs, which registers tsx's loader in the thread (a worker thread does not inherit
 * the parent's loader hooks) and then runs worker.ts.
 *
 * Aborting: `choose(request, signal)` rejects at once when `signal` aborts, and tells the worker
 * through shared memory, so its search stops within a few iterations and the thread is free for
 * the next request (a synchronous search cannot receive messages, so a message would not do).
 */
import type { WorkerOptions } from 'node:worker_threads';
import { Worker } from 'node:worker_threads';
import type { BotAnswer, BotRequest, HintAnswer, HintRequest, SolveAnswer, SolveRequest } from './remote.ts';

const FROM_SOURCE = import.meta.url.endsWith('.ts');

/** The worker entry next to this module: worker.js when built, worker-tsx.mjs from source. */
export function botWorkerEntry(): URL {
  return new URL(FROM_SOURCE ? './worker-tsx.mjs' : './worker.js', import.meta.url);
}

/**
 * The worker's options by default: from source, the workspace packages resolve to their sources
 * too (the `matchbox-source` export condition), not to a possibly stale build; built, none.
 */
export function botWorkerOptions(): WorkerOptions {
  return { execArgv: FROM_SOURCE ? ['--conditions=matchbox-source'] : [] };
}

const abortReason = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new Error('The bot request was aborted.');

type Answer = BotAnswer | HintAnswer | SolveAnswer;
type Settle = { resolve: (a: Answer) => void; reject: (e: Error) => void; done: () => void };

export class BotWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Settle>();
  private next = 1;
  private failed: Error | null = null;

  constructor(entry: string | URL = botWorkerEntry(), options: WorkerOptions = botWorkerOptions()) {
    this.worker = new Worker(entry, options);
    this.worker.on('message', (answer: Answer) => {
      const id = answer.id;
      if (id === undefined) return;
      const p = this.pending.get(id);
      if (!p) return; // answered after an abort: ignored
      this.pending.delete(id);
      p.done();
      p.resolve(answer);
    });
    const fail = (error: Error) => {
      this.failed = error;
      for (const p of this.pending.values()) {
        p.done();
        p.reject(error);
      }
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the bot worker exited (code ${code})`)));
  }

  /**
   * Asks the worker for a decision. Resolves with its answer (an error answer is not a
   * rejection); rejects when `signal` aborts (with its reason) or the worker dies.
   */
  choose(request: Omit<BotRequest, 'id' | 'stop'>, signal?: AbortSignal): Promise<BotAnswer> {
    return this.post(request, signal) as Promise<BotAnswer>;
  }

  /**
   * Asks the worker for a hint (the bots' `hint()` for the seat of `request`), queued with the
   * decisions. Resolves and rejects as `choose` does.
   */
  hint(request: Omit<HintRequest, 'id' | 'stop'>, signal?: AbortSignal): Promise<HintAnswer> {
    return this.post(request, signal) as Promise<HintAnswer>;
  }

  /**
   * Asks the worker whether a MATCHET Solitaire B position can still be won (the solver),
   * queued with the decisions. Resolves and rejects as `choose` does.
   */
  solve(request: Omit<SolveRequest, 'id'>, signal?: AbortSignal): Promise<SolveAnswer> {
    return this.post(request, signal) as Promise<SolveAnswer>;
  }

  private post(
    request: Omit<BotRequest, 'id' | 'stop'> | Omit<HintRequest, 'id' | 'stop'> | Omit<SolveRequest, 'id'>,
    signal?: AbortSignal,
  ): Promise<Answer> {
    if (this.failed) return Promise.reject(this.failed);
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const id = this.next++;
    const stop = new SharedArrayBuffer(4);
    return new Promise<Answer>((resolve, reject) => {
      const onAbort = () => {
        Atomics.store(new Int32Array(stop), 0, 1);
        this.pending.delete(id);
        reject(abortReason(signal!));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, {
        resolve,
        reject,
        done: () => signal?.removeEventListener('abort', onAbort),
      });
      this.worker.postMessage({ ...request, id, stop });
    });
  }

  /** Stops the thread; pending requests are rejected. */
  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
