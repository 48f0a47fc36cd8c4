/**
 * Sweet16 on contract v2: the accessors, the setup's events and chance outcome, one event per
 * happening with what each viewer sees, errors that say what is due, undo, and a determiniser
 * that depends only on what the seat knows.
 */
import { describe, expect, it } from 'vitest';
import type { Sweet16Event } from '../../src/index.ts';
import { GameSession, Rng, eventsFor, sweet16, sweet16Cards } from '../../src/index.ts';
import type { Sweet16State } from '../../src/games/sweet16/state.ts';
import type { Events } from './helpers.ts';
import { act, deckFor, edit, posIndex, reject, setupWith, types, view } from './helpers.ts';

const setupEvents = (config: Parameters<typeof sweet16.setup>[0]): { s: Sweet16State; events: Events } => {
  const events: Events = [];
  const r = sweet16.setup(config, events);
  if (!r.ok) throw new Error(r.error.message);
  return { s: r.value, events };
};

const saved = (s: Sweet16State): string => JSON.stringify(sweet16.serialize(s));
const { CARD_NAMES } = sweet16Cards;

describe('sweet16 accessors', () => {
  it('players, phase, actionCount and describeTurn follow the game', () => {
    const s = setupWith(3, { A1: 'X1', B1: '9C', C1: 'KH', D1: '7D' });
    expect(sweet16.players(s)).toBe(3);
    expect(sweet16.phase(s)).toBe('flip');
    expect(sweet16.actionCount(s)).toBe(0);
    expect(sweet16.describeTurn(s)).toBe('Seat 0 to flip a card');
    act(s, 0, 'flip A1');
    expect(sweet16.phase(s)).toBe('joker');
    expect(sweet16.describeTurn(s)).toBe("Seat 0 to declare the Joker's value");
    reject(s, 0, 'joker 14', 'bad_joker_value'); // a rejected action is not counted
    act(s, 0, 'joker 3');
    act(s, 0, 'flip B1'); // 12: a clique is allowed
    expect(sweet16.describeTurn(s)).toBe('Seat 0 to flip a card or stop');
    act(s, 0, 'flip C1'); // 25: lose face
    expect(sweet16.actionCount(s)).toBe(4);
    expect(sweet16.describeTurn(s)).toBe('Seat 1 to flip a card');
    const over = setupWith(2, { A1: 'KH', B1: 'KC' }, { turnLimit: 1 });
    act(over, 0, 'flip A1');
    act(over, 0, 'flip B1');
    expect(sweet16.phase(over)).toBe('over');
    expect(sweet16.describeTurn(over)).toBe('Game over');
    const duel = setupWith(2, { A1: '10C', B1: '6D' }, { mode: 'duel' });
    expect(sweet16.phase(duel)).toBe('tryst');
    expect(sweet16.describeTurn(duel)).toBe('Seat 0 to score a tryst');
  });

  it('the scoring phases say what is decided, and how many spade looks are left', () => {
    const s = setupWith(2, { A1: '10S', B1: '6C', C1: '2D' });
    act(s, 0, 'flip A1');
    act(s, 0, 'flip B1');
    expect(sweet16.describeTurn(s)).toBe('Seat 0 to put a card back');
    act(s, 0, 'back B1');
    expect(sweet16.describeTurn(s)).toBe('Seat 0 to activate a card or skip');
    act(s, 0, 'activate A1');
    expect(sweet16.describeTurn(s)).toBe('Seat 0 to look at a card (spade, 3 left)');
    act(s, 0, 'look C1');
    expect(sweet16.describeTurn(s)).toBe('Seat 0 to look at a card (spade, 2 left)');
  });
});

