/**
 * MatchMaster's phases as functions: dealing, bidding and card play, each with its own legal and
 * apply step (rulings MM-2..MM-10).
 */
import type { EngineError, EventRecord, Seat } from '../../contract.ts';
import { engineError } from '../../contract.ts';
import {
  CARD_NAMES,
  DECK_SIZE,
  TRUMP,
  cardOf,
  cardsOfMasks,
  describeCard,
  popcount,
  rankOf,
  suitOf,
} from './cards.ts';
import { handPoints, highestTrump, legalMaskForSuit, trickWinnerIndex } from './rules.ts';
import type { MatchMasterState } from './state.ts';
import { PHASE_BID, PHASE_OVER, PHASE_PLAY, firstLeaderOf, handSizeOf } from './state.ts';

const scratchDeck = new Int8Array(DECK_SIZE);

/**
 * Deals the current hand (MM-2, MM-3): cards go one block of hand-size cards per seat, starting
 * with the first leader (the seat after the dealer); the rest stays undealt. `order` is a stacked
 * deck (card indices); without it the state's generator shuffles.
 */
export function dealHand(s: MatchMasterState, order?: readonly number[], events?: EventRecord[]): void {
  const n = s.players;
  const size = handSizeOf(s);
  const deck = scratchDeck;
  if (order) {
    let k = 0;
    const used = new Uint8Array(DECK_SIZE);
    for (const c of order) {
      deck[k++] = c;
      used[c] = 1;
    }
    for (let c = 0; c < DECK_SIZE; c++) if (!used[c]) deck[k++] = c;
  } else {
    // Partial Fisher-Yates: only the dealt prefix needs a random order; undealt cards play no part.
    for (let c = 0; c < DECK_SIZE; c++) deck[c] = c;
    const dealt = n * size;
    for (let i = 0; i < dealt; i++) {
      const j = i + s.rng.int(DECK_SIZE - i);
      const t = deck[i]!;
      deck[i] = deck[j]!;
      deck[j] = t;
    }
  }
  s.hands.fill(0);
  s.undealt.fill(0);
  const leader = firstLeaderOf(s);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const seat = (leader + i) % n;
    for (let j = 0; j < size; j++) {
      const c = deck[k++] as number;
      s.hands[seat * 4 + suitOf(c)]! |= 1 << (rankOf(c) - 1);
    }
  }
  for (; k < DECK_SIZE; k++) {
    const c = deck[k] as number;
    s.undealt[suitOf(c)]! |= 1 << (rankOf(c) - 1);
  }
  s.bids.fill(-1);
  s.bidCount = 0;
  s.tricks.fill(0);
  s.playCount = 0;
  s.trickLen = 0;
  s.toPlay = leader;
  s.phase = PHASE_BID;
  if (events) {
    events.push({
      to: 'all',
      event: { type: 'hand_started', hand: s.handIndex + 1, handSize: size, dealer: s.dealer, leader },
    });
    for (let seat = 0; seat < n; seat++) {
      events.push({
        to: seat,
        event: { type: 'dealt', seat, cards: handCards(s, seat).map((c) => CARD_NAMES[c]!) },
      });
    }
  }
}

/** The cards of a seat's hand, ascending by suit then rank. */
export const handCards = (s: MatchMasterState, seat: Seat): number[] => cardsOfMasks(s.hands, seat * 4);

export const handCount = (s: MatchMasterState, seat: Seat): number =>
  popcount(s.hands[seat * 4]!) +
  popcount(s.hands[seat * 4 + 1]!) +
  popcount(s.hands[seat * 4 + 2]!) +
  popcount(s.hands[seat * 4 + 3]!);

/** Led suit of the current trick, or -1 when the next card leads. */
export const ledSuit = (s: MatchMasterState): number =>
  s.trickLen === 0 ? -1 : suitOf(s.plays[s.playCount - s.trickLen]!);

/** Legal masks for the seat to play, written into out[0..3]. */
export function legalMasks(s: MatchMasterState, seat: Seat, out: number[] | Uint16Array): void {
  const base = seat * 4;
  const hands = s.hands;
  if (s.trickLen === 0) {
    out[0] = hands[base]!;
    out[1] = hands[base + 1]!;
    out[2] = hands[base + 2]!;
    out[3] = hands[base + 3]!;
    return;
  }
  const led = ledSuit(s);
  // Following a non-trump suit is the common case: only that suit is legal.
  if (led !== TRUMP && hands[base + led] !== 0) {
    out[0] = out[1] = out[2] = out[3] = 0;
    out[led] = hands[base + led]!;
    return;
  }
  const high = highestTrump(s.plays, s.playCount - s.trickLen, s.trickLen);
  for (let suit = 0; suit < 4; suit++) out[suit] = legalMaskForSuit(hands, base, suit, led, high);
}

