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
import { Rng, matchmaster, matchmasterCards, matchmasterRules } from '@matchbox/engine';
import type { SearchAdapter } from '../ismcts.ts';

const { CARD_NAMES, RANKS, TRUMP, FULL_SUIT, parseCard, popcount } = matchmasterCards;
const { legalMaskForSuit, handPoints } = matchmasterRules;

const DECK = 52;
const PHASE_BID = 0;
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
}

export const newSit = (): PlaySit => ({
  n: 0,
  hand: new Uint16Array(4),
  legal: new Uint16Array(4),
  trick: new Int8Array(8),
  trickLen: 0,
  played: new Uint16Array(4),
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

/** The heuristic's card (an index 0..51) for the situation; `rng` adds no noise unless asked. */
export function choosePlay(sit: PlaySit): number {
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

/** The heuristic's bid: its expected tricks, rounded (memoised: search asks for it constantly). */
export function heuristicBid(hand: ArrayLike<number>, n: number, h: number): number {
  const key = (((hand[0]! * 8192 + hand[1]!) * 8192 + hand[2]!) * 8192 + hand[3]!) * 8 + n;
  let b = bidCache.get(key);
  if (b === undefined) {
    if (bidCache.size > 200_000) bidCache.clear();
    b = Math.max(0, Math.min(h, Math.round(expectedTricks(hand, n, h))));
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

const stateSit = newSit();

function fillSitFromState(s: MatchMasterState, seat: Seat, sit: PlaySit): void {
  sit.n = s.players;
  const start = s.playCount - s.trickLen;
  const led = s.trickLen === 0 ? -1 : suitOf(s.plays[start]!);
  let high = 0;
  sit.trickLen = s.trickLen;
  for (let i = 0; i < s.trickLen; i++) {
    const c = s.plays[start + i]!;
    sit.trick[i] = c;
    if (suitOf(c) === TRUMP && rankOf(c) > high) high = rankOf(c);
  }
  // Played this hand = neither in a hand nor undealt.
  for (let suit = 0; suit < 4; suit++) {
    let held = s.undealt[suit]!;
    for (let o = 0; o < s.players; o++) held |= s.hands[o * 4 + suit]!;
    sit.played[suit] = FULL_SUIT & ~held;
  }
  let left = 0;
  for (let suit = 0; suit < 4; suit++) {
    sit.hand[suit] = s.hands[seat * 4 + suit]!;
    left += popcount(sit.hand[suit]!);
    sit.legal[suit] = legalMaskForSuit(s.hands, seat * 4, suit, led, high);
  }
  sit.left = left;
  sit.need = s.bids[seat]! - s.tricks[seat]!;
}

export function statePolicy(s: MatchMasterState, seat: Seat, rng: Rng, noise: number): Action {
  const size = s.handSizes[s.handIndex]!;
  if (s.phase === PHASE_BID) {
    const b = heuristicBid(s.hands.subarray(seat * 4, seat * 4 + 4), s.players, size);
    return BID[b]!;
  }
  fillSitFromState(s, seat, stateSit);
  if (noise > 0 && rng.next() < noise) {
    let count = 0;
    for (let suit = 0; suit < 4; suit++) count += popcount(stateSit.legal[suit]!);
    let k = rng.int(count);
    for (let suit = 0; suit < 4; suit++) {
      for (let m = stateSit.legal[suit]!; m !== 0; m &= m - 1) {
        if (k-- === 0) return PLAY[suit * RANKS + (31 - Math.clz32(m & -m))]!;
      }
    }
  }
  return PLAY[choosePlay(stateSit)]!;
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

/** The heuristic's reading of a MatchMaster view. */
export function sitFromView(view: MatchMasterView, seat: Seat, legal: readonly Action[]): PlaySit {
  const sit = newSit();
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
  return sit;
}

export const viewHandMask = (view: MatchMasterView): Uint16Array => maskOf(cardsIn(view.myHand ?? []));

/** The play heuristic's action for a view (or the bid heuristic's in the bidding phase). */
export function heuristicAction(view: MatchMasterView, seat: Seat, legal: readonly Action[]): Action {
  if (view.phase === 'bid') {
    const b = heuristicBid(viewHandMask(view), view.players, view.handSize);
    return BID[b]!;
  }
  return PLAY[choosePlay(sitFromView(view, seat, legal))]!;
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
}

export function matchmasterAdapter(cfg: MatchMasterSearchConfig): SearchAdapter<MatchMasterHorizon> {
  return {
    begin(state) {
      const s = state as MatchMasterState;
      return { handIndex: s.handIndex, players: s.players, size: s.handSizes[s.handIndex]! };
    },
    prepare(state, seat) {
      // MM-4: bids made by others are secret during bidding; model them by the heuristic on the
      // sampled hands rather than the engine's uniform redraw.
      const s = state as MatchMasterState;
      if (s.phase !== PHASE_BID) return;
      const size = s.handSizes[s.handIndex]!;
      for (let o = 0; o < s.players; o++) {
        if (o !== seat && s.bids[o]! >= 0)
          s.bids[o] = heuristicBid(s.hands.subarray(o * 4, o * 4 + 4), s.players, size);
      }
    },
    isTerminal(state, h) {
      const s = state as MatchMasterState;
      return s.handIndex !== h.handIndex || s.phase === PHASE_OVER;
    },
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
    },
    policy: (state, seat, rng) => statePolicy(state as MatchMasterState, seat, rng, cfg.noise),
    policyOnly(state, seat, rootSeat) {
      if (seat === rootSeat) return false;
      const s = state as MatchMasterState;
      return s.phase === PHASE_BID || cfg.modelOpponents;
    },
    outcome(state, seat, h) {
      const s = state as MatchMasterState;
      return Math.max(0, s.history[(h.handIndex * h.players + seat) * 3 + 1]!);
    },
  };
}

export { matchmaster, Rng };
