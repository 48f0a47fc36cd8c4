/**
 * The lab's command, kept out of the product's `matchbox` command (the terminal does not load the
 * lab):
 *   npm run arena -- <game> --bots levels ...   bots against bots (arena-command.ts)
 */
import { arenaCommand } from './arena-command.ts';

/** Runs the lab command `argv` (its first word names it: `arena`); the exit code. */
export async function labMain(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === 'arena') return arenaCommand(rest);
  console.error(
    `usage: npm run arena -- <game> --bots level,level,... (the lab's command is "arena", not "${name ?? ''}")`,
  );
  return 2;
}

const isEntry = process.argv[1] !== undefined && /lab[\\/]src[\\/]main\.ts$/.test(process.argv[1]);
if (isEntry) {
  labMain(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
