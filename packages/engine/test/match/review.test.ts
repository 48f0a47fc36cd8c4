/**
 * MATCH! review: one focused scenario per sentence of rulings MA-1..MA-12 (and the sheet), with the
 * edge cases: forced discards, declarations across Collects, reshuffles with and without cards,
 * round ends, exact score boundaries, ties and what every view shows.
 */
import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../src/index.ts';
import { Rng, eventsFor } from '../../src/index.ts';
import { match } from '../../src/games/match/index.ts';
import { CARD_NAMES, COPIES, WILD, kindOfToken } from '../../src/games/match/cards.ts';
import { MAX_ROUNDS, MAX_TURNS } from '../../src/games/match/play.ts';
import type { MatchState } from '../../src/games/match/state.ts';
import { act, hand, legalTexts, play, position, rejects, types } from './helpers.ts';

const setup = (players: number, options: Record<string, number> = {}, deck?: string[], seed = 's') => {
  const r = match.setup({ players, seed, options, ...(deck ? { deck } : {}) });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/** The number cards not listed in `used` (each kind twice), in kind order r0..p5. */
function numberCardsExcept(used: readonly string[]): string[] {
  const left = COPIES.slice();
  for (const t of used) left[kindOfToken(t)]!--;
  const out: string[] = [];
  for (let k = 0; k < WILD; k++) for (let j = 0; j < left[k]!; j++) out.push(CARD_NAMES[k]!);
  return out;
}

const WILDS_30 = ['r', 'y', 'g', 'b', 'p'].flatMap((c) => [0, 1, 2, 3, 4, 5].map((v) => `wild ${c}${v}`));

describe('MATCH! review: MA-1 cards, MA-2 players', () => {
  it('MA-1: a stacked deck may list each number card twice and the wildcard four times, no more', () => {
    const code = (deck: string[]) => {
      const r = match.setup({ players: 2, seed: 'x', deck });
      return r.ok ? 'ok' : r.error.code;
    };
    expect(code(['p5', 'p5'])).toBe('ok');
    expect(code(['p5', 'p5', 'p5'])).toBe('invalid_deck');
    expect(code(['W', 'W', 'W', 'W', 'W'])).toBe('invalid_deck');
    expect(code(['r3', 'y3', 'g3', 'b3', 'p3', 'x3'])).toBe('invalid_deck');
    expect(code(['r3', 'r', 'W'])).toBe('invalid_deck');
    // Every one of the 64 cards listed once is a complete, valid deck.
    const all = [...numberCardsExcept([]), 'W', 'W', 'W', 'W'];
    expect(all).toHaveLength(64);
    expect(code(all)).toBe('ok');
  });

  it('MA-2: 8 players are dealt 40 cards; firstPlayer may be seat 7', () => {
    const s = setup(8, { firstPlayer: 7 });
    const v = match.view(s, null);
    expect(v.handSizes).toEqual([5, 5, 5, 5, 5, 5, 5, 5]);
    expect(v.deckSize).toBe(64 - 40 - 1);
    expect(v.toAct).toEqual([7]);
    expect(match.verify(s)).toBeNull();
    const r = match.setup({ players: 8, seed: 'x', options: { firstPlayer: 8 } });
    expect(r.ok ? 'ok' : r.error.code).toBe('invalid_option');
  });
});

describe('MATCH! review: MA-3 the deal', () => {
  const hands2 = ['r0', 'r1', 'r2', 'r3', 'r4', 'y0', 'y1', 'y2', 'y3', 'y4'];

  it('MA-3: a wildcard turned up goes back into the deck, which is reshuffled; hands stay as dealt', () => {
    const uppers = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const s = setup(2, {}, [...hands2, 'W', 'g5', 'b5'], `wildup${i}`);
      expect(hand(s, 0)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
      expect(hand(s, 1)).toEqual(['y0', 'y1', 'y2', 'y3', 'y4']);
      const v = match.view(s, null);
      expect(v.pile).toHaveLength(1);
      expect(v.pile).not.toEqual(['W']);
      expect(v.wildOnTop).toBe(false);
      expect(v.deckSize).toBe(53); // the wildcard is back in the deck
      expect(match.cards(s).filter((c) => c === 'W')).toHaveLength(4);
      expect(match.verify(s)).toBeNull();
      uppers.add(v.pile[0]!);
    }
    // The deck really was reshuffled: the g5 listed next is not always the card turned up.
    expect(uppers.size).toBeGreaterThan(5);
  });

  it('MA-3: all four wildcards in a row at the turn-up position: still a number card up (repeat as needed)', () => {
    for (let i = 0; i < 30; i++) {
      const s = setup(2, {}, [...hands2, 'W', 'W', 'W', 'W'], `fourwilds${i}`);
      const v = match.view(s, 0);
      expect(v.pile).toHaveLength(1);
      expect(v.pile).not.toEqual(['W']);
      expect(v.deckSize).toBe(53);
      expect(match.verify(s)).toBeNull();
    }
  });

  it('MA-3, MA-X2: with 3 players and firstPlayer 1 the deal goes 1, 2, 0, then the card turned up', () => {
    const deck = [...hands2, 'g0', 'g1', 'g2', 'g3', 'g4', 'b3'];
    const s = setup(3, { firstPlayer: 1 }, deck);
    expect(hand(s, 1)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
    expect(hand(s, 2)).toEqual(['y0', 'y1', 'y2', 'y3', 'y4']);
    expect(hand(s, 0)).toEqual(['g0', 'g1', 'g2', 'g3', 'g4']);
    expect(match.view(s, null)).toMatchObject({
      pile: ['b3'],
      target: { colour: 'b', value: 3 },
      toAct: [1],
    });
  });

  it('MA-3: every round of random games starts with 5 cards each, empty collections and a number card up', () => {
    for (let g = 0; g < 12; g++) {
      const s = setup(2 + (g % 7), { target: 1000 }, undefined, `rounds${g}`);
      const rng = Rng.fromSeed(`rp${g}`);
      let starts = 0;
      for (let step = 0; step < 1500 && !match.isOver(s); step++) {
        const v = match.view(s, null);
        if (v.turn === 0) {
          starts++;
          expect(v.pile).toHaveLength(1);
          expect(v.pile).not.toEqual(['W']);
          expect(new Set(v.handSizes)).toEqual(new Set([5]));
          expect(v.collectionPoints).toEqual(Array<number>(s.players).fill(0));
          expect(v.deckSize).toBe(64 - 5 * s.players - 1);
        }
        const legal = match.legalActions(s, s.toPlay);
        expect(legal.length).toBeGreaterThan(0); // the sheet: a player can always place a card
        expect(match.applyInPlace(s, s.toPlay, legal[rng.int(legal.length)])).toBeNull();
      }
      expect(starts).toBeGreaterThan(1);
      expect(match.verify(s)).toBeNull();
    }
  });
});

describe('MATCH! review: MA-4 the target, MA-5 a turn', () => {
  it('MA-4: under a wildcard only the declaration counts, not the card beneath it', () => {
    const s = position({
      hands: [['g1', 'r0', 'b3', 'r3', 'p5'], ['y1']],
      pile: ['g3', 'W'],
      declared: 'r3',
    });
    expect(legalTexts(s)).toEqual(['discard r0', 'discard r3', 'discard b3', 'collect g1', 'collect p5']);
    rejects(s, 'discard g1', 'card_does_not_match'); // green matches the g3 beneath, not the red 3
    rejects(s, 'collect r3', 'card_matches_target');
  });

  it('MA-5(a): a hand discard draws nothing and puts the card on top as the new target', () => {
    const s = position({
      hands: [
        ['y2', 'g4'],
        ['b1', 'b2'],
      ],
      pile: ['b4'],
      deckTop: ['p0'],
    });
    play(s, 'discard g4');
    const v = match.view(s, 0);
    expect(v).toMatchObject({
      myHand: ['y2'],
      deckSize: 64 - 5,
      target: { colour: 'g', value: 4 },
      toAct: [1],
    });
    expect(v.lastTurn).toEqual({ seat: 0, action: 'discard g4' });
  });

  it('MA-5(b): a collect goes onto the stack of its colour (on top of what is there) and draws the next card', () => {
    const s = position({
      hands: [['g5', 'y2'], ['b1']],
      collections: [['g1', 'r0', 'g3']],
      pile: ['b2'],
      deckTop: ['p4', 'p3'],
    });
    expect(legalTexts(s)).toEqual(['discard y2', 'collect g5']);
    play(s, 'collect g5');
    const v = match.view(s, 1);
    expect(v.collections[0]).toEqual({
      r: ['r0'],
      y: [],
      g: ['g1', 'g3', 'g5'],
      b: [],
      p: [],
    });
    expect(v.handSizes).toEqual([2, 1]);
    expect(hand(s, 0)).toEqual(['y2', 'p4']);
    expect(v.collectionPoints).toEqual([9, 0]);
  });

  it('MA-5: a hand of wildcards only offers the 30 declarations (a wildcard is never collected)', () => {
    const s = position({ hands: [['W', 'W'], ['b1']], pile: ['b2'] });
    expect(legalTexts(s)).toEqual(WILDS_30);
    rejects(s, 'collect W', 'wildcard_never_collected');
    rejects(s, 'discard W', 'declaration_required');
    expect(match.applyInPlace(s, 0, { type: 'discard', card: 'W' })?.code).toBe('declaration_required');
  });
});

describe('MATCH! review: MA-6 forced discard', () => {
  it('MA-6: forced, the choices are a matching hand card, a matching stack top, or a wildcard; never a collect', () => {
    const s = position({
      hands: [['r1', 'g5', 'W'], ['y1']],
      collections: [['b3', 'y4']],
      pile: ['r3'],
    });
    expect(match.view(s, 1).forcedDiscard).toBe(true); // public, shown to every seat
    expect(legalTexts(s)).toEqual(['discard r1', 'discard stack:b', ...WILDS_30]);
    rejects(s, 'collect g5', 'collection_card_matches');
    rejects(s, 'discard stack:y', 'card_does_not_match');
    rejects(s, 'discard stack:g', 'empty_stack');
    rejects(s, 'discard g5', 'card_does_not_match');
    const w = match.clone(s);
    play(w, 'wild g5'); // a wildcard from hand is also a way out
    expect(match.view(w, null)).toMatchObject({ handSizes: [2, 1], wildOnTop: true });
    play(s, 'discard stack:b');
    expect(match.view(s, null)).toMatchObject({ handSizes: [3, 1], pile: ['r3', 'b3'] });
    expect(match.view(s, null).lastTurn?.action).toBe('discard stack:b (b3)');
  });

  it('MA-6: only stack tops count; once the top is discarded, the card beneath it counts', () => {
    const s = position({
      hands: [
        ['g5', 'p0'],
        ['r2', 'y3'],
      ],
      collections: [['r1', 'r4']],
      pile: ['b4'],
    });
    // The r4 on top matches the blue 4: forced.
    expect(legalTexts(s)).toEqual(['discard stack:r']);
    play(s, 'discard stack:r');
    expect(legalTexts(s)).toEqual(['discard r2', 'collect y3']);
    play(s, 'discard r2'); // seat 1 turns the target red
    // Now the exposed r1 matches the red 2 by colour: forced again.
    expect(match.view(s, 0).forcedDiscard).toBe(true);
    expect(legalTexts(s)).toEqual(['discard stack:r']);
    const t = position({ hands: [['g5', 'y0'], ['b1']], collections: [['r1', 'r4']], pile: ['y1'] });
    // Only the r1 underneath matches the yellow 1: not forced.
    expect(match.view(t, 0).forcedDiscard).toBe(false);
    expect(legalTexts(t)).toEqual(['discard y0', 'collect g5']);
  });

  it('MA-6: a matching card of another seat does not force you; your own non-matching tops do not either', () => {
    const s = position({
      hands: [['g5', 'p2'], ['y1']],
      collections: [['b0', 'y4'], ['r3']],
      pile: ['r3'],
    });
    expect(match.view(s, 0).forcedDiscard).toBe(false);
    expect(legalTexts(s)).toEqual(['collect g5', 'collect p2']);
  });
});

describe('MATCH! review: MA-7 wildcards', () => {
  it('MA-7: the declaration binds across two Collects; the card under the wildcard is irrelevant', () => {
    const s = position({
      hands: [
        ['W', 'g1'],
        ['b2', 'p4'],
        ['y3', 'b4'],
        ['g4', 'y5'],
      ],
      collections: [[], ['r5'], [], ['p0']],
      pile: ['r1'],
      deckTop: ['p1', 'p2'],
    });
    play(s, 'wild g0');
    // Seat 1's r5 matches the r1 under the wildcard but not the declared green 0: not forced.
    expect(match.view(s, 1).forcedDiscard).toBe(false);
    expect(legalTexts(s)).toEqual(['collect b2', 'collect p4']);
    play(s, 'collect p4');
    expect(legalTexts(s)).toEqual(['collect y3', 'collect b4']);
    play(s, 'collect y3');
    // Still the green 0 for seat 3: its p0 on top matches by number, so it must discard.
    const v = match.view(s, 3);
    expect(v).toMatchObject({ target: { colour: 'g', value: 0 }, wildOnTop: true, forcedDiscard: true });
    expect(v.pile.at(-1)).toBe('W');
    expect(legalTexts(s)).toEqual(['discard g4', 'discard stack:p']);
    rejects(s, 'collect y5', 'collection_card_matches');
  });

  it('MA-7: with two players the declarer is bound by his own declaration after the other collects', () => {
    const s = position({
      hands: [
        ['W', 'r2', 'g1'],
        ['b2', 'y4'],
      ],
      pile: ['p1'],
      deckTop: ['p3'],
    });
    play(s, 'wild r5');
    play(s, 'collect y4');
    expect(match.view(s, 0).target).toEqual({ colour: 'r', value: 5 });
    expect(legalTexts(s)).toEqual(['discard r2', 'collect g1']);
  });

  it('MA-7: a wildcard on a wildcard replaces the declaration; the old one no longer matters', () => {
    const s = position({
      hands: [
        ['W', 'y1', 'g1'],
        ['W', 'y3', 'b2'],
      ],
      pile: ['p1'],
    });
    play(s, 'wild y3');
    expect(legalTexts(s)).toEqual(['discard y3', ...WILDS_30, 'collect b2']);
    const events = play(s, 'wild b0');
    expect(eventsFor(events, null)).toEqual([{ type: 'wild', seat: 1, declared: { colour: 'b', value: 0 } }]);
    const v = match.view(s, 0);
    expect(v).toMatchObject({ pile: ['p1', 'W', 'W'], target: { colour: 'b', value: 0 }, wildOnTop: true });
    rejects(s, 'discard y1', 'card_does_not_match'); // the yellow 3 is gone with its wildcard
    expect(legalTexts(s)).toEqual(['collect y1', 'collect g1']);
  });

  it('MA-7: a declaration may name the card beneath, or any of the 30 colour/number pairs', () => {
    const s = position({ hands: [['W', 'g1'], ['b2']], pile: ['p1'] });
    expect(legalTexts(s).filter((t) => t.startsWith('wild'))).toEqual(WILDS_30);
    play(s, 'wild p1');
    expect(match.view(s, 1).target).toEqual({ colour: 'p', value: 1 });
    expect(legalTexts(s)).toEqual(['collect b2']);
  });
});

describe('MATCH! review: MA-8 empty deck', () => {
  it('MA-8: the last card drawn leaves the deck empty; the reshuffle waits until a draw is due', () => {
    const s = position({
      hands: [
        ['g5', 'g4'],
        ['b1', 'y2'],
      ],
      pile: ['r2'],
      deckTop: ['p4'],
      exactDeck: true,
    });
    const pileLen = match.view(s, null).pile.length;
    play(s, 'collect g5'); // draws the p4, the last card
    expect(hand(s, 0)).toEqual(['g4', 'p4']);
    expect(match.view(s, null).deckSize).toBe(0);
    expect(match.view(s, null).pile.length).toBe(pileLen);
    const events = play(s, 'discard y2'); // a discard draws nothing: no reshuffle
    expect(types(events)).not.toContain('reshuffled');
    expect(match.view(s, null).deckSize).toBe(0);
    const e2 = play(s, 'collect g4'); // a draw is due now
    expect(types(e2)).toEqual(['collect', 'reshuffled', 'drew']);
    expect(match.view(s, null)).toMatchObject({ pile: ['y2'], deckSize: pileLen + 1 - 1 - 1 });
  });

  it('MA-8: a wildcard in the pile goes into the new deck and can be drawn', () => {
    const h0 = ['g5', 'g4'];
    const h1 = ['W', 'W', 'W', 'y1', 'y2'];
    const pile = ['W', 'b3'];
    const rest = numberCardsExcept([...h0, ...h1, ...pile]);
    const s = position({ hands: [h0, h1], collections: [[], rest], pile });
    expect(match.view(s, null).deckSize).toBe(0);
    const events = play(s, 'collect g5');
    expect(eventsFor(events, null)).toEqual([
      { type: 'collect', seat: 0, card: 'g5' },
      { type: 'reshuffled', deckSize: 1 },
      { type: 'drew', seat: 0 },
    ]);
    expect(eventsFor(events, 0).at(-1)).toEqual({ type: 'drew', seat: 0, card: 'W' });
    expect(hand(s, 0)).toEqual(['g4', 'W']);
    expect(match.view(s, null)).toMatchObject({
      pile: ['b3'],
      deckSize: 0,
      target: { colour: 'b', value: 3 },
    });
    expect(match.cards(s).filter((c) => c === 'W')).toHaveLength(4);
  });

  it('MA-8, MA-7: a wildcard on top stays on top through the reshuffle, with its declaration', () => {
    const h0 = ['g5', 'g4'];
    const h1 = ['W', 'W', 'W', 'y1', 'y2'];
    const pile = ['b3', 'W'];
    const rest = numberCardsExcept([...h0, ...h1, ...pile]);
    const s = position({ hands: [h0, h1], collections: [[], rest], pile, declared: 'p1' });
    play(s, 'collect g5');
    expect(hand(s, 0)).toEqual(['g4', 'b3']);
    expect(match.view(s, 1)).toMatchObject({
      pile: ['W'],
      wildOnTop: true,
      target: { colour: 'p', value: 1 },
      deckSize: 0,
    });
  });

  it('MA-8: nothing to reshuffle: the Collect happens without a draw; later a one-card pile is reshuffled', () => {
    const h0 = ['g3', 'g4'];
    const h1 = ['W', 'W', 'W', 'W', 'y1'];
    const pile = ['r2'];
    const rest = numberCardsExcept([...h0, ...h1, ...pile]); // all into seat 1's collection
    const s = position({ hands: [h0, h1], collections: [[], rest], pile, target: 1000 });
    const events = play(s, 'collect g3');
    expect(eventsFor(events, 1)).toEqual([
      { type: 'collect', seat: 0, card: 'g3' },
      { type: 'no_draw', seat: 0 },
    ]);
    expect(match.view(s, null)).toMatchObject({
      round: 1,
      handSizes: [1, 5],
      deckSize: 0,
      pile: ['r2'],
      toAct: [1],
    });
    // Seat 1's red stack top (r5) matches: forced, it discards from its collection.
    expect(legalTexts(s)[0]).toBe('discard stack:r');
    play(s, 'discard stack:r');
    expect(match.view(s, null).pile).toEqual(['r2', 'r5']);
    // Seat 0 collects its last card: the draw reshuffles the one card under the top and draws it.
    const e2 = play(s, 'collect g4');
    expect(types(e2)).toEqual(['collect', 'reshuffled', 'drew']);
    expect(hand(s, 0)).toEqual(['r2']);
    expect(match.view(s, null)).toMatchObject({
      round: 1,
      handSizes: [1, 5],
      pile: ['r5'],
      deckSize: 0,
      toAct: [1],
    });
  });
});

describe('MATCH! review: MA-9 end of round', () => {
  it('MA-9: a wildcard as the last card ends the round; its declaration binds nobody', () => {
    const s = position({ hands: [['W'], ['y1', 'y2']], collections: [['g3']], pile: ['b4'], target: 1000 });
    const events = play(s, 'wild r3');
    expect(types(events).slice(0, 3)).toEqual(['wild', 'round_scored', 'round_dealt']);
    const v = match.view(s, null);
    expect(v).toMatchObject({
      round: 2,
      starter: 0,
      toAct: [0],
      turn: 0,
      wildOnTop: false,
      handSizes: [5, 5],
    });
    expect(v.rounds[0]).toEqual({ round: 1, endedBy: 0, scores: [3, -3] });
  });

  it('MA-9: a stack discard never ends the round (the hand is untouched)', () => {
    const s = position({ hands: [['g5'], ['y1', 'y2']], collections: [['b1']], pile: ['b4'] });
    expect(legalTexts(s)).toEqual(['discard stack:b']);
    play(s, 'discard stack:b');
    expect(match.view(s, null)).toMatchObject({ round: 1, handSizes: [1, 2], toAct: [1] });
  });

  it('MA-9: collecting the last card draws, so the round goes on; only the mover can end it', () => {
    const s = position({ players: 3, hands: [['g5'], ['y1'], ['b0', 'p0']], pile: ['y2'], deckTop: ['r1'] });
    play(s, 'collect g5');
    expect(match.view(s, null)).toMatchObject({ round: 1, handSizes: [1, 1, 2], toAct: [1] });
    const events = play(s, 'discard y1'); // seat 1 ends it
    const scored = events.find((e) => e.all?.type === 'round_scored')!.all;
    expect(scored).toMatchObject({ round: 1, endedBy: 1, scores: [4, 0, 0] });
    expect(match.view(s, null)).toMatchObject({ round: 2, starter: 1, toAct: [1] });
  });
});

describe('MATCH! review: MA-10 scoring', () => {
  it('MA-10: every card of every stack counts for its owner; each wildcard in hand counts -10', () => {
    const s = position({
      hands: [['W', 'W', 'r5', 'y0'], ['p4'], ['b1']],
      collections: [['r0', 'r3', 'g5', 'g2', 'p0'], [], ['b5', 'b2', 'b0', 'y3']],
      pile: ['b4'],
      toPlay: 2,
      totals: [40, 3, 45],
    });
    play(s, 'discard b1');
    const v = match.view(s, null);
    // Seat 0: 0+3+5+2+0 = 10 minus 10+10+5+0 = -15. Seat 1: -4. Seat 2: 5+2+0+3 = 10, empty hand.
    expect(v.rounds[0]).toEqual({ round: 1, endedBy: 2, scores: [-15, -4, 10] });
    expect(v.totals).toEqual([25, -1, 55]);
    expect(match.result(s)).toEqual({ scores: [25, -1, 55], ranks: [2, 3, 1], winners: [2] });
  });

  it('MA-10: a player with nothing collected and zeros in hand scores 0; totals may go negative', () => {
    const s = position({ hands: [['b1'], ['y0', 'g0', 'W']], pile: ['b4'], totals: [0, -5] });
    play(s, 'discard b1');
    expect(match.view(s, null).totals).toEqual([0, -15]);
  });
});

describe('MATCH! review: MA-11 end of game', () => {
  it('MA-11: a total of exactly 50 ends the game; 49 does not', () => {
    const at = (before: number) => {
      const s = position({
        hands: [['b1'], ['y1']],
        collections: [['r1']],
        pile: ['b4'],
        totals: [before, 0],
      });
      play(s, 'discard b1');
      return s;
    };
    const fifty = at(49);
    expect(match.isOver(fifty)).toBe(true);
    expect(match.result(fifty)).toEqual({ scores: [50, -1], ranks: [1, 2], winners: [0] });
    expect(match.toAct(fifty)).toEqual([]);
    expect(match.legalActions(fifty, 0)).toEqual([]);
    expect(match.legalActions(fifty, 1)).toEqual([]);
    expect(match.view(fifty, 1)).toMatchObject({ phase: 'over', toAct: [], forcedDiscard: false });
    rejects(fifty, 'discard y1', 'game_over', 1);
    rejects(fifty, 'discard y1', 'game_over', 0);
    const fortyNine = at(48);
    expect(match.isOver(fortyNine)).toBe(false);
    expect(match.view(fortyNine, null)).toMatchObject({ round: 2, totals: [49, -1], toAct: [0] });
  });

  it('MA-11: the highest total wins even if another player reached 50 first; equal highest totals share', () => {
    const s = position({
      hands: [['b1'], ['y1'], ['g2']],
      collections: [['r5'], ['p5', 'p4'], []],
      pile: ['b4'],
      totals: [44, 44, 10],
    });
    play(s, 'discard b1'); // seat 0: 44 + 5 = 49; seat 1: 44 + 9 - 1 = 52, the only winner
    expect(match.result(s)).toEqual({ scores: [49, 52, 8], ranks: [2, 1, 3], winners: [1] });
    const t = position({
      hands: [['b1'], ['y1'], ['g2']],
      collections: [['r5'], ['p5', 'p1'], []],
      pile: ['b4'],
      totals: [47, 47, -2],
    });
    play(t, 'discard b1'); // 47 + 5 = 52, 47 + 6 - 1 = 52
    expect(match.result(t)).toEqual({ scores: [52, 52, -4], ranks: [1, 1, 3], winners: [0, 1] });
  });

  it('MA-11: the next round starts with the player who ended the last one, and is dealt from him', () => {
    const s = position({
      players: 4,
      hands: [['g1', 'g2'], ['y1'], ['b2'], ['b1']],
      pile: ['b4'],
      toPlay: 3,
    });
    const events = play(s, 'discard b1');
    expect(match.view(s, null)).toMatchObject({ round: 2, starter: 3, toAct: [3], handSizes: [5, 5, 5, 5] });
    expect(events.find((e) => e.all?.type === 'round_dealt')?.all).toMatchObject({
      round: 2,
      starter: 3,
    });
    expect(match.legalActions(s, 0)).toEqual([]);
    expect(match.legalActions(s, 3).length).toBeGreaterThan(0);
  });

  it('MA-11: the option target moves the threshold (target 10: exactly 10 ends)', () => {
    const s = position({
      target: 10,
      hands: [['b1'], ['y1']],
      collections: [['r5', 'r4']],
      pile: ['b4'],
      totals: [1, 0],
    });
    play(s, 'discard b1');
    expect(match.isOver(s)).toBe(true);
    expect(match.result(s)?.scores).toEqual([10, -1]);
  });
});

describe('MATCH! review: MA-12 visibility', () => {
  const build = () =>
    position({
      players: 3,
      hands: [['g0', 'b3'], ['b5', 'b5', 'W'], ['y4']],
      collections: [['r4', 'r3', 'p1'], ['g1'], []],
      pile: ['y2', 'W'],
      declared: 'g2',
      deckTop: ['y5', 'y5'],
    });

  it('MA-12: every seat and a spectator see every stack in full, the pile, the declaration and all sizes', () => {
    const s = build();
    const viewers: Viewer[] = [0, 1, 2, null];
    for (const viewer of viewers) {
      const v = match.view(s, viewer);
      expect(v.collections).toEqual([
        { r: ['r4', 'r3'], y: [], g: [], b: [], p: ['p1'] },
        { r: [], y: [], g: ['g1'], b: [], p: [] },
        { r: [], y: [], g: [], b: [], p: [] },
      ]);
      expect(v.collectionPoints).toEqual([8, 1, 0]);
      expect(v.pile).toEqual(['y2', 'W']);
      expect(v).toMatchObject({ target: { colour: 'g', value: 2 }, wildOnTop: true, forcedDiscard: false });
      expect(v.handSizes).toEqual([2, 3, 1]);
      expect(v.deckSize).toBe(64 - 6 - 4 - 2);
      const text = JSON.stringify(v);
      expect(text).not.toContain('"y5"'); // the deck is hidden
      if (viewer !== 1) expect(text).not.toContain('"b5"'); // seat 1's hand is hidden
      if (viewer !== 0) expect(text).not.toContain('"b3"');
      if (viewer !== 2) expect(text).not.toContain('"y4"');
    }
    expect(match.view(s, 1).myHand).toEqual(['b5', 'b5', 'W']);
    expect(match.view(s, null).myHand).toBeUndefined();
  });

  it('MA-12: a drawn card is told only to the drawer; the collected card is public', () => {
    const s = build();
    const events = play(s, 'collect b3'); // b3 does not match the declared green 2
    for (const viewer of [1, 2, null] as Viewer[]) {
      expect(eventsFor(events, viewer)).toEqual([
        { type: 'collect', seat: 0, card: 'b3' },
        { type: 'drew', seat: 0 },
      ]);
    }
    expect(eventsFor(events, 0).at(-1)).toEqual({ type: 'drew', seat: 0, card: 'y5' });
    expect(JSON.stringify(match.view(s, 1))).not.toContain('"y5"');
    expect(match.view(s, 0).myHand).toEqual(['y5', 'g0']);
    expect(match.view(s, 2).collections[0]!.b).toEqual(['b3']);
  });

  it("MA-12: a new deal is one event: sizes and the upcard for all, each hand only in its seat's entry", () => {
    const s = position({ hands: [['b1'], ['y1', 'y2']], pile: ['b4'], target: 1000 });
    const events = play(s, 'discard b1');
    const deals = events.filter((e) => e.all?.type === 'round_dealt');
    expect(deals).toHaveLength(1);
    const deal = deals[0]!;
    const upcard = match.view(s, null).pile[0]!;
    const common = {
      type: 'round_dealt',
      round: 2,
      starter: 0,
      handSizes: [5, 5],
      deckSize: 53,
      upcard,
      wildcardsReturned: 0,
    };
    expect(deal.all).toEqual(common);
    expect(deal.reveals).toBe(true);
    expect(eventsFor([deal], null)).toEqual([common]);
    expect(eventsFor([deal], 0)).toEqual([{ ...common, hand: hand(s, 0) }]);
    expect(eventsFor([deal], 1)).toEqual([{ ...common, hand: hand(s, 1) }]);
    // The dealt order is the chance outcome: hands from the starter on, the upcard, then the deck.
    expect(deal.chance).toHaveLength(64);
    expect(deal.chance![10]).toBe(upcard);
    expect([...deal.chance!.slice(0, 5)].sort()).toEqual([...hand(s, 0)].sort());
    expect([...deal.chance!.slice(5, 10)].sort()).toEqual([...hand(s, 1)].sort());
  });
});

describe('MATCH! review: MA-X1 safety caps', () => {
  it('MA-X1: the turn cap ends the round after exactly MAX_TURNS turns, not one earlier', () => {
    const s = position({
      hands: [
        ['g5', 'p1', 'r0'],
        ['y1', 'y2', 'y3'],
      ],
      pile: ['b2'],
      deckTop: ['r1', 'r2'],
    });
    s.log = new Int32Array(MAX_TURNS); // (a built position: only the count matters here)
    s.logLen = MAX_TURNS - 2;
    play(s, 'collect g5');
    expect(match.view(s, null)).toMatchObject({ round: 1, turn: MAX_TURNS - 1, toAct: [1] });
    const events = play(s, 'discard y2');
    expect(events.find((e) => e.all?.type === 'round_scored')?.all).toMatchObject({
      round: 1,
      endedBy: 1,
    });
    expect(match.view(s, null)).toMatchObject({ round: 2, starter: 1, toAct: [1] });
  });

  it('MA-X1: round 99 ending below the target deals round 100; round 100 ends the game', () => {
    const s = position({ hands: [['b1'], ['y1', 'y2']], pile: ['b4'] });
    s.round = MAX_ROUNDS - 1;
    for (let r = 0; r < MAX_ROUNDS - 2; r++) {
      s.roundScores.push(0, 0);
      s.roundEnders.push(0);
    }
    play(s, 'discard b1');
    expect(match.isOver(s)).toBe(false);
    expect(match.view(s, null).round).toBe(MAX_ROUNDS);
    // Play round 100 out at random: the game then ends whatever the totals.
    const rng = Rng.fromSeed('cap');
    while (match.view(s, null).round === MAX_ROUNDS && !match.isOver(s)) {
      const legal = match.legalActions(s, s.toPlay);
      expect(match.applyInPlace(s, s.toPlay, legal[rng.int(legal.length)])).toBeNull();
    }
    expect(match.isOver(s)).toBe(true);
    expect(match.view(s, null).round).toBe(MAX_ROUNDS);
    expect(match.verify(s)).toBeNull();
    expect(match.maxActions(s)).toBe(MAX_TURNS * MAX_ROUNDS);
  });
});

describe('MATCH! review: bad input', () => {
  const fresh = (): MatchState =>
    position({
      hands: [
        ['b1', 'g2', 'W'],
        ['y1', 'y2'],
      ],
      collections: [['p0']],
      pile: ['b4'],
    });

  it('malformed JSON actions get a code and a message and never change the state', () => {
    const s = fresh();
    const before = JSON.stringify(match.serialize(s));
    const cases: [unknown, number, string][] = [
      [undefined, 0, 'malformed_action'],
      [[], 0, 'malformed_action'],
      ['discard b1', 0, 'malformed_action'],
      [{ type: 'discard', card: 3 }, 0, 'malformed_action'],
      [{ type: 'discard', card: 'b9' }, 0, 'malformed_action'],
      [{ type: 'collect' }, 0, 'malformed_action'],
      [{ type: 'discardStack', colour: 'W' }, 0, 'malformed_action'],
      [{ type: 'DISCARD', card: 'b1' }, 0, 'malformed_action'],
      [{ type: 'wild', colour: 'r' }, 0, 'declaration_required'],
      [{ type: 'wild', colour: 'r', value: '3' }, 0, 'invalid_declaration'],
      [{ type: 'wild', colour: 'r', value: 2.5 }, 0, 'invalid_declaration'],
      [{ type: 'wild', colour: 'W', value: 2 }, 0, 'invalid_declaration'],
      [{ type: 'discard', card: 'W' }, 0, 'declaration_required'],
      [{ type: 'collect', card: 'W' }, 0, 'wildcard_never_collected'],
      [{ type: 'discard', card: 'g2' }, 0, 'card_does_not_match'],
      [{ type: 'collect', card: 'b1' }, 0, 'card_matches_target'],
      [{ type: 'discardStack', colour: 'r' }, 0, 'empty_stack'],
      [{ type: 'discardStack', colour: 'purple' }, 0, 'card_does_not_match'],
      [{ type: 'discard', card: 'y1' }, 0, 'card_not_in_hand'],
      [{ type: 'discard', card: 'y1' }, 1, 'not_your_turn'],
      [{ type: 'discard', card: 'b1' }, 2, 'invalid_seat'],
      [{ type: 'discard', card: 'b1' }, -1, 'invalid_seat'],
      [{ type: 'discard', card: 'b1' }, 0.5, 'invalid_seat'],
    ];
    for (const [action, seat, code] of cases) {
      const e = match.applyInPlace(s, seat, action);
      expect(e?.code, JSON.stringify(action)).toBe(code);
      expect(e?.message.length).toBeGreaterThan(10);
      expect(JSON.stringify(match.serialize(s))).toBe(before);
    }
    const forced = position({ hands: [['g2', 'b1'], ['y1']], collections: [['p4']], pile: ['b4'] });
    rejects(forced, 'collect g2', 'collection_card_matches');
  });

  it('parseAction: junk is malformed_action, a wildcard with a bad declaration invalid_declaration (issue 9)', () => {
    for (const bad of [
      '',
      '   ',
      'stack',
      'stack:x',
      'discard r3 r4',
      'collect',
      'x',
      'discard stack:W',
      'r6',
    ]) {
      const r = match.parseAction(bad);
      expect(r.ok ? 'ok' : r.error.code, bad).toBe('malformed_action');
      if (!r.ok) expect(r.error.message).toContain('MATCH!');
    }
    for (const bad of ['wild r9', 'wild r6', 'wild r', 'wild 3', 'wild W', 'w3', 'wild x3', 'W purple 7']) {
      const r = match.parseAction(bad);
      expect(r.ok ? 'ok' : r.error.code, bad).toBe('invalid_declaration');
      if (!r.ok) expect(r.error.message).toContain('Declare one colour');
    }
    // Not text at all: an error value, never a throw.
    const junks: unknown[] = [5, null, undefined, {}, ['wild r3']];
    for (const junk of junks) {
      const r = match.parseAction(junk as string);
      expect(r.ok ? 'ok' : r.error.code, JSON.stringify(junk)).toBe('malformed_action');
    }
    const good: [string, string][] = [
      ['WILD RED 3', 'wild r3'],
      ['play wild g0', 'wild g0'],
      ['take purple', 'discard stack:p'],
      ['stack:g', 'discard stack:g'],
      ['c W', 'collect W'],
      ['d y4', 'discard y4'],
    ];
    for (const [text, want] of good) {
      const r = match.parseAction(text);
      expect(r.ok && match.formatAction(r.value), text).toBe(want);
    }
    // Parsed but illegal actions are rejected on apply, with the state unchanged.
    const s = fresh();
    rejects(s, 'c W', 'wildcard_never_collected');
    rejects(s, 'wild', 'declaration_required');
    expect(act(s, 'wild r3').error).toBeNull();
  });
});

describe('MATCH! review: saves', () => {
  it('deserialize rejects a target outside the option range (1..1000), like setup does', () => {
    const s = setup(3, { target: 1000 });
    const saved = match.serialize(s);
    expect(match.deserialize(saved).ok).toBe(true);
    for (const target of [0, 1001, 1e9]) {
      const r = match.deserialize({ ...saved, target });
      expect(r.ok ? 'ok' : r.error.code, String(target)).toBe('invalid_state');
    }
    const r = match.setup({ players: 3, seed: 'x', options: { target: 1001 } });
    expect(r.ok ? 'ok' : r.error.code).toBe('invalid_option');
  });
});
