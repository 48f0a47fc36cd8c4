/**
 * The MATCHET table's controller: the seat's placements by tile from `legal`, the chosen tile, spot
 * and turn, the move in flight, the stack whose tiles under the top are shown, the status line and
 * the facts of the header. The views (Board.tsx, Side.tsx, BoardView.tsx) only draw what it holds
 * and call its intents.
 */
import type { MatchetEvent, MatchetRoundSummary, MatchetView } from '@matchbox/engine';
import { describeAction, tileName } from '@matchbox/client/words/matchet';
import type { RefObject } from 'react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { useTranslation } from 'react-i18next';
import type { RovingFocus } from '../../board/useRovingFocus.ts';
import { useRovingFocus } from '../../board/useRovingFocus.ts';
import type { Sender } from '../../board/useSend.ts';
import { useSend } from '../../board/useSend.ts';
import { refusalText } from '../../errors.ts';
import type { BoardProps } from '../types.ts';
import type { TileSide } from './geometry.ts';
import { parseSides } from './geometry.ts';
import type { Placement, Spot } from './legal.ts';
import { byTile, cellKey, spotsOf } from './legal.ts';
import type { Letters } from './Tile.tsx';

export type T = ReturnType<typeof useTranslation>['t'];
type Props = BoardProps<MatchetView, MatchetEvent>;

/** One fact of the header: the round, the pool, the tiles placed... */
export interface Fact {
  readonly key: string;
  readonly label: string;
  readonly value: string;
}

export interface MatchetBoard {
  readonly t: T;
  readonly letters: Letters;
  readonly name: (seat: number) => string;
  readonly sidesOf: (tile: string) => TileSide[];
  readonly sender: Sender;
  readonly myTurn: boolean;
  readonly status: string;
  readonly facts: readonly Fact[];
  /** The latest round scored (several players), which stands over the board during the pause. */
  readonly lastRound: MatchetRoundSummary | null;
  /** Cells of tiles placed in the latest update. */
  readonly fresh: ReadonlySet<string>;
  /** The tiles the seat may place now, with their placements. */
  readonly placements: ReadonlyMap<string, readonly Placement[]>;
  /** The chosen tile (else the first playable one), its spots, the chosen spot and its placement. */
  readonly tile: string | null;
  readonly spots: readonly Spot[];
  readonly spot: Spot | null;
  readonly current: Placement | null;
  readonly placementOf: (spot: Spot) => Placement;
  readonly spotLabel: (spot: Spot) => string;
  /** The way the red side faces, in words. */
  readonly dirWord: (placement: Placement) => string;
  /** Why a tile in front of the seat cannot be placed now. */
  readonly reasonFor: (tile: string) => string;
  readonly selectSpot: (key: string) => void;
  readonly rotate: (key: string, step: number) => void;
  readonly place: (key: string) => void;
  /** `fromKeys`: chosen with Enter or Space, which then moves the focus to the tile's first spot. */
  readonly chooseTile: (tile: string, fromKeys: boolean) => void;
  /** The arrow keys among the tiles in front of the seat. */
  readonly tray: RovingFocus;
  /** Solitaire B: the stack whose tiles under the top are shown large (none: null). */
  readonly looking: number | null;
  readonly setLook: (stack: number | null) => void;
  readonly lookRef: RefObject<HTMLDivElement | null>;
  readonly rootRef: RefObject<HTMLElement | null>;
}

