/**
 * The web app's games, one plugin per game folder (games/<game>/index.ts), in the lobby's order.
 * Every list of games in the app derives from here.
 */
import { matchWeb } from './match/index.ts';
import { matchetWeb } from './matchet/index.ts';
import { matchmasterWeb } from './matchmaster/index.ts';
import { sweet16Web } from './sweet16/index.ts';

export const WEB_GAMES = [matchmasterWeb, matchWeb, sweet16Web, matchetWeb] as const;

/** A game the web app knows. */
export type GameId = (typeof WEB_GAMES)[number]['id'];

export type WebGame = (typeof WEB_GAMES)[number];

/** The game's plugin, or undefined for a game the app does not know. */
export function webGame(id: string): WebGame | undefined {
  return WEB_GAMES.find((g) => g.id === id);
}
