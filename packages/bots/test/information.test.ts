import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Action, AnyGame, Json, Seat } from '@matchbox/engine';
import { Rng, getGame, matchmaster } from '@matchbox/engine';
import type { BotLevel } from '../src/index.ts';
import {
  BOT_LEVELS,
  answerBotRequest,
  botRequest,
  contextFor,
  createBot,
  createBotFromSpec,
  hint,
  parseBotSpec,
} from '../src/index.ts';
import * as index from '../src/index.ts';

/** Small configurations of every game and mode, solitaires and the Sweet16 duel included. */
const CONFIGS: Array<{ game: string; players: number; options?: Record<string, Json> }> = [
  { game: 'matchmaster', players: 4, options: { handSizes: [4, 1] } },
  { game: 'matchmaster', players: 7, options: { handSizes: [3] } },
  { game: 'match', players: 3, options: { target: 10 } },
  { game: 'sweet16', players: 3 },
  { game: 'sweet16', players: 2, options: { mode: 'duel' } },
  { game: 'matchet', players: 2, options: { rounds: 1 } },
  { game: 'matchet', players: 1, options: { mode: 'reserve' } },
  { game: 'matchet', players: 1, options: { mode: 'stacks' } },
];

const label = (c: (typeof CONFIGS)[number]) =>
  `${c.game} ${c.players}p${c.options ? ` ${JSON.stringify(c.options)}` : ''}`;

/** Positions with a choice, from a seeded random playout: (state, seat). */
function positions(game: AnyGame, c: (typeof CONFIGS)[number], count: number, seed: string) {
  const setup = game.setup({ players: c.players, seed, ...(c.options ? { options: c.options } : {}) });
  if (!setup.ok) throw new Error(setup.error.message);
  const s: unknown = setup.value;
  const rng = Rng.fromSeed(seed);
  const out: Array<{ state: unknown; seat: Seat }> = [];
  const every = Math.max(1, Math.floor(game.maxActions(s) / 200));
  for (let step = 0; !game.isOver(s) && out.length < count; step++) {
    const seat = game.toAct(s)[0]!;
    const legal = game.legalActions(s, seat);
    if (legal.length > 1 && step % every === 0) out.push({ state: game.clone(s), seat });
    const e = game.applyInPlace(s, seat, legal[rng.int(legal.length)]);
    if (e) throw new Error(e.message);
  }
  return out;
}

const choose = (game: AnyGame, level: BotLevel, seed: string, state: unknown, seat: Seat): string => {
  const legal = game.legalActions(state, seat);
  const a = createBot(game.meta.id, level, seed).chooseAction(
    game.view(state, seat) as object,
    seat,
    legal,
    contextFor(game, state, seat, { iterations: 40, timeMs: 0 }),
  ) as Action;
  return game.formatAction(a);
};

describe('bots only ever return legal actions', () => {
  for (const c of CONFIGS) {
    it(`${label(c)}: every level, positions across a game`, () => {
      const game = getGame(c.game)!;
      for (const { state, seat } of positions(game, c, 6, `legal:${label(c)}`)) {
        const legal = game.legalActions(state, seat).map((a: Action) => game.formatAction(a));
        for (const level of BOT_LEVELS) {
          expect(legal, `${level} at seat ${seat}`).toContain(choose(game, level, `l:${level}`, state, seat));
        }
      }
    });
  }
});

describe("a bot's move is a function of its seat's information", () => {
  // Two states the seat cannot tell apart (the real one and a determinization of it: the same
  // view, hidden cards re-dealt, another generator), the same bot seed: the same move. A bot that
  // peeked at hidden cards, or at the real generator, would differ somewhere.
  for (const c of CONFIGS) {
    it(label(c), () => {
      const game = getGame(c.game)!;
      for (const { state, seat } of positions(game, c, 4, `info:${label(c)}`)) {
        const twin: unknown = game.determinize(state, seat, Rng.fromSeed(`twin:${seat}`));
        expect(game.view(twin, seat)).toEqual(game.view(state, seat));
        for (const level of ['medium', 'hard', 'expert'] as const) {
          expect(choose(game, level, 'same', twin, seat), `${level} at seat ${seat}`).toBe(
            choose(game, level, 'same', state, seat),
          );
        }
      }
    });
  }
});

describe('the real state stays with the referee', () => {
  it('the levels know no all-seeing bot: it is no level, no spec, no request, no hint', () => {
    expect(BOT_LEVELS as readonly string[]).not.toContain('seer');
    expect(parseBotSpec('matchmaster', 'seer').ok).toBe(false);
    expect(() => createBot('matchmaster', 'seer' as BotLevel, 's')).toThrow();
    expect(() => createBotFromSpec('matchmaster', 'seer', 's')).toThrow();
    for (const name of Object.keys(index)) expect(name).not.toMatch(/seer|arena/i);
    const setup = matchmaster.setup({ players: 4, seed: 'seer-req', options: { handSizes: [3] } });
    if (!setup.ok) throw new Error(setup.error.message);
    expect(() =>
      hint('matchmaster', { state: setup.value }, 0, { level: 'seer' as BotLevel, iterations: 20 }),
    ).toThrow();
    return answerBotRequest(botRequest(matchmaster, setup.value, 0, 'seer' as BotLevel, 's')).then((a) => {
      expect(a.ok).toBe(false);
      if (!a.ok) expect(a.error.code).toBe('bad_request');
    });
  });

  it('nothing that plays people names the evaluation hook or the lab: only the referee does', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => {
        const p = join(dir, f);
        if (statSync(p).isDirectory()) return f === 'node_modules' || f === 'dist' ? [] : files(p);
        return /\.(ts|tsx|mjs|js)$/.test(f) ? [p] : [];
      });
    // The referee defines the hook; the arena and the seer run from the lab's own commands.
    const allowed = ['bots/src/runner.ts'];
    const named: string[] = [];
    for (const pkg of ['bots', 'server', 'web', 'client', 'cli', 'engine']) {
      for (const f of files(join(root, pkg, 'src'))) {
        const rel = relative(root, f).split('\\').join('/');
        if (/sampleFor|seerSampler|createSeerBot|seesReal|@matchbox\/lab/.test(readFileSync(f, 'utf8')))
          named.push(rel);
      }
    }
    expect(named.sort()).toEqual(allowed.sort());
  });
});
