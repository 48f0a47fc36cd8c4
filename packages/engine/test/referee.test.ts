/**
 * The referee (`GameSession`, referee.ts) on every game: seeded random games played through it,
 * taking moves back where the policy allows, checking at every step that each viewer's update
 * holds exactly its share (the harness's leak checks on its view and on its events), that an undo
 * tells a move's name only to those who saw it (ruling MM-4's secret bids), that a record replays
 * as the same steps every viewer was shown live (also under another seed: the chance outcomes
 * decide), and that a bot's feed is what its seat was shown.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame, GameEvent, GameRecord, ReplayStep, Seat, Viewer } from '../src/index.ts';
import {
  GAMES,
  GameSession,
  RecordReplay,
  Rng,
  eventFor,
  eventsFor,
  replaySteps,
  undoEvent,
} from '../src/index.ts';
import { findEventLeak, findLeak } from '../src/harness/index.ts';

interface Case {
  readonly label: string;
  readonly game: string;
  readonly players: number;
  readonly options?: Record<string, never> | Record<string, unknown>;
  /** Some moves reveal something, so some undos are refused (a duel of Sweet16 is played open). */
  readonly reveals: boolean;
}

const CASES: readonly Case[] = [
  {
    label: 'matchmaster 3p short',
    game: 'matchmaster',
    players: 3,
    options: { handSizes: [3, 1, 2] },
    reveals: true,
  },
  { label: 'matchmaster 2p', game: 'matchmaster', players: 2, options: { handSizes: [3, 2] }, reveals: true },
  { label: 'match 3p to 10', game: 'match', players: 3, options: { target: 10 }, reveals: true },
  { label: 'matchet 3p one round', game: 'matchet', players: 3, options: { rounds: 1 }, reveals: true },
  {
    label: 'matchet solitaire reserve',
    game: 'matchet',
    players: 1,
    options: { mode: 'reserve' },
    reveals: false,
  },
  {
    label: 'matchet solitaire stacks',
    game: 'matchet',
    players: 1,
    options: { mode: 'stacks' },
    reveals: false,
  },
  {
    label: 'sweet16 3p short',
    game: 'sweet16',
    players: 3,
    options: { turnLimit: 40, memoryAid: true },
    reveals: true,
  },
  { label: 'sweet16 duel', game: 'sweet16', players: 2, options: { mode: 'duel' }, reveals: false },
];

/** At most this many steps per game (the checks look at every viewer at every step). */
const MAX_STEPS = 500;

const gameOf = (id: string): AnyGame => GAMES.find((g) => g.meta.id === id)!;
const serial = (game: AnyGame, state: unknown) => JSON.stringify(game.serialize(state));

function viewersOf(players: number): Viewer[] {
  return [...Array.from({ length: players }, (_, s) => s), null];
}

