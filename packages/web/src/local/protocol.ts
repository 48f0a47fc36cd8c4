/**
 * The messages between the page and the local table's Web Worker. The worker holds the full
 * state; the page receives only the person's updates (the shape the server sends), so a board
 * cannot tell a local table from a remote one.
 */
import type { TableUpdate } from '@matchbox/client/wire';
import type { LocalSetup } from './localTable.ts';

export type PageMessage =
  /** Opens the game saved under `key` (or starts `setup` there when none, or when `fresh`). */
  | {
      readonly type: 'open';
      readonly key: string;
      readonly setup: LocalSetup;
      readonly fresh: boolean;
      readonly paceMs: number;
    }
  /** Opens the daily MATCHET Solitaire B deal of `date` (YYYY-MM-DD): a deal the solver proved winnable. */
  | { readonly type: 'daily'; readonly date: string; readonly name: string; readonly fresh: boolean }
  | { readonly type: 'act'; readonly id: number; readonly text: string }
  | { readonly type: 'undo'; readonly id: number }
  /** Gives up the daily deal: the table goes back to the deal and shows the solver's line. */
  | { readonly type: 'giveUp' }
  /** Plays the next move of the shown solution. */
  | { readonly type: 'step' };

/** The solver's line after giving up: the moves in notation, and how many are on the board. */
export interface ShownSolution {
  readonly moves: readonly string[];
  readonly at: number;
}

export type WorkerMessage =
  | {
      readonly type: 'update';
      readonly update: TableUpdate;
      /** The whole log as the person sees it, sent when the log starts over (open, undo, give up). */
      readonly log: readonly unknown[] | null;
      readonly solution: ShownSolution | null;
      /** For the daily deal: which seed of the date the solver proved winnable. */
      readonly daily: { readonly date: string; readonly attempt: number } | null;
    }
  | {
      readonly type: 'ack';
      readonly id: number;
      readonly ok: boolean;
      readonly error?: { readonly code: string; readonly message: string };
    }
  | { readonly type: 'failed'; readonly error: { readonly code: string; readonly message: string } };
