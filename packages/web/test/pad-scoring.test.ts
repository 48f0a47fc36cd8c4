// @vitest-environment node
// The score pads' rules, game by game, with the rulings they follow: what each entry scores, the
// totals and the end, and the impossible entries that are refused without changing the sheet.
import { describe, expect, it } from 'vitest';
import * as mt from '../src/games/matchet/pad/scoring.ts';
import * as ma from '../src/games/match/pad/scoring.ts';
import * as mm from '../src/games/matchmaster/pad/scoring.ts';
import { readCount, readWhole } from '../src/pad/scoring/numbers.ts';
import type { PadResult } from '../src/pad/scoring/result.ts';
import * as s16 from '../src/games/sweet16/pad/scoring.ts';

function value<T>(r: PadResult<T>): T {
  if (!r.ok) throw new Error(`refused: ${r.error.code} ${JSON.stringify(r.error.params)}`);
  return r.value;
}
function code<T>(r: PadResult<T>): string {
  return r.ok ? 'accepted' : r.error.code;
}

describe('reading numbers', () => {
  it('reads whole numbers and refuses anything else with a stable code', () => {
    expect(value(readCount(' 3 ', 'Ada'))).toBe(3);
    expect(value(readWhole('-12', 'Ada'))).toBe(-12);
    expect(value(readWhole('\u22125', 'Ada'))).toBe(-5); // a phone keyboard's minus sign
    expect(value(readWhole('+4', 'Ada'))).toBe(4);
    expect(code(readCount('', 'Ada'))).toBe('missing_number');
    expect(code(readCount('2.5', 'Ada'))).toBe('not_a_whole_number');
    expect(code(readCount('two', 'Ada'))).toBe('not_a_whole_number');
    expect(code(readCount('-1', 'Ada'))).toBe('negative_number');
    expect(code(readCount('12345678', 'Ada'))).toBe('number_too_large');
    expect(readCount('-1', 'Ada')).toEqual({
      ok: false,
      error: { code: 'negative_number', params: { player: 'Ada', value: -1 } },
    });
  });
});

