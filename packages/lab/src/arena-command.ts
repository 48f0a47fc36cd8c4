/**
 * `npm run arena -- <game> --bots expert,medium,medium,medium --games N --seed S [--json]`: bots
 * against bots with every seat rotation over the same deals, reporting win rates and mean score
 * differences with 95% confidence intervals (arena.ts).
 *
 * `npm run arena -- matchmaster --share expert,seer --vs medium --games N --seed S`: the share of
 * the all-seeing evaluation bot's gain over `medium` that the expert captures, both playing the
 * same deals against three medium (share.ts).
 */
import type { AnyGame } from '@matchbox/engine';
import { getGame, gameIds } from '@matchbox/engine';
import { BOT_LEVELS } from '@matchbox/bots';
import type { ParsedArgs } from '@matchbox/cli/args';
import { flag, gameOptions, hasFlag, intFlag, parseCommandLine, usageError } from '@matchbox/cli/args';
import { ProgressBar } from '@matchbox/cli/progress';
import { formatArena, parseArenaEntry, runArena } from './arena.ts';
import { formatShare, runShare } from './share.ts';

export const ARENA_USAGE = `usage: npm run arena -- <game> --bots level,level,... [--games N] [--seed S] [--opt name=value] [--time-caps] [--json]
       npm run arena -- matchmaster --share level,seer --vs level [--players N] [--games N] [--seed S] [--json]
  levels: ${BOT_LEVELS.join(', ')}; one per seat (the number of players); a level may switch pieces
  of knowledge off to measure them, e.g. expert-endgame-infer
  (MatchMaster: endgame, infer, match, count; Sweet16: duel, the duel's own bots)
  seer (MatchMaster, evaluation only): an expert that sees every hand and the bids already made
  every deal is played once per seat rotation, so --games is rounded up to a multiple of the players
  --share A,B --vs C: A and B each play --games games against players-1 copies of C (default 4
  players) on the same deals; reports the share of B's points/hand over C that A captures
  searches run their full iteration budget (reproducible); --time-caps keeps the live-play time caps`;

const entryError = (game: AnyGame, what: string, bad: string | undefined): string => {
  const why = bad !== undefined ? parseArenaEntry(game.meta.id, bad) : null;
  return `${what} needs a comma-separated list of levels (${BOT_LEVELS.join(', ')})${bad !== undefined ? `, not "${bad}"` : ''}${why && !why.ok ? ` (${why.message})` : ''}.`;
};

export async function arenaCommand(argv: string[]): Promise<number> {
  const parsed = parseCommandLine(argv, {
    values: ['bots', 'games', 'seed', 'share', 'vs', 'players'],
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
  if (flag(args, 'share') !== undefined) return await shareCommand(game, args);
  if (flag(args, 'vs') !== undefined || flag(args, 'players') !== undefined) {
    return usageError('--vs and --players go with --share.', ARENA_USAGE);
  }
  const bots = flag(args, 'bots');
  const lineup = bots === undefined ? [] : bots.split(',');
  const bad = lineup.find((l) => !parseArenaEntry(game.meta.id, l).ok);
  if (bad !== undefined || lineup.length === 0) {
    return usageError(entryError(game, '--bots', bad), ARENA_USAGE);
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

async function shareCommand(game: AnyGame, args: ParsedArgs): Promise<number> {
  if (flag(args, 'bots') !== undefined) return usageError('--share replaces --bots.', ARENA_USAGE);
  const pair = flag(args, 'share')!.split(',');
  const bad = pair.find((l) => !parseArenaEntry(game.meta.id, l).ok);
  if (pair.length !== 2 || bad !== undefined) {
    return usageError(
      `--share takes two entries, the measured one and the yardstick (e.g. expert,seer)${bad !== undefined ? `: ${entryError(game, '--share', bad)}` : '.'}`,
      ARENA_USAGE,
    );
  }
  const baseline = flag(args, 'vs');
  if (baseline === undefined || !parseArenaEntry(game.meta.id, baseline).ok) {
    return usageError(entryError(game, '--vs', baseline), ARENA_USAGE);
  }
  const players = intFlag(args, 'players', 4, 2);
  if (!players.ok) return usageError(players.error.message, ARENA_USAGE);
  if (players.value < game.meta.minPlayers || players.value > game.meta.maxPlayers) {
    return usageError(
      `${game.meta.name} is for ${game.meta.minPlayers} to ${game.meta.maxPlayers} players, not ${players.value}.`,
      ARENA_USAGE,
    );
  }
  const games = intFlag(args, 'games', 100);
  if (!games.ok) return usageError(games.error.message, ARENA_USAGE);
  const options = gameOptions(game, args);
  if (!options.ok) return usageError(options.error.message, ARENA_USAGE);
  const perEntrant = Math.ceil(games.value / players.value) * players.value;
  const bar = new ProgressBar(
    2 * perEntrant,
    `arena ${game.meta.id} share`,
    process.stderr.isTTY === true && !hasFlag(args, 'no-progress'),
  );
  const report = await runShare({
    game,
    candidate: pair[0]!,
    reference: pair[1]!,
    baseline,
    players: players.value,
    games: games.value,
    seed: flag(args, 'seed') ?? 'arena',
    timeCaps: hasFlag(args, 'time-caps'),
    ...(Object.keys(options.value).length > 0 ? { options: options.value } : {}),
    onProgress: (done) => bar.update(done),
  });
  bar.finish();
  console.log(hasFlag(args, 'json') ? JSON.stringify(report) : formatShare(report));
  return 0;
}
