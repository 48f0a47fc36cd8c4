/**
 * The web app's games, one plugin per game folder (games/<game>/index.ts), in the lobby's order.
 * Every list of games in the app derives from here.
 */
import { matchWeb } from './match/index.ts';
import { matchetWeb } from './matchet/index.ts';
import { matchmasterWeb } from './matchmaster/index.ts';
import { sweet16Web } from './sweet16/index.ts';
import type { GAME_IDS, GameId } from './types.ts';

export const WEB_GAMES = [matchmasterWeb, matchWeb, sweet16Web, matchetWeb] as const;

type IdsOf<T extends readonly unknown[]> = {
  readonly [K in keyof T]: T[K] extends { readonly id: infer I } ? I : never;
};
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The registry's ids are the leaf's ids in the same order (a type error here otherwise). */
const sameIds: Same<IdsOf<typeof WEB_GAMES>, typeof GAME_IDS> = true;
void sameIds;

export type { GameId };

export type WebGame = (typeof WEB_GAMES)[number];

/** The game's plugin, or undefined for a game the app does not know. */
export function webGame(id: string): WebGame | undefined {
  return WEB_GAMES.find((g) => g.id === id);
}
