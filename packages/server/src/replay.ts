/**
 * Replays for the web: a finished table's whole record (every seat's cards may be seen once the
 * game is over), or, while a table is still being played, the game step by step as one viewer
 * saw it. The second is the engine's `replaySteps` of the full record (which stays on the server):
 * the referee's per-seat filter, the same every live update takes, so a replay never tells a seat
 * more than it was told during play.
 */
import type { GameRecord, ReplayStep, Viewer } from '@matchbox/engine';
import { getGame, movesInEffect, replaySteps } from '@matchbox/engine';
import { z } from 'zod';
import type { Charge } from './limits.ts';
import { limited } from './limits.ts';
import { headerOf } from './live-table.ts';
import type { Outcome } from './outcome.ts';
import { done, fail } from './outcome.ts';
import type { LoggedAction, Store, TableRecord } from './store.ts';
import { secretMatches } from './tokens.ts';
import { eventTableRefusal } from './events/access.ts';

/** POST /api/tables/:id/replay: the seat token the browser holds for the table, if any. */
export const replayBody = z.strictObject({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'Not a seat token.')
    .optional(),
});

/** What POST /api/tables/:id/replay answers. */
export type ReplayReply =
  | { readonly kind: 'record'; readonly record: GameRecord }
  | { readonly kind: 'views'; readonly viewer: Viewer; readonly steps: readonly ReplayStep[] };

/** How many live tables' replay steps (per version and viewer) are kept. */
const REPLAYS_KEPT = 32;

/** Records and replays, read from the store (a table need not be loaded). */
export class Replays {
  /**
   * A live table's replay steps per table, version and viewer: rebuilding them replays the whole
   * game (up to a tenth of a second on the event loop for a long one), so a page that asks again,
   * or several visitors watching one table, costs that once per version.
   */
  private readonly cache = new Map<string, ReplayReply>();

  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {}

  /** A finished game's record (engine format 2), replayable with `replay`; the seed stays here. */
  async record(id: string, token?: string | null): Promise<Outcome<GameRecord>> {
    const record = await this.store.getTable(id);
    if (!record) return fail('no_such_table', 'There is no such table.');
    // `token` undefined: the caller applied a duplicate event's rule itself (events/service.ts).
    const refused = token === undefined ? null : eventTableRefusal(record, token, this.now());
    if (refused) return { ok: false, error: refused };
    if (record.status !== 'finished')
      return fail('not_finished', 'The record is published when the game is over.');
    return done(publishedRecord(record, await this.store.actions(id)));
  }

  /**
   * A replay (docs/server.md, "Replays"): a finished table's whole record, every seat's cards
   * included; while the table is not finished, only the steps as the seat of `token` saw them, or
   * as a spectator saw them when the token holds no seat. The seed never leaves the server. A
   * table still waiting for its players has nothing to replay (`not_started`).
   * `charge` is asked for its cost first: 1, and for a live table 1 more per 100 versions (a step
   * each), so a long game's replay spends an allowance faster.
   */
  async replay(
    id: string,
    token: string | null,
    charge: (cost: number) => Promise<Charge> = () => Promise.resolve({ ok: true }),
  ): Promise<Outcome<ReplayReply>> {
    const record = await this.store.getTable(id);
    if (!record) return fail('no_such_table', 'There is no such table.');
    const refused = eventTableRefusal(record, token, this.now());
    if (refused) return { ok: false, error: refused };
    const charged = await charge(replayCost(record));
    if (!charged.ok) return limited(charged.retryAfter, 'Too many replays asked for; wait a moment.');
    const log = (await this.store.actions(id)).filter((a) => a.seq <= record.version);
    if (record.status === 'finished') return done({ kind: 'record', record: publishedRecord(record, log) });
    // Before the start there is no deal, so nothing to replay (an older server's waiting table
    // kept a seed and a first deal: they are never shown).
    if (record.status === 'waiting' || record.seed === null)
      return fail('not_started', 'The game has not started yet: it starts when every seat is filled.');
    const game = getGame(record.game);
    if (!game) return fail('unknown_game', `There is no game "${record.game}".`);
    const seat = token === null ? -1 : record.seats.findIndex((s) => secretMatches(token, s.tokenHash));
    const viewer = seat < 0 ? null : seat;
    const key = `${id}:${record.version}:${viewer ?? 'spectator'}`;
    const cached = this.cache.get(key);
    if (cached) {
      this.cache.delete(key); // most recently used last
      this.cache.set(key, cached);
      return done(cached);
    }
    const steps = replaySteps(game, { ...publishedRecord(record, log), seed: record.seed }, viewer);
    if (!steps.ok) throw new Error(`table ${id}: the log does not replay: ${steps.error.message}`);
    const reply: ReplayReply = { kind: 'views', viewer, steps: steps.value };
    this.cache.set(key, reply);
    if (this.cache.size > REPLAYS_KEPT) this.cache.delete(this.cache.keys().next().value!);
    return done(reply);
  }
}

/** What a replay costs: a finished record 1, a live table's steps 1 more per 100 versions. */
export const replayCost = (record: Pick<TableRecord, 'status' | 'version'>): number =>
  record.status === 'finished' ? 1 : 1 + Math.floor(record.version / 100);

/** A table's record (engine format 2) with a stand-in seed: its chance outcomes decide every deal. */
function publishedRecord(record: TableRecord, log: readonly LoggedAction[]): GameRecord {
  return {
    ...headerOf(record),
    // The chance outcomes decide every deal, so the generator's seed is not needed (and never leaves the server).
    seed: `table:${record.id}`,
    moves: movesInEffect(log).map((a) => ({
      seat: a.seat,
      action: a.action,
      ...(a.chance ? { chance: a.chance } : {}),
    })),
  };
}
