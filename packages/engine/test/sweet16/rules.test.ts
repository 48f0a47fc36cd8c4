import { describe, expect, it } from 'vitest';
import { Rng, sweet16 } from '../../src/index.ts';
import {
  act,
  cardIndex,
  cell,
  deckFor,
  edit,
  legal,
  posIndex,
  reject,
  setupWith,
  types,
  view,
} from './helpers.ts';

const PH_OVER = 10;

describe('sweet16 base game', () => {
  it('S16-1: 54 cards face down in a 9 x 6 grid, 2-5 players, stacked deck row by row', () => {
    const s = setupWith(3, { A1: 'KH', I6: 'X2', A2: '7C' });
    const v = view(s, null);
    expect(v.cols).toBe(9);
    expect(v.rows).toBe(6);
    expect((v.grid as unknown[][]).flat()).toEqual(new Array(54).fill('?'));
    expect(sweet16.cards(s)).toHaveLength(54);
    expect(s.cells[posIndex('A1')]).toBe(cardIndex('KH'));
    expect(s.cells[posIndex('A2')]).toBe(cardIndex('7C'));
    expect(s.cells[posIndex('I6')]).toBe(cardIndex('X2'));
    for (const players of [1, 6]) {
      const r = sweet16.setup({ players, seed: 'x' });
      expect(r.ok ? null : r.error.code).toBe('invalid_players');
    }
    const bad = sweet16.setup({ players: 2, seed: 'x', deck: ['KH', 'KH'] });
    expect(bad.ok ? null : bad.error.code).toBe('invalid_deck');
  });

  it('S16-1: a card keeps its position; removed cards leave holes', () => {
    const s = setupWith(2, { A1: '10H', B1: '6C' });
    act(s, 0, 'flip A1');
    act(s, 0, 'flip B1');
    act(s, 0, 'back B1');
    act(s, 0, 'skip');
    const v = view(s, null);
    expect(cell(v, 'A1')).toBeNull(); // scored: a hole
    expect(cell(v, 'B1')).toBe('?'); // put back in its own place
    expect(s.cells[posIndex('B1')]).toBe(cardIndex('6C'));
    reject(s, 1, 'flip A1', 'empty_position');
  });

  it('S16-2: lose face over 16: the cards turn face down and the turn passes', () => {
    const s = setupWith(3, { A1: 'KH', B1: '5C' });
    act(s, 0, 'flip A1');
    expect(cell(view(s, 1), 'A1')).toBe('KH');
    const events = act(s, 0, 'flip B1');
    expect(types(events)).toContain('lose_face');
    expect(s.toPlay).toBe(1);
    expect(cell(view(s, 1), 'A1')).toBe('?');
    expect(cell(view(s, 1), 'B1')).toBe('?');
    expect(view(s, null).flipped).toEqual([]);
  });

  it('S16-2: a tryst at exactly 16 is scored at once', () => {
    const s = setupWith(2, { A1: '10H', B1: '6C' });
    act(s, 0, 'flip A1');
    expect(legal(s)).not.toContain('stop'); // one card is no clique
    act(s, 0, 'flip B1');
    expect(view(s, 0).phase).toBe('back');
    expect(legal(s)).toEqual(['back A1', 'back B1']);
    reject(s, 0, 'flip C1', 'wrong_phase');
  });

  it('S16-2, S16-3: cliques must have 2+ cards and beat the clique on the table; one clique at a time', () => {
    const s = setupWith(2, { A1: '5C', B1: '4D', C1: '3S', D1: '4H', E1: '6S', G1: 'KS', H1: 'QS' });
    act(s, 0, 'flip A1');
    reject(s, 0, 'stop', 'cannot_stop');
    act(s, 0, 'flip B1');
    expect(legal(s)).toContain('stop');
    act(s, 0, 'stop');
    expect(view(s, 1).clique).toEqual({ owner: 0, cells: ['A1', 'B1'], total: 9 });
    expect(cell(view(s, 1), 'A1')).toBe('5C');
    expect(s.toPlay).toBe(1);
    act(s, 1, 'flip C1');
    act(s, 1, 'flip D1'); // 7: does not beat 9
    expect(legal(s, 1)).not.toContain('stop');
    reject(s, 1, 'stop', 'cannot_stop');
    act(s, 1, 'flip E1'); // 13
    act(s, 1, 'stop');
    const v = view(s, 0);
    expect(v.clique).toEqual({ owner: 1, cells: ['C1', 'D1', 'E1'], total: 13 });
    expect(cell(v, 'A1')).toBe('?'); // the old clique turned face down
    expect(cell(v, 'B1')).toBe('?');
    reject(s, 0, 'flip C1', 'not_face_down');
  });

  it('S16-2 step 1, S16-6: your own clique is scored at the start of your turn, then you flip', () => {
    const s = setupWith(2, {
      A1: '3S',
      B1: '4H',
      C1: '6S',
      G1: 'KS',
      H1: 'QS',
      D1: '9C',
      E1: '2D',
      F1: 'JC',
    });
    act(s, 0, 'flip A1');
    act(s, 0, 'flip B1');
    act(s, 0, 'flip C1');
    act(s, 0, 'stop'); // clique of 13
    act(s, 1, 'flip G1');
    act(s, 1, 'flip H1'); // 25: lose face
    expect(s.toPlay).toBe(0);
    expect(view(s, 0).phase).toBe('back');
    expect(view(s, 0).scoring).toMatchObject({ kind: 'clique', cells: ['A1', 'B1', 'C1'] });
    act(s, 0, 'back B1');
    expect(legal(s)).toEqual(['activate A1', 'activate C1', 'skip']);
    act(s, 0, 'activate C1'); // a spade
    act(s, 0, 'look D1');
    act(s, 0, 'look E1');
    act(s, 0, 'look F1');
    expect(s.pileCount[0]).toBe(2); // 3S banked and the activated 6S
    expect(view(s, 0).phase).toBe('flip'); // the turn goes on
    expect(view(s, 0).clique).toBeNull();
    expect(s.toPlay).toBe(0);
  });

  it('S16-4: a flipped Joker is declared at once; the value is forgotten face down', () => {
    const s = setupWith(2, { A1: 'X1', B1: 'KH', C1: 'X2', D1: '7C' });
    act(s, 0, 'flip A1');
    expect(legal(s)).toEqual(Array.from({ length: 13 }, (_, i) => `joker ${i + 1}`));
    reject(s, 0, 'flip B1', 'wrong_phase');
    reject(s, 0, 'joker 14', 'bad_joker_value');
    reject(s, 0, 'joker 0', 'bad_joker_value');
    act(s, 0, 'joker 13'); // any value, even one that will lose face
    expect(view(s, 1).jokers).toEqual({ A1: 13 });
    expect(view(s, 1).total).toBe(13);
    act(s, 0, 'flip B1'); // 26: lose face
    expect(view(s, 1).jokers).toEqual({});
    expect(s.jokerValue[0]).toBe(0);
    act(s, 1, 'flip A1');
    expect(view(s, 1).phase).toBe('joker'); // declared again
  });

  it('S16-4, S16-5: a Joker counts its declared value and is never activated', () => {
    const s = setupWith(2, { A1: 'X1', B1: '6C', C1: '7D' });
    act(s, 0, 'flip A1');
    act(s, 0, 'joker 3');
    act(s, 0, 'flip B1');
    act(s, 0, 'flip C1'); // 3 + 6 + 7 = 16
    expect(view(s, 0).phase).toBe('back');
    act(s, 0, 'back B1');
    expect(legal(s)).toEqual(['activate C1', 'skip']);
    reject(s, 0, 'activate A1', 'joker_not_activatable');
  });

  it('S16-5: ace 1, jack 11, queen 12, king 13', () => {
    for (const [a, b] of [
      ['AH', '5C'],
      ['JS', '5D'],
      ['QS', '4C'],
      ['KD', '3C'],
    ] as const) {
      const s = setupWith(2, { A1: a, B1: b, C1: '10S' });
      act(s, 0, 'flip A1');
      act(s, 0, 'flip B1');
      if (a === 'AH') {
        expect(view(s, 0).total).toBe(6);
        act(s, 0, 'flip C1');
      }
      expect(view(s, 0).phase).toBe('back'); // exactly 16
    }
  });

  it('S16-6: put one back, everyone knows which; the rest go to the pile', () => {
    const s = setupWith(2, { A1: '9C', B1: '5S', C1: '2D' }, { memoryAid: true });
    act(s, 0, 'flip A1');
    act(s, 0, 'flip B1');
    act(s, 0, 'flip C1');
    const events = act(s, 0, 'back B1');
    expect(events.find((e) => e.all?.type === 'put_back')).toEqual({
      all: { type: 'put_back', seat: 0, pos: 'B1', card: '5S' },
    }); // the card was face up: nothing is revealed
    act(s, 0, 'skip');
    expect(s.pileCount[0]).toBe(2);
    expect(view(s, 0).piles).toEqual([2, 0]);
    expect(view(s, 1).memory).toMatchObject({ B1: { card: '5S' } }); // the opponent remembers it too
  });

  it('S16-6: diamond goes face up beside the pile, worth 3', () => {
    const s = setupWith(2, { A1: '9D', B1: '7C' });
    act(s, 0, 'flip A1');
    act(s, 0, 'flip B1');
    act(s, 0, 'back B1');
    act(s, 0, 'activate A1');
    expect(view(s, 1).diamonds).toEqual([['9D'], []]);
    expect(view(s, 1).scores).toEqual([3, 0]);
  });

  it("S16-6: club steals an opponent's face-up diamond of no higher value, optionally", () => {
    const cards = { A1: '9D', B1: '7C', C1: '10C', D1: '6H', E1: '8C', F1: '8H' };
    const s = setupWith(2, cards);
    act(s, 0, 'flip A1');
    act(s, 0, 'flip B1');
    act(s, 0, 'back B1');
    act(s, 0, 'activate A1');
    act(s, 1, 'flip C1');
    act(s, 1, 'flip D1');
    act(s, 1, 'back D1');
    act(s, 1, 'activate C1');
    expect(legal(s, 1)).toEqual(['steal 9D', 'skip']);
    reject(s, 1, 'steal 8D', 'not_stealable');
    act(s, 1, 'steal 9D');
    expect(view(s, 0).diamonds).toEqual([[], []]);
    expect(s.pileCount[1]).toBe(2);
    expect(view(s, 0).scores).toEqual([0, 2]);
    // A club lower than every opposing diamond steals nothing and just goes to the pile.
    const t = setupWith(2, cards);
    act(t, 0, 'flip A1');
    act(t, 0, 'flip B1');
    act(t, 0, 'back B1');
    act(t, 0, 'activate A1');
    act(t, 1, 'flip E1');
    act(t, 1, 'flip F1');
    act(t, 1, 'back F1');
    act(t, 1, 'activate E1'); // 8C < 9D
    expect(t.toPlay).toBe(0);
    expect(t.pileCount[1]).toBe(1);
    expect(view(t, 1).diamonds).toEqual([['9D'], []]);
  });

  it('S16-6, S16-9: heart chain: hearts are revealed and collected, the first non-heart goes back', () => {
    const s = setupWith(2, { A1: '10H', B1: '6C', C1: '2H', D1: '3H', E1: '5S' });
    act(s, 0, 'flip A1');
    act(s, 0, 'flip B1');
    act(s, 0, 'back B1');
    act(s, 0, 'activate A1');
    expect(view(s, 0).phase).toBe('heart');
    const e1 = act(s, 0, 'look C1');
    expect(e1.find((e) => e.all?.type === 'heart_found')).toEqual({
      all: { type: 'heart_found', seat: 0, pos: 'C1', card: '2H' },
      reveals: true,
    });
    act(s, 0, 'look D1');
    expect(view(s, 0).phase).toBe('heart');
    const e3 = act(s, 0, 'look E1');
    // One event: everybody sees where seat 0 looked; seat 0 alone also sees the card.
    expect(e3.filter((e) => e.all?.type === 'look')).toEqual([
      {
        all: { type: 'look', seat: 0, pos: 'E1', power: 'heart' },
        seats: { 0: { type: 'look', seat: 0, pos: 'E1', power: 'heart', card: '5S' } },
        reveals: true,
      },
    ]);
    expect(s.pileCount[0]).toBe(3); // 10H, 2H, 3H
    expect(cell(view(s, 1), 'C1')).toBeNull();
    expect(cell(view(s, 1), 'E1')).toBe('?');
    expect(view(s, 1).notHeart).toEqual(['E1']);
    expect(s.toPlay).toBe(1);
  });

  it('S16-6, S16-X5: spade looks at three different face-down cards, privately', () => {
    const s = setupWith(2, { A1: '10S', B1: '6C', C1: 'KD', D1: '2C', E1: '5H' });
    act(s, 0, 'flip A1');
    act(s, 0, 'flip B1');
    act(s, 0, 'back B1');
    act(s, 0, 'activate A1');
    expect(view(s, 0).phase).toBe('spade');
    act(s, 0, 'look C1');
    expect(view(s, 0).peeks).toEqual({ C1: 'KD' });
    expect(view(s, 1).peeks).toEqual({});
    expect(JSON.stringify(view(s, 1))).not.toContain('KD');
    expect(sweet16.hiddenCards(s, 1)).toContain('KD');
    expect(sweet16.hiddenCards(s, 0)).not.toContain('KD');
    reject(s, 0, 'look C1', 'already_looked');
    reject(s, 0, 'look A1', 'empty_position');
    expect(legal(s)).not.toContain('look C1');
    act(s, 0, 'look D1');
    act(s, 0, 'look E1');
    expect(s.toPlay).toBe(1);
    expect(s.pileCount[0]).toBe(1);
    expect(view(s, 0).peeks).toEqual({}); // the look is over; memory aid off: it is not shown
  });

  /** Keeps only the given positions in the grid; every other card goes to seat 0's pile. */
  function keepOnly(cards: Record<string, string>, players = 2, options = {}) {
    const s0 = setupWith(players, cards, options);
    const keep = new Set(Object.keys(cards).map((p) => posIndex(p)));
    return edit(s0, (j) => {
      const cells = j.cells as number[];
      const place = j.place as number[];
      for (let p = 0; p < cells.length; p++) {
        if (keep.has(p)) continue;
        place[cells[p]!] = 64;
        cells[p] = -1;
      }
    });
  }

  const HIGH = ['KC', 'KD', 'KH', 'KS', 'QC', 'QD', 'QH', 'QS', 'JC', 'JD', 'JH', 'JS', '10C', '10D'];
  const highCells = (n: number, from = 2): Record<string, string> =>
    Object.fromEntries(
      HIGH.slice(0, n).map((c, i) => [
        String.fromCharCode(65 + ((i + from) % 9)) + String(1 + Math.floor((i + from) / 9)),
        c,
      ]),
    );

  it('S16-7: the game ends after a scored turn leaving fewer than 13 cards in the grid', () => {
    const s = keepOnly({ A1: '8C', B1: '8D', ...highCells(10), I2: '2C' }); // 13 cards
    expect(view(s, 0).inGrid).toBe(13);
    act(s, 0, 'flip A1');
    act(s, 0, 'flip B1');
    act(s, 0, 'back A1');
    const events = act(s, 0, 'skip');
    expect(view(s, 0).inGrid).toBe(12);
    expect(sweet16.isOver(s)).toBe(true);
    expect(events.at(-1)).toEqual({
      all: { type: 'game_over', scores: [41 + 1, 0], winners: [0] }, // keepOnly piled 41 cards for seat 0
    });
    // A turn without scoring does not end the game, however small the grid.
    const t = keepOnly({ A1: '8C', B1: 'QD', ...highCells(5), I2: '2C' });
    act(t, 0, 'flip A1');
    act(t, 0, 'flip B1'); // lose face
    expect(sweet16.isOver(t)).toBe(false);
  });

  it('S16-7: the game ends when no two grid cards total 16 or less (a Joker counts 1)', () => {
    const s = keepOnly({ A1: '8C', B1: '8D', ...highCells(12) }); // 14 cards
    act(s, 0, 'flip A1');
    act(s, 0, 'flip B1');
    act(s, 0, 'back A1'); // 8C + 12 high cards: no pair totals 16 or less
    act(s, 0, 'skip');
    expect(view(s, 0).inGrid).toBe(13);
    expect(sweet16.isOver(s)).toBe(true);
    // With a Joker left, 13 cards go on: the Joker plus any card can still make 16.
    const t = keepOnly({ A1: '8C', B1: '8D', ...highCells(11), I2: 'X1' });
    act(t, 0, 'flip A1');
    act(t, 0, 'flip B1');
    act(t, 0, 'back A1');
    act(t, 0, 'skip');
    expect(sweet16.isOver(t)).toBe(false);
  });

  it('S16-8: 1 per pile card, 3 per diamond; ties go to the earliest seat in turn order', () => {
    const s0 = setupWith(3, {});
    const over = (piles: number[], diamondsOf: number[]) =>
      edit(s0, (j) => {
        const cells = j.cells as number[];
        const place = j.place as number[];
        let p = 0;
        const take = (where: number) => {
          while (cells[p] === -1 || (where >= 72 && Math.floor(cells[p]! / 13) !== 1)) p++;
          place[cells[p]!] = where;
          cells[p] = -1;
          p = 0;
        };
        piles.forEach((n, seat) => {
          for (let i = 0; i < n; i++) take(64 + seat);
        });
        diamondsOf.forEach((n, seat) => {
          for (let i = 0; i < n; i++) take(72 + seat);
        });
        (j.up as number[]).fill(0);
        j.phase = PH_OVER;
      });
    const a = over([4, 4, 1], [0, 0, 1]);
    expect(sweet16.result(a)).toEqual({ scores: [4, 4, 4], ranks: [1, 2, 3], winners: [0] });
    const b = over([2, 5, 3], [1, 0, 0]);
    expect(sweet16.result(b)).toEqual({ scores: [5, 5, 3], ranks: [1, 2, 3], winners: [0] });
    const c = over([2, 6, 3], [1, 0, 0]);
    expect(sweet16.result(c)!.winners).toEqual([1]);
  });

  it('S16-9, S16-X4: views show only face-up cards unless the memory aid is on', () => {
    for (const memoryAid of [false, true]) {
      const s = setupWith(2, { A1: 'KH', B1: '5C' }, { memoryAid });
      act(s, 0, 'flip A1');
      act(s, 0, 'flip B1'); // lose face: both seen by both seats
      for (const seat of [0, 1]) {
        const v = view(s, seat);
        expect(cell(v, 'A1')).toBe('?');
        if (memoryAid)
          expect(v.memory).toMatchObject({ A1: { card: 'KH', turn: 1 }, B1: { card: '5C', turn: 1 } });
        else expect(v.memory).toBeUndefined();
      }
      expect(view(s, null).memory).toBeUndefined();
      // Everybody saw both flips, spectators too: the cards are theirs to remember (hiddenCards
      // is what a viewer cannot know), whether or not the view helps them with the aid.
      for (const viewer of [0, 1, null]) {
        expect(sweet16.hiddenCards(s, viewer)).not.toContain('KH');
        expect(sweet16.hiddenCards(s, viewer)).toContain('QS'); // never shown
        expect(JSON.stringify(view(s, viewer).grid)).not.toContain('KH');
      }
    }
  });

  it('S16-9: determinize keeps what the seat saw and the not-a-heart inference, and redeals the rest', () => {
    const s = setupWith(2, { A1: '10H', B1: '6C', C1: '5S', D1: '9C', E1: 'KD' });
    act(s, 0, 'flip A1');
    act(s, 0, 'flip B1');
    act(s, 0, 'back B1');
    act(s, 0, 'activate A1');
    act(s, 0, 'look C1'); // not a heart: seat 0 knows 5S, seat 1 knows "not a heart"
    act(s, 1, 'flip D1');
    act(s, 1, 'flip E1'); // 22: lose face, seen by both
    const rng = Rng.fromSeed('det');
    let moved = 0;
    for (let k = 0; k < 200; k++) {
      const d1 = sweet16.determinize(s, 1, rng);
      expect(sweet16.verify(d1)).toBeNull();
      const c1 = d1.cells[posIndex('C1')]!;
      expect(Math.floor(c1 / 13)).not.toBe(2); // never a heart
      expect(d1.cells[posIndex('B1')]).toBe(cardIndex('6C')); // the put-back card, seen by all
      expect(d1.cells[posIndex('D1')]).toBe(cardIndex('9C'));
      if (c1 !== cardIndex('5S')) moved++;
      const d0 = sweet16.determinize(s, 0, rng);
      expect(d0.cells[posIndex('C1')]).toBe(cardIndex('5S')); // the looker's own sighting stays
      expect(JSON.stringify(sweet16.view(d0, 0))).toBe(JSON.stringify(sweet16.view(s, 0)));
    }
    expect(moved).toBeGreaterThan(150);
  });

  it('S16-2, S16-X8: nothing left to flip counts as losing face; with a clique allowed, stop is the only choice', () => {
    const s = keepOnly({ A1: '3C', B1: '4C' });
    act(s, 0, 'flip A1');
    act(s, 0, 'flip B1');
    expect(legal(s)).toEqual(['stop']); // the last face-down card is gone
    act(s, 0, 'stop');
    // Seat 1 has nothing to flip: its turn passes at once, and seat 0 scores its clique.
    expect(s.toPlay).toBe(0);
    expect(view(s, 0).turn).toBe(3);
    expect(view(s, 0).phase).toBe('back');
    act(s, 0, 'back A1');
    act(s, 0, 'skip');
    expect(legal(s)).toEqual(['flip A1']);
    act(s, 0, 'flip A1'); // 3, and nothing more to flip: lose face; a set was scored and 1 card is left
    expect(sweet16.isOver(s)).toBe(true);
  });

  it('S16-X3: the turn limit ends the game', () => {
    const s = setupWith(2, { A1: 'KH', B1: 'KC', C1: 'KD', D1: 'KS' }, { turnLimit: 2 });
    act(s, 0, 'flip A1');
    act(s, 0, 'flip B1');
    act(s, 1, 'flip C1');
    act(s, 1, 'flip D1');
    expect(sweet16.isOver(s)).toBe(true);
    expect(sweet16.maxActions(s)).toBeGreaterThan(2 * 40);
  });

  it('rejects bad input with stable codes and leaves the state alone', () => {
    const s = setupWith(2, {});
    for (const junk of [
      null,
      3,
      'flip A1',
      {},
      { type: 'flip' },
      { type: 'flip', pos: 5 },
      { type: 'joker' },
    ]) {
      expect(sweet16.applyInPlace(s, 0, junk)?.code).toBe('malformed_action');
    }
    reject(s, 1, 'flip A1', 'not_your_turn');
    reject(s, 0, 'flip A7', 'bad_position');
    reject(s, 0, 'pass', 'not_in_mode');
    reject(s, 0, 'tryst A1 B1', 'not_in_mode');
    expect(sweet16.applyInPlace(s, 7, { type: 'stop' })?.code).toBe('invalid_seat');
  });

  it('formats and parses actions, and replays from a stacked deck', () => {
    for (const text of [
      'flip B3',
      'joker 7',
      'stop',
      'back I6',
      'activate A1',
      'skip',
      'steal 10D',
      'look C2',
    ]) {
      const p = sweet16.parseAction(text);
      expect(p.ok && sweet16.formatAction(p.value)).toBe(text);
    }
    const t = sweet16.parseAction('tryst G3 A3');
    expect(t.ok && sweet16.formatAction(t.value)).toBe('tryst A3 G3');
    expect(sweet16.parseAction('steal 1D').ok).toBe(true);
    expect(sweet16.parseAction('flip J1').ok).toBe(false);
    const deck = deckFor({ A1: 'QS' });
    const a = sweet16.setup({ players: 2, seed: 'one', deck });
    const b = sweet16.setup({ players: 2, seed: 'two', deck });
    expect(a.ok && b.ok && JSON.stringify(sweet16.view(a.value, 0))).toBe(
      a.ok && b.ok && JSON.stringify(sweet16.view(b.value, 0)),
    );
  });
});
