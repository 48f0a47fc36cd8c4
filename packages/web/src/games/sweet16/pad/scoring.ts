/**
 * The Sweet16 score sheet: each player's bank, a face-down score pile (1 point a card) and the
 * face-up diamonds beside it (3 points each), ruling S16-8. Every scoring (a tryst, or a clique
 * scored at the start of its owner's turn) is one entry: the cards it moved from the grid to the
 * scorer's pile, whether a diamond was activated face up, and whether a club took an opponent's
 * face-up diamond into the scorer's pile (S16-6; one activation per scoring).
 *
 * The standard game (2 to 5 players, S16-1) lays 54 cards; each scoring puts one of its cards back
 * (S16-6 A), so a scoring takes at least one card and the grid never empties. The game ends at the
 * end of a scoring that leaves fewer than 13 cards in the grid (S16-7); the players end it by hand
 * when nothing can be scored any more (also S16-7). The duel (S16-10: two players or two
 * partnerships) lays 49 cards, scores every card of a tryst (two or more) and ends when both pass
 * in a row, which the players say. The highest score wins; a tie goes to the tied player earliest
 * in turn order from the first player (S16-8), so the sheet lists players in turn order.
 */
import { rankByScore } from '@matchbox/engine';
import type { GameResult } from '@matchbox/engine';
import { readCount } from '../../../pad/scoring/numbers.ts';
import { checkPlayers, isSeat } from '../../../pad/scoring/players.ts';
import type { Entry, PadResult } from '../../../pad/scoring/result.ts';
import { ok, refuse } from '../../../pad/scoring/result.ts';

export const SWEET16_VARIANTS = ['standard', 'duel'] as const;
export type Sweet16Variant = (typeof SWEET16_VARIANTS)[number];

export const SWEET16_PLAYERS: Readonly<Record<Sweet16Variant, { min: number; max: number }>> = {
  standard: { min: 2, max: 5 },
  duel: { min: 2, max: 2 },
};
/** S16-1: 9 x 6 = 54 cards; S16-10: 7 x 7 = 49. */
export const GRID_SIZE: Readonly<Record<Sweet16Variant, number>> = { standard: 54, duel: 49 };
/** S16-7: the game ends when a scoring leaves fewer than this many cards in the grid. */
export const END_BELOW = 13;
/** 13 diamonds in the deck: no more can ever lie face up. */
export const DIAMONDS = 13;
/** S16-8 */
export const DIAMOND_POINTS = 3;

export interface Sweet16Scoring {
  readonly player: number;
  /** Cards from the grid to the scorer's face-down pile (an activated club or hearts included). */
  readonly cards: number;
  /** A diamond activated: it lies face up beside the pile. */
  readonly diamond: boolean;
  /** A club took this opponent's face-up diamond into the scorer's pile. */
  readonly stealFrom: number | null;
}

export interface Sweet16Sheet {
  readonly game: 'sweet16';
  readonly variant: Sweet16Variant;
  readonly players: readonly string[];
  readonly scorings: readonly Sweet16Scoring[];
  /** Ended by the players: nothing can be scored any more (S16-7), or both passed (S16-10). */
  readonly ended: boolean;
}

export interface Sweet16Bank {
  readonly pile: number;
  readonly diamonds: number;
  readonly points: number;
}

export interface Sweet16ScoringEntry {
  readonly player: number;
  readonly cards: Entry;
  readonly diamond: boolean;
  readonly stealFrom: number | null;
}

export function createSweet16Sheet(
  names: readonly string[],
  variant: Sweet16Variant = 'standard',
): PadResult<Sweet16Sheet> {
  if (!SWEET16_VARIANTS.includes(variant)) return refuse('invalid_option', { option: 'variant' });
  const { min, max } = SWEET16_PLAYERS[variant];
  const players = checkPlayers(names, min, max);
  return players.ok
    ? ok({ game: 'sweet16', variant, players: players.value, scorings: [], ended: false })
    : players;
}

export function banks(sheet: Sweet16Sheet): Sweet16Bank[] {
  const pile = sheet.players.map(() => 0);
  const diamonds = sheet.players.map(() => 0);
  for (const s of sheet.scorings) {
    pile[s.player]! += s.cards;
    if (s.diamond) diamonds[s.player]! += 1;
    if (s.stealFrom !== null) {
      diamonds[s.stealFrom]! -= 1;
      pile[s.player]! += 1;
    }
  }
  return pile.map((p, i) => ({ pile: p, diamonds: diamonds[i]!, points: p + DIAMOND_POINTS * diamonds[i]! }));
}

