/**
 * The board picture: the placed tiles, the legal spots of the chosen tile and a preview of the
 * placement on the spot under the pointer or with the focus. Pans with a drag, zooms with the
 * wheel, a pinch or the buttons, and fits the tiles in view until the player moves it.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type {
  KeyboardEvent as ReactKeyboardEvent,
  PointerEvent as ReactPointerEvent,
  ReactElement,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { MatchetBoardTile, MatchetCell } from '@matchbox/engine';
import type { Bounds, TileSide } from './geometry.ts';
import { boundsOf, centroid, corners, isUp, parseSide, pointsAttr, sidesFacing, SIDE } from './geometry.ts';
import type { Placement, Spot } from './legal.ts';
import { cellKey } from './legal.ts';
import type { Letters } from './Tile.tsx';
import { TileShape } from './Tile.tsx';

interface Transform {
  readonly k: number;
  readonly x: number;
  readonly y: number;
}

const MIN_K = 0.15;
const MAX_K = 4;
const DRAG_PX = 6;
const clampK = (k: number): number => Math.min(MAX_K, Math.max(MIN_K, k));

/** Room kept free on the right for the zoom buttons, in pixels. */
const CONTROLS_PX = 48;

/**
 * The smallest scale at which a tile's numbers stay legible (the numbers are 15 board units high,
 * so about 11 px on screen): a board too large for the screen at this scale is fitted around where
 * play goes on (the last tile and the spots) instead of shrinking until nobody can read it; the
 * zoom buttons and a drag still show the rest.
 */
export const READABLE_K = 0.74;

