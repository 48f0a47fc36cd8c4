/**
 * `matchbox arena <game> --bots expert,medium,medium,medium --games N --seed S [--json]`: bots
 * against bots with every seat rotation over the same deals, reporting win rates and mean score
 * differences with 95% confidence intervals (see packages/bots/src/arena.ts).
 */
import { getGame, gameIds } from '@matchbox/engine';
import { BOT_LEVELS, formatArena, parseBotSpec, runArena } from '@matchbox/bots';
import { flag, gameOptions, hasFlag, intFlag, parseCommandLine, usageError } from '../args.ts';
import { ProgressBar } from '../progress.ts';

export const ARENA_USAGE = `usage: matchbox arena <game> --bots level,level,... [--games N] [--seed S] [--opt name=value] [--time-caps] [--json]
  levels: ${BOT_LEVELS.join(', ')}; one per seat (the number of players); a level may switch pieces
  of knowledge off or on to measure them, e.g. expert-endgame-infer or expert+pairbid
  (MatchMaster: endgame, infer, match, count, pairbid)
  every deal is played once per seat rotation, so --games is rounded up to a multiple of the players
  searches run their full iteration budget (reproducible); --time-caps keeps the live-play time caps`;

export async function arenaCommand(argv: string[]): Promise<number> {
  const parsed = parseCommandLine(argv, {
    values: ['bots', 'games', 'seed'],
    switches: ['json', 'time-caps', 'no-progress'],
    positionals: 1,
    gameOptions: true,
  });
  if (!parsed.ok) return usageError(parsed.error.message, ARENA_USAGE);
  const args = parsed.value;
  if (hasFlag(args, 'help')) {
    console.log(ARENA_USAGE);
    return 0;
  }
  const id = args.positionals[0];
  const game = id ? getGame(id) : undefined;
  if (!game) {
    return usageError(
      `${id ? `Unknown game "${id}"` : 'Name a game'} (games: ${gameIds().join(', ')}).`,
      ARENA_USAGE,
    );
  }
  const bots = flag(args, 'bots');
  const lineup = bots === undefined ? [] : bots.split(',');
  const bad = lineup.find((l) => !parseBotSpec(game.meta.id, l).ok);
  if (bad !== undefined || lineup.length === 0) {
    const why = bad !== undefined ? parseBotSpec(game.meta.id, bad) : null;
    return usageError(
      `--bots needs a comma-separated list of levels (${BOT_LEVELS.join(', ')})${bad !== undefined ? `, not "${bad}"` : ''}${why && !why.ok ? ` (${why.message})` : ''}.`,
      ARENA_USAGE,
    );
  }
  if (lineup.length < game.meta.minPlayers || lineup.length > game.meta.maxPlayers) {
    return usageError(
      `${game.meta.name} is for ${game.meta.minPlayers} to ${game.meta.maxPlayers} players; --bots lists ${lineup.length}.`,
      ARENA_USAGE,
    );
  }
  const games = intFlag(args, 'games', 100);
  if (!games.ok) return usageError(games.error.message, ARENA_USAGE);
  const options = gameOptions(game, args);
  if (!options.ok) return usageError(options.error.message, ARENA_USAGE);
  const json = hasFlag(args, 'json');
  const seed = flag(args, 'seed') ?? 'arena';
  const total = Math.ceil(games.value / lineup.length) * lineup.length;
  const bar = new ProgressBar(
    total,
    `arena ${game.meta.id}`,
    process.stderr.isTTY === true && !hasFlag(args, 'no-progress'),
  );
  const report = await runArena({
    game,
    lineup,
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
