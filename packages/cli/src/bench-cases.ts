/**
 * The random-playout benchmark cases of `npm run bench`, one or more per game, from each game's
 * terminal plugin (games/<game>); the bench runs them all (or `--game <id>`).
 */
import { CLI_GAMES } from './games/index.ts';

export type { BenchCase } from './games/plugin.ts';

export const BENCH_CASES = CLI_GAMES.flatMap((p) => p.benchCases);
