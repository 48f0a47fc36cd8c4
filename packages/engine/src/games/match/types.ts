/**
 * MATCH!'s public vocabulary: the actions a seat sends, the view it receives and the events it is
 * told of. Everything here is plain JSON (it crosses the wire). Cards are notation strings: a
 * colour letter and a value for a number card (`r3`, `p0`), `W` for a wildcard (see cards.ts).
 * Rulings MA-1..MA-12 in shared/RULES.md, matchbox rulings MA-X1..MA-X5 in docs/rules/match.md.
 */
import type { Seat } from '../../contract.ts';
import type { Colour } from './cards.ts';

/** The phases of a MATCH! game, as `phase(state)` and `view.phase` name them. */
export const MATCH_PHASES = ['play', 'over'] as const;
/** `play`: turns of the current round (MA-5..MA-9); `over`: the game has ended (MA-11, MA-X1). */
export type MatchPhase = (typeof MATCH_PHASES)[number];

/**
 * One turn (MA-5): discard a matching hand card, discard the top of one of your collection
 * stacks, collect a non-matching hand card (then draw), or discard a wildcard with a declaration.
 */
export type MatchAction =
  | { readonly type: 'discard'; readonly card: string }
  | { readonly type: 'discardStack'; readonly colour: string }
  | { readonly type: 'collect'; readonly card: string }
  | { readonly type: 'wild'; readonly colour: string; readonly value: number };

/** A colour and a number: the target to match, or what a wildcard declared (MA-4, MA-7). */
export interface MatchDeclaration {
  readonly colour: Colour;
  /** 0..5. */
  readonly value: number;
}

/** One seat's collection: a stack per colour, each bottom card first (MA-5, MA-12: all public). */
export interface MatchCollection {
  readonly r: readonly string[];
  readonly y: readonly string[];
  readonly g: readonly string[];
  readonly b: readonly string[];
  readonly p: readonly string[];
}

/** A finished round. */
export interface MatchRoundSummary {
  /** The round's number, 1-based. */
  readonly round: number;
  /** The seat whose turn ended it (MA-9, or MA-X1's turn cap); it started the next round. */
  readonly endedBy: Seat;
  /** Per seat, the round's score (MA-10). */
  readonly scores: readonly number[];
}

/** The last turn played this round, as text. */
export interface MatchLastTurn {
  readonly seat: Seat;
  /** The action in notation; a stack discard names the card it moved: `discard stack:b (b3)`. */
  readonly action: string;
}

/** What one seat (or a spectator) may know of a MATCH! game, as `view(state, viewer)` gives it. */
export interface MatchView {
  readonly game: 'match';
  /** The number of seats, 2..8 (MA-2). */
  readonly players: number;
  /** Whose view this is: a seat, or null for a spectator. */
  readonly viewer: Seat | null;
  readonly phase: MatchPhase;
  /** The current round's number, 1-based (the last round's once the game is over). */
  readonly round: number;
  /** The total that ends the game (option `target`, 50 by default, MA-11). */
  readonly targetScore: number;
  /** The seat that moved first this round (MA-11). */
  readonly starter: Seat;
  /** The seat to play, alone in the list; empty when the game is over. */
  readonly toAct: readonly Seat[];
  /** Turns played so far this round. */
  readonly turn: number;
  /** What a card must match now: the pile's top card, or the declaration under a wildcard (MA-4). */
  readonly target: MatchDeclaration;
  /** A wildcard lies on top of the pile, so `target` is its declaration (MA-7). */
  readonly wildOnTop: boolean;
  /** The seat to play has a stack top that matches the target, so it may not collect (MA-6). */
  readonly forcedDiscard: boolean;
  /** The discard pile, bottom card first (MA-X3: every card in it was seen face up). */
  readonly pile: readonly string[];
  /** Cards left in the deck. */
  readonly deckSize: number;
  /** Per seat, the number of cards in hand. */
  readonly handSizes: readonly number[];
  /** Per seat, the collection, every card of every stack (MA-12). */
  readonly collections: readonly MatchCollection[];
  /** Per seat, the points in its collection this round (MA-10, before the hand is subtracted). */
  readonly collectionPoints: readonly number[];
  /** Per seat, the game total over the finished rounds. */
  readonly totals: readonly number[];
  /** The finished rounds, in order. */
  readonly rounds: readonly MatchRoundSummary[];
  /** The last turn of this round; null at the start of a round. */
  readonly lastTurn: MatchLastTurn | null;
  /** The viewer's own hand, sorted by colour (r, y, g, b, p) then value, wildcards last; absent for a spectator. */
  readonly myHand?: readonly string[];
}

