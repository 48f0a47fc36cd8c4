/** The rules pages by game, each loaded with its page (both languages in one small chunk). */
import type { GameId } from '../games/types.ts';
import type { GameRules } from './types.ts';

export const RULES: Record<GameId, () => Promise<GameRules>> = {
  matchmaster: () => import('./matchmaster.ts').then((m) => m.matchmasterRules),
  match: () => import('./match.ts').then((m) => m.matchRules),
  sweet16: () => import('./sweet16.ts').then((m) => m.sweet16Rules),
  matchet: () => import('./matchet.ts').then((m) => m.matchetRules),
};
