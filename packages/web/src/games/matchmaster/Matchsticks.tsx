/**
 * Matchsticks as the sheets use them for bids: one stick per trick a seat predicts. Drawn in SVG;
 * `reveal` makes them pop up one after another (the simultaneous reveal).
 */
import type { CSSProperties, ReactElement } from 'react';

const STICK_W = 7;
const STICK_H = 30;

export function Matchsticks({
  count,
  reveal = false,
  className,
}: {
  count: number;
  reveal?: boolean;
  className?: string;
}): ReactElement {
  const width = Math.max(1, count) * STICK_W + 1;
  return (
    <svg
      className={`mm-sticks${reveal ? ' mm-sticks--reveal' : ''}${className ? ` ${className}` : ''}`}
      viewBox={`0 0 ${width} ${STICK_H}`}
      style={{ '--mm-stick-count': count, aspectRatio: `${width} / ${STICK_H}` } as CSSProperties}
      aria-hidden="true"
      focusable="false"
    >
      {Array.from({ length: count }, (_, i) => (
        <g
          key={i}
          className="mm-stick"
          style={{ '--mm-stick-i': i } as CSSProperties}
          transform={`translate(${i * STICK_W + 1} 0)`}
        >
          <rect
            x={1.9}
            y={6}
            width={2.6}
            height={STICK_H - 7}
            rx={0.8}
            fill="#e7c081"
            stroke="#9b7440"
            strokeWidth={0.5}
          />
          <ellipse cx={3.2} cy={5} rx={2.7} ry={4} fill="#c0392b" stroke="#7a1f16" strokeWidth={0.5} />
        </g>
      ))}
      {count === 0 && (
        <g opacity={0.45}>
          <rect
            x={1.9}
            y={6}
            width={2.6}
            height={STICK_H - 7}
            rx={0.8}
            fill="none"
            stroke="#9b7440"
            strokeWidth={0.6}
            strokeDasharray="2 1.5"
          />
        </g>
      )}
    </svg>
  );
}

/** A closed hand over hidden matchsticks: this seat has bid, the value is still secret. */
export function HiddenBid({ className }: { className?: string }): ReactElement {
  return (
    <svg className={className} viewBox="0 0 30 30" aria-hidden="true" focusable="false">
      <rect x={3} y={9} width={24} height={15} rx={3} fill="#5b3b22" stroke="#e9c98f" strokeWidth={1.2} />
      <rect x={3} y={9} width={24} height={5} rx={2} fill="#7a5232" />
      <text
        x={15}
        y={22.5}
        fontSize={9}
        fontWeight={800}
        textAnchor="middle"
        fill="#e9c98f"
        fontFamily="inherit"
      >
        ?
      </text>
    </svg>
  );
}
