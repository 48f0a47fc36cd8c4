/**
 * Keyed chance (the `keyedChance` option, for duplicate events): every deal of a game comes from
 * the seed and the deal's number, whatever was played before it, so two people who play the same
 * seed differently still meet the same cards at every deal; and such a game's record replays.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame, GameEvent, Json } from '../src/index.ts';
import { GameSession, Rng, getGame, replay } from '../src/index.ts';

/** The deal events' chance outcomes (a deal's whole order) of a random playout, by deal type. */
function playout(
  game: AnyGame,
  players: number,
  options: Record<string, Json>,
  moveSeed: string,
  dealType: string,
): { deals: (readonly string[])[]; session: GameSession } {
  const made = GameSession.start(game, { players, seed: 'event-seed', options });
  if (!made.ok) throw new Error(made.error.message);
  const session = made.value.session;
  const events: GameEvent[] = [...made.value.events];
  const rng = Rng.fromSeed(moveSeed);
  for (let i = 0; i < 5000 && !game.isOver(session.state); i++) {
    const seat = game.toAct(session.state)[0]!;
    const legal = game.legalActions(session.state, seat);
    const applied = session.act(seat, legal[rng.int(legal.length)]);
    if (!applied.ok) throw new Error(applied.error.message);
    events.push(...applied.value.events);
  }
  const deals = events.filter((e) => e.all?.type === dealType && e.chance).map((e) => e.chance!);
  return { deals, session };
}

const CASES: readonly { game: string; players: number; options: Record<string, Json>; deal: string }[] = [
  { game: 'matchmaster', players: 4, options: { handSizes: [5, 3, 1, 4] }, deal: 'hand_dealt' },
  { game: 'match', players: 4, options: { rounds: 3, target: 1000 }, deal: 'round_dealt' },
  { game: 'matchet', players: 4, options: { rounds: 3 }, deal: 'deal' },
  // Three grids (ruling S16-X11): a grid is a deal.
  { game: 'sweet16', players: 3, options: { grids: 3 }, deal: 'grid_laid' },
];

describe('keyed chance', () => {
  for (const c of CASES) {
    const game = getGame(c.game)!;
    it(`${c.game}: two different playouts meet the same deals`, () => {
      const options = { ...c.options, keyedChance: true };
      const a = playout(game, c.players, options, 'moves a', c.deal);
      const b = playout(game, c.players, options, 'moves b', c.deal);
      expect(a.deals.length).toBeGreaterThan(0);
      const shared = Math.min(a.deals.length, b.deals.length);
      expect(a.deals.slice(0, shared)).toEqual(b.deals.slice(0, shared));
      // The play itself differed (else the test would prove nothing).
      expect(a.session.record().moves).not.toEqual(b.session.record().moves);
    });

    it(`${c.game}: a keyed game's record replays to the same state`, () => {
      const { session } = playout(game, c.players, { ...c.options, keyedChance: true }, 'moves c', c.deal);
      const replayed = replay(game, session.record());
      if (!replayed.ok) throw new Error(replayed.error.message);
      expect(game.serialize(replayed.value)).toEqual(game.serialize(session.state));
    });

    it(`${c.game}: without the option the later deals depend on the play`, () => {
      const a = playout(game, c.players, c.options, 'moves a', c.deal);
      const b = playout(game, c.players, c.options, 'moves b', c.deal);
      expect(a.deals[0]).toEqual(b.deals[0]);
      const keyed = playout(game, c.players, { ...c.options, keyedChance: true }, 'moves a', c.deal);
      // The first deal of a keyed game differs from the unkeyed one: it is drawn from its own key.
      expect(keyed.deals[0]).not.toEqual(a.deals[0]);
    });
  }

  it('a determinization of a keyed state keeps no key (the future deals stay secret)', () => {
    const game = getGame('matchmaster')!;
    const made = game.setup({
      players: 4,
      seed: 'secret',
      options: { handSizes: [2, 2], keyedChance: true },
    });
    if (!made.ok) throw new Error(made.error.message);
    expect(game.serialize(made.value).key).toBe('secret');
    const sample = game.determinize(made.value, 0, Rng.fromSeed('bot'));
    expect(game.serialize(sample).key).toBeUndefined();
  });
});
