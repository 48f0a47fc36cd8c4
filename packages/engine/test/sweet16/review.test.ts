/**
 * Review scenarios: one or more focused situations per ruling S16-1..S16-10 (and the matchbox
 * rulings S16-X*), built from stacked decks and scripted actions, with exact expected outcomes.
 */
import { describe, expect, it } from 'vitest';
import { eventsFor, sweet16 } from '../../src/index.ts';
import type { Sweet16State } from '../../src/games/sweet16/state.ts';
import type { Events } from './helpers.ts';
import { act, cardIndex, cell, edit, legal, posIndex, reject, setupWith, types, view } from './helpers.ts';

/** A base state holding only the given cards in the grid; the others go to `pileSeat`'s pile. */
function keepOnly(
  cards: Record<string, string>,
  players = 2,
  options: Record<string, string | boolean | number> = {},
  pileSeat = 0,
): Sweet16State {
  const s0 = setupWith(players, cards, options);
  const keep = new Set(Object.keys(cards).map((p) => posIndex(p)));
  return edit(s0, (j) => {
    const cells = j.cells as number[];
    const place = j.place as number[];
    for (let p = 0; p < cells.length; p++) {
      if (keep.has(p)) continue;
      place[cells[p]!] = 64 + pileSeat;
      cells[p] = -1;
    }
  });
}

/** A duel state holding only the given cards in the grid (the rest go to seat 1's pile). */
function duelOnly(cards: Record<string, string>): Sweet16State {
  const s0 = setupWith(2, cards, { mode: 'duel' });
  const keep = new Set(Object.keys(cards).map((p) => posIndex(p, 'duel')));
  return edit(s0, (j) => {
    const cells = j.cells as number[];
    const place = j.place as number[];
    for (let p = 0; p < cells.length; p++) {
      if (keep.has(p)) continue;
      place[cells[p]!] = 65;
      cells[p] = -1;
      (j.up as number[])[p] = 0;
      for (const seat of [0, 1]) (j.seenAt as number[])[seat * 49 + p] = -1;
      (j.publicAt as number[])[p] = -1;
    }
  });
}

/** Applies a list of text actions for one seat; returns all their events. */
function play(s: Sweet16State, seat: number, ...texts: string[]): Events {
  const out: Events = [];
  for (const t of texts) out.push(...act(s, seat, t));
  return out;
}

describe('sweet16 review: S16-1 setup', () => {
  it('2-5 players; stacked deck row by row, unlisted cards in standard order; bad decks rejected', () => {
    const s = setupWith(5, { A1: 'X2', I1: 'KS', A2: 'QD', I6: 'AC' });
    expect(s.players).toBe(5);
    expect(s.cells[posIndex('A1')]).toBe(cardIndex('X2'));
    expect(s.cells[posIndex('I1')]).toBe(cardIndex('KS'));
    expect(s.cells[posIndex('A2')]).toBe(cardIndex('QD'));
    expect(s.cells[posIndex('I6')]).toBe(cardIndex('AC'));
    expect(s.cells[posIndex('B1')]).toBe(cardIndex('2C')); // AC is used: the next standard card
    expect(view(s, 4).faceDown).toBe(54);
    expect(view(s, 4).inGrid).toBe(54);
    for (const deck of [['ZZ'], ['AH', 'ah'], 'AH' as unknown as string[], [7 as unknown as string]]) {
      const r = sweet16.setup({ players: 2, seed: 'x', deck });
      expect(r.ok ? null : r.error.code).toBe('invalid_deck');
    }
    for (const players of [0, 1, 6, 2.5]) {
      const r = sweet16.setup({ players, seed: 'x' });
      expect(r.ok ? null : r.error.code).toBe('invalid_players');
    }
    const opt = sweet16.setup({ players: 2, seed: 'x', options: { mode: 'solo' } });
    expect(opt.ok ? null : opt.error.code).toBe('invalid_option');
  });
});

