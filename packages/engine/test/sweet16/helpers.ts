import { expect } from 'vitest';
import type { GameEvent, Sweet16Event, Sweet16View } from '../../src/index.ts';
import { sweet16, sweet16Cards } from '../../src/index.ts';
import type { Sweet16State } from '../../src/games/sweet16/state.ts';

const { BASE_GRID, DUEL_GRID, CARD_NAMES } = sweet16Cards;

/**
 * A stacked deck putting the given cards at the given positions (e.g. { A1: 'KH' }); every other
 * position gets the remaining cards in standard order (AC, 2C, ..., KS, X1, X2).
 */
export function deckFor(cards: Record<string, string>, mode: 'base' | 'duel' = 'base'): string[] {
  const grid = mode === 'base' ? BASE_GRID : DUEL_GRID;
  const total = mode === 'base' ? 54 : 52;
  const used = new Set(Object.values(cards));
  const rest = CARD_NAMES.slice(0, total).filter((c) => !used.has(c));
  const out: string[] = [];
  for (let i = 0; i < total; i++) {
    const name = grid.names[i];
    const given = name !== undefined ? cards[name] : undefined;
    out.push(given ?? rest.shift()!);
  }
  return out;
}

export function setupWith(
  players: number,
  cards: Record<string, string>,
  options: Record<string, string | boolean | number> = {},
): Sweet16State {
  const mode = options.mode === 'duel' ? 'duel' : 'base';
  const r = sweet16.setup({ players, seed: 't', options, deck: deckFor(cards, mode) });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

export type Events = GameEvent<Sweet16Event>[];

/** The public type of each event, in order. */
export const types = (events: Events): string[] => events.map((e) => e.all?.type ?? '(private)');

/** Applies an action in text notation, expecting success; returns the events. */
export function act(s: Sweet16State, seat: number, text: string): Events {
  const parsed = sweet16.parseAction(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const events: Events = [];
  const e = sweet16.applyInPlace(s, seat, parsed.value, events);
  expect(e, `${text}: ${e?.message}`).toBeNull();
  expect(sweet16.verify(s)).toBeNull();
  return events;
}

/** Applies an action expected to fail with `code`; checks the state is untouched. */
export function reject(s: Sweet16State, seat: number, text: string, code: string): void {
  const parsed = sweet16.parseAction(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const before = JSON.stringify(sweet16.serialize(s));
  const e = sweet16.applyInPlace(s, seat, parsed.value);
  expect(e?.code, text).toBe(code);
  expect(JSON.stringify(sweet16.serialize(s))).toBe(before);
}

export const legal = (s: Sweet16State, seat = s.toPlay): string[] =>
  sweet16.legalActions(s, seat).map((a) => sweet16.formatAction(a));

export const view = (s: Sweet16State, viewer: number | null): Sweet16View => sweet16.view(s, viewer);

/** The grid cell shown at a position name in a view. */
export function cell(v: Sweet16View, pos: string): unknown {
  const col = pos.charCodeAt(0) - 65;
  const row = Number(pos.slice(1)) - 1;
  return v.grid[row]![col];
}

/** Edits a state through its serialised form (validated again by deserialize). */
export function edit(s: Sweet16State, change: (j: Record<string, unknown>) => void): Sweet16State {
  const j = JSON.parse(JSON.stringify(sweet16.serialize(s))) as Record<string, unknown>;
  change(j);
  const r = sweet16.deserialize(j);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

export const cardIndex = (name: string): number => sweet16Cards.parseCard(name);
export const posIndex = (name: string, mode: 'base' | 'duel' = 'base'): number =>
  (mode === 'base' ? BASE_GRID : DUEL_GRID).byName.get(name)!;
