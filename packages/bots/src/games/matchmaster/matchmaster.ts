/**
 * MatchMaster bots (rulings MM-4..MM-9).
 *
 * The heuristic (`medium`) bids the expected number of tricks of its hand (a per-card chance of
 * winning from the unseen higher cards and the risk of being trumped) and then plays to hit that
 * bid exactly: when it still needs tricks it wins them as cheaply as it can (the lowest card that
 * takes the trick when it plays last, a card no unseen card can beat otherwise) and leads its
 * sure winners; once it has enough it ducks (the highest card that still loses, the lowest lead).
 * The same play logic, run on determinized states, is the rollout policy of the search bots.
 */
import type { Action, MatchMasterAction, MatchMasterState, MatchMasterView, Seat } from '@matchbox/engine';
import { Rng, matchmaster, matchmasterCards, matchmasterCopyState, matchmasterRules } from '@matchbox/engine';
import type { SearchAdapter } from '../../ismcts.ts';
import { applyChecked } from '../../ismcts.ts';
import { ShownVoids, fillCounting, fillPossible, sureTrumps } from './matchmaster-count.ts';

const { CARD_NAMES, RANKS, TRUMP, FULL_SUIT, parseCard, popcount } = matchmasterCards;
const { legalMaskForSuit, handPoints } = matchmasterRules;

const DECK = 52;
const PHASE_BID = 0;
const PHASE_PLAY = 1;
const PHASE_OVER = 2;

/** The engine's own interned actions (they carry decoded fields, so applying them parses nothing). */
const interned = (text: string, fallback: Action): Action => {
  const r = matchmaster.parseAction(text);
  return r.ok ? r.value : fallback;
};
export const PLAY: readonly Action[] = CARD_NAMES.map((card) =>
  interned(card, { type: 'play', card } as Action),
);
export const BID: readonly Action[] = Array.from({ length: 27 }, (_, bid) =>
  interned(`bid ${bid}`, { type: 'bid', bid } as Action),
);

/** Everything the play heuristic looks at, from one seat's point of view. */
export interface PlaySit {
  n: number;
  readonly hand: Uint16Array;
  readonly legal: Uint16Array;
  readonly trick: Int8Array;
  trickLen: number;
  /** Cards already played this hand, including the current trick (four suit masks). */
  readonly played: Uint16Array;
  /** Tricks still wanted (bid - won; may be negative). */
  need: number;
  /** Cards left in hand. */
  left: number;
  /** The seat deciding. */
  seat: number;
  /** Per suit, the ranks the seats still to play this trick may hold (see matchmaster-count.ts). */
  readonly later: Uint16Array;
  /** The trumps another seat may hold. */
  otherTrumps: number;
  /** Count tricks (sure winners, shown voids, banked top trumps); false: the plain heuristic. */
  counting: boolean;
}

/** A fresh situation; `played` may be a buffer kept up to date elsewhere (`ShownVoids.played`). */
export const newSit = (played: Uint16Array = new Uint16Array(4)): PlaySit => ({
  n: 0,
  seat: 0,
  later: new Uint16Array(4),
  otherTrumps: 0,
  counting: true,
  hand: new Uint16Array(4),
  legal: new Uint16Array(4),
  trick: new Int8Array(8),
  trickLen: 0,
  played,
  need: 0,
  left: 0,
});

const suitOf = (c: number): number => (c / RANKS) | 0;
const rankOf = (c: number): number => (c % RANKS) + 1;
const above = (rank: number): number => FULL_SUIT & ~((1 << rank) - 1);

/** Strength of a card in a trick led with `led`: trumps above the led suit, others nothing. */
const keyOf = (c: number, led: number): number => {
  const s = suitOf(c);
  return s === TRUMP ? 100 + rankOf(c) : s === led ? rankOf(c) : -1;
};

/** No card that could beat `c` in its own suit is still unseen by this seat. */
function isMaster(sit: PlaySit, c: number): boolean {
  const s = suitOf(c);
  return (above(rankOf(c)) & ~(sit.hand[s]! | sit.played[s]!)) === 0;
}

