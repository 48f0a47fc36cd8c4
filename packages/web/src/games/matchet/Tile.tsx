/**
 * A MATCHET tile drawn in SVG: three coloured wedges, one per side, each with its colour's letter
 * and its number (colour is never the only cue), in board units on the cell it lies on.
 */
import type { ReactElement } from 'react';
import type { TileSide } from './geometry.ts';
import {
  centroid,
  corners,
  dirsOf,
  isUp,
  pointsAttr,
  sideEnds,
  sidesFacing,
  SIDE,
  HEIGHT,
} from './geometry.ts';

export type Letters = Readonly<Record<string, string>>;

/** How far inside its side a label's centre lies, in board units. */
const LABEL_INSET = 8.6;

interface TileShapeProps {
  readonly row: number;
  readonly col: number;
  /** The sides by the direction they face on this cell. */
  readonly sides: Readonly<Record<string, TileSide>>;
  readonly letters: Letters;
  readonly className?: string;
  /** Labels larger than on the board (the icons) sit further inside. */
  readonly labelScale?: number;
}

/** The tile on its cell (inside the board's SVG). */
export function TileShape(props: TileShapeProps): ReactElement {
  const { row, col, sides, letters, className } = props;
  const g = centroid(row, col);
  const up = isUp(row, col);
  return (
    <g className={`mt-tile${className ? ` ${className}` : ''}`} aria-hidden="true">
      {dirsOf(up).map((dir) => {
        const side = sides[dir];
        const [a, b] = sideEnds(row, col, dir);
        const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
        // The label runs along its side, a little inside, never upside down.
        const toG = Math.hypot(g.x - mid.x, g.y - mid.y);
        const inset = LABEL_INSET * (props.labelScale ?? 1);
        const at = { x: mid.x + ((g.x - mid.x) * inset) / toG, y: mid.y + ((g.y - mid.y) * inset) / toG };
        let angle = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
        if (angle > 90) angle -= 180;
        if (angle <= -90) angle += 180;
        return (
          <g key={dir}>
            <polygon className={`mt-wedge mt-c-${side?.colour ?? 'none'}`} points={pointsAttr([g, a, b])} />
            {side && (
              <text
                className="mt-num"
                x={at.x}
                y={at.y}
                textAnchor="middle"
                dominantBaseline="central"
                transform={`rotate(${angle.toFixed(1)} ${at.x.toFixed(2)} ${at.y.toFixed(2)})`}
              >
                <tspan className="mt-letter">{letters[side.colour] ?? side.colour}</tspan>
                {side.value}
              </text>
            )}
          </g>
        );
      })}
      <polygon className="mt-outline" points={pointsAttr(corners(row, col))} />
    </g>
  );
}

interface TileIconProps {
  /** The sides clockwise from red, as `tileSides` gives them. */
  readonly sides: readonly TileSide[];
  readonly letters: Letters;
  /** Width in CSS pixels. */
  readonly size?: number;
  readonly className?: string;
}

/** A tile on its own, upright with the red side down (the way the first tile is laid). */
export function TileIcon({ sides, letters, size = 56, className }: TileIconProps): ReactElement {
  const pad = 2;
  return (
    <svg
      className={`mt-icon${className ? ` ${className}` : ''}`}
      width={size}
      height={(size * HEIGHT) / SIDE}
      viewBox={`${-SIDE / 2 - pad} ${-pad} ${SIDE + 2 * pad} ${HEIGHT + 2 * pad}`}
      aria-hidden="true"
      focusable="false"
    >
      <TileShape row={0} col={0} sides={sidesFacing(sides, true, 'B')} letters={letters} labelScale={1.1} />
    </svg>
  );
}