describe('MatchMaster sheet', () => {
  const three = () => value(mm.createMatchMasterSheet(['Ada', 'Bea', 'Cem']));

  it('checks the players: 2 to 7, named, each once (ruling MM-1)', () => {
    expect(code(mm.createMatchMasterSheet(['Ada']))).toBe('player_count');
    expect(code(mm.createMatchMasterSheet(['1', '2', '3', '4', '5', '6', '7', '8']))).toBe('player_count');
    expect(code(mm.createMatchMasterSheet(['Ada', ' ']))).toBe('missing_name');
    expect(code(mm.createMatchMasterSheet(['Ada', 'ada ']))).toBe('duplicate_name');
    expect(code(mm.createMatchMasterSheet(['Ada', 'Bea'], 2))).toBe('invalid_option');
    expect(value(mm.createMatchMasterSheet(['  Ada  Lovelace ', 'Bea'])).players).toEqual([
      'Ada Lovelace',
      'Bea',
    ]);
  });

  it('schedules 13 hands of 7..1..7 cards, the deal passing one seat each hand (MM-2, MM-3)', () => {
    const sheet = value(mm.createMatchMasterSheet(['Ada', 'Bea', 'Cem'], 2));
    const hands = mm.schedule(sheet);
    expect(hands.map((h) => h.size)).toEqual([7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]);
    expect(hands.slice(0, 4).map((h) => [h.dealer, h.leader])).toEqual([
      [2, 0],
      [0, 1],
      [1, 2],
      [2, 0],
    ]);
    expect(mm.TRUMP).toBe('darkOrange'); // MM-1: the same trump in every hand
  });

  it('scores an exact bid 10 + tricks, any other minus the difference (MM-9, the sheet examples)', () => {
    // 7 cards: Ada bids 3 wins 3 (13), Bea bids 4 wins 3 (-1), Cem bids 0 wins 1 (-1)
    let sheet = value(mm.recordHand(three(), [3, 4, 0], [3, 3, 1]));
    expect(mm.handScores(sheet.hands[0]!)).toEqual([13, -1, -1]);
    // 6 cards: Ada bids 0 wins 0 (10), Bea bids 0 wins 2 (-2), Cem bids 4 wins 4 (14)
    sheet = value(mm.recordHand(sheet, ['0', '0', '4'], ['0', '2', '4']));
    expect(mm.handScores(sheet.hands[1]!)).toEqual([10, -2, 14]);
    expect(mm.runningTotals(sheet)).toEqual([
      [13, -1, -1],
      [23, -3, 13],
    ]);
    expect(mm.totals(sheet)).toEqual([23, -3, 13]);
    expect(mm.currentHand(sheet)).toMatchObject({ index: 2, size: 5 });
  });

  it('records the bids first and the tricks after; the bids may be corrected until then (MM-4)', () => {
    let sheet = value(mm.recordBids(three(), [2, 2, 2])); // any total of bids is allowed
    expect(mm.pendingBids(sheet)).toEqual([2, 2, 2]);
    expect(mm.currentHand(sheet)?.index).toBe(0);
    sheet = value(mm.recordBids(sheet, [1, 2, 3]));
    expect(sheet.hands).toEqual([{ bids: [1, 2, 3], tricks: null }]);
    sheet = value(mm.recordTricks(sheet, [1, 2, 4]));
    expect(mm.totals(sheet)).toEqual([11, 12, -1]);
    expect(code(mm.recordTricks(sheet, [1, 2, 3]))).toBe('bids_missing');
  });

  it('refuses impossible hands and leaves the sheet unchanged', () => {
    const sheet = value(mm.recordHand(three(), [3, 4, 0], [3, 3, 1]));
    const before = JSON.stringify(sheet);
    const tries: [PadResult<mm.MatchMasterSheet>, string][] = [
      [mm.recordHand(sheet, [1, 1, 1], [2, 2, 1]), 'tricks_do_not_add_up'], // 5 of 6 tricks
      [mm.recordHand(sheet, [1, 1, 1], [3, 3, 1]), 'tricks_do_not_add_up'], // 7 of 6
      [mm.recordHand(sheet, [7, 0, 0], [6, 0, 0]), 'bid_above_hand_size'],
      [mm.recordHand(sheet, [1, 1, 1], [7, 0, 0]), 'tricks_above_hand_size'],
      [mm.recordHand(sheet, [-1, 1, 1], [2, 2, 2]), 'negative_number'],
      [mm.recordHand(sheet, [1, 1, 1], [2, -1, 5]), 'negative_number'],
      [mm.recordHand(sheet, [1, 1], [3, 3]), 'wrong_entry_count'],
      [mm.recordHand(sheet, ['', 1, 1], [2, 2, 2]), 'missing_number'],
    ];
    for (const [r, expected] of tries) expect(code(r)).toBe(expected);
    expect(mm.recordHand(sheet, [1, 1, 1], [2, 2, 1])).toEqual({
      ok: false,
      error: { code: 'tricks_do_not_add_up', params: { sum: 5, size: 6 } },
    });
    expect(JSON.stringify(sheet)).toBe(before);
  });

  it('ends after 13 hands; the highest total wins and tied leaders all win (MM-10)', () => {
    let sheet = value(mm.createMatchMasterSheet(['Ada', 'Bea']));
    for (const h of mm.schedule(sheet)) {
      // Ada bids all and wins all; Bea bids 0 and wins 0: both exact every hand.
      sheet = value(mm.recordHand(sheet, [h.size, 0], [h.size, 0]));
      expect(mm.result(sheet) === null).toBe(h.index < 12);
    }
    expect(mm.isOver(sheet)).toBe(true);
    expect(mm.totals(sheet)).toEqual([130 + 55, 130]); // 13 exact bids, 55 tricks
    expect(mm.result(sheet)?.winners).toEqual([0]);
    expect(code(mm.recordBids(sheet, [0, 0]))).toBe('game_over');
  });

  it('shares the top place between equal totals (MM-10)', () => {
    let sheet = value(mm.createMatchMasterSheet(['Ada', 'Bea', 'Cem']));
    for (const h of mm.schedule(sheet)) {
      // Ada takes every trick of the first six hands, Cem the one-card hand, Bea the last six;
      // each bids exactly that, so Ada and Bea end equal.
      const taker = h.index < 6 ? 0 : h.index === 6 ? 2 : 1;
      const row = [0, 1, 2].map((p) => (p === taker ? h.size : 0));
      sheet = value(mm.recordHand(sheet, row, row));
    }
    expect(mm.result(sheet)).toEqual({ scores: [157, 157, 131], ranks: [1, 1, 3], winners: [0, 1] });
    // Bidding 0 and winning everything costs the hand size every hand.
    let bad = value(mm.createMatchMasterSheet(['Ada', 'Bea']));
    for (const h of mm.schedule(bad)) bad = value(mm.recordHand(bad, [0, 0], [h.size, 0]));
    expect(mm.totals(bad)).toEqual([-55, 130]);
  });

  it('takes back the last entry: the tricks, then the bids', () => {
    const sheet = value(mm.recordHand(three(), [3, 4, 0], [3, 3, 1]));
    const once = mm.undoLast(sheet);
    expect(once.hands).toEqual([{ bids: [3, 4, 0], tricks: null }]);
    expect(mm.undoLast(once).hands).toEqual([]);
  });

  it('rebuilds a stored sheet through the same checks', () => {
    const sheet = value(mm.recordBids(value(mm.recordHand(three(), [3, 4, 0], [3, 3, 1])), [1, 1, 1]));
    expect(mm.restoreMatchMaster(JSON.parse(JSON.stringify(sheet)))).toEqual(sheet);
    const broken = { ...sheet, hands: [{ bids: [3, 4, 0], tricks: [3, 3, 3] }] };
    expect(mm.restoreMatchMaster(broken)).toBeNull();
    expect(
      mm.restoreMatchMaster({ ...sheet, hands: [{ bids: [1, 1, 1], tricks: null }, ...sheet.hands] }),
    ).toBeNull();
    expect(mm.restoreMatchMaster('nonsense')).toBeNull();
  });
});

