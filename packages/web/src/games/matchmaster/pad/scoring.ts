/**
 * The MatchMaster score sheet, as the sheet keeps it on paper: 2 to 7 players, 13 hands of
 * 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7 cards (ruling MM-2), the deal passing one seat on each
 * hand and the seat after the dealer leading (MM-3), dark orange trump in every hand (MM-1).
 * Each hand records every player's bid and tricks won; an exact bid scores 10 + tricks, any
 * other minus the difference (MM-9, the engine's `handPoints`); after 13 hands the highest total
 * wins and tied leaders all win (MM-10).
 *
 * Bids are known before the tricks, so a hand may be recorded in two steps: the bids, then the
 * tricks. A refused entry leaves the sheet as it was.
 */
import { matchmasterRules, rankByScore } from '@matchbox/engine';
import type { GameResult } from '@matchbox/engine';
import { isEntries, readAll, readCount } from '../../../pad/scoring/numbers.ts';
import { checkPlayers, isSeat } from '../../../pad/scoring/players.ts';
import type { Entry, PadResult } from '../../../pad/scoring/result.ts';
import { ok, refuse } from '../../../pad/scoring/result.ts';

export const MATCHMASTER_PLAYERS = { min: 2, max: 7 } as const;
/** MM-2: the hand sizes, in order. */
export const HAND_SIZES: readonly number[] = matchmasterRules.STANDARD_HAND_SIZES;
/** MM-1: the trump suit never changes. */
export const TRUMP = 'darkOrange';

export interface MatchMasterHand {
  readonly bids: readonly number[];
  /** null while the hand is being played (bids recorded, tricks not yet). */
  readonly tricks: readonly number[] | null;
}

export interface MatchMasterSheet {
  readonly game: 'matchmaster';
  readonly players: readonly string[];
  readonly firstDealer: number;
  readonly hands: readonly MatchMasterHand[];
}

export interface ScheduledHand {
  readonly index: number;
  readonly size: number;
  readonly dealer: number;
  readonly leader: number;
}

export function createMatchMasterSheet(
  names: readonly string[],
  firstDealer = 0,
): PadResult<MatchMasterSheet> {
  const players = checkPlayers(names, MATCHMASTER_PLAYERS.min, MATCHMASTER_PLAYERS.max);
  if (!players.ok) return players;
  if (!isSeat(firstDealer, players.value.length)) return refuse('invalid_option', { option: 'firstDealer' });
  return ok({ game: 'matchmaster', players: players.value, firstDealer, hands: [] });
}

/** MM-2, MM-3: the 13 hands with their size, dealer and first leader. */
export function schedule(sheet: MatchMasterSheet): ScheduledHand[] {
  const n = sheet.players.length;
  return HAND_SIZES.map((size, index) => {
    const dealer = (sheet.firstDealer + index) % n;
    return { index, size, dealer, leader: (dealer + 1) % n };
  });
}

/** The hand to record next (its bids or its tricks), or null after the 13th. */
export function currentHand(sheet: MatchMasterSheet): ScheduledHand | null {
  const last = sheet.hands[sheet.hands.length - 1];
  const index = last && last.tricks === null ? sheet.hands.length - 1 : sheet.hands.length;
  return schedule(sheet)[index] ?? null;
}

/** The bids of the hand being played, once recorded and before its tricks. */
export function pendingBids(sheet: MatchMasterSheet): readonly number[] | null {
  const last = sheet.hands[sheet.hands.length - 1];
  return last && last.tricks === null ? last.bids : null;
}

/** MM-4: every bid is 0..hand size (any total is allowed). Re-recording replaces them. */
export function recordBids(sheet: MatchMasterSheet, entries: readonly Entry[]): PadResult<MatchMasterSheet> {
  const hand = currentHand(sheet);
  if (!hand) return refuse('game_over');
  const bids = readAll(entries, sheet.players, readCount);
  if (!bids.ok) return bids;
  const over = bids.value.findIndex((b) => b > hand.size);
  if (over >= 0)
    return refuse('bid_above_hand_size', {
      player: sheet.players[over]!,
      value: bids.value[over]!,
      size: hand.size,
    });
  const done = pendingBids(sheet) ? sheet.hands.slice(0, -1) : sheet.hands;
  return ok({ ...sheet, hands: [...done, { bids: bids.value, tricks: null }] });
}

