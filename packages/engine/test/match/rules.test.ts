/** MATCH! rulings MA-1..MA-12 and the matchbox rulings, each against real play. */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/index.ts';
import { match } from '../../src/games/match/index.ts';
import { MAX_ROUNDS, MAX_TURNS } from '../../src/games/match/play.ts';
import { PHASE_OVER } from '../../src/games/match/state.ts';
import { act, hand, legalTexts, play, position, rejects } from './helpers.ts';

const setup = (players: number, options: Record<string, number> = {}, deck?: string[], seed = 's') => {
  const r = match.setup({ players, seed, options, ...(deck ? { deck } : {}) });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

const count = (list: string[]) => {
  const m = new Map<string, number>();
  for (const x of list) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
};

describe('MATCH! rulings', () => {
  it('MA-1: 64 cards, values 0..5 in red, yellow, green, blue, purple, two of each, and 4 wildcards', () => {
    const all = count(match.cards(setup(4)));
    expect([...all.values()].reduce((a, b) => a + b, 0)).toBe(64);
    expect(all.get('W')).toBe(4);
    for (const c of ['r', 'y', 'g', 'b', 'p'])
      for (let v = 0; v <= 5; v++) expect(all.get(`${c}${v}`)).toBe(2);
    expect(all.size).toBe(31);
  });

  it('MA-2: 2 to 8 players, 4 by default', () => {
    expect(match.meta.minPlayers).toBe(2);
    expect(match.meta.maxPlayers).toBe(8);
    expect(match.meta.defaultPlayers).toBe(4);
    for (const n of [1, 9, 2.5]) {
      const r = match.setup({ players: n, seed: 'x' });
      expect(r.ok ? null : r.error.code).toBe('invalid_players');
    }
    for (const n of [2, 8]) expect(match.setup({ players: n, seed: 'x' }).ok).toBe(true);
  });

  it('MA-3, MA-X2: each round deals 5 cards each from the starter and turns one up; a wildcard turned up goes back', () => {
    const deck = ['r0', 'r1', 'r2', 'r3', 'r4', 'y0', 'y1', 'y2', 'y3', 'y4', 'W', 'W', 'g5', 'b5'];
    const s = setup(2, { firstPlayer: 1 }, deck);
    expect(hand(s, 1)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']); // the starter is dealt first
    expect(hand(s, 0)).toEqual(['y0', 'y1', 'y2', 'y3', 'y4']);
    const v = match.view(s, null);
    expect(v.pile).toHaveLength(1);
    expect(v.pile).not.toContain('W'); // the wildcard went back and the deck was reshuffled
    expect(v.deckSize).toBe(64 - 10 - 1);
    expect(v.toAct).toEqual([1]);
    expect(count(match.cards(s)).get('W')).toBe(4);
    // Without a wildcard on top the stacked order is kept: the next card is turned up.
    const s2 = setup(2, {}, ['r0', 'r1', 'r2', 'r3', 'r4', 'y0', 'y1', 'y2', 'y3', 'y4', 'g5', 'b5']);
    expect(match.view(s2, null).pile).toEqual(['g5']);
    // Many seeds: never a wildcard up, always 5 cards each.
    for (let i = 0; i < 200; i++) {
      const t = setup(3, {}, undefined, `deal${i}`);
      const tv = match.view(t, null);
      expect(tv.pile).toHaveLength(1);
      expect(tv.pile).not.toContain('W');
      expect(tv.handSizes).toEqual([5, 5, 5]);
    }
  });

  it('MA-3: a new round is a fresh deal: collections cleared, 5 cards each, a new upcard', () => {
    const s = position({
      hands: [['r1'], ['g4', 'g5']],
      collections: [['b2'], ['y5', 'p4']],
      pile: ['r3'],
      toPlay: 0,
    });
    play(s, 'discard r1'); // seat 0 empties its hand: the round ends
    const v = match.view(s, null);
    expect(v.round).toBe(2);
    expect(v.handSizes).toEqual([5, 5]);
    expect(v.collections).toEqual([
      { r: [], y: [], g: [], b: [], p: [] },
      { r: [], y: [], g: [], b: [], p: [] },
    ]);
    expect(v.pile).toHaveLength(1);
    expect(v.deckSize).toBe(53);
  });

  it('MA-4: a card matches the target by colour or by number; a wildcard matches anything', () => {
    const s = position({ hands: [['r0', 'b3', 'g1', 'W'], ['y1']], pile: ['r3'] });
    const legal = legalTexts(s);
    expect(legal).toContain('discard r0'); // same colour
    expect(legal).toContain('discard b3'); // same number
    expect(legal).not.toContain('discard g1');
    expect(legal).toContain('collect g1');
    expect(legal).toContain('wild p5'); // the wildcard, declaring anything
    rejects(s, 'discard g1', 'card_does_not_match');
    // With a wildcard on top, the declaration is the target.
    const w = position({ hands: [['r0', 'b3', 'g1'], ['y1']], pile: ['r3', 'W'], declared: 'g5' });
    expect(legalTexts(w)).toEqual(['discard g1', 'collect r0', 'collect b3']);
  });

  it('MA-5: a discard does not draw; a collect puts the card on its colour stack and draws (sheet: green 5 on blue 2)', () => {
    const s = position({
      hands: [
        ['g5', 'b4', 'r1'],
        ['y1', 'y2'],
      ],
      pile: ['b2'],
      deckTop: ['p3'],
    });
    play(s, 'collect g5'); // "It doesn't match!"
    let v = match.view(s, 0);
    expect(v.collections[0]!.g).toEqual(['g5']);
    expect(v.myHand).toEqual(['r1', 'b4', 'p3']); // drew the p3
    expect(v.deckSize).toBe(64 - 5 - 1 - 1);
    play(s, 'discard y2'); // seat 1 "It matches!" by number
    v = match.view(s, 1);
    expect(v.myHand).toEqual(['y1']);
    expect(v.pile).toEqual(['b2', 'y2']);
    expect(v.deckSize).toBe(64 - 5 - 1 - 1);
  });

  it('MA-5: matching cards cannot be collected, and a wildcard is never collected', () => {
    const s = position({ hands: [['b4', 'r2', 'W', 'g1'], ['y1']], pile: ['b2'] });
    rejects(s, 'collect b4', 'card_matches_target');
    rejects(s, 'collect r2', 'card_matches_target');
    rejects(s, 'collect W', 'wildcard_never_collected');
    rejects(s, 'collect p3', 'card_not_in_hand');
    expect(legalTexts(s).filter((t) => t.startsWith('collect'))).toEqual(['collect g1']);
  });

  it('MA-5, MA-X5: a collection card may be discarded from a stack top; two identical hand cards give one action', () => {
    const s = position({
      hands: [['y3', 'y3', 'g1'], ['b1']],
      collections: [['r1', 'r4', 'y0']],
      pile: ['p4'],
    });
    expect(legalTexts(s)).toEqual(['discard stack:r']);
    const t = position({ hands: [['y3', 'y3', 'g1'], ['b1']], pile: ['y5'] });
    expect(legalTexts(t)).toEqual(['discard y3', 'collect g1']);
  });

  it('MA-6: the sheet example: a blue 3 in your collection against a red 3 on the pile forces a discard', () => {
    const s = position({
      hands: [
        ['r1', 'g5', 'y2'],
        ['p0', 'p1'],
      ],
      collections: [['b3']],
      pile: ['r3'],
    });
    rejects(s, 'collect g5', 'collection_card_matches');
    rejects(s, 'collect y2', 'collection_card_matches');
    expect(legalTexts(s)).toEqual(['discard r1', 'discard stack:b']);
    const either = match.clone(s);
    play(either, 'discard stack:b'); // play the blue 3 from the collection ...
    expect(match.view(either, null).pile).toEqual(['r3', 'b3']);
    expect(match.view(either, null).handSizes).toEqual([3, 2]); // ... and draw nothing
    play(s, 'discard r1'); // ... or the red 1 from hand, also without drawing
    expect(match.view(s, null).handSizes).toEqual([2, 2]);
    expect(match.view(s, null).forcedDiscard).toBe(false);
  });

  it('MA-6: only stack tops count; a matching card underneath does not force anything', () => {
    const s = position({ hands: [['g5', 'p2'], ['y1']], collections: [['b3', 'b5']], pile: ['r3'] });
    expect(legalTexts(s)).toEqual(['collect g5', 'collect p2']);
    expect(match.view(s, 0).forcedDiscard).toBe(false);
    play(s, 'collect g5');
  });

  it('MA-6: a forced player with no matching hand card discards from the collection', () => {
    const s = position({ hands: [['g5', 'p2'], ['y1']], collections: [['b1', 'y0', 'r4']], pile: ['r3'] });
    expect(match.view(s, 0).forcedDiscard).toBe(true);
    expect(legalTexts(s)).toEqual(['discard stack:r']);
    rejects(s, 'discard stack:y', 'card_does_not_match');
    rejects(s, 'discard stack:b', 'card_does_not_match');
    rejects(s, 'discard stack:g', 'empty_stack');
    play(s, 'discard stack:r');
    expect(match.view(s, null).collections[0]!.r).toEqual([]);
  });

  it('MA-7: a wildcard needs a declaration, which becomes the target for the next player', () => {
    const s = position({
      hands: [
        ['W', 'g1'],
        ['b2', 'y4', 'g0'],
      ],
      collections: [[], ['p3']],
      pile: ['r1'],
    });
    rejects(s, 'discard W', 'declaration_required');
    expect(match.applyInPlace(s, 0, { type: 'wild' })?.code).toBe('declaration_required');
    expect(match.applyInPlace(s, 0, { type: 'wild', colour: 'x', value: 3 })?.code).toBe(
      'invalid_declaration',
    );
    expect(match.applyInPlace(s, 0, { type: 'wild', colour: 'b', value: 6 })?.code).toBe(
      'invalid_declaration',
    );
    play(s, 'wild y3');
    const v = match.view(s, 1);
    expect(v.pile).toEqual(['r1', 'W']);
    expect(v.target).toEqual({ colour: 'y', value: 3 });
    expect(v.wildOnTop).toBe(true);
    // Seat 1's purple 3 matches the declared 3, so it must discard: y4 from hand or the p3.
    expect(v.forcedDiscard).toBe(true);
    expect(legalTexts(s)).toEqual(['discard y4', 'discard stack:p']);
    rejects(s, 'collect b2', 'collection_card_matches');
  });

  it('MA-7: the declaration binds as long as the wildcard stays on top, even after a Collect', () => {
    const s = position({
      players: 3,
      hands: [
        ['W', 'g1'],
        ['b2', 'p4'],
        ['r3', 'g5', 'b0'],
      ],
      pile: ['r1'],
    });
    play(s, 'wild g0');
    play(s, 'collect p4'); // seat 1 has no green or 0 in its collection, so it may collect
    expect(match.view(s, 2).target).toEqual({ colour: 'g', value: 0 });
    expect(legalTexts(s)).toEqual(['discard g5', 'discard b0', 'collect r3']);
    rejects(s, 'discard r3', 'card_does_not_match'); // the red 1 under the wildcard no longer counts
    play(s, 'discard b0');
    expect(match.view(s, null).wildOnTop).toBe(false);
    expect(match.view(s, null).target).toEqual({ colour: 'b', value: 0 });
  });

  it('MA-7, MA-X4: a wildcard may answer a wildcard, with a new declaration (any of 30)', () => {
    const s = position({
      hands: [
        ['W', 'g1'],
        ['W', 'b2'],
      ],
      collections: [[], ['r4']],
      pile: ['p1'],
    });
    play(s, 'wild r0'); // binds seat 1: its red 4 matches, so it must discard ...
    const legal = legalTexts(s);
    expect(legal[0]).toBe('discard stack:r');
    expect(legal).toHaveLength(31);
    expect(legal.some((t) => t.startsWith('collect'))).toBe(false);
    expect(legalTexts(s)).toContain('wild b5'); // ... or answer with its own wildcard
    play(s, 'wild b5');
    const v = match.view(s, 0);
    expect(v.pile).toEqual(['p1', 'W', 'W']);
    expect(v.target).toEqual({ colour: 'b', value: 5 });
    expect(legalTexts(s)).toEqual(['collect g1']);
  });

  it('MA-8: an empty deck is refilled from the pile under its top card (wildcards included)', () => {
    const s = position({
      hands: [
        ['g5', 'y1'],
        ['p2', 'p3'],
      ],
      pile: ['b0', 'W', 'r2', 'r4'],
      exactDeck: true, // every other card lies under the pile
    });
    const pileBefore = match.view(s, null).pile;
    expect(match.view(s, null).deckSize).toBe(0);
    const events = play(s, 'collect g5');
    const v = match.view(s, null);
    expect(v.pile).toEqual(['r4']);
    expect(v.deckSize).toBe(pileBefore.length - 1 - 1); // all but the top, one drawn
    expect(v.handSizes).toEqual([2, 2]);
    expect(events.some((e) => e.all?.type === 'reshuffled')).toBe(true);
    expect(count(match.cards(s)).get('W')).toBe(4);
  });

  it('MA-8, MA-9: with no card to refill from, a Collect draws nothing, and emptying the hand ends the round', () => {
    // Every card is in hands or collections except the pile top: the deck cannot be refilled.
    const all = match.cards(setup(2)).filter((c) => c !== 'W');
    const rest = new Map(count(all));
    const take = (c: string) => rest.set(c, rest.get(c)! - 1);
    const h0 = ['g5'];
    const h1 = ['y1', 'W', 'W', 'W', 'W'];
    const pile = ['r2'];
    [...h0, ...h1.filter((c) => c !== 'W'), ...pile].forEach(take);
    // The rest are in collections; none may match r2, so give them to seat 1 (not to move).
    const coll1: string[] = [];
    for (const [c, n] of rest) for (let i = 0; i < n; i++) coll1.push(c);
    const s = position({ hands: [h0, h1], collections: [[], coll1], pile, target: 1000 });
    expect(match.view(s, null).deckSize).toBe(0);
    const events = play(s, 'collect g5');
    expect(events.some((e) => e.all?.type === 'no_draw')).toBe(true);
    expect(events.some((e) => e.all?.type === 'round_scored')).toBe(true); // MA-9: seat 0's hand is empty
    const v = match.view(s, null);
    expect(v.round).toBe(2);
    expect(v.rounds[0]).toMatchObject({
      endedBy: 0,
      scores: [5, expect.any(Number)],
    });
  });

  it('MA-9: a round ends by discarding the last hand card; a Collect of the last card draws and goes on', () => {
    const s = position({ hands: [['g5'], ['r1', 'y4']], pile: ['y2'], deckTop: ['p4'] });
    play(s, 'collect g5');
    expect(match.view(s, 0).myHand).toEqual(['p4']);
    expect(match.view(s, null).round).toBe(1);
    play(s, 'discard y4');
    const events = play(s, 'discard p4');
    const scored = events.find((e) => e.all?.type === 'round_scored')!.all;
    expect(scored).toMatchObject({ round: 1, endedBy: 0, scores: [5, -1] });
    expect(match.view(s, null).round).toBe(2);
  });

  it('MA-10: the sheet example scores 21 collected minus 13 in hand (a wildcard counts 10) = 8', () => {
    const s = position({
      hands: [['g0', 'b3', 'W'], ['y1']],
      collections: [
        ['r4', 'r3', 'y0', 'g3', 'b5', 'p4', 'p2'],
        ['p5', 'p1'],
      ],
      pile: ['y2'],
      toPlay: 1,
    });
    expect(match.view(s, null).collectionPoints).toEqual([21, 6]);
    play(s, 'discard y1'); // seat 1 ends the round
    const v = match.view(s, null);
    expect(v.rounds[0]!.scores).toEqual([8, 6]);
    expect(v.totals).toEqual([8, 6]);
  });

  it('MA-10: every card of a stack counts, not only its top', () => {
    const s = position({
      hands: [['b1'], ['y1', 'y2']],
      collections: [['r1', 'r2', 'r5']],
      pile: ['b4'],
    });
    play(s, 'discard b1');
    expect(match.view(s, null).rounds[0]!.scores).toEqual([8, -3]);
  });

  it('MA-11: reaching the target ends the game; the highest total wins and ties share', () => {
    const s = position({
      hands: [['b1'], ['y1', 'y2'], ['g4']],
      collections: [['r5'], [], ['g5', 'p5']],
      pile: ['b4'],
      totals: [46, 10, 41],
    });
    play(s, 'discard b1');
    expect(s.phase).toBe(PHASE_OVER);
    expect(match.isOver(s)).toBe(true);
    expect(match.result(s)).toEqual({ scores: [51, 7, 47], ranks: [1, 3, 2], winners: [0] });
    expect(act(s, 'discard y1', 1).error?.code).toBe('game_over');
    // A tie at the top is shared.
    const t = position({
      hands: [['b1'], ['y1']],
      collections: [['r5'], ['g5']],
      pile: ['b4'],
      totals: [45, 40],
    });
    play(t, 'discard b1');
    expect(match.result(t)?.winners).toEqual([0]);
    const u = position({
      hands: [['b1'], ['y1']],
      collections: [['r5'], ['g5']],
      pile: ['b4'],
      totals: [45, 46],
    });
    play(u, 'discard b1');
    expect(match.result(u)).toMatchObject({ scores: [50, 50], winners: [0, 1] });
  });

  it('MA-11: below the target a new round starts with the player who ended the last one', () => {
    const s = position({ players: 3, hands: [['b1', 'g2'], ['y1', 'y2'], ['b2']], pile: ['b4'], toPlay: 2 });
    play(s, 'discard b2'); // seat 2 ends the round
    expect(match.view(s, null)).toMatchObject({ round: 2, starter: 2, toAct: [2] });
    const t = setup(4, { target: 50, firstPlayer: 3 });
    expect(match.toAct(t)).toEqual([3]);
    expect(match.setup({ players: 3, seed: 'x', options: { firstPlayer: 3 } }).ok).toBe(false);
    expect(match.meta.options.find((o) => o.name === 'target')?.default).toBe(50);
  });

  it('MA-12, MA-X3: hands and the deck are hidden; collections (every card), the pile, sizes are public', () => {
    const s = position({
      hands: [
        ['g0', 'b3'],
        ['y1', 'W'],
      ],
      collections: [['r4', 'r3'], ['p1']],
      pile: ['y2', 'b2'],
    });
    const mine = match.view(s, 0);
    expect(mine.myHand).toEqual(['g0', 'b3']);
    expect(JSON.stringify(mine)).not.toContain('"y1"');
    expect(mine.handSizes).toEqual([2, 2]);
    expect(mine.collections).toEqual([
      { r: ['r4', 'r3'], y: [], g: [], b: [], p: [] },
      { r: [], y: [], g: [], b: [], p: ['p1'] },
    ]);
    expect(mine.pile).toEqual(['y2', 'b2']);
    expect(mine.deckSize).toBe(64 - 4 - 3 - 2);
    const spectator = match.view(s, null);
    expect(spectator.myHand).toBeUndefined();
    expect(match.hiddenCards(s, null).length).toBe(4 + 55);
    const hidden = count(match.hiddenCards(s, 0));
    expect([...hidden.values()].reduce((x, y) => x + y, 0)).toBe(2 + 55);
    expect(hidden.get('W')).toBe(4); // one in seat 1's hand, three in the deck
    expect(hidden.get('r4')).toBe(1); // the other r4 is in seat 0's collection
  });

  it('MA-X1: a round is cut off after the turn limit and scored as if the last mover ended it', () => {
    const s = position({
      hands: [
        ['g5', 'p1'],
        ['y1', 'y2'],
      ],
      pile: ['b2'],
    });
    s.logLen = MAX_TURNS - 1; // (a built position: only the count matters here)
    const events = play(s, 'collect g5');
    expect(events.find((e) => e.all?.type === 'round_scored')?.all).toMatchObject({ endedBy: 0 });
    expect(match.view(s, null)).toMatchObject({ round: 2, starter: 0 });
  });

  it('MA-X1: the game ends after the last allowed round even if nobody reached the target', () => {
    const s = position({ hands: [['b1'], ['y1', 'y2']], pile: ['b4'], totals: [3, -7] });
    s.round = MAX_ROUNDS;
    for (let r = 0; r < MAX_ROUNDS - 1; r++) {
      s.roundScores.push(0, 0);
      s.roundEnders.push(0);
    }
    play(s, 'discard b1');
    expect(match.isOver(s)).toBe(true);
    expect(match.result(s)?.winners).toEqual([0]);
    // A random game always ends within maxActions.
    const g = setup(8, {}, undefined, 'long');
    const rng = Rng.fromSeed('r');
    let steps = 0;
    while (!match.isOver(g)) {
      const legal = match.legalActions(g, g.toPlay);
      expect(match.applyInPlace(g, g.toPlay, legal[rng.int(legal.length)])).toBeNull();
      steps++;
    }
    expect(steps).toBeLessThanOrEqual(match.maxActions(g));
    expect(match.verify(g)).toBeNull();
  });
});

describe('MATCH! errors', () => {
  it('rejects turns out of order, bad seats and malformed actions without touching the state', () => {
    const s = position({
      hands: [
        ['b1', 'g2'],
        ['y1', 'y2'],
      ],
      pile: ['b4'],
    });
    rejects(s, 'discard y1', 'not_your_turn', 1);
    rejects(s, 'discard b1', 'invalid_seat', 5);
    for (const junk of [
      null,
      3,
      'discard b1',
      {},
      { type: 'discard' },
      { type: 'discard', card: 'x9' },
      { type: 'discardStack', colour: 7 },
      { type: 'pass' },
    ]) {
      expect(match.applyInPlace(s, 0, junk)?.code).toBe('malformed_action');
    }
    rejects(s, 'discard b2', 'card_not_in_hand');
    rejects(s, 'wild r1', 'card_not_in_hand');
  });

  it('accepts equivalent JSON spellings of an action', () => {
    const s = position({
      hands: [
        ['b1', 'g2'],
        ['y1', 'y2'],
      ],
      pile: ['b4'],
    });
    expect(match.applyInPlace(s, 0, { type: 'discard', card: 'B1' })).toBeNull();
    expect(match.applyInPlace(s, 1, { type: 'wild', colour: 'red', value: 1 })?.code).toBe(
      'card_not_in_hand',
    );
  });
});
