/** The rules pages by game, each loaded with its page (both languages in one small chunk). */
import { WEB_GAMES } from '../games/index.ts';
import type { GameId } from '../games/types.ts';
import type { GameRules } from './types.ts';

/** From each game's plugin (games/<game>/rules.ts). */
export const RULES = Object.fromEntries(WEB_GAMES.map((g) => [g.id, g.rules])) as Record<
  GameId,
  () => Promise<GameRules>
>;