/** How dangerous a card is to hold when ducking (high trumps most). */
const danger = (c: number): number => (suitOf(c) === TRUMP ? 13 + rankOf(c) : rankOf(c));

/** The heuristic's card (an index 0..51) for the situation. */
export function choosePlay(sit: PlaySit): number {
  return sit.counting ? countingPlay(sit) : plainPlay(sit);
}

/**
 * The counting heuristic. Top trumps nobody can beat are tricks banked (each wins the trick it is
 * played to, MM-8): while they cover the tricks still needed, every other card ducks. A card
 * "wins for sure" when it beats the trick and no seat still to play can beat it, given the voids
 * the table has shown (matchmaster-count.ts).
 *
 * One pass over the legal cards keeps the candidate of each rule with the value it is compared
 * by (its strength in the trick, its danger, its rank): rollouts call this for every card.
 */
function countingPlay(sit: PlaySit): number {
  const led = sit.trickLen > 0 ? suitOf(sit.trick[0]!) : -1;
  let bestKey = -1;
  for (let i = 0; i < sit.trickLen; i++) {
    const k = keyOf(sit.trick[i]!, led);
    if (k > bestKey) bestKey = k;
  }
  const banked = sit.need > 0 ? sureTrumps(sit) : 0;
  const bankedCount = popcount(banked);
  // Tricks wanted from cards other than the banked trumps.
  const want = sit.need - bankedCount > 0;
  // Banked trumps are held back while ducking (they win whenever played); used when nothing else is legal.
  let spare = 0;
  for (let s = 0; s < 4; s++) spare += popcount(sit.legal[s]! & (s === TRUMP && !want ? ~banked : FULL_SUIT));
  const reserve = !want && spare > 0 ? banked : 0;
  const later = sit.later;
  const laterTrumps = later[TRUMP]!;
  // Each candidate card (-1: none yet) with the value it is compared by.
  let lowestAny = -1;
  let lowestAnyD = 0;
  let highestAny = -1;
  let highestAnyD = 0;
  let cheapSure = -1;
  let cheapSureK = 0;
  let dearSure = -1;
  let dearSureD = 0;
  let lowestWin = -1;
  let lowestWinK = 0;
  let highestWin = -1;
  let highestWinK = 0;
  let lowestMasterWin = -1;
  let lowestMasterWinK = 0;
  let lowestUnsureWin = -1;
  let lowestUnsureWinK = 0;
  let highestLose = -1;
  let highestLoseD = 0;
  let masterTrump = -1;
  let masterSide = -1;
  let masterSideLen = 0;
  let lowSide = -1;
  let lowSideR = 0;
  let lowSideLen = -1;
  let lowUnsureSide = -1;
  let lowUnsureR = 0;
  let lowUnsureLen = -1;
  let lowestUnsure = -1;
  let lowestUnsureD = 0;
  for (let s = 0; s < 4; s++) {
    const usable = s === TRUMP ? sit.legal[s]! & ~reserve : sit.legal[s]!;
    if (usable === 0) continue;
    const trump = s === TRUMP;
    // The suit the card is judged in (its own when it leads), and whether a void seat could trump it.
    const judged = led < 0 ? s : led;
    const ruffable = !trump && s === judged && laterTrumps !== 0;
    const unseen = ~(sit.hand[s]! | sit.played[s]!);
    const len = popcount(sit.hand[s]!);
    for (let m = usable; m !== 0; m &= m - 1) {
      const bit = 31 - Math.clz32(m & -m);
      const r = bit + 1;
      const c = s * RANKS + bit;
      const d = trump ? 13 + r : r; // danger
      const over = above(r);
      if (lowestAny < 0 || d < lowestAnyD) {
        lowestAny = c;
        lowestAnyD = d;
      }
      if (highestAny < 0 || d > highestAnyD) {
        highestAny = c;
        highestAnyD = d;
      }
      const k = trump ? 100 + r : s === judged ? r : -1;
      const wins = k > bestKey;
      const sure = wins && (later[s]! & over) === 0 && !ruffable;
      if (sure) {
        if (cheapSure < 0 || k < cheapSureK) {
          cheapSure = c;
          cheapSureK = k;
        }
        // Spending a banked trump here would not bring the bid closer.
        const isBanked = trump && (banked & (1 << bit)) !== 0;
        if (!isBanked && (dearSure < 0 || d > dearSureD)) {
          dearSure = c;
          dearSureD = d;
        }
      }
      const master = (over & unseen & FULL_SUIT) === 0;
      if (led < 0) {
        if (master) {
          if (trump) masterTrump = masterTrump < 0 || c > masterTrump ? c : masterTrump;
          else if (masterSide < 0 || len < masterSideLen) {
            masterSide = c;
            masterSideLen = len;
          }
        }
        if (!sure && (lowestUnsure < 0 || d < lowestUnsureD)) {
          lowestUnsure = c;
          lowestUnsureD = d;
        }
        if (!trump) {
          // A lower lead: lower rank, or the same rank from a longer suit.
          if (lowSide < 0 || r < lowSideR || (r === lowSideR && len > lowSideLen)) {
            lowSide = c;
            lowSideR = r;
            lowSideLen = len;
          }
          if (!sure && (lowUnsureSide < 0 || r < lowUnsureR || (r === lowUnsureR && len > lowUnsureLen))) {
            lowUnsureSide = c;
            lowUnsureR = r;
            lowUnsureLen = len;
          }
        }
        continue;
      }
      if (wins) {
        if (lowestWin < 0 || k < lowestWinK) {
          lowestWin = c;
          lowestWinK = k;
        }
        if (highestWin < 0 || k > highestWinK) {
          highestWin = c;
          highestWinK = k;
        }
        if (master && (lowestMasterWin < 0 || k < lowestMasterWinK)) {
          lowestMasterWin = c;
          lowestMasterWinK = k;
        }
        if (!sure && (lowestUnsureWin < 0 || k < lowestUnsureWinK)) {
          lowestUnsureWin = c;
          lowestUnsureWinK = k;
        }
      } else if (highestLose < 0 || d > highestLoseD) {
        highestLose = c;
        highestLoseD = d;
      }
    }
  }
  const lastNeeded = sit.need - bankedCount === 1;
  if (led < 0) {
    if (want) {
      // A sure winner first: with this trick the bid is made, so spend the most dangerous one.
      if (cheapSure >= 0) return lastNeeded && dearSure >= 0 ? dearSure : cheapSure;
      if (masterTrump >= 0) return masterTrump;
      if (masterSide >= 0) return masterSide;
      if (sit.need >= sit.left) return highestAny;
      return lowSide >= 0 ? lowSide : lowestAny;
    }
    // Ducking: never lead a card nobody can beat when another could lose.
    if (lowUnsureSide >= 0) return lowUnsureSide;
    if (lowestUnsure >= 0) return lowestUnsure;
    return highestAny;
  }
  if (want) {
    if (cheapSure >= 0) return lastNeeded && dearSure >= 0 ? dearSure : cheapSure;
    if (lowestWin >= 0) return lowestMasterWin >= 0 ? lowestMasterWin : highestWin;
    return lowestAny;
  }
  if (highestLose >= 0) return highestLose;
  // Every card beats the trick so far: one a later seat may still beat, else (the trick is ours
  // whatever we play) the most dangerous card.
  if (lowestUnsureWin >= 0) return lowestUnsureWin;
  return highestAny;
}

