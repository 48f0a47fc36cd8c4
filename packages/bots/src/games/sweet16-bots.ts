/**
 * Sweet16's levels (base game; the experimental duel falls back to random play for easy and to
 * the generic search above). easy: a poor memory (6 positions, 75% accurate) and the rule of
 * thumb; medium: a perfect memory and the rule of thumb; hard: a good memory (24 positions)
 * and exact odds; expert: a perfect memory and exact odds.
 */
import type { Action, JsonObject, Seat } from '@matchbox/engine';
import { Rng } from '@matchbox/engine';
import type { Bot, BotLevel } from '../types';
import type { Sweet16Style } from './sweet16';
import { DEFAULT_MODEL, Memory, sweet16Choose } from './sweet16';

export const SWEET16_LEVELS: Record<
  Exclude<BotLevel, 'random'>,
  { capacity: number; accuracy: number; exact: boolean }
> = {
  easy: { capacity: 6, accuracy: 0.75, exact: false },
  medium: { capacity: 1000, accuracy: 1, exact: false },
  hard: { capacity: 24, accuracy: 1, exact: true },
  expert: { capacity: 1000, accuracy: 1, exact: true },
};

export class Sweet16Bot implements Bot {
  private rng: Rng;
  private readonly memory: Memory;
  private readonly style: Sweet16Style;
  constructor(
    readonly name: string,
    readonly level: BotLevel,
    private readonly seed: string,
    spec: { capacity: number; accuracy: number; exact: boolean },
  ) {
    this.rng = Rng.fromSeed(seed);
    this.memory = new Memory(spec.capacity, spec.accuracy, Rng.fromSeed(`${seed}:memory`));
    this.style = { exact: spec.exact, model: DEFAULT_MODEL };
  }
  reset(): void {
    this.rng = Rng.fromSeed(this.seed);
    this.memory.reset(`${this.seed}:memory`);
  }
  observe(view: JsonObject): void {
    this.memory.observe(view);
  }
  chooseAction(view: JsonObject, seat: Seat, legal: readonly Action[]): Action {
    return sweet16Choose(view, seat, legal, this.memory, this.style, this.rng);
  }
}

export function sweet16Bot(level: BotLevel, seed: string): Bot | null {
  if (level === 'random') return null;
  return new Sweet16Bot(`sweet16-${level}`, level, seed, SWEET16_LEVELS[level]);
}