describe('sweet16 setup events and the chance outcome', () => {
  it('setup reports the grid it laid, with the shuffle as its chance outcome', () => {
    const { s, events } = setupEvents({ players: 2, seed: 'laid' });
    expect(types(events)).toEqual(['grid_laid', 'turn']);
    const [laid, turn] = events as [Events[number], Events[number]];
    expect(laid.all).toMatchObject({ type: 'grid_laid', mode: 'base', cols: 9, rows: 6, outOfPlay: 0 });
    expect(laid.all).toMatchObject({ grid: view(s, null).grid }); // all face down
    expect(laid.reveals).toBeUndefined(); // a face-down grid shows nobody anything
    expect(laid.chance).toHaveLength(54);
    expect(new Set(laid.chance)).toEqual(new Set(sweet16.cards(s)));
    expect(turn).toEqual({ all: { type: 'turn', seat: 0, turn: 1 } });
    // The chance outcome is a stacked deck: fed back as one, it lays the same grid.
    const again = sweet16.setup({ players: 2, seed: 'other', deck: laid.chance! });
    expect(again.ok && again.value.cells).toEqual(s.cells);
  });

  it('the duel lays its grid face up: the event shows it and reveals; 3 cards stay out of play', () => {
    const { s, events } = setupEvents({ players: 2, seed: 'laid', options: { mode: 'duel' } });
    const laid = events[0]!;
    expect(laid.reveals).toBe(true);
    expect(laid.all).toMatchObject({ type: 'grid_laid', mode: 'duel', cols: 7, rows: 7, outOfPlay: 3 });
    expect(laid.all).toMatchObject({ grid: view(s, 0).grid });
    expect(laid.chance).toHaveLength(52);
    const out = laid.chance!.slice(49);
    expect(sweet16.hiddenCards(s, 0).sort()).toEqual([...out].sort());
    expect(JSON.stringify(laid.all)).not.toMatch(new RegExp(`"(${out.join('|')})"`));
  });

  it('a recorded outcome replaces what the generator drew, which still runs as before', () => {
    const first = setupEvents({ players: 3, seed: 'one' });
    const chance = first.events[0]!.chance!;
    // Same seed: the very same state.
    const same = sweet16.setup({ players: 3, seed: 'one', chance: [chance] });
    expect(same.ok && saved(same.value)).toBe(saved(first.s));
    // Another seed: the recorded grid, and the generator where that seed's shuffle leaves it.
    const other = sweet16.setup({ players: 3, seed: 'two', chance: [chance] });
    const plain = sweet16.setup({ players: 3, seed: 'two' });
    if (!other.ok || !plain.ok) throw new Error('setup failed');
    expect(other.value.cells).toEqual(first.s.cells);
    expect(other.value.rng.state()).toEqual(plain.value.rng.state());
    // A stacked deck leaves the generator there too, so a record that replays a stacked game
    // through its recorded outcome (GameSession, undo) reaches the very same state.
    const stacked = sweet16.setup({ players: 3, seed: 'two', deck: chance });
    expect(stacked.ok && saved(stacked.value)).toBe(saved(other.value));
    // A partial outcome: the listed cards first, the rest in the order the generator drew them.
    const partial = sweet16.setup({ players: 3, seed: 'two', chance: [['KH', 'X1']] });
    if (!partial.ok) throw new Error(partial.error.message);
    const drawn = [...plain.value.cells].filter((c) => c !== 38 && c !== 52);
    expect([...partial.value.cells]).toEqual([38, 52, ...drawn]); // KH is card 38, X1 is 52
  });

  it('a bad recorded outcome can never corrupt the state: unknown, repeated and foreign cards are ignored', () => {
    const junk = ['ZZ', 'KH', 'kh', '', 'KH', 'X1', '10D'];
    const base = sweet16.setup({ players: 2, seed: 's', chance: [junk, ['more', 'entries']] });
    expect(base.ok && sweet16.verify(base.value)).toBeNull();
    expect(base.ok && sweet16.view(base.value, null).inGrid).toBe(54);
    const duel = sweet16.setup({ players: 2, seed: 's', options: { mode: 'duel' }, chance: [junk] });
    if (!duel.ok) throw new Error(duel.error.message);
    expect(sweet16.verify(duel.value)).toBeNull();
    expect(sweet16.cards(duel.value)).not.toContain('X1'); // no Jokers in the duel, whatever is listed
    expect(view(duel.value, 0).grid[0]!.slice(0, 2)).toEqual(['KH', '10D']);
    const both = sweet16.setup({ players: 2, seed: 's', deck: ['KH'], chance: [['KH']] });
    expect(both.ok ? null : both.error.code).toBe('invalid_deck');
  });

  it('setup checks the config first: no seed, a non-integer player count', () => {
    const noSeed = sweet16.setup({ players: 2 } as unknown as { players: number; seed: string });
    expect(noSeed.ok ? null : noSeed.error.code).toBe('invalid_seed');
    const notObject = sweet16.setup(null as unknown as { players: number; seed: string });
    expect(notObject.ok ? null : notObject.error.code).toBe('invalid_setup');
  });
});

