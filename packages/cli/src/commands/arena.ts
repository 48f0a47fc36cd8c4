/**
 * `matchbox arena <game> --bots expert,medium,medium,medium --games N --seed S [--json]`: bots
 * against bots with every seat rotation over the same deals, reporting win rates and mean score
 * differences with 95% confidence intervals (see packages/bots/src/arena.ts).
 */
import { getGame, gameIds } from '@matchbox/engine';
import { BOT_LEVELS, formatArena, isBotLevel, runArena } from '@matchbox/bots';
import type { BotLevel } from '@matchbox/bots';
import { flag, gameOptions, hasFlag, intFlag, parseArgs } from '../args.ts';
import { ProgressBar } from '../progress.ts';

export const ARENA_USAGE = `usage: matchbox arena <game> --bots level,level,... [--games N] [--seed S] [--opt name=value] [--time-caps] [--json]
  levels: ${BOT_LEVELS.join(', ')}; one per seat (the number of players)
  every deal is played once per seat rotation, so --games is rounded up to a multiple of the players
  searches run their full iteration budget (reproducible); --time-caps keeps the live-play time caps`;

export async function arenaCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (hasFlag(args, 'help')) {
    console.log(ARENA_USAGE);
    return 0;
  }
  const id = args.positionals[0];
  const game = id ? getGame(id) : undefined;
  if (!game) {
    console.error(
      `${id ? `Unknown game "${id}"` : 'Name a game'} (games: ${gameIds().join(', ')}).\n${ARENA_USAGE}`,
    );
    return 2;
  }
  const lineup = (flag(args, 'bots') ?? '').split(',').filter((x) => x !== '');
  const bad = lineup.find((l) => !isBotLevel(l));
  if (bad !== undefined || lineup.length === 0) {
    console.error(
      `--bots needs a comma-separated list of levels (${BOT_LEVELS.join(', ')})${bad ? `, not "${bad}"` : ''}.`,
    );
    return 2;
  }
  if (lineup.length < game.meta.minPlayers || lineup.length > game.meta.maxPlayers) {
    console.error(
      `${game.meta.name} is for ${game.meta.minPlayers} to ${game.meta.maxPlayers} players; --bots lists ${lineup.length}.`,
    );
    return 2;
  }
  const games = intFlag(args, 'games', 100);
  if (!games.ok) {
    console.error(games.error.message);
    return 2;
  }
  const options = gameOptions(game, args);
  if (!options.ok) {
    console.error(options.error.message);
    return 2;
  }
  const json = hasFlag(args, 'json');
  const seed = flag(args, 'seed') ?? 'arena';
  const total = Math.ceil(Math.max(1, games.value) / lineup.length) * lineup.length;
  const bar = new ProgressBar(
    total,
    `arena ${game.meta.id}`,
    process.stderr.isTTY === true && !hasFlag(args, 'no-progress'),
  );
  const report = await runArena({
    game,
    lineup: lineup as BotLevel[],
    games: games.value,
    seed,
    timeCaps: hasFlag(args, 'time-caps'),
    ...(Object.keys(options.value).length > 0 ? { options: options.value } : {}),
    onProgress: (done) => bar.update(done),
  });
  bar.finish();
  console.log(json ? JSON.stringify(report) : formatArena(report));
  return 0;
}