describe('sweet16 review: S16-2 the three outcomes', () => {
  it('lose face at 17 (just over 16): the cards go face down in place, the turn passes, all remember them', () => {
    const s = setupWith(3, { A1: '10C', B1: '7D', C1: '6H' }, { memoryAid: true });
    act(s, 0, 'flip A1');
    expect(view(s, 2).total).toBe(10);
    const events = act(s, 0, 'flip B1');
    expect(types(events)).toEqual(['flip', 'lose_face', 'turn']);
    expect(events[1]!.all).toEqual({ type: 'lose_face', seat: 0, total: 17, cells: ['A1', 'B1'] });
    expect(s.toPlay).toBe(1);
    expect(view(s, 1).phase).toBe('flip');
    for (const seat of [0, 1, 2]) {
      const v = view(s, seat);
      expect(cell(v, 'A1')).toBe('?');
      expect(cell(v, 'B1')).toBe('?');
      expect(v.flipped).toEqual([]);
      expect(v.total).toBe(0);
      expect(v.memory).toMatchObject({ A1: { card: '10C', turn: 1 }, B1: { card: '7D', turn: 1 } });
    }
    expect(s.pileCount[0]).toBe(0);
    // Exactly 16 is a tryst, not a lose face.
    act(s, 1, 'flip A1');
    const t = act(s, 1, 'flip C1');
    expect(types(t)).toEqual(['flip', 'tryst']);
    expect(view(s, 1).phase).toBe('back');
    expect(legal(s, 1)).toEqual(['back A1', 'back C1']);
  });

  it('clique boundaries: 2+ cards, below 16 (15 is fine), strictly above the table; equal must flip on', () => {
    // 9C + 6D = 15: a clique. Seat 1 reaches 15 too (not above it), flips an ace: 16, a tryst,
    // and only after that tryst's scoring is seat 0's clique dissolved.
    const s = setupWith(2, { A1: '9C', B1: '6D', C1: '9H', D1: '6C', E1: 'AH' });
    act(s, 0, 'flip A1');
    expect(legal(s)).not.toContain('stop');
    reject(s, 0, 'stop', 'cannot_stop');
    act(s, 0, 'flip B1');
    expect(view(s, 0).canStop).toBe(true);
    expect(legal(s).at(-1)).toBe('stop');
    const e = act(s, 0, 'stop');
    expect(types(e)).toEqual(['clique', 'turn']);
    expect(view(s, 1).clique).toEqual({ owner: 0, cells: ['A1', 'B1'], total: 15 });
    act(s, 1, 'flip C1');
    act(s, 1, 'flip D1'); // 15: equal to the table's clique
    expect(view(s, 1).canStop).toBe(false);
    expect(legal(s, 1)).not.toContain('stop');
    reject(s, 1, 'stop', 'cannot_stop');
    act(s, 1, 'flip E1'); // 16: a tryst
    expect(view(s, 0).clique).toEqual({ owner: 0, cells: ['A1', 'B1'], total: 15 }); // still there
    act(s, 1, 'back D1');
    const done = act(s, 1, 'skip');
    expect(types(done)).toEqual(['no_activation', 'banked', 'clique_dissolved', 'turn']);
    const v = view(s, 0);
    expect(v.clique).toBeNull();
    expect(cell(v, 'A1')).toBe('?');
    expect(cell(v, 'B1')).toBe('?');
    expect(v.phase).toBe('flip'); // seat 0 has no clique to score any more
    expect(s.toPlay).toBe(0);
    expect(s.pileCount).toEqual(Int16Array.of(0, 2));
  });

  it('a clique one above the table beats it; the beaten owner scores nothing, the new owner scores next turn', () => {
    const s = setupWith(2, {
      A1: '5C',
      B1: '4D',
      C1: '6S',
      D1: '4H',
      E1: 'KS',
      F1: 'QS',
      G1: 'KH',
      H1: 'QH',
    });
    play(s, 0, 'flip A1', 'flip B1', 'stop'); // 9
    play(s, 1, 'flip C1', 'flip D1'); // 10
    expect(view(s, 1).canStop).toBe(true);
    act(s, 1, 'stop');
    expect(view(s, 0).clique).toEqual({ owner: 1, cells: ['C1', 'D1'], total: 10 });
    expect(view(s, 0).phase).toBe('flip'); // seat 0's clique is gone: nothing to score
    play(s, 0, 'flip E1', 'flip F1'); // lose face
    expect(view(s, 1).phase).toBe('back'); // seat 1 scores its clique first
    expect(view(s, 1).scoring).toMatchObject({ kind: 'clique', cells: ['C1', 'D1'] });
  });

  it('own clique scored at the start of the turn, then flipping; that scoring counts for S16-7', () => {
    // 14 cards: a clique of three; scoring it leaves 12, but the game ends only at the turn's end.
    const cards = {
      A1: '2C',
      B1: '3D',
      C1: '4S',
      D1: '9C',
      E1: '10C',
      F1: 'JC',
      G1: 'QC',
      H1: 'KC',
      I1: '5D',
      A2: '6D',
      B2: '7D',
      C2: '8D',
      D2: '9D',
      E2: '10D',
    };
    const s = keepOnly(cards);
    play(s, 0, 'flip A1', 'flip B1', 'flip C1', 'stop');
    play(s, 1, 'flip D1', 'flip E1'); // lose face
    expect(s.toPlay).toBe(0);
    expect(view(s, 0).phase).toBe('back');
    play(s, 0, 'back C1', 'skip');
    expect(view(s, 0).inGrid).toBe(12);
    expect(sweet16.isOver(s)).toBe(false);
    expect(view(s, 0).phase).toBe('flip');
    expect(s.toPlay).toBe(0);
    const e = play(s, 0, 'flip H1', 'flip G1'); // lose face, then the turn ends
    expect(types(e).slice(-2)).toEqual(['lose_face', 'game_over']);
    expect(sweet16.isOver(s)).toBe(true);
  });

  it('clique cards count towards the 13 of S16-7', () => {
    // 15 cards: scoring the own clique leaves 13; a new clique of 2 keeps 13 in the grid.
    const cards = {
      A1: '2C',
      B1: '3D',
      C1: '4S',
      D1: '9C',
      E1: '10C',
      F1: 'JC',
      G1: 'QC',
      H1: 'KC',
      I1: '5D',
      A2: '6D',
      B2: '7D',
      C2: '8D',
      D2: '9D',
      E2: '10D',
      F2: '5C',
    };
    const s = keepOnly(cards);
    play(s, 0, 'flip A1', 'flip B1', 'flip C1', 'stop');
    play(s, 1, 'flip D1', 'flip E1');
    play(s, 0, 'back C1', 'skip', 'flip I1', 'flip F2', 'stop'); // 5 + 5 = 10
    const v = view(s, 1);
    expect(v.inGrid).toBe(13);
    expect(v.faceDown).toBe(11);
    expect(sweet16.isOver(s)).toBe(false);
    expect(s.toPlay).toBe(1);
  });
});

