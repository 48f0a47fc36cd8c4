import { describe, expect, it } from 'vitest';
import type { Action, Json, JsonObject, MatchMasterView, Seat } from '@matchbox/engine';
import { getGame, matchet, matchmaster, solveMatchet } from '@matchbox/engine';
import type { Bot, BotLevel } from '@matchbox/bots';
import { createBot, createBotFromSpec, parseBotSpec } from '@matchbox/bots';
import type { MatchArenaReport, SolitaireArenaReport } from '../src/index.ts';
import { estimate, formatArena, isSolitaire, runArena } from '../src/index.ts';

/** Every number in a report, wherever it sits. */
function numbers(x: unknown, out: number[] = []): number[] {
  if (typeof x === 'number') out.push(x);
  else if (Array.isArray(x)) for (const v of x) numbers(v, out);
  else if (typeof x === 'object' && x !== null) for (const v of Object.values(x)) numbers(v, out);
  return out;
}

describe('confidence intervals', () => {
  it('estimate: the mean and the 95% half-width 1.96 s / sqrt(n)', () => {
    const e = estimate([0, 1, 0, 1]);
    expect(e.mean).toBe(0.5);
    expect(e.ci95).toBeCloseTo((1.96 * Math.sqrt(1 / 3)) / 2, 12);
    expect(estimate([3])).toEqual({ mean: 3, ci95: 0 });
    expect(estimate([])).toEqual({ mean: 0, ci95: 0 });
    expect(estimate([2, 2, 2]).ci95).toBe(0);
  });
});

describe('seat rotation', () => {
  it('each entrant sits at every seat once per deal, and every rotation of a deal gets the same cards', async () => {
    const n = 3;
    // sat[deal][entrant] = seats; hands[deal][seat] = the first hand seen at that seat, per rotation.
    const sat = new Map<string, Set<Seat>>();
    const hands = new Map<string, Set<string>>();
    const makeBot = (level: BotLevel, seed: string): Bot => {
      const [, deal, , entrant] = seed.split(':');
      const inner = createBot('matchmaster', level, seed);
      let first = true;
      return {
        name: 'probe',
        level,
        chooseAction(view: object, seat: Seat, legal: readonly Action[], ctx) {
          const key = `${deal}:${entrant}`;
          if (!sat.has(key)) sat.set(key, new Set());
          sat.get(key)!.add(seat);
          if (first) {
            first = false;
            const h = `${deal}:${seat}`;
            if (!hands.has(h)) hands.set(h, new Set());
            hands.get(h)!.add(JSON.stringify((view as JsonObject).myHand));
          }
          return inner.chooseAction(view, seat, legal, ctx);
        },
      };
    };
    const report = (await runArena({
      game: matchmaster,
      lineup: ['medium', 'easy', 'random'],
      games: 6,
      seed: 'rot',
      options: { handSizes: [3] },
      makeBot,
    })) as MatchArenaReport;
    expect(report.kind).toBe('match');
    expect(report.deals).toBe(2);
    expect(report.games).toBe(6);
    for (let d = 0; d < 2; d++) {
      for (let j = 0; j < n; j++) expect([...sat.get(`${d}:${j}`)!].sort()).toEqual([0, 1, 2]);
      // The same deal in every rotation: whoever sits at a seat holds the same hand.
      for (let seat = 0; seat < n; seat++) expect(hands.get(`${d}:${seat}`)!.size).toBe(1);
    }
    // Shared wins count 1/k, so the win rates add up to one game; the differences to zero.
    expect(report.entrants.reduce((a, e) => a + e.winRate.mean, 0)).toBeCloseTo(1, 12);
    expect(report.entrants.reduce((a, e) => a + e.scoreDiff.mean, 0)).toBeCloseTo(0, 9);
  });
});