export function useMatchetBoard(props: Props, t: T): MatchetBoard {
  const { view, seat, legal, blocked, toAct, events, seatNames, act } = props;
  const rootRef = useRef<HTMLElement>(null);
  const letters = useMemo<Letters>(() => ({ R: t('letter.R'), Y: t('letter.Y'), B: t('letter.B') }), [t]);
  const name = (s: number): string => seatNames[s] ?? t('seat', { n: s + 1 });
  const sender = useSend(act, { legal });
  const choice = usePlacementChoice(legal);
  const { tile, spots, spot, placementOf } = choice;
  const tray = useRovingFocus({ selector: 'button[data-tile]' });
  const focusSpot = useSpotFocus(rootRef);
  const look = useStackLook(view);
  const fresh = useMemo(
    () => new Set(events.flatMap((e) => (e.type === 'place' ? [cellKey(e.row, e.col)] : []))),
    [events],
  );
  const myTurn = seat !== null && toAct.includes(seat) && choice.placements.size > 0;
  const dirWord = (p: Placement): string => t(`redFaces.${p.red}`);

  const place = async (key: string): Promise<void> => {
    const s = spots.find((x) => x.key === key);
    if (!s || sender.busy) return;
    const board = (): SVGSVGElement | null | undefined => rootRef.current?.querySelector('.mt-board');
    const inBoard = board()?.contains(document.activeElement) ?? false;
    if (await sender.send(placementOf(s).text)) choice.setSpot(null);
    // The spot is gone with the placement: keep the keyboard on the board.
    if (inBoard) board()?.focus();
  };

  // Choosing a tile with the keyboard moves on to its first spot on the board.
  const chooseTile = (next: string, fromKeys: boolean): void => {
    choice.setTile(next);
    choice.setSpot(null);
    if (fromKeys) focusSpot();
  };

  // A spot in words: which of the tile's spots, the move as the log would say it, the way the red
  // side faces, and the turn shown when there are several.
  const spotLabel = (s: Spot): string => {
    const p = placementOf(s);
    return t(s.options.length > 1 ? 'spot.labelTurns' : 'spot.label', {
      k: spots.indexOf(s) + 1,
      count: spots.length,
      move: describeAction(p.text, t, view) ?? '',
      dir: dirWord(p),
      n: s.options.indexOf(p) + 1,
      of: s.options.length,
    });
  };

  const reasonFor = (id: string): string => {
    const b = blocked.find((x) => x.text.startsWith(`${id}@`) && x.code === 'must_take_tallest_stack');
    return b ? refusalText(b, t) : t('tile.noSpot');
  };

  return {
    t,
    letters,
    name,
    sidesOf: (id) => parseSides(view.tileSides[id]),
    sender,
    myTurn,
    status: statusOf(view, seat, toAct, myTurn, t, name),
    facts: factsOf(view, t),
    lastRound: view.history?.at(-1) ?? null,
    fresh,
    placements: choice.placements,
    tile,
    spots,
    spot,
    current: spot ? placementOf(spot) : null,
    placementOf,
    spotLabel,
    dirWord,
    reasonFor,
    selectSpot: choice.setSpot,
    rotate: choice.rotate,
    place: (key) => void place(key),
    chooseTile,
    tray,
    ...look,
    rootRef,
  };
}

interface PlacementChoice {
  readonly placements: ReadonlyMap<string, readonly Placement[]>;
  readonly tile: string | null;
  readonly spots: readonly Spot[];
  readonly spot: Spot | null;
  readonly placementOf: (spot: Spot) => Placement;
  readonly setTile: (tile: string) => void;
  readonly setSpot: (key: string | null) => void;
  readonly rotate: (key: string, step: number) => void;
}

/** The legal placements by tile; the chosen tile and spot; the turn chosen per tile and spot. */
function usePlacementChoice(legal: BoardProps['legal']): PlacementChoice {
  const placements = useMemo(() => byTile(legal), [legal]);
  const [tileChoice, setTile] = useState<string | null>(null);
  const tile = tileChoice && placements.has(tileChoice) ? tileChoice : ([...placements.keys()][0] ?? null);
  const spots = useMemo(() => (tile ? spotsOf(placements.get(tile) ?? []) : []), [tile, placements]);
  const [spotChoice, setSpot] = useState<string | null>(null);
  const spot = spots.find((s) => s.key === spotChoice) ?? null;
  const [turns, setTurns] = useState<Record<string, number>>({});
  useEffect(() => setTurns({}), [legal]);

  const placementOf = (s: Spot): Placement => {
    const i = turns[`${tile}@${s.key}`] ?? 0;
    return s.options[((i % s.options.length) + s.options.length) % s.options.length]!;
  };
  const rotate = (key: string, step: number): void =>
    setTurns((r) => ({ ...r, [`${tile}@${key}`]: (r[`${tile}@${key}`] ?? 0) + step }));
  return { placements, tile, spots, spot, placementOf, setTile, setSpot, rotate };
}

