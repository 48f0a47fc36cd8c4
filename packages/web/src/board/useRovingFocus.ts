/**
 * Arrow-key focus within a group of a board's buttons (a hand, a picker, a grid), shared by every
 * game's board: one tab stop (the item at `at`), and the arrows, Home and End move it. In a row the
 * arrows wrap around; in a grid (`columns`) they stop at the edges, Home and End go to the row's
 * ends, and with Ctrl to the grid's.
 */
import type { KeyboardEvent } from 'react';
import { useCallback, useState } from 'react';

export interface RovingOptions {
  /** The group's items, found inside the element that has the key handler. */
  readonly selector: string;
  /** A grid of this many columns (row after row); none: one row that wraps around. */
  readonly columns?: number;
}

export interface RovingFocus {
  /** The item holding the tab stop. */
  readonly at: number;
  /** An item got the focus (by the pointer or Tab): it holds the tab stop. */
  readonly setAt: (index: number) => void;
  /** The group's key handler: moves the focus, and says whether it did. */
  readonly onKeyDown: (event: KeyboardEvent<HTMLElement>) => boolean;
}

/** Where the key moves the focus from `at` among `count` items (null: the key is not a move). */
export function nextIndex(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey'>,
  at: number,
  count: number,
  columns?: number,
): number | null {
  const last = count - 1;
  if (columns === undefined) {
    switch (event.key) {
      case 'ArrowLeft':
      case 'ArrowUp':
        return at <= 0 ? last : at - 1;
      case 'ArrowRight':
      case 'ArrowDown':
        return at < 0 || at >= last ? 0 : at + 1;
      case 'Home':
        return 0;
      case 'End':
        return last;
      default:
        return null;
    }
  }
  const row = Math.floor(Math.max(0, at) / columns);
  const col = Math.max(0, at) % columns;
  const rows = Math.ceil(count / columns);
  const cell = (r: number, c: number): number =>
    Math.min(last, Math.max(0, Math.min(rows - 1, r)) * columns + Math.max(0, Math.min(columns - 1, c)));
  switch (event.key) {
    case 'ArrowUp':
      return cell(row - 1, col);
    case 'ArrowDown':
      return cell(row + 1, col);
    case 'ArrowLeft':
      return cell(row, col - 1);
    case 'ArrowRight':
      return cell(row, col + 1);
    case 'Home':
      return cell(event.ctrlKey ? 0 : row, 0);
    case 'End':
      return cell(event.ctrlKey ? rows - 1 : row, columns - 1);
    default:
      return null;
  }
}

export function useRovingFocus({ selector, columns }: RovingOptions): RovingFocus {
  const [at, setAt] = useState(0);
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>): boolean => {
      const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(selector));
      if (items.length === 0) return false;
      const active = items.findIndex(
        (item) => item === document.activeElement || item.contains(document.activeElement),
      );
      const next = nextIndex(
        event,
        active >= 0 ? active : columns === undefined ? -1 : at,
        items.length,
        columns,
      );
      if (next === null) return false;
      event.preventDefault();
      setAt(next);
      items[next]?.focus();
      return true;
    },
    [selector, columns, at],
  );
  return { at, setAt, onKeyDown };
}
