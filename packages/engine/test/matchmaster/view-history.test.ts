/**
 * The finished hands' records in MatchMaster's views: every viewer's view of one state shares
 * them, and a state whose history was overwritten in place (a search's reused state) shows its
 * own hands, never those kept for what it held before. The same for the hand's finished tricks,
 * which a state after a move also reuses.
 */
import { describe, expect, it } from 'vitest';
import type { MatchMasterState } from '../../src/games/matchmaster/state.ts';
import { copyStateInto } from '../../src/games/matchmaster/state.ts';
import { CARD_NAMES } from '../../src/games/matchmaster/cards.ts';
import { game } from './helpers.ts';

/** A 3-seat game of hands 2, 1, 2 played with each seat's first legal action until `hands` are done. */
function after(hands: number, seed: string): MatchMasterState {
  const started = game.setup({ players: 3, seed, options: { handSizes: [2, 1, 2] } });
  if (!started.ok) throw new Error(started.error.message);
  const s = started.value;
  while (s.handIndex < hands) {
    const seat = game.toAct(s)[0]!;
    const error = game.applyInPlace(s, seat, game.legalActions(s, seat)[0]);
    if (error) throw new Error(error.message);
  }
  return s;
}

/** The records as the view made them before they were shared: from the history, hand by hand. */
function expected(s: MatchMasterState) {
  return Array.from({ length: s.handIndex }, (_, h) => {
    const row = (k: number) =>
      Array.from({ length: s.players }, (_, seat) => s.history[(h * s.players + seat) * 3 + k]);
    return { hand: h + 1, handSize: s.handSizes[h], bids: row(0), tricks: row(1), points: row(2) };
  });
}

describe('MatchMaster views: the finished hands', () => {
  it('are the history’s, and one state’s viewers share them', () => {
    const s = after(2, 'shared');
    const views = [0, 1, 2, null].map((viewer) => game.view(s, viewer));
    expect(views[0]!.history).toEqual(expected(s));
    expect(views[0]!.history).toHaveLength(2);
    for (const v of views.slice(1)) expect(v.history).toBe(views[0]!.history);
    expect(Object.isFrozen(views[0]!.history[0])).toBe(true);
    // A hand more: the kept records grow by the new one.
    const s2 = after(2, 'shared');
    copyStateInto(s, s2);
    expect(game.view(s, 0).history).toEqual(expected(s));
  });

  it('follow a history overwritten in place', () => {
    const a = after(2, 'one');
    const b = after(1, 'two');
    // The two games' first hands differ, so a kept record shown for the wrong state would show.
    expect(expected(b)[0]).not.toEqual(expected(a)[0]);
    expect(game.view(a, 0).history).toEqual(expected(a));
    copyStateInto(b, a);
    expect(game.view(a, 0).history).toEqual(expected(b));
    expect(game.view(a, 1).history).toHaveLength(1);
    const c = after(2, 'three');
    copyStateInto(c, a);
    expect(game.view(a, 2).history).toEqual(expected(c));
    expect(JSON.stringify(game.view(a, 2).history)).toBe(JSON.stringify(expected(c)));
  });
});

/** A 4-seat game of one hand of 5 played with each seat's first legal action for `plays` cards. */
function played(plays: number, seed: string): MatchMasterState {
  const started = game.setup({ players: 4, seed, options: { handSizes: [5] } });
  if (!started.ok) throw new Error(started.error.message);
  const s = started.value;
  while (s.phase === 0 || s.playCount < plays) {
    const seat = game.toAct(s)[0]!;
    const error = game.applyInPlace(s, seat, game.legalActions(s, seat)[0]);
    if (error) throw new Error(error.message);
  }
  return s;
}

/** The hand's finished tricks as the view made them before they were shared. */
function expectedTricks(s: MatchMasterState) {
  const n = s.players;
  return Array.from({ length: Math.floor((s.playCount - s.trickLen) / n) }, (_, t) => ({
    leader: s.playSeats[t * n],
    cards: Array.from({ length: n }, (_, i) => ({
      seat: s.playSeats[t * n + i],
      card: CARD_NAMES[s.plays[t * n + i]!],
    })),
  }));
}

