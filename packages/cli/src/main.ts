/**
 * The matchbox command. Without arguments it opens a menu of the games; otherwise:
 *   matchbox play <game>      play in the terminal against bots
 *   matchbox simulate <game>  random games with statistics
 *   matchbox engine           JSON-lines protocol on stdin/stdout (docs/protocol.md)
 *   matchbox bench            random-playout throughput per game
 *   matchbox games            the games and their options
 *   matchbox connect <link>   play a table on a matchbox server
 *   matchbox replay <file>    replay a record file (docs/records.md)
 *   matchbox analyse <file>   every decision of a finished game valued from its player's view
 *   matchbox reports          a server's open reports of players; `reports close <id>` closes one
 */
import { GAMES } from '@matchbox/engine';
import { analyseCommand } from './commands/analyse.ts';
import { benchCommand } from './commands/bench.ts';
import { connectCommand } from './commands/connect.ts';
import { engineCommand } from './commands/engine.ts';
import { gamesCommand } from './commands/games.ts';
import { menuCommand } from './commands/menu.ts';
import { playCommand } from './commands/play.ts';
import { replayCommand } from './commands/replay.ts';
import { reportsCommand } from './commands/reports.ts';
import { simulateCommand } from './commands/simulate.ts';
import { SOLVE_HELP, solveCommand } from './commands/solve.ts';

type Command = (args: string[]) => Promise<number>;

export const COMMANDS: Record<string, { run: Command; help: string }> = {
  play: { run: playCommand, help: 'play <game> [--players N] [--bots levels]   play in the terminal' },
  simulate: { run: simulateCommand, help: 'simulate <game> --games N --players P --seed S [--json]' },
  engine: { run: engineCommand, help: 'engine   JSON-lines protocol on stdin/stdout (docs/protocol.md)' },
  bench: { run: benchCommand, help: 'bench [--game id] [--json]   random-playout throughput' },
  games: { run: gamesCommand, help: 'games    list the games and their options' },
  connect: {
    run: connectCommand,
    help: 'connect <invite link | server URL> [--name N --game G --players P --open K]   play on a server',
  },
  replay: { run: replayCommand, help: 'replay <record file> [--step N] [--seat S]   replay a game record' },
  analyse: {
    run: analyseCommand,
    help: "analyse <record file> [--seat S] [--budget N] [--json]   every decision valued from its player's view",
  },
  solve: {
    run: solveCommand,
    help: SOLVE_HELP,
  },
  reports: {
    run: reportsCommand,
    help: "reports [close <id>] [--closed] [--json] [--data DIR]   a server's reports of players (DATABASE_URL or DIR)",
  },
};

function usage(): string {
  return [
    'matchbox: four "match" tabletop games to play, simulate and benchmark.',
    '',
    'usage: matchbox <command> [arguments]   (no command: a menu)',
    ...Object.values(COMMANDS).map((c) => `  ${c.help}`),
    '',
    `games: ${GAMES.map((g) => g.meta.id).join(', ')}`,
  ].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) return menuCommand([]);
  if (name === 'help' || name === '--help' || name === '-h') {
    console.log(usage());
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${usage()}`);
    return 2;
  }
  return command.run(rest);
}

const isEntry = process.argv[1] !== undefined && /main\.ts$|matchbox(\.js)?$/.test(process.argv[1]);
if (isEntry) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
      process.exitCode = 1;
    },
  );
}