function fitTo(b: Bounds | null, width: number, h: number, focus: Bounds | null = null): Transform {
  const w = Math.max(width - CONTROLS_PX, width / 2);
  if (!b) return { k: 1, x: w / 2, y: h / 2 };
  const scaleFor = (x: Bounds) =>
    clampK(Math.min(w / Math.max(x.maxX - x.minX, SIDE), h / Math.max(x.maxY - x.minY, SIDE), 1.6));
  let k = scaleFor(b);
  let on = b;
  if (k < READABLE_K && focus) {
    on = focus;
    k = READABLE_K;
  }
  return { k, x: w / 2 - ((on.minX + on.maxX) / 2) * k, y: h / 2 - ((on.minY + on.maxY) / 2) * k };
}

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
  const { tiles, last, letters, fresh, tileSides, spots, selectedKey, placementOf, spotLabel } = props;
  const { t } = useTranslation('matchet');
  const svgRef = useRef<SVGSVGElement>(null);
  const [size, setSize] = useState({ w: 640, h: 420 });
  const [tf, setTf] = useState<Transform>({ k: 1, x: 320, y: 210 });
  const [userMoved, setUserMoved] = useState(false);
  const [hoverKey, setHoverKey] = useState<string | null>(null);

  // What must be in view: the tiles and the spots, with a margin of half a cell.
  const cells = useMemo(
    () => [
      ...tiles.map((p) => ({ row: p.row, col: p.col })),
      ...spots.map((s) => ({ row: s.row, col: s.col })),
    ],
    [tiles, spots],
  );
  const bounds = useMemo(() => boundsOf(cells.length ? cells : [{ row: 0, col: 0 }], SIDE / 2), [cells]);
  // Where play goes on: the last tile and the spots offered (else the last tile alone).
  const focus = useMemo(
    () =>
      boundsOf(
        [
          ...(last ? [{ row: last.row, col: last.col }] : []),
          ...spots.map((s) => ({ row: s.row, col: s.col })),
        ],
        SIDE / 2,
      ),
    [last, spots],
  );
  const boundsKey = [bounds, focus]
    .map((x) => (x ? `${x.minX},${x.minY},${x.maxX},${x.maxY}` : ''))
    .join('|');

  useLayoutEffect(() => {
    const el = svgRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver((entries) => {
      const r = entries[0]?.contentRect;
      if (r && r.width > 0 && r.height > 0) setSize({ w: r.width, h: r.height });
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useLayoutEffect(() => {
    if (!userMoved) setTf(fitTo(bounds, size.w, size.h, focus));
    // boundsKey stands for bounds and focus
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [boundsKey, size.w, size.h, userMoved]);

  const zoomAt = useCallback((factor: number, px: number, py: number) => {
    setUserMoved(true);
    setTf((v) => {
      const k = clampK(v.k * factor);
      const f = k / v.k;
      return { k, x: px - (px - v.x) * f, y: py - (py - v.y) * f };
    });
  }, []);

  // The wheel zooms about the pointer; a listener that may cancel the page's scroll.
  useEffect(() => {
    const el = svgRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = el.getBoundingClientRect();
      zoomAt(Math.exp(-e.deltaY * 0.0015), e.clientX - r.left, e.clientY - r.top);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [zoomAt]);

  // Drag to pan, two pointers to pinch. A drag past a few pixels is not a click.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const start = useRef<{ x: number; y: number } | null>(null);
  const dragged = useRef(false);
  const local = (e: ReactPointerEvent): { x: number; y: number } => {
    const r = svgRef.current!.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const onPointerDown = (e: ReactPointerEvent<SVGSVGElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    const p = local(e);
    pointers.current.set(e.pointerId, p);
    if (pointers.current.size === 1) {
      start.current = p;
      dragged.current = false;
    }
  };
  const onPointerMove = (e: ReactPointerEvent<SVGSVGElement>) => {
    const prev = pointers.current.get(e.pointerId);
    if (!prev) return;
    const p = local(e);
    if (pointers.current.size === 1) {
      const s = start.current ?? p;
      if (!dragged.current && Math.hypot(p.x - s.x, p.y - s.y) < DRAG_PX) return;
      if (!dragged.current) {
        dragged.current = true;
        svgRef.current?.setPointerCapture?.(e.pointerId);
      }
      pointers.current.set(e.pointerId, p);
      setUserMoved(true);
      setTf((v) => ({ ...v, x: v.x + p.x - prev.x, y: v.y + p.y - prev.y }));
    } else if (pointers.current.size === 2) {
      const other = [...pointers.current.entries()].find(([id]) => id !== e.pointerId)?.[1];
      pointers.current.set(e.pointerId, p);
      if (!other) return;
      dragged.current = true;
      const d0 = Math.hypot(prev.x - other.x, prev.y - other.y);
      const d1 = Math.hypot(p.x - other.x, p.y - other.y);
      const m0 = { x: (prev.x + other.x) / 2, y: (prev.y + other.y) / 2 };
      const m1 = { x: (p.x + other.x) / 2, y: (p.y + other.y) / 2 };
      setUserMoved(true);
      setTf((v) => {
        const k = clampK(v.k * (d0 > 0 ? d1 / d0 : 1));
        const f = k / v.k;
        return { k, x: m1.x - (m0.x - v.x) * f, y: m1.y - (m0.y - v.y) * f };
      });
    }
  };
  const onPointerEnd = (e: ReactPointerEvent<SVGSVGElement>) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size === 0) start.current = null;
  };

  const onSvgKey = (e: ReactKeyboardEvent<SVGSVGElement>) => {
    const step = 40;
    const pan = (dx: number, dy: number) => {
      setUserMoved(true);
      setTf((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
    };
    switch (e.key) {
      case '+':
      case '=':
        zoomAt(1.25, size.w / 2, size.h / 2);
        break;
      case '-':
        zoomAt(0.8, size.w / 2, size.h / 2);
        break;
      case '0':
        setUserMoved(false);
        break;
      case 'ArrowLeft':
        pan(step, 0);
        break;
      case 'ArrowRight':
        pan(-step, 0);
        break;
      case 'ArrowUp':
        pan(0, step);
        break;
      case 'ArrowDown':
        pan(0, -step);
        break;
      default:
        return;
    }
    e.preventDefault();
  };

  // A spot that gets the focus outside the visible part is brought into view.
  const reveal = (spot: Spot) => {
    const c = centroid(spot.row, spot.col);
    const outside = corners(spot.row, spot.col).some((p) => {
      const sx = p.x * tf.k + tf.x;
      const sy = p.y * tf.k + tf.y;
      return sx < 0 || sx > size.w || sy < 0 || sy > size.h;
    });
    if (outside) {
      setUserMoved(true);
      setTf((v) => ({ ...v, x: size.w / 2 - c.x * v.k, y: size.h / 2 - c.y * v.k }));
    }
  };

  const wasSelected = useRef(false);
  // The spot under the pointer, else the chosen one (a hovered spot may be gone with an update).
  const previewSpot =
    spots.find((s) => s.key === hoverKey) ?? spots.find((s) => s.key === selectedKey) ?? null;
  const preview = previewSpot ? placementOf(previewSpot) : null;

  return (
    <div className="mt-board-wrap">
      <svg
        ref={svgRef}
        className="mt-board"
        role="group"
        tabIndex={0}
        aria-label={t('board.label', { count: tiles.length })}
        aria-describedby="mt-board-help"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onKeyDown={onSvgKey}
      >
        <g transform={`translate(${tf.x.toFixed(2)} ${tf.y.toFixed(2)}) scale(${tf.k.toFixed(4)})`}>
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
          {spots.map((spot) => (
            <g
              key={spot.key}
              className={`mt-spot${spot.key === selectedKey ? ' mt-spot-selected' : ''}`}
              role="button"
              tabIndex={0}
              aria-label={spotLabel(spot)}
              aria-pressed={spot.key === selectedKey}
              aria-disabled={props.busy || undefined}
              data-cell={spot.key}
              data-actions={`|${spot.options.map((o) => o.text).join('|')}|`}
              onPointerEnter={() => setHoverKey(spot.key)}
              onPointerLeave={() => setHoverKey((k) => (k === spot.key ? null : k))}
              onPointerDown={() => {
                wasSelected.current = selectedKey === spot.key;
              }}
              onFocus={() => {
                props.onSelect(spot.key);
                reveal(spot);
              }}
              onClick={() => {
                if (dragged.current) return;
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
          {preview && previewSpot && (
            <g className="mt-preview" pointerEvents="none" data-preview={preview.text}>
              <TileShape
                row={preview.row}
                col={preview.col}
                sides={sidesFacing(tileSides, isUp(preview.row, preview.col), preview.red)}
                letters={letters}
              />
              {previewSpot.options.length > 1 && (
                <text
                  className="mt-rot-badge"
                  x={centroid(preview.row, preview.col).x}
                  y={centroid(preview.row, preview.col).y}
                  textAnchor="middle"
                  dominantBaseline="central"
                >
                  ⟳
                </text>
              )}
            </g>
          )}
        </g>
      </svg>
      <div className="mt-zoom" role="group" aria-label={t('zoom.group')}>
        <button type="button" onClick={() => zoomAt(1.25, size.w / 2, size.h / 2)} aria-label={t('zoom.in')}>
          +
        </button>
        <button type="button" onClick={() => zoomAt(0.8, size.w / 2, size.h / 2)} aria-label={t('zoom.out')}>
          −
        </button>
        <button type="button" onClick={() => setUserMoved(false)} aria-label={t('zoom.fit')}>
          ⤢
        </button>
      </div>
    </div>
  );
}
