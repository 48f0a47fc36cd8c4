import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Action, AnyGame, Json, MatchMasterState, Seat } from '@matchbox/engine';
import { Rng, getGame, matchmaster } from '@matchbox/engine';
import type { Bot, BotContext, BotLevel } from '../src/index.ts';
import {
  BOT_LEVELS,
  answerBotRequest,
  botRequest,
  contextFor,
  createBot,
  createBotFromSpec,
  hint,
  parseArenaEntry,
  parseBotSpec,
  playGame,
} from '../src/index.ts';
import * as index from '../src/index.ts';
import { seerContextFor } from '../src/runner.ts';
import { SEER, createSeerBot, seesReal } from '../src/seer.ts';
import { matchmasterBot } from '../src/games/matchmaster-bots.ts';

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

describe('the all-seeing seer (evaluation only) and the referee', () => {
  it('the normal levels cannot get the seer or the real state: it is no level, no spec, no request', () => {
    expect(BOT_LEVELS as readonly string[]).not.toContain(SEER);
    expect(parseBotSpec('matchmaster', SEER).ok).toBe(false);
    expect(() => createBot('matchmaster', SEER as BotLevel, 's')).toThrow();
    expect(() => createBotFromSpec('matchmaster', SEER, 's')).toThrow();
    // Only the arena's line-up knows it, and only in MatchMaster.
    expect(parseArenaEntry('matchmaster', SEER).ok).toBe(true);
    expect(parseArenaEntry('match', SEER).ok).toBe(false);
    // The package's index does not hand out the real-state path or the seer.
    expect(Object.keys(index)).not.toContain('seerContextFor');
    expect(Object.keys(index)).not.toContain('createSeerBot');
    const setup = matchmaster.setup({ players: 4, seed: 'seer-req', options: { handSizes: [3] } });
    if (!setup.ok) throw new Error(setup.error.message);
    expect(() =>
      hint('matchmaster', { state: setup.value }, 0, { level: SEER as BotLevel, iterations: 20 }),
    ).toThrow();
    return answerBotRequest(botRequest(matchmaster, setup.value, 0, SEER as BotLevel, 's')).then((a) => {
      expect(a.ok).toBe(false);
      if (!a.ok) expect(a.error.code).toBe('bad_request');
    });
  });

  it('nothing that plays people names the real-state path: only the arena and the referee do', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => {
        const p = join(dir, f);
        if (statSync(p).isDirectory()) return f === 'node_modules' || f === 'dist' ? [] : files(p);
        return /\.(ts|tsx|mjs|js)$/.test(f) ? [p] : [];
      });
    const allowed = ['bots/src/runner.ts', 'bots/src/arena.ts', 'bots/src/seer.ts'];
    const named: string[] = [];
    for (const pkg of ['bots', 'server', 'web', 'client', 'cli', 'engine']) {
      for (const f of files(join(root, pkg, 'src'))) {
        const rel = relative(root, f).split('\\').join('/');
        if (
          /seerContextFor|seerSampler|createSeerBot|allSeeing|seesReal|\/seer\.ts['"]/.test(
            readFileSync(f, 'utf8'),
          )
        )
          named.push(rel);
      }
    }
    expect(named.sort()).toEqual(allowed.sort());
  });

  it('playGame hands the real state only to the seats named allSeeing', async () => {
    // A probe at every seat compares each sample's hands with the real ones (the live state, which
    // onAction passes after the first action). Seat 2 is named all-seeing.
    let live: MatchMasterState | null = null;
    const same = [0, 0, 0, 0];
    const differ = [0, 0, 0, 0];
    const probe = (inner: Bot): Bot => ({
      name: 'probe',
      level: 'medium',
      chooseAction(view: object, seat: Seat, legal: readonly Action[], ctx: BotContext) {
        if (live) {
          for (let k = 0; k < 3; k++) {
            const w = ctx.sample!(Rng.fromSeed(`p${k}`)) as MatchMasterState;
            if ([...w.hands].join() === [...live.hands].join()) same[seat]!++;
            else differ[seat]!++;
          }
        }
        return inner.chooseAction(view, seat, legal, ctx);
      },
    });
    const bots = [0, 1, 2, 3].map((i) => probe(createBot('matchmaster', 'medium', `m${i}`)));
    await playGame(matchmaster, { players: 4, seed: 'who-sees', options: { handSizes: [7, 6] } }, bots, {
      allSeeing: [2],
      onAction: (_seat, _action, state) => {
        live = state as MatchMasterState;
      },
    });
    expect(same[2]).toBeGreaterThan(0);
    expect(differ[2]).toBe(0);
    for (const seat of [0, 1, 3]) {
      expect(differ[seat], `seat ${seat}`).toBeGreaterThan(same[seat]!);
    }
  });

  it("the seer's moves depend on the hidden cards (the expert's do not, above)", () => {
    // As above: the real state and a determinization of it look the same to the seat, so the
    // expert moves alike in both; the seer sees the difference and, somewhere, moves differently.
    // Every move is still legal.
    const game: AnyGame = getGame('matchmaster')!;
    const c = CONFIGS[0]!;
    let differs = 0;
    let count = 0;
    for (const { state, seat } of positions(game, { ...c, options: { handSizes: [6, 5] } }, 12, 'seer')) {
      const twin: unknown = game.determinize(state, seat, Rng.fromSeed(`twin:${seat}`));
      const move = (s: unknown) => {
        const legal = game.legalActions(s, seat);
        const a = createSeerBot('matchmaster', 'same').chooseAction(
          game.view(s, seat) as object,
          seat,
          legal,
          seerContextFor(game, s, seat, { iterations: 300, timeMs: 0 }),
        ) as Action;
        expect(legal).toContain(a);
        return game.formatAction(a);
      };
      if (move(state) !== move(twin)) differs++;
      count++;
    }
    expect(count).toBe(12);
    expect(differs).toBeGreaterThan(0);
  });

  it('the half-seers are arena entries only, in MatchMaster only', () => {
    for (const spec of ['seer-bid', 'seer-play']) {
      expect(parseArenaEntry('matchmaster', spec).ok, spec).toBe(true);
      expect(parseArenaEntry('sweet16', spec).ok, spec).toBe(false);
      expect(parseBotSpec('matchmaster', spec).ok, spec).toBe(false);
      expect(() => createBotFromSpec('matchmaster', spec, 's'), spec).toThrow();
    }
    expect(() => createSeerBot('match', 's', 'bid')).toThrow();
  });

  it('a half-seer is handed the real state in its own phase only (seesReal)', async () => {
    // As in the test above, but seat 2 sees only while bidding: its bids' samples are the real
    // hands, its plays' samples are the seat's own determinizations.
    let live: MatchMasterState | null = null;
    const same = { bid: 0, play: 0 };
    const differ = { bid: 0, play: 0 };
    const inner = createBot('matchmaster', 'medium', 'm2');
    const probe: Bot = {
      name: 'probe',
      level: 'medium',
      chooseAction(view: object, seat: Seat, legal: readonly Action[], ctx: BotContext) {
        const phase = (view as { phase: 'bid' | 'play' }).phase;
        if (live) {
          for (let k = 0; k < 3; k++) {
            const w = ctx.sample!(Rng.fromSeed(`p${k}`)) as MatchMasterState;
            if ([...w.hands].join() === [...live.hands].join()) same[phase]++;
            else differ[phase]++;
          }
        }
        return inner.chooseAction(view, seat, legal, ctx);
      },
    };
    const bots = [0, 1, 3].map((i) => createBot('matchmaster', 'medium', `m${i}`));
    bots.splice(2, 0, probe);
    await playGame(matchmaster, { players: 4, seed: 'half-sees', options: { handSizes: [7, 6, 5] } }, bots, {
      allSeeing: [2],
      seesReal: (_seat, state) => seesReal('bid', state),
      onAction: (_seat, _action, state) => {
        live = state as MatchMasterState;
      },
    });
    expect(same.bid).toBeGreaterThan(0);
    expect(differ.bid).toBe(0);
    expect(differ.play).toBeGreaterThan(same.play);
  });

  it('a half-seer moves as the seer in the phase it sees and as the expert in the other', () => {
    const game: AnyGame = getGame('matchmaster')!;
    const budget = { iterations: 200, timeMs: 0 };
    let bids = 0;
    let plays = 0;
    for (const { state, seat } of positions(
      game,
      { game: 'matchmaster', players: 4, options: { handSizes: [5, 4] } },
      16,
      'half',
    )) {
      const view = game.view(state, seat) as { phase: 'bid' | 'play' };
      const legal = game.legalActions(state, seat);
      const move = (bot: Bot, seeing: boolean) =>
        game.formatAction(
          bot.chooseAction(
            view,
            seat,
            legal,
            seeing ? seerContextFor(game, state, seat, budget) : contextFor(game, state, seat, budget),
          ) as Action,
        );
      const seer = move(createSeerBot('matchmaster', 'h'), true);
      const expert = move(matchmasterBot('expert', 'h')!, false);
      const bidSeer = move(createSeerBot('matchmaster', 'h', 'bid'), seesReal('bid', state));
      const playSeer = move(createSeerBot('matchmaster', 'h', 'play'), seesReal('play', state));
      if (view.phase === 'bid') {
        bids++;
        expect(seesReal('bid', state) && !seesReal('play', state)).toBe(true);
        expect([bidSeer, playSeer]).toEqual([seer, expert]);
      } else {
        plays++;
        expect(seesReal('play', state) && !seesReal('bid', state)).toBe(true);
        expect([bidSeer, playSeer]).toEqual([expert, seer]);
      }
    }
    expect(bids).toBeGreaterThan(0);
    expect(plays).toBeGreaterThan(0);
  });
});
