/**
 * A live table's update for the seat to act: its refused choices ("blocked", each with the
 * engine's reason) are exactly what the plain definition gives: every candidate action that is
 * not legal, whose notation the seat can see in its view, probed on a fresh copy of the state.
 * The server computes them with shared probes and one walk of the view; this checks it along
 * random games of every game, including MatchMaster's follow-suit and trump rulings (MM-6, MM-7).
 */
import type { AnyGame } from '@matchbox/engine';
import { Rng, getGame } from '@matchbox/engine';
import { describe, expect, it } from 'vitest';
import { LiveTable } from '../src/live-table.ts';
import type { TableRecord } from '../src/store.ts';

function recordFor(game: string, players: number, seed: string): TableRecord {
  return {
    id: `t-${game}`,
    game,
    options: {},
    players,
    seed,
    deck: null,
    chance: null,
    seats: Array.from({ length: players }, (_, i) => ({
      kind: 'human' as const,
      name: `P${i}`,
      level: null,
      tokenHash: null,
      left: false,
    })),
    status: 'playing',
    version: 0,
    isPublic: false,
    inviteHash: '',
    clockSeconds: null,
    deadlineAt: null,
    creator: '',
    createdAt: 0,
    updatedAt: 0,
    result: null,
  };
}

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
      const created = LiveTable.create(recordFor(id, players, `blocked-${id}-${game}`));
      if ('error' in created) throw new Error(created.error.message);
      const table = created.table;
      const rng = Rng.fromSeed(`moves-${game}`);
      for (let step = 0; step < 400 && !g.isOver(table.state); step++) {
        const toAct = g.toAct(table.state);
        for (const seat of toAct) {
          const update = table.updateFor(seat, []);
          const want = expectedBlocked(g, table.state, seat);
          expect(update.blocked).toEqual(want);
          updates++;
          reasons += want.length;
        }
        const seat = toAct[rng.int(toAct.length)]!;
        const legal = g.legalActions(table.state, seat);
        const error = g.applyInPlace(table.state, seat, legal[rng.int(legal.length)]!);
        expect(error).toBeNull();
      }
    }
    expect(updates).toBeGreaterThan(50);
    if (id === 'matchmaster') expect(reasons).toBeGreaterThan(0);
  });
});