/** Plays one game through the referee; returns what each viewer was shown, step by step. */
function playThrough(c: Case, seed: string) {
  const game = gameOf(c.game);
  const started = GameSession.start(game, { players: c.players, seed, options: c.options as never });
  if (!started.ok) throw new Error(started.error.message);
  const { session, events: setupEvents } = started.value;
  const viewers = viewersOf(c.players);
  const rng = Rng.fromSeed(`referee:${seed}`);
  /** Per viewer, the steps it was shown live (an undone move's step is taken off again). */
  const shown = new Map<Viewer, ReplayStep[]>(viewers.map((v) => [v, []]));
  let undos = 0;
  let refusedAfterReveal = 0;

  const tell = (seat: Seat | null, action: string | null, events: readonly GameEvent[], before: unknown) => {
    for (const v of viewers) {
      const u = session.updateFor(v, events);
      // The harness's per-seat checks, on what the referee hands this viewer.
      expect(u.view).toEqual(game.view(session.state, v));
      expect(findLeak(game, session.state, v)).toBeNull();
      expect(findEventLeak(game, before, session.state, events, v)).toBeNull();
      expect(u.events).toEqual(eventsFor(events, v));
      expect(u.toAct).toEqual(game.toAct(session.state));
      expect(u.result).toEqual(game.result(session.state));
      if (v === null || !u.toAct.includes(v)) {
        expect(u.legal).toEqual([]);
        expect(u.blocked).toEqual([]);
      } else {
        expect(u.legal.map((l) => l.text)).toEqual(
          game.legalActions(session.state, v).map((a) => game.formatAction(a)),
        );
        for (const b of u.blocked) {
          const parsed = game.parseAction(b.text);
          expect(parsed.ok).toBe(true);
          if (parsed.ok)
            expect(game.applyInPlace(game.clone(session.state), v, parsed.value)?.code).toBe(b.code);
        }
      }
      expect(u.canUndo).toBe(v !== null && session.undoRefusal(v) === null);
      shown.get(v)!.push({
        seat,
        action: seat !== null && seat === v ? action : null,
        events: u.events,
        view: u.view,
        toAct: u.toAct,
      });
    }
  };

  tell(null, null, setupEvents, null);
  for (let step = 0; step < MAX_STEPS && !game.isOver(session.state); step++) {
    const acting = game.toAct(session.state);
    const seat = acting[rng.int(acting.length)]!;
    const legal = game.legalActions(session.state, seat);
    const action = legal[rng.int(legal.length)]!;
    const before = game.clone(session.state);
    const beforeText = serial(game, before);
    // Half the moves go the way a storing shell takes them: judged on a copy, then accepted.
    let events: GameEvent[];
    if (rng.int(2) === 0) {
      const p = session.propose(seat, action);
      if (!p.ok) throw new Error(p.error.message);
      expect(serial(game, session.state)).toBe(beforeText); // nothing changes before accept
      session.accept(p.value);
      events = p.value.events;
    } else {
      const a = session.act(seat, action);
      if (!a.ok) throw new Error(a.error.message);
      events = a.value.events;
    }
    const text = game.formatAction(action);
    tell(seat, text, events, before);

    // Undo: other seats may never take this move back; its own seat only if it revealed nothing.
    for (const other of viewers) {
      if (other === null || other === seat || c.players === 1 || game.isOver(session.state)) continue;
      expect(session.undoRefusal(other)?.code).toBe('not_your_action');
    }
    const refusal = session.undoRefusal(seat);
    if (game.isOver(session.state)) expect(refusal?.code).toBe('game_over');
    else if (c.players > 1 && events.some((e) => e.reveals)) {
      expect(refusal?.code).toBe('undo_after_reveal');
      refusedAfterReveal++;
    } else expect(refusal).toBeNull();
    if (refusal === null && rng.int(2) === 0) {
      const afterText = serial(game, session.state);
      const p = session.proposeUndo(seat);
      if (!p.ok) throw new Error(p.error.message);
      expect(serial(game, session.state)).toBe(afterText);
      expect(serial(game, p.value.state)).toBe(beforeText);
      // The undo event: everybody learns of it; the move's name only those who saw the move.
      const [undo] = p.value.events;
      expect(undo).toEqual(undoEvent(seat, text, events));
      for (const v of viewers) {
        const body = eventFor(undo!, v) as { type: string; seat: number; action?: string } | null;
        expect(body).toMatchObject({ type: 'undo', seat });
        const sawAsActor = JSON.stringify(eventsFor(events, v)) === JSON.stringify(eventsFor(events, seat));
        if (v === seat) expect(body!.action).toBe(text);
        else if (!sawAsActor) expect(body!.action).toBeUndefined();
      }
      session.accept(p.value);
      undos++;
      expect(serial(game, session.state)).toBe(beforeText);
      for (const v of viewers) shown.get(v)!.pop();
      // ... and played again, to the same state (it drew no chance).
      const again = session.act(seat, action);
      if (!again.ok) throw new Error(again.error.message);
      expect(serial(game, session.state)).toBe(afterText);
      tell(seat, text, again.value.events, before);
    }
  }
  return { game, session, shown, undos, refusedAfterReveal, viewers };
}

