/**
 * The Sweet16 table's controller: the seat's choices sorted by grid position and button, the move
 * in flight (held until the next position's choices arrive), what the events showed (the last
 * turn, the cards of a lost-face turn for a moment, this seat's looks), the duel's tryst picked
 * cell by cell, and the keyboard in the grid and between the grid and the buttons. The views
 * (Board.tsx, Grid.tsx, Actions.tsx, Panels.tsx) only draw what it holds and call its intents.
 */
import type { Sweet16Event, Sweet16View } from '@matchbox/engine';
import type { KeyboardEvent, RefObject } from 'react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { useTranslation } from 'react-i18next';
import type { RovingFocus } from '../../board/useRovingFocus.ts';
import { useRovingFocus } from '../../board/useRovingFocus.ts';
import type { Sender } from '../../board/useSend.ts';
import { useSend } from '../../board/useSend.ts';
import type { BoardProps } from '../types.ts';
import type { PosChoice, Sweet16Choices } from './choices.ts';
import { sortChoices, trystCells, trystFor } from './choices.ts';
import { cardName, seatName } from './log.ts';
import { posIndex, posName } from './notation.ts';
import type { EventMemory } from './turns.ts';
import { EMPTY_MEMORY, remember } from './turns.ts';

export type T = ReturnType<typeof useTranslation>['t'];
export type Name = (seat: number) => string;
type Props = BoardProps<Sweet16View, Sweet16Event>;

/** How long the cards of a lost-face turn stay visible before they turn face down (ms). */
const FLASH_MS = 1500;

/** The cells marked on the grid, by what marks them. */
export interface CellMarks {
  readonly flipped: ReadonlySet<string>;
  readonly clique: ReadonlySet<string>;
  readonly scoring: ReadonlySet<string>;
  readonly looks: ReadonlySet<string>;
  readonly notHeart: ReadonlySet<string>;
  /** Cells named by the latest events. */
  readonly recent: ReadonlySet<string>;
}

/** The duel's tryst, picked cell by cell. */
export interface TrystPick {
  /** The seat is picking a tryst now. */
  readonly picking: boolean;
  readonly selected: ReadonlySet<string>;
  /** The listed tryst the selection is, if any. */
  readonly matchedText: string | null;
  /** Cells of the trysts that still fit the selection, when the hints are on. */
  readonly hinted: ReadonlySet<string>;
  readonly showTrysts: boolean;
  readonly setShowTrysts: (on: boolean) => void;
  readonly toggle: (pos: string) => void;
  readonly clear: () => void;
}

export interface Sweet16Board {
  readonly t: T;
  readonly name: Name;
  readonly duel: boolean;
  readonly choices: Sweet16Choices;
  readonly myTurn: boolean;
  readonly sender: Sender;
  readonly memory: EventMemory;
  /** Cards of a lost-face turn, shown a moment before they turn face down, by position. */
  readonly flash: Readonly<Record<string, string>>;
  readonly tryst: TrystPick;
  readonly marks: CellMarks;
  readonly roving: RovingFocus;
  /** The cell holding the grid's tab stop. */
  readonly focus: { readonly row: number; readonly col: number };
  readonly onGridKey: (e: KeyboardEvent<HTMLDivElement>) => void;
  /** A cell chosen: its choice sent, or (picking a tryst) its card selected or not. */
  readonly onCell: (pos: string, card: string | null, choice: PosChoice | undefined) => void;
  readonly cellLabel: (pos: string, card: string | null, shown: string | null, choice?: PosChoice) => string;
  readonly gridRef: RefObject<HTMLDivElement | null>;
  readonly actionsRef: RefObject<HTMLDivElement | null>;
  /** The buttons got the focus (so it goes back to the grid when the choices return there). */
  readonly onActionsFocus: () => void;
}