/** Cards still in the grid: the ones no scoring took (face-up clique cards count as in the grid). */
export function cardsLeft(sheet: Sweet16Sheet): number {
  const taken = sheet.scorings.reduce((a, s) => a + s.cards + (s.diamond ? 1 : 0), 0);
  return GRID_SIZE[sheet.variant] - taken;
}

export function isOver(sheet: Sweet16Sheet): boolean {
  return sheet.ended || (sheet.variant === 'standard' && cardsLeft(sheet) < END_BELOW);
}

export function recordScoring(sheet: Sweet16Sheet, entry: Sweet16ScoringEntry): PadResult<Sweet16Sheet> {
  if (isOver(sheet)) return refuse('game_over');
  const n = sheet.players.length;
  if (!isSeat(entry.player, n)) return refuse('invalid_player');
  const name = sheet.players[entry.player]!;
  const cards = readCount(entry.cards, name);
  if (!cards.ok) return cards;
  const moved = cards.value + (entry.diamond ? 1 : 0);
  // S16-6: a scored set has at least two cards and one goes back; S16-10: a duel tryst scores all.
  if (sheet.variant === 'standard' && moved < 1) return refuse('nothing_scored', { player: name });
  if (sheet.variant === 'duel' && moved < 2) return refuse('too_few_cards_scored', { player: name });
  const left = cardsLeft(sheet) - moved;
  // S16-6 A: in the standard game the put-back card always stays in the grid.
  if (left < (sheet.variant === 'standard' ? 1 : 0))
    return refuse('more_cards_than_grid', { left: cardsLeft(sheet) });
  if (entry.stealFrom !== null) {
    if (entry.diamond) return refuse('one_activation_only');
    if (!isSeat(entry.stealFrom, n)) return refuse('invalid_player');
    if (entry.stealFrom === entry.player) return refuse('steal_from_self');
    if (banks(sheet)[entry.stealFrom]!.diamonds < 1)
      return refuse('no_diamond_to_steal', { player: sheet.players[entry.stealFrom]! });
  }
  if (entry.diamond && sheet.scorings.filter((s) => s.diamond).length >= DIAMONDS)
    return refuse('too_many_diamonds');
  const scoring: Sweet16Scoring = {
    player: entry.player,
    cards: cards.value,
    diamond: entry.diamond,
    stealFrom: entry.stealFrom,
  };
  return ok({ ...sheet, scorings: [...sheet.scorings, scoring] });
}

/** S16-7 (nothing can be scored any more) and S16-10 (both passed): the players end the game. */
export function endGame(sheet: Sweet16Sheet): PadResult<Sweet16Sheet> {
  return isOver(sheet) ? refuse('game_over') : ok({ ...sheet, ended: true });
}

/** Takes back the last entry: the end of the game, or the last scoring. */
export function undoLast(sheet: Sweet16Sheet): Sweet16Sheet {
  if (sheet.ended) return { ...sheet, ended: false };
  return sheet.scorings.length ? { ...sheet, scorings: sheet.scorings.slice(0, -1) } : sheet;
}

/** S16-8: the ranking (live while playing, final once over); ties to the earlier player in turn order. */
export function standings(sheet: Sweet16Sheet): GameResult {
  return rankByScore(
    banks(sheet).map((b) => b.points),
    (seat) => seat,
  );
}

export function result(sheet: Sweet16Sheet): GameResult | null {
  return isOver(sheet) ? standings(sheet) : null;
}

export function restoreSweet16(data: unknown): Sweet16Sheet | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Partial<Record<keyof Sweet16Sheet, unknown>>;
  if (!Array.isArray(d.players) || !Array.isArray(d.scorings)) return null;
  const variant = SWEET16_VARIANTS.find((v) => v === d.variant);
  if (!variant) return null;
  const made = createSweet16Sheet(d.players.map(String), variant);
  if (!made.ok) return null;
  let sheet = made.value;
  for (const x of d.scorings as unknown[]) {
    const s = x as Partial<Record<keyof Sweet16Scoring, unknown>> | null;
    if (!s || typeof s.player !== 'number' || typeof s.cards !== 'number') return null;
    const next = recordScoring(sheet, {
      player: s.player,
      cards: s.cards,
      diamond: s.diamond === true,
      stealFrom: typeof s.stealFrom === 'number' ? s.stealFrom : null,
    });
    if (!next.ok) return null;
    sheet = next.value;
  }
  if (d.ended === true) {
    const ended = endGame(sheet);
    if (ended.ok) sheet = ended.value;
  }
  return sheet;
}