/** The heuristic without counting (the rollout policy before issue 14, kept for measuring). */
function plainPlay(sit: PlaySit): number {
  const led = sit.trickLen > 0 ? suitOf(sit.trick[0]!) : -1;
  let bestKey = -1;
  for (let i = 0; i < sit.trickLen; i++) {
    const k = keyOf(sit.trick[i]!, led);
    if (k > bestKey) bestKey = k;
  }
  const last = sit.trickLen === sit.n - 1;
  const want = sit.need > 0;
  // Scan the legal cards once, keeping the candidates each rule needs.
  let lowestWin = -1;
  let highestWin = -1;
  let lowestMasterWin = -1;
  let highestLose = -1;
  let lowestAny = -1;
  let highestAny = -1;
  let masterTrump = -1;
  let masterSide = -1;
  let lowSide = -1;
  let lowSideLen = -1;
  for (let s = 0; s < 4; s++) {
    for (let m = sit.legal[s]!; m !== 0; m &= m - 1) {
      const c = s * RANKS + (31 - Math.clz32(m & -m));
      if (lowestAny < 0 || danger(c) < danger(lowestAny)) lowestAny = c;
      if (highestAny < 0 || danger(c) > danger(highestAny)) highestAny = c;
      if (led < 0) {
        if (isMaster(sit, c)) {
          if (s === TRUMP) masterTrump = masterTrump < 0 || c > masterTrump ? c : masterTrump;
          else if (masterSide < 0 || popcount(sit.hand[s]!) < popcount(sit.hand[suitOf(masterSide)]!))
            masterSide = c;
        }
        if (s !== TRUMP) {
          const len = popcount(sit.hand[s]!);
          if (
            lowSide < 0 ||
            rankOf(c) < rankOf(lowSide) ||
            (rankOf(c) === rankOf(lowSide) && len > lowSideLen)
          ) {
            lowSide = c;
            lowSideLen = len;
          }
        }
        continue;
      }
      const k = keyOf(c, led);
      if (k > bestKey) {
        if (lowestWin < 0 || k < keyOf(lowestWin, led)) lowestWin = c;
        if (highestWin < 0 || k > keyOf(highestWin, led)) highestWin = c;
        if (isMaster(sit, c) && (lowestMasterWin < 0 || k < keyOf(lowestMasterWin, led))) lowestMasterWin = c;
      } else if (highestLose < 0 || danger(c) > danger(highestLose)) {
        highestLose = c;
      }
    }
  }
  if (led < 0) {
    if (want) {
      if (masterTrump >= 0) return masterTrump;
      if (masterSide >= 0) return masterSide;
      if (sit.need >= sit.left) return highestAny;
      return lowSide >= 0 ? lowSide : lowestAny;
    }
    return lowSide >= 0 ? lowSide : lowestAny;
  }
  if (want) {
    if (lowestWin >= 0) {
      if (last) return lowestWin;
      if (lowestMasterWin >= 0) return lowestMasterWin;
      return highestWin;
    }
    return lowestAny;
  }
  if (highestLose >= 0) return highestLose;
  return last ? highestAny : lowestWin;
}

