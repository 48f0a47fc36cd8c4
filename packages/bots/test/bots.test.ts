import { describe, expect, it } from 'vitest';
import type { Action, JsonObject, Seat } from '@matchbox/engine';
import { GAMES, Rng, getGame, matchmaster } from '@matchbox/engine';
import type { Bot, BotContext } from '../src/index.ts';
import { BOT_LEVELS, createBot, hint, playGame } from '../src/index.ts';

const SHORT: Record<string, { players: number; options?: Record<string, number | number[]> }> = {
  matchmaster: { players: 4, options: { handSizes: [2, 1] } },
  match: { players: 2, options: { target: 10 } },
  sweet16: { players: 2 },
  matchet: { players: 2, options: { rounds: 1 } },
};

describe('every game has every level', () => {
  for (const game of GAMES) {
    for (const level of BOT_LEVELS) {
      it(`${game.meta.id} ${level} plays a legal game to the end`, async () => {
        const cfg = SHORT[game.meta.id] ?? { players: game.meta.minPlayers };
        const bots = Array.from({ length: cfg.players }, (_, i) => createBot(game.meta.id, level, `t:${i}`));
        expect(bots[0]!.level).toBe(level);
        const r = await playGame(
          game,
          { players: cfg.players, seed: `levels:${level}`, ...(cfg.options ? { options: cfg.options } : {}) },
          bots,
          { budget: { iterations: 40, timeMs: 0 } },
        );
        expect(r.result.winners.length).toBeGreaterThan(0);
      });
    }
  }
});

describe('bots see only their seat', () => {
  it('a bot gets the seat view, the legal actions and a determinization source, never the state', async () => {
    const seen: string[][] = [];
    const probe: Bot = {
      name: 'probe',
      level: 'random',
      chooseAction(view: JsonObject, seat: Seat, legal: readonly Action[], ctx: BotContext) {
        seen.push(Object.keys(ctx).sort());
        expect(view.viewer).toBe(seat);
        // Every determinization shows this seat exactly the view it was given.
        for (let k = 0; k < 3; k++) {
          const det = ctx.sample!(Rng.fromSeed(`probe:${k}`));
          expect(ctx.game.view(det, seat)).toEqual(view);
        }
        return legal[0]!;
      },
    };
    const others = [1, 2, 3].map((i) => createBot('matchmaster', 'medium', `o${i}`));
    await playGame(matchmaster, { players: 4, seed: 'spy', options: { handSizes: [3] } }, [probe, ...others]);
    expect(seen.length).toBeGreaterThan(0);
    for (const keys of seen) expect(keys).toEqual(['game', 'onSearch', 'sample']);
  });
});

describe('determinism', () => {
  it('the same seeds give the same game, move for move', async () => {
    const run = async () => {
      const moves: string[] = [];
      const bots = ['expert', 'hard', 'medium', 'easy'].map((l, i) =>
        createBot('matchmaster', l as never, `d${i}`),
      );
      await playGame(matchmaster, { players: 4, seed: 'same', options: { handSizes: [3, 2] } }, bots, {
        budget: { iterations: 200, timeMs: 0 },
        onAction: (seat, a) => moves.push(`${seat}:${matchmaster.formatAction(a as never)}`),
      });
      return moves.join(' ');
    };
    expect(await run()).toBe(await run());
  });
});

describe('hints', () => {
  it('MM-4: a bid hint gives the chance of each trick count, summing to 1', () => {
    const setup = matchmaster.setup({ players: 4, seed: 'hint', options: { handSizes: [4] } });
    if (!setup.ok) throw new Error(setup.error.message);
    const h = hint('matchmaster', { state: setup.value }, 1, { iterations: 500 });
    expect(h.action.type).toBe('bid');
    expect(h.alternatives).toHaveLength(5);
    const top = h.alternatives[0]!;
    expect(top.action).toEqual(h.action);
    expect(top.outcomes).toBeDefined();
    expect(top.outcomes!.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    // MM-8: 0 to 4 tricks in a hand of 4, every count listed even when no playout reached it.
    for (const alt of h.alternatives) expect(alt.outcomes).toHaveLength(5);
    expect(h.alternatives.some((alt) => alt.outcomes!.includes(0))).toBe(true);
  });

  it('a hint from a view alone comes from the heuristic', () => {
    const game = getGame('matchmaster')!;
    const setup = game.setup({ players: 3, seed: 'v', options: { handSizes: [3] } });
    if (!setup.ok) throw new Error(setup.error.message);
    const view = game.view(setup.value, 0);
    const h = hint('matchmaster', { view, legal: game.legalActions(setup.value, 0) }, 0);
    expect(h.note).toBe('heuristic choice');
  });
});

describe('hints for every game', () => {
  for (const game of GAMES) {
    it(`${game.meta.id}: a hint from the state is one of the legal actions`, () => {
      const cfg = SHORT[game.meta.id] ?? { players: game.meta.minPlayers };
      const setup = game.setup({
        players: cfg.players,
        seed: 'hint-all',
        ...(cfg.options ? { options: cfg.options } : {}),
      });
      if (!setup.ok) throw new Error(setup.error.message);
      const seat = game.toAct(setup.value)[0]!;
      const legal = game.legalActions(setup.value, seat).map((a) => game.formatAction(a));
      const h = hint(game, { state: setup.value }, seat, { iterations: 50 });
      expect(legal).toContain(h.text);
    });
  }
});
