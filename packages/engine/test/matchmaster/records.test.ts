/**
 * MatchMaster records, saves, chance outcomes and undo (issue 9 sections 1-3): the accessors of
 * contract v2, saves of version 1 migrating to 2, records of format 1 and 2 replaying, the
 * recorded deals deciding a replay whatever the seed, and taking back a secret bid (MM-4).
 *
 * The fixtures in test/fixtures/matchmaster-*.json were written by the engine before contract v2
 * (save version 1, record format 1) and must keep loading.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type {
  GameEvent,
  GameRecord,
  GameResult,
  JsonObject,
  MatchMasterEvent,
  MatchMasterState,
  MatchMasterView,
} from '../../src/index.ts';
import { GameSession, Rng, eventsFor, matchmaster as game, parseRecord, replay } from '../../src/index.ts';

const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8')) as T;

interface SaveFixture {
  moves: number;
  save: JsonObject;
  view0: MatchMasterView;
  legal: Record<string, string[]>;
}
interface RecordFixture {
  record: JsonObject & { moves: { seat: number; action: string }[] };
  result: GameResult;
  finalView: MatchMasterView;
  finalSave: JsonObject;
}

const snapshot = (s: MatchMasterState): string => JSON.stringify(game.serialize(s));

function newGame(players: number, seed: string, options: JsonObject = {}): MatchMasterState {
  const r = game.setup({ players, seed, options });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Plays random legal actions to the end (or `steps` actions), checking every state. */
function playOn(s: MatchMasterState, rng: Rng, steps = Infinity): void {
  for (let i = 0; i < steps && !game.isOver(s); i++) {
    const seats = game.toAct(s);
    const seat = seats[rng.int(seats.length)]!;
    const acts = game.legalActions(s, seat);
    expect(game.applyInPlace(s, seat, acts[rng.int(acts.length)])).toBeNull();
    expect(game.verify(s)).toBeNull();
  }
}

/** A whole game through a session, random legal actions; returns the session. */
function sessionGame(players: number, seed: string, options: JsonObject = {}): GameSession<MatchMasterState> {
  const started = GameSession.start(game, { players, seed, options });
  if (!started.ok) throw new Error(started.error.message);
  const { session } = started.value;
  const rng = Rng.fromSeed(`pick:${seed}`);
  while (!game.isOver(session.state)) {
    const seats = game.toAct(session.state);
    const seat = seats[rng.int(seats.length)]!;
    const acts = game.legalActions(session.state, seat);
    expect(session.act(seat, acts[rng.int(acts.length)]).ok).toBe(true);
  }
  return session;
}

const allViews = (s: MatchMasterState): string =>
  JSON.stringify([null, ...Array.from({ length: game.players(s) }, (_, q) => q)].map((v) => game.view(s, v)));

describe('matchmaster contract v2 accessors', () => {
  it('players, phase, actionCount and describeTurn follow the game', () => {
    const s = newGame(4, 'accessors', { handSizes: [2, 1] });
    expect(game.players(s)).toBe(4);
    expect(game.phase(s)).toBe('bid');
    expect(game.actionCount(s)).toBe(0);
    expect(game.describeTurn(s)).toBe('Seats 0, 1, 2 and 3 to bid');
    expect(game.applyInPlace(s, 1, { type: 'bid', bid: 0 })).toBeNull();
    expect(game.applyInPlace(s, 2, { type: 'bid', bid: 0 })).toBeNull();
    expect(game.describeTurn(s)).toBe('Seats 0 and 3 to bid');
    expect(game.applyInPlace(s, 2, { type: 'bid', bid: 0 })?.code).toBe('already_bid');
    expect(game.actionCount(s)).toBe(2); // a refused action is not counted
    expect(game.applyInPlace(s, 0, { type: 'bid', bid: 0 })).toBeNull();
    expect(game.describeTurn(s)).toBe('Seat 3 to bid');
    expect(game.applyInPlace(s, 3, { type: 'bid', bid: 0 })).toBeNull();
    expect(game.phase(s)).toBe('play');
    expect(game.describeTurn(s)).toBe('Seat 1 to lead a card'); // MM-3: the seat after the dealer
    playOn(s, Rng.fromSeed('a'), 1);
    expect(game.describeTurn(s)).toBe('Seat 2 to play a card');
    playOn(s, Rng.fromSeed('a'));
    expect(game.phase(s)).toBe('over');
    expect(game.describeTurn(s)).toBe('Game over');
    expect(game.actionCount(s)).toBe(4 * 3 + 4 * 2); // bids and cards of both hands
    expect(game.view(s, null).phase).toBe(game.phase(s));
  });

  it('setup reports the first deal as one event: everybody sees the numbers, each seat its cards', () => {
    const events: GameEvent<MatchMasterEvent>[] = [];
    const r = game.setup({ players: 3, seed: 'first-deal', options: { handSizes: [4] } }, events);
    if (!r.ok) throw new Error(r.error.message);
    expect(events).toHaveLength(1);
    const [deal] = events;
    const base = { type: 'hand_dealt', hand: 1, handSize: 4, dealer: 0, leader: 1 };
    expect(deal!.all).toEqual(base);
    expect(deal!.reveals).toBe(true);
    expect(eventsFor(events, null)).toEqual([base]);
    for (let q = 0; q < 3; q++)
      expect(eventsFor(events, q)).toEqual([{ ...base, cards: game.view(r.value, q).myHand }]);
    // The chance outcome is the deal order: the leader's block first, then the next seats'.
    const order = deal!.chance!;
    expect(order).toHaveLength(12);
    for (let i = 0; i < 3; i++)
      expect([...order.slice(4 * i, 4 * i + 4)].sort()).toEqual(
        [...game.view(r.value, (1 + i) % 3).myHand!].sort(),
      );
  });
});