/** The tricks of the hand whose bids are recorded: each 0..hand size, together the hand size. */
export function recordTricks(
  sheet: MatchMasterSheet,
  entries: readonly Entry[],
): PadResult<MatchMasterSheet> {
  const hand = currentHand(sheet);
  if (!hand) return refuse('game_over');
  const bids = pendingBids(sheet);
  if (!bids) return refuse('bids_missing');
  const tricks = readAll(entries, sheet.players, readCount);
  if (!tricks.ok) return tricks;
  const over = tricks.value.findIndex((x) => x > hand.size);
  if (over >= 0)
    return refuse('tricks_above_hand_size', {
      player: sheet.players[over]!,
      value: tricks.value[over]!,
      size: hand.size,
    });
  // Every card is played, one trick per card each player holds: the tricks add up to the hand size.
  const sum = tricks.value.reduce((a, b) => a + b, 0);
  if (sum !== hand.size) return refuse('tricks_do_not_add_up', { sum, size: hand.size });
  return ok({ ...sheet, hands: [...sheet.hands.slice(0, -1), { bids, tricks: tricks.value }] });
}

/** A whole hand at once: its bids, then its tricks. */
export function recordHand(
  sheet: MatchMasterSheet,
  bids: readonly Entry[],
  tricks: readonly Entry[],
): PadResult<MatchMasterSheet> {
  const withBids = recordBids(sheet, bids);
  return withBids.ok ? recordTricks(withBids.value, tricks) : withBids;
}

/** Takes back the last entry: a hand's tricks, or the bids of the hand being played. */
export function undoLast(sheet: MatchMasterSheet): MatchMasterSheet {
  const last = sheet.hands[sheet.hands.length - 1];
  if (!last) return sheet;
  const kept = sheet.hands.slice(0, -1);
  return { ...sheet, hands: last.tricks ? [...kept, { bids: last.bids, tricks: null }] : kept };
}

/** MM-9 for one finished hand, per player. */
export function handScores(hand: MatchMasterHand): number[] | null {
  const tricks = hand.tricks;
  return tricks ? hand.bids.map((bid, i) => matchmasterRules.handPoints(bid, tricks[i]!)) : null;
}

/** The totals after each finished hand (one row per finished hand). */
export function runningTotals(sheet: MatchMasterSheet): number[][] {
  const rows: number[][] = [];
  let sum = sheet.players.map(() => 0);
  for (const hand of sheet.hands) {
    const scores = handScores(hand);
    if (!scores) break;
    sum = sum.map((s, i) => s + scores[i]!);
    rows.push(sum);
  }
  return rows;
}

export function totals(sheet: MatchMasterSheet): number[] {
  return runningTotals(sheet).at(-1) ?? sheet.players.map(() => 0);
}

export function isOver(sheet: MatchMasterSheet): boolean {
  return currentHand(sheet) === null;
}

/** MM-10: the ranking after the 13th hand (equal totals share a rank; all leaders win). */
export function result(sheet: MatchMasterSheet): GameResult | null {
  return isOver(sheet) ? rankByScore(totals(sheet)) : null;
}

/** A sheet read back from storage, rebuilt through the same checks; null if it does not hold. */
export function restoreMatchMaster(data: unknown): MatchMasterSheet | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Partial<Record<keyof MatchMasterSheet, unknown>>;
  if (!Array.isArray(d.players) || !Array.isArray(d.hands)) return null;
  const made = createMatchMasterSheet(
    d.players.map(String),
    typeof d.firstDealer === 'number' ? d.firstDealer : -1,
  );
  if (!made.ok) return null;
  let sheet = made.value;
  for (const [i, h] of (d.hands as unknown[]).entries()) {
    const hand = h as Partial<Record<keyof MatchMasterHand, unknown>> | null;
    if (!hand || !isEntries(hand.bids)) return null;
    const bids = recordBids(sheet, hand.bids);
    if (!bids.ok) return null;
    sheet = bids.value;
    // Only the last hand may be waiting for its tricks.
    if (hand.tricks === null || hand.tricks === undefined) {
      if (i !== d.hands.length - 1) return null;
      continue;
    }
    if (!isEntries(hand.tricks)) return null;
    const tricks = recordTricks(sheet, hand.tricks);
    if (!tricks.ok) return null;
    sheet = tricks.value;
  }
  return sheet;
}
