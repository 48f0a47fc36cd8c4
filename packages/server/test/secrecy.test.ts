/**
 * The secrecy ledger itself (secrecy.ts), on MATCH! games played by the engine's referee: every
 * update the referee makes passes it, including the discard that ends a round (seen by everyone,
 * then shuffled into the next round's deck), and an update that shows a hidden card fails it.
 */
import type { AnyGame, OpenGame, Viewer } from '@matchbox/engine';
import { GameSession, Rng, getGame } from '@matchbox/engine';
import { describe, expect, it } from 'vitest';
import type { Received, StoredTable } from './secrecy.ts';
import { Ledger } from './secrecy.ts';

const game = getGame('match') as AnyGame;
const VIEWERS: Viewer[] = [0, 1, 2, null];

/** A three-seat MATCH! game of random legal moves past its first round, with every update sent. */
function playedPastRoundOne(seed: string) {
  const started = GameSession.start(game as OpenGame, { players: 3, seed, options: {} });
  if (!started.ok) throw new Error(started.error.message);
  const session = started.value.session;
  const rng = Rng.fromSeed(`moves:${seed}`);
  const received: Received[] = [];
  let roundsEnded = 0;
  for (let version = 1; version <= 200 && roundsEnded === 0; version++) {
    const seat = game.toAct(session.state)[0]!;
    const legal = game.legalActions(session.state, seat);
    const proposal = session.propose(seat, legal[rng.int(legal.length)]!);
    if (!proposal.ok) throw new Error(proposal.error.message);
    session.accept(proposal.value);
    for (const viewer of VIEWERS)
      received.push({
        kind: 'update',
        viewer,
        body: { version, ...session.updateFor(viewer, proposal.value.events) },
      });
    if (proposal.value.events.some((e) => (e.all as { type?: string } | undefined)?.type === 'round_scored'))
      roundsEnded++;
  }
  const record = session.record();
  const table: StoredTable = {
    game: 'match',
    players: 3,
    seed,
    options: {},
    chance: record.chance ? record.chance.map((c) => [...c]) : null,
    log: record.moves.map((m, i) => ({ seq: i + 1, seat: m.seat, action: m.action })),
  };
  return { ledger: new Ledger(table), received, roundsEnded, session };
}

describe('the secrecy ledger', () => {
  it('passes every update of MATCH! games through a round end, where the last discard is seen and then shuffled away', () => {
    for (const seed of ['ledger-1', 'ledger-2', 'ledger-3']) {
      const { ledger, received, roundsEnded } = playedPastRoundOne(seed);
      expect(roundsEnded).toBe(1);
      expect(ledger.check(received)).toEqual([]);
    }
  });

  it('fails an update that shows a card of another hand', () => {
    const { ledger, received, session } = playedPastRoundOne('ledger-1');
    const version = ledger.version;
    // A card of which every copy is hidden from seat 0 now and before this version.
    const allHidden = (state: unknown) => {
      const copies = (cards: string[], c: string) => cards.filter((x) => x === c).length;
      const hidden = game.hiddenCards(state, 0);
      return (c: string) => copies(hidden, c) === copies(game.cards(state), c);
    };
    const now = allHidden(ledger.stateAt(version));
    const before = allHidden(ledger.stateAt(version - 1));
    const hidden = (session.updateFor(1).view as { myHand: string[] }).myHand.find(
      (c) => now(c) && before(c),
    );
    expect(hidden).toBeDefined();
    const update = { version, ...session.updateFor(0), note: hidden };
    expect(ledger.check([...received, { kind: 'update', viewer: 0, body: update }])).toContainEqual(
      `seat 0 (update): shows ${hidden}, which it cannot know then`,
    );
  });

  it("before the start: a waiting table's seats pass, and any card of the deal shown then fails, even the seat's own", () => {
    const { ledger } = playedPastRoundOne('ledger-2');
    const seats = [0, 1, 2].map((seat) => ({
      seat,
      kind: seat === 0 ? 'human' : 'open',
      name: seat === 0 ? 'Ada' : null,
    }));
    const waiting = { version: 0, seat: 1, view: null, events: [], legal: [], status: 'waiting', seats };
    expect(ledger.check([{ kind: 'waiting', viewer: 1, body: waiting }])).toEqual([]);
    // What the table used to send a seat taken before the start: its own hand of the coming deal.
    const first = GameSession.start(game as OpenGame, { players: 3, seed: 'ledger-2', options: {} });
    if (!first.ok) throw new Error(first.error.message);
    const own = first.value.session.updateFor(1, [], false);
    const problems = ledger.check([{ kind: 'waiting', viewer: 1, body: { ...waiting, view: own.view } }]);
    const hand = (own.view as { myHand: string[] }).myHand;
    expect(problems).toContainEqual(`seat 1 (waiting): shows ${hand[0]} before the game started`);
  });

  it("a duplicate event's table (keyed chance, every round its own deal) passes through a round end", () => {
    const options = { rounds: 3, target: 1000, keyedChance: true };
    const started = GameSession.start(game as OpenGame, { players: 3, seed: 'event-seed', options });
    if (!started.ok) throw new Error(started.error.message);
    const session = started.value.session;
    const rng = Rng.fromSeed('event moves');
    const received: Received[] = [];
    let version = 0;
    while (!game.isOver(session.state) && version < 3000) {
      const seat = game.toAct(session.state)[0]!;
      const legal = game.legalActions(session.state, seat);
      const proposal = session.propose(seat, legal[rng.int(legal.length)]!);
      if (!proposal.ok) throw new Error(proposal.error.message);
      session.accept(proposal.value);
      version++;
      for (const viewer of VIEWERS)
        received.push({
          kind: 'update',
          viewer,
          body: { version, ...session.updateFor(viewer, proposal.value.events) },
        });
    }
    expect(game.isOver(session.state)).toBe(true);
    const record = session.record();
    const ledger = new Ledger({
      game: 'match',
      players: 3,
      seed: 'event-seed',
      options,
      chance: record.chance ? record.chance.map((c) => [...c]) : null,
      log: record.moves.map((m, i) => ({ seq: i + 1, seat: m.seat, action: m.action })),
    });
    expect(ledger.check(received)).toEqual([]);
  });
});
