/**
 * What the bots know of one game beyond the engine. Each game's folder (games/<game>/index.ts)
 * exports one plugin; games/index.ts lists them. A registered game without a plugin gets the
 * generic search bots. The game's analyser (games/<game>/analysis.ts) is listed apart, in
 * games/analysers.ts, so that playing never loads the analysis.
 */
import type { EngineError, Result, SolveStatus } from '@matchbox/engine';
import type { GameBotFactory } from '../base.ts';
import type { Bot, BotLevel } from '../types.ts';

export interface BotGamePlugin {
  /** The engine's game id. */
  readonly id: string;
  /** The game's own bot at a level (null: the generic bot for that level). */
  readonly bot: GameBotFactory;
  /** The pieces of knowledge a line-up entry may switch off (`BotSpec`). */
  readonly toggles?: readonly string[];
  /** The bot at a level with pieces switched off (null: the level's usual bot). */
  readonly withPieces?: (level: BotLevel, seed: string, off: ReadonlySet<string>) => Bot | null;
  /**
   * The exact solver of a serialized position of this game, for the worker (`SolveRequest`): an
   * open-information position only, so that its answer reveals nothing.
   */
  readonly solvePosition?: (
    save: unknown,
    maxNodes: number,
  ) => Result<{ readonly status: SolveStatus; readonly nodes: number }, EngineError>;
}
