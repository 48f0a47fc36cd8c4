/**
 * What the public play of a hand reveals about hidden hands, and sampling of hidden hands that
 * agree with it (the determiniser behind `determinize`, used by search bots).
 *
 * Forced-play inferences (rulings MM-6, MM-7): a player who did not follow a non-trump led suit
 * holds none of it; one who then did not trump holds no trump; one who played a trump no higher
 * than the highest trump already in the trick holds no trump above it. These hold for the rest of
 * the hand, because hands only shrink.
 */
import type { EngineError, Seat } from '../../contract.ts';
import { engineError } from '../../contract.ts';
import type { Rng } from '../../rng.ts';
import { DECK_SIZE, FULL_SUIT, TRUMP, cardsOfMasks, popcount, rankOf, suitOf } from './cards.ts';
import { highestTrump, legalMaskForSuit, trickWinnerIndex } from './rules.ts';
import type { MatchMasterState } from './state.ts';
import { NO_CHANCE, PHASE_BID, PHASE_PLAY, cloneState, firstLeaderOf, handSizeOf } from './state.ts';

/** Holders of unseen cards: up to seven seats and the undealt pile. */
const MAX_HOLDERS = 8;

/** Per seat, the ranks of each suit the seat can still hold: allowed[seat * 4 + suit]. */
export function inferAllowed(s: MatchMasterState): Uint16Array {
  return inferAllowedInto(s, new Uint16Array(s.players * 4));
}

/** `inferAllowed` written into `allowed` (at least players * 4 long), which it returns. */
function inferAllowedInto(s: MatchMasterState, allowed: Uint16Array): Uint16Array {
  allowed.fill(FULL_SUIT, 0, s.players * 4);
  let trickStart = 0;
  for (let i = 0; i < s.playCount; i++) {
    if (i - trickStart === s.players) trickStart = i;
    const posInTrick = i - trickStart;
    const seat = s.playSeats[i]!;
    const card = s.plays[i]!;
    if (posInTrick > 0) {
      const led = suitOf(s.plays[trickStart]!);
      const high = highestTrump(s.plays, trickStart, posInTrick);
      const suit = suitOf(card);
      const base = seat * 4;
      if (suit !== led) {
        if (led !== TRUMP) allowed[base + led] = 0; // did not follow suit
        if (suit !== TRUMP) allowed[base + TRUMP] = 0; // and did not trump either
      }
      if (suit === TRUMP && rankOf(card) < high) {
        // Under-trumped: held no trump above the highest already in the trick.
        allowed[base + TRUMP]! &= (1 << (high - 1)) - 1;
      }
    }
  }
  return allowed;
}

/**
 * Replays the current hand's plays from the hands as dealt (current hand + cards played) and
 * checks the turn order and every forced-play rule. Returns null when the history is legal.
 */
export function checkHandHistory(s: MatchMasterState): EngineError | null {
  const n = s.players;
  const hands = s.hands.slice();
  for (let i = 0; i < s.playCount; i++) {
    const c = s.plays[i]!;
    hands[s.playSeats[i]! * 4 + suitOf(c)]! |= 1 << (rankOf(c) - 1);
  }
  const size = handSizeOf(s);
  for (let seat = 0; seat < n; seat++) {
    let count = 0;
    for (let suit = 0; suit < 4; suit++) {
      for (let m = hands[seat * 4 + suit]!; m !== 0; m &= m - 1) count++;
    }
    if (count !== size)
      return engineError('bad_history', `Seat ${seat} was dealt ${count} cards, not ${size}.`);
  }
  let toPlay = firstLeaderOf(s);
  let trickStart = 0;
  for (let i = 0; i < s.playCount; i++) {
    const seat = s.playSeats[i]!;
    if (seat !== toPlay) return engineError('bad_history', `Play ${i} was out of turn.`);
    const c = s.plays[i]!;
    const pos = i - trickStart;
    const led = pos === 0 ? -1 : suitOf(s.plays[trickStart]!);
    const high = pos === 0 ? 0 : highestTrump(s.plays, trickStart, pos);
    const mask = legalMaskForSuit(hands, seat * 4, suitOf(c), led, high);
    if ((mask & (1 << (rankOf(c) - 1))) === 0)
      return engineError('bad_history', `Play ${i} broke a forced-play rule.`);
    hands[seat * 4 + suitOf(c)]! &= ~(1 << (rankOf(c) - 1));
    if (pos + 1 === n) {
      toPlay = s.playSeats[trickStart + trickWinnerIndex(s.plays, trickStart, n)]!;
      trickStart = i + 1;
    } else {
      toPlay = (seat + 1) % n;
    }
  }
  if (s.phase === PHASE_PLAY && toPlay !== s.toPlay) {
    return engineError('bad_history', 'The seat to play does not follow from the plays.');
  }
  return null;
}