/**
 * A round was dealt (MA-3): at setup for the first round, after each scored round for the next.
 * Everybody learns the sizes and the card turned up; each seat's own entry adds its hand. Its
 * chance outcome is the dealt order (as a stacked `deck` lists it); each MA-3 reshuffle after a
 * wildcard was turned up follows as an event that carries only its chance outcome.
 */
export interface MatchRoundDealt {
  readonly type: 'round_dealt';
  /** The round's number, 1-based. */
  readonly round: number;
  /** The seat that was dealt first and moves first. */
  readonly starter: Seat;
  /** Per seat, the cards dealt: 5 each. */
  readonly handSizes: readonly number[];
  /** Cards left in the deck. */
  readonly deckSize: number;
  /** The card turned up to start the pile: never a wildcard (MA-3). */
  readonly upcard: string;
  /** How many times a wildcard was turned up, put back and the deck reshuffled first (MA-3). */
  readonly wildcardsReturned: number;
  /** The receiving seat's hand, sorted as in `myHand`; only in that seat's own entry. */
  readonly hand?: readonly string[];
}

/** A seat discarded a matching card (MA-5a): from its hand (which reveals it) or a stack top. */
export interface MatchDiscarded {
  readonly type: 'discard';
  readonly seat: Seat;
  readonly card: string;
  readonly from: 'hand' | 'collection';
}

/** A seat discarded a wildcard from its hand with a declaration, the new target (MA-7). */
export interface MatchWildPlayed {
  readonly type: 'wild';
  readonly seat: Seat;
  readonly declared: MatchDeclaration;
}

/** A seat put a non-matching hand card on the stack of its colour (MA-5b); a draw follows. */
export interface MatchCollected {
  readonly type: 'collect';
  readonly seat: Seat;
  readonly card: string;
}

/**
 * The deck was empty when a draw was due: the pile under its top card became the new deck
 * (MA-8). Its chance outcome is the new deck's order, the next card drawn first.
 */
export interface MatchReshuffled {
  readonly type: 'reshuffled';
  /** Cards in the new deck. */
  readonly deckSize: number;
}

/** A seat drew the deck's top card after collecting. Everybody learns that; the drawer, which card. */
export interface MatchDrew {
  readonly type: 'drew';
  readonly seat: Seat;
  /** The card drawn; only in the drawer's own entry. */
  readonly card?: string;
}

/** A Collect found no card to draw, not even after MA-8 (the pile was only its top card). */
export interface MatchNoDraw {
  readonly type: 'no_draw';
  readonly seat: Seat;
}

/** A round ended (MA-9) and was scored (MA-10). Arrays have one entry per seat. */
export interface MatchRoundScored {
  readonly type: 'round_scored';
  readonly round: number;
  readonly endedBy: Seat;
  readonly scores: readonly number[];
  /** Game totals including this round. */
  readonly totals: readonly number[];
}

/** The game is over (MA-11, or MA-X1's round cap): the highest total wins, ties shared. */
export interface MatchGameOver {
  readonly type: 'game_over';
  readonly totals: readonly number[];
  readonly winners: readonly Seat[];
}

/** Every event MATCH! emits; `type` tells them apart. */
export type MatchEvent =
  | MatchRoundDealt
  | MatchDiscarded
  | MatchWildPlayed
  | MatchCollected
  | MatchReshuffled
  | MatchDrew
  | MatchNoDraw
  | MatchRoundScored
  | MatchGameOver;