describe('MATCH! sheet', () => {
  const three = () => value(ma.createMatchSheet(['Ada', 'Bea', 'Cem']));

  it('allows 2 to 8 players (ruling MA-2)', () => {
    expect(code(ma.createMatchSheet(['Ada']))).toBe('player_count');
    expect(code(ma.createMatchSheet(['1', '2', '3', '4', '5', '6', '7', '8']))).toBe('accepted');
    expect(code(ma.createMatchSheet(['1', '2', '3', '4', '5', '6', '7', '8', '9']))).toBe('player_count');
  });

  it('adds round scores, negative ones included (MA-10: the sheet example scores 8)', () => {
    let sheet = value(ma.recordRound(three(), ['8', '-13', '21'], 2));
    sheet = value(ma.recordRound(sheet, [10, 0, -3]));
    expect(ma.runningTotals(sheet)).toEqual([
      [8, -13, 21],
      [18, -13, 18],
    ]);
    expect(ma.nextStarter(sheet)).toBeNull();
    expect(ma.nextStarter(ma.undoLast(sheet))).toBe(2); // MA-11: who went out starts the next round
  });

  it('ends after the round in which somebody reaches 50; equal highest totals all win (MA-11)', () => {
    let sheet = value(ma.recordRound(three(), [40, 45, 10]));
    expect(ma.isOver(sheet)).toBe(false);
    sheet = value(ma.recordRound(sheet, [12, 7, 0]));
    expect(ma.isOver(sheet)).toBe(true);
    expect(ma.result(sheet)).toMatchObject({ scores: [52, 52, 10], winners: [0, 1], ranks: [1, 1, 3] });
    expect(code(ma.recordRound(sheet, [1, 1, 1]))).toBe('game_over');
    // The highest total wins even if it is not the one that crossed 50 first.
    const late = value(ma.recordRound(value(ma.recordRound(three(), [45, 49, 0])), [10, 2, 0]));
    expect(ma.result(late)?.winners).toEqual([0]);
  });

  it('refuses impossible rounds and leaves the sheet unchanged (MA-9, MA-10)', () => {
    const sheet = value(ma.recordRound(three(), [5, 6, 7]));
    const before = JSON.stringify(sheet);
    expect(code(ma.recordRound(sheet, [-46, 10, 0]))).toBe('round_score_too_low');
    expect(code(ma.recordRound(sheet, [-45, 10, 0]))).toBe('accepted');
    expect(code(ma.recordRound(sheet, [100, 51, -3]))).toBe('round_scores_too_high');
    expect(code(ma.recordRound(sheet, [100, 50, -3]))).toBe('accepted');
    expect(code(ma.recordRound(sheet, [-1, -2, -3]))).toBe('nobody_went_out');
    expect(code(ma.recordRound(sheet, [4, -2, 3], 1))).toBe('ender_scored_below_zero');
    expect(code(ma.recordRound(sheet, [4, -2, 3], 3))).toBe('invalid_player');
    expect(code(ma.recordRound(sheet, ['4', 'x', '3']))).toBe('not_a_whole_number');
    expect(JSON.stringify(sheet)).toBe(before);
  });

  it('rebuilds a stored sheet through the same checks', () => {
    const sheet = value(ma.recordRound(three(), [5, -6, 7], 0));
    expect(ma.restoreMatch(JSON.parse(JSON.stringify(sheet)))).toEqual(sheet);
    expect(ma.restoreMatch({ ...sheet, rounds: [{ scores: [-1, -1, -1], endedBy: null }] })).toBeNull();
  });
});