/**
 * Expected tricks of a hand (four suit masks) with `n` players and hand size `h`: per card, the
 * chance that no unseen higher card of its suit is out against it, times (off trump) the chance
 * that nobody ruffs it.
 */
export function expectedTricks(hand: ArrayLike<number>, n: number, h: number): number {
  const unseen = DECK - h;
  const q = Math.min(1, ((n - 1) * h) / unseen); // chance a given unseen card is in play
  const trumpsOut = 13 - popcount(hand[TRUMP]!);
  const pHasTrump = 1 - Math.pow(1 - trumpsOut / unseen, h);
  let total = 0;
  for (let s = 0; s < 4; s++) {
    const len = popcount(hand[s]!);
    const pVoid = Math.pow(Math.max(0, 1 - (13 - len) / unseen), h);
    const noRuff = s === TRUMP ? 1 : Math.pow(1 - pVoid * pHasTrump, n - 1);
    for (let m = hand[s]!; m !== 0; m &= m - 1) {
      const r = 32 - Math.clz32(m & -m);
      const k = popcount(above(r) & ~hand[s]!);
      total += Math.pow(1 - q, k) * noRuff;
    }
  }
  return total;
}

const bidCache = new Map<number, number>();

/**
 * The heuristic's bid: its expected tricks, rounded (memoised: search asks for it constantly).
 * The hand is the four suit masks from `hand[base]` (e.g. a seat's in a state's `hands`).
 */
