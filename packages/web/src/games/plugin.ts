/**
 * What the web app knows of one game beyond the engine. Each game's folder (games/<game>/index.ts)
 * exports one plugin; games/index.ts lists them, and every list of games in the app derives from
 * it. A plugin is light: its board, log sentences, words and rules load only when a screen needs
 * them (the lobby's first load carries none of them).
 */
import type { Hindsight } from '@matchbox/bots/analysis';
import type { Check } from '@matchbox/client/answers';
import type { Say } from '@matchbox/client/words/say';
import type { Json } from '@matchbox/engine';
import type { ComponentType } from 'react';
import type { GameRules } from '../rules/types.ts';
import type { ShellScreens } from './shell.ts';
import { erase } from './shell.ts';
import type { BoardModule, GameView, LogModule, QuickMode } from './types.ts';

export type { GameView };

/** The words of the game's sentences, shared with the terminal (`@matchbox/client/words`). */
export interface SharedWords {
  readonly MESSAGES: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/**
 * One game's plugin, typed by its id, its view and its events: its board and its log sentences
 * take that game's view and events. games/shell.ts erases the two types, in one
 * place, for the shells that hold a table's view as it came over the wire.
 */
export interface WebGamePlugin<
  Id extends string = string,
  View extends GameView<Id> = GameView<Id>,
  Event = unknown,
> {
  /** The engine's game id, also the game's i18n namespace. */
  readonly id: Id;
  /** `Board.tsx`: the game's screen. */
  readonly board: () => Promise<BoardModule<View, Event>>;
  /** `log.ts`: the game's events and actions in words. */
  readonly log: () => Promise<LogModule<View, Event>>;
  /** The words shared with the terminal, merged into the game's namespace when it loads. */
  readonly words: () => Promise<SharedWords>;
  /** The rules page (both languages). */
  readonly rules: () => Promise<GameRules>;
  /** The lobby's one-click ways to start it: the game itself first, then its modes. */
  readonly quickModes: readonly Omit<QuickMode, 'game'>[];
  /**
   * Where a replay can jump to: the spectator's view field counting the game's chapters (hands,
   * rounds, turns), each named by the `chapter` words of the game's namespace ("Hand {{n}}").
   */
  readonly chapters?: { readonly field: string };
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
  /** The create-table form's ways with the game's options; none: the options as the server lists them. */
  readonly form?: TableForm;
  /**
   * An analysed choice in words where the log module's `describeAction` has none (a bid, a grid
   * place): `t` is bound to the game's namespace, `replay` to the replay's (`analysis.action.*`);
   * null: its notation.
   */
  readonly choiceWords?: (text: string, t: Say, replay: Say) => string | null;
  /** The hindsight of the game's analyses (every card open), where the analysis gives some. */
  readonly hindsight?: GameHindsight;
  /**
   * The units of the game's analyses (the names its analyser declares, `GameAnalyser.units`) and
   * how each is shown; the words for each are `analysisUnit.<name>` in the game's namespace.
   */
  readonly analysisUnits?: Readonly<Record<string, AnalysisUnitShape>>;
  /** What the game adds to a hint at its table (the Hint button); none: the plain suggestion. */
  readonly hint?: HintShape;
}

/**
 * What a game adds to a hint: the suggested choice in its own words, and the odds of each outcome
 * after it (`HintChoice.outcomes`, numbered as the game's bots number them). The words are the
 * game's, under `hint` in its namespace: `hint.outcomes` titles the odds, `hint.outcome` words one
 * (`{{count}}`: the outcome's number, `{{percent}}`: its odds).
 */
export interface HintShape {
  /** The suggested choice in words (`t` bound to the game's namespace); null: as the log names it. */
  readonly suggestion?: (text: string, t: Say) => string | null;
  /** Whether the odds of each outcome are shown, when the hint has them. */
  readonly outcomes?: boolean;
}

/** How a unit of a game's analysis is shown. */
export interface AnalysisUnitShape {
  /** A chance from 0 to 1, shown as a percentage. */
  readonly chance?: boolean;
  /**
   * The unit of the graph's line (a seat's banked score plus its decision's value) where it is
   * another (a hand's points add up to the game's points): its words are the game's too.
   */
  readonly score?: string;
}

/**
 * A plugin with its id's literal type (so that `GameId` is the union of the registered ids) and its
 * view and event types, which its board and log module must take.
 */
export const defineWebGame = <Id extends string, View extends GameView<Id>, Event>(
  p: WebGamePlugin<Id, View, Event>,
): RegisteredWebGame<Id, View, Event> => ({ ...p, shell: erase(p) });

/** A plugin as registered: with its board and log module also as the shells take them. */
export type RegisteredWebGame<
  Id extends string = string,
  View extends GameView<Id> = GameView<Id>,
  Event = unknown,
> = WebGamePlugin<Id, View, Event> & {
  /** The board and log module for views and events from the wire (games/shell.ts). */
  readonly shell: ShellScreens;
};

/** An option's value as the create-table form holds it. */
export type OptionValue = string | number | boolean | readonly number[];

/** What the create-table form knows of a game's options beyond the server's list. */
export interface TableForm {
  /**
   * The options a player chooses in words: per option, a list of named choices with the value
   * sent (the first is the game's default). An option not named here offers the server's choices.
   */
  readonly namedChoices?: Readonly<Record<string, readonly (readonly [string, OptionValue])[]>>;
  /**
   * The player counts the game offers with these options (a mode with its own count), given the
   * game's own range; none: that range.
   */
  readonly players?: (
    options: Readonly<Record<string, OptionValue>>,
    range: readonly [number, number],
  ) => readonly [number, number];
  /** The options that do not count with these options: neither shown nor sent. */
  readonly unused?: (options: Readonly<Record<string, OptionValue>>) => readonly string[];
}

/** The hindsight part of the analysis panel: the game's hindsight with the seats' names. */
export interface HindsightProps {
  readonly hindsight: Hindsight;
  readonly names: readonly string[];
  /** Goes to a step of the replay. */
  readonly onStep: (step: number) => void;
}

/** A game's hindsight: its check on the server's answer, and its words in the analysis panel. */
export interface GameHindsight {
  readonly check: Check<Hindsight>;
  /** `Hindsight.tsx`, loaded with the panel. */
  readonly panel: () => Promise<{ readonly default: ComponentType<HindsightProps> }>;
}
