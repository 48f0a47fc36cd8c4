/**
 * Sweet16's cards drawn in SVG: a face (rank and suit symbol, four suit colours that differ in
 * shape as well as colour), a back (with what this viewer privately knows about the card drawn on
 * it: a look this turn, a remembered card, "not a heart"), and a cell that turns between the two
 * with a CSS flip.
 */
import { useEffect, useState } from 'react';
import type { CSSProperties, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Suit } from './notation.ts';
import { parseCard } from './notation.ts';

/** Suit colours (Paul Tol's colour-blind-safe "vibrant" set, spades near black). */
export const SUIT_COLOURS: Record<Suit | 'X', string> = {
  C: '#00796b',
  D: '#0067a5',
  H: '#c62d14',
  S: '#1f1f1f',
  X: '#9c2f72',
};

/** A suit symbol (or the Joker's star) filling the box (x, y, size, size). */
export function SuitShape({
  suit,
  x,
  y,
  size,
  fill,
}: {
  suit: Suit | 'X';
  x: number;
  y: number;
  size: number;
  fill?: string;
}): ReactElement {
  const colour = fill ?? SUIT_COLOURS[suit];
  const s = size / 100;
  const transform = `translate(${x} ${y}) scale(${s})`;
  switch (suit) {
    case 'D':
      return <path transform={transform} fill={colour} d="M50 0 L90 50 L50 100 L10 50 Z" />;
    case 'H':
      return (
        <path
          transform={transform}
          fill={colour}
          d="M50 95 C22 72 2 54 2 30 C2 13 14 3 28 3 C39 3 47 10 50 20 C53 10 61 3 72 3 C86 3 98 13 98 30 C98 54 78 72 50 95 Z"
        />
      );
    case 'S':
      return (
        <path
          transform={transform}
          fill={colour}
          d="M50 2 C76 26 98 42 98 63 C98 78 87 87 74 87 C65 87 58 83 54 76 C55 86 59 93 68 98 L32 98 C41 93 45 86 46 76 C42 83 35 87 26 87 C13 87 2 78 2 63 C2 42 24 26 50 2 Z"
        />
      );
    case 'C':
      return (
        <g transform={transform} fill={colour}>
          <circle cx="50" cy="27" r="22" />
          <circle cx="25" cy="60" r="22" />
          <circle cx="75" cy="60" r="22" />
          <circle cx="50" cy="52" r="12" />
          <path d="M46 55 C46 78 42 90 31 98 L69 98 C58 90 54 78 54 55 Z" />
        </g>
      );
    case 'X':
      return (
        <path
          transform={transform}
          fill={colour}
          d="M50 2 L62 37 L98 37 L69 59 L80 95 L50 73 L20 95 L31 59 L2 37 L38 37 Z"
        />
      );
  }
}

/** The rank as printed on the face in the current language (`B` for a German jack, ...). */
export function useRankLetter(): (rank: string) => string {
  const { t } = useTranslation('sweet16');
  return (rank: string) =>
    rank === 'X' ? t('card.jokerShort') : /^[AJQK]$/.test(rank) ? t(`card.short.${rank}`) : rank;
}

/** A card's face in a 60 x 84 box. */
export function CardFaceSvg({ card, className }: { card: string; className?: string }): ReactElement | null {
  const rankLetter = useRankLetter();
  const face = parseCard(card);
  if (!face) return null;
  const suit = face.suit ?? 'X';
  const colour = SUIT_COLOURS[suit];
  const text = rankLetter(face.rank);
  return (
    <svg className={className} viewBox="0 0 60 84" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="58" height="82" rx="6" fill="#fffdf7" stroke="#7d7d7d" strokeWidth="1.5" />
      <text
        x="5"
        y="27"
        fontSize={text.length > 1 ? 21 : 27}
        fontWeight="700"
        fill={colour}
        letterSpacing={text.length > 1 ? -1.5 : 0}
        fontFamily="system-ui, 'Segoe UI', Roboto, sans-serif"
      >
        {text}
      </text>
      <SuitShape suit={suit} x={6} y={32} size={15} />
      <SuitShape suit={suit} x={23} y={44} size={33} />
    </svg>
  );
}

export interface BackMarks {
  /** A card this viewer looked at this turn (shown only to it). */
  readonly peek?: string | undefined;
  /** A card this viewer remembers here (memory aid). */
  readonly memory?: { readonly card: string; readonly turn: number } | undefined;
  /** Known not to be a heart. */
  readonly notHeart?: boolean;
}

