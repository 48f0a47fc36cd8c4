/**
 * Where a replay can jump to: MatchMaster's hands, the rounds of MATCH! and of multiplayer
 * MATCHET, Sweet16's turns. Read from the public (spectator's) view of each step, so it is the
 * same for every viewer.
 */
import type { StepView } from './steps.ts';

/** The kind of chapter a game has, for its label ("Hand 3", "Round 2", "Turn 14"). */
export type ChapterKind = 'hand' | 'round' | 'turn';

const KINDS: Record<string, { kind: ChapterKind; field: string }> = {
  matchmaster: { kind: 'hand', field: 'hand' },
  match: { kind: 'round', field: 'round' },
  matchet: { kind: 'round', field: 'round' },
  sweet16: { kind: 'turn', field: 'turn' },
};

export interface Chapter {
  readonly kind: ChapterKind;
  readonly number: number;
  /** The first step of the chapter. */
  readonly step: number;
}

/** The chapters of a replay: where each hand (round, turn) starts; empty when the game has none. */
export function chaptersOf(game: string, views: readonly StepView[]): Chapter[] {
  const spec = KINDS[game];
  if (!spec) return [];
  const out: Chapter[] = [];
  views.forEach((v, step) => {
    const n = (v.view as Record<string, unknown> | null)?.[spec.field];
    if (typeof n !== 'number') return;
    if (out.length === 0 || out[out.length - 1]!.number !== n) out.push({ kind: spec.kind, number: n, step });
  });
  // A game with one chapter (a solitaire) has nothing to jump between.
  return out.length > 1 ? out : [];
}
