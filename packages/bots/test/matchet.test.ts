import { describe, expect, it } from 'vitest';
import type { MatchetState } from '@matchbox/engine';
import { matchet } from '@matchbox/engine';
import type { BotLevel } from '../src/index.ts';
import { contextFor, createBot } from '../src/index.ts';
import { choice } from './helpers.ts';

/** Positions from seeded greedy games where one placement scores 10+ points less than the best. */
function blunderPositions(
  count: number,
): Array<{ state: MatchetState; seat: number; worst: string; gap: number }> {
  const out: Array<{ state: MatchetState; seat: number; worst: string; gap: number }> = [];
  for (let g = 0; out.length < count && g < 40; g++) {
    const setup = matchet.setup({ players: 2, seed: `mt-blunder-${g}`, options: { rounds: 1 } });
    if (!setup.ok) throw new Error(setup.error.message);
    const s = setup.value;
    const bot = createBot('matchet', 'medium', 'walk');
    while (!matchet.isOver(s) && out.length < count) {
      const seat = matchet.toAct(s)[0]!;
      const legal = matchet.legalActions(s, seat);
      if (legal.length > 1) {
        const pts = legal.map((a) => {
          const c = matchet.clone(s);
          const before = c.totals[seat]!;
          matchet.applyInPlace(c, seat, a);
          return c.round === s.round ? c.totals[seat]! - before : 0;
        });
        const best = Math.max(...pts);
        const worst = Math.min(...pts);
        if (best - worst >= 10 && pts.filter((p) => p === worst).length === 1) {
          out.push({
            state: matchet.clone(s),
            seat,
            worst: matchet.formatAction(legal[pts.indexOf(worst)]!),
            gap: best - worst,
          });
        }
      }
      const a = bot.chooseAction(matchet.view(s, seat), seat, legal, contextFor(matchet, s, seat)) as never;
      matchet.applyInPlace(s, seat, a);
    }
  }
  return out;
}

describe('MATCHET blunder suite (every level from medium up)', () => {
  const positions = blunderPositions(4);
  it('finds its positions', () => expect(positions.length).toBe(4));
  const levels: BotLevel[] = ['medium', 'hard', 'expert'];
  for (const level of levels) {
    it(`MT-2/MT-3: it never takes the placement that scores 10+ points below the best (${level})`, () => {
      for (const p of positions) {
        expect(choice(matchet, createBot('matchet', level, 'b'), p.state, p.seat, 100)).not.toBe(p.worst);
      }
    });
  }
});