describe('matchmaster chance outcomes', () => {
  it('a recorded deal order replays the deal exactly, the generator included', () => {
    const events: GameEvent<MatchMasterEvent>[] = [];
    const r = game.setup({ players: 4, seed: 'chance' }, events);
    if (!r.ok) throw new Error(r.error.message);
    const again = game.setup({ players: 4, seed: 'chance', chance: [events[0]!.chance!] });
    if (!again.ok) throw new Error(again.error.message);
    expect(snapshot(again.value)).toBe(snapshot(r.value));
    // With another seed, the recorded order still decides the cards; only the generator differs.
    const other = game.setup({ players: 4, seed: 'another', chance: [events[0]!.chance!] });
    if (!other.ok) throw new Error(other.error.message);
    for (let q = 0; q < 4; q++) expect(game.view(other.value, q)).toEqual(game.view(r.value, q));
    expect(snapshot(other.value)).not.toBe(snapshot(r.value));
  });

  it('a stacked deck draws from the generator as a shuffled deal would, so later hands are the same', () => {
    const events: GameEvent<MatchMasterEvent>[] = [];
    const plain = game.setup({ players: 3, seed: 'deck-draws', options: { handSizes: [2, 3] } }, events);
    const stacked = game.setup({
      players: 3,
      seed: 'deck-draws',
      deck: events[0]!.chance!,
      options: { handSizes: [2, 3] },
    });
    if (!plain.ok || !stacked.ok) throw new Error('setup failed');
    expect(snapshot(stacked.value)).toBe(snapshot(plain.value));
  });

  it('bad entries in a chance outcome are skipped and never corrupt the state', () => {
    const r = game.setup({
      players: 2,
      seed: 'bad-chance',
      options: { handSizes: [3, 2] },
      chance: [['do14', 'lo1', 'lo1', 'zz', '', 'LB13 '], ['nothing']],
    });
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value;
    expect(game.verify(s)).toBeNull();
    // Seat 1 leads and gets the first block: lo1, lb13, then the generator's first card.
    expect(game.view(s, 1).myHand).toContain('lo1');
    expect(game.view(s, 1).myHand).toContain('lb13');
    playOn(s, Rng.fromSeed('bad'));
    expect(game.result(s)).not.toBeNull();
  });

  it('deck and chance together are refused; the queue left is saved, and determinize drops it', () => {
    const both = game.setup({ players: 2, seed: 'x', deck: ['do1'], chance: [['do1']] });
    expect(both.ok).toBe(false);
    if (!both.ok) expect(both.error.code).toBe('invalid_deck');
    const source = sessionGame(3, 'queue', { handSizes: [1, 2, 1] }).record();
    const chance = [...source.chance!, ...source.moves.flatMap((m) => m.chance ?? [])];
    expect(chance).toHaveLength(3);
    const r = game.setup({ players: 3, seed: 'queue', options: { handSizes: [1, 2, 1] }, chance });
    if (!r.ok) throw new Error(r.error.message);
    const saved = game.serialize(r.value);
    expect(saved.chance).toEqual(chance.slice(1)); // the first deal used its entry
    const loaded = game.deserialize(JSON.parse(JSON.stringify(saved)));
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(snapshot(loaded.value)).toBe(snapshot(r.value));
    expect(game.clone(r.value).chance).toBe(r.value.chance); // shared, never copied
    const sample = game.determinize(r.value, 0, Rng.fromSeed('d'));
    expect(game.serialize(sample).chance).toBeUndefined();
    expect(game.deserialize({ ...saved, chance: [[1]] }).ok).toBe(false);
  });
});