export function useSweet16Board(props: Props, t: T): Sweet16Board {
  const { view, seat, legal, events, seatNames, act } = props;
  const duel = view.mode === 'duel';
  const choices = useMemo(() => sortChoices(legal), [legal]);
  const myTurn = seat !== null && view.toAct.includes(seat);
  const name = useCallback((s: number) => seatName(s, t, seatNames), [t, seatNames]);
  const { memory, flash } = useEventMemory(view, events, seat);
  // An action is on its way from the click until the server answers and, when it was taken,
  // until the update with new choices arrives (so a second click cannot repeat it).
  const sender = useSend(act, { legal, holdTaken: true });
  const tryst = useTrystPick(view, seat, myTurn && duel && view.phase === 'tryst', choices);
  const marks = useCellMarks(view, events);
  const roving = useRovingFocus({ selector: '.s16-cell', columns: view.cols });
  const focus = { row: Math.floor(roving.at / view.cols), col: roving.at % view.cols };

  const onCell = (pos: string, card: string | null, choice: PosChoice | undefined): void => {
    if (sender.busy) return;
    if (tryst.picking) {
      if (card !== null) tryst.toggle(pos);
      return;
    }
    if (choice) void sender.send(choice.text);
  };

  const onGridKey = (e: KeyboardEvent<HTMLDivElement>): void => {
    if (e.key !== 'Enter') {
      roving.onKeyDown(e);
      return;
    }
    // Enter plays the focused cell (handled here rather than by the button's own click so that a
    // held key does not repeat the action).
    e.preventDefault();
    if (e.repeat) return;
    const pos = posName(focus.row, focus.col);
    onCell(pos, cardAt(view, pos), myTurn ? choices.byPos.get(pos) : undefined);
  };

  const handOff = useFocusHandOff(
    myTurn && choices.byPos.size === 0 && choices.trysts.length === 0,
    myTurn,
    view,
  );
  const cellLabel = (pos: string, card: string | null, shown: string | null, choice?: PosChoice): string => {
    const parts = cellWords(view, pos, card, shown, { t, name, marks, flash });
    if (tryst.selected.has(pos)) parts.push(t('cell.selected'));
    const verb = tryst.picking
      ? t(tryst.selected.has(pos) ? 'cell.do.unselect' : 'cell.do.select')
      : choice
        ? t(`cell.do.${choice.verb}`)
        : null;
    if (verb) parts.push(verb);
    return t('cell.label', { pos, what: parts.join(t('cell.sep')) });
  };

  return {
    t,
    name,
    duel,
    choices,
    myTurn,
    sender,
    memory,
    flash,
    tryst,
    marks,
    roving,
    focus,
    onGridKey,
    onCell,
    cellLabel,
    ...handOff,
  };
}

/** The grid entry at a position: a card, `?`, or null for a hole or no such position. */
export function cardAt(view: Sweet16View, pos: string): string | null {
  const at = posIndex(pos);
  return at ? (view.grid[at.row]?.[at.col] ?? null) : null;
}

/** The face-up cards of the grid by position. */
function facesOf(view: Sweet16View): Map<string, string> {
  const map = new Map<string, string>();
  view.grid.forEach((row, r) =>
    row.forEach((card, c) => {
      if (card && card !== '?') map.set(posName(r, c), card);
    }),
  );
  return map;
}

/** What the events showed, folded once per batch; a lost-face turn's cards flash for a moment. */
function useEventMemory(
  view: Sweet16View,
  events: readonly Sweet16Event[],
  seat: number | null,
): { memory: EventMemory; flash: Readonly<Record<string, string>> } {
  const [memory, setMemory] = useState<EventMemory>(EMPTY_MEMORY);
  const [flash, setFlash] = useState<Record<string, string>>({});
  const seenEvents = useRef<readonly Sweet16Event[] | null>(null);
  const faces = useRef<Map<string, string>>(new Map());
  const flashTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (flashTimer.current) clearTimeout(flashTimer.current);
    },
    [],
  );
  useEffect(() => {
    if (seenEvents.current === events) return;
    seenEvents.current = events;
    const before = faces.current;
    const now = facesOf(view);
    const next = remember(memory, events, seat, (pos) => now.get(pos) ?? before.get(pos));
    setMemory(next.memory);
    if (Object.keys(next.flash).length === 0) return;
    setFlash(next.flash);
    if (flashTimer.current) clearTimeout(flashTimer.current);
    flashTimer.current = setTimeout(() => setFlash({}), FLASH_MS);
    // memory is folded once per batch of events (the view of that batch is read with it)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [events, seat]);
  useEffect(() => {
    faces.current = facesOf(view);
  }, [view]);
  return { memory, flash };
}

/** The duel's tryst selection: cleared by a new turn or phase; sent when it is a listed tryst. */
function useTrystPick(
  view: Sweet16View,
  seat: number | null,
  picking: boolean,
  choices: Sweet16Choices,
): TrystPick {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [showTrysts, setShowTrysts] = useState(false);
  useEffect(() => setSelected(new Set()), [view.turn, view.phase, seat]);
  const matched = picking ? trystFor(choices.trysts, selected) : null;
  const hinted = useMemo(
    () => (picking && showTrysts ? trystCells(choices.trysts, selected) : new Set<string>()),
    [picking, showTrysts, choices.trysts, selected],
  );
  const toggle = (pos: string): void =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(pos)) next.delete(pos);
      else next.add(pos);
      return next;
    });
  return {
    picking,
    selected,
    matchedText: matched?.text ?? null,
    hinted,
    showTrysts,
    setShowTrysts,
    toggle,
    clear: () => setSelected(new Set()),
  };
}

