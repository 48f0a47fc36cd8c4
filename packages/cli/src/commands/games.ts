/** `matchbox games`: every game with its players, options and notation. */
import { GAMES } from '@matchbox/engine';
import { hasFlag, parseCommandLine, usageError } from '../args.ts';

const USAGE = 'usage: matchbox games [--json]';

export async function gamesCommand(argv: string[]): Promise<number> {
  await Promise.resolve();
  const parsed = parseCommandLine(argv, { switches: ['json'] });
  if (!parsed.ok) return usageError(parsed.error.message, USAGE);
  const args = parsed.value;
  if (hasFlag(args, 'help')) {
    console.log(USAGE);
    return 0;
  }
  if (hasFlag(args, 'json')) {
    console.log(JSON.stringify(GAMES.map((g) => g.meta)));
    return 0;
  }
  for (const g of GAMES) {
    const m = g.meta;
    console.log(`${m.id.padEnd(12)} ${m.name} (${m.minPlayers}-${m.maxPlayers} players): ${m.summary}`);
    for (const o of m.options)
      console.log(
        `${''.padEnd(14)}--opt ${o.name}=<${o.type}> (default ${JSON.stringify(o.default)}): ${o.description}`,
      );
    console.log(`${''.padEnd(14)}${m.notation}`);
  }
  return 0;
}
