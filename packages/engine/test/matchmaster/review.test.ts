/**
 * MatchMaster review: focused scenarios for every sentence of rulings MM-1..MM-10 and the sheets
 * (000 English, 001 German), cross-checks of the engine against a naive model written here from
 * the rulings alone, secrecy of bids (MM-4) in views, events and determinize, and a property test
 * that every determinized world agrees with every forced-play inference (MM-6, MM-7).
 */
import { describe, expect, it } from 'vitest';
import type {
  GameEvent,
  Json,
  MatchMasterAction,
  MatchMasterEvent,
  MatchMasterState,
  MatchMasterView,
} from '../../src/index.ts';
import { Rng, eventsFor, matchmasterInferAllowed } from '../../src/index.ts';
import { attempt, bidAll, dealt, game, legal, play } from './helpers.ts';

// ---------------------------------------------------------------------------------------------
// A naive model of the rulings, independent of the engine's bit masks.

interface Card {
  readonly suit: string;
  readonly rank: number;
}
// A type alias (not an interface) so that view JSON converts to it.

type Played = { seat: number; card: string };
const SUITS = ['do', 'lo', 'db', 'lb'];
const ALL_CARDS = SUITS.flatMap((s) => Array.from({ length: 13 }, (_, r) => `${s}${r + 1}`));
const parse = (t: string): Card => ({ suit: t.slice(0, 2), rank: Number(t.slice(2)) });

/** MM-6 / MM-7 as plain sentences. */
function naiveLegal(hand: string[], trick: string[]): string[] {
  if (trick.length === 0) return hand.slice();
  const led = parse(trick[0]!).suit;
  const high = Math.max(
    0,
    ...trick
      .map(parse)
      .filter((c) => c.suit === 'do')
      .map((c) => c.rank),
  );
  const trumps = hand.filter((c) => parse(c).suit === 'do');
  const beatElseAnyTrump = (): string[] => {
    const higher = trumps.filter((c) => parse(c).rank > high);
    return higher.length > 0 ? higher : trumps;
  };
  if (led !== 'do') {
    const follow = hand.filter((c) => parse(c).suit === led);
    if (follow.length > 0) return follow; // follow suit, any rank
    if (trumps.length > 0) return beatElseAnyTrump(); // void: must trump, over-trump if possible
    return hand.slice(); // neither: anything
  }
  if (trumps.length > 0) return beatElseAnyTrump();
  return hand.slice();
}

/** MM-8: highest trump, else highest of the led suit. Returns the index in the trick. */
function naiveWinner(trick: string[]): number {
  const cards = trick.map(parse);
  const trumps = cards.filter((c) => c.suit === 'do');
  const pool = trumps.length > 0 ? trumps : cards.filter((c) => c.suit === cards[0]!.suit);
  const best = pool.reduce((a, b) => (b.rank > a.rank ? b : a));
  return cards.indexOf(best);
}

const naivePoints = (bid: number, won: number): number => (bid === won ? 10 + won : -Math.abs(bid - won));

/** The plays of the current hand, in order, from a view (public information only). */
function publicPlays(v: MatchMasterView): Played[][] {
  const tricks = v.tricks.map((t) => [...t.cards]);
  const current = [...v.trick.cards];
  return current.length > 0 ? [...tricks, current] : tricks;
}

/** Per seat, the cards forced play has shown it cannot hold (naive statement of MM-6/MM-7). */
function naiveForbidden(v: MatchMasterView): Set<string>[] {
  const n = v.players;
  const out = Array.from({ length: n }, () => new Set<string>());
  for (const trick of publicPlays(v)) {
    const led = parse(trick[0]!.card).suit;
    for (let i = 1; i < trick.length; i++) {
      const { seat, card } = trick[i]!;
      const c = parse(card);
      const high = Math.max(
        0,
        ...trick
          .slice(0, i)
          .map((p) => parse(p.card))
          .filter((x) => x.suit === 'do')
          .map((x) => x.rank),
      );
      // Did not follow a non-trump led suit: void in it.
      if (led !== 'do' && c.suit !== led) for (let r = 1; r <= 13; r++) out[seat]!.add(`${led}${r}`);
      // Played neither the led suit nor a trump: holds no trump.
      if (c.suit !== led && c.suit !== 'do') for (let r = 1; r <= 13; r++) out[seat]!.add(`do${r}`);
      // Played a trump below the highest trump in the trick: no trump above that one.
      if (c.suit === 'do' && c.rank < high) for (let r = high + 1; r <= 13; r++) out[seat]!.add(`do${r}`);
    }
  }
  return out;
}

const myHand = (s: MatchMasterState, seat: number): string[] => [...(game.view(s, seat).myHand ?? [])];
const sorted = (xs: readonly string[]): string[] => [...xs].sort();

/**
 * Replays the current hand of `s` from its (possibly sampled) hands with the naive rules: every
 * play must be legal for the hand its seat held then, turns must follow MM-3/MM-5.
 */
function naiveReplay(s: MatchMasterState): string | null {
  const v = game.view(s, null);
  const n = v.players;
  const size = v.handSize;
  const tricks = publicPlays(v);
  const hands = Array.from({ length: n }, (_, q) => myHand(s, q).slice());
  for (const t of tricks) for (const p of t) hands[p.seat]!.push(p.card);
  for (let q = 0; q < n; q++) if (hands[q]!.length !== size) return `seat ${q} holds ${hands[q]!.length}`;
  let leader = (v.dealer + 1) % n;
  for (const t of tricks) {
    if (t[0]!.seat !== leader) return `trick led by ${t[0]!.seat}, expected ${leader}`;
    const cards: string[] = [];
    for (let i = 0; i < t.length; i++) {
      const { seat, card } = t[i]!;
      if (seat !== (leader + i) % n) return `out of turn: ${seat}`;
      if (!naiveLegal(hands[seat]!, cards).includes(card)) return `seat ${seat} could not play ${card}`;
      hands[seat]!.splice(hands[seat]!.indexOf(card), 1);
      cards.push(card);
    }
    if (t.length === n) leader = t[naiveWinner(cards)]!.seat;
  }
  return null;
}

/** Plays random legal actions; stops after `steps` actions or at the end. */
function randomPlay(s: MatchMasterState, rng: Rng, steps: number): void {
  for (let i = 0; i < steps && !game.isOver(s); i++) {
    const seats = game.toAct(s);
    const seat = seats[rng.int(seats.length)]!;
    const acts = game.legalActions(s, seat);
    expect(game.applyInPlace(s, seat, acts[rng.int(acts.length)])).toBeNull();
  }
}

