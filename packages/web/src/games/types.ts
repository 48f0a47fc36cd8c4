/**
 * The contract between the shell and each game's screen, and the games' ids. A board renders the
 * seat's typed view, shows the legal choices the server sent and sends intents through `act`; it
 * holds no rules. A leaf: it imports nothing of the app, so that every game's folder, the
 * registry (games/index.ts) and the shells may import it without an import circle.
 */
import type { LegalChoice, PublicSeat } from '@matchbox/client';
import type { Say } from '@matchbox/client/words/say';
import type { ComponentType } from 'react';

/**
 * The games' ids, in the lobby's order. The registry (games/index.ts) lists one plugin per id in
 * this order; a type check there holds the two together.
 */
export const GAME_IDS = ['matchmaster', 'match', 'sweet16', 'matchet'] as const;

/** A game the web app knows. */
export type GameId = (typeof GAME_IDS)[number];

export function isGameId(id: string): id is GameId {
  return (GAME_IDS as readonly string[]).includes(id);
}

/** What every game's view says of itself: which game it is (the engine's views all carry it). */
export interface GameView<Id extends string = string> {
  readonly game: Id;
}

/** A one-click way to start a game from the lobby (games/modes.ts lists them). */
export interface QuickMode {
  readonly id: string;
  readonly game: GameId;
  readonly players: number;
  readonly options?: Readonly<Record<string, unknown>>;
  /** The player counts the lobby offers for this mode (`players` first chosen); none: fixed. */
  readonly playerChoices?: readonly number[];
}

export interface BoardProps<V = unknown, E = unknown> {
  view: V; // the seat's typed view (or the spectator's)
  seat: number | null; // null for a spectator
  legal: readonly LegalChoice[]; // this seat's legal actions now ({ text, action }), empty if not to act
  blocked: readonly { text: string; code: string; message: string }[]; // refused candidates with the engine's reason (may be empty)
  toAct: readonly number[];
  events: readonly E[]; // the events of the latest update, as this viewer sees them
  seatNames: readonly string[]; // display names per seat
  seats?: readonly PublicSeat[]; // faces and presence per seat, where the shell knows them (a table's replay: faces only)
  act: (text: string) => Promise<{ ok: boolean; error?: { code: string; message: string } }>;
  /** The table's pause after a hand's or round's end, until then (ms since the epoch); none: null. */
  pauseUntil?: number | null;
}

/** What `src/games/<game>/Board.tsx` exports: a board drawing that game's view and events. */
export interface BoardModule<V = unknown, E = unknown> {
  default: ComponentType<BoardProps<V, E>>;
}

/**
 * What `src/games/<game>/log.ts` exports: the game's events and choices in words. `t` is i18next's
 * `t` bound to the game's own namespace (its id); `viewerSeat` is null for a spectator; `view` is
 * the viewer's view after the event, where the caller has it.
 */
export interface LogModule<V = unknown, E = unknown> {
  describeEvent: (
    event: E,
    t: Say,
    seatNames: readonly string[],
    viewerSeat: number | null,
    view?: V,
  ) => string;
  /** A legal choice's notation in words (a hint's suggestion, a solution's next move), or null. */
  describeAction?: (text: string, t: Say, view?: V) => string | null;
  /** A card's code in words ("dark orange 12"), for the replay's list of every player's cards. */
  describeCard?: (card: string, t: Say) => string;
}
