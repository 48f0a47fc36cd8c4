/** `matchbox games`: every game with its players, options and notation. */
import { GAMES } from '@matchbox/engine';
import { hasFlag, parseArgs } from '../args.ts';

export async function gamesCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  await Promise.resolve();
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
