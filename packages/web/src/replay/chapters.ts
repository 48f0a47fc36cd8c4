/**
 * Where a replay can jump to: a game's hands, rounds or turns, as its plugin says
 * (games/<game>/index.ts). Read from the public (spectator's) view of each step, so it is the
 * same for every viewer.
 */
import { webGame } from '../games/index.ts';
import type { StepView } from './steps.ts';

/** A chapter: its number, named by the game's `chapter` words ("Hand 3", "Round 2", "Turn 14"). */
export interface Chapter {
  readonly number: number;
  /** The first step of the chapter. */
  readonly step: number;
}

/** The chapters of a replay: where each hand (round, turn) starts; empty when the game has none. */
export function chaptersOf(game: string, views: readonly StepView[]): Chapter[] {
  const spec = webGame(game)?.chapters;
  if (!spec) return [];
  const out: Chapter[] = [];
  views.forEach((v, step) => {
    const n = (v.view as Record<string, unknown> | null)?.[spec.field];
    if (typeof n !== 'number') return;
    if (out.length === 0 || out[out.length - 1]!.number !== n) out.push({ number: n, step });
  });
  // A game with one chapter (a solitaire) has nothing to jump between.
  return out.length > 1 ? out : [];
}