describe('sweet16 review: S16-4 Jokers', () => {
  it('declared at once (only joker actions), any value even one that loses face', () => {
    const s = setupWith(2, { A1: '5C', B1: 'X1', C1: 'X2' });
    act(s, 0, 'flip A1');
    act(s, 0, 'flip B1');
    expect(view(s, 1).phase).toBe('joker');
    expect(legal(s)).toEqual(Array.from({ length: 13 }, (_, i) => `joker ${i + 1}`));
    reject(s, 0, 'flip C1', 'wrong_phase');
    reject(s, 0, 'stop', 'wrong_phase');
    reject(s, 0, 'joker 0', 'bad_joker_value');
    reject(s, 0, 'joker 14', 'bad_joker_value');
    expect(sweet16.applyInPlace(s, 0, { type: 'joker', value: 2.5 })?.code).toBe('bad_joker_value');
    reject(s, 1, 'joker 3', 'not_your_turn');
    const e = act(s, 0, 'joker 12'); // 17: lose face
    expect(types(e)).toEqual(['joker', 'lose_face', 'turn']);
    expect(s.jokerValue[0]).toBe(0);
    act(s, 1, 'flip B1');
    expect(view(s, 1).phase).toBe('joker'); // forgotten: declared anew
    act(s, 1, 'joker 1');
    expect(view(s, 0).jokers).toEqual({ B1: 1 });
  });

  it('keeps its value in a clique, forgets it when the clique turns face down', () => {
    const s = setupWith(2, { A1: 'X1', B1: '5C', C1: '6H', D1: '4S' });
    play(s, 0, 'flip A1', 'joker 4', 'flip B1', 'stop');
    expect(view(s, 1).clique).toEqual({ owner: 0, cells: ['A1', 'B1'], total: 9 });
    expect(view(s, 1).jokers).toEqual({ A1: 4 });
    play(s, 1, 'flip C1', 'flip D1', 'stop'); // 10 beats 9
    expect(view(s, 0).jokers).toEqual({});
    expect(s.jokerValue[0]).toBe(0);
    expect(cell(view(s, 0), 'A1')).toBe('?');
  });

  it('a put-back Joker forgets its value; Jokers are never activated; only Jokers left: banked at once', () => {
    const s = setupWith(2, { A1: 'X1', B1: '6C', C1: 'X2', D1: '9S' });
    play(s, 0, 'flip A1', 'joker 10', 'flip B1'); // 16
    const back = act(s, 0, 'back A1');
    expect(back[0]!.all).toMatchObject({ type: 'put_back', pos: 'A1', card: 'X1' });
    expect(s.jokerValue[0]).toBe(0);
    expect(view(s, 1).jokers).toEqual({});
    play(s, 0, 'skip');
    // Seat 1: two Jokers as 8 + 8; one goes back, the other can only be banked.
    play(s, 1, 'flip A1', 'joker 8');
    play(s, 1, 'flip C1');
    reject(s, 1, 'stop', 'wrong_phase');
    const e = play(s, 1, 'joker 8', 'back A1');
    expect(types(e)).toEqual(['joker', 'tryst', 'put_back', 'banked', 'turn']);
    expect(e[3]!.all).toMatchObject({ seat: 1, cards: ['X2'] });
    expect(s.pileCount[1]).toBe(1);
    expect(s.toPlay).toBe(0);
    // A Joker in a set with other cards cannot be activated.
    const t = setupWith(2, { A1: 'X1', B1: '6C', C1: '3D' });
    play(t, 0, 'flip A1', 'joker 7', 'flip B1', 'flip C1', 'back C1');
    expect(legal(t)).toEqual(['activate B1', 'skip']);
    reject(t, 0, 'activate A1', 'joker_not_activatable');
  });
});

