import { describe, expect, it } from 'vitest';
import type { Action, AnyGame } from '@matchbox/engine';
import { Rng, match, matchmaster } from '@matchbox/engine';
import type { SearchCounts, SearchInfo } from '../src/index.ts';
import {
  BotAborted,
  SearchBug,
  contextFor,
  createBot,
  ismcts,
  playGame,
  searchOptions,
} from '../src/index.ts';
import { matchmasterAdapter } from '../src/games/matchmaster/matchmaster.ts';
import { MATCHMASTER_SEARCH } from '../src/games/matchmaster/matchmaster-bots.ts';

/** Busy-waits `ms` milliseconds: a machine under heavy load, as the search sees it. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/**
 * The same game, with every legal-action list slowed down by `ms`: every search iteration asks
 * for at least one (at the root; searches no longer clone per iteration, they copy a world into
 * one state through the adapter).
 */
const slowed = (game: AnyGame, ms: number): AnyGame => ({
  ...game,
  legalActions: (s: unknown, seat: number): readonly Action[] => {
    spin(ms);
    return game.legalActions(s, seat);
  },
});

/**
 * The same game, whose first legal-action list takes `ms`: a search that stalls once, as under a
 * burst of load, for the price of that one stall rather than of a slowed search.
 */
const stalledOnce = (game: AnyGame, ms: number): AnyGame => {
  let stalled = false;
  return {
    ...game,
    legalActions: (s: unknown, seat: number): readonly Action[] => {
      if (!stalled) spin(ms);
      stalled = true;
      return game.legalActions(s, seat);
    },
  };
};

const setupOf = (game: AnyGame, config: Parameters<AnyGame['setup']>[0]): unknown => {
  const r = game.setup(config);
  if (!r.ok) throw new Error(r.error.message);
  return r.value as unknown;
};

/** Plays a short MatchMaster game with search bots and returns the moves and the search counts. */
async function short(game: AnyGame, budget: { iterations?: number; timeMs?: number }) {
  const moves: string[] = [];
  const bots = ['expert', 'hard', 'expert', 'hard'].map((l, i) =>
    createBot('matchmaster', l as never, `load:${i}`),
  );
  const played = await playGame(game, { players: 4, seed: 'load', options: { handSizes: [2, 1] } }, bots, {
    budget,
    onAction: (seat, a) => moves.push(`${seat}:${matchmaster.formatAction(a as never)}`),
  });
  return { moves: moves.join(' '), search: played.search };
}

const total = (counts: readonly SearchCounts[], key: keyof SearchCounts): number =>
  counts.reduce((a, c) => a + c[key], 0);