export function heuristicBid(hand: ArrayLike<number>, n: number, h: number, base = 0): number {
  const s0 = hand[base]!;
  const s1 = hand[base + 1]!;
  const s2 = hand[base + 2]!;
  const s3 = hand[base + 3]!;
  const key = (((s0 * 8192 + s1) * 8192 + s2) * 8192 + s3) * 8 + n;
  let b = bidCache.get(key);
  if (b === undefined) {
    if (bidCache.size > 200_000) bidCache.clear();
    b = Math.max(0, Math.min(h, Math.round(expectedTricks([s0, s1, s2, s3], n, h))));
    bidCache.set(key, b);
  }
  return b;
}

/**
 * The exact probability that a single card wins a one-card hand (MM-8), over every deal of the
 * other players' cards; `pos` is the seat's place after the leader (0 = leads). Counting: the
 * unseen 51 cards are split into trumps, higher cards of my suit and lower cards of my suit.
 */
export function oneCardWinChance(card: number, n: number, pos: number): number {
  const unseen = DECK - 1;
  const r = rankOf(card);
  const others = n - 1;
  const choose = (a: number, b: number): number => {
    if (b < 0 || b > a) return 0;
    let x = 1;
    for (let i = 1; i <= b; i++) x = (x * (a - b + i)) / i;
    return x;
  };
  if (suitOf(card) === TRUMP) {
    const higher = 13 - r;
    return choose(unseen - higher, others) / choose(unseen, others);
  }
  const beat = 13 + (13 - r); // every trump and every higher card of my suit
  if (pos === 0) return choose(unseen - beat, others) / choose(unseen, others);
  // Someone else leads: the lead must be a lower card of my suit, and nobody may hold a beater.
  const lower = r - 1;
  return (lower / unseen) * (choose(unseen - 1 - beat, others - 1) / choose(unseen - 1, others - 1));
}

/** The bid with the best expected MM-9 points in a one-card hand. */
export function oneCardBid(card: number, n: number, pos: number): number {
  const p = oneCardWinChance(card, n, pos);
  const bid1 = p * handPoints(1, 1) + (1 - p) * handPoints(1, 0);
  const bid0 = p * handPoints(0, 1) + (1 - p) * handPoints(0, 0);
  return bid1 > bid0 ? 1 : 0;
}

// --- From a state (rollouts, opponent models) ---

/** Rollouts ask after every card of the same sampled hand: the plays are read incrementally. */
const stateVoids = new ShownVoids();
/** The situation of the seat to play in a state; its `played` is the voids' (kept by `update`). */
const stateSit = newSit(stateVoids.played);

/**
 * Fills what the seat to play sees in a state except the counting: the trick, its hand, its legal
 * cards, the tricks it still needs. Returns the only legal card, or -1 when there are several.
 */