describe('sweet16 review: S16-6 scoring a set', () => {
  it('order A, B, C: the other cards stay face up in the grid until the power is resolved', () => {
    const s = setupWith(2, { A1: '10S', B1: '4C', C1: '2D', D1: 'KH', E1: 'QH', F1: 'JH' });
    play(s, 0, 'flip A1', 'flip B1', 'flip C1');
    reject(s, 0, 'activate A1', 'wrong_phase'); // put back first
    reject(s, 0, 'skip', 'wrong_phase');
    reject(s, 0, 'back D1', 'not_in_set');
    act(s, 0, 'back C1');
    reject(s, 0, 'back A1', 'wrong_phase');
    expect(legal(s)).toEqual(['activate A1', 'activate B1', 'skip']);
    const a = act(s, 0, 'activate A1');
    expect(types(a)).toEqual(['activate']);
    let v = view(s, 1);
    expect(v.phase).toBe('spade');
    expect(cell(v, 'A1')).toBeNull(); // the activated spade is set aside
    expect(cell(v, 'B1')).toBe('4C'); // still waiting in the grid
    expect(v.scoring).toMatchObject({
      kind: 'tryst',
      cells: ['B1'],
      putBack: 'C1',
      activated: '10S',
      left: 3,
    });
    expect(v.piles).toEqual([0, 0]);
    play(s, 0, 'look D1', 'look E1');
    const last = act(s, 0, 'look C1'); // the put-back card may be looked at
    expect(types(last)).toEqual(['look', 'banked', 'turn']);
    v = view(s, 1);
    expect(v.piles).toEqual([2, 0]);
    expect(cell(v, 'B1')).toBeNull();
    expect(cell(v, 'C1')).toBe('?');
  });

  it('diamond: face up beside the pile, 3 points; club: equal value may be stolen, from any opponent', () => {
    const s = setupWith(3, { A1: '9D', B1: '7C', C1: '7D', D1: '9S', E1: '9C', F1: '7H' });
    play(s, 0, 'flip A1', 'flip B1', 'back B1', 'activate A1');
    play(s, 1, 'flip C1', 'flip D1', 'back D1', 'activate C1');
    expect(view(s, 2).diamonds).toEqual([['9D'], ['7D'], []]);
    expect(view(s, 2).scores).toEqual([3, 3, 0]);
    play(s, 2, 'flip E1', 'flip F1', 'back F1', 'activate E1');
    expect(view(s, 2).phase).toBe('club');
    expect(legal(s, 2)).toEqual(['steal 7D', 'steal 9D', 'skip']);
    reject(s, 2, 'steal 8D', 'not_stealable'); // not a face-up diamond
    reject(s, 2, 'steal 9C', 'not_stealable');
    reject(s, 2, 'look A2', 'wrong_phase');
    const e = act(s, 2, 'steal 9D'); // 9 <= 9
    expect(e[0]!.all).toEqual({ type: 'steal', seat: 2, from: 0, card: '9D' });
    expect(view(s, 0).diamonds).toEqual([[], ['7D'], []]);
    expect(view(s, 0).scores).toEqual([0, 3, 2]);
    // Skipping the steal is allowed: the club just goes to the pile.
    const t = setupWith(2, { A1: '9D', B1: '7C', C1: 'JC', D1: '5H' });
    play(t, 0, 'flip A1', 'flip B1', 'back B1', 'activate A1');
    play(t, 1, 'flip C1', 'flip D1', 'back D1', 'activate C1');
    expect(legal(t, 1)).toEqual(['steal 9D', 'skip']);
    act(t, 1, 'skip');
    expect(view(t, 0).scores).toEqual([3, 1]);
    // Your own diamond is never yours to steal.
    const u = setupWith(2, { A1: '9D', B1: '7C', C1: 'JC', D1: '5H', E1: 'KS', F1: 'QS' });
    play(u, 0, 'flip A1', 'flip B1', 'back B1', 'activate A1');
    play(u, 1, 'flip E1', 'flip F1'); // lose face
    const own = play(u, 0, 'flip C1', 'flip D1', 'back D1', 'activate C1');
    expect(types(own)).toEqual(['flip', 'flip', 'tryst', 'put_back', 'activate', 'turn']);
    expect(view(u, 1).diamonds).toEqual([['9D'], []]);
    expect(u.pileCount[0]).toBe(1);
  });

  it('heart: may find the put-back card; revealed hearts are collected; the first non-heart goes back', () => {
    const s = setupWith(2, { A1: '10H', B1: '6H', C1: '5S', D1: '2H' });
    play(s, 0, 'flip A1', 'flip B1', 'back B1', 'activate A1');
    expect(legal(s)).toContain('look B1');
    expect(legal(s).every((a) => a.startsWith('look '))).toBe(true);
    reject(s, 0, 'skip', 'wrong_phase');
    const h = act(s, 0, 'look B1');
    expect(h).toEqual([{ all: { type: 'heart_found', seat: 0, pos: 'B1', card: '6H' }, reveals: true }]);
    expect(view(s, 1).phase).toBe('heart');
    const e = act(s, 0, 'look C1');
    expect(eventsFor(e, 1).map((x) => x.type)).toEqual(['look', 'turn']);
    expect(eventsFor(e, 1)[0]).toEqual({ type: 'look', seat: 0, pos: 'C1', power: 'heart' });
    expect(eventsFor(e, 0)[0]).toEqual({ type: 'look', seat: 0, pos: 'C1', power: 'heart', card: '5S' });
    expect(eventsFor(e, 0).map((x) => x.type)).toEqual(['look', 'turn']); // one event, not a copy
    expect(view(s, 1).notHeart).toEqual(['C1']);
    expect(s.pileCount[0]).toBe(2); // 10H and 6H; 2H at D1 was never looked at
    expect(cell(view(s, 1), 'D1')).toBe('?');
  });

  it('heart chain stops when no face-down card is left', () => {
    const s = keepOnly({ A1: '10H', B1: '6H', C1: '2H' });
    play(s, 0, 'flip A1', 'flip B1', 'back B1', 'activate A1', 'look C1');
    const e = act(s, 0, 'look B1'); // the last face-down card: a heart, and nothing left to look at
    expect(types(e)).toEqual(['heart_found', 'game_over']);
    expect(s.pileCount[0]! - 51).toBe(3); // keepOnly put the 51 other cards in seat 0's pile
  });

  it('spade: three different looks, fewer when fewer face-down cards are left', () => {
    const s = keepOnly({
      A1: '10S',
      B1: '6C',
      C1: 'KD',
      D1: 'QC',
      E1: 'JH',
      F1: '9C',
      G1: '9D',
      H1: '9H',
      I1: '9S',
      A2: '8C',
      B2: '8D',
      C2: '8H',
      D2: '8S',
      E2: '7C',
    });
    play(s, 0, 'flip A1', 'flip B1', 'back B1', 'activate A1');
    expect(view(s, 0).scoring).toMatchObject({ left: 3 });
    act(s, 0, 'look C1');
    reject(s, 0, 'look C1', 'already_looked');
    expect(legal(s)).not.toContain('look C1');
    expect(legal(s)).toContain('look B1');
    expect(view(s, 0).scoring).toMatchObject({ looks: ['C1'], left: 2 });
    const t = keepOnly({ A1: '10S', B1: '6C', C1: 'KD' });
    play(t, 0, 'flip A1', 'flip B1', 'back B1', 'activate A1');
    expect(view(t, 0).scoring).toMatchObject({ left: 2 }); // B1 (put back) and C1
    expect(legal(t)).toEqual(['look B1', 'look C1']);
    act(t, 0, 'look C1');
    const e = act(t, 0, 'look B1');
    expect(types(e)).toEqual(['look', 'game_over']);
  });
});

