/** `npm start`: a menu of the games that exist; pick one, a number of players, and play. */
import { GAMES } from '@matchbox/engine';
import { LineReader } from '../lines.ts';
import { OPPONENT_LEVELS } from '../opponents.ts';
import { playGame } from './play.ts';

export async function menuCommand(_argv: string[], given?: LineReader): Promise<number> {
  const reader = given ?? new LineReader();
  try {
    console.log('matchbox: play a match game against bots.\n');
    GAMES.forEach((g, i) =>
      console.log(
        `  [${i + 1}] ${g.meta.name} (${g.meta.minPlayers}-${g.meta.maxPlayers} players): ${g.meta.summary}`,
      ),
    );
    console.log('  [q] quit\n');
    for (;;) {
      const line = await reader.ask('Which game? ');
      if (line === null || line.trim() === 'q' || line.trim() === 'quit') return 0;
      const idx = Number(line.trim()) - 1;
      const game = GAMES[idx] ?? GAMES.find((g) => g.meta.id === line.trim());
      if (!game) {
        console.log(`Type a number from 1 to ${GAMES.length}, or q.`);
        continue;
      }
      const { minPlayers: min, maxPlayers: max, defaultPlayers: def } = game.meta;
      let players = def;
      for (;;) {
        const p = await reader.ask(`How many players (${min}-${max}, Enter for ${def})? `);
        if (p === null) return 0;
        if (p.trim() === '') break;
        const n = Number(p.trim());
        if (Number.isInteger(n) && n >= min && n <= max) {
          players = n;
          break;
        }
        console.log(`Type a whole number from ${min} to ${max}.`);
      }
      let level = 'medium';
      for (;;) {
        const l = await reader.ask(`Opponents' level (${OPPONENT_LEVELS.join(', ')}; Enter for medium)? `);
        if (l === null) return 0;
        if (l.trim() === '') break;
        if ((OPPONENT_LEVELS as readonly string[]).includes(l.trim())) {
          level = l.trim();
          break;
        }
        console.log(`Type one of ${OPPONENT_LEVELS.join(', ')}.`);
      }
      return await playGame(
        game,
        { players, seat: 0, seed: `menu-${Date.now()}`, options: {}, levels: [level] },
        reader,
      );
    }
  } finally {
    if (!given) reader.close();
  }
}