describe('exact bids (MatchMaster)', () => {
  it("each entrant's exact-bid share is the mean over deals of its hands met exactly (MM-9), from the score sheets", async () => {
    // Each probe keeps the last view it was shown (observe runs after every action, the last one
    // included) and counts its seat's exact bids in that game's score sheet.
    const shares = new Map<string, number[]>();
    const makeBot = (level: BotLevel, seed: string): Bot => {
      const [, deal, , entrant] = seed.split(':');
      const inner = createBot('matchmaster', level, seed);
      return {
        name: 'probe',
        level,
        observe(view: object, seat: Seat) {
          const history = (view as MatchMasterView).history;
          if ((view as MatchMasterView).phase !== 'over') return;
          const met = history.filter((h) => h.bids[seat] === h.tricks[seat]).length;
          const key = `${deal}:${entrant}`;
          shares.set(key, [...(shares.get(key) ?? []), met / history.length]);
        },
        chooseAction: (view: object, seat: Seat, legal: readonly Action[], ctx) =>
          inner.chooseAction(view, seat, legal, ctx),
      };
    };
    const lineup = ['medium', 'easy', 'random'];
    const report = (await runArena({
      game: matchmaster,
      lineup,
      games: 6,
      seed: 'exact',
      options: { handSizes: [3, 2, 4] },
      makeBot,
    })) as MatchArenaReport;
    lineup.forEach((_, j) => {
      const perDeal = [0, 1].map((d) => {
        const games = shares.get(`${d}:${j}`)!;
        expect(games).toHaveLength(3);
        return games.reduce((a, b) => a + b, 0) / 3;
      });
      expect(report.entrants[j]!.exactBids).toEqual(estimate(perDeal));
      expect(report.levels[j]!.exactBids).toEqual(estimate(perDeal));
    });
    expect(formatArena(report)).toContain('exact bids');
  });

  it('other games report no exact bids', async () => {
    const report = (await runArena({
      game: getGame('match')!,
      lineup: ['medium', 'random'],
      games: 2,
      seed: 'no-bids',
      options: { target: 10 },
    })) as MatchArenaReport;
    for (const e of report.entrants) expect(e.exactBids).toBeUndefined();
    expect(formatArena(report)).not.toContain('exact bids');
  });
});

describe('time caps in the arena', () => {
  it('without caps nothing is capped; a tiny cap is counted per entrant, in the text and the JSON', async () => {
    const base = {
      game: matchmaster,
      lineup: ['hard', 'medium'] as BotLevel[],
      games: 2,
      seed: 'caps',
      options: { handSizes: [3, 2] },
    };
    const free = (await runArena({ ...base, iterations: 100 })) as MatchArenaReport;
    expect(free.entrants[0]!.search.searches).toBeGreaterThan(0);
    expect(free.entrants[0]!.search.capped).toBe(0);
    expect(free.entrants[0]!.search.iterations).toBe(free.entrants[0]!.search.budget);
    expect(free.entrants[1]!.search.searches).toBe(0);
    expect(formatArena(free)).toContain('none: the run replays exactly');

    const capped = (await runArena({ ...base, iterations: 1_000_000, timeMs: 1 })) as MatchArenaReport;
    const s = capped.entrants[0]!.search;
    expect(s.capped).toBe(s.searches);
    expect(s.capped).toBeGreaterThan(0);
    expect(formatArena(capped)).toContain(`${s.capped}/${s.searches}`);
    expect(formatArena(capped)).toContain(`capped: ${s.capped} searches were stopped by a time cap`);
    const json = JSON.parse(JSON.stringify(capped)) as MatchArenaReport;
    expect(json.entrants[0]!.search.capped).toBe(s.capped);
  });

  it('an arena run replays exactly from its seed (no caps)', async () => {
    const run = async () => {
      const r = (await runArena({
        game: matchmaster,
        lineup: ['expert', 'medium', 'hard'],
        games: 3,
        seed: 'replay',
        options: { handSizes: [2, 1] },
        iterations: 80,
      })) as MatchArenaReport;
      return r.entrants.map((e) => [e.winRate, e.scoreDiff, e.meanScore]);
    };
    expect(await run()).toEqual(await run());
  });
});

describe('expert beats random by a clear margin in every game', () => {
  const cases: Array<{
    game: string;
    lineup: BotLevel[];
    options?: Record<string, Json>;
    games: number;
    iterations?: number;
  }> = [
    {
      game: 'matchmaster',
      lineup: ['expert', 'random', 'random', 'random'],
      options: { handSizes: [3, 2] },
      games: 16,
      iterations: 200,
    },
    { game: 'match', lineup: ['expert', 'random'], options: { target: 15 }, games: 16, iterations: 100 },
    { game: 'sweet16', lineup: ['expert', 'random'], options: { turnLimit: 40 }, games: 8 },
    { game: 'matchet', lineup: ['expert', 'random'], options: { rounds: 1 }, games: 16, iterations: 60 },
  ];
  for (const c of cases) {
    it(`${c.game}: ${c.lineup.join(', ')}`, async () => {
      const r = (await runArena({
        game: getGame(c.game)!,
        lineup: c.lineup,
        games: c.games,
        seed: 'margin',
        ...(c.options ? { options: c.options } : {}),
        ...(c.iterations ? { iterations: c.iterations } : {}),
      })) as MatchArenaReport;
      const expert = r.entrants[0]!;
      const fair = 1 / c.lineup.length;
      // Well above the fair share, and a score difference whose whole 95% interval is positive.
      expect(expert.winRate.mean).toBeGreaterThan(fair + 0.25);
      expect(expert.scoreDiff.mean - expert.scoreDiff.ci95).toBeGreaterThan(0);
      expect(r.levels.find((l) => l.level === 'random')!.scoreDiff.mean).toBeLessThan(0);
    });
  }
});