describe('sweet16 review: S16-7 end of the game', () => {
  const HIGH = ['KC', 'KD', 'KH', 'KS', 'QC', 'QD', 'QH', 'QS', 'JC', 'JD', 'JH', 'JS', '10C', '10D'];
  const high = (n: number, from: number): Record<string, string> =>
    Object.fromEntries(
      HIGH.slice(0, n).map((c, i) => [
        String.fromCharCode(65 + ((i + from) % 9)) + String(1 + Math.floor((i + from) / 9)),
        c,
      ]),
    );

  it('13 left with a pair of exactly 16 goes on; 12 left ends it', () => {
    // 8S + 8C tryst; 8C goes back: 8C + 8D + 11 high = 13 cards, and 8 + 8 = 16 can still score.
    const s = keepOnly({ A1: '8S', B1: '8C', C1: '8D', ...high(11, 3) });
    play(s, 0, 'flip A1', 'flip B1', 'back B1', 'skip');
    expect(view(s, 1).inGrid).toBe(13);
    expect(sweet16.isOver(s)).toBe(false);
    expect(s.toPlay).toBe(1);
    play(s, 1, 'flip B1', 'flip C1', 'back C1', 'skip');
    expect(view(s, 0).inGrid).toBe(12);
    expect(sweet16.isOver(s)).toBe(true);
    expect(view(s, 0).toPlay).toBeNull();
    expect(sweet16.legalActions(s, 0)).toEqual([]);
    reject(s, 0, 'flip A2', 'game_over');
  });

  it('no two cards totalling 16 or less ends the game even with 13+ cards', () => {
    // After the tryst 8C is the lowest card; 8C + 9x = 17.
    const s = keepOnly({ A1: '8S', B1: '8C', C1: '9D', D1: '9H', ...high(11, 4) });
    play(s, 0, 'flip A1', 'flip B1', 'back B1', 'skip');
    expect(view(s, 1).inGrid).toBe(14);
    expect(sweet16.isOver(s)).toBe(true);
  });
});

