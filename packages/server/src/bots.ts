/**
 * Bots off the main thread: a pool of the bots package's worker threads (one per core by default)
 * that answer "what does this seat's bot play?". A request carries the seat's sampler data (a
 * determinization for that seat), never the real state; a table seat always goes to the same
 * thread. Strength comes from iteration budgets; `timeMs` is only a safety cap.
 *
 * Each thread is given one request at a time, from a queue per requester served round-robin
 * (fair-queue.ts): a bot move is its table creator's (an address), so whoever opened many bot
 * tables waits behind everyone else's next move instead of ahead of it.
 */
import { setMaxListeners } from 'node:events';
import { availableParallelism } from 'node:os';
import type { BotLevel, BotRequest } from '@matchbox/bots';
import { botRequest, createBot } from '@matchbox/bots';
import type { Hint } from '@matchbox/client/wire';
import type { ServerError } from './outcome.ts';
import { asServerError } from './outcome.ts';
import { BotWorker } from '@matchbox/bots/worker-host';
import type { Seat, SolveStatus } from '@matchbox/engine';
import { getGame } from '@matchbox/engine';
import { FairQueue } from './fair-queue.ts';

export interface BotMoveRequest {
  /** A table seat: requests with the same key go to the same thread. */
  readonly key: string;
  readonly game: string;
  /** The real state, serialized; it never reaches the worker (only the seat's sampler data does). */
  readonly save: unknown;
  readonly seat: Seat;
  readonly level: BotLevel;
  readonly seed: string;
  /**
   * For bots that remember (`remembers`): the seat's view after the setup and after every move in
   * effect, oldest first; the bot is shown them before it decides, as the browser's and the
   * terminal's bots are shown them as the game goes.
   */
  readonly observed?: readonly object[];
  /**
   * Whose work it is, for the fair share of the threads: a table's creator for its bots' moves;
   * by default the `key` (a hint is its seat's).
   */
  readonly requester?: string;
  /** The search's time cap for this move (ms), instead of the runner's; 0: none, the whole budget. */
  readonly timeMs?: number;
}

/** One thread's line of requests: one runs at a time, the next from a queue per requester. */
interface Lane {
  readonly worker: BotWorker;
  readonly waiting: FairQueue<() => void>;
  busy: boolean;
}

const remembering = new Map<string, boolean>();

/** Whether a game's bots of `level` remember what they saw (Sweet16's: they are fed `observed`). */
export function remembers(game: string, level: BotLevel): boolean {
  const key = `${game}:${level}`;
  let known = remembering.get(key);
  if (known === undefined) {
    known = typeof createBot(game, level, 'probe').observe === 'function';
    remembering.set(key, known);
  }
  return known;
}

/** At most this many choices of a hint are sent (the best ones; a MATCH! turn may have many). */
const HINT_CHOICES = 24;

export interface BotRunner {
  /** The bot's action in the game's text notation. */
  move(request: BotMoveRequest): Promise<string>;
  /**
   * The bots' suggestion for the seat (a person's, on a hint button), computed in a worker from
   * the seat's determinization like a bot move; an error value (`no_hint`) when none can be made.
   */
  hint(request: BotMoveRequest): Promise<{ ok: true; hint: Hint } | { ok: false; error: ServerError }>;
  /**
   * Whether a MATCHET Solitaire B position (serialized; its stacks lie face up) can still be
   * won, from the solver within `maxNodes` positions, in a worker.
   */
  solve(
    key: string,
    save: unknown,
    maxNodes: number,
  ): Promise<{ ok: true; status: SolveStatus; nodes: number } | { ok: false; error: ServerError }>;
  close(): Promise<void>;
}

export class WorkerBotRunner implements BotRunner {
  private readonly lanes: Lane[] = [];
  private readonly stop = new AbortController();

  constructor(
    // One thread per core but one: the event loop keeps a core of its own, so a crowd of bot
    // tables slows bots, not every table's moves.
    size = Math.max(1, availableParallelism() - 1),
    private readonly timeMs = 2000,
  ) {
    for (let i = 0; i < size; i++)
      this.lanes.push({ worker: new BotWorker(), waiting: new FairQueue(), busy: false });
    setMaxListeners(0, this.stop.signal); // one listener per request in flight
  }

  /**
   * Runs `job` on the thread of `key` when `requester`'s turn comes: one request at a time per
   * thread, requesters served round-robin.
   */
  private inTurn<T>(key: string, requester: string, job: (worker: BotWorker) => Promise<T>): Promise<T> {
    const lane = this.lanes[hash(key) % this.lanes.length]!;
    return new Promise<T>((resolve, reject) => {
      lane.waiting.push(requester, () => {
        if (this.stop.signal.aborted) {
          reject(this.stop.signal.reason as Error);
          return this.next(lane);
        }
        lane.busy = true;
        job(lane.worker)
          .then(resolve, reject)
          .finally(() => {
            lane.busy = false;
            this.next(lane);
          });
      });
      if (!lane.busy) this.next(lane);
    });
  }

  private next(lane: Lane): void {
    if (!lane.busy) lane.waiting.shift()?.();
  }

  /**
   * The worker that serves `request`'s table and seat (the same one each time) and the request
   * it is sent: the seat's determinization data and views, never the real state.
   */
  private prepare(request: BotMoveRequest): BotRequest {
    const game = getGame(request.game);
    if (!game) throw new Error(`unknown game ${request.game}`);
    const loaded = game.deserialize(request.save);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const { seat, level, seed, observed } = request;
    return botRequest(
      game,
      loaded.value,
      seat,
      level,
      seed,
      { timeMs: request.timeMs ?? this.timeMs },
      observed,
    );
  }

  async move(request: BotMoveRequest): Promise<string> {
    const sent = this.prepare(request);
    const answer = await this.inTurn(request.key, request.requester ?? request.key, (worker) =>
      worker.choose(sent, this.stop.signal),
    );
    if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
    return answer.text;
  }

  async hint(request: BotMoveRequest): Promise<{ ok: true; hint: Hint } | { ok: false; error: ServerError }> {
    const sent = this.prepare(request);
    const answer = await this.inTurn(request.key, request.requester ?? request.key, (worker) =>
      worker.hint({ kind: 'hint', ...sent }, this.stop.signal),
    );
    if (!answer.ok) return { ok: false, error: { code: 'no_hint', message: answer.error.message } };
    // Only text and numbers cross: the bots' actions as JSON and their notes stay here.
    const hint: Hint = {
      text: answer.hint.text,
      alternatives: answer.hint.alternatives.slice(0, HINT_CHOICES).map((a) => ({
        text: a.text,
        value: a.value,
        ...(a.visits !== undefined ? { visits: a.visits } : {}),
        ...(a.outcomes !== undefined ? { outcomes: a.outcomes } : {}),
      })),
    };
    return { ok: true, hint };
  }

  async solve(
    key: string,
    save: unknown,
    maxNodes: number,
  ): Promise<{ ok: true; status: SolveStatus; nodes: number } | { ok: false; error: ServerError }> {
    const answer = await this.inTurn(key, key, (worker) =>
      worker.solve({ kind: 'solve', save, maxNodes }, this.stop.signal),
    );
    if (!answer.ok) return { ok: false, error: asServerError(answer.error) };
    return { ok: true, status: answer.status, nodes: answer.nodes };
  }

  async close(): Promise<void> {
    this.stop.abort(new Error('the server is stopping'));
    for (const lane of this.lanes) while (lane.waiting.size > 0) lane.waiting.shift()?.();
    await Promise.all(this.lanes.map((l) => l.worker.close()));
  }
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
