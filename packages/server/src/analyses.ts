/**
 * Analyses of finished tables (the bots package's analysis: every decision of every seat valued
 * from what that seat could know, and hindsight with every card open, which a finished game may
 * show). Asked for over HTTP (analysis-http.ts), computed once and kept with the table.
 *
 * Analyses never hold up play: they run one at a time per node, in a process of their own whose
 * every thread the operating system runs at the lowest priority (`nice` 19), so the server's
 * threads and its bots take the processor whenever they want it; and one decision per request,
 * so that stopping one loses one decision's work at most. The queue behind the running analysis is bounded: past
 * it a request is refused with `busy`, not kept waiting for an unbounded time. It is a queue per
 * requester served round-robin (fair-queue.ts), and one requester (an address, an account) has at
 * most `perRequester` analyses waiting, so nobody fills it for everyone else.
 */
import type { ChildProcess } from 'node:child_process';
import { fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { WireErrorCode } from '@matchbox/client/wire';
import type { ServerError } from './outcome.ts';
import { asServerError } from './outcome.ts';
import type { AnalyseAnswer, AnalyseRequest, DecisionAnalysis, GameAnalysis } from '@matchbox/bots/analysis';
import type { GameRecord } from '@matchbox/engine';
import type { Logger } from 'pino';
import type { Db } from './db.ts';
import { isUniqueViolation } from './db.ts';
import { FairQueue } from './fair-queue.ts';
import type { Charge, Requester } from './limits.ts';

/** Where a table's analysis stands, as GET and POST /api/tables/:id/analysis answer. */
export type AnalysisStatus =
  | { readonly status: 'none' }
  /** `position` 1 is the next to run. */
  | { readonly status: 'queued'; readonly position: number }
  /** `done` decisions of `total` valued. */
  | { readonly status: 'running'; readonly done: number; readonly total: number }
  | { readonly status: 'done'; readonly analysis: GameAnalysis }
  | { readonly status: 'failed'; readonly error: ServerError };

export type AnalysisOutcome =
  { ok: true; value: AnalysisStatus } | { ok: false; error: ServerError & { readonly retryAfter?: number } };

/** What runs an analysis request: a child process (`ProcessAnalysisRunner`), or a stand-in in tests. */
export interface AnalysisRunner {
  analyse(request: Omit<AnalyseRequest, 'id' | 'stop'>, signal: AbortSignal): Promise<AnalyseAnswer>;
  close(): Promise<void>;
}

/** The lowest scheduling priority: the process runs when nothing else of the machine wants to. */
export const ANALYSIS_NICE = 19;

const FROM_SOURCE = import.meta.url.endsWith('.ts');

/**
 * One child process at `nice` 19 (analysis-process.ts), started at the first analysis; a request
 * at a time. Not a worker thread: a worker shares V8's helper threads (garbage collection,
 * compilation) with the server's main thread at the normal priority, and the server bench showed
 * its actions' p99 grow tenfold with a search running in one. Aborting ends the process; the
 * next request starts another.
 */
export class ProcessAnalysisRunner implements AnalysisRunner {
  private child: ChildProcess | null = null;
  private pending: { resolve: (a: AnalyseAnswer) => void; reject: (e: Error) => void } | null = null;

  /** The analysis process's id while it runs. */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  analyse(request: Omit<AnalyseRequest, 'id' | 'stop'>, signal: AbortSignal): Promise<AnalyseAnswer> {
    if (signal.aborted) return Promise.reject(abortReason(signal));
    if (this.pending) return Promise.reject(new Error('one analysis request at a time'));
    const child = (this.child ??= this.start());
    return new Promise<AnalyseAnswer>((resolve, reject) => {
      const onAbort = () => {
        this.pending = null;
        this.stop();
        reject(abortReason(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const done = () => {
        this.pending = null;
        signal.removeEventListener('abort', onAbort);
      };
      this.pending = {
        resolve: (a) => {
          done();
          resolve(a);
        },
        reject: (e) => {
          done();
          reject(e);
        },
      };
      child.send(request);
    });
  }

  async close(): Promise<void> {
    const child = this.child;
    if (!child) return;
    const exited = new Promise((r) => child.once('exit', r));
    this.stop();
    await exited;
  }

  private start(): ChildProcess {
    const entry = fileURLToPath(
      new URL(FROM_SOURCE ? './analysis-process.ts' : './analysis-process.js', import.meta.url),
    );
    const child = fork(entry, [], {
      execArgv: FROM_SOURCE ? ['--import', 'tsx', '--conditions=matchbox-source'] : [],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    try {
      // At once, before Node's own threads start in it (they inherit it); the child lowers any it has.
      if (child.pid !== undefined) setPriority(child.pid, ANALYSIS_NICE);
    } catch {
      // Not permitted here: the child tries again itself.
    }
    child.on('message', (m: AnalyseAnswer | { ready: true }) => {
      if ('ready' in m) return;
      this.pending?.resolve(m);
    });
    child.on('exit', (code, sig) => {
      if (this.child === child) this.child = null;
      this.pending?.reject(new Error(`the analysis process ended (${sig ?? code})`));
    });
    return child;
  }

  private stop(): void {
    const child = this.child;
    this.child = null;
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

const abortReason = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new Error('The analysis was stopped.');

/** The stored analyses, one per table (migration 0005). */
export class AnalysisStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async get(tableId: string): Promise<GameAnalysis | null> {
    const row = await this.db
      .selectFrom('analyses')
      .select('analysis')
      .where('table_id', '=', tableId)
      .executeTakeFirst();
    return row ? (JSON.parse(row.analysis) as GameAnalysis) : null;
  }

  /** Keeps a table's analysis; a second one for the same table (another node's) is dropped. */
  async put(tableId: string, analysis: GameAnalysis): Promise<void> {
    try {
      await this.db
        .insertInto('analyses')
        .values({ table_id: tableId, analysis: JSON.stringify(analysis), created_at: this.now() })
        .execute();
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
    }
  }
}

export interface AnalysisOptions {
  /** Analyses waiting behind the running one, at most (past it: `busy`). */
  readonly queue: number;
  /** Analyses one address, or one account, may have waiting at once (past it: `too_many_waiting`). */
  readonly perRequester: number;
  /** Search iterations per decision; undefined: each game's default. */
  readonly budget?: number | undefined;
}

interface Job {
  readonly tableId: string;
  readonly requester: Requester;
  readonly record: GameRecord;
  running: boolean;
  done: number;
  total: number;
}

/** Failed analyses remembered (to say why), at most. */
const FAILURES_KEPT = 200;

const fail = (code: WireErrorCode, message: string): { ok: false; error: ServerError } => ({
  ok: false,
  error: { code, message },
});

export class AnalysisService {
  private readonly jobs = new Map<string, Job>();
  private readonly waiting = new FairQueue<Job>();
  private readonly failures = new Map<string, ServerError>();
  private readonly stop = new AbortController();
  private running: Promise<void> | null = null;

  constructor(
    /** A finished table's published record; `no_such_table` or `not_finished` otherwise. */
    private readonly recordOf: (
      tableId: string,
    ) => Promise<{ ok: true; value: GameRecord } | { ok: false; error: ServerError }>,
    private readonly store: AnalysisStore,
    private readonly runner: AnalysisRunner,
    private readonly options: AnalysisOptions,
    private readonly log: Logger,
  ) {}

  /** How many analyses run or wait on this node. */
  get load(): number {
    return this.jobs.size;
  }

  /** Where a table's analysis stands, without starting one. */
  async status(tableId: string): Promise<AnalysisOutcome> {
    const known = await this.known(tableId);
    if (known) return { ok: true, value: known };
    const record = await this.recordOf(tableId);
    if (!record.ok) return record;
    const failed = this.failures.get(tableId);
    return { ok: true, value: failed ? { status: 'failed', error: failed } : { status: 'none' } };
  }

  /**
   * Starts a finished table's analysis for `requester`, unless it is stored (then it is the
   * answer), running or waiting already; `busy` when the queue is full, `too_many_waiting` when
   * the requester has `perRequester` waiting. Only an analysis that is started is `charge`d (its
   * cost limit), so asking again about one costs nothing.
   */
  async request(
    tableId: string,
    requester: Requester,
    charge: () => Promise<Charge> = () => Promise.resolve({ ok: true }),
  ): Promise<AnalysisOutcome> {
    const known = await this.known(tableId);
    if (known) return { ok: true, value: known };
    const record = await this.recordOf(tableId);
    if (!record.ok) return record;
    const again = this.jobs.get(tableId); // asked twice at once
    if (again) return { ok: true, value: this.statusOf(again) };
    if (this.stop.signal.aborted) return fail('busy', 'The server is stopping.');
    if (this.waiting.size >= this.options.queue)
      return fail('busy', `${this.options.queue} analyses are waiting already; ask again in a few minutes.`);
    if (this.waitingFor(requester) >= this.options.perRequester)
      return {
        ok: false,
        error: {
          code: 'too_many_waiting',
          message: `You have ${this.options.perRequester} analyses waiting already; ask again when one is done.`,
          retryAfter: 60,
        },
      };
    const charged = await charge();
    if (!charged.ok)
      return {
        ok: false,
        error: {
          code: 'rate_limited',
          message: 'Too many analyses asked for.',
          retryAfter: charged.retryAfter,
        },
      };
    if (this.jobs.has(tableId)) return { ok: true, value: this.statusOf(this.jobs.get(tableId)!) };
    const job: Job = { tableId, requester, record: record.value, running: false, done: 0, total: 0 };
    this.failures.delete(tableId);
    this.jobs.set(tableId, job);
    this.waiting.push(queueKey(requester), job);
    this.running ??= this.drain();
    return { ok: true, value: this.statusOf(job) };
  }

  /** Stops the running analysis (within one decision) and drops the waiting ones. */
  async close(): Promise<void> {
    this.stop.abort(new Error('the server is stopping'));
    this.waiting.clear();
    await this.running?.catch(() => undefined);
    await this.runner.close();
  }

  private async known(tableId: string): Promise<AnalysisStatus | null> {
    const job = this.jobs.get(tableId);
    if (job) return this.statusOf(job);
    const stored = await this.store.get(tableId);
    return stored ? { status: 'done', analysis: stored } : null;
  }

  private statusOf(job: Job): AnalysisStatus {
    return job.running
      ? { status: 'running', done: job.done, total: job.total }
      : { status: 'queued', position: this.waiting.order().indexOf(job) + 1 };
  }

  /** Analyses waiting that `requester`'s address or account asked for. */
  private waitingFor(requester: Requester): number {
    let n = 0;
    for (const job of this.waiting.order())
      if (
        job.requester.address === requester.address ||
        (requester.account !== null && job.requester.account === requester.account)
      )
        n++;
    return n;
  }

  private async drain(): Promise<void> {
    try {
      for (let job = this.waiting.shift(); job; job = this.waiting.shift()) {
        job.running = true;
        const started = performance.now();
        try {
          const analysis = await this.run(job);
          await this.store.put(job.tableId, analysis);
          this.log.info(
            {
              table: job.tableId,
              game: analysis.game,
              decisions: analysis.decisions.length,
              seconds: Math.round((performance.now() - started) / 100) / 10,
            },
            'table analysed',
          );
        } catch (e) {
          const error: ServerError =
            e instanceof AnalysisFailure
              ? e.error
              : { code: 'analysis_failed', message: 'The analysis could not be made.' };
          if (!this.stop.signal.aborted) {
            this.log.warn({ table: job.tableId, err: e }, 'analysis failed');
            this.failures.set(job.tableId, error);
            if (this.failures.size > FAILURES_KEPT) this.failures.delete(this.failures.keys().next().value!);
          }
        } finally {
          this.jobs.delete(job.tableId);
        }
      }
    } finally {
      this.running = null;
    }
  }

  /** The decisions one per request, then the whole with them given (and hindsight). */
  private async run(job: Job): Promise<GameAnalysis> {
    const options = {
      seed: `table:${job.tableId}`,
      ...(this.options.budget !== undefined ? { budget: this.options.budget } : {}),
    };
    const ask = async (extra: object): Promise<GameAnalysis> => {
      const answer = await this.runner.analyse(
        { kind: 'analyse', record: job.record, options: { ...options, ...extra } },
        this.stop.signal,
      );
      if (!answer.ok) throw new AnalysisFailure(asServerError(answer.error));
      return answer.analysis;
    };
    const plan = await ask({ only: [], hindsight: false });
    job.total = plan.decisionMoves.length;
    const decisions: DecisionAnalysis[] = [];
    for (const move of plan.decisionMoves) {
      const one = await ask({ only: [move], hindsight: false });
      decisions.push(...one.decisions);
      job.done = decisions.length;
    }
    return ask({ given: decisions });
  }
}

/** A member's analyses wait in their account's line, a guest's in their address's. */
const queueKey = (r: Requester): string =>
  r.account !== null ? `account:${r.account}` : `address:${r.address}`;

class AnalysisFailure extends Error {
  constructor(readonly error: ServerError) {
    super(`${error.code}: ${error.message}`);
  }
}
