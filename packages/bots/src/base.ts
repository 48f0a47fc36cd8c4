/** The kinds of bot every game builds its levels from: random, a heuristic function, a search. */
import type { Action, JsonObject, Seat } from '@matchbox/engine';
import { Rng } from '@matchbox/engine';
import type { SearchAdapter, SearchOptions, SearchResult } from './ismcts.ts';
import { ismcts } from './ismcts.ts';
import type { Bot, BotContext, BotLevel, Hint } from './types.ts';

/** What a game contributes: a bot per level (null: use the generic bot for that level). */
export type GameBotFactory = (level: BotLevel, seed: string) => Bot | null;

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
  chooseAction(_view: JsonObject, _seat: Seat, legal: readonly Action[]): Action {
    return legal[this.rng.int(legal.length)]!;
  }
}

/** A bot from a function of the view (and a seeded generator). */
export class FunctionBot implements Bot {
  private rng: Rng;
  constructor(
    readonly name: string,
    readonly level: BotLevel,
    private readonly seed: string,
    private readonly choose: (view: JsonObject, seat: Seat, legal: readonly Action[], rng: Rng) => Action,
  ) {
    this.rng = Rng.fromSeed(seed);
  }
  reset(): void {
    this.rng = Rng.fromSeed(this.seed);
  }
  chooseAction(view: JsonObject, seat: Seat, legal: readonly Action[]): Action {
    return this.choose(view, seat, legal, this.rng);
  }
  explain(view: JsonObject, seat: Seat, legal: readonly Action[], ctx: BotContext): Hint {
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

export interface SearchBotSpec {
  readonly adapter: SearchAdapter<unknown>;
  readonly options: SearchOptions;
  /** A move decided without search (e.g. an exact solution), or null to search. */
  readonly shortcut?: (view: JsonObject, seat: Seat, legal: readonly Action[]) => Action | null;
  /** Formats the outcome histogram of a root action for hints. */
  readonly outcomeLabel?: string;
}

/** ISMCTS over determinizations from `ctx.sample`. */
export class SearchBot implements Bot {
  private rng: Rng;
  /** The last search, for diagnostics. */
  last: SearchResult | null = null;
  constructor(
    readonly name: string,
    readonly level: BotLevel,
    private readonly seed: string,
    private readonly spec: SearchBotSpec,
  ) {
    this.rng = Rng.fromSeed(seed);
  }
  reset(): void {
    this.rng = Rng.fromSeed(this.seed);
  }
  private search(seat: Seat, legal: readonly Action[], ctx: BotContext): SearchResult {
    if (!ctx.sample) throw new Error(`${this.name} needs determinizations (ctx.sample)`);
    const timeMs = ctx.timeMs ?? this.spec.options.timeMs;
    const options: SearchOptions = {
      ...this.spec.options,
      iterations: ctx.iterations ?? this.spec.options.iterations,
      ...(timeMs !== undefined && timeMs > 0 ? { timeMs } : {}),
    };
    this.last = ismcts(ctx.game, this.spec.adapter, seat, legal, ctx.sample, this.rng, options);
    return this.last;
  }
  chooseAction(view: JsonObject, seat: Seat, legal: readonly Action[], ctx: BotContext): Action {
    if (legal.length === 1) return legal[0]!;
    const quick = this.spec.shortcut?.(view, seat, legal);
    if (quick) return quick;
    return this.search(seat, legal, ctx).best;
  }
  explain(view: JsonObject, seat: Seat, legal: readonly Action[], ctx: BotContext): Hint {
    const r = this.search(seat, legal, ctx);
    const quick = this.spec.shortcut?.(view, seat, legal);
    const best = quick ?? r.best;
    const alternatives = r.stats
      .map((st) => {
        const total = st.outcomes?.reduce((a, b) => a + b, 0) ?? 0;
        return {
          action: st.action,
          text: ctx.game.formatAction(st.action),
          value: st.value,
          visits: st.visits,
          ...(st.outcomes && total > 0 ? { trickOdds: st.outcomes.map((k) => k / total) } : {}),
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