describe('sweet16 review: S16-8 winner', () => {
  it('1 per pile card, 3 per face-up diamond; ties by turn order from seat 0 (5 players)', () => {
    const s0 = setupWith(5, {});
    // Default deck: card index c lies at position c (clubs 0..12, diamonds 13..25).
    const s = edit(s0, (j) => {
      const cells = j.cells as number[];
      const place = j.place as number[];
      const move = (c: number, where: number) => {
        place[c] = where;
        cells[c] = -1;
      };
      move(0, 64); // seat 0: 2 pile cards
      move(1, 64);
      move(13, 73); // seat 1: one diamond (3) + one pile card = 4
      move(2, 65);
      move(3, 66); // seat 2: 3
      move(4, 66);
      move(5, 66);
      for (const c of [6, 7, 8, 9]) move(c, 67); // seat 3: 4
      j.phase = 10;
    });
    expect(sweet16.result(s)).toEqual({ scores: [2, 4, 3, 4, 0], ranks: [4, 1, 3, 2, 5], winners: [1] });
    expect(view(s, null).winners).toEqual([1]);
    expect(sweet16.result(s0)).toBeNull();
  });
});

describe('sweet16 review: S16-9 what each seat sees', () => {
  it('spade looks: only the looker sees the card, in its view during its turn and in the private event', () => {
    for (const memoryAid of [false, true]) {
      const s = setupWith(
        3,
        { A1: '10S', B1: '6C', C1: 'KD', D1: '2C', E1: '5H', F1: 'QS', G1: 'QC' },
        { memoryAid },
      );
      play(s, 0, 'flip A1', 'flip B1', 'back B1', 'activate A1');
      const e = act(s, 0, 'look C1');
      expect(e).toHaveLength(1);
      expect(Object.keys(e[0]!.seats!)).toEqual(['0']);
      expect(e[0]!.seats![0]).toMatchObject({ type: 'look', pos: 'C1', card: 'KD' });
      expect(e[0]!.reveals).toBe(true);
      for (const viewer of [1, 2, null]) {
        expect(JSON.stringify(eventsFor(e, viewer))).not.toContain('KD');
        expect(JSON.stringify(view(s, viewer))).not.toContain('KD');
        expect(sweet16.hiddenCards(s, viewer)).toContain('KD');
      }
      expect(view(s, 0).peeks).toEqual({ C1: 'KD' });
      expect(view(s, 1).peeks).toEqual({});
      expect(view(s, null).peeks).toBeUndefined();
      expect(view(s, 1).scoring).toMatchObject({ looks: ['C1'] }); // the position is public
      play(s, 0, 'look D1', 'look E1');
      // The turn is over: the looks leave the view; with the memory aid they are remembered.
      expect(view(s, 0).peeks).toEqual({});
      if (memoryAid) {
        expect(view(s, 0).memory).toEqual({
          B1: { card: '6C', turn: 1 },
          C1: { card: 'KD', turn: 1 },
          D1: { card: '2C', turn: 1 },
          E1: { card: '5H', turn: 1 },
        });
        expect(view(s, 1).memory).toEqual({ B1: { card: '6C', turn: 1 } });
      } else {
        expect(view(s, 0).memory).toBeUndefined();
        expect(JSON.stringify(view(s, 0))).not.toContain('KD');
      }
      // Seat 0 saw KD: its own to remember, aid or not; the others never saw it.
      expect(sweet16.hiddenCards(s, 0)).not.toContain('KD');
      for (const viewer of [1, 2, null]) expect(sweet16.hiddenCards(s, viewer)).toContain('KD');
      // Score piles: sizes only, though everybody saw the spade go there.
      expect(view(s, 2).piles).toEqual([1, 0, 0]);
      expect(JSON.stringify(view(s, 0))).not.toContain('10S');
      expect(sweet16.hiddenCards(s, 0)).not.toContain('10S');
    }
  });
});

