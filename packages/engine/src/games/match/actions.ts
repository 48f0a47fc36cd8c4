/**
 * MATCH!'s actions: the interned action objects, legal actions, applying an action (validation of
 * any JSON value first) and the text notation.
 */
import type { EngineError, GameEvent, Result, Seat } from '../../contract.ts';
import { engineError, err, ok } from '../../contract.ts';
import {
  CARD_NAMES,
  COLOURS,
  COLOUR_COUNT,
  MATCH_MASK,
  NUMBER_KINDS,
  NUMBER_MASK,
  VALUES,
  WILD_BIT,
  colourOf,
  kindOf,
  kindOfToken,
  parseCard,
  parseColour,
  valueOf,
} from './cards.ts';
import { applyCollect, applyDiscard, applyStack, applyWild } from './play.ts';
import type { MatchState } from './state.ts';
import { PHASE_OVER } from './state.ts';
import type { MatchAction, MatchEvent } from './types.ts';
import { describeTurn } from './view.ts';

/**
 * Interned action objects: legal-action lists allocate only the array. Each is frozen and carries
 * its decoded form under a private symbol (invisible to JSON), so applying one skips parsing.
 */
const DECODED = Symbol('match.decoded');
type Decoded = { readonly [DECODED]?: number };
const A_DISCARD = 0;
const A_COLLECT = 1;
const A_STACK = 2;
const A_WILD = 3;
function intern(action: MatchAction, kind: number, arg: number): MatchAction {
  Object.defineProperty(action, DECODED, { value: kind | (arg << 2), enumerable: false });
  return Object.freeze(action);
}
const DISCARD: readonly MatchAction[] = CARD_NAMES.map((card, k) =>
  intern({ type: 'discard', card }, A_DISCARD, k),
);
const COLLECT: readonly MatchAction[] = CARD_NAMES.map((card, k) =>
  intern({ type: 'collect', card }, A_COLLECT, k),
);
const STACK: readonly MatchAction[] = COLOURS.map((colour, c) =>
  intern({ type: 'discardStack', colour }, A_STACK, c),
);
const WILDS: readonly MatchAction[] = Array.from({ length: NUMBER_KINDS }, (_, k) =>
  intern({ type: 'wild', colour: COLOURS[colourOf(k)]!, value: valueOf(k) }, A_WILD, k),
);

export const toAct = (s: MatchState): Seat[] => (s.phase === PHASE_OVER ? [] : [s.toPlay]);

/**
 * Legal actions in a fixed order: matching hand discards, matching stack tops, wildcard
 * declarations (30, if a wildcard is held), then collects (only when no stack top matches).
 * Two copies of a card in hand give one action.
 */
export function legalActions(s: MatchState, seat: Seat): MatchAction[] {
  const out: MatchAction[] = [];
  if (s.phase === PHASE_OVER || seat !== s.toPlay) return out;
  const m = MATCH_MASK[s.target]!;
  const hand = s.handMask[seat]!;
  for (let b = hand & m & NUMBER_MASK; b !== 0; b &= b - 1) out.push(DISCARD[31 - Math.clz32(b & -b)]!);
  const tops = s.topMask[seat]! & m;
  if (tops !== 0) {
    for (let c = 0; c < COLOUR_COUNT; c++) if ((tops >>> (c * VALUES)) & 63) out.push(STACK[c]!);
  }
  if (hand & WILD_BIT) for (let k = 0; k < NUMBER_KINDS; k++) out.push(WILDS[k]!);
  if (tops === 0) {
    for (let b = hand & ~m & NUMBER_MASK; b !== 0; b &= b - 1) out.push(COLLECT[31 - Math.clz32(b & -b)]!);
  }
  return out;
}

/** Every action shape for the seat to play; one of each kind for the others (all not their turn). */
export function candidateActions(s: MatchState, seat: Seat): MatchAction[] {
  if (s.phase === PHASE_OVER || seat !== s.toPlay) return [DISCARD[0]!, STACK[0]!, COLLECT[0]!, WILDS[0]!];
  return [...DISCARD, ...STACK, ...COLLECT, ...WILDS];
}

const cardOfAction = (v: unknown): number => {
  if (typeof v !== 'string') return -1;
  const k = kindOfToken(v);
  return k >= 0 ? k : parseCard(v);
};

const notYourTurn = (s: MatchState): EngineError =>
  engineError('not_your_turn', `It is not your turn: ${lowerFirst(describeTurn(s))}.`);

const lowerFirst = (t: string): string => t.charAt(0).toLowerCase() + t.slice(1);

const INVALID_DECLARATION = 'Declare one colour (r, y, g, b, p) and one number from 0 to 5, e.g. "wild r3".';

