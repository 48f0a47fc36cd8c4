/**
 * The terminal drawing of real views and events (typed views and event unions from
 * @matchbox/engine), on states reached by seeded random play, so that the tests follow the engines.
 */
import { describe, expect, it } from 'vitest';
import type { Action, EventBody, Game, GameEvent, MatchState, Sweet16State } from '@matchbox/engine';
import { GAMES, Rng, eventsFor, match, sweet16 } from '@matchbox/engine';
import { formatChoices } from '../src/commands/play.ts';
import { describeEvent, type AnyEvent } from '../src/describe-event.ts';
import { renderView } from '../src/render/index.ts';

/** Plays random legal actions until `found` holds (or the game ends); the state, or null. */
function playUntil<S>(
  game: Game<S, Action, object, EventBody>,
  config: { players: number; seed: string; options?: Record<string, string> },
  found: (state: S) => boolean,
): S | null {
  const setup = game.setup(config);
  if (!setup.ok) throw new Error(setup.error.message);
  const state = setup.value;
  const rng = Rng.fromSeed(config.seed);
  for (let i = 0; i < 5000 && !game.isOver(state); i++) {
    if (found(state)) return state;
    const seat = game.toAct(state)[0]!;
    const legal = game.legalActions(state, seat);
    game.applyInPlace(state, seat, legal[rng.int(legal.length)]);
  }
  return found(state) ? state : null;
}

describe('MATCH!', () => {
  it('tells the seat that must discard "You", and others "Seat k" (ruling MA-6)', () => {
    let state: MatchState | null = null;
    for (let k = 0; k < 50 && state === null; k++)
      state = playUntil(match, { players: 3, seed: `forced${k}` }, (s) => match.view(s, null).forcedDiscard);
    if (state === null) throw new Error('no forced discard found');
    const seat = match.toAct(state)[0]!;
    expect(renderView('match', match.view(state, seat), seat)).toContain(
      'You have a matching collection card on top and must discard.',
    );
    const other = (seat + 1) % 3;
    expect(renderView('match', match.view(state, other), other)).toContain(
      `Seat ${seat} has a matching collection card on top and must discard.`,
    );
  });

  it('numbers every choice of a long list', () => {
    let state: MatchState | null = null;
    for (let k = 0; k < 50 && state === null; k++)
      state = playUntil(match, { players: 2, seed: `long${k}` }, (s) => {
        const seat = match.toAct(s)[0];
        return (
          seat !== undefined &&
          formatChoices(match.legalActions(s, seat).map((a) => match.formatAction(a))).includes('\n')
        );
      });
    if (state === null) throw new Error('no long list found');
    const seat = match.toAct(state)[0]!;
    const texts = match.legalActions(state, seat).map((a) => match.formatAction(a));
    const shown = formatChoices(texts);
    expect(shown).toContain(`type a number (1-${texts.length}) or the action`);
    texts.forEach((t, i) => expect(shown).toContain(`[${i + 1}] ${t.slice(t.indexOf(' ') + 1)}`));
  });
});

describe('Sweet16', () => {
  it('the duel lists its trysts apart, each with its number (S16-10)', () => {
    const setup = sweet16.setup({ players: 2, seed: 'x', options: { mode: 'duel' } });
    if (!setup.ok) throw new Error(setup.error.message);
    const texts = sweet16.legalActions(setup.value, 0).map((a) => sweet16.formatAction(a));
    expect(texts.length).toBeGreaterThan(10);
    const shown = formatChoices(texts);
    texts.forEach((t, i) => {
      if (t.startsWith('tryst ')) expect(shown).toMatch(new RegExp(`\\[${i + 1}\\] ${t.slice(6)}(  |\\n|$)`));
    });
  });

  it('the legend explains the hole mark, in the base game and in the duel', () => {
    for (const mode of ['base', 'duel']) {
      const players = mode === 'duel' ? 2 : 3;
      // Play until the grid has a hole, then draw it.
      let state: Sweet16State | null = null;
      for (let k = 0; k < 20 && state === null; k++)
        state = playUntil(sweet16, { players, seed: `hole${k}`, options: { mode } }, (s) =>
          sweet16.view(s, null).grid.some((row) => row.includes(null)),
        );
      if (state === null) throw new Error(`no hole in ${mode}`);
      const text = renderView('sweet16', sweet16.view(state, 0), 0);
      expect(text, mode).toMatch(/^ {2}\d? +.*  \.  /m); // a hole drawn in the grid
      expect(text, mode).toContain('.  a hole');
    }
  });
});

