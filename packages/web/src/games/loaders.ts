/**
 * A game's board and log sentences, loaded when a screen first needs them: the table, the replay
 * and the games in the browser all draw the same boards.
 */
import type { ComponentType } from 'react';
import { lazy, useEffect, useState } from 'react';
import { boards, logs } from './registry.ts';
import type { BoardProps, GameId, LogModule } from './types.ts';

const boardCache = new Map<GameId, ComponentType<BoardProps>>();

/** The game's board as a lazy component (one per game, so React keeps it across renders). */
export function boardFor(game: GameId): ComponentType<BoardProps> {
  let board = boardCache.get(game);
  if (!board) {
    board = lazy(boards[game]) as ComponentType<BoardProps>;
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
    void logs[game]().then((m) => live && setMod(m));
    return () => {
      live = false;
    };
  }, [game]);
  return mod;
}
