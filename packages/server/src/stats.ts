/**
 * Per-player figures from finished games. When a game ends, `seatFigures` takes each seat's share
 * from the engine's public view of the final state (what a spectator sees at the end: every bid,
 * trick and score is public by then); `summarize` adds a player's rows up per game.
 *
 * Each game's figures are its plugin's (server/src/games/<game>/index.ts).
 */
import type { GameResult } from '@matchbox/engine';
import type { PlayerStats } from '@matchbox/client/wire';
import { serverPlugin } from './games/index.ts';
import type { ResultRow, SeatFigures } from './games/plugin.ts';

export type { ResultRow, SeatFigures } from './games/plugin.ts';

/** One seat's figures from one finished game (its game's plugin, games/<game>/index.ts). */
export function seatFigures(game: string, view: unknown, result: GameResult, seat: number): SeatFigures {
  return serverPlugin(game)?.seatFigures(view, result, seat) ?? {};
}

/** A player's figures per game, from its finished games' rows. */
export function summarize(rows: readonly ResultRow[]): PlayerStats[] {
  const byGame = new Map<string, ResultRow[]>();
  for (const r of rows) byGame.set(r.game, [...(byGame.get(r.game) ?? []), r]);
  const out: PlayerStats[] = [];
  for (const [game, list] of byGame) {
    const sum = (name: string) =>
      list.reduce((a, r) => {
        const v = r.stats[name];
        return a + (typeof v === 'number' ? v : 0);
      }, 0);
    const base = { game, games: list.length, wins: list.filter((r) => r.rank === 1).length, figures: [] };
    const plugin = serverPlugin(game);
    out.push(plugin ? plugin.summarize(list, base, sum) : base);
  }
  return out.sort((a, b) => a.game.localeCompare(b.game));
}