describe('MatchMaster views: the hand’s finished tricks', () => {
  it('are the plays’, one state’s viewers share them, and a copy after a move reuses them', () => {
    const s = played(9, 'tricks');
    const views = [0, 1, 2, 3, null].map((viewer) => game.view(s, viewer));
    expect(views[0]!.tricks).toEqual(expectedTricks(s));
    expect(views[0]!.tricks).toHaveLength(2);
    for (const v of views.slice(1)) expect(v.tricks).toBe(views[0]!.tricks);
    expect(Object.isFrozen(views[0]!.tricks[0]!.cards[0])).toBe(true);
    // A copy, four cards on: the two kept tricks and a third.
    const next = game.clone(s);
    for (let i = 0; i < 4; i++) {
      const seat = game.toAct(next)[0]!;
      expect(game.applyInPlace(next, seat, game.legalActions(next, seat)[0])).toBeNull();
    }
    const later = game.view(next, 0).tricks;
    expect(later).toEqual(expectedTricks(next));
    expect(later).toHaveLength(3);
    expect(later[0]).toBe(views[0]!.tricks[0]);
    // The earlier state still shows its own two.
    expect(game.view(s, 1).tricks).toEqual(expectedTricks(s));
  });

  it('follow plays overwritten in place', () => {
    const a = played(8, 'one');
    const b = played(4, 'two');
    expect(expectedTricks(b)[0]).not.toEqual(expectedTricks(a)[0]);
    expect(game.view(a, 0).tricks).toEqual(expectedTricks(a));
    copyStateInto(b, a);
    expect(game.view(a, 0).tricks).toEqual(expectedTricks(b));
    expect(game.view(a, 1).tricks).toHaveLength(1);
    const c = played(12, 'three');
    copyStateInto(c, a);
    expect(JSON.stringify(game.view(a, 2).tricks)).toBe(JSON.stringify(expectedTricks(c)));
  });
});

describe('MatchMaster views: what every viewer sees alike', () => {
  it('is shared by one state’s viewers, and follows the state as it changes in place', () => {
    const s = played(0, 'public');
    // Bidding done, play begun: the bids are revealed and shared.
    const views = [0, 1, 2, 3, null].map((viewer) => game.view(s, viewer));
    for (const v of views.slice(1)) {
      expect(v.hasBid).toBe(views[0]!.hasBid);
      expect(v.bids).toBe(views[0]!.bids);
      expect(v.totals).toBe(views[0]!.totals);
      expect(v.trick).toBe(views[0]!.trick);
    }
    expect(Object.isFrozen(views[0]!.handCounts)).toBe(true);
    // Along the rest of the game, applied in place (the kept parts must be checked) and copied
    // into another state: every view is the one a fresh copy of the state shows.
    const other = played(7, 'other');
    for (let step = 0; !game.isOver(s) && step < 200; step++) {
      for (const viewer of [0, 1, 2, 3, null]) {
        expect(game.view(s, viewer)).toEqual(game.view(game.clone(s), viewer));
        copyStateInto(s, other);
        expect(game.view(other, viewer)).toEqual(game.view(s, viewer));
      }
      const seat = game.toAct(s)[0]!;
      expect(game.applyInPlace(s, seat, game.legalActions(s, seat)[0])).toBeNull();
    }
  });

  it('keeps each seat’s own bid to itself while bidding', () => {
    const started = game.setup({ players: 4, seed: 'bids', options: { handSizes: [3] } });
    if (!started.ok) throw new Error(started.error.message);
    const s = started.value;
    const first = game.toAct(s)[0]!;
    expect(game.applyInPlace(s, first, game.legalActions(s, first)[1])).toBeNull();
    expect(game.view(s, first).bids[first]).toBe(1);
    for (const viewer of [0, 1, 2, 3, null].filter((v) => v !== first))
      expect(game.view(s, viewer).bids[first]).toBeNull();
    expect(game.view(s, null).hasBid[first]).toBe(true);
  });
});
