/**
 * `matchbox simulate <game> --games N --players P --seed S [--json]`: seeded random games with
 * summary statistics (scores, winners per seat, game length).
 */
import { Rng, getGame } from '@matchbox/engine';
import { randomPlayout } from '@matchbox/engine/harness';
import { flag, gameOptions, hasFlag, intFlag, parseCommandLine, usageError } from '../args.ts';
import { ProgressBar } from '../progress.ts';
import { fmt, summarize } from '../stats.ts';

const USAGE =
  'usage: matchbox simulate <game> [--games N] [--players P] [--seed S] [--opt name=value] [--json]';

export async function simulateCommand(argv: string[]): Promise<number> {
  const parsed = parseCommandLine(argv, {
    values: ['games', 'players', 'seed'],
    switches: ['json'],
    positionals: 1,
    gameOptions: true,
  });
  if (!parsed.ok) return usageError(parsed.error.message, USAGE);
  const args = parsed.value;
  if (hasFlag(args, 'help')) {
    console.log(USAGE);
    return 0;
  }
  const id = args.positionals[0];
  const game = getGame(id ?? '');
  if (!game) return usageError(id === undefined ? 'Which game?' : `Unknown game "${id}".`, USAGE);
  const games = intFlag(args, 'games', 100);
  if (!games.ok) return usageError(games.error.message, USAGE);
  const players = intFlag(args, 'players', game.meta.defaultPlayers);
  if (!players.ok) return usageError(players.error.message, USAGE);
  const options = gameOptions(game, args);
  if (!options.ok) return usageError(options.error.message, USAGE);
  const seed = flag(args, 'seed') ?? 'simulate';
  const json = hasFlag(args, 'json');
  const n = players.value;
  const scores: number[][] = Array.from({ length: n }, () => []);
  const all: number[] = [];
  const wins = new Array<number>(n).fill(0);
  const lengths: number[] = [];
  /** Solitaires: how many deals were won (the share of deals won is the win rate). */
  let soloGames = 0;
  let soloWon = 0;
  const bar = new ProgressBar(
    games.value,
    `simulate ${game.meta.id}`,
    !json && process.stderr.isTTY === true,
  );
  const rng = Rng.fromSeed(`simulate:${seed}`);
  const start = performance.now();
  for (let g = 0; g < games.value; g++) {
    const setup = game.setup({ players: n, seed: `${seed}:${g}`, options: options.value });
    if (!setup.ok) {
      console.error(`${setup.error.message} (${setup.error.code})`);
      return 2;
    }
    lengths.push(randomPlayout(game, setup.value, rng));
    const result = game.result(setup.value)!;
    for (let s = 0; s < n; s++) {
      scores[s]!.push(result.scores[s]!);
      all.push(result.scores[s]!);
    }
    for (const w of result.winners) wins[w]! += 1 / result.winners.length;
    if (result.solo) {
      soloGames++;
      if (result.solo.won) soloWon++;
    }
    bar.update(g + 1);
  }
  bar.finish();
  const seconds = (performance.now() - start) / 1000;
  const perSeat = scores.map((s, seat) => ({ seat, ...summarize(s), winShare: wins[seat]! / games.value }));
  const report = {
    game: game.meta.id,
    players: n,
    games: games.value,
    seed,
    options: options.value,
    score: summarize(all),
    perSeat,
    length: summarize(lengths),
    ...(soloGames > 0 ? { solo: { games: soloGames, won: soloWon, winRate: soloWon / soloGames } } : {}),
    seconds,
  };
  if (json) {
    console.log(JSON.stringify(report));
    return 0;
  }
  console.log(
    `${game.meta.name}: ${games.value} random games, ${n} players, seed "${seed}" (${fmt(seconds)} s)`,
  );
  console.log(
    `Scores: mean ${fmt(report.score.mean)}, sd ${fmt(report.score.sd)}, min ${report.score.min}, max ${report.score.max}`,
  );
  console.log(
    `Game length (actions): mean ${fmt(report.length.mean, 1)}, min ${report.length.min}, max ${report.length.max}`,
  );
  if (report.solo) {
    console.log(
      `Solitaire: won ${report.solo.won} of ${report.solo.games} deals (${(report.solo.winRate * 100).toFixed(1)}%)`,
    );
    return 0;
  }
  console.log('seat   mean score    sd      min    max   win share');
  for (const p of perSeat) {
    console.log(
      `${String(p.seat).padStart(4)} ${fmt(p.mean).padStart(12)} ${fmt(p.sd).padStart(6)} ${String(p.min).padStart(7)} ${String(p.max).padStart(6)} ${(p.winShare * 100).toFixed(1).padStart(10)}%`,
    );
  }
  return 0;
}