describe('sweet16 events: one per happening, with what each viewer sees', () => {
  it('a flip shows the card to everybody and reveals; the busting flip is followed by lose face', () => {
    const s = setupWith(2, { A1: 'KH', B1: '5C' });
    const first = act(s, 0, 'flip A1');
    expect(first).toEqual([{ all: { type: 'flip', seat: 0, pos: 'A1', card: 'KH' }, reveals: true }]);
    const e = act(s, 0, 'flip B1');
    expect(e).toEqual([
      { all: { type: 'flip', seat: 0, pos: 'B1', card: '5C' }, reveals: true },
      { all: { type: 'lose_face', seat: 0, total: 18, cells: ['A1', 'B1'] } },
      { all: { type: 'turn', seat: 1, turn: 2 } },
    ]);
  });

  it('a private look is one event: the position for all, the card for the looker alone', () => {
    const s = setupWith(3, { A1: '10S', B1: '6C', C1: 'KD' });
    act(s, 0, 'flip A1');
    act(s, 0, 'flip B1');
    act(s, 0, 'back B1');
    const activated = act(s, 0, 'activate A1');
    expect(activated).toEqual([{ all: { type: 'activate', seat: 0, pos: 'A1', card: '10S' } }]);
    const e = act(s, 0, 'look C1');
    const look: Sweet16Event = { type: 'look', seat: 0, pos: 'C1', power: 'spade' };
    expect(e).toEqual([{ all: look, seats: { 0: { ...look, card: 'KD' } }, reveals: true }]);
    expect(eventsFor(e, 0)).toEqual([{ ...look, card: 'KD' }]);
    for (const viewer of [1, 2, null]) expect(eventsFor(e, viewer)).toEqual([look]);
  });

  it('choices that show nothing new do not reveal: joker, stop, put back, activate, skip, steal', () => {
    const s = setupWith(2, { A1: 'X1', B1: '9D', C1: '7C', D1: '9C', E1: '7H' });
    act(s, 0, 'flip A1');
    const joker = act(s, 0, 'joker 1');
    expect(joker).toEqual([{ all: { type: 'joker', seat: 0, pos: 'A1', card: 'X1', value: 1 } }]);
    act(s, 0, 'flip B1');
    const stop = act(s, 0, 'stop');
    expect(stop[0]).toEqual({ all: { type: 'clique', seat: 0, cells: ['A1', 'B1'], total: 10 } });
    act(s, 1, 'flip D1');
    act(s, 1, 'flip E1'); // 16: a tryst, which dissolves seat 0's clique after the scoring
    const rest = [...act(s, 1, 'back E1'), ...act(s, 1, 'skip')];
    expect(types(rest)).toEqual(['put_back', 'no_activation', 'banked', 'clique_dissolved', 'turn']);
    expect(rest.find((x) => x.all?.type === 'clique_dissolved')!.all).toEqual({
      type: 'clique_dissolved',
      seat: 0,
      cells: ['A1', 'B1'],
    });
    for (const x of [...joker, ...stop, ...rest]) expect(x.reveals).toBeUndefined();
    for (const x of [...joker, ...stop, ...rest]) expect(x.seats).toBeUndefined();
  });

  it('the game ends with an event naming the scores and the winner', () => {
    const s = setupWith(2, { A1: 'KH', B1: 'KC' }, { turnLimit: 1 });
    act(s, 0, 'flip A1');
    const e = act(s, 0, 'flip B1');
    expect(e.at(-1)).toEqual({ all: { type: 'game_over', scores: [0, 0], winners: [0] } });
  });
});

