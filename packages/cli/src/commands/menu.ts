/**
 * `npm start`: a menu of everything there is to play: each game, and each of its modes that is a
 * game of its own (named by the game's terminal plugin). Pick one, the number of players
 * and the opponents' level, and play.
 */
import type { AnyGame, Json } from '@matchbox/engine';
import { GAMES } from '@matchbox/engine';
import { cliPlugin } from '../games/index.ts';
import { LineReader } from '../lines.ts';
import { OPPONENT_LEVELS } from '../opponents.ts';
import { playGame } from './play.ts';

/** One line of the menu: a game with fixed options, and the player counts it can be set up for. */
export interface MenuEntry {
  readonly game: AnyGame;
  readonly label: string;
  readonly options: Record<string, Json>;
  /** The allowed player counts, ascending. */
  readonly players: readonly number[];
  readonly defaultPlayers: number;
}

/**
 * The menu: every game, and every choice of its `mode` option, each with the player counts its
 * setup accepts (asked of the game itself, so the menu holds no rules).
 */
export function menuEntries(): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const game of GAMES) {
    const { minPlayers, maxPlayers, defaultPlayers } = game.meta;
    const mode = game.meta.options.find((o) => o.name === 'mode' && o.type === 'choice');
    const variants: (string | null)[] = mode ? [...(mode.choices ?? [])] : [null];
    for (const variant of variants) {
      const options: Record<string, Json> =
        variant === null || variant === mode?.default ? {} : { mode: variant };
      const players: number[] = [];
      for (let n = minPlayers; n <= maxPlayers; n++)
        if (game.setup({ players: n, seed: 'menu', options }).ok) players.push(n);
      if (players.length === 0) continue;
      const label =
        Object.keys(options).length === 0
          ? game.meta.name
          : (cliPlugin(game.meta.id)?.modeLabels?.[variant!] ?? `${game.meta.name} (mode ${variant})`);
      entries.push({
        game,
        label,
        options,
        players,
        defaultPlayers: players.includes(defaultPlayers) ? defaultPlayers : players[0]!,
      });
    }
  }
  return entries;
}

const playerRange = (players: readonly number[]): string =>
  players.length === 1
    ? `${players[0]} player${players[0] === 1 ? '' : 's'}`
    : `${players[0]}-${players[players.length - 1]} players`;

const isQuit = (line: string | null): boolean => line === null || ['q', 'quit', 'exit'].includes(line.trim());

export async function menuCommand(_argv: string[], given?: LineReader): Promise<number> {
  const reader = given ?? new LineReader();
  const entries = menuEntries();
  try {
    console.log('matchbox: play a match game against bots, or a solitaire.\n');
    entries.forEach((e, i) =>
      console.log(
        `  [${i + 1}] ${e.label} (${playerRange(e.players)})${e.options.mode === undefined ? `: ${e.game.meta.summary}` : ''}`,
      ),
    );
    console.log('  [q] quit\n');
    for (;;) {
      const line = await reader.ask('Which game? ');
      if (isQuit(line)) return 0;
      const pick = line!.trim();
      const entry = /^\d+$/.test(pick)
        ? entries[Number(pick) - 1]
        : entries.find((e) => Object.keys(e.options).length === 0 && e.game.meta.id === pick);
      if (!entry) {
        console.log(`Type a number from 1 to ${entries.length}, or q.`);
        continue;
      }
      let players = entry.defaultPlayers;
      const min = entry.players[0]!;
      const max = entry.players[entry.players.length - 1]!;
      while (entry.players.length > 1) {
        const p = await reader.ask(`How many players (${min}-${max}, Enter for ${entry.defaultPlayers})? `);
        if (isQuit(p)) return 0;
        if (p!.trim() === '') break;
        const n = Number(p!.trim());
        if (entry.players.includes(n)) {
          players = n;
          break;
        }
        console.log(`Type a whole number from ${min} to ${max}.`);
      }
      let level = 'medium';
      while (players > 1) {
        const l = await reader.ask(`Opponents' level (${OPPONENT_LEVELS.join(', ')}; Enter for medium)? `);
        if (isQuit(l)) return 0;
        if (l!.trim() === '') break;
        if ((OPPONENT_LEVELS as readonly string[]).includes(l!.trim())) {
          level = l!.trim();
          break;
        }
        console.log(`Type one of ${OPPONENT_LEVELS.join(', ')}.`);
      }
      return await playGame(
        entry.game,
        { players, seat: 0, seed: `menu-${Date.now()}`, options: entry.options, levels: [level] },
        reader,
      );
    }
  } finally {
    if (!given) reader.close();
  }
}
