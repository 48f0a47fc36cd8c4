/**
 * The board picture: the placed tiles, the legal spots of the chosen tile and a preview of the
 * placement on the spot under the pointer or with the focus. Pans with a drag, zooms with the
 * wheel, a pinch or the buttons, and fits the tiles in view until the player moves it (panzoom.ts).
 */
import { useRef, useState } from 'react';
import type { ReactElement, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { MatchetBoardTile, MatchetCell } from '@matchbox/engine';
import type { TileSide } from './geometry.ts';
import { centroid, corners, isUp, parseSide, pointsAttr, sidesFacing } from './geometry.ts';
import type { Placement, Spot } from './legal.ts';
import { cellKey } from './legal.ts';
import type { PanZoom } from './panzoom.ts';
import { usePanZoom } from './panzoom.ts';
import type { Letters } from './Tile.tsx';
import { TileShape } from './Tile.tsx';

export interface BoardViewProps {
  readonly tiles: readonly MatchetBoardTile[];
  readonly last: MatchetCell | null;
  readonly letters: Letters;
  /** Cells of tiles placed in the latest update (drawn with a short animation). */
  readonly fresh: ReadonlySet<string>;
  /** The chosen tile's sides clockwise from red, for the preview. */
  readonly tileSides: readonly TileSide[];
  readonly spots: readonly Spot[];
  /** The spot chosen (focus or tap), and the turn chosen on each spot. */
  readonly selectedKey: string | null;
  readonly placementOf: (spot: Spot) => Placement;
  readonly spotLabel: (spot: Spot) => string;
  readonly onSelect: (key: string) => void;
  readonly onRotate: (key: string, step: number) => void;
  readonly onPlace: (key: string) => void;
  readonly busy: boolean;
}

export function BoardView(props: BoardViewProps): ReactElement {
  const { tiles, last, spots, selectedKey } = props;
  const { t } = useTranslation('matchet');
  const view = usePanZoom(tiles, spots, last);
  const { tf } = view;
  const [hoverKey, setHoverKey] = useState<string | null>(null);
  // The spot under the pointer, else the chosen one (a hovered spot may be gone with an update).
  const previewSpot =
    spots.find((s) => s.key === hoverKey) ?? spots.find((s) => s.key === selectedKey) ?? null;

  return (
    <div className="mt-board-wrap">
      <svg
        ref={view.svgRef}
        className="mt-board"
        role="group"
        tabIndex={0}
        aria-label={t('board.label', { count: tiles.length })}
        aria-describedby="mt-board-help"
        {...view.pointer}
        onKeyDown={view.onKeyDown}
      >
        <g transform={`translate(${tf.x.toFixed(2)} ${tf.y.toFixed(2)}) scale(${tf.k.toFixed(4)})`}>
          <PlacedTiles tiles={tiles} last={last} letters={props.letters} fresh={props.fresh} />
          <SpotMarks props={props} view={view} setHoverKey={setHoverKey} />
          {previewSpot && (
            <Preview
              spot={previewSpot}
              placement={props.placementOf(previewSpot)}
              tileSides={props.tileSides}
              letters={props.letters}
            />
          )}
        </g>
      </svg>
      <div className="mt-zoom" role="group" aria-label={t('zoom.group')}>
        <button type="button" onClick={() => view.zoom(1.25)} aria-label={t('zoom.in')}>
          +
        </button>
        <button type="button" onClick={() => view.zoom(0.8)} aria-label={t('zoom.out')}>
          −
        </button>
        <button type="button" onClick={view.fit} aria-label={t('zoom.fit')}>
          ⤢
        </button>
      </div>
    </div>
  );
}

/** The tiles on the board, the latest ones marked, and a ring around the last one. */
function PlacedTiles({
  tiles,
  last,
  letters,
  fresh,
}: Pick<BoardViewProps, 'tiles' | 'last' | 'letters' | 'fresh'>): ReactElement {
  return (
    <>
      {tiles.map((p) => {
        const sides: Record<string, TileSide> = {};
        for (const [dir, text] of Object.entries(p.sides)) {
          const s = parseSide(text);
          if (s) sides[dir] = s;
        }
        const key = cellKey(p.row, p.col);
        const isLast = last !== null && last.row === p.row && last.col === p.col;
        return (
          <g key={p.tile} data-tile={p.tile} data-cell={key}>
            <TileShape
              row={p.row}
              col={p.col}
              sides={sides}
              letters={letters}
              className={`${fresh.has(key) ? 'mt-fresh' : ''}${isLast ? ' mt-last' : ''}`}
            />
          </g>
        );
      })}
      {last && (
        <polygon
          className="mt-last-ring"
          points={pointsAttr(corners(last.row, last.col))}
          aria-hidden="true"
        />
      )}
    </>
  );
}

/**
 * The chosen tile's spots: a click chooses one and a second click places the tile there; with the
 * focus, Enter or Space places it and R (Shift+R back) turns it.
 */
function SpotMarks({
  props,
  view,
  setHoverKey,
}: {
  props: BoardViewProps;
  view: PanZoom;
  setHoverKey: (update: (key: string | null) => string | null) => void;
}): ReactElement {
  const { spots, selectedKey } = props;
  const wasSelected: RefObject<boolean> = useRef(false);
  return (
    <>
      {spots.map((spot) => (
        <g
          key={spot.key}
          className={`mt-spot${spot.key === selectedKey ? ' mt-spot-selected' : ''}`}
          role="button"
          tabIndex={0}
          aria-label={props.spotLabel(spot)}
          aria-pressed={spot.key === selectedKey}
          aria-disabled={props.busy || undefined}
          data-cell={spot.key}
          data-actions={`|${spot.options.map((o) => o.text).join('|')}|`}
          onPointerEnter={() => setHoverKey(() => spot.key)}
          onPointerLeave={() => setHoverKey((k) => (k === spot.key ? null : k))}
          onPointerDown={() => {
            wasSelected.current = selectedKey === spot.key;
          }}
          onFocus={() => {
            props.onSelect(spot.key);
            view.reveal(spot);
          }}
          onClick={() => {
            if (view.dragged.current) return;
            if (wasSelected.current) props.onPlace(spot.key);
            else props.onSelect(spot.key);
            wasSelected.current = false;
          }}
          onKeyDown={(e) => {
            if (e.key === 'r' || e.key === 'R') {
              props.onRotate(spot.key, e.shiftKey ? -1 : 1);
              e.preventDefault();
              e.stopPropagation();
            } else if (e.key === 'Enter' || e.key === ' ') {
              props.onPlace(spot.key);
              e.preventDefault();
              e.stopPropagation();
            }
          }}
        >
          <polygon points={pointsAttr(corners(spot.row, spot.col))} />
        </g>
      ))}
    </>
  );
}

/** The chosen tile drawn on a spot as it would lie there, with a mark when it can turn. */
function Preview({
  spot,
  placement,
  tileSides,
  letters,
}: {
  spot: Spot;
  placement: Placement;
  tileSides: readonly TileSide[];
  letters: Letters;
}): ReactElement {
  const { row, col } = placement;
  return (
    <g className="mt-preview" pointerEvents="none" data-preview={placement.text}>
      <TileShape
        row={row}
        col={col}
        sides={sidesFacing(tileSides, isUp(row, col), placement.red)}
        letters={letters}
      />
      {spot.options.length > 1 && (
        <text
          className="mt-rot-badge"
          x={centroid(row, col).x}
          y={centroid(row, col).y}
          textAnchor="middle"
          dominantBaseline="central"
        >
          ⟳
        </text>
      )}
    </g>
  );
}
