/**
 * How MatchMaster's cards look: the notation (`do13`) split into suit and rank, and each suit's
 * colours and shape. Nothing here decides what may be played; that comes from the server's `legal`.
 *
 * Colour-blind safety: the two oranges and the two blues differ in lightness as well as hue, and
 * every suit has its own shape (dark orange a crown, light orange a circle, dark blue a square,
 * light blue a triangle) and a letter code, so a card reads without telling the colours apart.
 */
import type { MatchMasterAction } from '@matchbox/engine';
import type { LegalChoice } from '@matchbox/client';
import { SUITS, parseCard } from '@matchbox/client/words/matchmaster';
import type { CardFace, Suit } from '@matchbox/client/words/matchmaster';

export { SUITS, parseCard };
export type { CardFace, Suit };

export interface SuitStyle {
  /** The card's face colour. */
  readonly fill: string;
  /** Text and shapes drawn on the face. */
  readonly ink: string;
  /** The card's edge. */
  readonly edge: string;
}

export const SUIT_STYLE: Record<Suit, SuitStyle> = {
  do: { fill: '#a83c00', ink: '#ffffff', edge: '#5c2000' },
  lo: { fill: '#ffc163', ink: '#3d2200', edge: '#b87a1d' },
  db: { fill: '#1b3a7a', ink: '#ffffff', edge: '#0b1c40' },
  lb: { fill: '#a9dcf7', ink: '#0b2a4a', edge: '#4b8fbf' },
};

/** A suit's outline centred on (cx, cy), about 2 * s across, as an SVG path. */
export function suitPath(suit: Suit, cx: number, cy: number, s: number): string {
  const p = (x: number, y: number): string => `${(cx + x * s).toFixed(2)},${(cy + y * s).toFixed(2)}`;
  switch (suit) {
    case 'do': // a crown: dark orange is the trump suit
      return `M${p(-1, 0.75)} L${p(-1, -0.55)} L${p(-0.5, -0.05)} L${p(0, -0.85)} L${p(0.5, -0.05)} L${p(1, -0.55)} L${p(1, 0.75)} Z`;
    case 'lo': {
      const r = 0.9 * s;
      return `M${(cx - r).toFixed(2)},${cy.toFixed(2)} a${r},${r} 0 1,0 ${2 * r},0 a${r},${r} 0 1,0 ${-2 * r},0 Z`;
    }
    case 'db':
      return `M${p(-0.8, -0.8)} L${p(0.8, -0.8)} L${p(0.8, 0.8)} L${p(-0.8, 0.8)} Z`;
    case 'lb':
      return `M${p(0, -0.95)} L${p(1, 0.8)} L${p(-1, 0.8)} Z`;
  }
}

/** The legal choices split into bids (ascending) and playable cards, from each choice's action. */
export function splitLegal(legal: readonly LegalChoice[]): {
  bids: { text: string; bid: number }[];
  plays: Map<string, string>;
} {
  const bids: { text: string; bid: number }[] = [];
  const plays = new Map<string, string>();
  for (const choice of legal) {
    const action = choice.action as MatchMasterAction | null;
    if (action?.type === 'bid') bids.push({ text: choice.text, bid: action.bid });
    else if (action?.type === 'play') plays.set(action.card, choice.text);
  }
  bids.sort((a, b) => a.bid - b.bid);
  return { bids, plays };
}
