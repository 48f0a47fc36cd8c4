import { describe, expect, it } from 'vitest';
import type { Sweet16State } from '@matchbox/engine';
import { Rng, sweet16 } from '@matchbox/engine';
import type { BotLevel } from '../src/index.ts';
import { createBot, createBotFromSpec, parseBotSpec } from '../src/index.ts';
import type { DuelMove } from '../src/games/sweet16/sweet16-duel.ts';
import {
  KIND_CLUB,
  KIND_HEART,
  KIND_NONE,
  applyMove,
  duelMoves,
  duelPosFromView,
  trysts,
} from '../src/games/sweet16/sweet16-duel.ts';
import { choice, scripted } from './helpers.ts';

const DUEL = { mode: 'duel' } as const;
const posName = (p: number): string => `${String.fromCharCode(65 + (p % 7))}${((p / 7) | 0) + 1}`;

/** Positions from a seeded random duel, with the seat to play at the start of its turn. */
function turnStarts(seed: string, count: number): Array<{ state: Sweet16State; seat: number }> {
  const setup = sweet16.setup({ players: 2, seed, options: DUEL });
  if (!setup.ok) throw new Error(setup.error.message);
  const s = setup.value;
  const rng = Rng.fromSeed(seed);
  const out: Array<{ state: Sweet16State; seat: number }> = [];
  while (!sweet16.isOver(s) && out.length < count) {
    const seat = sweet16.toAct(s)[0]!;
    if (sweet16.view(s, seat).phase === 'tryst') out.push({ state: sweet16.clone(s), seat });
    const legal = sweet16.legalActions(s, seat);
    const e = sweet16.applyInPlace(s, seat, legal[rng.int(legal.length)]!);
    if (e) throw new Error(e.message);
  }
  return out;
}

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

/** The engine actions of one whole turn of the bots' model. */
function turnActions(m: DuelMove): string[] {
  if (m.cells.length === 0) return ['pass'];
  const out = [`tryst ${m.cells.map(posName).join(' ')}`];
  if (m.kind === KIND_NONE) return [...out, 'skip'];
  out.push(`activate ${posName(m.active)}`);
  if (m.kind === KIND_CLUB) out.push(`steal ${RANKS[m.steal - 1]}D`);
  for (const p of m.extra) out.push(`${m.kind === KIND_HEART ? 'take' : 'bury'} ${posName(p)}`);
  return out;
}

describe("the duel bots' model of S16-10", () => {
  it('finds exactly the trysts the engine allows, for both seats', () => {
    for (const { state, seat } of turnStarts('model', 12)) {
      const pos = duelPosFromView(sweet16.view(state, seat));
      const engine = sweet16
        .legalActions(state, seat)
        .map((a) => sweet16.formatAction(a))
        .filter((t) => t.startsWith('tryst'))
        .map((t) => t.split(' ').slice(1).sort().join(' '))
        .sort();
      const mine = trysts(pos, seat)
        .map((t) => t.map(posName).sort().join(' '))
        .sort();
      expect(mine).toEqual(engine);
    }
  });

  it('scores every whole turn as the engine does (scores, diamonds, grid; S16-8, S16-X9)', () => {
    let checked = 0;
    const kinds = new Set<number>();
    const starts = [0, 1, 2, 3, 4, 5].flatMap((k) => turnStarts(`apply${k}`, 40));
    for (const { state, seat } of starts) {
      const view = sweet16.view(state, seat);
      const pos = duelPosFromView(view);
      for (const m of duelMoves(pos, seat)) {
        const after = applyMove(pos, seat, m);
        const s = sweet16.clone(state);
        for (const text of turnActions(m)) {
          const a = sweet16.parseAction(text);
          if (!a.ok) throw new Error(`${text}: ${a.error.message}`);
          const e = sweet16.applyInPlace(s, seat, a.value);
          if (e) throw new Error(`${text}: ${e.message}`);
        }
        const got = duelPosFromView(sweet16.view(s, seat));
        expect(Array.from(got.score)).toEqual(Array.from(after.score));
        expect(Array.from(got.diamonds)).toEqual(Array.from(after.diamonds));
        expect(Array.from(got.cells)).toEqual(Array.from(after.cells));
        checked++;
        kinds.add(m.kind);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(kinds.size).toBe(5); // none, diamond, club (a steal), heart, spade: each was checked
  });
});

// Row-major from A1: seat 0 scores 10S 6S in row 2 (no activation); seat 1 scores 5D JH in
// column C and puts the 5D out as a diamond; seat 0 then holds 8C 8D in row 7.
const STEAL_DECK = [
  '9D',
  '4H',
  '6D',
  '2C',
  'KD',
  '5S',
  '5H',
  '10S',
  '6S',
  '6H',
  'JD',
  '8H',
  'AC',
  'JS',
  '4S',
  'QC',
  '10C',
  '7C',
  'QH',
  '3S',
  'AH',
  'KS',
  '3C',
  '5D',
  '7H',
  '10H',
  '9H',
  '2H',
  'AS',
  '7D',
  '10D',
  '2D',
  '8S',
  'QD',
  '2S',
  '9C',
  '9S',
  'JH',
  'JC',
  '6C',
  '3H',
  '7S',
  '8C',
  '8D',
  'KC',
  '4D',
  'AD',
  'KH',
  '5C',
];
const STEAL_MOVES: ReadonlyArray<[number, string]> = [
  [0, 'tryst A2 B2'],
  [0, 'skip'],
  [1, 'tryst C4 C6'],
  [1, 'activate C4'],
  [0, 'tryst A7 B7'],
];

describe('Sweet16 duel blunder suite (S16-10)', () => {
  const levels: BotLevel[] = ['medium', 'hard', 'expert'];
  const stealState = () =>
    scripted(
      sweet16,
      { players: 2, seed: 'duel', deck: STEAL_DECK, options: DUEL },
      STEAL_MOVES,
    ) as Sweet16State;

  it('the position: seat 1 has the 5D out, seat 0 is scoring 8C 8D', () => {
    const s = stealState();
    const v = sweet16.view(s, 0);
    expect(v.diamonds[1]).toEqual(['5D']);
    expect(v.phase).toBe('activate');
    expect(sweet16.legalActions(s, 0).map((a) => sweet16.formatAction(a))).toEqual(
      expect.arrayContaining(['activate A7', 'activate B7', 'skip']),
    );
  });

  for (const level of levels) {
    it(`S16-10 club: it activates the 8C and steals the 5D (+1 for it, -3 for the opponent), not its own 8D (+2) (${level}, 10 bot seeds)`, () => {
      for (let i = 0; i < 10; i++) {
        const s = stealState();
        const bot = createBot('sweet16', level, `d:${level}:${i}`);
        expect(choice(sweet16, bot, s, 0)).toBe('activate A7');
        const a = sweet16.parseAction('activate A7');
        if (!a.ok || sweet16.applyInPlace(s, 0, a.value)) throw new Error('activate A7');
        expect(choice(sweet16, bot, s, 0)).toBe('steal 5D');
      }
    });
  }
});

describe('the duel levels and the former generic search', () => {
  it('expert-duel is the generic search, still reachable as a line-up entry; unknown pieces are refused', () => {
    expect(parseBotSpec('sweet16', 'expert-duel')).toMatchObject({ ok: true, level: 'expert' });
    expect(createBotFromSpec('sweet16', 'expert-duel', 's').name).toBe('sweet16-expert-duel');
    expect(createBotFromSpec('sweet16', 'expert', 's').name).toBe('sweet16-expert');
    expect(parseBotSpec('sweet16', 'expert-memory').ok).toBe(false);
  });
});