describe('sweet16 review: S16-10 duel', () => {
  it('seat 1 plays columns: any 2+ cards of one column totalling 16, holes and gaps allowed', () => {
    const s = duelOnly({ A1: '5C', A4: '5D', A7: '6H', B2: '9S', C2: '7S', G7: 'KC' });
    expect(legal(s, 0)).toEqual(['tryst B2 C2']);
    act(s, 0, 'tryst C2 B2'); // any order in text
    act(s, 0, 'skip');
    expect(legal(s, 1)).toEqual(['tryst A1 A4 A7']);
    reject(s, 1, 'tryst A1 A4', 'not_sixteen');
    reject(s, 1, 'tryst A1 A4 A4', 'duplicate_position');
    reject(s, 1, 'tryst A1 B2', 'empty_position');
    reject(s, 1, 'tryst A1 A4 B7', 'empty_position');
    reject(s, 1, 'tryst A7 G7', 'not_your_line');
    act(s, 1, 'tryst A7 A1 A4');
    expect(legal(s, 1)).toEqual(['activate A1', 'activate A4', 'activate A7', 'skip']);
    act(s, 1, 'activate A7'); // a heart with no other heart in the grid: just scored
    expect(s.pileCount[1]! - 43).toBe(3); // duelOnly put the 43 other cards in seat 1's pile
    expect(s.toPlay).toBe(0);
  });

  it('passes: one pass and a tryst do not end it; two passes in a row do', () => {
    const s = duelOnly({ A1: '10C', A2: '6D', B3: 'KC', C3: 'KD' });
    expect(legal(s, 0)).toEqual(['pass']);
    reject(s, 0, 'tryst B3 C3', 'not_sixteen');
    act(s, 0, 'pass');
    expect(view(s, 1).passes).toBe(1);
    reject(s, 1, 'pass', 'tryst_available');
    play(s, 1, 'tryst A1 A2', 'skip');
    expect(view(s, 0).passes).toBe(0);
    act(s, 0, 'pass');
    expect(sweet16.isOver(s)).toBe(false);
    const e = act(s, 1, 'pass');
    expect(types(e)).toEqual(['pass', 'game_over']);
    expect(sweet16.isOver(s)).toBe(true);
  });

  it('heart: the extra heart comes from the rest of the grid, not the tryst; spade buries what is left', () => {
    const s = duelOnly({ A1: '10H', B1: '6H', D5: '2H', E5: '9C', G7: 'KS' });
    act(s, 0, 'tryst A1 B1');
    act(s, 0, 'activate A1');
    expect(view(s, 1).phase).toBe('take');
    expect(legal(s, 0)).toEqual(['take D5']);
    reject(s, 0, 'take B1', 'empty_position');
    reject(s, 0, 'take E5', 'not_a_heart');
    act(s, 0, 'take D5');
    expect(s.pileCount[0]).toBe(3);
    const t = duelOnly({ A1: '10S', B1: '6C', G7: 'KH' });
    act(t, 0, 'tryst A1 B1');
    act(t, 0, 'activate A1');
    expect(view(t, 0).scoring).toMatchObject({ left: 1 });
    expect(legal(t, 0)).toEqual(['bury G7']);
    act(t, 0, 'bury G7');
    expect(view(t, 1).buried).toEqual(['KH']);
    expect(t.pileCount[0]).toBe(2);
    expect(legal(t, 1)).toEqual(['pass']);
  });

  it('club in the duel: an equal-value diamond may be taken; the steal is optional', () => {
    const s = duelOnly({ A1: '10D', B1: '6C', A3: '10C', A4: '6S' });
    play(s, 0, 'tryst A1 B1', 'activate A1');
    expect(view(s, 1).diamonds).toEqual([['10D'], []]);
    play(s, 1, 'tryst A3 A4', 'activate A3');
    expect(legal(s, 1)).toEqual(['steal 10D', 'skip']);
    act(s, 1, 'steal 10D');
    expect(view(s, 0).scores).toEqual([1, 45 + 3]);
  });
});