/** Scratch for `determinize` (one call at a time: the engine is synchronous). */
const scratchCards: number[] = [];
const scratchHolders = new Int32Array(DECK_SIZE);
const scratchEligible = new Int32Array(DECK_SIZE);
const scratchOptions = new Int32Array(DECK_SIZE);
const scratchOrder = new Int32Array(DECK_SIZE);
const scratchStart = new Int32Array(MAX_HOLDERS + 2);
const scratchCapacity = new Int32Array(MAX_HOLDERS);
const scratchFree = new Int32Array(MAX_HOLDERS);
const scratchUnseen = new Uint16Array(4);
const scratchAllowed = new Uint16Array(MAX_HOLDERS * 4);

/**
 * Samples a state that `seat` cannot tell from `s`: the cards it has not seen are dealt again to
 * the other hands and the undealt pile, respecting every forced-play inference; hidden bids are
 * redrawn uniformly. The copy's generator is reseeded from `rng` and any queued chance outcome
 * (the recorded deals of later hands) is dropped.
 */
export function determinize(s: MatchMasterState, seat: Seat, rng: Rng): MatchMasterState {
  const out = cloneState(s);
  rng.forkInto(out.rng);
  // The recorded deals still to come are the real future: a sample must not know them.
  out.chance = NO_CHANCE;
  out.chanceAt = 0;
  // So is a keyed deal: a sample deals later hands from its own generator.
  out.key = null;
  const n = s.players;
  const allowed = inferAllowedInto(s, scratchAllowed);
  // Capacity per holder: seats 0..n-1 and the undealt pile at index n (public: card counts).
  const capacity = scratchCapacity;
  capacity.fill(0);
  const unseen = scratchUnseen;
  unseen.fill(0);
  for (let other = 0; other < n; other++) {
    if (other === seat) continue;
    for (let suit = 0; suit < 4; suit++) {
      const m = s.hands[other * 4 + suit]!;
      capacity[other]! += popcount(m);
      unseen[suit]! |= m;
      out.hands[other * 4 + suit] = 0;
    }
  }
  for (let suit = 0; suit < 4; suit++) {
    capacity[n]! += popcount(s.undealt[suit]!);
    unseen[suit]! |= s.undealt[suit]!;
    out.undealt[suit] = 0;
  }
  // The unseen cards in card order, not holder order: the sample is then a function of the
  // seat's view and `rng` alone, so two worlds the seat cannot tell apart sample alike.
  const unknown = scratchCards;
  unknown.length = 0;
  cardsOfMasks(unseen, 0, unknown);
  const count = unknown.length;
  rng.shuffle(unknown);
  // Per card (after the shuffle), the holders that may take it, as a bit mask (the pile always).
  const eligible = scratchEligible;
  for (let i = 0; i < count; i++) {
    const c = unknown[i]!;
    const suit = suitOf(c);
    const bit = 1 << (rankOf(c) - 1);
    let m = 1 << n;
    for (let h = 0; h < n; h++) if (h !== seat && (allowed[h * 4 + suit]! & bit) !== 0) m |= 1 << h;
    eligible[i] = m;
  }
  const holders = assignCards(count, eligible, capacity, rng, n + 1);
  for (let i = 0; i < count; i++) {
    const c = unknown[i]!;
    const h = holders[i]!;
    const bit = 1 << (rankOf(c) - 1);
    if (h === n) out.undealt[suitOf(c)]! |= bit;
    else out.hands[h * 4 + suitOf(c)]! |= bit;
  }
  if (s.phase === PHASE_BID) {
    const size = handSizeOf(s);
    for (let other = 0; other < n; other++) {
      if (other !== seat && s.bids[other]! >= 0) out.bids[other] = rng.int(size + 1);
    }
  }
  return out;
}

