/**
 * Bots on the players' scale (docs/server.md, "Bots on the players' scale"): the rating shown is
 * 1500 + 40 x (mu - 3 sigma - 16), the figures kept from before move to it (migration 0011), and
 * every bot level's rating in every game is served for the lobby, the tables and the leaderboard.
 */
import { describe, expect, it } from 'vitest';
import { BOT_LEVELS, MatchboxClient } from '@matchbox/client';
import { gameIds } from '@matchbox/engine';
import { migrations, openDb } from '../src/db.ts';
import { BOT_PRIORS, NEW_PLAYER, displayRating, isRatedFormat } from '../src/ratings.ts';
import { startTestServer } from './helpers.ts';

describe("the players' scale", () => {
  it('maps the ordinal linearly: the medium prior is 1500, a point of mu - 3 sigma is 40', () => {
    expect(displayRating(BOT_PRIORS.medium!)).toBe(1500);
    expect(displayRating(NEW_PLAYER)).toBe(860);
    expect(BOT_LEVELS.map((l) => displayRating(BOT_PRIORS[l]!))).toEqual([1020, 1260, 1500, 1620, 1740]);
    expect(displayRating({ mu: 26, sigma: 3 }) - displayRating({ mu: 25, sigma: 3 })).toBe(40);
  });

  it('moves the figures kept with finished games to the scale (migration 0011)', async () => {
    const { db } = await openDb({ sqliteFile: ':memory:' });
    try {
      const row = (table: string, rated: number, before: number | null, after: number | null) => ({
        table_id: table,
        seat: 0,
        game: 'matchmaster',
        player: 'a:x',
        rank: 1,
        score: 0,
        rated,
        rating_before: before,
        rating_after: after,
        stats: '{}',
        players: 2,
        finished_at: 0,
      });
      await db
        .insertInto('game_results')
        .values([row('old', 1, 0, 16.2), row('unrated', 0, null, null)])
        .execute();
      await migrations['0011_ratings_players_scale']!.up(db as never);
      const rows = await db.selectFrom('game_results').selectAll().orderBy('table_id').execute();
      expect(rows.map((r) => [r.table_id, r.rating_before, r.rating_after])).toEqual([
        ['old', 860, 1508],
        ['unrated', null, null],
      ]);
    } finally {
      await db.destroy();
    }
  });

  it('serves every bot level of every game on the scale, at its prior until it plays', async () => {
    const server = await startTestServer();
    try {
      const ratings = await new MatchboxClient(server.url).botRatings();
      expect(Object.keys(ratings.games).sort()).toEqual([...gameIds()].sort());
      for (const game of gameIds())
        expect(ratings.games[game]).toEqual({
          random: 1020,
          easy: 1260,
          medium: 1500,
          hard: 1620,
          expert: 1740,
        });
      const board = await new MatchboxClient(server.url).leaderboard('matchmaster');
      expect(board.entries.find((e) => e.name === 'expert')?.rating).toBe(1740);
    } finally {
      await server.stop();
    }
  });
});

describe('rated formats', () => {
  it("Sweet16's standard game is one grid: a game of several grids (S16-X11) moves no rating", () => {
    expect(isRatedFormat('sweet16', {})).toBe(true);
    expect(isRatedFormat('sweet16', { grids: 1 })).toBe(true);
    expect(isRatedFormat('sweet16', { grids: 3 })).toBe(false);
  });
});
