/**
 * Ratings per game (openskill's Plackett-Luce model: every player a mu and a sigma; shown on the
 * players' scale, `displayRating`: 1500 + 40 x (mu - 3 sigma - 16)), the leaderboards, and each finished game's results for the
 * profiles' histories and stats.
 *
 * A game is rated when it was a rated format (the standard game: `RATED_FORMATS`), had at least two
 * seats, every seat was either a member (an account holds the seat) or a bot from the start, and at
 * least one member played. Guests' games, solitaires, custom games (two hands of MatchMaster against
 * an easy bot) and games where a bot took over a member's seat count for the history but not for the
 * ratings. A member's rating is provisional for its first `PROVISIONAL_GAMES` rated games.
 *
 * Bots are rated too, one identity per level and game (`bot:<level>`), from the rated games they
 * play against members. They start from fixed priors (BOT_PRIORS) so that the leaderboard shows
 * every level from the first day; the priors' gaps follow the arena's measurements (an expert bot
 * wins 75 to 92% of two-player games against a medium one, packages/lab/EXPERIMENTS.md).
 */
import type { GameResult, Json } from '@matchbox/engine';
import { gameIds, getGame, resolveOptions } from '@matchbox/engine';
import type {
  BotRatings,
  HistoryEntry,
  Leaderboard,
  PlayerProfile,
  RatingEntry,
} from '@matchbox/client/wire';
import { BOT_LEVELS } from '@matchbox/client/wire';
import { ordinal, rate, rating } from 'openskill';
import type { Logger } from 'pino';
import type { AccountService } from './accounts.ts';
import type { Db, Dialect } from './db.ts';
import { isUniqueViolation } from './db.ts';
import { serverPlugin } from './games/index.ts';
import { seatFigures, summarize } from './stats.ts';
import type { SeatFigures } from './stats.ts';
import type { Leave } from './store.ts';
import type { FinishedTable } from './tables.ts';

/** A new member's rating: openskill's defaults (mu 25, sigma 25/3), shown as 860. */
export const NEW_PLAYER = { mu: 25, sigma: 25 / 3 };

/** Where each bot level starts, in every game (sigma 3: fairly sure, but it still moves). */
export const BOT_PRIORS: Readonly<Record<string, { mu: number; sigma: number }>> = {
  random: { mu: 13, sigma: 3 },
  easy: { mu: 19, sigma: 3 },
  medium: { mu: 25, sigma: 3 },
  hard: { mu: 28, sigma: 3 },
  expert: { mu: 31, sigma: 3 },
};

/**
 * The formats that move ratings: per game, the values its rated games may give each listed option
 * (an option not listed, such as who deals or starts first, may be anything), from the game's
 * server plugin (`ratedFormat`, games/<game>/index.ts). These are the standard games of the
 * rules; a shorter or custom game would let a rating be farmed with quick games against weak bots.
 */
export const RATED_FORMATS: Readonly<Record<string, Readonly<Record<string, readonly Json[]>>>> =
  Object.fromEntries(
    gameIds().flatMap((id) => {
      const format = serverPlugin(id)?.ratedFormat;
      return format ? [[id, format]] : [];
    }),
  );

/** Whether a table's game and options are a rated format (`RATED_FORMATS`). */
export function isRatedFormat(game: string, options: Readonly<Record<string, unknown>>): boolean {
  const g = getGame(game);
  const format = RATED_FORMATS[game];
  if (!g || !format) return false;
  const resolved = resolveOptions(g.meta.options, options as Record<string, Json>);
  if (!resolved.ok) return false;
  return Object.entries(format).every(([name, allowed]) =>
    allowed.some((v) => JSON.stringify(v) === JSON.stringify(resolved.value[name] ?? null)),
  );
}

/** A member's rating is provisional (marked so, not yet ranked by it) for this many rated games. */
export const PROVISIONAL_GAMES = 10;

/**
 * A member is on a game's leaderboard only after rated games of it against this many different
 * members (bots do not count): a rating made against one or two friends, or against one's own
 * second account, ranks nobody. The member's profile shows the rating from the first game.
 */
export const LEADERBOARD_OPPONENTS = 5;

/**
 * The players' scale (docs/server.md, "Ratings"): a linear map of openskill's conservative ordinal
 * (mu - 3 sigma) to lichess-like numbers. The medium bot's prior (mu 25, sigma 3: ordinal 16) is
 * 1500, and one ordinal point is 40: for two ratings of sigma 3 the chance of beating a player d
 * points of mu below is about Phi(d / 7.3), and 40 d Elo points give about the same (6 points of
 * mu, the expert's prior over the medium's, are 80% either way). A new member
 * (mu 25, sigma 25/3, ordinal 0) starts at 860 and rises as their games make the rating surer.
 */
