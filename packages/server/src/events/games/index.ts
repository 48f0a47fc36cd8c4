/** The games that have duplicate events, each behind the same interface (types.ts). */
import { matchEvents } from './match.ts';
import { matchetEvents } from './matchet.ts';
import { matchmasterEvents } from './matchmaster.ts';
import { sweet16Events } from './sweet16.ts';
import type { EventGame } from './types.ts';

export type { EventGame } from './types.ts';

export const EVENT_GAMES: readonly EventGame[] = [
  matchmasterEvents,
  matchEvents,
  sweet16Events,
  matchetEvents,
];

export const eventGame = (game: string): EventGame | undefined => EVENT_GAMES.find((g) => g.game === game);
