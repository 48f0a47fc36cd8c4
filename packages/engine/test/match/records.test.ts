/**
 * MATCH! saves and records across engine changes (issue 9, section 2): a version-1 save and a
 * format-1 record written by the engine before contract v2 (test/fixtures/match-*), chance
 * outcomes that make a record independent of the generator, and the save migration.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GameEvent, GameRecord, JsonObject, Viewer } from '../../src/index.ts';
import { GameSession, Rng, chanceOf, parseRecord, replay, setupConfigOf } from '../../src/index.ts';
import type { MatchEvent, MatchState } from '../../src/games/match/index.ts';
import { match } from '../../src/games/match/index.ts';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'));

const saveV1 = fixture('match-save-v1.json') as JsonObject;
const recordV1 = fixture('match-record-format1.json') as {
  record: JsonObject & { moves: unknown[] };
  result: unknown;
  finalSave: JsonObject;
};

const stable = (v: unknown) => JSON.stringify(v);
const viewers = (players: number): Viewer[] => [null, ...Array.from({ length: players }, (_, s) => s)];
const allViews = (s: MatchState) => stable(viewers(s.players).map((v) => match.view(s, v)));

function loaded(json: unknown): MatchState {
  const r = match.deserialize(json);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function playOn(s: MatchState, seed: string, maxSteps = 5000): number {
  const rng = Rng.fromSeed(seed);
  let steps = 0;
  while (!match.isOver(s) && steps < maxSteps) {
    const seat = match.toAct(s)[0]!;
    const legal = match.legalActions(s, seat);
    expect(match.applyInPlace(s, seat, legal[rng.int(legal.length)])).toBeNull();
    steps++;
  }
  return steps;
}

describe('MATCH! saves: version 1 migrates to version 2', () => {
  it('a version-1 save written before contract v2 loads, shows the same game and plays on to the end', () => {
    expect(saveV1.version).toBe(1);
    const s = loaded(saveV1);
    const v = match.view(s, 0);
    expect(v.round).toBe(saveV1.round);
    expect(v.pile.join(' ')).toBe(saveV1.pile);
    expect(v.myHand?.join(' ')).toBe((saveV1.hands as string[])[0]);
    expect(v.wildOnTop).toBe(true); // the fixture was taken with a declaration on top (MA-7)
    expect(v.totals).toEqual(saveV1.totals);
    // Version 1 did not count earlier rounds' actions: the count starts at this round's turns.
    expect(match.actionCount(s)).toBe((saveV1.log as number[]).length);
    const saved = match.serialize(s);
    expect(saved.version).toBe(2);
    expect(saved.actions).toBe((saveV1.log as number[]).length);
    const { version: _a, actions: _b, ...rest2 } = saved;
    const { version: _c, ...rest1 } = saveV1;
    expect(rest2).toEqual(rest1); // nothing else changed
    const before = match.actionCount(s);
    const steps = playOn(s, 'v1-on');
    expect(match.isOver(s)).toBe(true);
    expect(match.verify(s)).toBeNull();
    expect(match.actionCount(s)).toBe(before + steps);
  });

  it('refuses a save of another game, of an unknown version, or a version 1 without its turn log', () => {
    const code = (json: unknown) => {
      const r = match.deserialize(json);
      return r.ok ? 'ok' : `${r.error.code}: ${r.error.message}`;
    };
    expect(code({ ...saveV1, game: 'matchmaster' })).toMatch(/^invalid_state: .*wrong game/);
    expect(code({ ...saveV1, version: 3 })).toMatch(/^invalid_state: .*unsupported version 3/);
    expect(code({ ...saveV1, version: 0 })).toMatch(/^invalid_state: .*unsupported version 0/);
    expect(code({ ...saveV1, version: '1' })).toMatch(/^invalid_state/);
    const { log: _log, ...noLog } = saveV1;
    expect(code(noLog)).toMatch(/^invalid_state: .*cannot upgrade version 1/);
    const current = match.serialize(loaded(saveV1));
    expect(code(current)).toBe('ok');
    expect(code({ ...current, actions: 2 })).toMatch(/^invalid_state/); // fewer than this round's turns
    expect(code({ ...current, actions: 1.5 })).toMatch(/^invalid_state/);
    expect(code({ ...current, chance: [['r1'], 3] })).toMatch(/^invalid_state: .*chance/);
  });
});

describe('MATCH! records: format 1 from before contract v2', () => {
  it('the format-1 record replays to the recorded result and final state (the draw order is kept)', () => {
    const parsed = parseRecord(recordV1.record);
    expect(parsed.ok).toBe(true);
    const r = replay(match, recordV1.record as unknown as GameRecord);
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value as MatchState;
    expect(match.isOver(s)).toBe(true);
    expect(match.result(s)).toEqual(recordV1.result);
    expect(match.actionCount(s)).toBe(recordV1.record.moves.length);
    // The final state saved by the old engine, migrated, is the replayed state (bar the counter,
    // which version 1 did not keep).
    const { actions: _x, ...final } = match.serialize(loaded(recordV1.finalSave));
    const { actions: _y, ...replayed } = match.serialize(s);
    expect(replayed).toEqual(final);
  });

  it('replay refuses the same record labelled as another game', () => {
    const r = replay(match, { ...recordV1.record, game: 'sweet16' } as unknown as GameRecord);
    expect(r.ok ? 'ok' : r.error.code).toBe('wrong_game');
  });
});

describe('MATCH! records: format 2 with chance outcomes', () => {
  /**
   * Eight players (small decks, so MA-8 reshuffles happen) and a stacked first deck whose turned-up
   * card is a wildcard (so an MA-3 reshuffle happens at setup).
   */
  function session(seed: string, moves: number) {
    const deck = Array.from({ length: 40 }, (_, i) => `${'rygbp'[i % 5]}${Math.floor(i / 5) % 6}`);
    deck.push('W'); // position 40: turned up, goes back, the deck is reshuffled (MA-3)
    const started = GameSession.start(match, { players: 8, seed, options: { target: 1000 }, deck });
    if (!started.ok) throw new Error(started.error.message);
    const { session: game, events: setupEvents } = started.value;
    const views = [allViews(game.state)];
    const events: GameEvent<MatchEvent>[][] = [setupEvents];
    const rng = Rng.fromSeed(`moves:${seed}`);
    for (let i = 0; i < moves && !match.isOver(game.state); i++) {
      const seat = match.toAct(game.state)[0]!;
      const legal = match.legalActions(game.state, seat);
      const applied = game.act(seat, legal[rng.int(legal.length)]);
      if (!applied.ok) throw new Error(applied.error.message);
      events.push(applied.value.events);
      views.push(allViews(game.state));
    }
    return { game, views, events: events.flat() };
  }

  it('a record from GameSession replays to the identical state, generator included', () => {
    const { game, events } = session('fmt2', 700);
    // The record holds every kind of chance outcome: the deals, the MA-3 and the MA-8 reshuffles.
    expect(events.some((e) => e.all === null && e.chance)).toBe(true);
    expect(events.some((e) => e.all?.type === 'reshuffled' && e.chance)).toBe(true);
    expect(events.filter((e) => e.all?.type === 'round_dealt').length).toBeGreaterThan(1);
    const record = JSON.parse(JSON.stringify(game.record())) as unknown;
    const parsed = parseRecord(record);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.chance).toHaveLength(2); // the deal and the MA-3 reshuffle
    const r = replay(match, parsed.value);
    if (!r.ok) throw new Error(r.error.message);
    expect(stable(match.serialize(r.value as MatchState))).toBe(stable(match.serialize(game.state)));
  });

  it('the same record with another seed (a stand-in for a changed generator) replays to the same views and scores', () => {
    const { game, views } = session('fmt2', 700);
    const record = { ...game.record(), seed: 'another generator altogether' };
    const config = setupConfigOf(record);
    const r = match.setup(config);
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value;
    expect(allViews(s)).toBe(views[0]);
    record.moves.forEach((m, i) => {
      const parsed = match.parseAction(m.action);
      if (!parsed.ok) throw new Error(parsed.error.message);
      expect(match.applyInPlace(s, m.seat, parsed.value)).toBeNull();
      expect(allViews(s), `after move ${i}`).toBe(views[i + 1]);
    });
    expect(match.serialize(s).rng).not.toEqual(match.serialize(game.state).rng);
    expect(match.serialize(s).hands).toEqual(match.serialize(game.state).hands);
    expect(match.serialize(s).deck).toEqual(match.serialize(game.state).deck);
    // Without the chance outcomes the other seed deals another game: the outcomes carry it.
    const bare = match.setup({ ...config, chance: [] });
    expect(bare.ok && allViews(bare.value)).not.toBe(views[0]);
  });

  it('undo: a stack discard reveals nothing and is taken back by replay; a collect reveals and is not', () => {
    const { game } = session('undo', 0);
    const rng = Rng.fromSeed('undo-moves');
    let undone = 0;
    let refused = 0;
    for (let i = 0; i < 400 && !match.isOver(game.state); i++) {
      const seat = match.toAct(game.state)[0]!;
      const legal = match.legalActions(game.state, seat);
      const action = legal[rng.int(legal.length)]!;
      const before = stable(match.serialize(game.state));
      const applied = game.act(seat, action);
      if (!applied.ok) throw new Error(applied.error.message);
      expect(applied.value.revealed, match.formatAction(action)).toBe(action.type !== 'discardStack');
      if (action.type === 'discardStack') {
        expect(game.undo(seat).ok).toBe(true);
        expect(stable(match.serialize(game.state))).toBe(before);
        undone++;
        expect(game.act(seat, action).ok).toBe(true);
      } else {
        expect(game.undoRefusal(seat)?.code).toBe('undo_after_reveal');
        refused++;
      }
    }
    expect(undone).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});

