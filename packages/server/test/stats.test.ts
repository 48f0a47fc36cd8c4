/**
 * The per-seat figures of finished games (stats.ts) on seeded random playouts of every game, and
 * their sums per player: MatchMaster hands, exact bids (MM-9) and points; MATCH! rounds won
 * (MA-10); Sweet16 banks (S16-8); MATCHET rounds won (MT-7) and solitaires solved.
 */
import type { AnyGame, GameResult } from '@matchbox/engine';
import { Rng, gameIds, getGame } from '@matchbox/engine';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SeatFigures } from '../src/stats.ts';
import { serverPlugin } from '../src/games/index.ts';
import { seatFigures, summarize } from '../src/stats.ts';
import { PLAYER_STATS } from '../../client/test/player-stats.ts';

/** Plays random legal actions to the end; the final public view and result. */
function playout(
  id: string,
  players: number,
  seed: string,
  options: Record<string, string | number[]> = {},
): { view: unknown; result: GameResult } {
  const game = getGame(id) as AnyGame;
  const made = game.setup({ players, seed, options });
  if (!made.ok) throw new Error(made.error.message);
  const state = made.value;
  const rng = Rng.fromSeed(`${seed}:moves`);
  for (let i = 0; i < 20_000 && !game.isOver(state); i++) {
    const seat = game.toAct(state)[0]!;
    const legal = game.legalActions(state, seat);
    const error = game.applyInPlace(state, seat, legal[rng.int(legal.length)]);
    if (error) throw new Error(error.message);
  }
  return { view: game.view(state, null), result: game.result(state)! };
}

const figures = (id: string, p: { view: unknown; result: GameResult }, players: number) =>
  Array.from({ length: players }, (_, seat) => seatFigures(id, p.view, p.result, seat));

describe('per-seat figures of finished games', () => {
  it('MatchMaster: one row per hand; an exact bid scores 10 + tricks, so points add up', () => {
    const game = playout('matchmaster', 3, 'mm', { handSizes: [2, 1, 2] });
    const f = figures('matchmaster', game, 3);
    for (const [seat, s] of f.entries()) {
      expect(s.hands).toBe(3);
      expect(s.exactBids).toBeGreaterThanOrEqual(0);
      expect(s.exactBids).toBeLessThanOrEqual(3);
      expect(s.points).toBe(game.result.scores[seat]);
    }
  });

  it('MATCH!: every round has at least one winner', () => {
    const game = playout('match', 2, 'ma');
    const rounds = (game.view as { rounds: unknown[] }).rounds.length;
    const won = figures('match', game, 2).reduce((a, s) => a + Number(s.roundsWon), 0);
    expect(rounds).toBeGreaterThan(0);
    expect(won).toBeGreaterThanOrEqual(rounds);
  });

  it('Sweet16: the bank is the final score', () => {
    const game = playout('sweet16', 3, 's16');
    expect(figures('sweet16', game, 3).map((s) => s.bank)).toEqual(game.result.scores);
  });

  it('MATCHET: rounds won by playing out; a solitaire is solved or not', () => {
    const multi = playout('matchet', 2, 'mt');
    const history = (multi.view as { history: { winner: number | null }[] }).history;
    const won = figures('matchet', multi, 2).reduce((a, s) => a + Number(s.roundsWon), 0);
    expect(won).toBe(history.filter((r) => r.winner !== null).length);
    const solo = playout('matchet', 1, 'solB', { mode: 'stacks' });
    expect(figures('matchet', solo, 1)).toEqual([{ solitaire: true, solved: solo.result.solo!.won }]);
  });
});

const row = (game: string, rank: number, stats: SeatFigures, score = 0) => ({ game, rank, score, stats });

