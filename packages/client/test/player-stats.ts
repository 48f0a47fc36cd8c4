/**
 * A player's stats as the server sends them (`PlayerStats`, each game's own figures), for tests:
 * the server's summary of the rows in server/test/stats.test.ts gives exactly these, so the
 * profile page and the client's answer check are tested on what the server really sends.
 */
import type { PlayerStats } from '../src/wire.ts';

export const PLAYER_STATS: readonly PlayerStats[] = [
  { game: 'match', games: 1, wins: 1, figures: [{ name: 'roundsWon', value: 2 }] },
  {
    game: 'matchet',
    games: 3,
    wins: 1,
    figures: [
      { name: 'roundsWon', value: 3 },
      { name: 'solitairesSolved', value: 1, of: 2 },
    ],
  },
  {
    game: 'matchmaster',
    games: 2,
    wins: 1,
    figures: [
      { name: 'hands', value: 26 },
      { name: 'exactBids', value: 8 },
      { name: 'pointsPerHand', value: 3.08 },
    ],
  },
  { game: 'sweet16', games: 2, wins: 1, figures: [{ name: 'averageBank', value: 17.5 }] },
];

/** One game's stats from `PLAYER_STATS`. */
export const statsOf = (game: string): PlayerStats => PLAYER_STATS.find((s) => s.game === game)!;
