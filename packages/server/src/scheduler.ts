/**
 * What happens at a table without anyone asking: bots move after a short pause, and a person's
 * turn clock runs out into a bot move for them. Only the node that owns a table drives it.
 */
import { eventOfCreator } from './events/schedule.ts';
import type { Seat } from '@matchbox/engine';
import type { SeatRecord } from '@matchbox/client/wire';
import type { BotRunner } from './bots.ts';
import { remembers } from './bots.ts';
import type { LiveTable } from './live-table.ts';
import type { TableContext } from './live-tables.ts';
import type { Outcome } from './outcome.ts';
import { personPlays, standsIn } from './stand-ins.ts';
import type { LoggedAction, TableRecord } from './store.ts';

/** The longest single timer; longer clocks (slow games) are re-armed when it fires. */
const MAX_TIMER_MS = 6 * 60 * 60 * 1000;

type Level = NonNullable<SeatRecord['level']>;

/** How a bot's (or a run-out clock's) move is played: the commit path's `act`. */
export type Act = (
  id: string,
  seat: Seat,
  action: unknown,
  actor: LoggedAction['actor'],
) => Promise<Outcome<{ version: number }>>;

export class Scheduler {
  /** Seats whose bot (or clock substitute) is thinking or waiting: `${table}:${seat}`. */
  private readonly pendingBots = new Set<string>();
  private readonly clockTimers = new Map<string, NodeJS.Timeout>();
  private readonly botTimers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly ctx: TableContext,
    private readonly bots: BotRunner,
    private readonly act: Act,
  ) {}

  /** Set by `close`: nothing is started or committed any more. */
  get closed(): boolean {
    return this.stopped;
  }

  /** When the clock of the turn after a change runs out: unchanged while the same seats are to act. */
  deadlineFor(
    r: TableRecord,
    table: LiveTable,
    previous?: unknown,
    state: unknown = table.state,
    pauseUntil = table.pauseUntil,
  ): number | null {
    if (r.clockSeconds === null || r.status !== 'playing') return null;
    const g = table.game;
    // Only a person who plays the seat themself has a clock (not a stand-in for one).
    const waiting = g.toAct(state).filter((s) => personPlays(r.seats[s]));
    if (waiting.length === 0) return null;
    if (previous !== undefined && r.deadlineAt !== null) {
      const before = g.toAct(previous);
      if (waiting.every((s) => before.includes(s)) && before.length > 1) return r.deadlineAt; // a simultaneous phase goes on
    }
    // The table's pause at a hand's or round's end comes first (table-pause.ts).
    return Math.max(this.ctx.now(), pauseUntil) + r.clockSeconds * 1000;
  }

  /** Starts whatever must happen next at a table: bot and stand-in moves, and the turn clock. */
  kick(table: LiveTable): void {
    if (this.stopped || table.record.status !== 'playing') return;
    if (!this.ctx.coordinator.owns(table.id)) return; // another node drives this table's bots and clock
    const g = table.game;
    // Bots and stand-ins wait out the table's pause at a hand's or round's end (table-pause.ts).
    const delay = Math.max(this.ctx.config.botPaceMs, table.pauseUntil - this.ctx.now());
    for (const seat of g.toAct(table.state)) {
      const s = table.record.seats[seat];
      if (s?.kind === 'bot' && s.level) this.scheduleBot(table, seat, s.level, 'bot', delay);
      else if (standsIn(s)) this.scheduleBot(table, seat, s?.level ?? 'medium', 'standin', delay);
    }
    this.armClock(table);
  }

  private scheduleBot(
    table: LiveTable,
    seat: Seat,
    level: Level,
    actor: 'bot' | 'clock' | 'standin',
    delay: number,
  ): void {
    const key = `${table.id}:${seat}`;
    if (this.pendingBots.has(key)) return;
    this.pendingBots.add(key);
    const timer = setTimeout(() => {
      this.botTimers.delete(timer);
      void this.botMove(table.id, seat, level, actor).finally(() => {
        this.pendingBots.delete(key);
        const t = this.ctx.tables.loaded(table.id);
        if (
          t &&
          t.record.status === 'playing' &&
          t.game.toAct(t.state).includes(seat) &&
          (t.record.seats[seat]?.kind === 'bot' || standsIn(t.record.seats[seat]))
        )
          this.kick(t);
      });
    }, delay);
    this.botTimers.add(timer);
  }

  private async botMove(
    id: string,
    seat: Seat,
    level: Level,
    actor: 'bot' | 'clock' | 'standin',
  ): Promise<void> {
    const { store, coordinator, metrics, log } = this.ctx;
    const table = this.ctx.tables.loaded(id);
    if (!table || this.stopped || !coordinator.owns(id)) return;
    if (table.stale) await table.exclusive(() => table.catchUp(store));
    if (!table.game.toAct(table.state).includes(seat)) return;
    const version = table.version;
    const started = performance.now();
    try {
      const action = await this.bots.move({
        key: `${id}:${seat}`,
        // The fair share of the bot threads is the table creator's (bots.ts).
        // An event's tables share no creator: each is its own requester.
        requester: eventOfCreator(table.record.creator) ? id : table.record.creator,
        game: table.game.meta.id,
        save: table.game.serialize(table.state),
        seat,
        level,
        seed: `${table.record.seed}:${seat}:${version}`,
        // A duplicate event's bots search their whole budget, whatever the load, so that the same
        // moves meet the same answers at every entrant's table (events/access.ts).
        ...(eventOfCreator(table.record.creator) ? { timeMs: 0 } : {}),
        // A bot that remembers is shown all its seat saw, rebuilt from the log after a restart.
        ...(remembers(table.game.meta.id, level) ? { observed: table.observed(seat).slice() } : {}),
      });
      metrics.botMove.observe({ level }, (performance.now() - started) / 1000);
      if (this.stopped) return;
      const applied = await this.act(id, seat, action, actor);
      // A stand-in whose person took the seat back meanwhile has nothing to play.
      if (!applied.ok && applied.error.code !== 'game_over' && applied.error.code !== 'no_stand_in')
        log.warn({ table: id, seat, action, error: applied.error }, 'bot move rejected');
    } catch (error) {
      if (!this.stopped) log.error({ err: error, table: id, seat }, 'bot failed');
    }
  }

  /** Whether a bot (or a run-out clock's or a stand-in's move) is waiting or thinking at the table. */
  pending(id: string, players: number): boolean {
    for (let seat = 0; seat < players; seat++) if (this.pendingBots.has(`${id}:${seat}`)) return true;
    return false;
  }

  stopClock(id: string): void {
    const t = this.clockTimers.get(id);
    if (t) clearTimeout(t);
    this.clockTimers.delete(id);
  }

  private armClock(table: LiveTable): void {
    this.stopClock(table.id);
    const deadline = table.record.deadlineAt;
    if (deadline === null) return;
    const wait = Math.max(0, Math.min(deadline - this.ctx.now(), MAX_TIMER_MS));
    const version = table.version;
    const timer = setTimeout(() => {
      this.clockTimers.delete(table.id);
      const t = this.ctx.tables.loaded(table.id);
      if (!t || t.version !== version || t.record.deadlineAt !== deadline) return;
      if (this.ctx.now() < deadline) return this.armClock(t);
      for (const seat of t.game.toAct(t.state)) {
        const s = t.record.seats[seat];
        if (personPlays(s)) this.scheduleBot(t, seat, s?.level ?? 'medium', 'clock', 0);
      }
    }, wait);
    this.clockTimers.set(table.id, timer);
  }

  /** Stops every bot and clock for good (the server is shutting down). */
  close(): void {
    this.stopped = true;
    for (const t of this.botTimers) clearTimeout(t);
    for (const t of this.clockTimers.values()) clearTimeout(t);
    this.botTimers.clear();
    this.clockTimers.clear();
  }
}