describe('MATCH! chance outcomes (SetupConfig.chance)', () => {
  const dealt = (seed: string, players = 3) => {
    const events: GameEvent<MatchEvent>[] = [];
    const r = match.setup({ players, seed }, events);
    if (!r.ok) throw new Error(r.error.message);
    return { s: r.value, events };
  };
  const withoutRng = (s: MatchState) => {
    const { rng: _rng, ...rest } = match.serialize(s);
    return rest;
  };

  it('imposes a recorded deal; the generator still runs exactly as without it', () => {
    const a = dealt('a');
    const chance = chanceOf(a.events);
    expect(chance).toHaveLength(1);
    const b = match.setup({ players: 3, seed: 'b', chance });
    if (!b.ok) throw new Error(b.error.message);
    expect(withoutRng(b.value)).toEqual(withoutRng(a.s));
    expect(match.serialize(b.value).rng).toEqual(match.serialize(dealt('b').s).rng);
    expect(match.verify(b.value)).toBeNull();
  });

  it('a partial or wrong entry never corrupts the state: unknown cards and extra copies are ignored', () => {
    const r = match.setup({
      players: 2,
      seed: 'x',
      chance: [['W', 'x9', 'W', 'W', 'W', 'W', 'W', 'r0', '', 'r0', 'r0', 'y5']],
    });
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value;
    expect(match.verify(s)).toBeNull();
    // Listed and present, in order: W W W W r0 | r0 y5; the fifth W, the third r0, x9 and '' are not.
    expect(match.view(s, 0).myHand).toEqual(['r0', 'W', 'W', 'W', 'W']);
    expect(match.view(s, 1).myHand).toContain('r0');
    expect(match.view(s, 1).myHand).toContain('y5');
    expect(match.view(s, 1).myHand).not.toContain('W');
  });

  it('a stacked deck is imposed like a recorded deal (the same order for the same seed)', () => {
    const deck = ['g1', 'g2', 'W', 'b5', 'b5', 'p0', 'p1', 'p2', 'p3', 'p4', 'r3'];
    const viaDeck = match.setup({ players: 2, seed: 'd', deck });
    const viaChance = match.setup({ players: 2, seed: 'd', chance: [deck] });
    if (!viaDeck.ok || !viaChance.ok) throw new Error('setup failed');
    expect(match.serialize(viaDeck.value)).toEqual(match.serialize(viaChance.value));
    const both = match.setup({ players: 2, seed: 'd', deck, chance: [deck] });
    expect(both.ok ? 'ok' : both.error.code).toBe('invalid_deck');
  });

  it('MA-3: a wildcard turned up: the deal says so, and the reshuffle is its own chance outcome', () => {
    const deck = ['r0', 'r1', 'r2', 'r3', 'r4', 'y0', 'y1', 'y2', 'y3', 'y4', 'W'];
    const events: GameEvent<MatchEvent>[] = [];
    const r = match.setup({ players: 2, seed: 'ma3', deck }, events);
    if (!r.ok) throw new Error(r.error.message);
    expect(events).toHaveLength(2);
    const [deal, reshuffle] = events;
    expect(deal!.all).toMatchObject({ type: 'round_dealt', wildcardsReturned: 1, deckSize: 53 });
    expect(deal!.chance).toHaveLength(64);
    expect(deal!.chance![10]).toBe('W');
    expect(reshuffle).toEqual({ all: null, chance: expect.any(Array) as unknown });
    expect(reshuffle!.chance).toHaveLength(54); // 53 left after the deal, and the wildcard back
    expect(reshuffle!.chance![0]).toBe(match.view(r.value, null).pile[0]);
    const again = match.setup({ players: 2, seed: 'other', chance: chanceOf(events) });
    if (!again.ok) throw new Error(again.error.message);
    expect(withoutRng(again.value)).toEqual(withoutRng(r.value));
  });

  it('MA-8: the reshuffled pile is a chance outcome, the new deck top first', () => {
    const { game } = (() => {
      const started = GameSession.start(match, { players: 8, seed: 'ma8', options: { target: 1000 } });
      if (!started.ok) throw new Error(started.error.message);
      return { game: started.value.session };
    })();
    const rng = Rng.fromSeed('ma8-moves');
    for (let i = 0; i < 3000; i++) {
      const seat = match.toAct(game.state)[0]!;
      const legal = match.legalActions(game.state, seat);
      const applied = game.act(seat, legal[rng.int(legal.length)]);
      if (!applied.ok) throw new Error(applied.error.message);
      const at = applied.value.events.findIndex((e) => e.all?.type === 'reshuffled');
      if (at < 0) continue;
      const reshuffled = applied.value.events[at]!;
      expect(reshuffled.reveals).toBeUndefined();
      const drew = applied.value.events[at + 1]!;
      expect(drew.all).toEqual({ type: 'drew', seat });
      // The drawer's own entry names the first card of the outcome.
      expect(drew.seats?.[seat]).toEqual({ type: 'drew', seat, card: reshuffled.chance![0] });
      return;
    }
    throw new Error('no MA-8 reshuffle in 3000 turns');
  });

  it('the queue is kept in saves and clones while some is left; determinize drops it', () => {
    const a = dealt('q');
    const extra = [['r1', 'r2'], ['y3']];
    const r = match.setup({ players: 3, seed: 'q', chance: [...chanceOf(a.events), ...extra] });
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value;
    expect(match.serialize(s).chance).toEqual(extra);
    const back = loaded(JSON.parse(JSON.stringify(match.serialize(s))));
    expect(match.serialize(back)).toEqual(match.serialize(s));
    expect(match.clone(s).chance).toBe(s.chance); // shared, never changed
    const d = match.determinize(s, 0, Rng.fromSeed('d'));
    expect(match.serialize(d).chance).toBeUndefined();
    expect(d.chance).toBeNull();
  });
});
