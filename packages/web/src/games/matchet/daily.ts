/**
 * The daily MATCHET Solitaire B deal: the seeds of a date are tried in order until the solver
 * proves one winnable within its budget (MT-10: the stacks lie face up, so solving hides nothing
 * from the player), and that deal is everyone's deal of the day. Runs in the local table's worker.
 */
import type { MatchetState } from '@matchbox/engine';
import { getGame, solveMatchet } from '@matchbox/engine';
import type { LocalSetup } from '../../local/localTable.ts';

/** Positions the solver may expand per seed before the next seed is tried. */
const SOLVE_BUDGET = 200_000;
/** Seeds tried per date before giving up (the solver proves most deals in a few hundred positions). */
const MAX_ATTEMPTS = 50;

export const isDate = (text: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(text);

/** The local date as YYYY-MM-DD (the day changes at the player's midnight). */
export function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const dailySetup = (date: string, attempt: number, name: string): LocalSetup => ({
  game: 'matchet',
  players: 1,
  options: { mode: 'stacks' },
  seed: `daily:${date}:${attempt}`,
  level: 'medium',
  name,
});

export interface DailyDeal {
  readonly setup: LocalSetup;
  readonly attempt: number;
}

/** The day's deal: the first seed of `date` whose deal the solver proves winnable. */
export function dailyDeal(date: string, name: string): DailyDeal | null {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const setup = dailySetup(date, attempt, name);
    if (solution(setup) !== null) return { setup, attempt };
  }
  return null;
}

/** A winning line from the deal of `setup` (moves in notation), or null if none was proved. */
export function solution(setup: LocalSetup): string[] | null {
  const game = getGame('matchet')!;
  const start = game.setup({ players: 1, seed: setup.seed, options: setup.options });
  if (!start.ok) return null;
  const solved = solveMatchet(start.value as MatchetState, { maxNodes: SOLVE_BUDGET });
  return solved.status === 'win' && solved.line ? solved.line.map((a) => game.formatAction(a)) : null;
}