export function applyInPlace(
  s: MatchState,
  seat: Seat,
  action: unknown,
  events?: GameEvent<MatchEvent>[],
): EngineError | null {
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.players) {
    return engineError('invalid_seat', `Seats are numbered 0 to ${s.players - 1}.`);
  }
  if (s.phase === PHASE_OVER) return engineError('game_over', 'The game is over: nobody is to play.');
  if (typeof action !== 'object' || action === null) {
    return engineError('malformed_action', 'An action is an object like {"type":"discard","card":"r3"}.');
  }
  const decoded = (action as Decoded)[DECODED];
  if (decoded !== undefined) {
    // An interned action: already validated when it was built.
    if (seat !== s.toPlay) return notYourTurn(s);
    const arg = decoded >> 2;
    switch (decoded & 3) {
      case A_DISCARD:
        return applyDiscard(s, seat, arg, events);
      case A_COLLECT:
        return applyCollect(s, seat, arg, events);
      case A_STACK:
        return applyStack(s, seat, arg, events);
      default:
        return applyWild(s, seat, arg, events);
    }
  }
  const a = action as { type?: unknown; card?: unknown; colour?: unknown; value?: unknown };
  switch (a.type) {
    case 'discard':
    case 'collect': {
      const kind = cardOfAction(a.card);
      if (kind < 0) {
        return engineError('malformed_action', `A ${a.type} action needs a "card" such as "r3".`);
      }
      if (seat !== s.toPlay) return notYourTurn(s);
      return a.type === 'discard' ? applyDiscard(s, seat, kind, events) : applyCollect(s, seat, kind, events);
    }
    case 'discardStack': {
      const colour = typeof a.colour === 'string' ? parseColour(a.colour) : -1;
      if (colour < 0) {
        return engineError('malformed_action', 'A discardStack action needs a "colour": r, y, g, b or p.');
      }
      if (seat !== s.toPlay) return notYourTurn(s);
      return applyStack(s, seat, colour, events);
    }
    case 'wild': {
      if (a.colour === undefined || a.value === undefined) {
        return engineError(
          'declaration_required',
          'A wildcard is discarded with a declared colour and number, e.g. "wild r3" (MA-7).',
        );
      }
      const colour = typeof a.colour === 'string' ? parseColour(a.colour) : -1;
      const value = a.value;
      if (
        colour < 0 ||
        typeof value !== 'number' ||
        !Number.isInteger(value) ||
        value < 0 ||
        value >= VALUES
      ) {
        return engineError('invalid_declaration', INVALID_DECLARATION);
      }
      if (seat !== s.toPlay) return notYourTurn(s);
      return applyWild(s, seat, kindOf(colour, value), events);
    }
    default:
      return engineError(
        'malformed_action',
        'Unknown action type; MATCH! actions are "discard", "discardStack", "collect" and "wild".',
      );
  }
}

export function formatAction(a: MatchAction): string {
  switch (a.type) {
    case 'discard':
      return `discard ${a.card}`;
    case 'collect':
      return `collect ${a.card}`;
    case 'discardStack':
      return `discard stack:${a.colour}`;
    case 'wild':
      return `wild ${a.colour}${a.value}`;
  }
}

/**
 * Parses "discard r3", "collect g5", "discard stack:b" (also "stack b", "take b") and "wild r3"
 * (a wildcard declaring red 3). A bare card ("r3") means discard it. Text that names a wildcard
 * with something other than one colour and a number 0..5 ("wild r9", "wild 3", "w W") is an
 * `invalid_declaration`; anything else unreadable, and any non-string, is a `malformed_action`.
 */
export function parseAction(text: string): Result<MatchAction> {
  if (typeof text !== 'string') {
    return err('malformed_action', 'A MATCH! action in text is a string such as "discard r3".');
  }
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const stack = /^(?:discard |play )?(?:stack|take)[: ]?([a-z]+)$/.exec(t);
  if (stack) {
    const c = parseColour(stack[1]!);
    if (c >= 0) return ok(STACK[c]!);
  }
  const wild = /^(?:discard |play )?(?:wildcard|wild|w) ?([a-z]+) ?(\d+)$/.exec(t);
  if (wild) {
    const c = parseColour(wild[1]!);
    const v = Number(wild[2]);
    return c >= 0 && v < VALUES
      ? ok(WILDS[kindOf(c, v)]!)
      : err('invalid_declaration', `"${text}": ${INVALID_DECLARATION}`);
  }
  const collect = /^(?:collect|c) (\S+)$/.exec(t);
  if (collect) {
    const k = parseCard(collect[1]!);
    if (k >= 0) return ok(COLLECT[k]!);
  }
  const discard = /^(?:(?:discard|play|d) )?(\S+)$/.exec(t);
  if (discard) {
    const k = parseCard(discard[1]!);
    if (k >= 0) return ok(DISCARD[k]!);
  }
  // A wildcard named with a declaration that is not one ("wild 3", "wild r", "w3", "wild W").
  if (/^(?:discard |play )?(?:wildcard|wild|w)(?: .+|\d.*)$/.test(t)) {
    return err('invalid_declaration', `"${text}": ${INVALID_DECLARATION}`);
  }
  return err(
    'malformed_action',
    `"${text}" is not a MATCH! action: write "discard r3", "discard stack:b", "collect g5" or "wild r3".`,
  );
}
