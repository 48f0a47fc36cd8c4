import { describe, expect, it } from 'vitest';
import type { Sweet16State, Sweet16View } from '@matchbox/engine';
import { sweet16 } from '@matchbox/engine';
import type { BotLevel } from '../src/index.ts';
import { createBot } from '../src/index.ts';
import { Memory, planFlip, DEFAULT_MODEL } from '../src/games/sweet16/sweet16.ts';
import { Rng } from '@matchbox/engine';
import { choice, scripted } from './helpers.ts';

const levels: BotLevel[] = ['medium', 'hard', 'expert'];

describe('Sweet16 blunder suite (every level from medium up)', () => {
  for (const level of levels) {
    it(`S16-4: a Joker after a 9 is declared 7, a tryst (${level})`, () => {
      const s = scripted(sweet16, { players: 2, seed: 'b', deck: ['9C', 'X1'] }, [
        [0, 'flip A1'],
        [0, 'flip B1'],
      ]) as Sweet16State;
      expect(choice(sweet16, createBot('sweet16', level, 'b'), s, 0)).toBe('joker 7');
    });

    it(`S16-6: the Joker is not the card put back (everyone would know it) (${level})`, () => {
      const s = scripted(sweet16, { players: 2, seed: 'b', deck: ['9C', 'X1'] }, [
        [0, 'flip A1'],
        [0, 'flip B1'],
        [0, 'joker 7'],
      ]) as Sweet16State;
      expect(choice(sweet16, createBot('sweet16', level, 'b'), s, 0)).not.toBe('back B1');
    });

    it(`S16-2: on 15 with two cards it stops rather than flip into a likely bust (${level})`, () => {
      const s = scripted(sweet16, { players: 2, seed: 'b', deck: ['8C', '7C'] }, [
        [0, 'flip A1'],
        [0, 'flip B1'],
      ]) as Sweet16State;
      expect(choice(sweet16, createBot('sweet16', level, 'b'), s, 0)).toBe('stop');
    });

    it(`S16-9: it remembers a 7 it saw flipped and hidden again, and flips it onto its 9 (${level})`, () => {
      const bot = createBot('sweet16', level, 'b');
      // Seat 0 flips B1 (7D) and C1 (KS): 20, lose face; both turn face down again.
      const s = scripted(
        sweet16,
        { players: 2, seed: 'b', deck: ['9C', '7D', 'KS', 'KH'] },
        [
          [0, 'flip B1'],
          [0, 'flip C1'],
          [1, 'flip A1'],
        ],
        [[bot, 1]],
      ) as Sweet16State;
      expect(sweet16.view(s, 1).grid).toBeDefined();
      expect(choice(sweet16, bot, s, 1)).toBe('flip B1');
    });
  }
});

describe('Sweet16 memory and odds', () => {
  it('S16-9: a memory of limited capacity forgets the oldest positions', () => {
    const m = new Memory(2, 1, Rng.fromSeed('m'));
    const grid = [['AC', 'KS', '?']];
    // Only the fields a memory reads: a 3 x 1 grid seen twice.
    const seen = (g: string[][]) => ({ mode: 'base', cols: 3, grid: g, peeks: {} }) as unknown as Sweet16View;
    m.observe(seen(grid));
    m.observe(seen([['?', '?', '5D']]));
    expect([...m.known.keys()]).toEqual(['B1', 'C1']);
  });

  it('S16-X11: a new grid wipes the memory of the old one (other cards lie there now)', () => {
    const m = new Memory(10, 1, Rng.fromSeed('m'));
    const seen = (g: string[][], gridNumber: number) =>
      ({ mode: 'base', cols: 3, grid: g, peeks: {}, gridNumber, grids: 2 }) as unknown as Sweet16View;
    m.observe(seen([['AC', 'KS', '?']], 1));
    m.observe(seen([['?', '?', '?']], 1));
    expect([...m.known.keys()]).toEqual(['A1', 'B1']);
    m.observe(seen([['?', '?', '?']], 2));
    expect(m.known.size).toBe(0);
    m.observe(seen([['?', '2H', '?']], 2));
    expect([...m.known.entries()]).toEqual([['B1', '2H']]);
  });

  it('S16-2: the exact odds prefer flipping a remembered 7 on 9 to anything else', () => {
    const pool = new Int32Array(14).fill(4);
    const known = new Int32Array(14);
    known[7] = 1;
    const plan = planFlip(9, 1, pool, known, 0, 40, 2, DEFAULT_MODEL, 0);
    expect(plan.choice).toEqual({ kind: 'known', value: 7 });
  });
});

describe('Sweet16 hints remember what the seat saw (S16-9)', () => {
  it('a hint shown the seat’s views so far can differ from one that saw nothing, and is the same for the same views', async () => {
    const { hint } = await import('../src/index.ts');
    const setup = sweet16.setup({ players: 2, seed: 'hint-memory', options: {} });
    if (!setup.ok) throw new Error(setup.error.message);
    const state = setup.value;
    const rng = Rng.fromSeed('hint-memory:moves');
    const seen: object[] = [sweet16.view(state, 0)];
    let differs = 0;
    for (let move = 0; move < 120 && sweet16.toAct(state).length > 0; move++) {
      const seat = sweet16.toAct(state)[0]!;
      const legal = sweet16.legalActions(state, seat);
      if (seat === 0 && legal.length > 1 && move % 3 === 0) {
        const options = { level: 'medium' as const, seed: `h${move}`, iterations: 200 };
        const remembering = hint(sweet16, { state }, 0, { ...options, observed: seen });
        expect(hint(sweet16, { state }, 0, { ...options, observed: seen }).text).toBe(remembering.text);
        if (hint(sweet16, { state }, 0, options).text !== remembering.text) differs++;
      }
      expect(sweet16.applyInPlace(state, seat, legal[rng.int(legal.length)]!)).toBeNull();
      seen.push(sweet16.view(state, 0));
    }
    expect(differs).toBeGreaterThan(0);
  });
});