describe('events', () => {
  it('every event of whole games reads as a line for every viewer: no undefined, no [object Object]', () => {
    const configs = [
      { id: 'matchmaster', players: 3, options: { handSizes: [3, 1, 2] } },
      { id: 'match', players: 3, options: { target: 10 } },
      { id: 'matchet', players: 3, options: { rounds: 1 } },
      { id: 'matchet', players: 1, options: { mode: 'reserve' } },
      { id: 'matchet', players: 1, options: { mode: 'stacks' } },
      { id: 'sweet16', players: 3, options: {} },
      { id: 'sweet16', players: 2, options: { mode: 'duel' } },
    ];
    for (const c of configs) {
      const game = GAMES.find((g) => g.meta.id === c.id)!;
      const events: GameEvent<AnyEvent>[] = [];
      const setup = game.setup({ players: c.players, seed: 'words', options: c.options }, events);
      if (!setup.ok) throw new Error(setup.error.message);
      const state: unknown = setup.value;
      const rng = Rng.fromSeed('words');
      while (!game.isOver(state)) {
        const seat = game.toAct(state)[0]!;
        const legal = game.legalActions(state, seat);
        expect(game.applyInPlace(state, seat, legal[rng.int(legal.length)], events)).toBeNull();
      }
      const types = new Set<string>();
      for (const viewer of [null, ...Array.from({ length: c.players }, (_, s) => s)]) {
        for (const e of eventsFor(events, viewer)) {
          types.add(e.type);
          const line = describeEvent(e, viewer, c.id);
          expect(line, JSON.stringify(e)).not.toMatch(/undefined|\[object|NaN|null/);
          expect(line).not.toBe('');
        }
      }
      expect(types.has('game_over'), c.id).toBe(true);
    }
  });

  it('a seat reads its own share: its cards and bid, while the others read only that it happened', () => {
    const en = { language: 'en' } as const;
    const dealt = { type: 'hand_dealt', hand: 1, handSize: 2, dealer: 0, leader: 1 } as const;
    expect(describeEvent({ ...dealt, cards: ['do3', 'lb7'] }, 0, 'matchmaster', en)).toBe(
      'Hand 1 dealt: 2 cards each. Dealer: you; first lead: Seat 1. Your cards: dark orange 3, light blue 7.',
    );
    expect(describeEvent(dealt, null, 'matchmaster', en)).toBe(
      'Hand 1 dealt: 2 cards each. Dealer: Seat 0; first lead: Seat 1.',
    );
    expect(describeEvent({ type: 'bid_made', seat: 0, bid: 2 }, 0, 'matchmaster', en)).toBe(
      'You bid 2 tricks.',
    );
    expect(describeEvent({ type: 'bid_made', seat: 2 }, 0, 'matchmaster', en)).toBe('Seat 2 has bid.');
    expect(describeEvent({ type: 'drew', seat: 0, card: 'r3' }, 0, 'match', en)).toMatch(/red 3/);
    expect(describeEvent({ type: 'bury', seat: 1, pos: 'B4', card: '10D' }, 0, 'sweet16', en)).toMatch(
      /10 of diamonds/,
    );
  });

  it('speaks German with the same sentences as the web, and names MATCHET tiles by their sides', () => {
    const de = { language: 'de' } as const;
    expect(describeEvent({ type: 'bid_made', seat: 2, bid: 1 }, 0, 'matchmaster', de)).toBe(
      'Platz 2 sagt 1 Stich vorher.',
    );
    const place = {
      type: 'place',
      seat: 0,
      tile: 'T05',
      row: 1,
      col: 0,
      red: 'T',
      points: 10,
      exceptional: false,
    } as const;
    const view = { tileSides: { T05: 'R6Y7B4' }, board: [{ row: 0, col: 0 }] };
    expect(describeEvent(place, 0, 'matchet', { language: 'en', view })).toBe(
      'You lay the red 6, yellow 7, blue 4 triangle next to the last triangle and score 10.',
    );
    expect(describeEvent(place, 1, 'matchet', { ...de, view, names: ['Ada'] })).toBe(
      'Ada legt das Dreieck Rot 6, Gelb 7, Blau 4 an das letzte Dreieck und bekommt 10 Punkte.',
    );
  });
});
