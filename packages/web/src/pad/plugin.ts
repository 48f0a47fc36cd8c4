/**
 * What the score pad knows of one game: its sheet's rules, its page and its setup choices. Each
 * game's folder has one (games/<game>/pad/index.ts, exporting `pad`); pad/games.ts finds them, so
 * the pad's shared pages name no game.
 */
import type { GameResult } from '@matchbox/engine';
import type { ComponentType } from 'react';
import type { PadResult } from './scoring/result.ts';
import type { PadProps, PadT } from './types.ts';

/** What every game's sheet holds: its game and its players in playing order. */
export interface SheetBase {
  readonly game: string;
  readonly players: readonly string[];
}

/** The game's own choices on the new-pad form, around the shared player list. */
export interface SetupChoices<O> {
  /** The choices a new pad starts with, from the last pad's names (a duel for two, ...). */
  initial(names: readonly string[]): O;
  /** The player counts the choices allow. */
  limits(choices: O): { readonly min: number; readonly max: number };
  /** The new sheet, or why not. */
  create(players: readonly string[], choices: O): PadResult<SheetBase>;
  /** Fields before the player list. */
  readonly Before?: ComponentType<ChoiceProps<O>>;
  /** Fields after the player list. */
  readonly After?: ComponentType<ChoiceProps<O>>;
}

export interface ChoiceProps<O> {
  readonly choices: O;
  readonly set: (choices: O) => void;
  /** The players' names as the pad will be made with them (a blank one filled in). */
  readonly names: readonly string[];
}

export interface PadGame {
  readonly game: string;
  /** A sheet read back from storage, rebuilt through the game's checks; null when it does not hold. */
  restore(data: unknown): SheetBase | null;
  isOver(sheet: SheetBase): boolean;
  /** The sheet without its last entry; the same sheet when there is none. */
  undo(sheet: SheetBase): SheetBase;
  /** The final ranking, once the game is over. */
  result(sheet: SheetBase): GameResult | null;
  /** The sheet as rows of text (sharing, copying). */
  text(sheet: SheetBase, t: PadT): string[][];
  /** The sheet's page: the table so far and the form for the next entry. */
  readonly View: ComponentType<PadProps<SheetBase>>;
  readonly setup: SetupChoices<unknown>;
}

/** A game's pad from its own sheet type (each function is only ever given that game's sheets). */
export function definePad<S extends SheetBase, O>(p: {
  readonly game: S['game'];
  restore(data: unknown): S | null;
  isOver(sheet: S): boolean;
  undo(sheet: S): S;
  result(sheet: S): GameResult | null;
  text(sheet: S, t: PadT): string[][];
  readonly View: ComponentType<PadProps<S>>;
  readonly setup: SetupChoices<O>;
}): PadGame {
  // The erased form: the pages hand each function only sheets of its own game (by `game`).
  return p as unknown as PadGame;
}