describe('matchmaster saves', () => {
  const fix = fixture<SaveFixture>('matchmaster-v1-save.json');

  it('a version 1 save (before contract v2) loads through the migration and plays on', () => {
    expect(fix.save.version).toBe(1);
    const loaded = game.deserialize(structuredClone(fix.save));
    if (!loaded.ok) throw new Error(loaded.error.message);
    const s = loaded.value;
    expect(game.actionCount(s)).toBe(fix.moves); // derived from hands played, bids and plays
    expect(game.view(s, 0)).toEqual(fix.view0);
    const legal = Object.fromEntries(
      game.toAct(s).map((seat) => [seat, game.legalActions(s, seat).map((a) => game.formatAction(a))]),
    );
    expect(legal).toEqual(fix.legal);
    const saved = game.serialize(s);
    expect(saved.version).toBe(2);
    expect(saved.actions).toBe(fix.moves);
    // Apart from the new fields, the state is the one that was saved.
    const { version: _v, actions: _a, ...rest } = saved;
    const { version: _w, ...old } = fix.save;
    expect(rest).toEqual(old);
    const moves = game.actionCount(s);
    playOn(s, Rng.fromSeed('on'));
    expect(game.result(s)).not.toBeNull();
    expect(game.actionCount(s)).toBeGreaterThan(moves);
  });

  it('a session goes on from a version 1 save and its record replays', () => {
    const from = GameSession.fromSave(game, structuredClone(fix.save));
    if (!from.ok) throw new Error(from.error.message);
    const session = from.value;
    const rng = Rng.fromSeed('session-on');
    for (let i = 0; i < 30; i++) {
      const seats = game.toAct(session.state);
      const seat = seats[rng.int(seats.length)]!;
      const acts = game.legalActions(session.state, seat);
      expect(session.act(seat, acts[rng.int(acts.length)]).ok).toBe(true);
    }
    const replayed = replay(game, JSON.parse(JSON.stringify(session.record())) as GameRecord);
    if (!replayed.ok) throw new Error(replayed.error.message);
    expect(snapshot(replayed.value as MatchMasterState)).toBe(snapshot(session.state));
  });

  it('a save of an unknown version, of another game or not migratable is refused', () => {
    for (const bad of [
      { ...fix.save, version: 3 },
      { ...fix.save, version: 0 },
      { ...fix.save, version: '1' },
      { ...fix.save, game: 'sweet16' },
      { game: 'matchmaster', version: 1 },
      { ...fix.save, handIndex: 13 },
    ]) {
      const r = game.deserialize(bad);
      expect(r.ok, JSON.stringify({ ...bad, history: undefined }).slice(0, 80)).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('invalid_state');
    }
    const three = game.deserialize({ ...fix.save, version: 3 });
    if (!three.ok) expect(three.error.message).toMatch(/unsupported version 3/);
    const other = game.deserialize({ ...fix.save, game: 'sweet16' });
    if (!other.ok) expect(other.error.message).toMatch(/wrong game/);
  });

  it('a version 2 save whose action count disagrees with its history is refused', () => {
    const s = newGame(3, 'count');
    playOn(s, Rng.fromSeed('count'), 10);
    const saved = game.serialize(s);
    expect(game.deserialize(saved).ok).toBe(true);
    for (const actions of [9, 11, -1, 1.5]) expect(game.deserialize({ ...saved, actions }).ok).toBe(false);
  });
});

