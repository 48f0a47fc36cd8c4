/**
 * The MATCHET board's pan and zoom: the picture's transform, fitted to the tiles in view until the
 * player moves it; a drag pans, the wheel, a pinch, the keys and the buttons zoom; a spot that gets
 * the focus outside the visible part is brought into view.
 */
import type {
  KeyboardEvent as ReactKeyboardEvent,
  PointerEvent as ReactPointerEvent,
  RefObject,
} from 'react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { MatchetBoardTile, MatchetCell } from '@matchbox/engine';
import type { Bounds } from './geometry.ts';
import { boundsOf, centroid, corners, SIDE } from './geometry.ts';
import type { Spot } from './legal.ts';

export interface Transform {
  readonly k: number;
  readonly x: number;
  readonly y: number;
}

interface Point {
  readonly x: number;
  readonly y: number;
}

const MIN_K = 0.15;
const MAX_K = 4;
const DRAG_PX = 6;
/** How far an arrow key pans, in pixels. */
const KEY_STEP = 40;
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

export interface PanZoom {
  readonly svgRef: RefObject<SVGSVGElement | null>;
  readonly tf: Transform;
  /** Zooms by `factor` about the picture's middle (the + and − buttons). */
  readonly zoom: (factor: number) => void;
  /** Fits the tiles in view again, and keeps them fitted. */
  readonly fit: () => void;
  readonly onKeyDown: (e: ReactKeyboardEvent<SVGSVGElement>) => void;
  readonly pointer: PointerHandlers;
  /** Whether the pointer moved far enough since it went down to be a drag (not a click). */
  readonly dragged: RefObject<boolean>;
  /** Brings a spot into view when it lies outside the visible part. */
  readonly reveal: (spot: Spot) => void;
}

