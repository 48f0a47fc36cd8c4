/**
 * The referee's update for the seat to act: its refused choices ("blocked", each with the
 * engine's reason) are exactly what the plain definition gives: every candidate action that is
 * not legal, whose notation the seat can see in its view, probed on a fresh copy of the state.
 * The referee computes them with shared probes and one walk of the view; this checks it along
 * random games of every game, including MatchMaster's follow-suit and trump rulings (MM-6, MM-7).
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame, OpenGame } from '../src/index.ts';
import { GameSession, Rng, getGame } from '../src/index.ts';

/** Every string and property name in a value. */
function strings(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, into);
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      strings(v, into);
    }
  return into;
}

/** The plain definition: every visible refused candidate, each probed on its own copy. */
function expectedBlocked(g: AnyGame, state: unknown, seat: number) {
  const legal = new Set(g.legalActions(state, seat).map((a) => g.formatAction(a)));
  const visible = strings(g.view(state, seat));
  const out: { text: string; code: string; message: string }[] = [];
  const seen = new Set<string>();
  for (const a of g.candidateActions(state, seat)) {
    const text = g.formatAction(a);
    if (legal.has(text) || !visible.has(text) || seen.has(text)) continue;
    seen.add(text);
    const error = g.applyInPlace(g.clone(state), seat, a);
    if (error) out.push({ text, code: error.code, message: error.message });
  }
  return out;
}

const GAMES: [string, number][] = [
  ['matchmaster', 4],
  ['matchmaster', 3],
  ['match', 2],
  ['sweet16', 2],
  ['matchet', 2],
];

describe('blocked choices of the seat to act', () => {
  it.each(GAMES)('%s with %i players: equal to probing each visible refused candidate', (id, players) => {
    const g = getGame(id)!;
    let updates = 0;
    let reasons = 0;
    for (let game = 0; game < 3; game++) {
      const started = GameSession.start(g as OpenGame, { players, seed: `blocked-${id}-${game}` });
      if (!started.ok) throw new Error(started.error.message);
      const table = started.value.session;
      const rng = Rng.fromSeed(`moves-${game}`);
      for (let step = 0; step < 400 && !g.isOver(table.state); step++) {
        const toAct = g.toAct(table.state);
        for (const seat of toAct) {
          // The probes run on the state itself: every refused one leaves it as it was.
          const before = JSON.stringify(g.serialize(table.state));
          const update = table.updateFor(seat, []);
          expect(JSON.stringify(g.serialize(table.state))).toBe(before);
          const want = expectedBlocked(g, table.state, seat);
          expect(update.blocked).toEqual(want);
          updates++;
          reasons += want.length;
        }
        const seat = toAct[rng.int(toAct.length)]!;
        const legal = g.legalActions(table.state, seat);
        expect(table.act(seat, legal[rng.int(legal.length)]!).ok).toBe(true);
      }
    }
    expect(updates).toBeGreaterThan(50);
    if (id === 'matchmaster') expect(reasons).toBeGreaterThan(0);
  });

  it('fail loudly when a game accepts a candidate it did not list as legal', () => {
    // A broken MatchMaster that lists only the first of its legal actions: the leader's other
    // cards are then candidates it shows, "refused" by the list and accepted when applied.
    const g = getGame('matchmaster')!;
    const broken = { ...g, legalActions: (s: unknown, seat: number) => g.legalActions(s, seat).slice(0, 1) };
    const started = GameSession.start(broken, { players: 4, seed: 'broken' });
    if (!started.ok) throw new Error(started.error.message);
    const table = started.value.session;
    while (g.phase(table.state) === 'bid') {
      const seat = g.toAct(table.state)[0]!;
      expect(table.act(seat, g.legalActions(table.state, seat)[0]).ok).toBe(true);
    }
    const leader = g.toAct(table.state)[0]!;
    expect(() => table.updateFor(leader, [])).toThrow(/is not legal but was accepted/);
  });
});