export const RATING_SCALE = { base: 1500, anchor: 16, perPoint: 40 } as const;

/** A rating on the players' scale (an integer; see `RATING_SCALE`). */
export function displayRating(r: { mu: number; sigma: number }): number {
  return Math.round(RATING_SCALE.base + RATING_SCALE.perPoint * (ordinal(r) - RATING_SCALE.anchor));
}

const shown = displayRating;
const priorOf = (player: string) =>
  player.startsWith('bot:') ? (BOT_PRIORS[player.slice(4)] ?? NEW_PLAYER) : NEW_PLAYER;

export class RatingService {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly accounts: AccountService,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a finished game: every seat's result and figures, and the rating changes if rated. */
  async recordFinished(table: FinishedTable): Promise<void> {
    const { record, game, state } = table;
    const result = game.result(state);
    if (!result) return;
    const members = await this.accounts.seatsOf(record.id);
    const players = record.seats.map((s, seat) => {
      // The account the seat was taken with (rated.ts decided with it), else the one it was kept in.
      const account = record.origins?.[seat]?.account ?? members.get(seat);
      if (account !== undefined && account !== null && s.kind === 'human') return `a:${account}`;
      if (account === undefined && s.kind === 'bot' && s.level) return `bot:${s.level}`;
      return 'guest';
    });
    // Someone left before the end (leaving.ts): rated alone for it, so for the others it is unrated.
    const someoneLeft = await this.someoneLeft(record.id);
    const allowed =
      isRatedFormat(record.game, record.options) &&
      record.players >= 2 &&
      !result.solo &&
      !players.includes('guest') &&
      players.some((p) => p.startsWith('a:')) &&
      !someoneLeft;
    // Decided when the game started (rated.ts); a table from before that was kept has no verdict.
    const rated = allowed && (record.rated === null || record.rated === undefined || record.rated.rated);
    const view: unknown = game.view(state, null);
    const figures = players.map((_, seat) => seatFigures(record.game, view, result, seat));
    const finishedAt = this.now();
    try {
      await this.db.transaction().execute(async (tx) => {
        const before = new Map<string, { mu: number; sigma: number }>();
        const after = new Map<string, { mu: number; sigma: number }>();
        if (rated) {
          const unique = [...new Set(players)];
          let q = tx
            .selectFrom('ratings')
            .selectAll()
            .where('game', '=', record.game)
            .where('player', 'in', unique);
          if (this.dialect === 'postgres') q = q.forUpdate();
          const rows = await q.execute();
          for (const p of unique) {
            const row = rows.find((r) => r.player === p);
            before.set(p, row ? { mu: Number(row.mu), sigma: Number(row.sigma) } : priorOf(p));
          }
          for (const [p, r] of newRatings(players, before, result)) after.set(p, r);
        }
        await tx
          .insertInto('game_results')
          .values(
            players.map((player, seat) => ({
              table_id: record.id,
              seat,
              game: record.game,
              player,
              rank: result.ranks[seat] ?? record.players,
              score: result.solo ? result.solo.score : (result.scores[seat] ?? 0),
              rated: rated ? 1 : 0,
              rating_before: rated ? shown(before.get(player)!) : null,
              rating_after: rated ? shown(after.get(player)!) : null,
              stats: JSON.stringify(figures[seat]),
              players: record.players,
              finished_at: finishedAt,
            })),
          )
          .execute();
        if (!rated) return;
        const counts = new Map<string, number>();
        for (const p of players) counts.set(p, (counts.get(p) ?? 0) + 1);
        for (const [player, r] of after) {
          await tx
            .insertInto('ratings')
            .values({ game: record.game, player, mu: r.mu, sigma: r.sigma, games: 1, updated_at: finishedAt })
            .onConflict((oc) =>
              oc.columns(['game', 'player']).doUpdateSet((eb) => ({
                mu: r.mu,
                sigma: r.sigma,
                games: eb('ratings.games', '+', 1),
                updated_at: finishedAt,
              })),
            )
            .execute();
        }
      });
    } catch (error) {
      if (isUniqueViolation(error)) return; // recorded already (the same finish seen twice)
      throw error;
    }
    if (rated) this.log.info({ table: record.id, game: record.game }, 'rated game recorded');
  }