describe('sweet16 review: S16-X3 turn limit', () => {
  it('the game ends after turn turnLimit exactly, in both modes', () => {
    const s = setupWith(2, { A1: 'KH', B1: 'KC', C1: 'KD', D1: 'KS' }, { turnLimit: 3 });
    play(s, 0, 'flip A1', 'flip B1');
    play(s, 1, 'flip C1', 'flip D1');
    expect(sweet16.isOver(s)).toBe(false);
    const e = play(s, 0, 'flip A1', 'flip C1');
    expect(types(e).at(-1)).toBe('game_over');
    expect(sweet16.isOver(s)).toBe(true);
    expect(view(s, 0).turn).toBe(3);
    const d = setupWith(2, { A1: '10C', B1: '6D' }, { mode: 'duel', turnLimit: 1 });
    play(d, 0, 'tryst A1 B1', 'skip');
    expect(sweet16.isOver(d)).toBe(true);
    const bad = sweet16.setup({ players: 2, seed: 'x', options: { turnLimit: 0 } });
    expect(bad.ok ? null : bad.error.code).toBe('invalid_option');
  });
});

describe('sweet16 review: bad input', () => {
  it('parseAction rejects malformed text with malformed_action', () => {
    for (const text of [
      '',
      'flip',
      'flip B3 C3',
      'flip 3B',
      'joker',
      'joker x',
      'joker 100',
      'joker -1',
      'steal',
      'steal 7X',
      'steal D7',
      'tryst',
      'tryst A1 Z9',
      'stop now',
      'skip 1',
      'dance',
    ]) {
      const r = sweet16.parseAction(text);
      expect(r.ok ? text : r.error.code, text).toBe('malformed_action');
    }
  });

  it('malformed and out-of-place JSON actions get stable codes and never change the state', () => {
    const s = setupWith(2, { A1: 'X1', B1: '5C' });
    act(s, 0, 'flip A1');
    const before = JSON.stringify(sweet16.serialize(s));
    const cases: [unknown, string][] = [
      [null, 'malformed_action'],
      [[], 'malformed_action'],
      ['joker 5', 'malformed_action'],
      [{ type: 7 }, 'malformed_action'],
      [{ type: 'dance' }, 'malformed_action'],
      [{ type: 'joker', value: '5' }, 'malformed_action'],
      [{ type: 'steal' }, 'malformed_action'],
      [{ type: 'steal', card: 'ZZ' }, 'malformed_action'],
      [{ type: 'tryst', cells: 'A1' }, 'malformed_action'],
      [{ type: 'tryst', cells: [1, 2] }, 'malformed_action'],
      [{ type: 'look' }, 'malformed_action'],
      [{ type: 'flip', pos: 'J1' }, 'bad_position'],
      [{ type: 'flip', pos: 'A7' }, 'bad_position'],
      [{ type: 'joker', value: Number.NaN }, 'bad_joker_value'],
      [{ type: 'joker', value: 0 }, 'bad_joker_value'],
      [{ type: 'flip', pos: 'B1' }, 'wrong_phase'],
      [{ type: 'look', pos: 'B1' }, 'wrong_phase'],
      [{ type: 'steal', card: '7D' }, 'wrong_phase'],
      [{ type: 'pass' }, 'not_in_mode'],
      [{ type: 'take', pos: 'B1' }, 'not_in_mode'],
    ];
    for (const [action, code] of cases) {
      const e = sweet16.applyInPlace(s, 0, action);
      expect(e?.code, JSON.stringify(action)).toBe(code);
      expect(typeof e?.message).toBe('string');
      expect(JSON.stringify(sweet16.serialize(s))).toBe(before);
    }
    expect(sweet16.applyInPlace(s, 1, { type: 'joker', value: 5 })?.code).toBe('not_your_turn');
    expect(sweet16.applyInPlace(s, -1, { type: 'joker', value: 5 })?.code).toBe('invalid_seat');
    expect(JSON.stringify(sweet16.serialize(s))).toBe(before);
    for (const junk of [null, {}, { game: 'sweet16', version: 99 }, { ...JSON.parse(before), cells: [1] }]) {
      const r = sweet16.deserialize(junk);
      expect(r.ok ? null : r.error.code).toBe('invalid_state');
    }
    // Flipping a face-up card, or a hole.
    act(s, 0, 'joker 3');
    reject(s, 0, 'flip A1', 'not_face_down');
    const d = duelOnly({ A1: '10C', B1: '6D' });
    reject(d, 0, 'flip A1', 'not_in_mode');
    reject(d, 0, 'take A1', 'wrong_phase');
    reject(d, 0, 'tryst A1 H1', 'bad_position');
  });
});
