/**
 * The games' screens and log sentences, each loaded only when a table of that game opens
 * (the lobby's first load carries none of them): from each game's plugin (games/<game>/index.ts).
 */
import { WEB_GAMES } from './index.ts';
import type { BoardModule, GameId, LogModule } from './types.ts';

export const boards = Object.fromEntries(WEB_GAMES.map((g) => [g.id, g.board])) as Record<
  GameId,
  () => Promise<BoardModule>
>;

export const logs = Object.fromEntries(WEB_GAMES.map((g) => [g.id, g.log])) as Record<
  GameId,
  () => Promise<LogModule>
>;
