/**
 * MatchMaster's public vocabulary: the actions a seat sends, the view it receives and the events
 * it is told of. Everything here is plain JSON (it crosses the wire); cards are notation strings
 * such as `do13` (see cards.ts). Rulings MM-1..MM-10 in shared/RULES.md.
 */
import type { Seat } from '../../contract.ts';

/** The phases of a MatchMaster game, as `phase(state)` and `view.phase` name them. */
export const MATCHMASTER_PHASES = ['bid', 'play', 'over'] as const;
/** `bid`: secret bids of the current hand (MM-4); `play`: tricks (MM-5..MM-8); `over` (MM-10). */
export type MatchMasterPhase = (typeof MATCHMASTER_PHASES)[number];

/** A bid of 0..hand size (MM-4), or one card to play in the notation (`do13`). */
export type MatchMasterAction =
  { readonly type: 'bid'; readonly bid: number } | { readonly type: 'play'; readonly card: string };

/** One card on the table and the seat that played it. */
export interface MatchMasterPlayedCard {
  readonly seat: Seat;
  readonly card: string;
}

/** A trick, complete or under way. */
export interface MatchMasterTrick {
  /** The seat that led it; null while no card has been played to it. */
  readonly leader: Seat | null;
  /** The cards in the order they were played. */
  readonly cards: readonly MatchMasterPlayedCard[];
}

/** One finished hand's scores; every array has one entry per seat. */
export interface MatchMasterHandRecord {
  /** The hand's number, 1-based. */
  readonly hand: number;
  /** Cards dealt to each seat in that hand. */
  readonly handSize: number;
  readonly bids: readonly number[];
  readonly tricks: readonly number[];
  /** Points scored in that hand (MM-9: 10 + tricks for an exact bid, else minus the difference). */
  readonly points: readonly number[];
}

/** What one seat (or a spectator) may know of a MatchMaster game, as `view(state, viewer)` gives it. */
export interface MatchMasterView {
  readonly game: 'matchmaster';
  /** The number of seats, 2..7 (MM-1). */
  readonly players: number;
  /** Whose view this is: a seat, or null for a spectator. */
  readonly viewer: Seat | null;
  readonly phase: MatchMasterPhase;
  /** The current hand's number, 1-based (the last hand's number once the game is over). */
  readonly hand: number;
  /** How many hands the game has (13 by default, MM-2). */
  readonly hands: number;
  /** Cards dealt to each seat this hand. */
  readonly handSize: number;
  /** The seat that dealt this hand; the seat after it leads the first trick (MM-3). */
  readonly dealer: Seat;
  /** The seats that may act now: every seat still to bid, or the one seat to play; empty when over. */
  readonly toAct: readonly Seat[];
  /** The trump suit, always dark orange (MM-1). */
  readonly trump: 'do';
  /** Per seat: whether it has bid this hand (public, MM-4). */
  readonly hasBid: readonly boolean[];
  /**
   * Per seat: its bid this hand, or null while unknown to this viewer. A seat sees its own bid at
   * once; every bid is shown once all are in (MM-4).
   */
  readonly bids: readonly (number | null)[];
  /** Per seat: tricks won this hand. */
  readonly tricksWon: readonly number[];
  /** Per seat: cards still in hand. */
  readonly handCounts: readonly number[];
  /** The trick being played (empty between tricks and while bidding). */
  readonly trick: MatchMasterTrick;
  /** The completed tricks of this hand, in order (every card was played face up). */
  readonly tricks: readonly MatchMasterTrick[];
  /** Per seat: the running total over the finished hands. */
  readonly totals: readonly number[];
  /** The finished hands' scores, in order. */
  readonly history: readonly MatchMasterHandRecord[];
  /** The viewer's own cards, sorted by suit (do, lo, db, lb) then rank; absent for a spectator. */
  readonly myHand?: readonly string[];
}

/**
 * A hand was dealt (MM-2, MM-3): at setup for the first hand, after each scored hand for the next.
 * Everybody learns the numbers; each seat's own entry adds its cards.
 */
export interface MatchMasterHandDealt {
  readonly type: 'hand_dealt';
  /** The hand's number, 1-based. */
  readonly hand: number;
  readonly handSize: number;
  readonly dealer: Seat;
  /** The seat that leads the first trick: the one after the dealer. */
  readonly leader: Seat;
  /** The receiving seat's cards, sorted as in `myHand`; only in that seat's own entry. */
  readonly cards?: readonly string[];
}

/**
 * A seat committed its bid (MM-4). Everybody learns that it has bid; only the bidder's own entry
 * carries the value (`bid`), until `bids_revealed`.
 */
export interface MatchMasterBidMade {
  readonly type: 'bid_made';
  readonly seat: Seat;
  /** The value, only in the bidder's own entry. */
  readonly bid?: number;
}

/** The last bid is in: every bid is shown to everybody at once (MM-4). Play begins. */
export interface MatchMasterBidsRevealed {
  readonly type: 'bids_revealed';
  /** Per seat, the bid. */
  readonly bids: readonly number[];
  /** The seat to lead the first trick. */
  readonly leader: Seat;
}

/** A seat played a card from its hand to the current trick (seen by everybody). */
export interface MatchMasterCardPlayed {
  readonly type: 'card_played';
  readonly seat: Seat;
  readonly card: string;
}

/** A trick is complete and `seat` won it (MM-8); it leads the next one (MM-5). */
export interface MatchMasterTrickWon {
  readonly type: 'trick_won';
  readonly seat: Seat;
  /** The trick's number within the hand, 1-based. */
  readonly trick: number;
}

/** The last trick of a hand was won and the hand is scored (MM-9). Arrays have one entry per seat. */
export interface MatchMasterHandScored {
  readonly type: 'hand_scored';
  /** The hand's number, 1-based. */
  readonly hand: number;
  readonly bids: readonly number[];
  readonly tricks: readonly number[];
  readonly points: readonly number[];
  /** Running totals including this hand. */
  readonly totals: readonly number[];
}

/** The last hand is scored and the game is over (MM-10). */
export interface MatchMasterGameOver {
  readonly type: 'game_over';
  readonly totals: readonly number[];
  /** The seats with the highest total (ties all win). */
  readonly winners: readonly Seat[];
}

/** Every event body MatchMaster emits, told apart by `type`. */
export type MatchMasterEvent =
  | MatchMasterHandDealt
  | MatchMasterBidMade
  | MatchMasterBidsRevealed
  | MatchMasterCardPlayed
  | MatchMasterTrickWon
  | MatchMasterHandScored
  | MatchMasterGameOver;