describe('Sweet16 sheet', () => {
  const three = () => value(s16.createSweet16Sheet(['Ada', 'Bea', 'Cem']));
  const score = (
    sheet: s16.Sweet16Sheet,
    player: number,
    cards: number,
    more: Partial<Pick<s16.Sweet16ScoringEntry, 'diamond' | 'stealFrom'>> = {},
  ) => s16.recordScoring(sheet, { player, cards, diamond: false, stealFrom: null, ...more });

  it('allows 2 to 5 players, a duel exactly 2 (S16-1, S16-10)', () => {
    expect(code(s16.createSweet16Sheet(['1', '2', '3', '4', '5', '6']))).toBe('player_count');
    expect(code(s16.createSweet16Sheet(['1', '2', '3'], 'duel'))).toBe('player_count');
    expect(code(s16.createSweet16Sheet(['Us', 'Them'], 'duel'))).toBe('accepted');
  });

  it('banks 1 a card in the pile and 3 a face-up diamond; a club takes a diamond (S16-6, S16-8)', () => {
    let sheet = value(score(three(), 0, 2, { diamond: true })); // tryst of 4: one back, a diamond up
    sheet = value(score(sheet, 1, 1, { stealFrom: 0 })); // the club and Ada's diamond go to Bea's pile
    sheet = value(score(sheet, 2, 3));
    expect(s16.banks(sheet)).toEqual([
      { pile: 2, diamonds: 0, points: 2 },
      { pile: 2, diamonds: 0, points: 2 },
      { pile: 3, diamonds: 0, points: 3 },
    ]);
    expect(s16.cardsLeft(sheet)).toBe(54 - 2 - 1 - 1 - 3); // the stolen diamond had already left the grid
    // S16-8: equal points go to the earlier player in turn order
    expect(s16.standings(sheet)).toMatchObject({ ranks: [2, 3, 1], winners: [2] });
  });

  it('refuses impossible scorings and leaves the sheet unchanged (S16-6)', () => {
    const sheet = value(score(three(), 0, 2, { diamond: true }));
    const before = JSON.stringify(sheet);
    expect(code(score(sheet, 1, 0))).toBe('nothing_scored');
    expect(code(score(sheet, 1, -2))).toBe('negative_number');
    expect(code(score(sheet, 1, 1, { diamond: true, stealFrom: 0 }))).toBe('one_activation_only');
    expect(code(score(sheet, 0, 1, { stealFrom: 0 }))).toBe('steal_from_self');
    expect(code(score(sheet, 0, 1, { stealFrom: 2 }))).toBe('no_diamond_to_steal');
    expect(code(score(sheet, 5, 1))).toBe('invalid_player');
    expect(code(score(sheet, 1, 51))).toBe('more_cards_than_grid'); // one card of the set goes back
    expect(code(score(sheet, 1, 50))).toBe('accepted');
    expect(JSON.stringify(sheet)).toBe(before);
  });

  it('ends at the end of a scoring that leaves fewer than 13 cards in the grid (S16-7)', () => {
    let sheet = value(score(three(), 0, 30));
    sheet = value(score(sheet, 1, 11)); // 13 left: the game goes on
    expect(s16.isOver(sheet)).toBe(false);
    expect(s16.result(sheet)).toBeNull();
    sheet = value(score(sheet, 2, 1)); // 12 left
    expect(s16.isOver(sheet)).toBe(true);
    expect(s16.result(sheet)?.winners).toEqual([0]);
    expect(code(score(sheet, 2, 1))).toBe('game_over');
    expect(s16.isOver(s16.undoLast(sheet))).toBe(false);
  });

  it('is ended by the players when nothing can be scored or both passed (S16-7, S16-10)', () => {
    let duel = value(s16.createSweet16Sheet(['Rows', 'Columns'], 'duel'));
    expect(code(score(duel, 0, 1))).toBe('too_few_cards_scored'); // a duel tryst scores all its cards
    duel = value(score(duel, 0, 3));
    duel = value(score(duel, 1, 2, { diamond: true }));
    expect(s16.cardsLeft(duel)).toBe(49 - 6);
    duel = value(s16.endGame(duel));
    expect(s16.result(duel)).toMatchObject({ scores: [3, 5], winners: [1] });
    expect(code(s16.endGame(duel))).toBe('game_over');
    expect(s16.undoLast(duel).ended).toBe(false);
  });

  it('never has more than the 13 diamonds face up', () => {
    let sheet = three();
    for (let i = 0; i < 13; i++) sheet = value(score(sheet, i % 3, 0, { diamond: true }));
    expect(code(score(sheet, 0, 0, { diamond: true }))).toBe('too_many_diamonds');
  });

  it('rebuilds a stored sheet through the same checks', () => {
    const sheet = value(s16.endGame(value(score(three(), 0, 2, { diamond: true }))));
    expect(s16.restoreSweet16(JSON.parse(JSON.stringify(sheet)))).toEqual(sheet);
    expect(
      s16.restoreSweet16({ ...sheet, scorings: [{ player: 0, cards: 0, diamond: false, stealFrom: 1 }] }),
    ).toBeNull();
  });
});

