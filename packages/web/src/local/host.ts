/**
 * The local table's side of the worker: answers the page's messages, lets the bots play at a
 * pace a person can follow, saves after every change, and posts only the person's updates.
 * worker.ts wires it to the Web Worker's messages and IndexedDB; the tests wire it to arrays.
 */
import { dailyDeal, isDate, solution } from '../games/matchet/daily.ts';
import type { LocalSave } from './localTable.ts';
import { LocalTable } from './localTable.ts';
import type { PageMessage, ShownSolution, WorkerMessage } from './protocol.ts';

/** Where saves go (IndexedDB in the worker: a worker has no localStorage). */
export interface SaveStore {
  get(key: string): Promise<unknown>;
  put(key: string, value: unknown): Promise<void>;
}

/** What is stored per key: the game, and for the daily deal the shown solution. */
interface HostSave {
  readonly table: LocalSave;
  readonly solutionAt: number | null;
  readonly daily: { readonly date: string; readonly attempt: number } | null;
}

const DAILY_PACE_MS = 0;

/** A new game's seed when the page asks for a fresh deal (the engine itself never draws one). */
function randomSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `local:${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export class LocalHost {
  private table: LocalTable | null = null;
  private key = '';
  private paceMs = 0;
  /** Bumped by every open, so a bot loop of an earlier table stops. */
  private generation = 0;
  private botsRunning = false;
  private solution: ShownSolution | null = null;
  private daily: { date: string; attempt: number } | null = null;

  constructor(
    private readonly post: (message: WorkerMessage) => void,
    private readonly store: SaveStore,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  async handle(message: PageMessage): Promise<void> {
    switch (message.type) {
      case 'open':
        return this.open(message.key, message.fresh, message.paceMs, () =>
          LocalTable.start(message.setup.seed ? message.setup : { ...message.setup, seed: randomSeed() }),
        );
      case 'daily':
        return this.openDaily(message.date, message.name, message.fresh);
      case 'act': {
        const table = this.table;
        if (!table || this.solution)
          return this.ack(message.id, 'not_playing', 'There is no game to play here.');
        const applied = table.act(message.text);
        if (!applied.ok) return this.ack(message.id, applied.error.code, applied.error.message);
        this.ack(message.id);
        this.changed(applied.value);
        void this.runBots();
        return;
      }
      case 'undo': {
        const table = this.table;
        if (!table || this.solution)
          return this.ack(message.id, 'not_playing', 'There is no game to play here.');
        const refused = table.undo();
        if (refused) return this.ack(message.id, refused.code, refused.message);
        this.ack(message.id);
        this.changed([], true);
        void this.runBots();
        return;
      }
      case 'giveUp':
        return this.giveUp();
      case 'step':
        return this.step();
    }
  }

  private ack(id: number, code?: string, message?: string): void {
    this.post(
      code
        ? { type: 'ack', id, ok: false, error: { code, message: message ?? code } }
        : { type: 'ack', id, ok: true },
    );
  }

  private fail(code: string, message: string): void {
    this.post({ type: 'failed', error: { code, message } });
  }

  private async open(
    key: string,
    fresh: boolean,
    paceMs: number,
    start: () => ReturnType<typeof LocalTable.start>,
    daily: { date: string; attempt: number } | null = null,
  ): Promise<void> {
    const generation = ++this.generation;
    this.key = key;
    this.paceMs = paceMs;
    this.table = null;
    this.solution = null;
    this.daily = daily;
    const saved = fresh ? null : ((await this.store.get(key).catch(() => null)) as HostSave | null);
    if (generation !== this.generation) return;
    let table: LocalTable | null = null;
    if (saved?.table) {
      const resumed = LocalTable.resume(saved.table);
      if (resumed.ok) {
        table = resumed.value;
        this.daily = saved.daily ?? daily;
        if (saved.solutionAt !== null && saved.solutionAt !== undefined) {
          const moves = solution(table.setup);
          if (moves) this.solution = { moves, at: saved.solutionAt };
        }
      }
    }
    if (!table) {
      const started = start();
      if (!started.ok) return this.fail(started.error.code, started.error.message);
      table = started.value;
    }
    this.table = table;
    this.changed([], true);
    void this.runBots();
  }

  private async openDaily(date: string, name: string, fresh: boolean): Promise<void> {
    if (!isDate(date)) return this.fail('bad_date', 'Not a date (YYYY-MM-DD).');
    const key = `daily:${date}`;
    const saved = fresh ? null : ((await this.store.get(key).catch(() => null)) as HostSave | null);
    if (saved?.table && saved.daily) {
      return this.open(key, false, DAILY_PACE_MS, () => LocalTable.start(saved.table.setup), saved.daily);
    }
    const deal = dailyDeal(date, name);
    if (!deal) return this.fail('no_daily_deal', 'No winnable deal was found for this date.');
    return this.open(key, true, DAILY_PACE_MS, () => LocalTable.start(deal.setup), {
      date,
      attempt: deal.attempt,
    });
  }

  /** The daily deal from its start, with the solver's line to step through. */
  private giveUp(): void {
    const table = this.table;
    if (!table || this.solution) return;
    const moves = solution(table.setup);
    if (!moves) return this.fail('no_solution', 'The solver found no winning line for this deal.');
    const restarted = LocalTable.start(table.setup);
    if (!restarted.ok) return this.fail(restarted.error.code, restarted.error.message);
    this.generation++;
    this.table = restarted.value;
    this.solution = { moves, at: 0 };
    this.changed([], true);
  }

  private step(): void {
    const table = this.table;
    const shown = this.solution;
    if (!table || !shown || shown.at >= shown.moves.length) return;
    const applied = table.act(shown.moves[shown.at]!);
    if (!applied.ok) return this.fail(applied.error.code, applied.error.message);
    this.solution = { moves: shown.moves, at: shown.at + 1 };
    this.changed(applied.value);
  }

  /** Posts the person's update and saves; `reset` sends the whole log again. */
  private changed(events: Parameters<LocalTable['update']>[0], reset = false): void {
    const table = this.table;
    if (!table) return;
    this.post({
      type: 'update',
      update: table.update(events),
      log: reset ? table.eventsSoFar() : null,
      solution: this.solution,
      daily: this.daily,
    });
    const save: HostSave = { table: table.save(), solutionAt: this.solution?.at ?? null, daily: this.daily };
    void this.store.put(this.key, save).catch(() => undefined);
  }

  /** Lets the bots play while one of them is to act, one move per pace. */
  private async runBots(): Promise<void> {
    if (this.botsRunning) return;
    this.botsRunning = true;
    const generation = this.generation;
    try {
      for (;;) {
        const table = this.table;
        if (!table || generation !== this.generation || table.botToAct() === null) return;
        if (this.paceMs > 0) await this.sleep(this.paceMs);
        if (generation !== this.generation || this.table !== table) return;
        const events = await table.botStep();
        if (generation !== this.generation || this.table !== table) return;
        if (events) this.changed(events);
      }
    } catch (e) {
      this.fail('bot_failed', e instanceof Error ? e.message : String(e));
    } finally {
      this.botsRunning = false;
      // An open during the loop may have left bots to act at the new table.
      if (generation !== this.generation) void this.runBots();
    }
  }
}
