/**
 * The bot contract. A bot sees what its seat sees and nothing more: the seat's view (from
 * `game.view(state, seat)`), the legal actions, and its own memory. Search bots additionally get
 * `ctx.sample`, a source of determinizations (full states the seat cannot tell from the real one,
 * made by `game.determinize`), never the real state. See README.md for why.
 */
import type { Action, AnyGame, Rng, Seat } from '@matchbox/engine';

export const BOT_LEVELS = ['random', 'easy', 'medium', 'hard', 'expert'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

export const isBotLevel = (x: string): x is BotLevel => (BOT_LEVELS as readonly string[]).includes(x);

/** Anything with `aborted`: an AbortSignal, or a worker's view of its host's signal. */
export interface StopSignal {
  readonly aborted: boolean;
}

/** What one search did, reported through `BotContext.onSearch`. */
export interface SearchInfo {
  /** Iterations run, and the budget they were meant to reach. */
  readonly iterations: number;
  readonly budget: number;
  /** The wall-clock safety cap (`timeMs` or `deadline`) stopped the search before its budget. */
  readonly capped: boolean;
  readonly ms: number;
}

/**
 * A bot's per-move budget. Strength is set in iterations, so that a bot plays the same moves on a
 * fast machine and a loaded one; the time limits are safety limits only, and every time one stops
 * a search early it is reported (`SearchInfo.capped`).
 */
export interface Budget {
  /** Overrides the bot's iteration budget. */
  readonly iterations?: number;
  /** Wall-clock cap per search in ms: absent = the bot's own default, 0 = none. */
  readonly timeMs?: number;
  /** An absolute time (ms since the epoch, `Date.now()` scale) by which the answer is due. */
  readonly deadline?: number;
}

/** What the runner hands a bot besides the view and the legal actions. */
export interface BotContext extends Budget {
  /** The game being played (its pure functions; never a state). */
  readonly game: AnyGame;
  /**
   * A determinization: a full state that this seat cannot tell apart from the real one (same
   * view, legal history), with hidden cards re-dealt from `rng` and the generator reseeded from
   * `rng`. Each call gives a fresh sample; the real state itself is never returned. Built from
   * plain data (see sampler.ts), so that it can be rebuilt in a worker thread.
   */
  readonly sample?: (rng: Rng) => unknown;
  /** When it is set, a search stops at once and the bot throws `BotAborted`. */
  readonly signal?: StopSignal;
  /** Told about every search the bot runs (for counting how often the safety cap bound). */
  readonly onSearch?: (info: SearchInfo) => void;
}

/** Thrown by a bot whose `ctx.signal` was aborted during its decision. */
export class BotAborted extends Error {
  constructor() {
    super('the bot was asked to stop');
    this.name = 'BotAborted';
  }
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
    /**
     * The chance of each of the game's outcomes after this action, by the number its search
     * adapter gives an outcome (`SearchAdapter.outcome`, e.g. the tricks won in a MatchMaster
     * hand); the game's plugins word them.
     */
    readonly outcomes?: readonly number[];
  }>;
  /** A one-line explanation in words. */
  readonly note?: string;
}

/**
 * A bot. `V` is the view type of the game it plays (e.g. `MatchMasterView`); bots returned by
 * `createBot` are game-agnostic (`Bot<object>`), and each game's bots read their own typed view.
 */
export interface Bot<V extends object = object> {
  readonly name: string;
  readonly level: BotLevel;
  /** Chooses one of `legal` (which is never empty). May return a promise. */
  chooseAction(view: V, seat: Seat, legal: readonly Action[], ctx: BotContext): Action | Promise<Action>;
  /** The same decision with its reasoning, when the bot can explain itself. */
  explain?(view: V, seat: Seat, legal: readonly Action[], ctx: BotContext): Hint;
  /**
   * Called by the runner after every action of the game (anyone's) with this seat's new view,
   * so that a bot can remember what it saw (e.g. Sweet16 cards that were flipped and hidden again).
   */
  observe?(view: V, seat: Seat): void;
  /** Told when a new game starts, so that per-game memory is cleared. */
  reset?(): void;
}
