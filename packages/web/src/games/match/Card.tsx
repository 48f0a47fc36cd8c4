/**
 * MATCH! cards drawn in SVG. Each colour has a colour-blind-safe fill (after Okabe and Ito) and
 * its own shape in the corners, so a card reads without telling the colours apart:
 * red circle, yellow triangle, green square, blue diamond, purple star.
 */
import type { ReactElement } from 'react';
import { useId } from 'react';
import type { Colour } from './choices.ts';
import { parseCard } from './choices.ts';

export const FILL: Record<Colour, string> = {
  r: '#d55e00',
  y: '#f0e442',
  g: '#009e73',
  b: '#0072b2',
  p: '#8e5bb5',
};
/** Ink for text and shapes drawn straight on the colour. */
export const INK: Record<Colour, string> = { r: '#fff', y: '#1d1d1d', g: '#fff', b: '#fff', p: '#fff' };

/** A colour's shape centred on (cx, cy), about 2 * s across. */
export function Shape({
  colour,
  cx,
  cy,
  s,
  fill,
  stroke,
}: {
  colour: Colour;
  cx: number;
  cy: number;
  s: number;
  fill: string;
  stroke?: string | undefined;
}): ReactElement {
  const common = { fill, stroke: stroke ?? 'none', strokeWidth: stroke ? s * 0.18 : 0 };
  switch (colour) {
    case 'r':
      return <circle cx={cx} cy={cy} r={s * 0.9} {...common} />;
    case 'y':
      return (
        <polygon points={`${cx},${cy - s} ${cx + s},${cy + s * 0.8} ${cx - s},${cy + s * 0.8}`} {...common} />
      );
    case 'g':
      return <rect x={cx - s * 0.8} y={cy - s * 0.8} width={s * 1.6} height={s * 1.6} {...common} />;
    case 'b':
      return (
        <polygon points={`${cx},${cy - s} ${cx + s},${cy} ${cx},${cy + s} ${cx - s},${cy}`} {...common} />
      );
    case 'p': {
      const pts: string[] = [];
      for (let i = 0; i < 10; i++) {
        const r = i % 2 === 0 ? s * 1.05 : s * 0.45;
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        pts.push(`${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`);
      }
      return <polygon points={pts.join(' ')} {...common} />;
    }
  }
}

const W = 60;
const H = 84;

export interface CardProps {
  /** Notation: `r3`, `W`; or a declaration shown as a card (`declared`). */
  readonly card: string;
  /** The accessible name; when absent the card is decorative (its button names it). */
  readonly label?: string;
  /** Drawn as a declaration: a dashed outline, not a real card. */
  readonly declared?: boolean;
  readonly className?: string;
}

/** One card face. */
export function Card({ card, label, declared, className }: CardProps): ReactElement {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  const parsed = parseCard(card);
  const svg = (children: ReactElement | ReactElement[]): ReactElement => (
    <svg
      className={`ma-card${className ? ` ${className}` : ''}`}
      viewBox={`0 0 ${W} ${H}`}
      data-card={card}
      focusable="false"
      {...a11y}
    >
      {label ? <title>{label}</title> : null}
      {children}
    </svg>
  );
  if (!parsed) return svg(<WildFace />);
  const { colour, value } = parsed;
  const fill = FILL[colour];
  const ink = INK[colour];
  return svg([
    <rect
      key="bg"
      x={1}
      y={1}
      width={W - 2}
      height={H - 2}
      rx={6}
      fill={declared ? '#fff' : fill}
      stroke={declared ? fill : '#1d1d1d'}
      strokeWidth={declared ? 3 : 1.2}
      strokeDasharray={declared ? '6 4' : undefined}
    />,
    <ellipse
      key="oval"
      cx={W / 2}
      cy={H / 2}
      rx={19}
      ry={26}
      fill={declared ? fill : '#fff'}
      transform={`rotate(18 ${W / 2} ${H / 2})`}
    />,
    <text
      key="value"
      x={W / 2}
      y={H / 2 + 12}
      textAnchor="middle"
      fontSize={34}
      fontWeight={800}
      fontFamily="system-ui, sans-serif"
      fill={declared ? ink : '#1d1d1d'}
    >
      {value}
    </text>,
    <Shape
      key="tl"
      colour={colour}
      cx={10}
      cy={11}
      s={6}
      fill={declared ? fill : ink}
      stroke={declared ? undefined : '#1d1d1d'}
    />,
    <Shape
      key="br"
      colour={colour}
      cx={W - 10}
      cy={H - 11}
      s={6}
      fill={declared ? fill : ink}
      stroke={declared ? undefined : '#1d1d1d'}
    />,
    <text
      key="corner"
      x={W - 9}
      y={16}
      textAnchor="middle"
      fontSize={13}
      fontWeight={700}
      fontFamily="system-ui, sans-serif"
      fill={declared ? '#1d1d1d' : ink}
    >
      {value}
    </text>,
  ]);
}

