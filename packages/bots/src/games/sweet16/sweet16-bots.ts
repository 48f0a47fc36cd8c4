/**
 * Sweet16's levels. Base game: easy: a poor memory (6 positions, 75% accurate) and the rule of
 * thumb; medium: a perfect memory and the rule of thumb; hard: a good memory (24 positions) and
 * exact odds; expert: a perfect memory and exact odds. The experimental duel (S16-10, all face
 * up, no chance after the deal): its own bots (sweet16-duel.ts): easy the greedy rule with 30%
 * random moves, medium the greedy rule, hard and expert two plies with the game played out
 * (8 and 48 turns against 4 and 16 replies). The duel's former bots, the generic ISMCTS with
 * random rollouts (20/100/300/1000 iterations), stay reachable as the piece `duel` switched off:
 * `expert-duel`.
 */
import type { Action, Seat, Sweet16View } from '@matchbox/engine';
import { Rng } from '@matchbox/engine';
import { getGame } from '@matchbox/engine';
import { SearchBot } from '../../base.ts';
import { genericAdapter } from '../../ismcts.ts';
import type { Bot, BotContext, BotLevel } from '../../types.ts';
import type { Sweet16Style } from './sweet16.ts';
import { DEFAULT_MODEL, Memory, sweet16Choose } from './sweet16.ts';
import { duelChoose } from './sweet16-duel.ts';

/** Pieces of Sweet16 knowledge an arena line-up can switch off: `duel`, the duel's own bots. */
export const SWEET16_TOGGLES = ['duel'] as const;
export type Sweet16Toggle = (typeof SWEET16_TOGGLES)[number];

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
  /** The duel's former bot (S16-10): the generic search, used when the piece `duel` is off. */
  private readonly duel: SearchBot<Sweet16View>;
  constructor(
    readonly name: string,
    readonly level: BotLevel,
    private readonly seed: string,
    spec: { capacity: number; accuracy: number; exact: boolean },
    /** The duel's own bots (true) or the generic search (false). */
    private readonly duelBots = true,
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
    if (view.mode === 'duel') {
      if (this.duelBots) {
        if (this.level === 'easy' && this.rng.next() < 0.3) return legal[this.rng.int(legal.length)]!;
        const level = this.level === 'easy' || this.level === 'random' ? 'medium' : this.level;
        return duelChoose(view, seat, legal, level);
      }
      if (ctx.sample) return this.duel.chooseAction(view, seat, legal, ctx);
    }
    return sweet16Choose(view, seat, legal, this.memory, this.style, this.rng);
  }
}

export function sweet16Bot(
  level: BotLevel,
  seed: string,
  off: ReadonlySet<Sweet16Toggle> = new Set(),
): Bot<Sweet16View> | null {
  if (level === 'random') return null;
  const name = `sweet16-${level}${off.has('duel') ? '-duel' : ''}`;
  return new Sweet16Bot(name, level, seed, SWEET16_LEVELS[level], !off.has('duel'));
}
