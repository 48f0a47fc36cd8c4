/**
 * Sweet16's levels (base game; the experimental duel, all face up, gets the generic ISMCTS with
 * random rollouts, 20/100/300/1000 iterations). easy: a poor memory (6 positions, 75% accurate) and the rule of
 * thumb; medium: a perfect memory and the rule of thumb; hard: a good memory (24 positions)
 * and exact odds; expert: a perfect memory and exact odds.
 */
import type { Action, Seat, Sweet16View } from '@matchbox/engine';
import { Rng } from '@matchbox/engine';
import { getGame } from '@matchbox/engine';
import { SearchBot } from '../base.ts';
import { genericAdapter } from '../ismcts.ts';
import type { Bot, BotContext, BotLevel } from '../types.ts';
import type { Sweet16Style } from './sweet16.ts';
import { DEFAULT_MODEL, Memory, sweet16Choose } from './sweet16.ts';

export const SWEET16_LEVELS: Record<
  Exclude<BotLevel, 'random'>,
  { capacity: number; accuracy: number; exact: boolean }
> = {
  easy: { capacity: 6, accuracy: 0.75, exact: false },
  medium: { capacity: 1000, accuracy: 1, exact: false },
  hard: { capacity: 24, accuracy: 1, exact: true },
  expert: { capacity: 1000, accuracy: 1, exact: true },
};

const DUEL_ITERATIONS: Record<BotLevel, number> = {
  random: 0,
  easy: 20,
  medium: 100,
  hard: 300,
  expert: 1000,
};

export class Sweet16Bot implements Bot<Sweet16View> {
  private rng: Rng;
  private readonly memory: Memory;
  private readonly style: Sweet16Style;
  /** The experimental duel (S16-10, all face up): a generic search instead of memory. */
  private readonly duel: SearchBot<Sweet16View>;
  constructor(
    readonly name: string,
    readonly level: BotLevel,
    private readonly seed: string,
    spec: { capacity: number; accuracy: number; exact: boolean },
  ) {
    this.rng = Rng.fromSeed(seed);
    this.memory = new Memory(spec.capacity, spec.accuracy, Rng.fromSeed(`${seed}:memory`));
    this.style = { exact: spec.exact, model: DEFAULT_MODEL };
    this.duel = new SearchBot<Sweet16View>(`${name}-duel`, level, `${seed}:duel`, {
      adapter: genericAdapter(getGame('sweet16')!),
      options: { iterations: DUEL_ITERATIONS[level], timeMs: 250 },
    });
  }
  reset(): void {
    this.rng = Rng.fromSeed(this.seed);
    this.memory.reset(`${this.seed}:memory`);
    this.duel.reset();
  }
  observe(view: Sweet16View): void {
    this.memory.observe(view);
  }
  chooseAction(view: Sweet16View, seat: Seat, legal: readonly Action[], ctx: BotContext): Action {
    if (view.mode === 'duel' && ctx.sample) return this.duel.chooseAction(view, seat, legal, ctx);
    return sweet16Choose(view, seat, legal, this.memory, this.style, this.rng);
  }
}

export function sweet16Bot(level: BotLevel, seed: string): Bot<Sweet16View> | null {
  if (level === 'random') return null;
  return new Sweet16Bot(`sweet16-${level}`, level, seed, SWEET16_LEVELS[level]);
}
