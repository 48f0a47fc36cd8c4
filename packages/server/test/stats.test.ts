/**
 * The per-seat figures of finished games (stats.ts) on seeded random playouts of every game, and
 * their sums per player: MatchMaster hands, exact bids (MM-9) and points; MATCH! rounds won
 * (MA-10); Sweet16 banks (S16-8); MATCHET rounds won (MT-7) and solitaires solved.
 */
import type { AnyGame, GameResult } from '@matchbox/engine';
import { Rng, gameIds, getGame } from '@matchbox/engine';
import { describe, expect, it } from 'vitest';
import type { SeatFigures } from '../src/stats.ts';
import { serverPlugin } from '../src/games/index.ts';
import { seatFigures, summarize } from '../src/stats.ts';

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
    const won = figures('match', game, 2).reduce((a, s) => a + s.roundsWon!, 0);
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
    const won = figures('matchet', multi, 2).reduce((a, s) => a + s.roundsWon!, 0);
    expect(won).toBe(history.filter((r) => r.winner !== null).length);
    const solo = playout('matchet', 1, 'solB', { mode: 'stacks' });
    expect(figures('matchet', solo, 1)).toEqual([{ solitaire: true, solved: solo.result.solo!.won }]);
  });
});

describe("a player's stats", () => {
  const row = (game: string, rank: number, stats: SeatFigures, score = 0) => ({ game, rank, score, stats });

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
    expect(stats).toEqual([
      { game: 'match', games: 1, wins: 1, roundsWon: 2 },
      { game: 'matchet', games: 3, wins: 1, roundsWon: 3, solitaires: 2, solitairesSolved: 1 },
      { game: 'matchmaster', games: 2, wins: 1, hands: 26, exactBids: 8, pointsPerHand: 3.08 },
      { game: 'sweet16', games: 2, wins: 1, averageBank: 17.5 },
    ]);
  });
});

describe('the game plugins', () => {
  it('every game of the engine registry has its figures, from its own folder', () => {
    for (const id of gameIds()) expect(serverPlugin(id)?.id, id).toBe(id);
  });

  it('only an open solitaire may ask the solver: MATCHET’s Solitaire B (MT-10)', () => {
    expect(serverPlugin('matchet')?.solvable?.({ mode: 'stacks' })).toBe(true);
    for (const mode of ['multi', 'reserve'])
      expect(serverPlugin('matchet')?.solvable?.({ mode })).toBe(false);
    for (const id of gameIds().filter((g) => g !== 'matchet'))
      expect(serverPlugin(id)?.solvable, id).toBeUndefined();
  });
});
