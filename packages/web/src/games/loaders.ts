/**
 * A game's board and log sentences, loaded when a screen first needs them: the table, the replay
 * and the games in the browser all draw the same boards.
 */
import type { ComponentType } from 'react';
import { lazy, useEffect, useState } from 'react';
import { webGame } from './index.ts';
import type { ShellScreens } from './shell.ts';
import type { BoardProps, GameId, LogModule } from './types.ts';

function shellOf(game: GameId): ShellScreens {
  const plugin = webGame(game);
  if (!plugin) throw new Error(`matchbox: no plugin for the game ${game}`);
  return plugin.shell;
}

const boardCache = new Map<GameId, ComponentType<BoardProps>>();

/** The game's board as a lazy component (one per game, so React keeps it across renders). */
export function boardFor(game: GameId): ComponentType<BoardProps> {
  let board = boardCache.get(game);
  if (!board) {
    board = lazy(shellOf(game).board);
    boardCache.set(game, board);
  }
  return board;
}

/** The game's log module once loaded (null until then, or while no game is known). */
export function useLogModule(game: GameId | null): LogModule | null {
  const [mod, setMod] = useState<LogModule | null>(null);
  useEffect(() => {
    if (!game) return;
    let live = true;
    void shellOf(game)
      .log()
      .then((m) => live && setMod(m));
    return () => {
      live = false;
    };
  }, [game]);
  return mod;
}
