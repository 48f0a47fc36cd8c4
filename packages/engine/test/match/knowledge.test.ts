/** MATCH! determinize (MA-12: what a seat has seen), serialisation and notation. */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/index.ts';
import { match } from '../../src/games/match/index.ts';
import type { MatchState } from '../../src/games/match/index.ts';

function playRandom(seed: string, players: number, steps: number): MatchState {
  const r = match.setup({ players, seed, options: { target: 1000 } });
  if (!r.ok) throw new Error(r.error.message);
  const s = r.value;
  const rng = Rng.fromSeed(seed);
  for (let i = 0; i < steps && !match.isOver(s); i++) {
    const legal = match.legalActions(s, s.toPlay);
    match.applyInPlace(s, s.toPlay, legal[rng.int(legal.length)]);
  }
  return s;
}

describe('MATCH! determinize', () => {
  it("MA-12: keeps the seat's view (own hand, collections, pile, sizes) and redeals only hands and deck", () => {
    for (let g = 0; g < 20; g++) {
      const s = playRandom(`det${g}`, 2 + (g % 7), 5 + g * 7);
      for (let seat = 0; seat < s.players; seat++) {
        const d = match.determinize(s, seat, Rng.fromSeed(`d${g}:${seat}`));
        expect(JSON.stringify(match.view(d, seat))).toBe(JSON.stringify(match.view(s, seat)));
        expect(match.verify(d)).toBeNull();
        expect(match.cards(d).sort()).toEqual(match.cards(s).sort());
        expect(JSON.stringify(match.view(d, null))).toBe(JSON.stringify(match.view(s, null)));
      }
    }
  });

  it('samples the unknown cards afresh: other hands and the deck order vary, the future is reseeded', () => {
    const s = playRandom('vary', 4, 12);
    const others = new Set<string>();
    const decks = new Set<string>();
    for (let k = 0; k < 30; k++) {
      const d = match.determinize(s, 0, Rng.fromSeed(`v${k}`));
      others.add(JSON.stringify([1, 2, 3].map((seat) => match.view(d, seat).myHand)));
      decks.add(JSON.stringify(match.serialize(d).deck));
      expect(match.serialize(d).rng).not.toEqual(match.serialize(s).rng);
      expect(match.view(d, 0).myHand).toEqual(match.view(s, 0).myHand);
    }
    expect(others.size).toBeGreaterThan(25);
    expect(decks.size).toBeGreaterThan(25);
  });

  it('keeps the discard pile and every collection exactly (public cards are never resampled)', () => {
    const s = playRandom('public', 3, 40);
    const d = match.determinize(s, 1, Rng.fromSeed('p'));
    const a = match.serialize(s);
    const b = match.serialize(d);
    expect(b.pile).toBe(a.pile);
    expect(b.collections).toEqual(a.collections);
    expect(b.hands).not.toEqual(a.hands);
    expect((b.hands as string[])[1]).toBe((a.hands as string[])[1]);
  });
});

describe('MATCH! serialisation', () => {
  it('round-trips and rejects inconsistent saves', () => {
    const s = playRandom('ser', 4, 60);
    const saved = match.serialize(s);
    const back = match.deserialize(JSON.parse(JSON.stringify(saved)));
    expect(back.ok).toBe(true);
    if (back.ok) expect(match.serialize(back.value)).toEqual(saved);
    const broken = { ...saved, pile: `${saved.pile as string} r0` };
    expect(match.deserialize(broken).ok).toBe(false);
    const wrongHistory = { ...saved, log: (saved.log as number[]).slice(1) };
    expect(match.deserialize(wrongHistory).ok).toBe(false);
    expect(match.deserialize({ game: 'matchmaster' }).ok).toBe(false);
    expect(match.deserialize(null).ok).toBe(false);
  });

  it('verify catches an illegal recorded turn', () => {
    const r = match.setup({ players: 2, seed: 'v' });
    if (!r.ok) throw new Error();
    const s = r.value;
    expect(match.verify(s)).toBeNull();
    const t = match.clone(s);
    s.log[s.logLen++] = 1; // a turn by seat 1, out of order
    s.actions++;
    expect(match.verify(s)?.code).toBe('bad_history');
    t.log[t.logLen++] = 0; // a turn that is not counted as an action
    expect(match.verify(t)?.code).toBe('bad_state');
  });
});

describe('MATCH! notation', () => {
  it('every action round-trips through its text', () => {
    const s = playRandom('notation', 3, 0);
    for (const a of match.candidateActions(s, s.toPlay)) {
      const text = match.formatAction(a);
      const back = match.parseAction(text);
      expect(back.ok && match.formatAction(back.value)).toBe(text);
    }
  });

  it('parses the spellings people type', () => {
    const cases: [string, string][] = [
      ['r3', 'discard r3'],
      ['Discard  R3', 'discard r3'],
      ['play b0', 'discard b0'],
      ['collect g5', 'collect g5'],
      ['c p2', 'collect p2'],
      ['stack b', 'discard stack:b'],
      ['take blue', 'discard stack:b'],
      ['discard stack y', 'discard stack:y'],
      ['wild r3', 'wild r3'],
      ['w p0', 'wild p0'],
      ['W purple 5', 'wild p5'],
      ['discard W', 'discard W'],
    ];
    for (const [text, want] of cases) {
      const r = match.parseAction(text);
      expect(r.ok && match.formatAction(r.value), text).toBe(want);
    }
    for (const bad of ['', 'discard', 'r6', 'x1', 'stack q', 'collect']) {
      const r = match.parseAction(bad);
      expect(r.ok ? 'ok' : r.error.code, bad).toBe('malformed_action');
    }
    const wild = match.parseAction('wild r9');
    expect(wild.ok ? 'ok' : wild.error.code).toBe('invalid_declaration');
  });

  it('stacked decks: validated in card notation', () => {
    const bad = (deck: string[]) => {
      const r = match.setup({ players: 2, seed: 'x', deck });
      return r.ok ? 'ok' : r.error.code;
    };
    expect(bad(['r6'])).toBe('invalid_deck');
    expect(bad(['r1', 'r1', 'r1'])).toBe('invalid_deck');
    expect(bad(['W', 'W', 'W', 'W'])).toBe('ok');
    expect(bad(['W', 'W', 'W', 'W', 'W'])).toBe('invalid_deck');
  });
});
