import { describe, expect, it } from 'vitest';
import type { Action, MatchMasterState } from '@matchbox/engine';
import { matchmaster, matchmasterCards, matchmasterRules } from '@matchbox/engine';
import { contextFor, createBot } from '../src/index.ts';
import type { BotLevel } from '../src/index.ts';
import { heuristicAction, oneCardBid, oneCardWinChance } from '../src/games/matchmaster/matchmaster.ts';
import { BLUNDER_CASES, COUNTING_CASES, position } from './matchmaster-positions.ts';

const { CARD_NAMES, parseCard } = matchmasterCards;

/** The soak (`npm run test:soak:bots`, MATCHBOX_SOAK=1) asks the expert about every case. */
const SOAK = process.env.MATCHBOX_SOAK === '1';

/** Exact chance by brute force: every ordered deal of the other seats' single cards. */
function enumeratedWinChance(card: number, n: number, pos: number): number {
  const trick = new Int8Array(n);
  trick[pos] = card;
  const used = new Uint8Array(52);
  used[card] = 1;
  let wins = 0;
  let total = 0;
  // Fills the trick's places in order, skipping `pos` (the seat's own card).
  const rec = (place: number) => {
    if (place === pos) place++;
    if (place === n) {
      total++;
      if (matchmasterRules.trickWinnerIndex(trick, 0, n) === pos) wins++;
      return;
    }
    for (let c = 0; c < 52; c++) {
      if (used[c]) continue;
      used[c] = 1;
      trick[place] = c;
      rec(place + 1);
      used[c] = 0;
    }
  };
  rec(0);
  return wins / total;
}

const optimalBid = (p: number): number => {
  const e1 = p * matchmasterRules.handPoints(1, 1) + (1 - p) * matchmasterRules.handPoints(1, 0);
  const e0 = p * matchmasterRules.handPoints(0, 1) + (1 - p) * matchmasterRules.handPoints(0, 0);
  return e1 > e0 ? 1 : 0;
};

/** The level's choice with its whole iteration budget (no time cap: the same on any machine). */
function choose(level: BotLevel, s: MatchMasterState, seat: number, seed = 0): string {
  const bot = createBot('matchmaster', level, seed === 0 ? `blunder:${level}` : `blunder:${level}:${seed}`);
  const legal = matchmaster.legalActions(s, seat);
  const a = bot.chooseAction(
    matchmaster.view(s, seat),
    seat,
    legal,
    contextFor(matchmaster, s, seat, { timeMs: 0 }),
  ) as Action;
  return matchmaster.formatAction(a as never);
}

describe('MatchMaster one-card hands (MM-8, MM-9)', () => {
  it('MM-8: the closed-form win chance equals brute-force enumeration (3 players, every card and place)', () => {
    for (let card = 0; card < 52; card++) {
      for (let pos = 0; pos < 3; pos++) {
        expect(oneCardWinChance(card, 3, pos)).toBeCloseTo(enumeratedWinChance(card, 3, pos), 12);
      }
    }
  });

  it('MM-9: the expert bids the enumerated optimum in 4-player one-card hands', () => {
    // Trump and one side suit cover every case (the three side suits are symmetric).
    const expert = createBot('matchmaster', 'expert', 'one-card');
    for (const suit of ['do', 'lb']) {
      for (let rank = 1; rank <= 13; rank++) {
        const card = parseCard(`${suit}${rank}`);
        for (let pos = 0; pos < 4; pos++) {
          const p = enumeratedWinChance(card, 4, pos);
          expect(oneCardWinChance(card, 4, pos)).toBeCloseTo(p, 12);
          expect(oneCardBid(card, 4, pos)).toBe(optimalBid(p));
          // A whole expert search per case: `npm test` asks it the closest calls (an even chance
          // give or take 0.2), the soak every case.
          if (!SOAK && Math.abs(p - 0.5) > 0.2) continue;
          // Seat 1 leads (seat 0 deals), so place `pos` is seat (1 + pos) % 4 = deck index pos.
          const others = CARD_NAMES.filter((c) => c !== CARD_NAMES[card]).slice(0, 3);
          const deck = [...others.slice(0, pos), CARD_NAMES[card]!, ...others.slice(pos)];
          const s = position(4, [1], deck, []);
          const seat = (1 + pos) % 4;
          const legal = matchmaster.legalActions(s, seat);
          const a = expert.chooseAction(
            matchmaster.view(s, seat),
            seat,
            legal,
            contextFor(matchmaster, s, seat),
          );
          expect(a, `${CARD_NAMES[card]} at place ${pos}: p=${p}`).toEqual({
            type: 'bid',
            bid: optimalBid(p),
          });
        }
      }
    }
  });
});

describe('MatchMaster blunder suite (every level from medium up)', () => {
  const levels: BotLevel[] = ['medium', 'hard', 'expert'];
  const cases = BLUNDER_CASES;
  for (const c of cases) {
    for (const level of levels) {
      it(`${c.name} (${level})`, () => {
        const s = c.make();
        expect(matchmaster.toAct(s)).toContain(c.seat);
        expect(choose(level, s, c.seat)).not.toBe(c.blunder);
      });
    }
  }
});

describe('MatchMaster counting suite: sure tricks and shown voids (medium, hard, expert)', () => {
  const levels: BotLevel[] = ['medium', 'hard', 'expert'];
  // Seat 0 deals; seat 1 leads the first trick and gets the deck's first block (see `position`).
  const cases = COUNTING_CASES;
  for (const c of cases) {
    for (const level of levels) {
      // The search levels over 10 bot seeds (issue 14: no blunder for any seed).
      it(`${c.name} (${level}${level === 'medium' ? '' : ', 10 seeds'})`, () => {
        const s = c.make();
        expect(matchmaster.toAct(s)).toContain(c.seat);
        const seeds = level === 'medium' ? 1 : 10;
        for (let k = 0; k < seeds; k++) expect(choose(level, s, c.seat, k), `seed ${k}`).not.toBe(c.blunder);
      });
    }
  }

  it('the plain heuristic (no counting) makes every one of these blunders, so the suite can tell', () => {
    for (const c of cases) {
      const s = c.make();
      const legal = matchmaster.legalActions(s, c.seat);
      const plain = heuristicAction(matchmaster.view(s, c.seat), c.seat, legal, false);
      expect(matchmaster.formatAction(plain as never), c.name).toBe(c.blunder);
    }
  });
});
