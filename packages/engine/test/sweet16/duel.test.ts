import { describe, expect, it } from 'vitest';
import { Rng, sweet16 } from '../../src/index.ts';
import { act, cell, deckFor, edit, legal, posIndex, reject, setupWith, view } from './helpers.ts';

const DUEL = { mode: 'duel' } as const;

/** A duel state holding only the given cards in the grid (the rest go to seat 1's pile). */
function duelWithOnly(cards: Record<string, string>) {
  const s0 = setupWith(2, cards, DUEL);
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

describe('sweet16 duel (S16-10, experimental)', () => {
  it('S16-10, S16-X1: 52 cards without Jokers, 49 face up in a 7 x 7 grid, 3 out of play; exactly 2 players', () => {
    const s = setupWith(2, { A1: 'KH', G7: '2C' }, DUEL);
    const v = view(s, 0);
    expect(v.cols).toBe(7);
    expect(v.rows).toBe(7);
    expect(cell(v, 'A1')).toBe('KH');
    expect(cell(v, 'G7')).toBe('2C');
    expect((v.grid as unknown[][]).flat()).not.toContain('?');
    expect(sweet16.cards(s)).toHaveLength(52);
    expect(sweet16.cards(s)).not.toContain('X1');
    expect(sweet16.hiddenCards(s, 0)).toHaveLength(3); // the three left over, unseen by all
    expect(sweet16.hiddenCards(s, null)).toEqual(sweet16.hiddenCards(s, 1));
    for (const players of [3, 4]) {
      const r = sweet16.setup({ players, seed: 'x', options: DUEL });
      expect(r.ok ? null : r.error.code).toBe('invalid_players');
    }
    const joker = sweet16.setup({ players: 2, seed: 'x', options: DUEL, deck: ['X1'] });
    expect(joker.ok ? null : joker.error.code).toBe('invalid_deck');
    const meta = sweet16.meta.options.find((o) => o.name === 'mode')!;
    expect(meta.description).toMatch(/EXPERIMENTAL/);
  });

  it('S16-10: seat 0 scores along rows, seat 1 along columns; 2+ cards totalling exactly 16', () => {
    const s = setupWith(2, { A1: '10C', C1: '6D', A2: '6H', A3: '10D' }, DUEL);
    reject(s, 0, 'tryst A1 A3', 'not_your_line');
    reject(s, 0, 'tryst A1 B1', 'not_sixteen'); // B1 holds the ace of clubs: 11
    reject(s, 0, 'tryst A1', 'too_few_cards');
    reject(s, 0, 'pass', 'tryst_available');
    reject(s, 0, 'flip A1', 'not_in_mode');
    expect(legal(s)).toContain('tryst A1 C1');
    expect(legal(s)).not.toContain('tryst A2 A3');
    act(s, 0, 'tryst A1 C1');
    expect(legal(s)).toEqual(['activate A1', 'activate C1', 'skip']);
    act(s, 0, 'activate C1'); // diamond: face up, worth 3
    expect(view(s, 1).diamonds).toEqual([['6D'], []]);
    expect(view(s, 1).scores).toEqual([4, 0]);
    expect(cell(view(s, 1), 'A1')).toBeNull();
    expect(s.toPlay).toBe(1);
    expect(legal(s, 1)).toContain('tryst A2 A3');
    reject(s, 1, 'tryst A2 B2', 'not_your_line');
  });

  it('S16-10, S16-X7: heart scores one more heart from anywhere in the grid (compulsory)', () => {
    const s = setupWith(2, { A1: '10C', C1: '6D', A2: '6H', A3: '10D', G7: 'KH' }, DUEL);
    act(s, 0, 'tryst A1 C1');
    act(s, 0, 'skip');
    expect(s.pileCount[0]).toBe(2);
    act(s, 1, 'tryst A2 A3');
    act(s, 1, 'activate A2');
    expect(view(s, 1).phase).toBe('take');
    const options = legal(s, 1);
    expect(options).toContain('take G7');
    expect(options.every((o) => o.startsWith('take '))).toBe(true);
    reject(s, 1, 'skip', 'wrong_phase');
    reject(s, 1, 'take B1', 'not_a_heart');
    act(s, 1, 'take G7');
    expect(s.pileCount[1]).toBe(3);
    expect(cell(view(s, 0), 'G7')).toBeNull();
  });

  it("S16-10: club takes the opponent's diamond of at most its value; spade buries two grid cards", () => {
    const s = setupWith(2, { A1: '10C', C1: '6D', B2: '9C', B3: '7S', A4: '10S', C4: '6C' }, DUEL);
    act(s, 0, 'tryst A1 C1');
    act(s, 0, 'activate C1');
    act(s, 1, 'tryst B2 B3');
    act(s, 1, 'activate B2');
    expect(legal(s, 1)).toEqual(['steal 6D', 'skip']);
    act(s, 1, 'steal 6D');
    expect(view(s, 0).diamonds).toEqual([[], []]);
    expect(s.pileCount[1]).toBe(3);
    act(s, 0, 'tryst A4 C4');
    act(s, 0, 'activate A4');
    expect(view(s, 0).phase).toBe('bury');
    act(s, 0, 'bury G7');
    reject(s, 0, 'bury G7', 'empty_position');
    act(s, 0, 'bury F7');
    expect(view(s, 1).buried).toHaveLength(2);
    expect(s.pileCount[0]).toBe(3); // 10C, 6C and the spade
    expect(s.toPlay).toBe(1);
  });

  it('S16-10: a player without a tryst passes; two passes in a row end the game', () => {
    const s = duelWithOnly({ A1: 'KC', B1: 'KD', A2: '5C' });
    expect(legal(s, 0)).toEqual(['pass']);
    reject(s, 0, 'tryst A1 B1', 'not_sixteen');
    act(s, 0, 'pass');
    expect(sweet16.isOver(s)).toBe(false);
    expect(legal(s, 1)).toEqual(['pass']);
    act(s, 1, 'pass');
    expect(sweet16.isOver(s)).toBe(true);
    expect(sweet16.result(s)!.winners).toEqual([1]); // seat 1 holds the removed cards in its pile
  });

  it('S16-10: determinize changes nothing the duel shows', () => {
    const s = setupWith(2, {}, DUEL);
    const d = sweet16.determinize(s, 0, Rng.fromSeed('d'));
    expect(JSON.stringify(sweet16.view(d, 0))).toBe(JSON.stringify(sweet16.view(s, 0)));
    expect(deckFor({}, 'duel')).toHaveLength(52);
  });
});