/**
 * Assigns each of `count` cards (already shuffled) to a holder with free capacity that may hold
 * it (`eligible[i]`: a mask of holders). Random greedy (most constrained cards first, holders
 * weighted by free capacity), retried a few times, then a complete augmenting-path matching,
 * which always succeeds when the real deal is consistent. Returns the holder per card (scratch).
 */
function assignCards(
  count: number,
  eligible: Int32Array,
  capacity: Int32Array,
  rng: Rng,
  holderCount: number,
): Int32Array {
  const result = scratchHolders;
  // Most constrained first: cards by the number of holders with room for them, a stable order.
  let withRoom = 0;
  for (let h = 0; h < holderCount; h++) if (capacity[h]! > 0) withRoom |= 1 << h;
  const options = scratchOptions;
  for (let i = 0; i < count; i++) options[i] = popcount(eligible[i]! & withRoom);
  // A stable counting sort by the number of options (0..holderCount).
  const start = scratchStart;
  start.fill(0);
  for (let i = 0; i < count; i++) start[options[i]! + 1]!++;
  for (let o = 1; o <= holderCount + 1; o++) start[o]! += start[o - 1]!;
  const order = scratchOrder;
  for (let i = 0; i < count; i++) order[start[options[i]!]!++] = i;
  const free = scratchFree;
  for (let attempt = 0; attempt < 8; attempt++) {
    free.set(capacity);
    let failed = false;
    for (let j = 0; j < count; j++) {
      const i = order[j]!;
      const m = eligible[i]!;
      let total = 0;
      for (let h = 0; h < holderCount; h++) if ((m & (1 << h)) !== 0 && free[h]! > 0) total += free[h]!;
      if (total === 0) {
        failed = true;
        break;
      }
      let pick = rng.int(total);
      for (let h = 0; h < holderCount; h++) {
        if ((m & (1 << h)) === 0 || free[h]! <= 0) continue;
        pick -= free[h]!;
        if (pick < 0) {
          result[i] = h;
          free[h]!--;
          break;
        }
      }
    }
    if (!failed) return result;
  }
  return matchCards(count, eligible, capacity, holderCount, rng);
}

/** Bipartite matching of cards to holder slots by augmenting paths (Kuhn's algorithm). */
function matchCards(
  count: number,
  eligible: Int32Array,
  capacity: Int32Array,
  holderCount: number,
  rng: Rng,
): Int32Array {
  const slots: number[] = [];
  for (let h = 0; h < holderCount; h++) for (let k = 0; k < capacity[h]!; k++) slots.push(h);
  rng.shuffle(slots);
  const slotOwner = new Int32Array(slots.length).fill(-1);
  const tryCard = (i: number, seen: Uint8Array): boolean => {
    for (let j = 0; j < slots.length; j++) {
      if (seen[j] || (eligible[i]! & (1 << slots[j]!)) === 0) continue;
      seen[j] = 1;
      if (slotOwner[j] === -1 || tryCard(slotOwner[j]!, seen)) {
        slotOwner[j] = i;
        return true;
      }
    }
    return false;
  };
  for (let i = 0; i < count; i++) {
    if (!tryCard(i, new Uint8Array(slots.length)))
      throw new Error('matchmaster: no deal agrees with the history');
  }
  const result = scratchHolders;
  for (let j = 0; j < slots.length; j++) if (slotOwner[j]! >= 0) result[slotOwner[j]!] = slots[j]!;
  return result;
}