function useCellMarks(view: Sweet16View, events: readonly Sweet16Event[]): CellMarks {
  const recent = useMemo(() => {
    const out = new Set<string>();
    for (const e of events) {
      if ('pos' in e && typeof e.pos === 'string') out.add(e.pos);
      if (e.type === 'tryst' || e.type === 'clique') for (const c of e.cells) out.add(c);
    }
    return out;
  }, [events]);
  return {
    flipped: new Set(view.flipped ?? []),
    clique: new Set(view.clique?.cells ?? []),
    scoring: new Set(view.scoring?.cells ?? []),
    looks: new Set(view.scoring?.looks ?? []),
    notHeart: new Set(view.notHeart ?? []),
    recent,
  };
}

/**
 * Keyboard play: when the choices leave the grid (a Joker's value, a steal, only stop or pass),
 * focus moves from the grid to the first button; when they return to the grid after a button was
 * used, focus goes back to the grid.
 */
function useFocusHandOff(
  offGrid: boolean,
  myTurn: boolean,
  view: Sweet16View,
): Pick<Sweet16Board, 'gridRef' | 'actionsRef' | 'onActionsFocus'> {
  const gridRef = useRef<HTMLDivElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const usedButtons = useRef(false);
  useEffect(() => {
    if (!myTurn) return;
    const active = document.activeElement;
    if (offGrid) {
      if (active && gridRef.current?.contains(active))
        actionsRef.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
    } else if (usedButtons.current && (!active || active === document.body)) {
      usedButtons.current = false;
      gridRef.current?.querySelector<HTMLButtonElement>('.s16-cell[tabindex="0"]')?.focus();
    }
  }, [offGrid, myTurn, view.phase, view.turn]);
  return {
    gridRef,
    actionsRef,
    onActionsFocus: () => {
      usedButtons.current = true;
    },
  };
}

/** A cell in words (before the selection and the verb): its card and every mark on it. */
function cellWords(
  view: Sweet16View,
  pos: string,
  card: string | null,
  shown: string | null,
  { t, name, marks, flash }: { t: T; name: Name; marks: CellMarks; flash: Readonly<Record<string, string>> },
): string[] {
  const parts: string[] = [];
  if (card === null) parts.push(t('cell.empty'));
  else if (shown) parts.push(cardName(shown, t));
  else parts.push(t('cell.faceDown'));
  if (card === '?' && flash[pos]) parts.push(t('cell.turningDown'));
  const peek = view.peeks?.[pos];
  const mem = view.memory?.[pos];
  if (card === '?' && peek) parts.push(t('cell.peek', { card: cardName(peek, t) }));
  else if (card === '?' && mem) parts.push(t('cell.memory', { card: cardName(mem.card, t), turn: mem.turn }));
  if (marks.notHeart.has(pos) && card === '?') parts.push(t('cell.notHeart'));
  const joker = view.jokers?.[pos];
  if (joker !== undefined && card !== '?') parts.push(t('cell.jokerValue', { value: joker }));
  if (marks.flipped.has(pos)) parts.push(t('cell.flipped'));
  if (view.clique && marks.clique.has(pos)) parts.push(t('cell.clique', { name: name(view.clique.owner) }));
  if (marks.scoring.has(pos)) parts.push(t('cell.scoring'));
  if (view.scoring?.putBack === pos) parts.push(t('cell.putBack'));
  if (marks.looks.has(pos) && card === '?') parts.push(t('cell.lookedAt'));
  return parts;
}
