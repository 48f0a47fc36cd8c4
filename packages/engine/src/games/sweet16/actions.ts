/**
 * Sweet16's actions, their text notation and the interned action objects used by legalActions.
 *
 *   flip B3          flip the face-down card at B3 (base)
 *   joker 7          declare the value of the Joker just flipped (base, S16-4)
 *   stop             stop flipping and leave your cards as the clique (base, S16-2)
 *   back B3          put this card of the scored set back face down (base, S16-6 A)
 *   activate B3      activate this card of the scored set (S16-6 B, S16-10)
 *   skip             no activation, or (club) no steal
 *   steal 7D         the club takes this face-up diamond of an opponent
 *   look B3          heart or spade: look privately at the face-down card at B3 (base)
 *   tryst A3 C3 F3   duel: score these cards of one of your lines, totalling 16 (S16-10)
 *   take B5          duel heart: score this heart from the grid as well
 *   bury B5          duel spade: remove this grid card from the game
 *   pass             duel: no tryst is possible
 */
import type { Result } from '../../contract.ts';
import { err, ok } from '../../contract.ts';
import { ALL_POSITION_NAMES, BASE_GRID, CARD_COUNT, CARD_NAMES, DUEL_GRID, parseCard } from './cards.ts';
import type { Sweet16Action } from './types.ts';

export type { Sweet16Action } from './types.ts';

type PosType = 'flip' | 'back' | 'activate' | 'look' | 'take' | 'bury';
const POS_TYPES: readonly PosType[] = ['flip', 'back', 'activate', 'look', 'take', 'bury'];

/**
 * A private key on interned position actions: the position's index in the base and the duel
 * grid (-1 where it is off the grid), so that applying them needs no string lookup.
 */
export const POS_INDEX: unique symbol = Symbol('sweet16.posIndex');

const posActions = (type: PosType): ReadonlyMap<string, Sweet16Action> =>
  new Map(
    ALL_POSITION_NAMES.map((pos) => {
      const action = { type, pos };
      const index = Int8Array.of(BASE_GRID.byName.get(pos) ?? -1, DUEL_GRID.byName.get(pos) ?? -1);
      Object.defineProperty(action, POS_INDEX, { value: index, enumerable: false });
      return [pos, action];
    }),
  );

/** Interned actions by type and position name. */
export const POS_ACTIONS: Readonly<Record<PosType, ReadonlyMap<string, Sweet16Action>>> = {
  flip: posActions('flip'),
  back: posActions('back'),
  activate: posActions('activate'),
  look: posActions('look'),
  take: posActions('take'),
  bury: posActions('bury'),
};
export const JOKER_ACTIONS: readonly Sweet16Action[] = Array.from({ length: 14 }, (_, value) => ({
  type: 'joker',
  value,
}));
export const STOP: Sweet16Action = { type: 'stop' };
export const SKIP: Sweet16Action = { type: 'skip' };
export const PASS: Sweet16Action = { type: 'pass' };
export const STEAL_ACTIONS: readonly Sweet16Action[] = Array.from({ length: CARD_COUNT }, (_, c) => ({
  type: 'steal',
  card: CARD_NAMES[c]!,
}));

/** Per-grid tables of interned position actions, indexed by position index. */
export interface PosTables {
  readonly flip: readonly Sweet16Action[];
  readonly back: readonly Sweet16Action[];
  readonly activate: readonly Sweet16Action[];
  readonly look: readonly Sweet16Action[];
  readonly take: readonly Sweet16Action[];
  readonly bury: readonly Sweet16Action[];
}

export function posTables(names: readonly string[]): PosTables {
  const table = (type: PosType) => names.map((n) => POS_ACTIONS[type].get(n)!);
  return {
    flip: table('flip'),
    back: table('back'),
    activate: table('activate'),
    look: table('look'),
    take: table('take'),
    bury: table('bury'),
  };
}

export function formatAction(a: Sweet16Action): string {
  switch (a.type) {
    case 'flip':
    case 'back':
    case 'activate':
    case 'look':
    case 'take':
    case 'bury':
      return `${a.type} ${a.pos}`;
    case 'joker':
      return `joker ${a.value}`;
    case 'steal':
      return `steal ${a.card}`;
    case 'tryst':
      return `tryst ${a.cells.join(' ')}`;
    case 'stop':
    case 'skip':
    case 'pass':
      return a.type;
  }
}

const POS_RE = /^[a-i][1-7]$/;

export function parseAction(text: string): Result<Sweet16Action> {
  if (typeof text !== 'string')
    return err('malformed_action', 'An action in text notation is a string such as "flip B3".');
  const words = text.trim().toLowerCase().split(/\s+/);
  const [verb, ...rest] = words;
  const bad = () =>
    err(
      'malformed_action',
      `"${text}" is not a Sweet16 action: try "flip B3", "joker 7", "stop", "back B3", "activate B3", "skip", "steal 7D", "look B3", "tryst A3 C3 F3", "take B5", "bury B5" or "pass".`,
    );
  if (verb === 'stop' || verb === 'skip' || verb === 'pass') {
    if (rest.length > 0) return bad();
    return ok(verb === 'stop' ? STOP : verb === 'skip' ? SKIP : PASS);
  }
  if (verb === 'joker') {
    if (rest.length !== 1 || !/^\d{1,2}$/.test(rest[0]!)) return bad();
    const v = Number(rest[0]);
    return ok(JOKER_ACTIONS[v] ?? { type: 'joker', value: v });
  }
  if (verb === 'steal') {
    const c = rest.length === 1 ? parseCard(rest[0]!) : -1;
    return c >= 0 ? ok(STEAL_ACTIONS[c]!) : bad();
  }
  if (verb === 'tryst') {
    if (rest.length === 0 || !rest.every((p) => POS_RE.test(p))) return bad();
    // Canonical order: by row, then column (the order legalActions lists them in).
    const cells = rest.map((p) => p.toUpperCase());
    cells.sort(
      (a, b) => Number(a.slice(1)) * 10 + a.charCodeAt(0) - (Number(b.slice(1)) * 10 + b.charCodeAt(0)),
    );
    return ok({ type: 'tryst', cells });
  }
  if (POS_TYPES.includes(verb as PosType)) {
    if (rest.length !== 1 || !POS_RE.test(rest[0]!)) return bad();
    return ok(POS_ACTIONS[verb as PosType].get(rest[0]!.toUpperCase())!);
  }
  return bad();
}
