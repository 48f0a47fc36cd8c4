/**
 * The MATCH! score sheet: 2 to 8 players (ruling MA-2), one score per player and round, added to
 * the totals; after a round in which somebody's total reaches 50, the game ends and the highest
 * total wins, equal highest totals all winning (MA-11).
 *
 * A round score is the collection's cards minus the hand's, a wildcard in hand counting 10
 * (MA-10). That bounds what a round can score, so these are refused as impossible:
 * - a score below -45: a hand never holds more than 5 cards (it starts with 5, a discard takes
 *   one away and a collect draws one back), and the worst five are 4 wildcards and a 5;
 * - positive scores adding up to more than 150: every collection together holds at most the 60
 *   number cards, worth 2 x 5 x (0+1+2+3+4+5) = 150;
 * - a round in which everybody scores below 0: whoever ended it has no card in hand (MA-9);
 *   when the sheet names who went out, that player's score is 0 or more.
 */
import { rankByScore } from '@matchbox/engine';
import type { GameResult } from '@matchbox/engine';
import { isEntries, readAll, readWhole } from '../../../pad/scoring/numbers.ts';
import { checkPlayers, isSeat } from '../../../pad/scoring/players.ts';
import type { Entry, PadResult } from '../../../pad/scoring/result.ts';
import { ok, refuse } from '../../../pad/scoring/result.ts';

export const MATCH_PLAYERS = { min: 2, max: 8 } as const;
/** MA-11: the total that ends the game. */
export const MATCH_TARGET = 50;
/** The lowest round score: 4 wildcards (10 each) and a 5 in hand, nothing collected. */
export const LOWEST_ROUND_SCORE = -45;
/** Every number card together: 5 colours x 2 copies x (0+1+2+3+4+5). */
export const ALL_NUMBER_CARDS = 150;

export interface MatchRound {
  readonly scores: readonly number[];
  /** The player who went out (MA-9), when the table said; that player starts the next round. */
  readonly endedBy: number | null;
}

export interface MatchSheet {
  readonly game: 'match';
  readonly players: readonly string[];
  readonly rounds: readonly MatchRound[];
}

export function createMatchSheet(names: readonly string[]): PadResult<MatchSheet> {
  const players = checkPlayers(names, MATCH_PLAYERS.min, MATCH_PLAYERS.max);
  return players.ok ? ok({ game: 'match', players: players.value, rounds: [] }) : players;
}

export function runningTotals(sheet: MatchSheet): number[][] {
  const rows: number[][] = [];
  let sum = sheet.players.map(() => 0);
  for (const round of sheet.rounds) {
    sum = sum.map((s, i) => s + round.scores[i]!);
    rows.push(sum);
  }
  return rows;
}

export function totals(sheet: MatchSheet): number[] {
  return runningTotals(sheet).at(-1) ?? sheet.players.map(() => 0);
}

/** MA-11: over once a finished round leaves somebody at 50 or more. */
export function isOver(sheet: MatchSheet): boolean {
  return totals(sheet).some((t) => t >= MATCH_TARGET);
}

export function recordRound(
  sheet: MatchSheet,
  entries: readonly Entry[],
  endedBy: number | null = null,
): PadResult<MatchSheet> {
  if (isOver(sheet)) return refuse('game_over');
  if (endedBy !== null && !isSeat(endedBy, sheet.players.length)) return refuse('invalid_player');
  const read = readAll(entries, sheet.players, readWhole);
  if (!read.ok) return read;
  const scores = read.value;
  const low = scores.findIndex((s) => s < LOWEST_ROUND_SCORE);
  if (low >= 0)
    return refuse('round_score_too_low', {
      player: sheet.players[low]!,
      value: scores[low]!,
      min: LOWEST_ROUND_SCORE,
    });
  const gained = scores.reduce((a, s) => a + Math.max(0, s), 0);
  if (gained > ALL_NUMBER_CARDS)
    return refuse('round_scores_too_high', { sum: gained, max: ALL_NUMBER_CARDS });
  if (endedBy !== null && scores[endedBy]! < 0)
    return refuse('ender_scored_below_zero', { player: sheet.players[endedBy]!, value: scores[endedBy]! });
  if (scores.every((s) => s < 0)) return refuse('nobody_went_out');
  return ok({ ...sheet, rounds: [...sheet.rounds, { scores, endedBy }] });
}

export function undoLast(sheet: MatchSheet): MatchSheet {
  return sheet.rounds.length ? { ...sheet, rounds: sheet.rounds.slice(0, -1) } : sheet;
}

/** MA-11: who plays first in the next round (the one who went out), when known. */
export function nextStarter(sheet: MatchSheet): number | null {
  return sheet.rounds.at(-1)?.endedBy ?? null;
}

/** MA-11: the ranking once the game is over; equal highest totals all win. */
export function result(sheet: MatchSheet): GameResult | null {
  return isOver(sheet) ? rankByScore(totals(sheet)) : null;
}

export function restoreMatch(data: unknown): MatchSheet | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Partial<Record<keyof MatchSheet, unknown>>;
  if (!Array.isArray(d.players) || !Array.isArray(d.rounds)) return null;
  const made = createMatchSheet(d.players.map(String));
  if (!made.ok) return null;
  let sheet = made.value;
  for (const r of d.rounds as unknown[]) {
    const round = r as Partial<Record<keyof MatchRound, unknown>> | null;
    if (!round || !isEntries(round.scores)) return null;
    const endedBy = typeof round.endedBy === 'number' ? round.endedBy : null;
    const next = recordRound(sheet, round.scores, endedBy);
    if (!next.ok) return null;
    sheet = next.value;
  }
  return sheet;
}
