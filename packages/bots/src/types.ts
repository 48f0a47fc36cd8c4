/**
 * The bot contract. A bot sees what its seat sees and nothing more: the seat's view (from
 * `game.view(state, seat)`), the legal actions, and its own memory. Search bots additionally get
 * `ctx.sample`, a source of determinizations (full states the seat cannot tell from the real one,
 * made by `game.determinize`), never the real state. See README.md for why.
 */
import type { Action, AnyGame, JsonObject, Rng, Seat } from '@matchbox/engine';

export const BOT_LEVELS = ['random', 'easy', 'medium', 'hard', 'expert'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

export const isBotLevel = (x: string): x is BotLevel => (BOT_LEVELS as readonly string[]).includes(x);

/** What the runner hands a bot besides the view and the legal actions. */
export interface BotContext {
  /** The game being played (its pure functions; never a state). */
  readonly game: AnyGame;
  /**
   * A determinization: a full state that this seat cannot tell apart from the real one (same
   * view, legal history), with hidden cards re-dealt from `rng` and the generator reseeded from
   * `rng`. Each call gives a fresh sample; the real state itself is never returned.
   */
  readonly sample?: (rng: Rng) => unknown;
  /** Overrides of the bot's per-move budget (iterations for reproducibility, ms as a cap). */
  readonly iterations?: number;
  readonly timeMs?: number;
}

/** A recommended action with the values of the alternatives, for a "suggest" button. */
export interface Hint {
  readonly action: Action;
  readonly text: string;
  /** Every legal action considered, best first. `value` is the bot's estimate (higher = better). */
  readonly alternatives: ReadonlyArray<{
    readonly action: Action;
    readonly text: string;
    readonly value: number;
    readonly visits?: number;
    /** MatchMaster bids: probability of winning 0, 1, 2, ... tricks with this bid. */
    readonly trickOdds?: readonly number[];
  }>;
  /** A one-line explanation in words. */
  readonly note?: string;
}

export interface Bot {
  readonly name: string;
  readonly level: BotLevel;
  /** Chooses one of `legal` (which is never empty). May return a promise. */
  chooseAction(
    view: JsonObject,
    seat: Seat,
    legal: readonly Action[],
    ctx: BotContext,
  ): Action | Promise<Action>;
  /** The same decision with its reasoning, when the bot can explain itself. */
  explain?(view: JsonObject, seat: Seat, legal: readonly Action[], ctx: BotContext): Hint;
  /**
   * Called by the runner after every action of the game (anyone's) with this seat's new view,
   * so that a bot can remember what it saw (e.g. Sweet16 cards that were flipped and hidden again).
   */
  observe?(view: JsonObject, seat: Seat): void;
  /** Told when a new game starts, so that per-game memory is cleared. */
  reset?(): void;
}