/** A card this viewer looked at this turn: large, in a gold frame. */
function Glimpse({ card }: { card: string }): ReactElement | null {
  const rankLetter = useRankLetter();
  const face = parseCard(card);
  if (!face) return null;
  const suit = face.suit ?? 'X';
  const text = rankLetter(face.rank);
  return (
    <g>
      <rect x="7" y="12" width="46" height="52" rx="5" fill="#fffdf7" stroke="#f2b705" strokeWidth="3" />
      <text
        x="30"
        y="37"
        textAnchor="middle"
        fontSize={text.length > 1 ? 19 : 22}
        fontWeight="700"
        fill={SUIT_COLOURS[suit]}
        fontFamily="system-ui, 'Segoe UI', Roboto, sans-serif"
      >
        {text}
      </text>
      <SuitShape suit={suit} x={21} y={41} size={18} />
    </g>
  );
}

/** A card this viewer remembers (memory aid): a small note at the foot of the back. */
function Remembered({ card }: { card: string }): ReactElement | null {
  const rankLetter = useRankLetter();
  const face = parseCard(card);
  if (!face) return null;
  const suit = face.suit ?? 'X';
  const text = rankLetter(face.rank);
  return (
    <g>
      <rect
        x="5"
        y="53"
        width="50"
        height="26"
        rx="4"
        fill="#fffdf7"
        fillOpacity="0.9"
        stroke="#17294a"
        strokeWidth="1.2"
        strokeDasharray="3 2"
      />
      <text
        x={text.length > 1 ? 27 : 29}
        y="73"
        textAnchor="end"
        fontSize={text.length > 1 ? 16 : 19}
        fontWeight="700"
        fill={SUIT_COLOURS[suit]}
        fontFamily="system-ui, 'Segoe UI', Roboto, sans-serif"
      >
        {text}
      </text>
      <SuitShape suit={suit} x={32} y={57} size={18} />
    </g>
  );
}

/** A card's back in a 60 x 84 box, with what this viewer knows about it. */
export function CardBackSvg({ marks }: { marks?: BackMarks }): ReactElement {
  return (
    <svg viewBox="0 0 60 84" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="58" height="82" rx="6" fill="#2c4a7a" stroke="#17294a" strokeWidth="1.5" />
      <rect x="5" y="5" width="50" height="74" rx="3.5" fill="none" stroke="#9fb7dd" strokeWidth="1.2" />
      <path
        d="M5 20 L20 5 M5 38 L38 5 M5 56 L55 6 M5 74 L55 24 M14 79 L55 42 M32 79 L55 60 M50 79 L55 74 M5 64 L20 79 M5 46 L38 79 M5 28 L55 78 M6 10 L55 60 M24 5 L55 36 M42 5 L55 18"
        stroke="#4d6ea5"
        strokeWidth="1.4"
      />
      {marks?.peek ? (
        <Glimpse card={marks.peek} />
      ) : marks?.memory ? (
        <Remembered card={marks.memory.card} />
      ) : null}
      {marks?.notHeart ? (
        <g>
          <circle cx="15" cy="15" r="10" fill="#ffffff" stroke="#17294a" strokeWidth="1" />
          <SuitShape suit="H" x={8.5} y={8.5} size={13} />
          <path d="M8 22 L22 8" stroke="#17294a" strokeWidth="2.2" strokeLinecap="round" />
        </g>
      ) : null}
    </svg>
  );
}

/**
 * A grid card that flips: `card` is the face when it is face up (null when face down). After it
 * turns face down the old face stays on the hidden side only for the length of the animation.
 */
export function FlipCard({
  card,
  marks,
  style,
}: {
  card: string | null;
  marks?: BackMarks;
  style?: CSSProperties;
}): ReactElement {
  const [lastFace, setLastFace] = useState<string | null>(card);
  useEffect(() => {
    if (card !== null) {
      setLastFace(card);
      return undefined;
    }
    const timer = setTimeout(() => setLastFace(null), 600);
    return () => clearTimeout(timer);
  }, [card]);
  const face = card ?? lastFace;
  return (
    <span className={`s16-flip ${card !== null ? 's16-flip--up' : 's16-flip--down'}`} style={style}>
      <span className="s16-flip-inner">
        <span className="s16-flip-face s16-flip-front">{face ? <CardFaceSvg card={face} /> : null}</span>
        <span className="s16-flip-face s16-flip-back">
          <CardBackSvg {...(marks ? { marks } : {})} />
        </span>
      </span>
    </span>
  );
}

/** A small face-up card for lists (the turn's flips, diamonds, the set being scored). */
export function MiniCard({ card, title }: { card: string; title?: string }): ReactElement {
  return (
    <span className="s16-mini" title={title}>
      <CardFaceSvg card={card} />
    </span>
  );
}