  /** Whether anyone left a table's game before its end (the `leaves` kept by stand-ins.ts). */
  private async someoneLeft(tableId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('leaves')
      .select('person')
      .where('table_id', '=', tableId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Leaving's cost for a member (leaving.ts): a game that would have been rated rates the leaver
   * alone, as last place against the others as they stand (their ratings do not move). Returns the
   * leaver's shown rating before and after, or null when nothing was rated.
   */
  async rateLeaver(
    record: FinishedTable['record'],
    leave: Leave,
  ): Promise<{ before: number; after: number } | null> {
    if (!leave.person.startsWith('a:') || !isRatedFormat(record.game, record.options) || record.players < 2)
      return null;
    // Decided when the game started (rated.ts): an unrated game rates nobody, leaver or not.
    if (record.rated && !record.rated.rated) return null;
    const members = await this.accounts.seatsOf(record.id);
    const players = record.seats.map((s, seat) => {
      if (seat === leave.seat) return leave.person;
      const account = members.get(seat);
      if (account !== undefined && s.kind === 'human') return `a:${account}`;
      if (account === undefined && s.kind === 'bot' && s.level) return `bot:${s.level}`;
      return 'guest';
    });
    if (players.includes('guest')) return null;
    const rows = await this.db
      .selectFrom('ratings')
      .selectAll()
      .where('game', '=', record.game)
      .where('player', 'in', [...new Set(players)])
      .execute();
    const before = new Map(
      players.map((p) => {
        const row = rows.find((r) => r.player === p);
        return [p, row ? { mu: Number(row.mu), sigma: Number(row.sigma) } : priorOf(p)] as const;
      }),
    );
    // The leaver last, everybody else sharing first place; only the leaver's rating is kept.
    const ranks = players.map((_, seat) => (seat === leave.seat ? 2 : 1));
    const mine = newRatings(players, before, { ranks, scores: [], winners: [] }).get(leave.person)!;
    const at = this.now();
    await this.db
      .insertInto('ratings')
      .values({
        game: record.game,
        player: leave.person,
        mu: mine.mu,
        sigma: mine.sigma,
        games: 1,
        updated_at: at,
      })
      .onConflict((oc) =>
        oc.columns(['game', 'player']).doUpdateSet((eb) => ({
          mu: mine.mu,
          sigma: mine.sigma,
          games: eb('ratings.games', '+', 1),
          updated_at: at,
        })),
      )
      .execute();
    this.log.info({ table: record.id, player: leave.person }, 'leaver rated');
    return { before: shown(before.get(leave.person)!), after: shown(mine) };
  }

  /**
   * Records the games that finished since `since` (ms) without results: a node that died between
   * a game's last commit and its rating. Recording twice is harmless (the results' primary key
   * refuses the second, with its rating changes). Returns how many it recorded.
   */
  async catchUp(since: number, load: (id: string) => Promise<FinishedTable | null>): Promise<number> {
    const rows = await this.db
      .selectFrom('tables')
      .select('id')
      .where('status', '=', 'finished')
      .where('updated_at', '>=', since)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('game_results').select('seat').whereRef('game_results.table_id', '=', 'tables.id'),
          ),
        ),
      )
      .limit(200)
      .execute();
    let recorded = 0;
    for (const { id } of rows) {
      const table = await load(id);
      if (!table) continue;
      await this.recordFinished(table);
      recorded++;
    }
    return recorded;
  }

  /**
   * Everybody rated in a game, best first: the members who have played `LEADERBOARD_OPPONENTS`
   * different members in rated games of it, and every bot level, at its prior until it plays.
   */
  async leaderboard(game: string, limit = 100): Promise<Leaderboard | null> {
    if (!gameIds().includes(game)) return null;
    const rows = await this.db.selectFrom('ratings').selectAll().where('game', '=', game).execute();
    const ranked = await this.rankedMembers(game);
    const entries = await this.entries(
      game,
      rows.filter((r) => r.player.startsWith('bot:') || ranked.has(r.player)),
    );
    for (const level of BOT_LEVELS)
      if (!entries.some((e) => e.kind === 'bot' && e.name === level))
        entries.push(entry(game, 'bot', level, BOT_PRIORS[level]!, 0));
    entries.sort((a, b) => b.rating - a.rating || b.games - a.games || a.name.localeCompare(b.name));
    return { game, entries: entries.slice(0, limit).map((e, i) => ({ ...e, rank: i + 1 })) };
  }

  /** The members of a game who have met `LEADERBOARD_OPPONENTS` different members in rated games. */
  private async rankedMembers(game: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('game_results as me')
      .innerJoin('game_results as them', (j) =>
        j.onRef('them.table_id', '=', 'me.table_id').onRef('them.player', '<>', 'me.player'),
      )
      .select('me.player as player')
      .select((eb) => eb.fn.count<number>('them.player').distinct().as('opponents'))
      .where('me.game', '=', game)
      .where('me.rated', '=', 1)
      .where('me.player', 'like', 'a:%')
      .where('them.player', 'like', 'a:%')
      .groupBy('me.player')
      .having((eb) => eb.fn.count('them.player').distinct(), '>=', LEADERBOARD_OPPONENTS)
      .execute();
    return new Set(rows.map((r) => r.player));
  }

  /**
   * Every bot level's rating in every game on the players' scale, from its rated games (its prior
   * until it has played one): what the lobby's level choice and a table's bot seats show.
   */
  async botRatings(): Promise<BotRatings> {
    const rows = await this.db
      .selectFrom('ratings')
      .select(['game', 'player', 'mu', 'sigma'])
      .where('player', 'like', 'bot:%')
      .execute();
    const games: Record<string, Record<string, number>> = {};
    for (const game of gameIds()) {
      const levels: Record<string, number> = {};
      for (const level of BOT_LEVELS) {
        const row = rows.find((r) => r.game === game && r.player === `bot:${level}`);
        const r = row ? { mu: Number(row.mu), sigma: Number(row.sigma) } : BOT_PRIORS[level]!;
        levels[level] = displayRating(r);
      }
      games[game] = levels;
    }
    return { games };
  }

  /** A member's ratings, stats and latest finished games. */
  async profile(name: string): Promise<PlayerProfile | null> {
    const account = await this.accounts.byName(name);
    if (!account) return null;
    const player = `a:${account.id}`;
    const ratingRows = await this.db.selectFrom('ratings').selectAll().where('player', '=', player).execute();
    const results = await this.db
      .selectFrom('game_results')
      .selectAll()
      .where('player', '=', player)
      .orderBy('finished_at', 'desc')
      .limit(1000)
      .execute();
    const history: HistoryEntry[] = results.slice(0, 50).map((r) => ({
      tableId: r.table_id,
      game: r.game,
      players: Number(r.players),
      seat: Number(r.seat),
      rank: Number(r.rank),
      score: Number(r.score),
      rated: Boolean(r.rated),
      ratingBefore: r.rating_before === null ? null : Number(r.rating_before),
      ratingAfter: r.rating_after === null ? null : Number(r.rating_after),
      finishedAt: Number(r.finished_at),
    }));
    const ratings: RatingEntry[] = ratingRows
      .map((r) => entry(r.game, 'account', account.name, r, Number(r.games)))
      .sort((a, b) => a.game.localeCompare(b.game));
    return {
      name: account.name,
      createdAt: account.createdAt,
      ratings,
      stats: summarize(
        results.map((r) => ({
          game: r.game,
          rank: Number(r.rank),
          score: Number(r.score),
          stats: JSON.parse(r.stats) as SeatFigures,
        })),
      ),
      history,
    };
  }

  private async entries(
    game: string,
    rows: readonly { player: string; mu: number; sigma: number; games: number }[],
  ): Promise<RatingEntry[]> {
    const names = await this.accounts.names(
      rows.filter((r) => r.player.startsWith('a:')).map((r) => r.player.slice(2)),
    );
    const out: RatingEntry[] = [];
    for (const r of rows) {
      const games = Number(r.games);
      if (r.player.startsWith('bot:')) out.push(entry(game, 'bot', r.player.slice(4), r, games));
      else {
        const name = names.get(r.player.slice(2));
        if (name) out.push(entry(game, 'account', name, r, games));
      }
    }
    return out;
  }
}