export function usePanZoom(
  tiles: readonly MatchetBoardTile[],
  spots: readonly Spot[],
  last: MatchetCell | null,
): PanZoom {
  const svgRef = useRef<SVGSVGElement>(null);
  const size = useSize(svgRef);
  const [tf, setTf] = useState<Transform>({ k: 1, x: 320, y: 210 });
  const [userMoved, setUserMoved] = useState(false);
  useFit(tiles, spots, last, size, userMoved, setTf);

  const move = useCallback((update: (v: Transform) => Transform) => {
    setUserMoved(true);
    setTf(update);
  }, []);
  const zoomAt = useCallback(
    (factor: number, px: number, py: number) =>
      move((v) => {
        const k = clampK(v.k * factor);
        const f = k / v.k;
        return { k, x: px - (px - v.x) * f, y: py - (py - v.y) * f };
      }),
    [move],
  );
  useWheelZoom(svgRef, zoomAt);
  const { pointer, dragged } = usePointerPan(svgRef, move);
  const zoom = (factor: number): void => zoomAt(factor, size.w / 2, size.h / 2);
  const fit = (): void => setUserMoved(false);

  const reveal = (spot: Spot): void => {
    const c = centroid(spot.row, spot.col);
    const outside = corners(spot.row, spot.col).some((p) => {
      const sx = p.x * tf.k + tf.x;
      const sy = p.y * tf.k + tf.y;
      return sx < 0 || sx > size.w || sy < 0 || sy > size.h;
    });
    if (outside) move((v) => ({ ...v, x: size.w / 2 - c.x * v.k, y: size.h / 2 - c.y * v.k }));
  };

  const onKeyDown = (e: ReactKeyboardEvent<SVGSVGElement>): void => {
    const pan = (dx: number, dy: number) => move((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
    const keys: Record<string, () => void> = {
      '+': () => zoom(1.25),
      '=': () => zoom(1.25),
      '-': () => zoom(0.8),
      '0': fit,
      ArrowLeft: () => pan(KEY_STEP, 0),
      ArrowRight: () => pan(-KEY_STEP, 0),
      ArrowUp: () => pan(0, KEY_STEP),
      ArrowDown: () => pan(0, -KEY_STEP),
    };
    const action = Object.hasOwn(keys, e.key) ? keys[e.key] : undefined;
    if (!action) return;
    action();
    e.preventDefault();
  };

  return { svgRef, tf, zoom, fit, onKeyDown, pointer, dragged, reveal };
}

/** The picture's size on screen, followed as it changes. */
function useSize(svgRef: RefObject<SVGSVGElement | null>): { w: number; h: number } {
  const [size, setSize] = useState({ w: 640, h: 420 });
  useLayoutEffect(() => {
    const el = svgRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver((entries) => {
      const r = entries[0]?.contentRect;
      if (r && r.width > 0 && r.height > 0) setSize({ w: r.width, h: r.height });
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [svgRef]);
  return size;
}

/** Until the player moves the picture: the tiles and the spots fitted in view. */
function useFit(
  tiles: readonly MatchetBoardTile[],
  spots: readonly Spot[],
  last: MatchetCell | null,
  size: { w: number; h: number },
  userMoved: boolean,
  setTf: (tf: Transform) => void,
): void {
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
    if (!userMoved) setTf(fitTo(bounds, size.w, size.h, focus));
    // boundsKey stands for bounds and focus
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [boundsKey, size.w, size.h, userMoved]);
}

/** The wheel zooms about the pointer; a listener that may cancel the page's scroll. */
function useWheelZoom(
  svgRef: RefObject<SVGSVGElement | null>,
  zoomAt: (factor: number, px: number, py: number) => void,
): void {
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
  }, [svgRef, zoomAt]);
}

export interface PointerHandlers {
  readonly onPointerDown: (e: ReactPointerEvent<SVGSVGElement>) => void;
  readonly onPointerMove: (e: ReactPointerEvent<SVGSVGElement>) => void;
  readonly onPointerUp: (e: ReactPointerEvent<SVGSVGElement>) => void;
  readonly onPointerCancel: (e: ReactPointerEvent<SVGSVGElement>) => void;
}

/** Drag to pan, two pointers to pinch. A drag past a few pixels is not a click. */
function usePointerPan(
  svgRef: RefObject<SVGSVGElement | null>,
  move: (update: (v: Transform) => Transform) => void,
): { pointer: PointerHandlers; dragged: RefObject<boolean> } {
  const pointers = useRef(new Map<number, Point>());
  const start = useRef<Point | null>(null);
  const dragged = useRef(false);
  const local = (e: ReactPointerEvent): Point => {
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
  const pan = (e: ReactPointerEvent<SVGSVGElement>, prev: Point, p: Point) => {
    const s = start.current ?? p;
    if (!dragged.current && Math.hypot(p.x - s.x, p.y - s.y) < DRAG_PX) return;
    if (!dragged.current) {
      dragged.current = true;
      svgRef.current?.setPointerCapture?.(e.pointerId);
    }
    pointers.current.set(e.pointerId, p);
    move((v) => ({ ...v, x: v.x + p.x - prev.x, y: v.y + p.y - prev.y }));
  };
  const pinch = (e: ReactPointerEvent<SVGSVGElement>, prev: Point, p: Point) => {
    const other = [...pointers.current.entries()].find(([id]) => id !== e.pointerId)?.[1];
    pointers.current.set(e.pointerId, p);
    if (!other) return;
    dragged.current = true;
    const d0 = Math.hypot(prev.x - other.x, prev.y - other.y);
    const d1 = Math.hypot(p.x - other.x, p.y - other.y);
    const m0 = { x: (prev.x + other.x) / 2, y: (prev.y + other.y) / 2 };
    const m1 = { x: (p.x + other.x) / 2, y: (p.y + other.y) / 2 };
    move((v) => {
      const k = clampK(v.k * (d0 > 0 ? d1 / d0 : 1));
      const f = k / v.k;
      return { k, x: m1.x - (m0.x - v.x) * f, y: m1.y - (m0.y - v.y) * f };
    });
  };
  const onPointerMove = (e: ReactPointerEvent<SVGSVGElement>) => {
    const prev = pointers.current.get(e.pointerId);
    if (!prev) return;
    if (pointers.current.size === 1) pan(e, prev, local(e));
    else if (pointers.current.size === 2) pinch(e, prev, local(e));
  };
  const onPointerEnd = (e: ReactPointerEvent<SVGSVGElement>) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size === 0) start.current = null;
  };
  return {
    pointer: { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd },
    dragged,
  };
}