describe('the referee on every game', () => {
  for (const c of CASES) {
    it(`${c.label}: updates, undo, reveal, chance, replay and the bots' feed`, () => {
      let undone = 0;
      let refused = 0;
      for (const seed of ['one', 'two', 'three']) {
        const { game, session, shown, undos, refusedAfterReveal, viewers } = playThrough(
          c,
          `${c.label}:${seed}`,
        );
        undone += undos;
        refused += refusedAfterReveal;
        const record = JSON.parse(JSON.stringify(session.record())) as GameRecord;

        // Replay: every viewer's steps are what it was shown live, also when the generator
        // differs (another seed: the recorded chance outcomes decide every deal).
        for (const v of viewers) {
          const steps = replaySteps(game, record, v);
          if (!steps.ok) throw new Error(steps.error.message);
          expect(steps.value).toEqual(shown.get(v));
          const reseeded = replaySteps(game, { ...record, seed: 'another generator' }, v);
          expect(reseeded.ok && reseeded.value.map((s) => s.view)).toEqual(shown.get(v)!.map((s) => s.view));
        }
        const whole = RecordReplay.of(game, record);
        if (!whole.ok) throw new Error(whole.error.message);
        expect(whole.value.length).toBe(record.moves.length + 1);
        const i = Math.floor(record.moves.length / 2);
        expect(whole.value.stepFor(i, 0).view).toEqual(shown.get(0)![i]!.view);
        expect(serial(game, whole.value.stateAt(record.moves.length))).toBe(serial(game, session.state));

        // A bot of a seat is fed what that seat was shown, in order.
        for (let seat = 0; seat < c.players; seat++)
          expect(session.observations(seat)).toEqual(shown.get(seat)!.map((s) => s.view));

        // Rebuilt from its record, the referee holds the same game, log and undo rule.
        const rebuilt = GameSession.fromRecord(game, record);
        if (!rebuilt.ok) throw new Error(rebuilt.error.message);
        expect(serial(game, rebuilt.value.state)).toBe(serial(game, session.state));
        for (const v of viewers) {
          expect(rebuilt.value.eventsSoFar(v)).toEqual(shown.get(v)!.flatMap((s) => s.events));
          expect(rebuilt.value.updateFor(v)).toEqual(session.updateFor(v));
        }
      }
      expect(undone).toBeGreaterThan(0);
      expect(refused > 0).toBe(c.reveals);
    });
  }

  it('a solitaire takes back any move, even a reveal, down to the deal', () => {
    const game = gameOf('matchet');
    const started = GameSession.start(game, { players: 1, seed: 'solo', options: { mode: 'reserve' } });
    if (!started.ok) throw new Error(started.error.message);
    const { session } = started.value;
    const states = [serial(game, session.state)];
    const rng = Rng.fromSeed('solo');
    for (let i = 0; i < 12 && !game.isOver(session.state); i++) {
      const legal = game.legalActions(session.state, 0);
      expect(session.act(0, legal[rng.int(legal.length)]).ok).toBe(true);
      states.push(serial(game, session.state));
    }
    while (states.length > 1) {
      expect(session.updateFor(0).canUndo).toBe(true);
      expect(session.undo(0).ok).toBe(true);
      states.pop();
      expect(serial(game, session.state)).toBe(states.at(-1));
    }
    expect(session.undoRefusal(0)?.code).toBe('nothing_to_undo');
  });

  it('a secret bid taken back is named to its bidder only (MM-4)', () => {
    const game = gameOf('matchmaster');
    const started = GameSession.start(game, { players: 3, seed: 'mm4', options: { handSizes: [2] } });
    if (!started.ok) throw new Error(started.error.message);
    const { session } = started.value;
    const bid = game.parseAction('bid 2');
    expect(bid.ok && session.act(1, bid.value).ok).toBe(true);
    const undo = session.proposeUndo(1);
    if (!undo.ok) throw new Error(undo.error.message);
    const [event] = undo.value.events;
    expect(eventFor(event!, 1)).toEqual({ type: 'undo', seat: 1, action: 'bid 2' });
    for (const v of [0, 2, null]) {
      expect(eventFor(event!, v)).toEqual({ type: 'undo', seat: 1 });
      expect(JSON.stringify(eventFor(event!, v))).not.toContain('bid 2');
    }
  });

  it('a move read back must draw the chance it recorded', () => {
    const game = gameOf('matchmaster');
    const started = GameSession.start(game, { players: 2, seed: 'chance', options: { handSizes: [1, 1] } });
    if (!started.ok) throw new Error(started.error.message);
    const { session } = started.value;
    const rng = Rng.fromSeed('chance');
    while (!session.moves().some((m) => m.chance)) {
      const seat = game.toAct(session.state)[0]!;
      const legal = game.legalActions(session.state, seat);
      session.act(seat, legal[rng.int(legal.length)]);
    }
    const record = session.record();
    const dealing = record.moves.findIndex((m) => m.chance);
    const rebuild = (tamper: boolean) => {
      const again = GameSession.start(game, { players: 2, seed: 'chance', options: { handSizes: [1, 1] } });
      if (!again.ok) throw new Error(again.error.message);
      const s = again.value.session;
      for (let k = 0; k < dealing; k++) expect(s.replayMove(record.moves[k]!).ok).toBe(true);
      const m = record.moves[dealing]!;
      return s.replayMove(tamper ? { ...m, chance: [m.chance![0]!.slice().reverse()] } : m);
    };
    expect(rebuild(false).ok).toBe(true);
    const tampered = rebuild(true);
    expect(!tampered.ok && tampered.error.code).toBe('chance_mismatch');
  });

  it('a waiting table lets nobody act', () => {
    const game = gameOf('match');
    const started = GameSession.start(game, { players: 2, seed: 'wait' });
    if (!started.ok) throw new Error(started.error.message);
    const u = started.value.session.updateFor(0, [], false);
    expect(u).toMatchObject({
      toAct: [],
      legal: [],
      blocked: [],
      canUndo: false,
      turn: 'Waiting for players',
    });
  });
});