describe('matchmaster records', () => {
  const fix = fixture<RecordFixture>('matchmaster-record-v1.json');

  it('a format 1 record (before contract v2) replays to the same result, views and state', () => {
    expect(fix.record.format).toBeUndefined();
    const parsed = parseRecord(fix.record);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.format).toBe(2);
    for (const record of [fix.record as unknown as GameRecord, parsed.value]) {
      const r = replay(game, record);
      if (!r.ok) throw new Error(`${r.error.message} at ${r.error.at}`);
      const s = r.value as MatchMasterState;
      expect(game.result(s)).toEqual(fix.result);
      expect(game.view(s, null)).toEqual(fix.finalView);
      expect(game.actionCount(s)).toBe(fix.record.moves.length);
      // The final state saved then (version 1) is, migrated, exactly the state replayed now.
      const then = game.deserialize(fix.finalSave);
      if (!then.ok) throw new Error(then.error.message);
      expect(snapshot(s)).toBe(snapshot(then.value));
    }
  });

  it('a record labelled as another game is refused with wrong_game', () => {
    for (const record of [
      { ...fix.record, game: 'sweet16' },
      { ...sessionGame(2, 'wrong').record(), game: 'match' },
    ]) {
      const r = replay(game, record as unknown as GameRecord);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('wrong_game');
    }
  });

  it('a format 2 record made by a session replays to the identical state, also after JSON', () => {
    const session = sessionGame(4, 'format-2');
    const record = JSON.parse(JSON.stringify(session.record())) as GameRecord;
    expect(record.format).toBe(2);
    expect(record.game).toBe('matchmaster');
    expect(record.chance).toHaveLength(1); // the first deal
    expect(record.moves.filter((m) => m.chance).length).toBe(12); // one per later hand
    const r = replay(game, record);
    if (!r.ok) throw new Error(r.error.message);
    expect(snapshot(r.value as MatchMasterState)).toBe(snapshot(session.state));
    const rebuilt = GameSession.fromRecord(game, record);
    if (!rebuilt.ok) throw new Error(rebuilt.error.message);
    expect(snapshot(rebuilt.value.state)).toBe(snapshot(session.state));
  });

  it('with a different seed the same record replays to the same views and scores: the recorded deals decide', () => {
    const session = sessionGame(4, 'seeded');
    const record = session.record();
    const r = replay(game, { ...record, seed: 'a different seed' });
    if (!r.ok) throw new Error(`${r.error.message} at ${r.error.at}`);
    const s = r.value as MatchMasterState;
    expect(allViews(s)).toBe(allViews(session.state));
    expect(game.result(s)).toEqual(game.result(session.state));
    expect(snapshot(s)).not.toBe(snapshot(session.state)); // the generator itself did differ
    // At every move, too: each prefix of the record gives the same views under either seed.
    const a = GameSession.fromRecord(game, { ...record, moves: record.moves.slice(0, 150) });
    const b = GameSession.fromRecord(game, { ...record, seed: 'other', moves: record.moves.slice(0, 150) });
    if (!a.ok || !b.ok) throw new Error('fromRecord failed');
    expect(allViews(b.value.state)).toBe(allViews(a.value.state));
    // Without the chance outcomes another seed deals other cards, and the moves no longer fit.
    const blind = replay(game, {
      ...record,
      seed: 'a different seed',
      moves: record.moves.map(({ seat, action }) => ({ seat, action })),
      chance: [],
    });
    expect(blind.ok && allViews(blind.value as MatchMasterState) === allViews(session.state)).toBe(false);
  });
});

describe('matchmaster undo (MM-4 secret bids)', () => {
  function started(): GameSession<MatchMasterState, MatchMasterEvent> {
    const r = GameSession.start(game, { players: 4, seed: 'undo', options: { handSizes: [3, 2] } });
    if (!r.ok) throw new Error(r.error.message);
    return r.value.session;
  }

  it('a seat may take back a bid that was not the last; undo gives back the exact earlier state', () => {
    const session = started();
    const first = session.act(2, { type: 'bid', bid: 1 });
    expect(first.ok && first.value.revealed).toBe(false);
    const before = snapshot(session.state);
    const acted = session.act(0, { type: 'bid', bid: 3 });
    expect(acted.ok && acted.value.revealed).toBe(false);
    expect(session.undoRefusal(0)).toBeNull();
    const undone = session.undo(0);
    expect(undone.ok && undone.value.action).toBe('bid 3');
    expect(snapshot(session.state)).toBe(before);
    expect(game.actionCount(session.state)).toBe(1);
    expect(game.view(session.state, 0).hasBid).toEqual([false, false, true, false]);
    // The seat bids again, differently, and the game goes on.
    expect(session.act(0, { type: 'bid', bid: 0 }).ok).toBe(true);
    expect(game.view(session.state, 0).bids[0]).toBe(0);
  });

  it('undo is refused once another seat has acted', () => {
    const session = started();
    session.act(1, { type: 'bid', bid: 1 });
    session.act(3, { type: 'bid', bid: 0 });
    const before = snapshot(session.state);
    const r = session.undo(1);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('not_your_action');
    expect(snapshot(session.state)).toBe(before);
  });

  it('undo is refused after the reveal: the last bid and every card played reveal', () => {
    const session = started();
    for (const seat of [0, 1, 2]) session.act(seat, { type: 'bid', bid: 1 });
    const last = session.act(3, { type: 'bid', bid: 2 });
    expect(last.ok && last.value.revealed).toBe(true);
    const r = session.undo(3);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('undo_after_reveal');
    const leader = game.toAct(session.state)[0]!;
    const card = session.act(leader, game.legalActions(session.state, leader)[0]);
    expect(card.ok && card.value.revealed).toBe(true);
    expect(session.undoRefusal(leader)?.code).toBe('undo_after_reveal');
  });
});
