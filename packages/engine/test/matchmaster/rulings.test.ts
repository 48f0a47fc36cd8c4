/**
 * MatchMaster: one or more tests per ruling MM-1..MM-10 of shared/RULES.md, plus the sheets'
 * scoring examples.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, MatchMasterEvent } from '../../src/index.ts';
import { eventsFor, matchmasterCards, matchmasterRules, Rng } from '../../src/index.ts';
import { attempt, bidAll, dealt, game, legal, play } from './helpers.ts';

describe('matchmaster MM-1: players, deck and trump', () => {
  it('MM-1: accepts 2..7 players and rejects others with invalid_players', () => {
    for (let p = 2; p <= 7; p++) expect(game.setup({ players: p, seed: 'x' }).ok).toBe(true);
    for (const p of [0, 1, 8, 2.5]) {
      const r = game.setup({ players: p, seed: 'x' });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('invalid_players');
    }
  });

  it('MM-1: 52 cards, four suits of 1..13, dark orange is trump', () => {
    const s = game.setup({ players: 4, seed: 'deck' });
    expect(s.ok).toBe(true);
    if (!s.ok) return;
    const cards = game.cards(s.value);
    expect(new Set(cards).size).toBe(52);
    for (const suit of ['do', 'lo', 'db', 'lb']) {
      for (let r = 1; r <= 13; r++) expect(cards).toContain(`${suit}${r}`);
    }
    expect(matchmasterCards.TRUMP).toBe(0);
    expect(matchmasterCards.SUITS[matchmasterCards.TRUMP]).toBe('do');
    expect(game.view(s.value, 0).trump).toBe('do');
  });

  it('MM-1: rejects bad options and decks with clear codes, never throwing', () => {
    const cases: [Parameters<typeof game.setup>[0], string][] = [
      [{ players: 4, seed: 'x', options: { handSizes: [14] } }, 'invalid_option'],
      [{ players: 4, seed: 'x', options: { handSizes: [] } }, 'invalid_option'],
      [{ players: 4, seed: 'x', options: { firstDealer: 4 } }, 'invalid_option'],
      [{ players: 4, seed: 'x', options: { colour: 'red' } }, 'unknown_option'],
      [{ players: 2, seed: 'x', options: { handSizes: [1] }, deck: ['do1', 'do1'] }, 'invalid_deck'],
      [{ players: 2, seed: 'x', options: { handSizes: [1] }, deck: ['xx9', 'do1'] }, 'invalid_deck'],
      [{ players: 2, seed: 'x', options: { handSizes: [2] }, deck: ['do1', 'do2'] }, 'invalid_deck'],
    ];
    for (const [config, code] of cases) {
      const r = game.setup(config);
      expect(r.ok, JSON.stringify(config)).toBe(false);
      if (!r.ok) expect(r.error.code).toBe(code);
    }
  });
});

describe('matchmaster MM-2: thirteen hands of 7..1..7 cards', () => {
  it('MM-2: plays hands of 7,6,5,4,3,2,1,2,3,4,5,6,7 and then ends', () => {
    const r = game.setup({ players: 4, seed: 'sizes' });
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value;
    const sizes: number[] = [];
    let lastHand = 0;
    while (!game.isOver(s)) {
      const v = game.view(s, 0);
      if (v.hand !== lastHand) {
        sizes.push(v.handSize);
        lastHand = v.hand;
        expect((v.myHand as string[]).length).toBe(v.handSize);
        expect(v.handCounts).toEqual([v.handSize, v.handSize, v.handSize, v.handSize]);
      }
      const seat = game.toAct(s)[0]!;
      expect(game.applyInPlace(s, seat, game.legalActions(s, seat)[0])).toBeNull();
    }
    expect(sizes).toEqual([7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]);
    expect(matchmasterRules.STANDARD_HAND_SIZES).toEqual(sizes);
  });

  it('MM-2: undealt cards are hidden from every seat and the spectator', () => {
    const r = game.setup({ players: 3, seed: 'undealt' });
    if (!r.ok) throw new Error(r.error.message);
    const hidden0 = game.hiddenCards(r.value, 0);
    // 52 - 3 x 7 dealt = 31 undealt, plus the two other hands.
    expect(hidden0).toHaveLength(31 + 14);
    const text = JSON.stringify(game.view(r.value, null));
    for (const c of game.hiddenCards(r.value, null)) expect(text).not.toContain(`"${c}"`);
  });

  it('MM-2: every hand is a fresh shuffle', () => {
    const r = game.setup({ players: 2, seed: 'fresh', options: { handSizes: [7, 7, 7, 7] } });
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value;
    const deals = new Set<string>();
    let hand = 0;
    while (!game.isOver(s)) {
      const v = game.view(s, 0);
      if (v.hand !== hand) {
        hand = v.hand;
        deals.add(JSON.stringify(v.myHand));
      }
      const seat = game.toAct(s)[0]!;
      game.applyInPlace(s, seat, game.legalActions(s, seat)[0]);
    }
    expect(deals.size).toBe(4);
  });
});

describe('matchmaster MM-3: dealer and first leader', () => {
  it('MM-3: seat 0 deals first, the next seat leads, and the deal passes on each hand', () => {
    const r = game.setup({ players: 3, seed: 'deal', options: { handSizes: [1, 1, 1, 1] } });
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value;
    const dealers: number[] = [];
    const leaders: number[] = [];
    while (!game.isOver(s)) {
      const v = game.view(s, null);
      if (v.phase === 'bid' && (v.hasBid as boolean[]).every((b) => !b)) dealers.push(v.dealer);
      if (v.phase === 'play' && v.trick.cards.length === 0 && v.tricks.length === 0) {
        leaders.push(game.toAct(s)[0]!);
      }
      const seat = game.toAct(s)[0]!;
      game.applyInPlace(s, seat, game.legalActions(s, seat)[0]);
    }
    expect(dealers).toEqual([0, 1, 2, 0]);
    expect(leaders).toEqual([1, 2, 0, 1]);
  });

  it('MM-3: the table may choose the first dealer', () => {
    const r = game.setup({ players: 4, seed: 'x', options: { firstDealer: 2 } });
    if (!r.ok) throw new Error(r.error.message);
    bidAll(r.value, [0, 0, 0, 0]);
    expect(game.toAct(r.value)).toEqual([3]);
  });
});

describe('matchmaster MM-4: simultaneous secret bids', () => {
  it('MM-4: every seat bids at once; bids stay secret until all are in, then all are revealed', () => {
    const s = dealt([
      ['do1', 'lo1'],
      ['do2', 'lo2'],
      ['do3', 'lo3'],
    ]);
    expect(game.toAct(s)).toEqual([0, 1, 2]);
    play(s, '1:bid 2');
    expect(game.toAct(s)).toEqual([0, 2]);
    expect(game.view(s, 1).bids).toEqual([null, 2, null]);
    expect(game.view(s, 0).bids).toEqual([null, null, null]);
    expect(game.view(s, 0).hasBid).toEqual([false, true, false]);
    expect(game.view(s, null).bids).toEqual([null, null, null]);
    expect(JSON.stringify(game.view(s, 0))).not.toMatch(/"bid":2/);
    play(s, '0:bid 0', '2:bid 2');
    expect(game.view(s, 0).bids).toEqual([0, 2, 2]);
    expect(game.view(s, null).bids).toEqual([0, 2, 2]);
  });

  it('MM-4: one event per bid: all see that the seat bid, only the bidder its value; the last bid reveals all', () => {
    const s = dealt([['do1'], ['do2'], ['do3']]);
    const events: GameEvent<MatchMasterEvent>[] = [];
    game.applyInPlace(s, 0, { type: 'bid', bid: 1 }, events);
    expect(events).toEqual([
      { all: { type: 'bid_made', seat: 0 }, seats: { 0: { type: 'bid_made', seat: 0, bid: 1 } } },
    ]);
    expect(eventsFor(events, 1)).toEqual([{ type: 'bid_made', seat: 0 }]);
    expect(eventsFor(events, null)).toEqual([{ type: 'bid_made', seat: 0 }]);
    events.length = 0;
    game.applyInPlace(s, 2, { type: 'bid', bid: 0 }, events);
    expect(events.some((e) => e.reveals)).toBe(false); // not the last bid: nothing revealed
    events.length = 0;
    game.applyInPlace(s, 1, { type: 'bid', bid: 0 }, events);
    expect(events).toEqual([
      { all: { type: 'bid_made', seat: 1 }, seats: { 1: { type: 'bid_made', seat: 1, bid: 0 } } },
      { all: { type: 'bids_revealed', bids: [1, 0, 0], leader: 1 }, reveals: true },
    ]);
  });

  it('MM-4: bids run from 0 to the hand size; a committed bid cannot change', () => {
    const s = dealt([
      ['do1', 'lo1'],
      ['do2', 'lo2'],
    ]);
    expect(legal(s, 0)).toEqual(['bid 0', 'bid 1', 'bid 2']);
    expect(attempt(s, 0, 'bid 3')?.code).toBe('bid_out_of_range');
    expect(game.applyInPlace(s, 0, { type: 'bid', bid: -1 })?.code).toBe('bid_out_of_range');
    expect(game.applyInPlace(s, 0, { type: 'bid', bid: 1.5 })?.code).toBe('bid_out_of_range');
    play(s, '0:bid 1');
    expect(attempt(s, 0, 'bid 2')?.code).toBe('already_bid');
    expect(legal(s, 0)).toEqual([]);
  });

  it('MM-4: no restriction on the sum of bids', () => {
    const s = dealt([
      ['do1', 'lo1'],
      ['do2', 'lo2'],
      ['do3', 'lo3'],
    ]);
    bidAll(s, [2, 2, 2]);
    expect(game.view(s, null).phase).toBe('play');
    const t = dealt([
      ['do1', 'lo1'],
      ['do2', 'lo2'],
      ['do3', 'lo3'],
    ]);
    bidAll(t, [0, 0, 0]);
    expect(game.view(t, null).phase).toBe('play');
  });

  it('MM-4: no card is played before every bid is in', () => {
    const s = dealt([
      ['do1', 'lo1'],
      ['do2', 'lo2'],
    ]);
    play(s, '1:bid 1');
    expect(attempt(s, 1, 'do2')?.code).toBe('bidding_not_finished');
    expect(attempt(s, 0, 'do1')?.code).toBe('bid_first');
  });
});

describe('matchmaster MM-5: the trick winner leads', () => {
  it('MM-5: whoever wins a trick leads the next one', () => {
    const s = dealt([
      ['lo2', 'db2'],
      ['lo9', 'db9'],
      ['lo13', 'db1'],
    ]);
    bidAll(s, [0, 0, 0]);
    play(s, '1:lo9', '2:lo13', '0:lo2');
    expect(game.toAct(s)).toEqual([2]);
    expect(game.view(s, null).tricksWon).toEqual([0, 0, 1]);
    expect(attempt(s, 1, 'db9')?.code).toBe('not_your_turn');
  });
});

describe('matchmaster MM-6: non-trump led', () => {
  const fresh = (seat2: string[], seat0: string[]) => {
    const s = dealt([seat0, ['lo5', 'db9', 'lb9'], seat2]);
    bidAll(s, [0, 0, 0]);
    play(s, '1:lo5');
    return s;
  };

  it('MM-6: a player holding the led suit must follow it, with any rank', () => {
    const s = fresh(['lo3', 'lo12', 'do1'], ['lb1', 'lb2', 'lb3']);
    expect(legal(s, 2)).toEqual(['lo3', 'lo12']);
    expect(attempt(s, 2, 'do1')?.code).toBe('must_follow_suit');
    expect(attempt(s, 2, 'lo3')).toBeNull();
  });

  it('MM-6: a player void in the led suit who holds trumps must trump', () => {
    const s = fresh(['do2', 'db4', 'lb4'], ['lb1', 'lb2', 'lb3']);
    expect(legal(s, 2)).toEqual(['do2']);
    expect(attempt(s, 2, 'db4')?.code).toBe('must_trump');
  });

  it('MM-6: with a trump already in the trick he must beat the highest trump if he can', () => {
    const s = fresh(['do8', 'db4', 'lb4'], ['do3', 'do10', 'lb3']);
    play(s, '2:do8');
    expect(legal(s, 0)).toEqual(['do10']);
    expect(attempt(s, 0, 'do3')?.code).toBe('must_overtrump');
    expect(attempt(s, 0, 'lb3')?.code).toBe('must_overtrump');
  });

  it('MM-6: unable to beat the highest trump, he plays a lower trump', () => {
    const s = fresh(['do8', 'db4', 'lb4'], ['do3', 'do5', 'lb3']);
    play(s, '2:do8');
    expect(legal(s, 0)).toEqual(['do3', 'do5']);
    expect(attempt(s, 0, 'lb3')?.code).toBe('must_trump');
  });

  it('MM-6: only a player with neither the led suit nor trumps may play any card', () => {
    const s = fresh(['db3', 'db4', 'lb4'], ['lb1', 'lb2', 'lb3']);
    expect(legal(s, 2)).toEqual(['db3', 'db4', 'lb4']);
  });
});

describe('matchmaster MM-7: trump led', () => {
  it('MM-7: holding a higher trump than the highest in the trick, he must play one of those', () => {
    const s = dealt([
      ['do12', 'do4', 'lo1'],
      ['do10', 'lb1', 'lb2'],
      ['do11', 'do13', 'do2'],
    ]);
    bidAll(s, [0, 0, 0]);
    play(s, '1:do10');
    expect(legal(s, 2)).toEqual(['do11', 'do13']);
    expect(attempt(s, 2, 'do2')?.code).toBe('must_overtrump');
  });

  it('MM-7: beat the highest trump so far (English sheet), not merely the card played before (German)', () => {
    const s = dealt([
      ['do5', 'do12', 'lo1'],
      ['do10', 'lb1', 'lb2'],
      ['do3', 'db1', 'db2'],
    ]);
    bidAll(s, [0, 0, 0]);
    play(s, '1:do10', '2:do3');
    // do5 beats the card played before (do3) but not the highest trump (do10).
    expect(legal(s, 0)).toEqual(['do12']);
    expect(attempt(s, 0, 'do5')?.code).toBe('must_overtrump');
  });

  it('MM-7: holding only lower trumps, he plays one of them', () => {
    const s = dealt([
      ['lo2', 'lo1', 'lb3'],
      ['do10', 'lb1', 'lb2'],
      ['do3', 'do6', 'db2'],
    ]);
    bidAll(s, [0, 0, 0]);
    play(s, '1:do10');
    expect(legal(s, 2)).toEqual(['do3', 'do6']);
    expect(attempt(s, 2, 'db2')?.code).toBe('must_follow_suit');
  });

  it('MM-7: holding no trump, any card', () => {
    const s = dealt([
      ['lo2', 'lo1', 'lb3'],
      ['do10', 'lb1', 'lb2'],
      ['do3', 'do6', 'db2'],
    ]);
    bidAll(s, [0, 0, 0]);
    play(s, '1:do10', '2:do3');
    expect(legal(s, 0)).toEqual(['lo1', 'lo2', 'lb3']);
  });
});

describe('matchmaster MM-8: trick winner', () => {
  it('MM-8: the highest trump wins, even a low one against high led cards', () => {
    const s = dealt([['lo13'], ['lo12'], ['do1']]);
    bidAll(s, [0, 0, 0]);
    play(s, '1:lo12', '2:do1', '0:lo13');
    expect(game.view(s, null).totals).toEqual([10, 10, -1]);
  });

  it('MM-8: without trumps, the highest card of the led suit wins; other suits never do', () => {
    expect(matchmasterRules.trickWinnerIndex([13 + 4, 26 + 12, 13 + 7], 0, 3)).toBe(2); // lo5, db13, lo8
    const s = dealt([['lb13'], ['lo2'], ['lo3']]);
    bidAll(s, [0, 0, 1]);
    play(s, '1:lo2', '2:lo3', '0:lb13');
    expect(game.view(s, null).tricksWon).toEqual([0, 0, 1]);
    expect(game.view(s, null).history[0]!.tricks).toEqual([0, 0, 1]);
  });
});

describe('matchmaster MM-9: scoring', () => {
  it('MM-9: the sheets\u2019 examples: 3/3 = 13, bid 4 won 3 = -1, 0/0 = 10, bid 0 won 2 = -2', () => {
    expect(matchmasterRules.handPoints(3, 3)).toBe(13);
    expect(matchmasterRules.handPoints(4, 3)).toBe(-1);
    expect(matchmasterRules.handPoints(0, 0)).toBe(10);
    expect(matchmasterRules.handPoints(0, 2)).toBe(-2);
    expect(matchmasterRules.handPoints(1, 4)).toBe(-3);
  });

  it('MM-9: a played hand scores exact bids 10 + tricks and misses minus the difference', () => {
    const s = dealt([
      ['lo1', 'lo2', 'lo3'],
      ['do11', 'do12', 'do13'],
      ['db1', 'db2', 'db3'],
    ]);
    bidAll(s, [0, 3, 1]);
    play(s, '1:do13', '2:db1', '0:lo1', '1:do12', '2:db2', '0:lo2', '1:do11', '2:db3', '0:lo3');
    const v = game.view(s, null);
    expect(v.totals).toEqual([10, 13, -1]);
    expect(v.history).toEqual([
      { hand: 1, handSize: 3, bids: [0, 3, 1], tricks: [0, 3, 0], points: [10, 13, -1] },
    ]);
    expect(game.isOver(s)).toBe(true);
  });
});

describe('matchmaster MM-10: the winner', () => {
  it('MM-10: after the last hand the highest total wins', () => {
    const s = dealt([['lo1'], ['do13']]);
    bidAll(s, [0, 1]);
    play(s, '1:do13', '0:lo1');
    expect(game.result(s)).toEqual({ scores: [10, 11], ranks: [2, 1], winners: [1] });
  });

  it('MM-10: equal highest totals are all winners', () => {
    const s = dealt([['lo1'], ['do13'], ['lo2']]);
    bidAll(s, [0, 0, 0]);
    play(s, '1:do13', '2:lo2', '0:lo1');
    expect(game.result(s)).toEqual({ scores: [10, -1, 10], ranks: [1, 3, 1], winners: [0, 2] });
    expect(game.toAct(s)).toEqual([]);
    expect(attempt(s, 0, 'bid 0')?.code).toBe('game_over');
  });
});

describe('matchmaster visibility and determinize', () => {
  it('a seat sees its own hand only; the spectator sees no hand', () => {
    const s = dealt([
      ['lo1', 'lo2'],
      ['do12', 'do13'],
    ]);
    expect(game.view(s, 0).myHand).toEqual(['lo1', 'lo2']);
    expect(game.view(s, 1).myHand).toEqual(['do12', 'do13']);
    expect(game.view(s, null).myHand).toBeUndefined();
    expect(JSON.stringify(game.view(s, 0))).not.toContain('do13');
  });

  it('determinize keeps what forced play revealed: voids, no trump, no higher trump', () => {
    const s = dealt([
      ['lo2', 'db3', 'do4', 'lb9'],
      ['lo9', 'db9', 'do9', 'lb1'],
      ['do2', 'db2', 'lb2', 'lb3'],
      ['do13', 'db4', 'lb4', 'lb5'],
    ]);
    bidAll(s, [0, 0, 0, 0]);
    // Seat 1 leads lo9; seat 2, void in lo, must trump (do2); seat 3, void in lo, must beat it (do13).
    play(s, '1:lo9', '2:do2', '3:do13', '0:lo2');
    // Seat 3 won and leads db4; everyone follows.
    play(s, '3:db4', '0:db3', '1:db9', '2:db2');
    const rng = Rng.fromSeed('det');
    for (let i = 0; i < 200; i++) {
      const d = game.determinize(s, 0, rng);
      expect(game.view(d, 0)).toEqual(game.view(s, 0));
      expect(game.verify(d)).toBeNull();
      const hand2 = game.view(d, 2).myHand as string[];
      expect(hand2.some((c) => c.startsWith('lo'))).toBe(false); // seat 2 showed out of lo
    }
  });

  it('determinize never reveals hidden bids: other bids are redrawn', () => {
    const s = dealt([
      ['lo1', 'lo2', 'lo3'],
      ['do11', 'do12', 'do13'],
      ['db1', 'db2', 'db3'],
    ]);
    play(s, '1:bid 3');
    const seen = new Set<number>();
    const rng = Rng.fromSeed('bids');
    for (let i = 0; i < 100; i++) {
      const d = game.determinize(s, 0, rng);
      expect(game.view(d, 0)).toEqual(game.view(s, 0));
      seen.add((game.view(d, 1).bids as number[])[1]!);
    }
    expect(seen.size).toBeGreaterThan(1);
  });
});