describe("a player's stats", () => {
  it('adds the figures up per game', () => {
    const stats = summarize([
      row('matchmaster', 1, { hands: 13, exactBids: 5, points: 60 }),
      row('matchmaster', 2, { hands: 13, exactBids: 3, points: 20 }),
      row('match', 1, { roundsWon: 2 }),
      row('sweet16', 2, { bank: 14 }),
      row('sweet16', 1, { bank: 21 }),
      row('matchet', 1, { solitaire: true, solved: true }),
      row('matchet', 1, { solitaire: true, solved: false }),
      row('matchet', 1, { roundsWon: 3 }),
    ]);
    // The web's profile test and the client's answer check take these very stats.
    expect(stats).toEqual(PLAYER_STATS);
  });

  it('leaves out what a player never played: rounds of only solitaires, solitaires of none', () => {
    const [solo] = summarize([row('matchet', 1, { solitaire: true, solved: true })]);
    expect(solo).toEqual({
      game: 'matchet',
      games: 1,
      wins: 0,
      figures: [{ name: 'solitairesSolved', value: 1, of: 1 }],
    });
    const [multi] = summarize([row('matchet', 2, { roundsWon: 1 })]);
    expect(multi!.figures).toEqual([{ name: 'roundsWon', value: 1 }]);
  });

  it("reads rows stored before the figures were the games' own (the same JSON, unchanged)", () => {
    // game_results.stats as the server has always written it: no migration is needed.
    const stored = ['{"hands":13,"exactBids":5,"points":60}', '{"solitaire":true,"solved":false}'];
    const [mt, mm] = summarize([
      row('matchmaster', 1, JSON.parse(stored[0]!) as SeatFigures),
      row('matchet', 1, JSON.parse(stored[1]!) as SeatFigures),
    ]);
    expect(mm!.figures.map((f) => f.value)).toEqual([13, 5, 4.62]);
    expect(mt!.figures).toEqual([{ name: 'solitairesSolved', value: 0, of: 1 }]);
  });

  it('a game without a plugin gets games and wins, no figures', () => {
    expect(summarize([row('fifth', 1, { anything: 3 })])).toEqual([
      { game: 'fifth', games: 1, wins: 1, figures: [] },
    ]);
  });
});

describe('the game plugins', () => {
  it('every game of the engine registry has its figures, from its own folder', () => {
    for (const id of gameIds()) expect(serverPlugin(id)?.id, id).toBe(id);
  });

  it('a seat stores only the figures its plugin declares, and the profile shows only declared ones', () => {
    const plays: Record<string, { view: unknown; result: GameResult }[]> = {
      matchmaster: [playout('matchmaster', 3, 'mm2', { handSizes: [2, 1] })],
      match: [playout('match', 2, 'ma2')],
      sweet16: [playout('sweet16', 2, 's162')],
      matchet: [playout('matchet', 2, 'mt2'), playout('matchet', 1, 'solB2', { mode: 'stacks' })],
    };
    for (const id of gameIds()) {
      const plugin = serverPlugin(id)!;
      const rows = (plays[id] ?? []).flatMap((p) =>
        figures(id, p, p.result.scores.length).map((stats) => row(id, 1, stats)),
      );
      expect(rows.length, id).toBeGreaterThan(0);
      for (const r of rows)
        for (const name of Object.keys(r.stats)) expect(plugin.rowFigures, id).toContain(name);
      const shown = summarize(rows)[0]!.figures.map((f) => f.name);
      expect(shown.length, id).toBeGreaterThan(0);
      for (const name of shown) expect(plugin.profileFigures, id).toContain(name);
    }
  });

  it("every figure a profile shows has the game's words, in English and German", () => {
    for (const id of gameIds())
      for (const lang of ['en', 'de']) {
        const words = JSON.parse(
          readFileSync(new URL(`../../web/src/i18n/locales/${lang}/${id}.json`, import.meta.url), 'utf8'),
        ) as { figures?: Record<string, unknown> };
        for (const name of serverPlugin(id)!.profileFigures)
          expect(typeof words.figures?.[name], `${lang}/${id}.json figures.${name}`).toBe('string');
      }
  });

  it('only an open solitaire may ask the solver: MATCHET’s Solitaire B (MT-10)', () => {
    expect(serverPlugin('matchet')?.solvable?.({ mode: 'stacks' })).toBe(true);
    for (const mode of ['multi', 'reserve'])
      expect(serverPlugin('matchet')?.solvable?.({ mode })).toBe(false);
    for (const id of gameIds().filter((g) => g !== 'matchet'))
      expect(serverPlugin(id)?.solvable, id).toBeUndefined();
  });
});
