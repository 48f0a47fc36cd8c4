/**
 * The registry of games: every game on the contract, by id. Tools (CLI, server, harness) find
 * games only through here, so adding a game is one line.
 */
import type { AnyGame } from './contract.ts';
import { matchmaster } from './games/matchmaster/index.ts';
import { match } from './games/match/index.ts';
import { matchet } from './games/matchet/index.ts';
import { sweet16 } from './games/sweet16/index.ts';

export const GAMES: readonly AnyGame[] = [matchmaster, match, matchet, sweet16];

export function getGame(id: string): AnyGame | undefined {
  return GAMES.find((g) => g.meta.id === id);
}

export function gameIds(): string[] {
  return GAMES.map((g) => g.meta.id);
}