describe('MATCHET sheet', () => {
  const three = () => value(mt.createMatchetSheet(['Ada', 'Bea', 'Cem']));

  it('plays 3 rounds by default, 4 or 5 by choice, 2 to 7 players (MT-8)', () => {
    expect(three().roundsToPlay).toBe(3);
    expect(code(mt.createMatchetSheet(['Ada', 'Bea'], 5))).toBe('accepted');
    expect(code(mt.createMatchetSheet(['Ada', 'Bea'], 6))).toBe('invalid_option');
    expect(code(mt.createMatchetSheet(['1', '2', '3', '4', '5', '6', '7', '8']))).toBe('player_count');
  });

  it('deducts 5 a tile left when somebody goes out, nothing in a blocked round (MT-7)', () => {
    let sheet = value(mt.recordRound(three(), ['35', '20', '0'], 0, ['', '2', '5']));
    expect(mt.roundScores(sheet.rounds[0]!)).toEqual([35, 10, -25]);
    sheet = value(mt.recordRound(sheet, [15, 30, 5], null));
    expect(mt.roundScores(sheet.rounds[1]!)).toEqual([15, 30, 5]);
    expect(mt.totals(sheet)).toEqual([50, 40, -20]);
  });

  it('ends after the last round; equal highest totals all win (MT-8)', () => {
    let sheet = value(mt.recordRound(three(), [10, 10, 0], null));
    sheet = value(mt.recordRound(sheet, [0, 0, 0], null));
    expect(mt.result(sheet)).toBeNull();
    sheet = value(mt.recordRound(sheet, [5, 5, 0], 2, [1, 1, 0]));
    expect(mt.result(sheet)).toMatchObject({ scores: [10, 10, 0], winners: [0, 1] });
    expect(code(mt.recordRound(sheet, [0, 0, 0], null))).toBe('game_over');
  });

  it('refuses impossible rounds and leaves the sheet unchanged (MT-2, MT-5, MT-7)', () => {
    const sheet = three();
    const before = JSON.stringify(sheet);
    expect(code(mt.recordRound(sheet, [12, 0, 0], null))).toBe('not_multiple_of_five');
    expect(code(mt.recordRound(sheet, [-5, 0, 0], null))).toBe('negative_number');
    expect(code(mt.recordRound(sheet, [5, 0, 0], 0, [0, 6, 1]))).toBe('tiles_left_range');
    expect(code(mt.recordRound(sheet, [5, 0, 0], 0, [0, 0, 1]))).toBe('tiles_left_range');
    expect(code(mt.recordRound(sheet, [5, 0, 0], 0, [2, 1, 1]))).toBe('winner_has_tiles');
    expect(code(mt.recordRound(sheet, [5, 0, 0], 0, [0, '', 1]))).toBe('missing_number');
    expect(code(mt.recordRound(sheet, [5, 0, 0], 4, [0, 1, 1]))).toBe('invalid_player');
    expect(JSON.stringify(sheet)).toBe(before);
  });

  it('rebuilds a stored sheet through the same checks', () => {
    const sheet = value(mt.recordRound(three(), [35, 20, 0], 0, [0, 2, 5]));
    expect(mt.restoreMatchet(JSON.parse(JSON.stringify(sheet)))).toEqual(sheet);
    expect(mt.restoreMatchet({ ...sheet, roundsToPlay: 9 })).toBeNull();
  });
});
