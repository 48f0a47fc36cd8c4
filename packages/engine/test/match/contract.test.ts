/**
 * MATCH! on contract v2 (issue 9): the accessors, the setup's checks and events, one event per
 * happening with `reveals` exactly when a card becomes known, error messages that name what is
 * due, and a determinize that depends on nothing the seat does not know (section 4).
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, Viewer } from '../../src/index.ts';
import { Rng, eventsFor } from '../../src/index.ts';
import type { MatchEvent, MatchState } from '../../src/games/match/index.ts';
import { MATCH_PHASES, match } from '../../src/games/match/index.ts';
import { hand, play, position, types } from './helpers.ts';

function playRandom(seed: string, players: number, steps: number, target = 1000): MatchState {
  const r = match.setup({ players, seed, options: { target } });
  if (!r.ok) throw new Error(r.error.message);
  const s = r.value;
  const rng = Rng.fromSeed(seed);
  for (let i = 0; i < steps && !match.isOver(s); i++) {
    const legal = match.legalActions(s, s.toPlay);
    match.applyInPlace(s, s.toPlay, legal[rng.int(legal.length)]);
  }
  return s;
}

const stable = (v: unknown) => JSON.stringify(v);

describe('MATCH! accessors', () => {
  it('players, phase, actionCount and describeTurn follow the game', () => {
    const r = match.setup({ players: 3, seed: 'acc', options: { target: 10 } });
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value;
    expect(match.players(s)).toBe(3);
    expect(match.phase(s)).toBe('play');
    expect(match.actionCount(s)).toBe(0);
    expect(match.describeTurn(s)).toBe('Seat 0 to discard or collect');
    const rng = Rng.fromSeed('acc');
    let n = 0;
    while (!match.isOver(s)) {
      const legal = match.legalActions(s, s.toPlay);
      match.applyInPlace(s, s.toPlay, legal[rng.int(legal.length)]);
      n++;
      expect(match.actionCount(s)).toBe(n);
      expect(MATCH_PHASES).toContain(match.phase(s));
      expect(match.view(s, null).phase).toBe(match.phase(s));
    }
    expect(match.phase(s)).toBe('over');
    expect(match.describeTurn(s)).toBe('Game over');
    // A rejected action is not counted.
    expect(match.applyInPlace(s, 0, { type: 'discard', card: 'r1' })?.code).toBe('game_over');
    expect(match.actionCount(s)).toBe(n);
  });

  it('describeTurn says when a stack top forces a discard (MA-6)', () => {
    const s = position({ hands: [['g5', 'p2'], ['y1']], collections: [['b1', 'y0', 'r4']], pile: ['r3'] });
    expect(match.describeTurn(s)).toBe('Seat 0 to discard (a card on top of its collection matches, MA-6)');
  });
});

describe('MATCH! setup', () => {
  it('checks the setup itself first: never a throw, stable codes', () => {
    const code = (config: unknown) => {
      const r = match.setup(config as Parameters<typeof match.setup>[0]);
      return r.ok ? 'ok' : r.error.code;
    };
    expect(code(undefined)).toBe('invalid_setup');
    expect(code(null)).toBe('invalid_setup');
    expect(code({ players: 3 })).toBe('invalid_seed');
    expect(code({ players: 3, seed: 7 })).toBe('invalid_seed');
    expect(code({ players: '3', seed: 's' })).toBe('invalid_players');
    expect(code({ players: 3, seed: 's', deck: 'r1 r2' })).toBe('invalid_deck');
    expect(code({ players: 3, seed: 's', chance: [['r1'], 'r2'] })).toBe('invalid_deck');
    expect(code({ players: 3, seed: 's', deck: ['r1'], chance: [['r1']] })).toBe('invalid_deck');
    expect(code({ players: 3, seed: 's', deck: ['R1', 'wild'] })).toBe('ok'); // people spellings
    expect(code({ players: 3, seed: 's' })).toBe('ok');
  });

  it('emits the first deal: counts and the upcard for everybody, each hand to its seat only', () => {
    const events: GameEvent<MatchEvent>[] = [];
    const r = match.setup({ players: 3, seed: 'first', options: { firstPlayer: 2 } }, events);
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value;
    expect(events).toHaveLength(1);
    const deal = events[0]!;
    const common = {
      type: 'round_dealt',
      round: 1,
      starter: 2,
      handSizes: [5, 5, 5],
      deckSize: 48,
      upcard: match.view(s, null).pile[0],
      wildcardsReturned: 0,
    };
    expect(deal.all).toEqual(common);
    expect(deal.reveals).toBe(true);
    for (const seat of [0, 1, 2])
      expect(eventsFor(events, seat)).toEqual([{ ...common, hand: hand(s, seat) }]);
    // Dealt from the starter (MA-X2): the first five cards of the outcome are seat 2's.
    expect([...deal.chance!.slice(0, 5)].sort()).toEqual([...hand(s, 2)].sort());
    // Without events asked for, the same state.
    const quiet = match.setup({ players: 3, seed: 'first', options: { firstPlayer: 2 } });
    expect(quiet.ok && stable(match.serialize(quiet.value))).toBe(stable(match.serialize(s)));
  });
});

describe('MATCH! events: one per happening, reveals exactly when a card becomes known', () => {
  it('a discard from hand reveals its card; a stack discard reveals nothing', () => {
    const s = position({
      hands: [
        ['b1', 'g2'],
        ['y1', 'y2'],
      ],
      collections: [[], ['r1']],
      pile: ['b4'],
    });
    expect(play(s, 'discard b1')).toEqual([
      { all: { type: 'discard', seat: 0, card: 'b1', from: 'hand' }, reveals: true },
    ]);
    expect(play(s, 'discard stack:r')).toEqual([
      { all: { type: 'discard', seat: 1, card: 'r1', from: 'collection' } },
    ]);
  });

  it('a wildcard from hand reveals (the seat held one); the declaration is public', () => {
    const s = position({
      hands: [
        ['W', 'g2'],
        ['y1', 'y2'],
      ],
      pile: ['b4'],
    });
    expect(play(s, 'wild r3')).toEqual([
      { all: { type: 'wild', seat: 0, declared: { colour: 'r', value: 3 } }, reveals: true },
    ]);
  });

  it('a collect reveals the collected card; the draw tells everybody that, the drawer which card', () => {
    const s = position({ hands: [['g5', 'y2'], ['b1']], pile: ['b2'], deckTop: ['p4'] });
    const events = play(s, 'collect g5');
    expect(events).toEqual([
      { all: { type: 'collect', seat: 0, card: 'g5' }, reveals: true },
      { all: { type: 'drew', seat: 0 }, seats: { 0: { type: 'drew', seat: 0, card: 'p4' } }, reveals: true },
    ]);
    const seen = (viewer: Viewer) => eventsFor(events, viewer);
    expect(seen(0)[1]).toEqual({ type: 'drew', seat: 0, card: 'p4' });
    for (const viewer of [1, null] as Viewer[]) expect(stable(seen(viewer))).not.toContain('p4');
  });

  it('MA-8: the reshuffle is one event with its chance outcome and no reveal; the draw follows', () => {
    const s = position({
      hands: [
        ['g5', 'y1'],
        ['p2', 'p3'],
      ],
      pile: ['b0', 'W', 'r2', 'r4'],
      exactDeck: true,
    });
    const under = match.view(s, null).pile.length - 1;
    const events = play(s, 'collect g5');
    expect(types(events)).toEqual(['collect', 'reshuffled', 'drew']);
    expect(events[1]).toEqual({
      all: { type: 'reshuffled', deckSize: under },
      chance: expect.any(Array) as unknown,
    });
    expect(events[1]!.chance).toHaveLength(under);
    expect(events[2]!.seats?.[0]).toEqual({ type: 'drew', seat: 0, card: events[1]!.chance![0] });
  });

  it('the end of a round: the scores, then the next deal; the end of the game names the winners', () => {
    const s = position({ hands: [['b1'], ['y1', 'y2']], collections: [['r5']], pile: ['b4'], target: 5 });
    const events = play(s, 'discard b1');
    expect(types(events)).toEqual(['discard', 'round_scored', 'game_over']);
    expect(events[2]).toEqual({ all: { type: 'game_over', totals: [5, -3], winners: [0] } });
    const t = position({ hands: [['b1'], ['y1', 'y2']], pile: ['b4'], target: 50 });
    expect(types(play(t, 'discard b1'))).toEqual(['discard', 'round_scored', 'round_dealt']);
  });
});

describe('MATCH! error messages', () => {
  it('not_your_turn names the seat to play and what it is to do', () => {
    const s = position({
      hands: [
        ['b1', 'g2'],
        ['y1', 'y2'],
      ],
      pile: ['b4'],
    });
    const e = match.applyInPlace(s, 1, { type: 'discard', card: 'y1' });
    expect(e).toEqual({
      code: 'not_your_turn',
      message: 'It is not your turn: seat 0 to discard or collect.',
    });
    const forced = position({ hands: [['g5'], ['y1']], collections: [['r4']], pile: ['r3'] });
    expect(match.applyInPlace(forced, 1, { type: 'discard', card: 'y1' })?.message).toContain(
      'seat 0 to discard (a card on top of its collection matches, MA-6)',
    );
  });

  it('a message to the seat that acted speaks to it ("you"), never of it as "seat N"', () => {
    for (let g = 0; g < 6; g++) {
      const s = playRandom(`msg${g}`, 2 + g, 10 + 9 * g);
      const seat = s.toPlay;
      const legal = new Set(match.legalActions(s, seat).map((a) => match.formatAction(a)));
      for (const a of match.candidateActions(s, seat)) {
        if (legal.has(match.formatAction(a))) continue;
        const e = match.applyInPlace(match.clone(s), seat, a);
        expect(e, match.formatAction(a)).not.toBeNull();
        expect(e!.message, e!.code).not.toMatch(/\bseat \d/i);
      }
    }
  });
});

describe("MATCH! determinize: a function of the seat's information and rng only (issue 9, section 4)", () => {
  const sample = (s: MatchState, seat: number, key: string) =>
    stable(match.serialize(match.determinize(s, seat, Rng.fromSeed(key))));

  it('two built positions with the same view for seat 0 but other hidden deals give the same sample', () => {
    const common = {
      collections: [['r4'], ['g1', 'g3'], []] as string[][],
      pile: ['y2', 'b2'],
      toPlay: 0,
    };
    const a = position({
      ...common,
      hands: [
        ['g0', 'b3'],
        ['y1', 'W', 'p5'],
        ['r1', 'r1'],
      ],
      deckTop: ['y5', 'p0'],
    });
    const b = position({
      ...common,
      hands: [
        ['g0', 'b3'],
        ['p0', 'r1', 'y5'],
        ['W', 'p5'],
      ],
      deckTop: ['y1', 'r1'],
    });
    expect(stable(match.view(a, 0))).toBe(stable(match.view(b, 0)));
    expect(stable(match.serialize(a))).not.toBe(stable(match.serialize(b)));
    for (const key of ['k1', 'k2', 'k3']) expect(sample(a, 0, key)).toBe(sample(b, 0, key));
    // Seat 1 sees another hand in each, so its samples may differ; its own hand is kept.
    expect(match.view(match.determinize(a, 1, Rng.fromSeed('k')), 1).myHand).toEqual(['y1', 'p5', 'W']);
  });

  it('reordering the real deck or moving unseen cards between other hands and the deck changes no sample', () => {
    for (let g = 0; g < 8; g++) {
      const s = playRandom(`pure${g}`, 2 + (g % 7), 7 + 11 * g);
      const t = match.clone(s);
      t.deck.subarray(0, t.deckLen).reverse(); // the real deck order: the leak of the old determinize
      // Swap one card of the last seat's hand with the deck's top card (sizes and views stay).
      const other = s.players - 1;
      const fromHand = t.hands.subarray(other * 31, other * 31 + 31).findIndex((c) => c > 0);
      const top = t.deck[t.deckLen - 1]!;
      if (fromHand >= 0 && fromHand !== top) {
        t.hands[other * 31 + fromHand]!--;
        if (t.hands[other * 31 + fromHand] === 0) t.handMask[other]! &= ~(1 << fromHand);
        t.hands[other * 31 + top]!++;
        t.handMask[other]! |= 1 << top;
        t.deck[t.deckLen - 1] = fromHand;
      }
      expect(match.verify(t)).toBeNull();
      expect(stable(match.view(t, 0))).toBe(stable(match.view(s, 0)));
      expect(stable(match.serialize(t))).not.toBe(stable(match.serialize(s)));
      for (let k = 0; k < 3; k++) expect(sample(t, 0, `g${g}k${k}`)).toBe(sample(s, 0, `g${g}k${k}`));
    }
  });

  it('still samples afresh: other seeds give other worlds, with the same view and a legal history', () => {
    const s = playRandom('fresh', 4, 30);
    const worlds = new Set<string>();
    for (let k = 0; k < 20; k++) {
      const d = match.determinize(s, 2, Rng.fromSeed(`f${k}`));
      expect(stable(match.view(d, 2))).toBe(stable(match.view(s, 2)));
      expect(match.verify(d)).toBeNull();
      worlds.add(stable(match.serialize(d)));
    }
    expect(worlds.size).toBe(20);
  });
});
