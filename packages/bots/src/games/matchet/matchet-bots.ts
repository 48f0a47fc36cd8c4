/**
 * MATCHET's levels: easy, the greedy scorer with slips (a random placement 30% of the time);
 * medium, the greedy scorer; hard, one reply ahead on one determinization; expert, one reply
 * ahead averaged over three determinizations, and the exact solver in Solitaire B.
 */
import type { Action, MatchetState, MatchetView, Seat } from '@matchbox/engine';
import { Rng } from '@matchbox/engine';
import type { Bot, BotContext, BotLevel, Hint } from '../../types.ts';
import { searchFor, searchOptions } from '../../base.ts';
import { stopTime } from '../../ismcts.ts';
import { greedyChoice, lookaheadChoice, matchetAdapter, pimcSolitaireChoice, solverMove } from './matchet.ts';

/** Expert search budget per move (ISMCTS to the end of the round), and its safety cap. */
export const EXPERT_SEARCH = { iterations: 300, timeMs: 250 };
/** Expert solitaire: determinizations solved per candidate placement. */
export const SOLITAIRE_SAMPLES = 16;
/**
 * Solver node budget per determinization. Deliberately small: a position that the solver wins
 * within 1,000 nodes in most re-deals has many winning continuations, which is what a player who
 * cannot see under the stack tops needs (measured: 87/100 deals against 81.5% with 20,000).
 */
export const SOLITAIRE_NODES = 1_000;

class MatchetBot implements Bot<MatchetView> {
  private rng: Rng;
  constructor(
    readonly name: string,
    readonly level: BotLevel,
    private readonly seed: string,
  ) {
    this.rng = Rng.fromSeed(seed);
  }
  reset(): void {
    this.rng = Rng.fromSeed(this.seed);
  }
  private samples(ctx: BotContext, k: number): MatchetState[] {
    if (!ctx.sample) throw new Error(`${this.name} needs determinizations (ctx.sample)`);
    return Array.from({ length: k }, () => ctx.sample!(this.rng) as MatchetState);
  }
  chooseAction(view: MatchetView, seat: Seat, legal: readonly Action[], ctx: BotContext): Action {
    if (legal.length === 1) return legal[0]!;
    switch (this.level) {
      case 'easy':
        if (this.rng.next() < 0.3) return legal[this.rng.int(legal.length)]!;
        return greedyChoice(ctx.game, this.samples(ctx, 1)[0]!, seat, legal, this.rng);
      case 'medium':
        return greedyChoice(ctx.game, this.samples(ctx, 1)[0]!, seat, legal, this.rng);
      case 'hard':
        return lookaheadChoice(ctx.game, this.samples(ctx, 1), seat, legal).action;
      case 'expert':
      case 'random': {
        const options = searchOptions(EXPERT_SEARCH, ctx);
        if (view.mode !== 'multi') {
          // Solitaires: the budget is the number of determinizations solved per placement.
          const started = performance.now();
          const budget = ctx.iterations ?? SOLITAIRE_SAMPLES;
          const stopAt = stopTime(started, options.timeMs, options.deadline);
          const r = pimcSolitaireChoice(ctx.game, this.samples(ctx, budget), seat, legal, SOLITAIRE_NODES, {
            ...(ctx.signal ? { signal: ctx.signal } : {}),
            ...(stopAt !== Infinity ? { stopAt } : {}),
          });
          ctx.onSearch?.({
            iterations: r.samples,
            budget,
            capped: r.capped,
            ms: performance.now() - started,
          });
          return r.action;
        }
        return searchFor(ctx, matchetAdapter(ctx.game, 4), seat, legal, this.rng, options, this.name).best;
      }
    }
  }
  explain(view: MatchetView, seat: Seat, legal: readonly Action[], ctx: BotContext): Hint {
    const samples = this.samples(ctx, 3);
    const { action, values } = lookaheadChoice(ctx.game, samples, seat, legal);
    const chosen = this.level === 'expert' ? (solverMove(samples[0]!, 200_000) ?? action) : action;
    const alternatives = legal
      .map((a, i) => ({ action: a, text: ctx.game.formatAction(a), value: values[i]! }))
      .sort((a, b) => (a.action === chosen ? -1 : b.action === chosen ? 1 : b.value - a.value));
    void view;
    return {
      action: chosen,
      text: ctx.game.formatAction(chosen),
      alternatives,
      note: 'points now minus the best reply',
    };
  }
}

export function matchetBot(level: BotLevel, seed: string): Bot<MatchetView> | null {
  return level === 'random' ? null : new MatchetBot(`matchet-${level}`, level, seed);
}