describe('budgets in iterations; the time cap is a safety limit only', () => {
  it("timeMs 0 removes the bot's own cap: the override is not dropped (the 200 ms bug)", () => {
    const ctx = { game: matchmaster, timeMs: 0 };
    expect(searchOptions({ iterations: 700, timeMs: 200 }, ctx)).toEqual({ iterations: 700 });
    expect(searchOptions({ iterations: 700, timeMs: 200 }, { game: matchmaster })).toEqual({
      iterations: 700,
      timeMs: 200,
    });
    expect(
      searchOptions({ iterations: 700, timeMs: 200 }, { game: matchmaster, timeMs: 5, iterations: 9 }),
    ).toEqual({ iterations: 9, timeMs: 5 });
  });

  it('with timeMs 0 an expert runs its whole budget even when the machine is too slow for its 200 ms cap', async () => {
    // A stall of 250 ms at the search's start: beyond the expert's 200 ms cap before its first
    // iteration, so that a cap left in place would stop the search there.
    const game = stalledOnce(matchmaster, 250);
    const state = setupOf(matchmaster, { players: 4, seed: 'cap', options: { handSizes: [5] } });
    const seat = matchmaster.toAct(state as never)[0]!;
    const infos: SearchInfo[] = [];
    const bot = createBot('matchmaster', 'expert', 'cap');
    const ctx = contextFor(game, state, seat, { timeMs: 0 }, { onSearch: (i) => infos.push(i) });
    await bot.chooseAction(
      matchmaster.view(state as never, seat),
      seat,
      matchmaster.legalActions(state as never, seat),
      ctx,
    );
    expect(infos).toHaveLength(1);
    expect(infos[0]).toMatchObject({ iterations: MATCHMASTER_SEARCH.expert.iterations, capped: false });
    expect(infos[0]!.ms).toBeGreaterThan(200);
  });

  it('the same seeds give the same moves under heavy load as without it (no cap), and no cap hits', async () => {
    const calm = await short(matchmaster, { iterations: 60, timeMs: 0 });
    const loaded = await short(slowed(matchmaster, 0.3), { iterations: 60, timeMs: 0 });
    expect(loaded.moves).toBe(calm.moves);
    expect(total(loaded.search, 'searches')).toBeGreaterThan(0);
    expect(total(loaded.search, 'capped')).toBe(0);
    expect(total(loaded.search, 'iterations')).toBe(total(loaded.search, 'budget'));
  });

  it('a tiny cap binds under load, and every hit is counted', async () => {
    const loaded = await short(slowed(matchmaster, 0.3), { iterations: 200, timeMs: 2 });
    const searches = total(loaded.search, 'searches');
    expect(searches).toBeGreaterThan(0);
    expect(total(loaded.search, 'capped')).toBe(searches);
    expect(total(loaded.search, 'iterations')).toBeLessThan(total(loaded.search, 'budget'));
    // Decisions are counted per seat, searches only for the search bots' decisions.
    for (const c of loaded.search) expect(c.searches).toBeLessThanOrEqual(c.decisions);
  });

  it('a deadline already past stops the search at its first check, reported as capped, with a legal move', () => {
    const state = setupOf(match, { players: 2, seed: 'deadline' });
    const seat = match.toAct(state as never)[0]!;
    const legal = match.legalActions(state as never, seat);
    const infos: SearchInfo[] = [];
    const ctx = contextFor(
      match,
      state,
      seat,
      { deadline: Date.now() - 1 },
      { onSearch: (i) => infos.push(i) },
    );
    const a = createBot('match', 'expert', 'd').chooseAction(
      match.view(state as never, seat),
      seat,
      legal,
      ctx,
    );
    expect(legal).toContain(a);
    expect(infos[0]).toMatchObject({ capped: true, iterations: 31 });
  });

  it('an aborted signal stops a search: the bot throws BotAborted', () => {
    const state = setupOf(matchmaster, { players: 3, seed: 'abort', options: { handSizes: [4] } });
    const seat = matchmaster.toAct(state as never)[0]!;
    const ac = new AbortController();
    ac.abort();
    const ctx = contextFor(matchmaster, state, seat, {}, { signal: ac.signal });
    expect(() =>
      createBot('matchmaster', 'expert', 'a').chooseAction(
        matchmaster.view(state as never, seat),
        seat,
        matchmaster.legalActions(state as never, seat),
        ctx,
      ),
    ).toThrow(BotAborted);
  });
});

describe('an engine error during a search is a bug, surfaced', () => {
  it('a policy that proposes an illegal action makes the search throw, naming game, action and code', () => {
    const state = setupOf(matchmaster, { players: 4, seed: 'bug', options: { handSizes: [3] } });
    const seat = matchmaster.toAct(state as never)[0]!;
    const adapter = {
      ...matchmasterAdapter(MATCHMASTER_SEARCH.hard),
      // MM-4: bids go from 0 to the hand size; 99 is refused by the engine.
      policy: (): Action => ({ type: 'bid', bid: 99 }) as Action,
      policyOnly: () => true,
    };
    const ctx = contextFor(matchmaster, state, seat);
    let thrown: unknown = null;
    try {
      ismcts(
        matchmaster,
        adapter,
        seat,
        matchmaster.legalActions(state as never, seat),
        ctx.sample!,
        Rng.fromSeed('b'),
        {
          iterations: 10,
        },
      );
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(SearchBug);
    const bug = thrown as SearchBug;
    expect(bug.game).toBe('matchmaster');
    expect(bug.action).toBe('bid 99');
    expect(bug.code).not.toBe('');
    expect(bug.message).toContain('matchmaster');
    expect(bug.message).toContain('bid 99');
    expect(bug.message).toContain(bug.code);
  });
});