function fillSitFromState(s: MatchMasterState, seat: Seat, sit: PlaySit): number {
  sit.n = s.players;
  const trickLen = s.trickLen;
  const start = s.playCount - trickLen;
  sit.trickLen = trickLen;
  for (let i = 0; i < trickLen; i++) sit.trick[i] = s.plays[start + i]!;
  const base = seat * 4;
  const hands = s.hands;
  for (let suit = 0; suit < 4; suit++) sit.hand[suit] = hands[base + suit]!;
  // Cards left: the seat to play has played one card per finished trick.
  const left =
    seat === s.toPlay
      ? s.handSizes[s.handIndex]! - start / s.players
      : popcount(sit.hand[0]!) + popcount(sit.hand[1]!) + popcount(sit.hand[2]!) + popcount(sit.hand[3]!);
  const legal = sit.legal;
  const led = trickLen === 0 ? -1 : suitOf(sit.trick[0]!);
  if (led < 0) {
    // Leading: any card (MM-5).
    for (let suit = 0; suit < 4; suit++) legal[suit] = sit.hand[suit]!;
  } else if (led !== TRUMP && hands[base + led] !== 0) {
    // Following a non-trump suit (the common case): only that suit is legal (MM-6).
    legal[0] = legal[1] = legal[2] = legal[3] = 0;
    legal[led] = hands[base + led]!;
  } else {
    let high = 0;
    for (let i = 0; i < trickLen; i++) {
      const c = sit.trick[i]!;
      if (suitOf(c) === TRUMP && rankOf(c) > high) high = rankOf(c);
    }
    for (let suit = 0; suit < 4; suit++) legal[suit] = legalMaskForSuit(hands, base, suit, led, high);
  }
  sit.left = left;
  sit.need = s.bids[seat]! - s.tricks[seat]!;
  sit.seat = seat;
  let only = -1;
  for (let suit = 0; suit < 4; suit++) {
    const m = legal[suit]!;
    if (m === 0) continue;
    if (only >= 0 || (m & (m - 1)) !== 0) return -1;
    only = suit * RANKS + (31 - Math.clz32(m));
  }
  return only;
}

/**
 * What the table has shown, for the situation filled by `fillSitFromState`: the cards played
 * and (counting) what the other seats may hold. Only the plays, never the other hands of this
 * sample, read incrementally from the plays made since the last call on this state and hand.
 */
function fillShownFromState(s: MatchMasterState, sit: PlaySit): void {
  stateVoids.update(s, s.handIndex, s.players, s.plays, s.playSeats, s.playCount); // fills sit.played
  if (sit.counting) fillCounting(sit, stateVoids.allowed);
}

/**
 * `matchmasterCopyState` for states the rollout policy plays in: the policy reads a state's plays
 * incrementally (keyed by the state object), so a state object that receives another state must
 * go through here, which makes the policy forget what it read of `target`.
 */
export function copyWorld(source: MatchMasterState, target: MatchMasterState): void {
  matchmasterCopyState(source, target);
  stateVoids.forget();
}

/**
 * The play heuristic's whole situation for the seat to play in a state (the shared object the
 * rollouts use: valid until the next call). For tests and diagnostics.
 */
export function sitFromState(s: MatchMasterState, seat: Seat, counting = true): PlaySit {
  stateSit.counting = counting;
  fillSitFromState(s, seat, stateSit);
  fillShownFromState(s, stateSit);
  return stateSit;
}

export function statePolicy(
  s: MatchMasterState,
  seat: Seat,
  rng: Rng,
  noise: number,
  counting = true,
): Action {
  const size = s.handSizes[s.handIndex]!;
  if (s.phase === PHASE_BID) {
    const b = heuristicBid(s.hands, s.players, size, seat * 4);
    return BID[b]!;
  }
  const sit = stateSit;
  sit.counting = counting;
  const only = fillSitFromState(s, seat, sit);
  if (only >= 0) {
    // A forced card: the same draws as a choice among one (the noise's, then its pick).
    if (noise > 0 && rng.next() < noise) rng.int(1);
    return PLAY[only]!;
  }
  if (noise > 0 && rng.next() < noise) {
    let count = 0;
    for (let suit = 0; suit < 4; suit++) count += popcount(sit.legal[suit]!);
    let k = rng.int(count);
    for (let suit = 0; suit < 4; suit++) {
      for (let m = sit.legal[suit]!; m !== 0; m &= m - 1) {
        if (k-- === 0) return PLAY[suit * RANKS + (31 - Math.clz32(m & -m))]!;
      }
    }
  }
  fillShownFromState(s, sit);
  return PLAY[choosePlay(sit)]!;
}

// --- From a view (the heuristic bot itself) ---

const maskOf = (cards: readonly number[]): Uint16Array => {
  const m = new Uint16Array(4);
  for (const c of cards) m[suitOf(c)]! |= 1 << (rankOf(c) - 1);
  return m;
};

