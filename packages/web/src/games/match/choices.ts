/**
 * The legal choices of a MATCH! seat, sorted by what they act on: a hand card, a stack top, or a
 * wildcard declaration. Nothing here decides what is legal: every entry comes from the server's
 * `legal` list (its `action` read for the card or colour, its `text` sent back as it is).
 */
import type { MatchAction } from '@matchbox/engine';

import { COLOURS, WILDCARD, isColour, parseCard } from '@matchbox/client/words/match';
import type { Colour } from '@matchbox/client/words/match';

export { COLOURS, WILDCARD, isColour, parseCard };
export type { Colour };
export const VALUES = [0, 1, 2, 3, 4, 5] as const;

export interface Choice {
  /** The notation to send (`discard r3`). */
  readonly text: string;
  readonly action: MatchAction;
}

export interface MatchChoices {
  /** Per hand card token (`r3`): its discard and collect choices, discard first. */
  readonly byCard: ReadonlyMap<string, readonly Choice[]>;
  /** Per colour: the choice to discard that stack's top. */
  readonly byStack: ReadonlyMap<Colour, Choice>;
  /** Wildcard declarations (discarding a `W` from the hand), by `${colour}${value}`. */
  readonly wild: ReadonlyMap<string, Choice>;
  /** How many choices there are in all. */
  readonly count: number;
}

/** A legal entry's action as a MATCH! action, or null when it is not one. */
export function asMatchAction(action: unknown): MatchAction | null {
  if (typeof action !== 'object' || action === null) return null;
  const a = action as Record<string, unknown>;
  switch (a.type) {
    case 'discard':
    case 'collect':
      return typeof a.card === 'string' ? { type: a.type, card: a.card } : null;
    case 'discardStack':
      return isColour(a.colour) ? { type: 'discardStack', colour: a.colour } : null;
    case 'wild':
      return isColour(a.colour) && typeof a.value === 'number'
        ? { type: 'wild', colour: a.colour, value: a.value }
        : null;
    default:
      return null;
  }
}

export function sortChoices(
  legal: readonly { readonly text: string; readonly action: unknown }[],
): MatchChoices {
  const byCard = new Map<string, Choice[]>();
  const byStack = new Map<Colour, Choice>();
  const wild = new Map<string, Choice>();
  let count = 0;
  for (const entry of legal) {
    const action = asMatchAction(entry.action);
    if (!action) continue;
    const choice: Choice = { text: entry.text, action };
    count++;
    switch (action.type) {
      case 'discard':
      case 'collect': {
        const list = byCard.get(action.card) ?? [];
        list.push(choice);
        list.sort((x, y) => (x.action.type === 'discard' ? 0 : 1) - (y.action.type === 'discard' ? 0 : 1));
        byCard.set(action.card, list);
        break;
      }
      case 'discardStack':
        byStack.set(action.colour as Colour, choice);
        break;
      case 'wild':
        wild.set(`${action.colour}${action.value}`, choice);
        break;
    }
  }
  return { byCard, byStack, wild, count };
}
