/**
 * A MatchMaster card drawn in SVG: the face in its suit's colour, the rank large in the middle,
 * the suit's shape and letter code in the corners, and for the trump suit a gold frame and a
 * "trump" ribbon. `MiniBack` is a face-down card for the other seats' hands.
 */
import type { ReactElement } from 'react';
import type { CardFace } from './cards.ts';
import { SUIT_STYLE, suitPath } from './cards.ts';

export const CARD_W = 64;
export const CARD_H = 92;

export interface CardArtProps {
  face: CardFace;
  /** The suit's letter code in the current language (DO, LO, DB, LB / DO, HO, DB, HB). */
  code: string;
  /** True for the trump suit: gold frame and a ribbon with `trumpLabel`. */
  trump: boolean;
  trumpLabel: string;
  className?: string;
}

/** The card's picture; the surrounding element carries its name for assistive technology. */
export function CardArt({ face, code, trump, trumpLabel, className }: CardArtProps): ReactElement {
  const st = SUIT_STYLE[face.suit];
  const rank = String(face.rank);
  return (
    <svg
      className={className}
      viewBox={`0 0 ${CARD_W} ${CARD_H}`}
      aria-hidden="true"
      focusable="false"
      data-suit={face.suit}
    >
      <rect
        x={1}
        y={1}
        width={CARD_W - 2}
        height={CARD_H - 2}
        rx={7}
        fill={st.fill}
        stroke={trump ? '#ffd34d' : st.edge}
        strokeWidth={trump ? 3 : 1.5}
      />
      {trump && (
        <rect
          x={5}
          y={5}
          width={CARD_W - 10}
          height={CARD_H - 10}
          rx={4}
          fill="none"
          stroke="#ffd34d"
          strokeWidth={0.8}
          strokeDasharray="3 2"
        />
      )}
      {/* corner index: rank over shape, top left; shape and code, bottom right */}
      <text x={8} y={19} fontSize={15} fontWeight={700} fill={st.ink} textAnchor="start" fontFamily="inherit">
        {rank}
      </text>
      <path d={suitPath(face.suit, 13, 28, 5)} fill={st.ink} />
      <path d={suitPath(face.suit, CARD_W - 13, CARD_H - 29, 5)} fill={st.ink} />
      <text
        x={CARD_W - 8}
        y={CARD_H - 10}
        fontSize={9}
        fontWeight={700}
        fill={st.ink}
        textAnchor="end"
        fontFamily="inherit"
      >
        {code}
      </text>
      {/* the big rank and a large shape behind it */}
      <path d={suitPath(face.suit, CARD_W / 2, CARD_H / 2, 17)} fill={st.ink} opacity={0.16} />
      <text
        x={CARD_W / 2}
        y={CARD_H / 2 + 11}
        fontSize={rank.length > 1 ? 28 : 32}
        fontWeight={800}
        fill={st.ink}
        textAnchor="middle"
        fontFamily="inherit"
      >
        {rank}
      </text>
      {trump && (
        <g>
          <rect x={5} y={CARD_H - 21} width={36} height={12} rx={3} fill="#ffd34d" />
          <text
            x={23}
            y={CARD_H - 12}
            fontSize={7.5}
            fontWeight={800}
            fill="#5c2000"
            textAnchor="middle"
            fontFamily="inherit"
          >
            {trumpLabel}
          </text>
        </g>
      )}
    </svg>
  );
}

/** A small face-down card (the back shows a matchstick), for card counts. */
export function MiniBack({ className }: { className?: string }): ReactElement {
  return (
    <svg className={className} viewBox="0 0 20 28" aria-hidden="true" focusable="false">
      <rect
        x={0.75}
        y={0.75}
        width={18.5}
        height={26.5}
        rx={3}
        fill="#3d2a1a"
        stroke="#e9c98f"
        strokeWidth={1.2}
      />
      <rect x={9} y={8} width={2} height={15} rx={1} fill="#e9c98f" />
      <ellipse cx={10} cy={7} rx={2.2} ry={2.8} fill="#c0392b" />
    </svg>
  );
}