/** Asks for the focus on the chosen tile's first spot once the board has drawn it. */
function useSpotFocus(rootRef: RefObject<HTMLElement | null>): () => void {
  const [focusSpot, setFocusSpot] = useState(false);
  useEffect(() => {
    if (!focusSpot) return;
    setFocusSpot(false);
    rootRef.current?.querySelector<SVGGElement>('.mt-spot')?.focus();
  }, [focusSpot, rootRef]);
  return () => setFocusSpot(true);
}

/** Solitaire B: the stack whose tiles under the top are open, scrolled into view when opened. */
function useStackLook(view: MatchetView): Pick<MatchetBoard, 'looking' | 'setLook' | 'lookRef'> {
  const [look, setLook] = useState<number | null>(null);
  const looking = look !== null && (view.stacks?.[look]?.beneath.length ?? 0) > 0 ? look : null;
  const lookRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (look !== null) lookRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [look]);
  return { looking, setLook, lookRef };
}

/** The status line: the result, whose turn it is and what to do. */
export function statusOf(
  view: MatchetView,
  seat: number | null,
  toAct: readonly number[],
  myTurn: boolean,
  t: T,
  name: (seat: number) => string,
): string {
  if (view.phase === 'over') return overStatus(view, seat, t, name);
  if (myTurn) {
    if (view.phase === 'start') return t('status.yourStart');
    if (view.mode === 'reserve')
      return t(view.fromReserve ? 'status.yourReserveTop' : 'status.yourDrawn', {
        tile: view.current ? tileName(view.current, t, view) : '',
      });
    return view.mode === 'stacks' ? t('status.yourStack') : t('status.yourTurn');
  }
  if (toAct.length > 0)
    return view.phase === 'start'
      ? t('status.waitingStart', { name: name(toAct[0]!) })
      : t('status.waiting', { name: name(toAct[0]!) });
  return t('status.idle');
}

function overStatus(view: MatchetView, seat: number | null, t: T, name: (seat: number) => string): string {
  if (view.mode !== 'multi')
    return view.outcome === 'won'
      ? t('status.soloWon', { placed: view.placed ?? 0, total: view.tileCount })
      : t('status.soloLost', { placed: view.placed ?? 0, total: view.tileCount });
  const winners = view.winners ?? [];
  return winners.length === 1 && winners[0] === seat
    ? t('status.overYou')
    : t('status.over', {
        count: winners.length,
        names: winners.map((s) => (s === seat ? t('youInList') : name(s))).join(', '),
      });
}

/** The header's facts: the round and the pool, or the solitaire's tiles placed and points. */
export function factsOf(view: MatchetView, t: T): Fact[] {
  if (view.mode === 'multi')
    return [
      {
        key: 'round',
        label: t('facts.round'),
        value: t('facts.roundOf', { n: view.round, of: view.rounds }),
      },
      { key: 'pool', label: t('facts.pool'), value: String(view.pool ?? 0) },
    ];
  const facts: Fact[] = [
    {
      key: 'placed',
      label: t('facts.placed'),
      value: t('facts.placedOf', { n: view.placed ?? 0, of: view.tileCount }),
    },
    { key: 'points', label: t('facts.points'), value: String(view.points ?? 0) },
  ];
  if (view.mode === 'reserve') {
    facts.push({ key: 'pool', label: t('facts.pool'), value: String(view.pool ?? 0) });
    facts.push({ key: 'reserve', label: t('facts.reserve'), value: String(view.reserveSize ?? 0) });
  }
  return facts;
}
