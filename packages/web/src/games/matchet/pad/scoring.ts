/**
 * The MATCHET score sheet (the multiplayer game): 2 to 7 players, 3 rounds by default, 4 or 5 by
 * choice (ruling MT-8). In a round the score keeper adds up each player's multiple joins, each
 * 5, 10, 15 or 20 (MT-2), so a round's points are a multiple of 5. When a player goes out, every
 * other player loses 5 points per tile still in front of him; a blocked round deducts nothing
 * (MT-7). A player never has more than 5 tiles in front of him (MT-5), and whoever did not go out
 * still has one. After the last round the highest total wins; equal highest totals all win (MT-8).
 */
import { rankByScore } from '@matchbox/engine';
import type { GameResult } from '@matchbox/engine';
import { isEntries, readAll, readCount } from '../../../pad/scoring/numbers.ts';
import { checkPlayers, isSeat } from '../../../pad/scoring/players.ts';
import type { Entry, PadResult } from '../../../pad/scoring/result.ts';
import { ok, refuse } from '../../../pad/scoring/result.ts';

export const MATCHET_PLAYERS = { min: 2, max: 7 } as const;
export const ROUND_CHOICES = [3, 4, 5] as const;
/** MT-2: the sums a multiple join scores. */
export const JOIN_VALUES = [5, 10, 15, 20] as const;
/** MT-7: points lost per tile left when somebody goes out. */
export const TILE_PENALTY = 5;
/** MT-5: the most tiles a player has in front of him. */
export const MAX_TILES = 5;

export interface MatchetRound {
  /** Multiple-join points each player scored in the round. */
  readonly points: readonly number[];
  /** Who went out, or null for a blocked round. */
  readonly wentOut: number | null;
  /** Tiles left per player when somebody went out (0 for that player); all 0 when blocked. */
  readonly tilesLeft: readonly number[];
}

export interface MatchetSheet {
  readonly game: 'matchet';
  readonly players: readonly string[];
  readonly roundsToPlay: number;
  readonly rounds: readonly MatchetRound[];
}

export function createMatchetSheet(names: readonly string[], roundsToPlay = 3): PadResult<MatchetSheet> {
  const players = checkPlayers(names, MATCHET_PLAYERS.min, MATCHET_PLAYERS.max);
  if (!players.ok) return players;
  if (!(ROUND_CHOICES as readonly number[]).includes(roundsToPlay))
    return refuse('invalid_option', { option: 'rounds' });
  return ok({ game: 'matchet', players: players.value, roundsToPlay, rounds: [] });
}

/** MT-7: one round's score per player. */
export function roundScores(round: MatchetRound): number[] {
  return round.points.map((p, i) => p - TILE_PENALTY * round.tilesLeft[i]!);
}

export function runningTotals(sheet: MatchetSheet): number[][] {
  const rows: number[][] = [];
  let sum = sheet.players.map(() => 0);
  for (const round of sheet.rounds) {
    const scores = roundScores(round);
    sum = sum.map((s, i) => s + scores[i]!);
    rows.push(sum);
  }
  return rows;
}

export function totals(sheet: MatchetSheet): number[] {
  return runningTotals(sheet).at(-1) ?? sheet.players.map(() => 0);
}

export function isOver(sheet: MatchetSheet): boolean {
  return sheet.rounds.length >= sheet.roundsToPlay;
}

/**
 * Records a round. `tilesLeft` is read only when somebody went out; the one who went out has none
 * (an entry for that player must be empty or 0).
 */
export function recordRound(
  sheet: MatchetSheet,
  points: readonly Entry[],
  wentOut: number | null,
  tilesLeft: readonly Entry[] = [],
): PadResult<MatchetSheet> {
  if (isOver(sheet)) return refuse('game_over');
  const read = readAll(points, sheet.players, readCount);
  if (!read.ok) return read;
  const odd = read.value.findIndex((p) => p % 5 !== 0);
  if (odd >= 0)
    return refuse('not_multiple_of_five', { player: sheet.players[odd]!, value: read.value[odd]! });
  let tiles = sheet.players.map(() => 0);
  if (wentOut !== null) {
    if (!isSeat(wentOut, sheet.players.length)) return refuse('invalid_player');
    const entries = tilesLeft.map((e, i) => (i === wentOut && String(e).trim() === '' ? 0 : e));
    const left = readAll(entries, sheet.players, readCount);
    if (!left.ok) return left;
    tiles = left.value;
    if (tiles[wentOut] !== 0) return refuse('winner_has_tiles', { player: sheet.players[wentOut]! });
    const bad = tiles.findIndex((x, i) => i !== wentOut && (x < 1 || x > MAX_TILES));
    if (bad >= 0)
      return refuse('tiles_left_range', { player: sheet.players[bad]!, value: tiles[bad]!, max: MAX_TILES });
  }
  return ok({ ...sheet, rounds: [...sheet.rounds, { points: read.value, wentOut, tilesLeft: tiles }] });
}

export function undoLast(sheet: MatchetSheet): MatchetSheet {
  return sheet.rounds.length ? { ...sheet, rounds: sheet.rounds.slice(0, -1) } : sheet;
}

/** MT-8: the ranking after the last round; equal highest totals all win. */
export function result(sheet: MatchetSheet): GameResult | null {
  return isOver(sheet) ? rankByScore(totals(sheet)) : null;
}

export function restoreMatchet(data: unknown): MatchetSheet | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Partial<Record<keyof MatchetSheet, unknown>>;
  if (!Array.isArray(d.players) || !Array.isArray(d.rounds) || typeof d.roundsToPlay !== 'number')
    return null;
  const made = createMatchetSheet(d.players.map(String), d.roundsToPlay);
  if (!made.ok) return null;
  let sheet = made.value;
  for (const x of d.rounds as unknown[]) {
    const r = x as Partial<Record<keyof MatchetRound, unknown>> | null;
    if (!r || !isEntries(r.points) || !isEntries(r.tilesLeft)) return null;
    const wentOut = typeof r.wentOut === 'number' ? r.wentOut : null;
    const next = recordRound(sheet, r.points, wentOut, r.tilesLeft);
    if (!next.ok) return null;
    sheet = next.value;
  }
  return sheet;
}