describe('sweet16 errors', () => {
  it('wrong_phase says what is due now, not what was attempted', () => {
    const s = setupWith(2, { A1: 'X1', B1: '10D', C1: '6C', D1: '5H' });
    const message = (text: string): string => {
      const a = sweet16.parseAction(text);
      if (!a.ok) throw new Error(a.error.message);
      const e = sweet16.applyInPlace(s, s.toPlay, a.value);
      expect(e?.code, text).toBe('wrong_phase');
      return e!.message;
    };
    for (const text of ['back A1', 'activate A1', 'skip', 'steal 7D', 'look B1'])
      expect(message(text)).toBe('You must first flip a face-down card ("flip B3").');
    act(s, 0, 'flip A1');
    for (const text of ['flip B1', 'stop', 'steal 7D'])
      expect(message(text)).toBe('You must first declare the Joker\'s value ("joker 1" to "joker 13").');
    act(s, 0, 'joker 6');
    act(s, 0, 'flip B1'); // 16
    expect(message('steal 7D')).toBe('You must first choose the card to put back ("back B3").');
    act(s, 0, 'back A1');
    expect(message('look C1')).toBe(
      'You must first activate one of the cards being scored ("activate B3") or "skip".',
    );
    const d = setupWith(2, { A1: '10C', B1: '6D', C1: '8H' }, { mode: 'duel' });
    const duelMessage = (text: string): string => {
      const a = sweet16.parseAction(text);
      if (!a.ok) throw new Error(a.error.message);
      return sweet16.applyInPlace(d, d.toPlay, a.value)!.message;
    };
    for (const text of ['take A1', 'bury A1', 'skip', 'steal 7D', 'activate A1'])
      expect(duelMessage(text)).toBe(
        'You must first declare a tryst along one of your lines ("tryst A3 C3"), or "pass" if you have none.',
      );
    act(d, 0, 'tryst A1 B1');
    for (const text of ['pass', 'tryst A1 B1', 'take C1'])
      expect(duelMessage(text)).toBe(
        'You must first activate one of the cards being scored ("activate B3") or "skip".',
      );
  });

  it('parseAction of anything but a string is malformed_action, never a throw', () => {
    for (const junk of [5, null, undefined, {}, ['flip B3'], Object.create(null) as object, Symbol('x')]) {
      const r = sweet16.parseAction(junk as unknown as string);
      expect(r.ok ? null : r.error.code).toBe('malformed_action');
    }
  });
});

describe('sweet16 undo', () => {
  it('a choice that revealed nothing can be taken back by its seat; a flip or a look cannot', () => {
    const deck = deckFor({ A1: '10S', B1: '6C', C1: 'KD' });
    const started = GameSession.start(sweet16, { players: 2, seed: 'u', deck });
    if (!started.ok) throw new Error(started.error.message);
    const { session } = started.value;
    const play = (text: string) => {
      const a = sweet16.parseAction(text);
      if (!a.ok) throw new Error(a.error.message);
      const r = session.act(session.state.toPlay, a.value);
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    };
    expect(play('flip A1').revealed).toBe(true);
    expect(session.undoRefusal(0)?.code).toBe('undo_after_reveal');
    play('flip B1');
    const before = saved(session.state);
    expect(play('back B1').revealed).toBe(false);
    expect(session.undoRefusal(1)?.code).toBe('not_your_action');
    expect(session.undo(0).ok).toBe(true);
    expect(saved(session.state)).toBe(before);
    expect(sweet16.actionCount(session.state)).toBe(2);
    play('back B1');
    play('activate A1');
    expect(play('look C1').revealed).toBe(true);
    expect(session.undoRefusal(0)?.code).toBe('undo_after_reveal');
  });
});

