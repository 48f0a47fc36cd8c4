/**
 * The all-seeing MatchMaster yardstick (seer.ts), evaluation only: the arena hands it the real
 * state through the bots' evaluation hook for its seats only (and a half-seer only in its phase),
 * its moves depend on the hidden cards, and only the arena's line-up knows it.
 */
import { describe, expect, it } from 'vitest';
import type { Action, AnyGame, Json, MatchMasterState, Seat } from '@matchbox/engine';
import { Rng, getGame, matchmaster } from '@matchbox/engine';
import type { Bot, BotContext, Budget } from '@matchbox/bots';
import { contextFor, createBot, createBotFromSpec, parseBotSpec, playGame } from '@matchbox/bots';
import { matchmasterBot } from '@matchbox/bots/parts';
import { parseArenaEntry } from '../src/index.ts';
import { SEER, createSeerBot, seerSampler, seesReal } from '../src/seer.ts';

/** The seer's context: the seat's own, with the real state as every world. */
const seerContext = (game: AnyGame, state: unknown, seat: Seat, budget: Budget): BotContext => ({
  ...contextFor(game, state, seat, budget),
  sample: seerSampler(game, state),
});

const CONFIGS: Array<{ game: string; players: number; options?: Record<string, Json> }> = [
  { game: 'matchmaster', players: 4, options: { handSizes: [4, 1] } },
];

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

describe('the seer is an arena entry only', () => {
  it('in MatchMaster only, and no level or spec', () => {
    expect(parseArenaEntry('matchmaster', SEER).ok).toBe(true);
    expect(parseArenaEntry('match', SEER).ok).toBe(false);
    expect(parseBotSpec('matchmaster', SEER).ok).toBe(false);
  });
});

describe('the all-seeing seer (evaluation only)', () => {
  it('playGame hands the real state only to the seats the arena names', async () => {
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
      sampleFor: (seat, state) => (seat === 2 ? seerSampler(matchmaster, state) : null),
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
          seerContext(game, s, seat, { iterations: 300, timeMs: 0 }),
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
      sampleFor: (seat, state) =>
        seat === 2 && seesReal('bid', state) ? seerSampler(matchmaster, state) : null,
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
            seeing ? seerContext(game, state, seat, budget) : contextFor(game, state, seat, budget),
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
