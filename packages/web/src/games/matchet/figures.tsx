/** The rules page's pictures of this game (rules/figures.tsx finds them), drawn with the board's own components. */
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { FigureProps } from '../../rules/figures.tsx';
import { boundsOf, parseSide, pointsAttr, corners } from './geometry.ts';
import { TileShape } from './Tile.tsx';
import './matchet.css';

/** A MATCHET exceptional play. */
const MATCHET_TILES: readonly { row: number; col: number; sides: Record<string, string> }[] = [
  { row: 0, col: 0, sides: { R: 'R8', B: 'B4', L: 'Y1' } },
  { row: 1, col: 0, sides: { T: 'B4', R: 'Y3', L: 'R9' } },
  { row: 1, col: 1, sides: { L: 'Y7', R: 'R6', B: 'B2' } },
  { row: 1, col: 2, sides: { L: 'R6', T: 'B2', R: 'Y9' } },
  { row: 0, col: 2, sides: { B: 'B8', L: 'Y5', R: 'R3' } },
  { row: 0, col: 1, sides: { L: 'R7', R: 'Y5', T: 'B6' } },
];

function MatchetExceptional({ labels }: FigureProps): ReactElement {
  const { t } = useTranslation('matchet');
  const letters = { R: t('letter.R'), Y: t('letter.Y'), B: t('letter.B') };
  const b = boundsOf(MATCHET_TILES, 6)!;
  const fresh = MATCHET_TILES[MATCHET_TILES.length - 1]!;
  const [top] = corners(fresh.row, fresh.col);
  return (
    <div className="mt rf-matchet">
      <svg
        className="rf-board"
        viewBox={`${b.minX} ${b.minY - 14} ${b.maxX - b.minX} ${b.maxY - b.minY + 14}`}
        aria-hidden="true"
        focusable="false"
      >
        {MATCHET_TILES.map((tile) => {
          const sides = Object.fromEntries(
            Object.entries(tile.sides).map(([dir, s]) => [dir, parseSide(s)!]),
          );
          return <TileShape key={`${tile.row},${tile.col}`} {...tile} sides={sides} letters={letters} />;
        })}
        <polygon className="rf-fresh" points={pointsAttr(corners(fresh.row, fresh.col))} />
        <text className="rf-svg-label" x={top.x + 30} y={top.y - 4} textAnchor="middle">
          {labels[0]}
        </text>
      </svg>
    </div>
  );
}

export const FIGURES = { exceptional: MatchetExceptional };
