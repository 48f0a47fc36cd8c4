/**
 * What a tutorial looks at, and the lesson of one game (each game's folder has its own,
 * games/<game>/lesson.ts): a step is a test of the situation (the person's view, legal and refused
 * choices, the log), never a script of clicks.
 */
import type { TableUpdate } from '@matchbox/client/wire';
import type { GameId } from '../games/types.ts';
import type { LocalSetup } from '../local/localTable.ts';

/** What a step looks at. */
export interface Situation {
  readonly update: TableUpdate;
  /** Every event of the game so far, as the person saw them. */
  readonly log: readonly unknown[];
}

export interface Step {
  /** The step's key in the `tutorial` namespace: `<game>.<id>.title` and `.text`. */
  readonly id: string;
  readonly when: (s: Situation) => boolean;
}

export interface Lesson {
  readonly game: GameId;
  readonly setup: Omit<LocalSetup, 'name'>;
  /**
   * In order of precedence: when several steps hold at once, the first is shown, the others at a
   * later update. Momentary situations (a card to follow) come before lasting ones (a trick has
   * been won), so a lasting one never hides a momentary one.
   */
  readonly steps: readonly Step[];
}

export const myTurn = (s: Situation) => s.update.seat !== null && s.update.toAct.includes(s.update.seat);
export const logHas = (type: string) => (s: Situation) =>
  s.log.some((e) => typeof e === 'object' && e !== null && (e as { type?: unknown }).type === type);
export const legalOfType = (s: Situation, type: string) =>
  s.update.legal.some((l) => (l.action as { type?: unknown }).type === type);