/** MM-4: a secret bid of 0..hand size, once per hand. */
export function applyBid(
  s: MatchMasterState,
  seat: Seat,
  bid: number,
  events?: EventRecord[],
): EngineError | null {
  if (s.phase !== PHASE_BID) {
    return engineError(
      s.phase === PHASE_OVER ? 'game_over' : 'not_bidding',
      'Bids are only made before the first card of a hand.',
    );
  }
  if (s.bids[seat] !== -1)
    return engineError('already_bid', 'You have already bid this hand; a bid cannot be changed.');
  const size = handSizeOf(s);
  if (!Number.isInteger(bid) || bid < 0 || bid > size) {
    return engineError('bid_out_of_range', `A bid must be a whole number from 0 to ${size} (the hand size).`);
  }
  s.bids[seat] = bid;
  s.bidCount++;
  if (events) {
    events.push({ to: 'all', event: { type: 'bid_committed', seat } });
    events.push({ to: seat, event: { type: 'bid', seat, bid } });
  }
  if (s.bidCount === s.players) {
    s.phase = PHASE_PLAY;
    s.toPlay = firstLeaderOf(s);
    if (events) events.push({ to: 'all', event: { type: 'bids_revealed', bids: Array.from(s.bids) } });
  }
  return null;
}

/** MM-5..MM-8: play one card; completes tricks, hands and the game as they finish. */
export function applyPlay(
  s: MatchMasterState,
  seat: Seat,
  card: number,
  events?: EventRecord[],
): EngineError | null {
  if (s.phase !== PHASE_PLAY) {
    if (s.phase === PHASE_OVER) return engineError('game_over', 'The game is over.');
    return engineError('bidding_not_finished', 'Cards are played once every player has bid.');
  }
  if (seat !== s.toPlay) return engineError('not_your_turn', `It is seat ${s.toPlay}'s turn to play.`);
  const suit = suitOf(card);
  const bit = 1 << (rankOf(card) - 1);
  if ((s.hands[seat * 4 + suit]! & bit) === 0) {
    return engineError('card_not_in_hand', `You do not hold ${describeCard(card)}.`);
  }
  const led = ledSuit(s);
  const high = s.trickLen === 0 ? 0 : highestTrump(s.plays, s.playCount - s.trickLen, s.trickLen);
  if ((legalMaskForSuit(s.hands, seat * 4, suit, led, high) & bit) === 0) return illegalPlayError(s, seat);
  s.hands[seat * 4 + suit]! &= ~bit;
  s.plays[s.playCount] = card;
  s.playSeats[s.playCount] = seat;
  s.playCount++;
  s.trickLen++;
  if (events) events.push({ to: 'all', event: { type: 'play', seat, card: CARD_NAMES[card]! } });
  if (s.trickLen < s.players) {
    s.toPlay = (seat + 1) % s.players;
    return null;
  }
  const start = s.playCount - s.trickLen;
  const winner = s.playSeats[start + trickWinnerIndex(s.plays, start, s.trickLen)]!;
  s.tricks[winner]!++;
  s.trickLen = 0;
  s.toPlay = winner; // MM-5
  if (events) events.push({ to: 'all', event: { type: 'trick_won', seat: winner } });
  if (s.playCount === s.players * handSizeOf(s)) finishHand(s, events);
  return null;
}

/** Explains why a held card may not be played now, with a stable code. */
function illegalPlayError(s: MatchMasterState, seat: Seat): EngineError {
  const led = ledSuit(s);
  const hand = s.hands;
  const high = highestTrump(s.plays, s.playCount - s.trickLen, s.trickLen);
  if (led !== TRUMP && hand[seat * 4 + led] !== 0) {
    return engineError(
      'must_follow_suit',
      `You must follow suit (${CARD_NAMES[cardOf(led, 1)]!.slice(0, 2)}).`,
    );
  }
  if (high > 0 && (hand[seat * 4 + TRUMP]! & ~((1 << high) - 1)) !== 0) {
    return engineError(
      'must_overtrump',
      `You must play a trump higher than do${high}, the highest trump in the trick.`,
    );
  }
  if (led === TRUMP)
    return engineError('must_follow_suit', 'Trump was led and you hold a trump: you must play one.');
  return engineError('must_trump', 'You cannot follow suit, so you must play a trump.');
}

/** MM-9: score the hand; then deal the next one, or end the game (MM-10). */
function finishHand(s: MatchMasterState, events?: EventRecord[]): void {
  const n = s.players;
  const points: number[] = [];
  for (let seat = 0; seat < n; seat++) {
    const p = handPoints(s.bids[seat]!, s.tricks[seat]!);
    s.totals[seat]! += p;
    const h = (s.handIndex * n + seat) * 3;
    s.history[h] = s.bids[seat]!;
    s.history[h + 1] = s.tricks[seat]!;
    s.history[h + 2] = p;
    points.push(p);
  }
  if (events) {
    events.push({
      to: 'all',
      event: {
        type: 'hand_scored',
        hand: s.handIndex + 1,
        bids: Array.from(s.bids),
        tricks: Array.from(s.tricks),
        points,
        totals: Array.from(s.totals),
      },
    });
  }
  if (s.handIndex + 1 >= s.handSizes.length) {
    s.phase = PHASE_OVER;
    if (events) events.push({ to: 'all', event: { type: 'game_over', totals: Array.from(s.totals) } });
    return;
  }
  s.handIndex++;
  s.dealer = (s.dealer + 1) % n; // MM-3: the deal passes to the next player
  dealHand(s, undefined, events);
}
