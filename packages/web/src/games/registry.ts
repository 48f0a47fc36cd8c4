/**
 * The four games' screens and log sentences, each loaded only when a table of that game opens
 * (the lobby's first load carries none of them).
 */
import type { BoardModule, GameId, LogModule } from './types.ts';

export const boards: Record<GameId, () => Promise<BoardModule>> = {
  matchmaster: () => import('./matchmaster/Board.tsx'),
  match: () => import('./match/Board.tsx'),
  sweet16: () => import('./sweet16/Board.tsx'),
  matchet: () => import('./matchet/Board.tsx'),
};

export const logs: Record<GameId, () => Promise<LogModule>> = {
  matchmaster: () => import('./matchmaster/log.ts'),
  match: () => import('./match/log.ts'),
  sweet16: () => import('./sweet16/log.ts'),
  matchet: () => import('./matchet/log.ts'),
};