describe('solitaires have their own evaluation (MT-9, MT-10)', () => {
  it('a MATCHET solitaire is recognised by its options', () => {
    expect(isSolitaire(matchet, { mode: 'reserve' })).toBe(true);
    expect(isSolitaire(matchet, { mode: 'stacks' })).toBe(true);
    expect(isSolitaire(matchet)).toBe(false);
    expect(isSolitaire(matchmaster)).toBe(false);
  });

  it('Solitaire A with two entrants (it used to crash): each plays every deal alone, against the solver', async () => {
    const deals = 8;
    const r = (await runArena({
      game: matchet,
      lineup: ['expert', 'random'],
      games: 2 * deals,
      seed: 'solo',
      options: { mode: 'reserve' },
    })) as SolitaireArenaReport;
    expect(r.kind).toBe('solitaire');
    expect(r.deals).toBe(deals);
    expect(r.games).toBe(2 * deals);
    expect(numbers(r).every(Number.isFinite)).toBe(true);
    // The solver's verdicts are those of the engine's solver on the same deals.
    let winnable = 0;
    for (let d = 0; d < deals; d++) {
      const s = matchet.setup({ players: 1, seed: `solo:${d}`, options: { mode: 'reserve' } });
      if (!s.ok) throw new Error(s.error.message);
      if (solveMatchet(s.value, { maxNodes: 2_000_000 }).status === 'win') winnable++;
    }
    const solver = r.solver!;
    expect(solver.winnable).toBe(winnable);
    expect(solver.winnable + solver.unwinnable + solver.open).toBe(deals);
    expect(solver.winRate.mean).toBeCloseTo(winnable / deals, 12);
    // MT-9: most deals cannot be won at all; nobody wins a deal the solver proves lost.
    expect(solver.unwinnable).toBeGreaterThan(0);
    for (const e of r.entrants) {
      expect(e.winRate.mean).toBeCloseTo(e.won / deals, 12);
      expect(e.won).toBeLessThanOrEqual(solver.winnable + solver.open);
      expect(e.wonOfWinnable).toBeLessThanOrEqual(e.won);
      expect(e.won - e.wonOfWinnable).toBeLessThanOrEqual(solver.open);
      expect(e.winRate.mean).toBeLessThan(1);
      expect(e.gapToSolver!.mean).toBeLessThanOrEqual(0);
      // The score of a solitaire is the tiles placed: never more than 36, and a loss leaves some.
      expect(e.score.mean).toBeGreaterThan(0);
      expect(e.score.mean).toBeLessThan(36);
    }
    const text = formatArena(r);
    expect(text).toContain('solitaire');
    expect(text).toContain(`${solver.winnable} winnable`);
    expect(text).not.toContain('NaN');
    expect(text).not.toContain('100.0%');
  });

  it('Solitaire B: the expert wins every deal the solver proves winnable; random does not', async () => {
    const r = (await runArena({
      game: matchet,
      lineup: ['expert', 'random'],
      games: 8,
      seed: 'solB',
      options: { mode: 'stacks' },
    })) as SolitaireArenaReport;
    const [expert, random] = r.entrants;
    expect(expert!.wonOfWinnable).toBe(r.solver!.winnable);
    expect(random!.won).toBeLessThan(expert!.won);
  });
});

describe('line-ups with pieces of knowledge switched off', () => {
  it('parses level-piece entries and refuses unknown levels and pieces', async () => {
    expect(parseBotSpec('matchmaster', 'expert-endgame-infer')).toMatchObject({ ok: true, level: 'expert' });
    expect(parseBotSpec('matchmaster', 'medium')).toMatchObject({ ok: true, level: 'medium' });
    const two = parseBotSpec('matchmaster', 'expert-infer-count');
    expect(two.ok && [...two.off]).toEqual(['infer', 'count']);
    expect(parseBotSpec('matchmaster', 'expert-telepathy')).toMatchObject({ ok: false });
    expect(parseBotSpec('matchmaster', 'grandmaster')).toMatchObject({ ok: false });
    expect(parseBotSpec('match', 'expert-endgame')).toMatchObject({ ok: false });
    expect(() => createBotFromSpec('matchmaster', 'hard-nothing', 's')).toThrow(/nothing/);
    // The plain heuristic (no counting) plays a legal game and the report names the entry.
    const r = (await runArena({
      game: matchmaster,
      lineup: ['medium', 'medium-count'],
      games: 2,
      seed: 'spec',
      options: { handSizes: [3, 2] },
    })) as MatchArenaReport;
    expect(r.entrants.map((e) => e.level)).toEqual(['medium', 'medium-count']);
    expect(formatArena(r)).toContain('medium-count');
  });
});
