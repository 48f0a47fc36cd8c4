/**
 * The tutorials: a first game per game from a stacked deck, against bots, with steps that explain
 * a rule when it first matters. A step is a test of the situation (the person's view, legal and
 * refused choices, the log), never a script of clicks: whatever the person plays, a step shows
 * when its situation arises. The decks are built so that the situations do arise (see
 * test/tutorial.test.ts, which plays every choice the person has).
 */
import type { GameId } from '../games/types.ts';
import type { Lesson, Situation, Step } from './situation.ts';

export type { Lesson, Situation, Step } from './situation.ts';

/** Each game's lesson, from its folder (games/<game>/lesson.ts), by game. */
export const LESSONS: Partial<Record<GameId, Lesson>> = Object.fromEntries(
  Object.values(import.meta.glob<Lesson>('../games/*/lesson.ts', { eager: true, import: 'lesson' })).map(
    (lesson) => [lesson.game, lesson],
  ),
);

/** The guide's progress: the steps shown so far (the last is on screen) and the update that showed it. */
export interface GuideState {
  readonly shown: readonly string[];
  readonly version: number;
}

export const GUIDE_START: GuideState = { shown: [], version: -1 };

/**
 * The guide after an update: at most one new step per update, so a step whose moment passes
 * quickly is never covered at once by a lasting one that holds at the same time.
 */
export function advance(lesson: Lesson, guide: GuideState, situation: Situation): GuideState {
  if (situation.update.version === guide.version) return guide;
  const step = nextStep(lesson, guide.shown, situation);
  return step ? { shown: [...guide.shown, step.id], version: situation.update.version } : guide;
}

/**
 * The step to show after this update: the first step not shown yet whose situation holds, or
 * null (the last one shown stays).
 */
export function nextStep(lesson: Lesson, shown: readonly string[], situation: Situation): Step | null {
  for (const step of lesson.steps) if (!shown.includes(step.id) && step.when(situation)) return step;
  return null;
}
