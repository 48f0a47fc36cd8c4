/**
 * What the web app knows of one game beyond the engine. Each game's folder (games/<game>/index.ts)
 * exports one plugin; games/index.ts lists them, and every list of games in the app derives from
 * it. A plugin is light: its board, log sentences, words and rules load only when a screen needs
 * them (the lobby's first load carries none of them).
 */
import type { Json } from '@matchbox/engine';
import type { ComponentType } from 'react';
import type { ChapterKind } from '../replay/chapters.ts';
import type { GameRules } from '../rules/types.ts';
import type { QuickMode } from './modes.ts';
import type { BoardModule, LogModule } from './types.ts';

/** The words of the game's sentences, shared with the terminal (`@matchbox/client/words`). */
export interface SharedWords {
  readonly MESSAGES: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

export interface WebGamePlugin<Id extends string = string> {
  /** The engine's game id, also the game's i18n namespace. */
  readonly id: Id;
  /** `Board.tsx`: the game's screen. */
  readonly board: () => Promise<BoardModule>;
  /** `log.ts`: the game's events and actions in words. */
  readonly log: () => Promise<LogModule>;
  /** The words shared with the terminal, merged into the game's namespace when it loads. */
  readonly words: () => Promise<SharedWords>;
  /** The rules page (both languages). */
  readonly rules: () => Promise<GameRules>;
  /** The lobby's one-click ways to start it: the game itself first, then its modes. */
  readonly quickModes: readonly Omit<QuickMode, 'game'>[];
  /** Where a replay can jump to: the kind of chapter and the spectator's view field counting it. */
  readonly chapters?: { readonly kind: ChapterKind; readonly field: string };
  /**
   * Whether the game has a tutorial: its folder's `lesson.ts` exports `lesson` (the tutorial page
   * finds it there, so that the lobby does not load the lessons).
   */
  readonly tutorial?: boolean;
  /** The game's small emblem in the lobby: SVG shapes in a 32 by 32 box. */
  readonly Mark: ComponentType;
  /**
   * Whether a table with these options may ask the solver whether the position can still be won
   * (an open-information solitaire); none: never.
   */
  readonly solvable?: (options: Readonly<Record<string, unknown>>) => boolean;
  /**
   * The game's own options read from an offline game's address, and the part of the saved game's
   * key they make (another choice is another game); null: none given.
   */
  readonly offlineOptions?: (
    params: URLSearchParams,
  ) => { readonly key: string; readonly options: Readonly<Record<string, Json>> } | null;
  /** The daily puzzle's page (`/daily`), for the one game that has it. */
  readonly daily?: () => Promise<{ readonly default: ComponentType<{ readonly query: string }> }>;
}

/** A plugin with its id's literal type (so that `GameId` is the union of the registered ids). */
export const defineWebGame = <Id extends string>(p: WebGamePlugin<Id>): WebGamePlugin<Id> => p;
