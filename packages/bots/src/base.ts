/** The kinds of bot every game builds its levels from: random, a heuristic function, a search. */
import type { Action, Seat } from '@matchbox/engine';
import { Rng } from '@matchbox/engine';
import type { SearchAdapter, SearchOptions, SearchResult } from './ismcts.ts';
import { ismcts } from './ismcts.ts';
import type { Bot, BotContext, BotLevel, Hint } from './types.ts';

/** What a game contributes: a bot per level (null: use the generic bot for that level). */
export type GameBotFactory = (level: BotLevel, seed: string) => Bot | null;

/**
 * The search options for one decision: the bot's own iteration budget and time cap, overridden
 * by the context's. `timeMs: 0` in the context removes the cap (it is not "no override").
 */
export function searchOptions(own: SearchOptions, ctx: BotContext): SearchOptions {
  const { timeMs: ownCap, ...rest } = own;
  const timeMs = ctx.timeMs ?? ownCap ?? 0;
  return {
    ...rest,
    iterations: ctx.iterations ?? own.iterations,
    ...(timeMs > 0 ? { timeMs } : {}),
    ...(ctx.deadline !== undefined ? { deadline: ctx.deadline } : {}),
    ...(ctx.signal !== undefined ? { signal: ctx.signal } : {}),
  };
}

/** Runs `ismcts` for a bot and tells the context what it did. */
export function searchFor<H>(
  ctx: BotContext,
  adapter: SearchAdapter<H>,
  seat: Seat,
  legal: readonly Action[],
  rng: Rng,
  options: SearchOptions,
  who: string,
): SearchResult {
  if (!ctx.sample) throw new Error(`${who} needs determinizations (ctx.sample)`);
  const r = ismcts(ctx.game, adapter, seat, legal, ctx.sample, rng, options);
  ctx.onSearch?.({ iterations: r.iterations, budget: r.budget, capped: r.capped, ms: r.ms });
  return r;
}

export class RandomBot implements Bot {
  readonly level = 'random' as const;
  private rng: Rng;
  constructor(
    readonly name: string,
    private readonly seed: string,
  ) {
    this.rng = Rng.fromSeed(seed);
  }
  reset(): void {
    this.rng = Rng.fromSeed(this.seed);
  }
  chooseAction(_view: object, _seat: Seat, legal: readonly Action[]): Action {
    return legal[this.rng.int(legal.length)]!;
  }
}

/** A bot from a function of the view (and a seeded generator). */
export class FunctionBot<V extends object = object> implements Bot<V> {
  private rng: Rng;
  constructor(
    readonly name: string,
    readonly level: BotLevel,
    private readonly seed: string,
    private readonly choose: (view: V, seat: Seat, legal: readonly Action[], rng: Rng) => Action,
  ) {
    this.rng = Rng.fromSeed(seed);
  }
  reset(): void {
    this.rng = Rng.fromSeed(this.seed);
  }
  chooseAction(view: V, seat: Seat, legal: readonly Action[]): Action {
    return this.choose(view, seat, legal, this.rng);
  }
  explain(view: V, seat: Seat, legal: readonly Action[], ctx: BotContext): Hint {
    const action = this.chooseAction(view, seat, legal);
    const text = ctx.game.formatAction(action);
    return {
      action,
      text,
      alternatives: legal.map((a) => ({
        action: a,
        text: ctx.game.formatAction(a),
        value: a === action ? 1 : 0,
      })),
      note: 'heuristic choice',
    };
  }
}

export interface SearchBotSpec<V extends object = object> {
  readonly adapter: SearchAdapter<unknown>;
  /** The iteration budget (the bot's strength) and the default time cap (a safety limit). */
  readonly options: SearchOptions;
  /** A move decided without search (e.g. an exact solution), or null to search. */
  readonly shortcut?: (view: V, seat: Seat, legal: readonly Action[]) => Action | null;
  /** The root actions to search (default: all legal ones); a subset of `legal`, never empty. */
  readonly candidates?: (view: V, seat: Seat, legal: readonly Action[]) => readonly Action[];
  /** The final choice from the search's root statistics (default: the most visited action). */
  readonly decide?: (result: SearchResult, view: V, seat: Seat, legal: readonly Action[]) => Action;
}

/** ISMCTS over determinizations from `ctx.sample`. */
export class SearchBot<V extends object = object> implements Bot<V> {
  private rng: Rng;
  /** The last search, for diagnostics. */
  last: SearchResult | null = null;
  constructor(
    readonly name: string,
    readonly level: BotLevel,
    private readonly seed: string,
    private readonly spec: SearchBotSpec<V>,
  ) {
    this.rng = Rng.fromSeed(seed);
  }
  reset(): void {
    this.rng = Rng.fromSeed(this.seed);
  }
  private search(view: V, seat: Seat, legal: readonly Action[], ctx: BotContext): SearchResult {
    const options = searchOptions(this.spec.options, ctx);
    const roots = this.spec.candidates?.(view, seat, legal) ?? legal;
    this.last = searchFor(ctx, this.spec.adapter, seat, roots, this.rng, options, this.name);
    return this.last;
  }
  private decide(r: SearchResult, view: V, seat: Seat, legal: readonly Action[]): Action {
    return this.spec.decide?.(r, view, seat, legal) ?? r.best;
  }
  chooseAction(view: V, seat: Seat, legal: readonly Action[], ctx: BotContext): Action {
    if (legal.length === 1) return legal[0]!;
    const quick = this.spec.shortcut?.(view, seat, legal);
    if (quick) return quick;
    return this.decide(this.search(view, seat, legal, ctx), view, seat, legal);
  }
  explain(view: V, seat: Seat, legal: readonly Action[], ctx: BotContext): Hint {
    const r = this.search(view, seat, legal, ctx);
    const quick = this.spec.shortcut?.(view, seat, legal);
    const best = quick ?? this.decide(r, view, seat, legal);
    const alternatives = r.stats
      .map((st) => {
        const total = st.outcomes?.reduce((a, b) => a + b, 0) ?? 0;
        return {
          action: st.action,
          text: ctx.game.formatAction(st.action),
          value: st.value,
          visits: st.visits,
          ...(st.outcomes && total > 0 ? { outcomes: st.outcomes.map((k) => k / total) } : {}),
        };
      })
      .sort((a, b) => (a.action === best ? -1 : b.action === best ? 1 : b.visits - a.visits));
    return {
      action: best,
      text: ctx.game.formatAction(best),
      alternatives,
      note: `${r.iterations} search iterations in ${r.ms.toFixed(0)} ms${quick ? '; exact rule' : ''}`,
    };
  }
}
