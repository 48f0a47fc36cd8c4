/**
 * Measures the bot levels on the players' scale: a round robin of two-player games of one game's
 * rated format, every pair of levels on the same deals in both seatings, each game rated with the
 * server's own rule (ratings.ts `newRatings`) and every level starting where a new member starts
 * (mu 25, sigma 25/3), so the figures come from the games alone and can be set beside the priors
 * the server starts its bots from (`BOT_PRIORS`). docs/server.md ("Bots on the players' scale")
 * keeps the figures of a run.
 *
 *   npx tsx --conditions=matchbox-source packages/server/scripts/bot-ratings.ts \
 *     [--game matchmaster] [--levels random,easy,medium,hard,expert] [--deals 3] [--seed s]
 */
import { parseArgs } from 'node:util';
import { createBot, playGame } from '@matchbox/bots';
import type { BotLevelName } from '@matchbox/client/wire';
import { getGame } from '@matchbox/engine';
import { BOT_PRIORS, NEW_PLAYER, displayRating, newRatings } from '../src/ratings.ts';

const { values } = parseArgs({
  options: {
    game: { type: 'string', default: 'matchmaster' },
    levels: { type: 'string', default: 'random,easy,medium,hard,expert' },
    deals: { type: 'string', default: '3' },
    seed: { type: 'string', default: 'bot-ratings' },
  },
});
const gameId = values.game;
const game = getGame(gameId);
if (!game) throw new Error(`unknown game ${gameId}`);
const levels = values.levels.split(',') as BotLevelName[];
const deals = Number(values.deals);

const ratings = new Map(levels.map((l) => [`bot:${l}`, { ...NEW_PLAYER }]));
const tally = new Map(levels.map((l) => [l, { games: 0, wins: 0, ms: 0 }]));
const started = Date.now();
for (let i = 0; i < levels.length; i++)
  for (let j = i + 1; j < levels.length; j++)
    for (let d = 0; d < deals; d++)
      for (const seating of [
        [levels[i]!, levels[j]!],
        [levels[j]!, levels[i]!],
      ]) {
        const seed = `${values.seed}:${levels[i]}-${levels[j]}:${d}`;
        const bots = seating.map((l, seat) => createBot(gameId, l, `${seed}:${seat}`));
        const t0 = Date.now();
        const { result } = await playGame(game, { players: 2, seed, options: {} }, bots);
        const players = seating.map((l) => `bot:${l}`);
        for (const [p, r] of newRatings(players, ratings, result)) ratings.set(p, r);
        seating.forEach((l, seat) => {
          const t = tally.get(l)!;
          t.games++;
          t.ms += Date.now() - t0;
          if (result.ranks[seat] === 1) t.wins += 1 / result.ranks.filter((r) => r === 1).length;
        });
      }

console.log(
  `${gameId}, 2 players, ${deals} deals per pair in both seatings, ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
console.log('| level | games | wins | mu | sigma | measured | prior | prior mu, sigma |');
console.log('| --- | --: | --: | --: | --: | --: | --: | --- |');
for (const l of levels) {
  const r = ratings.get(`bot:${l}`)!;
  const t = tally.get(l)!;
  const prior = BOT_PRIORS[l]!;
  console.log(
    `| ${l} | ${t.games} | ${t.wins.toFixed(1)} | ${r.mu.toFixed(2)} | ${r.sigma.toFixed(2)} | ${displayRating(r)} | ${displayRating(prior)} | ${prior.mu}, ${prior.sigma} |`,
  );
}
