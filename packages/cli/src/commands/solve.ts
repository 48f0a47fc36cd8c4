/**
 * `matchbox solve <game> ...`: the exact solver of a game that has one (its terminal plugin's
 * `solver`, in its folder); without a game, the first game that has one.
 */
import { usageError } from '../args.ts';
import { CLI_GAMES, cliPlugin } from '../games/index.ts';
import type { GameCommand } from '../games/plugin.ts';

const SOLVERS: readonly GameCommand[] = CLI_GAMES.flatMap((p) => (p.solver ? [p.solver] : []));

/** The help lines of every game's solver. */
export const SOLVE_HELP = SOLVERS.map((s) => s.help).join('\n  ');

export async function solveCommand(argv: string[]): Promise<number> {
  const first = argv[0];
  const game = first !== undefined && !first.startsWith('-') ? first : undefined;
  const solver = game === undefined ? SOLVERS[0] : cliPlugin(game)?.solver;
  if (!solver) {
    return usageError(
      `Only ${SOLVERS.map((s) => s.what).join(' and ')} have a solver.`,
      SOLVERS.map((s) => s.usage).join('\n'),
    );
  }
  return solver.run(argv);
}