const cardsIn = (names: readonly string[]): number[] => {
  const out: number[] = [];
  for (const text of names) {
    const c = parseCard(text);
    if (c >= 0) out.push(c);
  }
  return out;
};

const playedIn = (trick: MatchMasterView['trick']): number[] => cardsIn(trick.cards.map((p) => p.card));

/** The heuristic's reading of a MatchMaster view (`counting` false: the plain heuristic). */
export function sitFromView(
  view: MatchMasterView,
  seat: Seat,
  legal: readonly Action[],
  counting = true,
): PlaySit {
  const sit = newSit();
  sit.counting = counting;
  sit.n = view.players;
  const hand = cardsIn(view.myHand ?? []);
  sit.hand.set(maskOf(hand));
  sit.left = hand.length;
  const legalCards: number[] = [];
  for (const a of legal as readonly MatchMasterAction[])
    if (a.type === 'play') legalCards.push(parseCard(a.card));
  sit.legal.set(maskOf(legalCards));
  const trick = playedIn(view.trick);
  sit.trickLen = trick.length;
  trick.forEach((c, i) => (sit.trick[i] = c));
  const played = [...trick];
  for (const t of view.tricks) played.push(...playedIn(t));
  sit.played.set(maskOf(played));
  sit.need = (view.bids[seat] ?? 0) - (view.tricksWon[seat] ?? 0);
  sit.seat = seat;
  const plays: number[] = [];
  const seats: number[] = [];
  for (const t of [...view.tricks, view.trick]) {
    for (const p of t.cards) {
      plays.push(parseCard(p.card));
      seats.push(p.seat);
    }
  }
  fillPossible(sit, plays, seats, plays.length);
  return sit;
}

export const viewHandMask = (view: MatchMasterView): Uint16Array => maskOf(cardsIn(view.myHand ?? []));

/** The play heuristic's action for a view (or the bid heuristic's in the bidding phase). */
export function heuristicAction(
  view: MatchMasterView,
  seat: Seat,
  legal: readonly Action[],
  counting = true,
): Action {
  if (view.phase === 'bid') {
    const b = heuristicBid(viewHandMask(view), view.players, view.handSize);
    return BID[b]!;
  }
  return PLAY[choosePlay(sitFromView(view, seat, legal, counting))]!;
}

// --- The search adapter ---

export interface MatchMasterHorizon {
  readonly handIndex: number;
  readonly players: number;
  readonly size: number;
}

export interface MatchMasterSearchConfig {
  /** Rollout noise: chance of a random legal card instead of the heuristic's. */
  readonly noise: number;
  /** Weight of the opponents' mean points subtracted from a seat's own (0 = selfish). */
  readonly spite: number;
  /** Opponents' card play comes from the heuristic rather than the tree. */
  readonly modelOpponents: boolean;
  /** Rollouts count tricks (default true; false: the plain heuristic, for measuring). */
  readonly counting?: boolean;
  /**
   * In the last `matchHands` hands of the game, value an outcome by the chance it gives of
   * winning the match (the totals, MM-10), blended with the hand's points (0 = points only).
   */
  readonly matchHands?: number;
}

/** Spread of one seat's lead over another per hand still to play, in points (for the match value). */
const MATCH_SPREAD = 8;
/** Weight of the match value against the hand's points in the last hands. */
const MATCH_WEIGHT = 0.6;

/** Standard normal distribution function (Abramowitz and Stegun 7.1.26, error < 1.5e-7). */
function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp((-x * x) / 2);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

/**
 * Per seat, the chance of winning the match from the totals after this hand with `remaining`
 * hands still to play: certain at the end (a shared lead counts as half), otherwise the lead over
 * the best other total against a normal spread that grows with the hands left.
 */