describe('sweet16 determinize: a function of what the seat knows and of rng only', () => {
  it('states that differ only in what the seat did not see give the same sample', () => {
    // Two worlds that seat 0 cannot tell apart: two face-down cards it never saw are swapped.
    const a = setupWith(3, { A1: '10S', B1: '6C', C1: 'KD', D1: '2C', E1: '5H', F1: 'QC' });
    for (const t of ['flip A1', 'flip B1', 'back B1', 'activate A1', 'look C1', 'look D1', 'look E1'])
      act(a, 0, t);
    // Seat 0 (the looker) saw C1, D1, E1; seat 1 did not. Swap C1 and F1 (seat 1 saw neither).
    const c1 = posIndex('C1');
    const f1 = posIndex('F1');
    const b = edit(a, (j) => {
      const cells = j.cells as number[];
      const place = j.place as number[];
      [cells[c1], cells[f1]] = [cells[f1]!, cells[c1]!];
      place[cells[c1]] = c1;
      place[cells[f1]] = f1;
    });
    expect(view(b, 1)).toEqual(view(a, 1));
    expect(saved(b)).not.toBe(saved(a));
    for (const seed of ['x', 'y', 'z']) {
      const da = sweet16.determinize(a, 1, Rng.fromSeed(seed));
      const db = sweet16.determinize(b, 1, Rng.fromSeed(seed));
      expect(saved(db)).toBe(saved(da));
      // Sampling a sample gives the same as sampling the real state.
      expect(saved(sweet16.determinize(da, 1, Rng.fromSeed(seed)))).toBe(saved(da));
    }
    // For seat 0, who saw C1, the two worlds differ: its samples keep what it saw.
    const d0a = sweet16.determinize(a, 0, Rng.fromSeed('x'));
    const d0b = sweet16.determinize(b, 0, Rng.fromSeed('x'));
    expect(d0a.cells[c1]).not.toBe(d0b.cells[c1]);
    expect(d0a.cells[c1]).toBe(a.cells[c1]);
  });

  it("a sample never carries another seat's real memory: the cards it looked at are redealt", () => {
    const s = setupWith(3, { A1: '10S', B1: '6C', C1: 'KD', D1: '2C', E1: '5H' }, { memoryAid: true });
    for (const t of ['flip A1', 'flip B1', 'back B1', 'activate A1', 'look C1', 'look D1', 'look E1'])
      act(s, 0, t);
    expect(view(s, 0).memory).toMatchObject({ C1: { card: 'KD' } });
    const rng = Rng.fromSeed('memories');
    const seenBySeat0 = new Set<string>();
    for (let k = 0; k < 100; k++) {
      const d = sweet16.determinize(s, 1, rng);
      expect(sweet16.verify(d)).toBeNull();
      expect(view(d, 1)).toEqual(view(s, 1));
      // Seat 0 still remembers having seen C1 (public: everybody watched it look there), but
      // what it remembers is the sampled card.
      const memory = view(d, 0).memory!;
      expect(memory.C1!.card).toBe(CARD_NAMES[d.cells[posIndex('C1')]!]);
      expect(sweet16.cards(d)).toHaveLength(54);
      seenBySeat0.add(memory.C1!.card);
      expect(view(d, 0).memory!.B1).toEqual({ card: '6C', turn: 1 }); // the put-back card, seen by all
    }
    expect(seenBySeat0.size).toBeGreaterThan(20);
  });

  it('keeps the public record and what the seat saw; spectators remember public sightings only', () => {
    const s = setupWith(2, { A1: '7C', B1: '8C', C1: 'AD', D1: '5H', G1: 'KS', H1: 'QS' });
    act(s, 0, 'flip G1');
    act(s, 0, 'flip H1'); // lose face: everybody saw KS and QS
    act(s, 1, 'flip A1');
    act(s, 1, 'flip B1');
    act(s, 1, 'flip C1'); // 16
    act(s, 1, 'back A1'); // everybody saw 7C go back
    act(s, 1, 'skip');
    const d = sweet16.determinize(s, 0, Rng.fromSeed('p'));
    for (const p of ['A1', 'G1', 'H1']) expect(d.cells[posIndex(p)]).toBe(s.cells[posIndex(p)]);
    for (const card of ['KS', 'QS', '7C']) expect(sweet16.hiddenCards(s, null)).not.toContain(card);
    expect(sweet16.hiddenCards(s, null)).toContain('5H'); // never shown
    expect(sweet16.serialize(d).publicAt).toEqual(sweet16.serialize(s).publicAt);
    expect(sweet16.serialize(d).seenAt).toEqual(sweet16.serialize(s).seenAt);
  });
});