function entry(
  game: string,
  kind: RatingEntry['kind'],
  name: string,
  r: { mu: number; sigma: number },
  games: number,
): RatingEntry {
  const mu = Number(r.mu);
  const sigma = Number(r.sigma);
  return {
    game,
    kind,
    name,
    mu: round2(mu),
    sigma: round2(sigma),
    rating: shown({ mu, sigma }),
    games,
    // A bot's level starts from a measured prior; a member's first games say little yet.
    provisional: kind === 'account' && games < PROVISIONAL_GAMES,
  };
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * The ratings after one game: every seat a team of one, ranked by the game's result (ties share a
 * rank). A bot level that held several seats gets the mean of its seats' new ratings.
 */
export function newRatings(
  players: readonly string[],
  before: ReadonlyMap<string, { mu: number; sigma: number }>,
  result: GameResult,
): Map<string, { mu: number; sigma: number }> {
  const teams = players.map((p) => [rating(before.get(p) ?? priorOf(p))]);
  const rated = rate(teams, { rank: players.map((_, seat) => result.ranks[seat] ?? players.length) });
  const sums = new Map<string, { mu: number; sigma: number; n: number }>();
  players.forEach((p, seat) => {
    const r = rated[seat]![0]!;
    const s = sums.get(p) ?? { mu: 0, sigma: 0, n: 0 };
    sums.set(p, { mu: s.mu + r.mu, sigma: s.sigma + r.sigma, n: s.n + 1 });
  });
  return new Map([...sums].map(([p, s]) => [p, { mu: s.mu / s.n, sigma: s.sigma / s.n }]));
}
