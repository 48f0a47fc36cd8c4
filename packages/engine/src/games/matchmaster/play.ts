/**
 * MatchMaster's phases as functions: dealing, bidding and card play, each with its own legal and
 * apply step (rulings MM-2..MM-10).
 */
import type { EngineError, GameEvent, Seat } from '../../contract.ts';
import { engineError } from '../../contract.ts';
import { rankByScore } from '../../ranking.ts';
import { Rng } from '../../rng.ts';
import {
  CARD_NAMES,
  DECK_SIZE,
  TRUMP,
  cardOf,
  cardsOfMasks,
  describeCard,
  parseCard,
  popcount,
  rankOf,
  suitOf,
} from './cards.ts';
import { handPoints, highestTrump, legalMaskForSuit, trickWinnerIndex } from './rules.ts';
import type { MatchMasterState } from './state.ts';
import { PHASE_BID, PHASE_OVER, PHASE_PLAY, firstLeaderOf, handSizeOf } from './state.ts';
import type { MatchMasterEvent } from './types.ts';

type Events = GameEvent<MatchMasterEvent>[];

const scratchDeck = new Int8Array(DECK_SIZE);
const scratchStacked = new Int8Array(DECK_SIZE);
const scratchUsed = new Uint8Array(DECK_SIZE);

/**
 * Deals the current hand (MM-2, MM-3): cards go one block of hand-size cards per seat, starting
 * with the first leader (the seat after the dealer); the rest stays undealt.
 *
 * The state's generator always shuffles, drawing exactly as it always has (a partial
 * Fisher-Yates over the dealt prefix), so that its state afterwards does not depend on stacking.
 * When a stacked order is queued (`s.chance`: the recorded outcome of this deal, or the stacked
 * first `deck`), it then replaces the drawn order: its cards first, in its order (unknown names
 * and repeats are skipped), then the other cards in the order the generator produced. With
 * `events`, the deal is reported as one `hand_dealt` event whose `chance` is the dealt order, the
 * stacked entry that reproduces it.
 */
export function dealHand(s: MatchMasterState, events?: Events): void {
  const n = s.players;
  const size = handSizeOf(s);
  const dealt = n * size;
  const deck = scratchDeck;
  // Keyed chance (duplicate events): this hand's generator depends on the seed and its number only.
  if (s.key !== null) s.rng.copyFrom(Rng.keyed(s.key, s.handIndex, 0));
  // Partial Fisher-Yates: only the dealt prefix needs a random order; undealt cards play no part.
  for (let c = 0; c < DECK_SIZE; c++) deck[c] = c;
  for (let i = 0; i < dealt; i++) {
    const j = i + s.rng.int(DECK_SIZE - i);
    const t = deck[i]!;
    deck[i] = deck[j]!;
    deck[j] = t;
  }
  if (s.chanceAt < s.chance.length) restack(deck, s.chance[s.chanceAt++]!);
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
    const base = {
      type: 'hand_dealt',
      hand: s.handIndex + 1,
      handSize: size,
      dealer: s.dealer,
      leader,
    } as const;
    const seats: { [seat: number]: MatchMasterEvent } = {};
    for (let seat = 0; seat < n; seat++)
      seats[seat] = { ...base, cards: handCards(s, seat).map((c) => CARD_NAMES[c]!) };
    const order: string[] = [];
    for (let i = 0; i < dealt; i++) order.push(CARD_NAMES[deck[i]!]!);
    events.push({ all: base, seats, reveals: true, chance: order });
  }
}

/** Puts the stacked cards first, in their order, and the others after them in `deck`'s order. */
function restack(deck: Int8Array, stacked: readonly string[]): void {
  const used = scratchUsed;
  const out = scratchStacked;
  used.fill(0);
  let k = 0;
  for (const name of stacked) {
    const c = typeof name === 'string' ? parseCard(name) : -1;
    if (c < 0 || used[c]) continue; // a bad entry is skipped; it never corrupts the deal
    used[c] = 1;
    out[k++] = c;
  }
  for (let i = 0; i < DECK_SIZE; i++) if (!used[deck[i]!]) out[k++] = deck[i]!;
  deck.set(out);
}

/** "seat 2", "seats 0 and 3", "seats 0, 1 and 3". */
export function seatsInWords(seats: readonly Seat[]): string {
  if (seats.length === 1) return `seat ${seats[0]}`;
  return `seats ${seats.slice(0, -1).join(', ')} and ${seats[seats.length - 1]}`;
}