export function matchValue(totals: ArrayLike<number>, n: number, remaining: number, out: Float64Array): void {
  for (let i = 0; i < n; i++) {
    let best = -Infinity;
    for (let j = 0; j < n; j++) if (j !== i && totals[j]! > best) best = totals[j]!;
    const lead = totals[i]! - best;
    out[i] =
      remaining === 0
        ? lead > 0
          ? 1
          : lead === 0
            ? 0.5
            : 0
        : normalCdf(lead / (MATCH_SPREAD * Math.sqrt(remaining)));
  }
}

const matchScratch = new Float64Array(8);

/**
 * A search value back in hand points: the adapter's rewards scale a hand's MM-9 points from
 * -size..10 + size onto 0..1 (before any spite or match blend).
 */
export const rewardToPoints = (value: number, size: number): number => value * (10 + 2 * size) - size;

/** The search's horizon: the hand searched is over (the next one is dealt) or the game is. */
const handOver = (s: MatchMasterState, h: MatchMasterHorizon): boolean =>
  s.handIndex !== h.handIndex || s.phase === PHASE_OVER;

export function matchmasterAdapter(cfg: MatchMasterSearchConfig): SearchAdapter<MatchMasterHorizon> {
  return {
    begin(state) {
      const s = state as MatchMasterState;
      return { handIndex: s.handIndex, players: s.players, size: s.handSizes[s.handIndex]! };
    },
    copy: (source, target) => copyWorld(source as MatchMasterState, target as MatchMasterState),
    prepare(state, seat) {
      // MM-4: bids made by others are secret during bidding; model them by the heuristic on the
      // sampled hands rather than the engine's uniform redraw.
      const s = state as MatchMasterState;
      if (s.phase !== PHASE_BID) return;
      const size = s.handSizes[s.handIndex]!;
      for (let o = 0; o < s.players; o++) {
        if (o !== seat && s.bids[o]! >= 0) s.bids[o] = heuristicBid(s.hands, s.players, size, o * 4);
      }
    },
    isTerminal: (state, h) => handOver(state as MatchMasterState, h),
    rewards(state, h, out) {
      const s = state as MatchMasterState;
      const n = h.players;
      const lo = -h.size;
      const span = 10 + 2 * h.size;
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const p = (s.history[(h.handIndex * n + i) * 3 + 2]! - lo) / span;
        out[i] = p;
        sum += p;
      }
      if (cfg.spite > 0) {
        for (let i = 0; i < n; i++) {
          const others = (sum - out[i]!) / (n - 1);
          out[i] = (out[i]! - cfg.spite * others + cfg.spite) / (1 + cfg.spite);
        }
      }
      const remaining = s.handSizes.length - 1 - h.handIndex;
      if ((cfg.matchHands ?? 0) > remaining) {
        matchValue(s.totals, n, remaining, matchScratch);
        for (let i = 0; i < n; i++) out[i] = MATCH_WEIGHT * matchScratch[i]! + (1 - MATCH_WEIGHT) * out[i]!;
      }
    },
    rollout(state, rng, h, budget) {
      const s = state as MatchMasterState;
      const noise = cfg.noise;
      const counting = cfg.counting ?? true;
      let steps = 0;
      while (steps < budget && !handOver(s, h)) {
        const p = s.phase === PHASE_PLAY ? s.toPlay : matchmaster.toAct(s)[0]!;
        applyChecked(matchmaster, s, p, statePolicy(s, p, rng, noise, counting));
        steps++;
      }
      return steps;
    },
    policy: (state, seat, rng) =>
      statePolicy(state as MatchMasterState, seat, rng, cfg.noise, cfg.counting ?? true),
    policyOnly(state, seat, rootSeat) {
      if (seat === rootSeat) return false;
      const s = state as MatchMasterState;
      return s.phase === PHASE_BID || cfg.modelOpponents;
    },
    // MM-8: a seat takes 0 to handSize tricks.
    outcomeCount: (h) => h.size + 1,
    outcome(state, seat, h) {
      const s = state as MatchMasterState;
      return Math.max(0, s.history[(h.handIndex * h.players + seat) * 3 + 1]!);
    },
  };
}

export { matchmaster, Rng };