/** The wildcard: a dark card with a wheel of the five colours and their shapes. */
function WildFace(): ReactElement {
  const cx = W / 2;
  const cy = H / 2;
  const slices = (['r', 'y', 'g', 'b', 'p'] as const).map((c, i) => {
    const a0 = -Math.PI / 2 + (i * 2 * Math.PI) / 5;
    const a1 = a0 + (2 * Math.PI) / 5;
    const r = 22;
    const d = `M${cx},${cy} L${(cx + r * Math.cos(a0)).toFixed(2)},${(cy + r * Math.sin(a0)).toFixed(2)} A${r},${r} 0 0 1 ${(cx + r * Math.cos(a1)).toFixed(2)},${(cy + r * Math.sin(a1)).toFixed(2)} Z`;
    const am = (a0 + a1) / 2;
    return (
      <g key={c}>
        <path d={d} fill={FILL[c]} stroke="#1d1d1d" strokeWidth={0.8} />
        <Shape colour={c} cx={cx + 13 * Math.cos(am)} cy={cy + 13 * Math.sin(am)} s={3.6} fill={INK[c]} />
      </g>
    );
  });
  return (
    <>
      <rect
        x={1}
        y={1}
        width={W - 2}
        height={H - 2}
        rx={6}
        fill="#262626"
        stroke="#1d1d1d"
        strokeWidth={1.2}
      />
      {slices}
      <circle cx={cx} cy={cy} r={6} fill="#262626" />
      <text
        x={10}
        y={15}
        textAnchor="middle"
        fontSize={13}
        fontWeight={800}
        fontFamily="system-ui, sans-serif"
        fill="#fff"
      >
        ★
      </text>
      <text
        x={W - 10}
        y={H - 6}
        textAnchor="middle"
        fontSize={13}
        fontWeight={800}
        fontFamily="system-ui, sans-serif"
        fill="#fff"
      >
        ★
      </text>
    </>
  );
}

/** A face-down card. */
export function CardBack({ label, className }: { label?: string; className?: string }): ReactElement {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  const pattern = `ma-back-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg
      className={`ma-card ma-back${className ? ` ${className}` : ''}`}
      viewBox={`0 0 ${W} ${H}`}
      focusable="false"
      {...a11y}
    >
      {label ? <title>{label}</title> : null}
      <defs>
        <pattern
          id={pattern}
          width="8"
          height="8"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <rect width="8" height="8" fill="#23395d" />
          <rect width="4" height="8" fill="#2c4a78" />
        </pattern>
      </defs>
      <rect
        x={1}
        y={1}
        width={W - 2}
        height={H - 2}
        rx={6}
        fill={`url(#${pattern})`}
        stroke="#1d1d1d"
        strokeWidth={1.2}
      />
      <rect
        x={7}
        y={7}
        width={W - 14}
        height={H - 14}
        rx={4}
        fill="none"
        stroke="#f3e9c6"
        strokeWidth={1.5}
      />
      <circle cx={W / 2} cy={H / 2} r={9} fill="#f3e9c6" />
      <circle cx={W / 2} cy={H / 2} r={4} fill="#d55e00" />
    </svg>
  );
}

/** An empty stack place: a dashed outline with the colour's shape. */
export function EmptySlot({ colour, className }: { colour: Colour; className?: string }): ReactElement {
  return (
    <svg
      className={`ma-card ma-empty${className ? ` ${className}` : ''}`}
      viewBox={`0 0 ${W} ${H}`}
      focusable="false"
      aria-hidden
    >
      <rect
        x={2}
        y={2}
        width={W - 4}
        height={H - 4}
        rx={6}
        fill="none"
        stroke={FILL[colour]}
        strokeWidth={2.5}
        strokeDasharray="6 4"
      />
      <Shape colour={colour} cx={W / 2} cy={H / 2} s={10} fill={FILL[colour]} stroke="#1d1d1d" />
    </svg>
  );
}