/** The seats that have not bid yet this hand. */
export function stillToBid(s: MatchMasterState): Seat[] {
  const out: Seat[] = [];
  for (let seat = 0; seat < s.players; seat++) if (s.bids[seat] === -1) out.push(seat);
  return out;
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
export function applyBid(s: MatchMasterState, seat: Seat, bid: number, events?: Events): EngineError | null {
  if (s.phase !== PHASE_BID) {
    if (s.phase === PHASE_OVER) return engineError('game_over', 'The game is over.');
    return engineError(
      'not_bidding',
      `Bidding is over for this hand: ${seat === s.toPlay ? 'it is your turn' : `it is seat ${s.toPlay}'s turn`} to play a card.`,
    );
  }
  if (s.bids[seat] !== -1)
    return engineError(
      'already_bid',
      `You have already bid this hand and a bid cannot be changed; waiting for ${seatsInWords(stillToBid(s))} to bid.`,
    );
  const size = handSizeOf(s);
  if (!Number.isInteger(bid) || bid < 0 || bid > size) {
    return engineError('bid_out_of_range', `Bid a whole number from 0 to ${size} (the hand size).`);
  }
  s.bids[seat] = bid;
  s.bidCount++;
  if (events)
    events.push({ all: { type: 'bid_made', seat }, seats: { [seat]: { type: 'bid_made', seat, bid } } });
  if (s.bidCount === s.players) {
    s.phase = PHASE_PLAY;
    s.toPlay = firstLeaderOf(s);
    if (events)
      events.push({
        all: { type: 'bids_revealed', bids: Array.from(s.bids), leader: s.toPlay },
        reveals: true,
      });
  }
  return null;
}

/** MM-5..MM-8: play one card; completes tricks, hands and the game as they finish. */
export function applyPlay(
  s: MatchMasterState,
  seat: Seat,
  card: number,
  events?: Events,
): EngineError | null {
  if (s.phase !== PHASE_PLAY) {
    if (s.phase === PHASE_OVER) return engineError('game_over', 'The game is over.');
    if (s.bids[seat] === -1)
      return engineError(
        'bid_first',
        `Bid first (0 to ${handSizeOf(s)}): cards are played once every player has bid.`,
      );
    return engineError(
      'bidding_not_finished',
      `Waiting for ${seatsInWords(stillToBid(s))} to bid; cards are played once every player has bid.`,
    );
  }
  if (seat !== s.toPlay) return engineError('not_your_turn', `It is seat ${s.toPlay}'s turn to play a card.`);
  const suit = suitOf(card);
  const bit = 1 << (rankOf(card) - 1);
  if ((s.hands[seat * 4 + suit]! & bit) === 0) {
    return engineError(
      'card_not_in_hand',
      `You do not hold ${describeCard(card)}: play a card from your hand.`,
    );
  }
  const led = ledSuit(s);
  if (led >= 0) {
    // MM-6: holding the led (non-trump) suit, only it may be played; otherwise the trump rules
    // need the highest trump in the trick (MM-6, MM-7).
    const mustFollow = led !== TRUMP && s.hands[seat * 4 + led] !== 0;
    const legal = mustFollow
      ? suit === led
      : (legalMaskForSuit(
          s.hands,
          seat * 4,
          suit,
          led,
          highestTrump(s.plays, s.playCount - s.trickLen, s.trickLen),
        ) &
          bit) !==
        0;
    if (!legal) return illegalPlayError(s, seat);
  }
  s.hands[seat * 4 + suit]! &= ~bit;
  s.plays[s.playCount] = card;
  s.playSeats[s.playCount] = seat;
  s.playCount++;
  s.trickLen++;
  if (events) events.push({ all: { type: 'card_played', seat, card: CARD_NAMES[card]! }, reveals: true });
  if (s.trickLen < s.players) {
    s.toPlay = (seat + 1) % s.players;
    return null;
  }
  const start = s.playCount - s.trickLen;
  const winner = s.playSeats[start + trickWinnerIndex(s.plays, start, s.trickLen)]!;
  s.tricks[winner]!++;
  s.trickLen = 0;
  s.toPlay = winner; // MM-5
  if (events) events.push({ all: { type: 'trick_won', seat: winner, trick: s.playCount / s.players } });
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
function finishHand(s: MatchMasterState, events?: Events): void {
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
      all: {
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
    if (events) {
      const totals = Array.from(s.totals);
      events.push({ all: { type: 'game_over', totals, winners: rankByScore(totals).winners } });
    }
    return;
  }
  s.handIndex++;
  s.dealer = (s.dealer + 1) % n; // MM-3: the deal passes to the next player
  dealHand(s, events);
}