function newGame(players: number, seed: string, options: Record<string, Json> = {}): MatchMasterState {
  const r = game.setup({ players, seed, options });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const snapshot = (s: MatchMasterState): string => JSON.stringify(game.serialize(s));

// ---------------------------------------------------------------------------------------------

describe('matchmaster review MM-1: players, deck, trump', () => {
  it('MM-1: exactly 2..7 players; anything else is invalid_players', () => {
    for (let p = 2; p <= 7; p++) expect(game.setup({ players: p, seed: 'p' }).ok).toBe(true);
    for (const p of [-1, 0, 1, 8, 3.5, NaN]) {
      const r = game.setup({ players: p, seed: 'p' });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('invalid_players');
    }
    expect(game.meta.minPlayers).toBe(2);
    expect(game.meta.maxPlayers).toBe(7);
  });

  it('MM-1: dark orange 1 beats the other suits\u2019 13s; the three other suits are equal', () => {
    const s = dealt([['lb13'], ['lo13'], ['do1'], ['db13']]);
    bidAll(s, [0, 0, 0, 0]);
    play(s, '1:lo13', '2:do1', '3:db13', '0:lb13');
    expect(game.view(s, null).totals).toEqual([10, 10, -1, 10]);
  });

  it('MM-1: hand-size boundaries: 4 x 13 = 52 deals the whole deck, 7 x 7 = 49 leaves 3 undealt', () => {
    const full = newGame(4, 'b', { handSizes: [13] });
    expect(game.hiddenCards(full, 0)).toHaveLength(39);
    for (let q = 0; q < 4; q++) expect(myHand(full, q)).toHaveLength(13);
    const seven = newGame(7, 'b');
    expect(game.hiddenCards(seven, 0)).toHaveLength(6 * 7 + 3);
    const two = newGame(2, 'b', { handSizes: [26] });
    expect(game.hiddenCards(two, 1)).toHaveLength(26);
    for (const [players, size] of [
      [4, 14],
      [7, 8],
      [2, 27],
      [5, 11],
    ] as const) {
      const r = game.setup({ players, seed: 'b', options: { handSizes: [size] } });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('invalid_option');
    }
    expect(game.setup({ players: 5, seed: 'b', options: { handSizes: [10] } }).ok).toBe(true);
  });
});

describe('matchmaster review MM-2 and conservation: 13 hands of 7..1..7', () => {
  it('MM-2: every player count plays 7,6,5,4,3,2,1,2,3,4,5,6,7 with all 52 cards conserved at every step', () => {
    for (let n = 2; n <= 7; n++) {
      const s = newGame(n, `cons${n}`);
      const rng = Rng.fromSeed(`cons${n}`);
      const sizes: number[] = [];
      let hand = 0;
      while (!game.isOver(s)) {
        const cards = game.cards(s);
        expect(sorted(cards)).toEqual(sorted(ALL_CARDS));
        const v = game.view(s, null);
        if (v.hand !== hand) {
          hand = v.hand;
          const size = v.handSize;
          sizes.push(size);
          for (let q = 0; q < n; q++) expect(myHand(s, q)).toHaveLength(size);
          // The undealt cards: hidden from everyone, 52 - n x size of them.
          expect(game.hiddenCards(s, null)).toHaveLength(52);
          expect(game.hiddenCards(s, 0)).toHaveLength(52 - size);
          const dealtCards = new Set<string>();
          for (let q = 0; q < n; q++) for (const c of myHand(s, q)) dealtCards.add(c);
          expect(dealtCards.size).toBe(n * size);
        }
        randomPlay(s, rng, 1);
      }
      expect(sorted(game.cards(s))).toEqual(sorted(ALL_CARDS));
      expect(sizes).toEqual([7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]);
      const history = game.view(s, 0).history;
      expect(history.map((h) => h.handSize)).toEqual(sizes);
      for (const h of history) expect(h.tricks.reduce((a, b) => a + b, 0)).toBe(h.handSize);
    }
  });

  it('MM-2: the one-card hand: bids are 0 or 1 and one trick is played', () => {
    const s = dealt([['lo3'], ['lo4'], ['lo5']]);
    expect(legal(s, 0)).toEqual(['bid 0', 'bid 1']);
    expect(attempt(s, 0, 'bid 2')?.code).toBe('bid_out_of_range');
    bidAll(s, [1, 0, 1]);
    play(s, '1:lo4', '2:lo5', '0:lo3');
    expect(game.result(s)?.scores).toEqual([-1, 10, 11]);
  });

  it('MM-2: the next hand is dealt fresh from the whole deck, not from the undealt cards', () => {
    const s = dealt(
      [
        ['lo1', 'lo2'],
        ['do12', 'do13'],
      ],
      { handSizes: [2, 2] },
    );
    bidAll(s, [0, 2]);
    play(s, '1:do13', '0:lo1', '1:do12', '0:lo2');
    expect(game.view(s, null).hand).toBe(2);
    const cardsNow = new Set([...myHand(s, 0), ...myHand(s, 1)]);
    expect(cardsNow.size).toBe(4);
    expect(sorted(game.cards(s))).toEqual(sorted(ALL_CARDS));
    expect(game.view(s, null).tricks).toEqual([]);
    expect(game.view(s, null).tricksWon).toEqual([0, 0]);
  });
});

describe('matchmaster review MM-3: dealer and leader rotation', () => {
  it('MM-3: for every player count and every first dealer, dealer = firstDealer + hand, leader = dealer + 1', () => {
    for (let n = 2; n <= 7; n++) {
      for (let fd = 0; fd < n; fd++) {
        const s = newGame(n, `rot${n}-${fd}`, { firstDealer: fd });
        const rng = Rng.fromSeed(`rot${n}-${fd}`);
        let h = 0;
        while (!game.isOver(s)) {
          const v = game.view(s, null);
          const dealer = (fd + h) % n;
          expect(v.dealer).toBe(dealer);
          // Bidding: everyone at once.
          expect(game.toAct(s)).toEqual(Array.from({ length: n }, (_, q) => q));
          const events: GameEvent<MatchMasterEvent>[] = [];
          for (let q = 0; q < n; q++) game.applyInPlace(s, q, { type: 'bid', bid: 0 }, events);
          expect(game.toAct(s)).toEqual([(dealer + 1) % n]);
          expect(game.view(s, null).trick).toEqual({ leader: null, cards: [] });
          // Play out the hand.
          const hand = game.view(s, null).hand;
          const playEvents: GameEvent<MatchMasterEvent>[] = [];
          while (!game.isOver(s) && game.view(s, null).hand === hand) {
            const seat = game.toAct(s)[0]!;
            const acts = game.legalActions(s, seat);
            game.applyInPlace(s, seat, acts[rng.int(acts.length)], playEvents);
          }
          h++;
          if (!game.isOver(s)) {
            // ONE event tells the deal: everybody sees the numbers, each seat its own cards too.
            const started = playEvents.find((e) => e.all?.type === 'hand_dealt');
            expect(started?.reveals).toBe(true);
            expect(started?.chance).toHaveLength(n * game.view(s, null).handSize);
            expect(started?.all).toEqual({
              type: 'hand_dealt',
              handSize: game.view(s, null).handSize,
              hand: h + 1,
              dealer: (fd + h) % n,
              leader: (fd + h + 1) % n,
            });
            for (let q = 0; q < n; q++)
              expect(started?.seats?.[q]).toEqual({ ...started?.all, cards: myHand(s, q) });
          }
        }
        expect(h).toBe(13);
      }
    }
  });

  it('MM-3: the stacked deck\u2019s first block goes to the seat after a non-zero first dealer', () => {
    const deck = ['do1', 'do2', 'lo1', 'lo2', 'db1', 'db2', 'lb1', 'lb2'];
    const s = game.setup({ players: 4, seed: 'x', deck, options: { handSizes: [2], firstDealer: 2 } });
    if (!s.ok) throw new Error(s.error.message);
    expect(myHand(s.value, 3)).toEqual(['do1', 'do2']);
    expect(myHand(s.value, 0)).toEqual(['lo1', 'lo2']);
    expect(myHand(s.value, 1)).toEqual(['db1', 'db2']);
    expect(myHand(s.value, 2)).toEqual(['lb1', 'lb2']);
    bidAll(s.value, [0, 0, 0, 0]);
    expect(game.toAct(s.value)).toEqual([3]);
    // The last seat deals: seat 0 leads (wrap-around).
    const t = game.setup({ players: 4, seed: 'x', deck, options: { handSizes: [2], firstDealer: 3 } });
    if (!t.ok) throw new Error(t.error.message);
    expect(myHand(t.value, 0)).toEqual(['do1', 'do2']);
    bidAll(t.value, [0, 0, 0, 0]);
    expect(game.toAct(t.value)).toEqual([0]);
  });

  it('MM-3: firstDealer must be a seat of this table', () => {
    expect(game.setup({ players: 7, seed: 'x', options: { firstDealer: 6 } }).ok).toBe(true);
    for (const [players, fd] of [
      [2, 2],
      [7, 7],
      [3, -1],
      [3, 1.5],
      [3, '1'],
    ] as const) {
      const r = game.setup({ players, seed: 'x', options: { firstDealer: fd } });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('invalid_option');
    }
  });

  it('MM-3 + MM-5: after the deal passes, the new leader leads even though someone else won the last trick', () => {
    const s = dealt([['lo1'], ['lo2'], ['do13']], { handSizes: [1, 1], firstDealer: 1 });
    // Dealer 1, seat 2 leads and wins with do13.
    bidAll(s, [0, 0, 1]);
    play(s, '2:do13', '0:lo1', '1:lo2');
    expect(game.view(s, null).dealer).toBe(2);
    bidAll(s, [0, 0, 0]);
    expect(game.toAct(s)).toEqual([0]);
  });
});

describe('matchmaster review MM-4: secret simultaneous bids', () => {
  it('MM-4: a hidden bid cannot be told apart in any other seat\u2019s view, events or determinized world', () => {
    for (let n = 2; n <= 7; n++) {
      const s = newGame(n, `secret${n}`, { handSizes: [3, 2] });
      const rng = Rng.fromSeed(`secret${n}`);
      // Play into the second hand as well, so the history of hand 1 is present.
      for (let hand = 0; hand < 2; hand++) {
        const order = Array.from({ length: n }, (_, q) => q);
        rng.shuffle(order);
        for (let k = 0; k < n; k++) {
          const bidder = order[k]!;
          const a = game.clone(s);
          const b = game.clone(s);
          const ea: GameEvent<MatchMasterEvent>[] = [];
          const eb: GameEvent<MatchMasterEvent>[] = [];
          const size = game.view(s, null).handSize;
          expect(game.applyInPlace(a, bidder, { type: 'bid', bid: 0 }, ea)).toBeNull();
          expect(game.applyInPlace(b, bidder, { type: 'bid', bid: size }, eb)).toBeNull();
          const last = k === n - 1;
          for (const viewer of [null, ...order.filter((q) => q !== bidder)]) {
            const same = JSON.stringify(game.view(a, viewer)) === JSON.stringify(game.view(b, viewer));
            expect(same, `view of ${viewer} after bid ${k} of ${n}`).toBe(!last);
            const evSame = JSON.stringify(eventsFor(ea, viewer)) === JSON.stringify(eventsFor(eb, viewer));
            expect(evSame).toBe(!last);
            if (!last && viewer !== null) {
              const da = game.determinize(a, viewer, Rng.fromSeed('d'));
              const db = game.determinize(b, viewer, Rng.fromSeed('d'));
              expect(snapshot(da)).toBe(snapshot(db));
            }
          }
          // The bidder sees its own bid at once.
          expect((game.view(a, bidder).bids as number[])[bidder]).toBe(0);
          expect((game.view(b, bidder).bids as number[])[bidder]).toBe(size);
          expect(eventsFor(eb, bidder)).toContainEqual({ type: 'bid_made', seat: bidder, bid: size });
          // Only the last bid reveals anything (MM-4): then it cannot be taken back.
          expect(eb.some((e) => e.reveals)).toBe(last);
          if (last) {
            // All revealed together, to everyone.
            const bids = (game.view(b, null).bids as number[]).slice();
            expect(bids.every((x) => x >= 0)).toBe(true);
            expect(eventsFor(eb, null).at(-1)).toEqual({
              type: 'bids_revealed',
              bids,
              leader: game.toAct(b)[0],
            });
          }
          const bid = rng.int(size + 1);
          expect(game.applyInPlace(s, bidder, { type: 'bid', bid })).toBeNull();
        }
        randomPlay(s, rng, n * game.view(s, null).handSize);
      }
    }
  });

  it('MM-4: the previous hand\u2019s bids are in the history, the new hand\u2019s are not', () => {
    const s = dealt(
      [
        ['lo1', 'lo2'],
        ['do12', 'do13'],
        ['db1', 'db2'],
      ],
      { handSizes: [2, 2] },
    );
    bidAll(s, [0, 2, 1]);
    play(s, '1:do13', '2:db1', '0:lo1', '1:do12', '2:db2', '0:lo2');
    play(s, '2:bid 2');
    const v0 = game.view(s, 0);
    expect(v0.history).toEqual([
      { hand: 1, handSize: 2, bids: [0, 2, 1], tricks: [0, 2, 0], points: [10, 12, -1] },
    ]);
    expect(v0.bids).toEqual([null, null, null]);
    expect(v0.hasBid).toEqual([false, false, true]);
    expect(game.view(s, 2).bids).toEqual([null, null, 2]);
  });

  it('MM-4: bids 0 and hand size are legal, out-of-range or non-integer bids are rejected, state unchanged', () => {
    const s = dealt([
      ['lo1', 'lo2', 'lo3', 'lo4'],
      ['do1', 'do2', 'do3', 'do4'],
    ]);
    expect(legal(s, 1)).toEqual(['bid 0', 'bid 1', 'bid 2', 'bid 3', 'bid 4']);
    const before = snapshot(s);
    for (const bid of [-1, 5, 26, 99, 1.5, NaN, Infinity]) {
      expect(game.applyInPlace(s, 1, { type: 'bid', bid })?.code).toBe('bid_out_of_range');
    }
    expect(game.applyInPlace(s, 1, { type: 'bid', bid: '2' })?.code).toBe('malformed_action');
    expect(snapshot(s)).toBe(before);
    play(s, '1:bid 4', '0:bid 4'); // no restriction on the sum (8 bids for 4 tricks)
    expect(game.view(s, null).phase).toBe('play');
    expect(attempt(s, 0, 'bid 3')?.code).toBe('not_bidding');
  });

  it('MM-4: a committed bid cannot be changed, not even to the same value; others may still bid', () => {
    const s = dealt([['lo1'], ['lo2'], ['lo3']]);
    play(s, '2:bid 1');
    expect(attempt(s, 2, 'bid 0')?.code).toBe('already_bid');
    expect(attempt(s, 2, 'bid 1')?.code).toBe('already_bid');
    expect(game.toAct(s)).toEqual([0, 1]);
    expect(legal(s, 2)).toEqual([]);
    expect(legal(s, 0)).toEqual(['bid 0', 'bid 1']);
  });

  it('MM-4: before every bid is in, no card can be played, by bidders or non-bidders', () => {
    const s = dealt([['lo1'], ['lo2'], ['lo3']]);
    play(s, '1:bid 0', '2:bid 0');
    expect(attempt(s, 1, 'lo2')?.code).toBe('bidding_not_finished');
    expect(attempt(s, 0, 'lo1')?.code).toBe('bid_first');
    play(s, '0:bid 0');
    expect(attempt(s, 1, 'lo2')).toBeNull();
  });

  it('MM-4: events: bid values travel only to the bidder until the reveal', () => {
    const s = newGame(5, 'ev', { handSizes: [2, 1] });
    const rng = Rng.fromSeed('ev');
    while (!game.isOver(s)) {
      const events: GameEvent<MatchMasterEvent>[] = [];
      const seats = game.toAct(s);
      const seat = seats[rng.int(seats.length)]!;
      const acts = game.legalActions(s, seat);
      game.applyInPlace(s, seat, acts[rng.int(acts.length)], events);
      for (const e of events) {
        const all = e.all!;
        expect(all).not.toBeNull();
        expect([
          'hand_dealt',
          'bid_made',
          'bids_revealed',
          'card_played',
          'trick_won',
          'hand_scored',
          'game_over',
        ]).toContain(all.type);
        // The public body never carries a bid value or a card of a hand.
        if (all.type === 'bid_made') expect(Object.keys(all).sort()).toEqual(['seat', 'type']);
        if (all.type === 'hand_dealt') expect(all.cards).toBeUndefined();
        if (all.type === 'bids_revealed') expect(game.view(s, null).phase).toBe('play');
        // Own entries exist only for the deal (each seat its cards) and a bid (the bidder).
        for (const [k, own] of Object.entries(e.seats ?? {})) {
          const q = Number(k);
          expect(own.type).toBe(all.type);
          if (own.type === 'bid_made') {
            expect(Object.keys(e.seats!)).toEqual([String(seat)]);
            expect(own.seat).toBe(q);
            expect(own.bid).toBe(game.view(s, q).bids[q]);
          } else if (own.type === 'hand_dealt') {
            expect(own.cards).toEqual(myHand(s, q));
            expect({ ...own, cards: undefined }).toEqual({ ...all, cards: undefined });
          } else {
            throw new Error(`unexpected own entry ${own.type}`);
          }
        }
      }
    }
  });
});

describe('matchmaster review MM-5 and MM-8: trick winner leads; who wins', () => {
  it('MM-8: the highest trump wins regardless of order; MM-5 its player leads next', () => {
    const s = dealt([
      ['do12', 'lb1'],
      ['lo5', 'lb2'],
      ['do13', 'lb3'],
      ['do2', 'lb4'],
    ]);
    bidAll(s, [0, 0, 0, 0]);
    play(s, '1:lo5', '2:do13', '3:do2', '0:do12');
    expect(game.view(s, null).tricksWon).toEqual([0, 0, 1, 0]);
    expect(game.toAct(s)).toEqual([2]);
  });

  it('MM-8: with no trump, the highest led-suit card wins; a higher card of another suit never does', () => {
    const s = dealt([
      ['lb13', 'db1'],
      ['db2', 'lo1'],
      ['db3', 'lo2'],
      ['lo13', 'lb1'],
    ]);
    bidAll(s, [0, 0, 0, 0]);
    // Seat 3 is void in db and holds no trump: it may discard lo13; seat 0 follows with db1.
    play(s, '1:db2', '2:db3', '3:lo13', '0:db1');
    expect(game.view(s, null).tricksWon).toEqual([0, 0, 1, 0]);
    expect(game.toAct(s)).toEqual([2]);
  });

  it('MM-8: the leader keeps the trick when nobody follows or trumps', () => {
    const s = dealt([['lb9'], ['lo2'], ['db13']]);
    bidAll(s, [0, 1, 0]);
    play(s, '1:lo2', '2:db13', '0:lb9');
    expect(game.result(s)?.scores).toEqual([10, 11, 10]);
  });

  it('MM-5: the last seat to play can win and then leads (2 players)', () => {
    const s = dealt([
      ['lo9', 'db1'],
      ['lo3', 'db2'],
    ]);
    bidAll(s, [1, 1]);
    play(s, '1:lo3', '0:lo9');
    expect(game.toAct(s)).toEqual([0]);
    expect(attempt(s, 1, 'db2')?.code).toBe('not_your_turn');
    play(s, '0:db1', '1:db2');
    expect(game.result(s)?.scores).toEqual([11, 11]);
  });
});

describe('matchmaster review MM-6: a non-trump suit is led', () => {
  // Four players, seat 0 deals: seat 1 leads, then 2, 3, 0.
  const table = (s2: string[], s3: string[], s0: string[]) => {
    const s = dealt([s0, ['lo5', 'db1', 'db2'], s2, s3]);
    bidAll(s, [0, 0, 0, 0]);
    play(s, '1:lo5');
    return s;
  };

  it('MM-6: holding the led suit you follow it with any rank, even with a trump in the trick and trumps in hand', () => {
    const s = table(['do9', 'db3', 'db4'], ['lo2', 'lo13', 'do13'], ['lb1', 'lb2', 'lb3']);
    expect(legal(s, 2)).toEqual(['do9']);
    play(s, '2:do9');
    expect(legal(s, 3)).toEqual(['lo2', 'lo13']);
    expect(attempt(s, 3, 'do13')?.code).toBe('must_follow_suit');
    play(s, '3:lo13');
    expect(legal(s, 0)).toEqual(['lb1', 'lb2', 'lb3']);
    play(s, '0:lb1');
    expect(game.view(s, null).tricksWon).toEqual([0, 0, 1, 0]);
  });

  it('MM-6: void with trumps and no trump yet in the trick: any trump, low ones included', () => {
    const s = table(['do2', 'do12', 'db3'], ['lo2', 'lo3', 'lo4'], ['lb1', 'lb2', 'lb3']);
    expect(legal(s, 2)).toEqual(['do2', 'do12']);
    expect(attempt(s, 2, 'db3')?.code).toBe('must_trump');
    expect(attempt(s, 2, 'do2')).toBeNull();
  });

  it('MM-6: void with a higher trump than the trick\u2019s highest: only the higher trumps', () => {
    const s = table(['do7', 'db3', 'db4'], ['do3', 'do8', 'do13'], ['lb1', 'lb2', 'lb3']);
    play(s, '2:do7');
    expect(legal(s, 3)).toEqual(['do8', 'do13']);
    expect(attempt(s, 3, 'do3')?.code).toBe('must_overtrump');
  });

  it('MM-6: void with only lower trumps: a lower trump is compulsory, a discard is refused', () => {
    const s = table(['do7', 'db3', 'db4'], ['do3', 'do5', 'lb9'], ['lb1', 'lb2', 'lb3']);
    play(s, '2:do7');
    expect(legal(s, 3)).toEqual(['do3', 'do5']);
    expect(attempt(s, 3, 'lb9')?.code).toBe('must_trump');
    play(s, '3:do3');
    expect(game.view(s, null).trick).toEqual({
      leader: 1,
      cards: [
        { seat: 1, card: 'lo5' },
        { seat: 2, card: 'do7' },
        { seat: 3, card: 'do3' },
      ],
    });
  });

  it('MM-6: beat the highest trump in the trick, not the last one played', () => {
    const s = table(['do9', 'db3', 'db4'], ['do4', 'lb8', 'lb9'], ['do5', 'do10', 'lb1']);
    play(s, '2:do9', '3:do4');
    expect(legal(s, 0)).toEqual(['do10']);
    expect(attempt(s, 0, 'do5')?.code).toBe('must_overtrump');
    expect(attempt(s, 0, 'lb1')?.code).toBe('must_overtrump');
  });

  it('MM-6: under the highest trump, any lower trump, even one that beats the last trump', () => {
    const s = table(['do9', 'db3', 'db4'], ['do4', 'lb8', 'lb9'], ['do5', 'do6', 'lb1']);
    play(s, '2:do9', '3:do4');
    expect(legal(s, 0)).toEqual(['do5', 'do6']);
    expect(attempt(s, 0, 'lb1')?.code).toBe('must_trump');
  });

  it('MM-6: with neither the led suit nor a trump, any card of any suit, even with a trump in the trick', () => {
    const s = table(['do9', 'db3', 'db4'], ['db7', 'lb8', 'lb13'], ['lb1', 'lb2', 'lb3']);
    play(s, '2:do9');
    expect(legal(s, 3)).toEqual(['db7', 'lb8', 'lb13']);
  });

  it('MM-6: a leader may lead anything, trumps included', () => {
    const s = dealt([
      ['lb1', 'lb2'],
      ['do1', 'lo2'],
    ]);
    bidAll(s, [0, 0]);
    expect(legal(s, 1)).toEqual(['do1', 'lo2']);
  });
});

describe('matchmaster review MM-7: trump is led', () => {
  const table = (s2: string[], s3: string[], s0: string[], lead = 'do6') => {
    const s = dealt([s0, [lead, 'db1', 'db2'], s2, s3]);
    bidAll(s, [0, 0, 0, 0]);
    play(s, `1:${lead}`);
    return s;
  };

  it('MM-7: holding higher trumps, only those', () => {
    const s = table(['do2', 'do7', 'do12'], ['lo1', 'lo2', 'lo3'], ['lb1', 'lb2', 'lb3']);
    expect(legal(s, 2)).toEqual(['do7', 'do12']);
    expect(attempt(s, 2, 'do2')?.code).toBe('must_overtrump');
  });

  it('MM-7: after an over-trump the next player must beat the new highest', () => {
    const s = table(['do9', 'lo1', 'lo2'], ['do7', 'do10', 'lo5'], ['lb1', 'lb2', 'lb3']);
    play(s, '2:do9');
    expect(legal(s, 3)).toEqual(['do10']);
    expect(attempt(s, 3, 'do7')?.code).toBe('must_overtrump');
    expect(attempt(s, 3, 'lo5')?.code).toBe('must_overtrump');
  });

  it('MM-7: the highest trump so far, not the card played before (English over German)', () => {
    const s = table(['do3', 'lo1', 'lo2'], ['do5', 'do11', 'lb1'], ['lb2', 'lb3', 'lb4'], 'do10');
    play(s, '2:do3');
    expect(legal(s, 3)).toEqual(['do11']);
  });

  it('MM-7: holding only lower trumps, any of them; a non-trump is refused', () => {
    const s = table(['do3', 'do5', 'lo1'], ['lo2', 'lo3', 'lo4'], ['lb2', 'lb3', 'lb4'], 'do10');
    expect(legal(s, 2)).toEqual(['do3', 'do5']);
    const e = attempt(s, 2, 'lo1');
    expect(e?.code).toBe('must_follow_suit');
    expect(e?.message.length).toBeGreaterThan(10);
  });

  it('MM-7: holding no trump, any card', () => {
    const s = table(['lo1', 'db5', 'lb7'], ['lo2', 'lo3', 'lo4'], ['lb2', 'lb3', 'lb4'], 'do10');
    expect(legal(s, 2)).toEqual(['lo1', 'db5', 'lb7']);
  });

  it('MM-7: the top trump led: nobody can beat it, every trump holder plays any trump', () => {
    const s = table(['do1', 'do12', 'lo1'], ['lo2', 'lo3', 'lo4'], ['lb2', 'lb3', 'lb4'], 'do13');
    expect(legal(s, 2)).toEqual(['do1', 'do12']);
  });
});

describe('matchmaster review MM-9: scoring', () => {
  it('MM-9: the sheets\u2019 examples played out: bid 4 won 3 = -1, bid 0 won 2 = -2', () => {
    const s = dealt([
      ['lb1', 'lb2', 'lb3', 'lo12', 'lo13'],
      ['do13', 'do12', 'do11', 'lo1', 'lo2'],
    ]);
    bidAll(s, [0, 4]);
    play(s, '1:do13', '0:lb1', '1:do12', '0:lb2', '1:do11', '0:lb3', '1:lo1', '0:lo12', '0:lo13', '1:lo2');
    expect(game.view(s, null).history).toEqual([
      { hand: 1, handSize: 5, bids: [0, 4], tricks: [2, 3], points: [-2, -1] },
    ]);
    expect(game.result(s)?.scores).toEqual([-2, -1]);
  });

  it('MM-9: the sheets\u2019 examples played out: 3/3 = 13, 0/0 = 10; all tricks bid and won = 10 + hand size', () => {
    const s = dealt(
      [
        ['lo1', 'lo2', 'lo3'],
        ['do11', 'do12', 'do13'],
        ['db1', 'db2', 'db3'],
      ],
      { handSizes: [3, 3] },
    );
    const events: GameEvent<MatchMasterEvent>[] = [];
    for (const [seat, bid] of [
      [0, 0],
      [1, 3],
      [2, 0],
    ] as const)
      game.applyInPlace(s, seat, { type: 'bid', bid }, events);
    for (const m of ['1:do13', '2:db1', '0:lo1', '1:do12', '2:db2', '0:lo2', '1:do11', '2:db3', '0:lo3']) {
      const [seat, card] = m.split(':') as [string, string];
      expect(game.applyInPlace(s, Number(seat), { type: 'play', card }, events)).toBeNull();
    }
    const scored = events.find((e) => e.all?.type === 'hand_scored');
    expect(scored).toEqual({
      all: {
        type: 'hand_scored',
        hand: 1,
        bids: [0, 3, 0],
        tricks: [0, 3, 0],
        points: [10, 13, 10],
        totals: [10, 13, 10],
      },
    });
    expect(game.view(s, null).totals).toEqual([10, 13, 10]);
  });

  it('MM-9: totals add up over hands, negatives included, and match the history rows', () => {
    for (let n = 2; n <= 7; n++) {
      const s = newGame(n, `score${n}`, { firstDealer: n - 1 });
      const rng = Rng.fromSeed(`score${n}`);
      while (!game.isOver(s)) randomPlay(s, rng, 1);
      const v = game.view(s, null);
      const history = v.history;
      expect(history).toHaveLength(13);
      const totals = new Array<number>(n).fill(0);
      for (const h of history) {
        for (let q = 0; q < n; q++) {
          expect(h.points[q]).toBe(naivePoints(h.bids[q]!, h.tricks[q]!));
          totals[q]! += h.points[q]!;
        }
      }
      expect(v.totals).toEqual(totals);
      const best = Math.max(...totals);
      expect(game.result(s)?.winners).toEqual(totals.flatMap((t, q) => (t === best ? [q] : [])));
    }
  });
});

describe('matchmaster review MM-10: the end and ties', () => {
  it('MM-10: no result before the last hand ends; then everyone is done', () => {
    const s = dealt([['lo1'], ['lo2']], { handSizes: [1, 1] });
    bidAll(s, [0, 0]);
    play(s, '1:lo2', '0:lo1');
    expect(game.result(s)).toBeNull();
    expect(game.isOver(s)).toBe(false);
    bidAll(s, [0, 0]);
    const leader = game.toAct(s)[0]!;
    const other = 1 - leader;
    play(s, `${leader}:${myHand(s, leader)[0]}`);
    play(s, `${other}:${legal(s, other)[0]}`);
    expect(game.isOver(s)).toBe(true);
    expect(game.result(s)).not.toBeNull();
    for (let q = 0; q < 2; q++) {
      expect(game.legalActions(s, q)).toEqual([]);
      expect(attempt(s, q, 'bid 0')?.code).toBe('game_over');
      expect(attempt(s, q, 'lo1')?.code).toBe('game_over');
    }
    expect(game.view(s, 0).phase).toBe('over');
    expect(game.view(s, 0).toAct).toEqual([]);
  });

  it('MM-10: three tied leaders all win and share rank 1; the next rank is 4', () => {
    const s = dealt([['lo1'], ['lo13'], ['lo2'], ['lo3']]);
    bidAll(s, [0, 1, 0, 0]);
    play(s, '1:lo13', '2:lo2', '3:lo3', '0:lo1');
    // Seat 1: 11; the others 10.
    expect(game.result(s)).toEqual({ scores: [10, 11, 10, 10], ranks: [2, 1, 2, 2], winners: [1] });
    const t = dealt([['lo1'], ['lo13'], ['lo2'], ['lo3']]);
    bidAll(t, [0, 0, 0, 0]);
    play(t, '1:lo13', '2:lo2', '3:lo3', '0:lo1');
    expect(game.result(t)).toEqual({ scores: [10, -1, 10, 10], ranks: [1, 4, 1, 1], winners: [0, 2, 3] });
  });

  it('MM-10: everyone tied, even on negative totals, means everyone wins', () => {
    const s = dealt([['lo1'], ['lo13']]);
    bidAll(s, [1, 0]);
    play(s, '1:lo13', '0:lo1');
    expect(game.result(s)).toEqual({ scores: [-1, -1], ranks: [1, 1], winners: [0, 1] });
  });
});

describe('matchmaster review: the engine agrees with the naive model in random games', () => {
  it('MM-6/7/8: legal lists, trick winners and scores match the rulings for every player count', () => {
    for (let n = 2; n <= 7; n++) {
      for (let g = 0; g < 3; g++) {
        const s = newGame(n, `naive${n}-${g}`, { firstDealer: g % n });
        const rng = Rng.fromSeed(`naive${n}-${g}`);
        while (!game.isOver(s)) {
          const v = game.view(s, null);
          if (v.phase === 'play') {
            const seat = game.toAct(s)[0]!;
            const trick = v.trick.cards.map((p) => p.card);
            expect(sorted(legal(s, seat))).toEqual(sorted(naiveLegal(myHand(s, seat), trick)));
            const acts = game.legalActions(s, seat);
            const events: GameEvent<MatchMasterEvent>[] = [];
            const action = acts[rng.int(acts.length)] as MatchMasterAction & { card: string };
            game.applyInPlace(s, seat, action, events);
            const won = events.find((e) => e.all?.type === 'trick_won')?.all;
            if (won?.type === 'trick_won') {
              const full = [...v.trick.cards, { seat, card: action.card }];
              const expected = full[naiveWinner(full.map((p) => p.card))]!.seat;
              expect(won.seat).toBe(expected);
            }
          } else {
            randomPlay(s, rng, 1);
          }
        }
      }
    }
  });
});

describe('matchmaster review: determinize honours every forced-play inference', () => {
  function checkWorlds(s: MatchMasterState, viewer: number, rng: Rng, samples: number): void {
    const vReal = game.view(s, viewer);
    const n = vReal.players;
    const forbidden = naiveForbidden(vReal);
    // The engine's own inference is exactly the naive one (on the cards not yet played): not
    // weaker, not stronger.
    const allowed = matchmasterInferAllowed(s);
    const played = new Set(publicPlays(vReal).flatMap((t) => t.map((p) => p.card)));
    for (let q = 0; q < n; q++) {
      const engineForbidden = ALL_CARDS.filter((c) => {
        const { suit, rank } = parse(c);
        return !played.has(c) && (allowed[q * 4 + SUITS.indexOf(suit)]! & (1 << (rank - 1))) === 0;
      });
      expect(sorted(engineForbidden)).toEqual(sorted([...forbidden[q]!].filter((c) => !played.has(c))));
      // The real world is always among the possible ones.
      for (const c of myHand(s, q)) expect(forbidden[q]!.has(c), `real seat ${q} holds ${c}`).toBe(false);
    }
    expect(naiveReplay(s)).toBeNull();
    const realCards = sorted(game.cards(s));
    for (let k = 0; k < samples; k++) {
      const d = game.determinize(s, viewer, rng);
      expect(game.view(d, viewer)).toEqual(vReal);
      expect(game.verify(d)).toBeNull();
      expect(sorted(game.cards(d))).toEqual(realCards);
      expect(naiveReplay(d)).toBeNull();
      for (let q = 0; q < n; q++) {
        const hand = myHand(d, q);
        expect(hand).toHaveLength(myHand(s, q).length);
        for (const c of hand) expect(forbidden[q]!.has(c), `sampled seat ${q} holds ${c}`).toBe(false);
      }
      if (vReal.phase === 'bid') {
        const size = vReal.handSize;
        for (let q = 0; q < n; q++) {
          const b = (game.view(d, q).bids as (number | null)[])[q]!;
          if ((vReal.hasBid as boolean[])[q]) expect(b).toBeGreaterThanOrEqual(0);
          else expect(b).toBeNull();
          if (b !== null) expect(b).toBeLessThanOrEqual(size);
        }
      } else {
        expect(game.view(d, null).bids).toEqual(game.view(s, null).bids);
      }
    }
  }

  it('determinize depends only on what the seat sees: indistinguishable worlds sample alike', () => {
    const rng = Rng.fromSeed('alike');
    for (let g = 0; g < 30; g++) {
      const n = 2 + (g % 6);
      const s = newGame(n, `alike${g}`, { handSizes: [5, 2], firstDealer: (g * 3) % n });
      randomPlay(s, rng, rng.int(n * 9));
      if (game.isOver(s)) continue;
      const viewer = rng.int(n);
      const other = game.determinize(s, viewer, rng); // another world with the same view
      expect(game.view(other, viewer)).toEqual(game.view(s, viewer));
      const fromReal = game.determinize(s, viewer, Rng.fromSeed(`same${g}`));
      const fromOther = game.determinize(other, viewer, Rng.fromSeed(`same${g}`));
      expect(snapshot(fromOther)).toBe(snapshot(fromReal));
    }
  });

  it('property: over many random games, seats and moments, every sampled world is consistent', () => {
    const rng = Rng.fromSeed('det-property');
    let checked = 0;
    for (let g = 0; g < 60; g++) {
      const n = 2 + (g % 6);
      const sizes = [[7], [5, 3], [Math.floor(52 / n)], [4, 1, 6]][g % 4]!;
      const s = newGame(n, `det${g}`, { handSizes: sizes, firstDealer: g % n });
      while (!game.isOver(s)) {
        if (rng.int(4) === 0) {
          const viewer = rng.int(n);
          checkWorlds(s, viewer, rng, 3);
          checked++;
        }
        randomPlay(s, rng, 1);
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('determinize: voids, no trumps and no trump above the highest are all kept; every other card stays possible', () => {
    // Seat 0 deals; seat 1 leads, then 2, 3, 0.
    // A position in which seat 2 under-trumps and seat 3 discards without trumping.
    const u = dealt([
      ['lo2', 'lo3', 'lb9', 'db8'],
      ['lo9', 'db3', 'do1', 'lb3'],
      ['do2', 'do5', 'db2', 'lb4'],
      ['do13', 'db5', 'db4', 'lb5'],
    ]);
    bidAll(u, [0, 0, 0, 0]);
    // Seat 1 leads lo9; seat 2 void, trumps do5; seat 3 void, over-trumps do13; seat 0 follows.
    play(u, '1:lo9', '2:do5', '3:do13', '0:lo3');
    // Seat 3 leads lb5; seat 0 void in lb, no trump... seat 0 holds lb9: follows.
    play(u, '3:lb5', '0:lb9', '1:lb3', '2:lb4');
    // Seat 0 leads lo2: seat 1 void in lo, holds do1: must trump; seat 2 void, holds do2 > do1: must beat.
    play(u, '0:lo2', '1:do1', '2:do2');
    // Seat 3: void in lo, holds no trump: plays db4.
    play(u, '3:db4');
    // Seat 2 won (do2) and leads db2; seat 3 follows db5, seat 0 db8, seat 1 db3.
    expect(game.toAct(u)).toEqual([2]);

    // Sample seat 0's worlds just after seat 1 played do1 and seat 2 do2 (before seat 3's discard),
    // and after seat 3's discard: seat 3 is then void in lo and holds no trump.
    const rng = Rng.fromSeed('support');
    const v = game.view(u, 0);
    const forbidden = naiveForbidden(v);
    expect(forbidden[1]!.has('lo1')).toBe(true); // seat 1 showed out of lo
    expect(forbidden[3]!.has('do1')).toBe(true); // seat 3 discarded: no trump
    expect(forbidden[3]!.has('lo1')).toBe(true);
    expect(forbidden[2]!.has('do13')).toBe(false); // seat 2 over-trumped: nothing learnt
    checkWorlds(u, 0, rng, 50);
    // Every unknown card that a seat may hold turns up in some sampled world.
    const known = new Set([
      ...myHand(u, 0),
      ...publicPlays(v)
        .flat()
        .map((p) => p.card),
    ]);
    const seen = [new Set<string>(), new Set<string>(), new Set<string>(), new Set<string>()];
    for (let k = 0; k < 800; k++) {
      const d = game.determinize(u, 0, rng);
      for (let q = 1; q < 4; q++) for (const c of myHand(d, q)) seen[q]!.add(c);
    }
    for (let q = 1; q < 4; q++) {
      const possible = ALL_CARDS.filter((c) => !known.has(c) && !forbidden[q]!.has(c));
      expect(sorted([...seen[q]!]), `seat ${q}`).toEqual(sorted(possible));
    }
  });

  it('determinize under-trump inference: a lower trump played under the highest rules out every trump above it', () => {
    const s = dealt([
      ['lb1', 'lb2', 'lb3'],
      ['lo5', 'db1', 'db2'],
      ['do9', 'db3', 'db4'],
      ['do3', 'lb8', 'lb9'],
    ]);
    bidAll(s, [0, 0, 0, 0]);
    play(s, '1:lo5', '2:do9', '3:do3');
    const forbidden = naiveForbidden(game.view(s, 0));
    expect([...forbidden[3]!].filter((c) => c.startsWith('do')).sort()).toEqual(
      ['do10', 'do11', 'do12', 'do13'].sort(),
    );
    const rng = Rng.fromSeed('under');
    for (let k = 0; k < 200; k++) {
      const d = game.determinize(s, 0, rng);
      for (const c of myHand(d, 3)) {
        expect(c.startsWith('lo')).toBe(false);
        if (c.startsWith('do')) expect(parse(c).rank).toBeLessThan(9);
      }
    }
    checkWorlds(s, 0, rng, 20);
    checkWorlds(s, 2, rng, 20);
  });
});

describe('matchmaster review: bad input never changes state', () => {
  it('parseAction rejects junk with malformed_action and never throws, even on non-strings', () => {
    for (const text of [
      '',
      '  ',
      'bid',
      'b',
      'bid x',
      'bid --1',
      'play',
      'play xx',
      'do 5',
      'pass',
      '{"type":"bid","bid":1}',
    ]) {
      const r = game.parseAction(text);
      expect(r.ok, text).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('malformed_action');
        expect(r.error.message.length).toBeGreaterThan(10);
      }
    }
    for (const junk of [undefined, null, 5, {}, ['do1']]) {
      const r = game.parseAction(junk as string);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('malformed_action');
    }
    expect(game.parseAction(' DO13 ')).toEqual({ ok: true, value: { type: 'play', card: 'do13' } });
    expect(game.parseAction('Play lb1')).toEqual({ ok: true, value: { type: 'play', card: 'lb1' } });
    expect(game.parseAction('b3')).toEqual({ ok: true, value: { type: 'bid', bid: 3 } });
    expect(game.parseAction('BID 0')).toEqual({ ok: true, value: { type: 'bid', bid: 0 } });
  });

  it('issue 9 section 8: a card-shaped text naming no card is unknown_card, saying what ranks and suits are', () => {
    for (const text of ['do14', 'do0', 'DO14', 'play lb99']) {
      const r = game.parseAction(text);
      expect(r.ok, text).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('unknown_card');
        expect(r.error.message).toMatch(/ranks run 1 to 13/);
        expect(r.error.message).not.toMatch(/do not hold|missing/);
      }
    }
    const suit = game.parseAction('xx5');
    expect(suit.ok).toBe(false);
    if (!suit.ok) {
      expect(suit.error.code).toBe('unknown_card');
      expect(suit.error.message).toMatch(/do, lo, db, lb/);
    }
    // As JSON: a present but unknown card is unknown_card, not a missing card or card_not_in_hand.
    const s = dealt([['lo1'], ['lo2']]);
    bidAll(s, [0, 0]);
    const before = snapshot(s);
    const e = game.applyInPlace(s, 1, { type: 'play', card: 'do14' });
    expect(e?.code).toBe('unknown_card');
    expect(e?.message).toMatch(/ranks run 1 to 13/);
    expect(game.applyInPlace(s, 1, { type: 'play' })?.code).toBe('malformed_action');
    expect(snapshot(s)).toBe(before);
  });

  it('issue 9 section 8: bid -1 and bids too large parse as bids and are refused as bid_out_of_range', () => {
    const s = dealt([
      ['lo1', 'lo2'],
      ['lo3', 'lo4'],
    ]);
    const before = snapshot(s);
    for (const text of ['bid -1', 'bid 3', 'bid 99', 'b 27', 'bid 1.5', 'bid 123456789']) {
      const parsed = game.parseAction(text);
      expect(parsed.ok, text).toBe(true);
      if (!parsed.ok) continue;
      expect(parsed.value.type).toBe('bid');
      expect(game.formatAction(parsed.value)).toBe(text.replace(/^b /, 'bid '));
      const e = game.applyInPlace(s, 0, parsed.value);
      expect(e?.code, text).toBe('bid_out_of_range');
      expect(e?.message).toMatch(/0 to 2/); // what is due: a bid from 0 to the hand size
    }
    expect(snapshot(s)).toBe(before);
  });

  it('issue 9 section 8: every refusal says what is due now', () => {
    const s = dealt([
      ['lo1', 'lo2'],
      ['lo3', 'db4'],
      ['do1', 'db5'],
    ]);
    play(s, '1:bid 0');
    // Seat 1 has bid: the error names the seats still to bid.
    expect(attempt(s, 1, 'bid 1')?.message).toMatch(/waiting for seats 0 and 2 to bid/);
    expect(attempt(s, 1, 'lo3')?.code).toBe('bidding_not_finished');
    expect(attempt(s, 1, 'lo3')?.message).toMatch(/Waiting for seats 0 and 2 to bid/);
    // Seat 0 has not bid: bid first, with the range.
    expect(attempt(s, 0, 'lo1')?.code).toBe('bid_first');
    expect(attempt(s, 0, 'lo1')?.message).toMatch(/Bid first \(0 to 2\)/);
    play(s, '0:bid 0', '2:bid 0');
    // Play: the seat to play is named; bidding is over.
    expect(attempt(s, 2, 'do1')?.message).toBe("It is seat 1's turn to play a card.");
    expect(attempt(s, 2, 'bid 0')?.message).toMatch(/Bidding is over for this hand: it is seat 1's turn/);
    expect(attempt(s, 1, 'bid 0')?.message).toMatch(/it is your turn to play a card/);
    expect(attempt(s, 1, 'do13')?.message).toMatch(/play a card from your hand/);
    play(s, '1:lo3');
    expect(attempt(s, 2, 'db5')?.message).toMatch(/must play a trump/);
    expect(attempt(s, 0, 'lo1')?.code).toBe('not_your_turn');
  });

  it('malformed JSON actions and bad seats get stable codes and leave the state untouched, in both phases', () => {
    const s = dealt([
      ['lo1', 'lo2'],
      ['do12', 'do13'],
      ['db1', 'db2'],
    ]);
    const probe = (st: MatchMasterState) => {
      const before = snapshot(st);
      const malformed: unknown[] = [
        null,
        undefined,
        5,
        'do13',
        'bid 1',
        [],
        {},
        { type: 'bid' },
        { type: 'bid', bid: '1' },
        { type: 'bid', bid: null },
        { type: 'play' },
        { type: 'play', card: 5 },
        { type: 'pass' },
        { type: 'BID', bid: 1 },
        JSON.parse('{"type":"play","card":{"suit":"do","rank":13}}'),
      ];
      for (const a of malformed) {
        const e = game.applyInPlace(st, game.toAct(st)[0]!, a);
        expect(e?.code, JSON.stringify(a)).toBe('malformed_action');
        expect(e?.message.length).toBeGreaterThan(10);
      }
      for (const seat of [-1, 3, 1.5, NaN, '0']) {
        const e = game.applyInPlace(st, seat as number, { type: 'bid', bid: 0 });
        expect(e?.code).toBe('invalid_seat');
      }
      expect(snapshot(st)).toBe(before);
    };
    probe(s);
    bidAll(s, [0, 2, 0]);
    probe(s);
    const before = snapshot(s);
    expect(game.applyInPlace(s, 1, { type: 'play', card: 'lo1' })?.code).toBe('card_not_in_hand');
    expect(game.applyInPlace(s, 0, { type: 'play', card: 'lo1' })?.code).toBe('not_your_turn');
    expect(game.applyInPlace(s, 1, { type: 'bid', bid: 1 })?.code).toBe('not_bidding');
    expect(snapshot(s)).toBe(before);
    // JSON text from a client: case and spaces in the card are tolerated.
    expect(game.applyInPlace(s, 1, JSON.parse('{"type":"play","card":" DO13 "}'))).toBeNull();
  });

  it('deserialize rejects tampered saves with invalid_state and loads honest ones', () => {
    // lo1 is undealt: a save could try to smuggle it in as a "do14" bit.
    const s = dealt(
      [
        ['lo2', 'lo3'],
        ['do12', 'do13'],
      ],
      { handSizes: [2, 2] },
    );
    bidAll(s, [0, 1]);
    play(s, '1:do13');
    const good = game.serialize(s) as Record<string, Json>;
    const round = game.deserialize(JSON.parse(JSON.stringify(good)));
    expect(round.ok).toBe(true);
    if (round.ok) expect(snapshot(round.value)).toBe(snapshot(s));
    const tamper = (f: (j: Record<string, Json>) => void): string | undefined => {
      const j = JSON.parse(JSON.stringify(good)) as Record<string, Json>;
      f(j);
      const r = game.deserialize(j);
      return r.ok ? undefined : r.error.code;
    };
    const cases: ((j: Record<string, Json>) => void)[] = [
      (j) => {
        const u = j.undealt as number[];
        u[1]! &= ~1; // remove lo1 ...
        u[0]! |= 1 << 13; // ... and store it as trump rank 14
      },
      (j) => (j.trickLen = 0),
      (j) => (j.dealer = 1),
      (j) => (j.firstDealer = 5),
      (j) => ((j.totals as number[])[0] = 3),
      (j) => ((j.bids as number[])[0] = 255),
      (j) => ((j.bids as number[])[0] = -1),
      (j) => ((j.history as number[])[0] = 1),
      (j) => (j.toPlay = 1),
      (j) => (j.phase = 0),
      (j) => (j.phase = 2),
      (j) => ((j.playSeats as number[])[0] = 0),
      (j) => ((j.playSeats as number[])[0] = 9),
      (j) => (j.game = 'match'),
      (j) => (j.version = 99),
      (j) => (j.players = 3),
    ];
    for (const [i, f] of cases.entries()) expect(tamper(f), `case ${i}`).toBe('invalid_state');
    for (const junk of [null, 5, 'x', []]) {
      const r = game.deserialize(junk);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('invalid_state');
    }
    // A save at the start of play, before any card: the seat to play must be the first leader.
    const t = dealt([['lo1'], ['lo2']]);
    bidAll(t, [0, 0]);
    const j = game.serialize(t) as Record<string, Json>;
    expect(game.deserialize({ ...j, toPlay: 0 }).ok).toBe(false);
    expect(game.deserialize(j).ok).toBe(true);
  });
});
