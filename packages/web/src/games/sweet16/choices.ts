/**
 * The seat's legal choices sorted for the board: which grid positions can be clicked and what a
 * click there sends, and the buttons (stop, skip, pass, a Joker's value, a steal, a tryst). Every
 * entry keeps the server's notation (`LegalChoice.text`), which is what the board sends to `act`.
 * Nothing is decided here that the server did not list.
 */
import type { Sweet16Action } from '@matchbox/engine';

export interface LegalChoiceLike {
  readonly text: string;
  readonly action: unknown;
}

/** What clicking a grid position does. */
export type PosVerb = 'flip' | 'look' | 'back' | 'activate' | 'take' | 'bury';

export interface PosChoice {
  readonly verb: PosVerb;
  readonly text: string;
}

export interface Sweet16Choices {
  readonly byPos: ReadonlyMap<string, PosChoice>;
  readonly stop: string | null;
  readonly skip: string | null;
  readonly pass: string | null;
  readonly jokers: readonly { readonly value: number; readonly text: string }[];
  readonly steals: readonly { readonly card: string; readonly text: string }[];
  readonly trysts: readonly { readonly cells: readonly string[]; readonly text: string }[];
}

function asAction(action: unknown): Sweet16Action | null {
  return typeof action === 'object' &&
    action !== null &&
    typeof (action as { type?: unknown }).type === 'string'
    ? (action as Sweet16Action)
    : null;
}

export function sortChoices(legal: readonly LegalChoiceLike[]): Sweet16Choices {
  const byPos = new Map<string, PosChoice>();
  let stop: string | null = null;
  let skip: string | null = null;
  let pass: string | null = null;
  const jokers: { value: number; text: string }[] = [];
  const steals: { card: string; text: string }[] = [];
  const trysts: { cells: readonly string[]; text: string }[] = [];
  for (const choice of legal) {
    const a = asAction(choice.action);
    if (!a) continue;
    switch (a.type) {
      case 'flip':
      case 'look':
      case 'back':
      case 'activate':
      case 'take':
      case 'bury':
        byPos.set(a.pos, { verb: a.type, text: choice.text });
        break;
      case 'stop':
        stop = choice.text;
        break;
      case 'skip':
        skip = choice.text;
        break;
      case 'pass':
        pass = choice.text;
        break;
      case 'joker':
        jokers.push({ value: a.value, text: choice.text });
        break;
      case 'steal':
        steals.push({ card: a.card, text: choice.text });
        break;
      case 'tryst':
        trysts.push({ cells: a.cells, text: choice.text });
        break;
    }
  }
  jokers.sort((x, y) => x.value - y.value);
  return { byPos, stop, skip, pass, jokers, steals, trysts };
}

const key = (cells: Iterable<string>): string => [...cells].sort().join(' ');

/** The legal tryst whose cells are exactly `selected`, if any. */
export function trystFor(
  trysts: Sweet16Choices['trysts'],
  selected: ReadonlySet<string>,
): { readonly cells: readonly string[]; readonly text: string } | null {
  if (selected.size === 0) return null;
  const k = key(selected);
  return trysts.find((t) => t.cells.length === selected.size && key(t.cells) === k) ?? null;
}

/** The positions that belong to at least one legal tryst containing every selected cell. */
export function trystCells(trysts: Sweet16Choices['trysts'], selected: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const t of trysts) {
    if ([...selected].every((c) => t.cells.includes(c))) for (const c of t.cells) out.add(c);
  }
  return out;
}
