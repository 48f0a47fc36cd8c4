/**
 * The MatchMaster table's controller: the seat's bids and plays from `legal`, the move in flight,
 * bidding by digit, the reveal banner, the trick shown in the middle (a finished trick stays a
 * moment, then is gathered), the hand sorted with each card's reason, and the status line. The
 * views (Board.tsx) only draw what it holds and call its intents.
 */
import type {
  MatchMasterEvent,
  MatchMasterHandRecord,
  MatchMasterPlayedCard,
  MatchMasterView,
} from '@matchbox/engine';
import type { TFunction } from 'i18next';
import type { RefObject } from 'react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Sender } from '../../board/useSend.ts';
import { useSend } from '../../board/useSend.ts';
import type { BoardProps } from '../types.ts';
import type { Suit } from './cards.ts';
import { parseCard, splitLegal } from './cards.ts';
import { cardName, listInWords, seatName } from './words.ts';

type Props = BoardProps<MatchMasterView, MatchMasterEvent>;

/** The hand's display order: trump first, then dark and light suits alternating. */
const SUIT_ORDER: readonly Suit[] = ['do', 'db', 'lo', 'lb'];
/** How long the reveal banner stays. */
const BANNER_MS = 2200;
/** How long a finished trick stays in the middle before it is gathered to its winner. */
const TRICK_HOLD_MS = 1300;
/** The gathering: the trick's cards fly to the winner's seat. */
const GATHER_MS = 420;
/** With hands of ten cards or more, a first digit waits this long for a second one. */
const DIGIT_WAIT_MS = 900;

export interface MatchMasterBoard {
  readonly sender: Sender;
  readonly bidChoices: ReturnType<typeof splitLegal>['bids'];
  /** The playable cards and the notation each sends. */
  readonly plays: ReadonlyMap<string, string>;
  readonly bidding: boolean;
  readonly maxBid: number;
  /** The digits typed so far toward a bid of ten or more. */
  readonly typed: string;
  readonly myTurnToPlay: boolean;
  /** The seat's hand in display order. */
  readonly hand: readonly string[];
  /** Why a card may not be played now, in words (null: it may, or it is not the seat's turn). */
  readonly reasonFor: (card: string) => string | null;
  /** The card whose reason is shown (pointer or focus on it). */
  readonly tipCard: string | null;
  readonly setTipCard: (update: (card: string | null) => string | null) => void;
  readonly tipId: string;
  readonly playCard: (card: string) => void;
  /** The reveal banner's key (0: no banner). */
  readonly revealKey: number;
  readonly revealing: boolean;
  readonly trick: ShownTrick;
  /** The hand just scored, from its end until the next hand's bids are revealed. */
  readonly summary: MatchMasterHandRecord | null;
  readonly name: (s: number) => string;
  readonly status: string;
  readonly rootRef: RefObject<HTMLDivElement | null>;
  readonly cardsRef: RefObject<HTMLDivElement | null>;
}

export function useMatchMasterBoard(props: Props, t: TFunction): MatchMasterBoard {
  const { view, seat, legal, blocked, toAct, events, seatNames, act } = props;
  const { bids: bidChoices, plays } = useMemo(() => splitLegal(legal), [legal]);
  const rootRef = useRef<HTMLDivElement>(null);
  const cardsRef = useRef<HTMLDivElement>(null);
  const sender = useSend(act, { legal });
  const reveal = useRevealBanner(events);
  const trick = useShownTrick(view, events, seat);
  const lastHand = view.history[view.history.length - 1];
  const summary = lastHand && (view.phase === 'bid' || view.phase === 'over') ? lastHand : null;

  const myTurnToPlay = plays.size > 0;
  const hand = useMemo(() => sortHand(view.myHand ?? []), [view.myHand]);
  const reasonFor = useReasons(t, view, blocked, plays, myTurnToPlay);
  const [tipCard, setTipCard] = useState<string | null>(null);
  const tipId = useId();
  useFocusOnTurn(myTurnToPlay, rootRef, cardsRef);
  const playCard = (card: string): void => {
    const text = plays.get(card);
    if (text !== undefined) void sender.send(text);
    else setTipCard(card);
  };

  const bidding = bidChoices.length > 0;
  const maxBid = bidding ? bidChoices[bidChoices.length - 1]!.bid : 0;
  const { send, refuse } = sender;
  const bidBy = useCallback(
    (value: number) => {
      const choice = bidChoices.find((b) => b.bid === value);
      if (choice) void send(choice.text);
      else refuse(t('bid.outOfRange', { value, max: maxBid }));
    },
    [bidChoices, maxBid, send, refuse, t],
  );
  const typed = useDigitBids(bidding, maxBid, bidBy);

  const name = (s: number): string => seatName(t, seatNames, s);
  return {
    sender,
    bidChoices,
    plays,
    bidding,
    maxBid,
    typed,
    myTurnToPlay,
    hand,
    reasonFor,
    tipCard,
    setTipCard,
    tipId,
    playCard,
    revealKey: reveal.on ? reveal.key : 0,
    revealing: reveal.on,
    trick,
    summary,
    name,
    status: statusLine(t, view, seat, toAct, bidding, myTurnToPlay, name),
    rootRef,
    cardsRef,
  };
}

/** The banner of the simultaneous reveal: on for a moment after the bids are revealed. */
function useRevealBanner(events: readonly MatchMasterEvent[]): { key: number; on: boolean } {
  const [reveal, setReveal] = useState({ key: 0, on: false });
  useEffect(() => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    for (const e of events) {
      if (e.type === 'bids_revealed') {
        setReveal((r) => ({ key: r.key + 1, on: true }));
        timers.push(setTimeout(() => setReveal((r) => ({ key: r.key, on: false })), BANNER_MS));
      }
    }
    return () => timers.forEach(clearTimeout);
  }, [events]);
  return reveal;
}

/** Why each card of the hand may not be played now, in words. */
function useReasons(
  t: TFunction,
  view: MatchMasterView,
  blocked: Props['blocked'],
  plays: ReadonlyMap<string, string>,
  myTurnToPlay: boolean,
): (card: string) => string | null {
  const blockedByCard = useMemo(() => {
    const m = new Map<string, { code: string; message: string }>();
    for (const b of blocked) m.set(b.text, b);
    return m;
  }, [blocked]);
  return useCallback(
    (card: string): string | null => {
      if (!myTurnToPlay || plays.has(card)) return null;
      const b = blockedByCard.get(card);
      if (!b) return t('reason.notNow');
      return explain(t, b.code, b.message, view);
    },
    [blockedByCard, myTurnToPlay, plays, t, view],
  );
}

/** When it becomes this seat's turn to play and nothing else has the focus, focus a playable card. */
function useFocusOnTurn(
  myTurnToPlay: boolean,
  rootRef: RefObject<HTMLDivElement | null>,
  cardsRef: RefObject<HTMLDivElement | null>,
): void {
  useEffect(() => {
    if (!myTurnToPlay) return;
    const active = document.activeElement;
    const free = !active || active === document.body || (rootRef.current?.contains(active) ?? false);
    if (!free || (active && cardsRef.current?.contains(active))) return;
    cardsRef.current?.querySelector<HTMLButtonElement>('button[data-playable="true"]')?.focus();
  }, [myTurnToPlay, rootRef, cardsRef]);
}

/**
 * Bidding by digit: a digit bids that many tricks; with hands of ten cards or more a first digit
 * waits a moment for a second one (Enter bids at once). Returns the digits typed so far.
 */
function useDigitBids(bidding: boolean, maxBid: number, bidBy: (value: number) => void): string {
  const [typed, setTyped] = useState('');
  useEffect(() => {
    if (!bidding) return;
    let buffer = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const commit = (): void => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      const value = Number(buffer);
      buffer = '';
      setTyped('');
      bidBy(value);
    };
    const onKey = (e: KeyboardEvent): void => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      if (e.key === 'Enter' && buffer) {
        e.preventDefault();
        commit();
        return;
      }
      if (!/^[0-9]$/.test(e.key)) return;
      e.preventDefault();
      buffer += e.key;
      // One digit is the whole bid unless a second digit could still make a bid of 10 or more.
      if (Number(buffer) * 10 > maxBid || buffer.length >= 2) commit();
      else {
        setTyped(buffer);
        if (timer) clearTimeout(timer);
        timer = setTimeout(commit, DIGIT_WAIT_MS);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (timer) clearTimeout(timer);
      setTyped('');
    };
  }, [bidding, bidBy, maxBid]);
  return typed;
}

export interface ShownTrick {
  cards: readonly MatchMasterPlayedCard[];
  /** The trick is complete: it stays a moment (`TRICK_HOLD_MS`), then is gathered to its winner. */
  done: boolean;
  /** The finished trick's cards are on their way to the winner's seat. */
  gathering: boolean;
  winner: number | null;
}

interface HeldTrick {
  readonly cards: readonly MatchMasterPlayedCard[];
  readonly winner: number;
  readonly key: number;
  readonly gathering: boolean;
}

const reducedMotion = (): boolean =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The trick to show: a trick the latest update finished is held in the middle for a moment, then
 * gathered to its winner, whatever the next updates bring meanwhile (a bot leading at once); the
 * viewer's own card or bid gathers it at once. Otherwise the view's current trick.
 */
function useShownTrick(
  view: MatchMasterView,
  events: readonly MatchMasterEvent[],
  seat: number | null,
): ShownTrick {
  const previous = useRef<readonly MatchMasterPlayedCard[]>([]);
  const [held, setHeld] = useState<HeldTrick | null>(null);
  useEffect(() => {
    const won = events.find((e) => e.type === 'trick_won');
    if (!won) {
      const mine = (e: MatchMasterEvent): boolean =>
        (e.type === 'card_played' || e.type === 'bid_made') && e.seat === seat;
      if (seat !== null && events.some(mine))
        setHeld((h) => (h && !h.gathering ? { ...h, gathering: true } : h));
      return;
    }
    const last = view.tricks[view.tricks.length - 1];
    let cards: readonly MatchMasterPlayedCard[];
    if (last && last.cards.length === view.players && view.trick.cards.length === 0) cards = last.cards;
    else {
      // The hand's last trick: the new hand's view no longer has it; rebuild it from the cards seen
      // before and the cards this update played.
      const played = events.flatMap((e) =>
        e.type === 'card_played' ? [{ seat: e.seat, card: e.card }] : [],
      );
      const merged = [...previous.current.filter((p) => !played.some((q) => q.seat === p.seat)), ...played];
      cards = merged.slice(-view.players);
    }
    setHeld((h) => ({ cards, winner: won.seat, key: (h?.key ?? 0) + 1, gathering: false }));
    // Only a new update's events start a hold; the view comes with them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [events]);
  useEffect(() => {
    previous.current = view.trick.cards;
  }, [view]);
  useEffect(() => {
    if (!held) return;
    const wait = held.gathering ? (reducedMotion() ? 0 : GATHER_MS) : TRICK_HOLD_MS;
    const timer = setTimeout(
      () => setHeld((h) => (h?.key !== held.key ? h : h.gathering ? null : { ...h, gathering: true })),
      wait,
    );
    return () => clearTimeout(timer);
  }, [held]);
  if (held) return { cards: held.cards, done: true, gathering: held.gathering, winner: held.winner };
  return { cards: view.trick.cards, done: false, gathering: false, winner: null };
}

/**
 * Where the other seats sit along the table's edges, clockwise from the viewer's left, for each
 * count of other seats: x from -1 (left edge) to 1 (right edge), y from -1 (top edge) to 1 (bottom
 * edge). The viewer sits at the bottom in the middle; the others along the left edge, the top and
 * the right edge, so the middle of the felt stays free for the trick (see matchmaster.css).
 */
const EDGE_SPOTS: readonly (readonly (readonly [number, number])[])[] = [
  [],
  [[0, -1]],
  [
    [-1, -0.3],
    [1, -0.3],
  ],
  [
    [-1, -0.15],
    [0, -1],
    [1, -0.15],
  ],
  [
    [-1, 0.05],
    [-0.45, -1],
    [0.45, -1],
    [1, 0.05],
  ],
  [
    [-1, 0.4],
    [-1, -0.5],
    [0, -1],
    [1, -0.5],
    [1, 0.4],
  ],
  [
    [-1, 0.45],
    [-1, -0.3],
    [-0.45, -1],
    [0.45, -1],
    [1, -0.3],
    [1, 0.45],
  ],
];

/**
 * Where seat `s` sits on the table's edge (the viewer at the bottom in the middle), from -1 to 1
 * on each axis; a card it plays lies in the same direction in the middle of the felt.
 */
export function spot(s: number, bottom: number, n: number): { cx: number; cy: number } {
  const k = (s - bottom + n) % n;
  if (k === 0) return { cx: 0, cy: 1 };
  const at = EDGE_SPOTS[n - 1]?.[k - 1];
  if (at) return { cx: at[0], cy: at[1] };
  // More seats than drawn above (not a MatchMaster table today): around an ellipse.
  const angle = Math.PI / 2 + (k * 2 * Math.PI) / n;
  return { cx: Math.cos(angle), cy: Math.sin(angle) };
}

/**
 * The held trick's grid by number of seats: its columns and rows, and each seat's cell (column and
 * row, halves allowed), in the order of EDGE_SPOTS with the viewer's first. Any two cells differ
 * by a whole column or a whole row, so cards sized to a cell never lie over each other, and each
 * card still lies toward its player's seat.
 */
const TRICK_GRIDS: readonly { cols: number; rows: number; cells: readonly (readonly [number, number])[] }[] =
  [
    { cols: 1, rows: 1, cells: [[0, 0]] },
    {
      cols: 1,
      rows: 2,
      cells: [
        [0, 1],
        [0, 0],
      ],
    },
    {
      cols: 2,
      rows: 2,
      cells: [
        [0.5, 1],
        [0, 0],
        [1, 0],
      ],
    },
    {
      cols: 3,
      rows: 2,
      cells: [
        [1, 1],
        [0, 0.5],
        [1, 0],
        [2, 0.5],
      ],
    },
    {
      cols: 3,
      rows: 3,
      cells: [
        [1, 2],
        [0, 1],
        [0.5, 0],
        [1.5, 0],
        [2, 1],
      ],
    },
    {
      cols: 3,
      rows: 3,
      cells: [
        [1, 2],
        [0, 1.5],
        [0, 0.5],
        [1, 0],
        [2, 0.5],
        [2, 1.5],
      ],
    },
    {
      cols: 3,
      rows: 3,
      cells: [
        [1, 2],
        [0, 2],
        [0, 1],
        [0.5, 0],
        [1.5, 0],
        [2, 1],
        [2, 2],
      ],
    },
  ];

/** The held trick's grid for `n` seats, and where seat `s`'s card lies in it (the viewer at the bottom). */
export function trickCell(
  s: number,
  bottom: number,
  n: number,
): { cols: number; rows: number; col: number; row: number } {
  const grid = TRICK_GRIDS[n - 1];
  const k = (s - bottom + n) % n;
  const cell = grid?.cells[k];
  if (!grid || !cell) return { cols: n, rows: 1, col: k, row: 0 };
  return { cols: grid.cols, rows: grid.rows, col: cell[0], row: cell[1] };
}

// --- helpers -----------------------------------------------------------------------------------

function sortHand(cards: readonly string[]): string[] {
  const order = (c: string): number => {
    const face = parseCard(c);
    return face ? SUIT_ORDER.indexOf(face.suit) * 100 + face.rank : 1000;
  };
  return [...cards].sort((a, b) => order(a) - order(b));
}

/** The engine's reason for a refused card, in the current language (the engine's text as fallback). */
function explain(t: TFunction, code: string, message: string, view: MatchMasterView): string {
  const led = view.trick.cards[0] ? parseCard(view.trick.cards[0].card) : null;
  switch (code) {
    case 'must_follow_suit':
      return led
        ? t('reason.must_follow_suit_led', { suit: t(`suit.${led.suit}`) })
        : t('reason.must_follow_suit');
    case 'must_overtrump': {
      let high: string | null = null;
      let rank = 0;
      for (const pc of view.trick.cards) {
        const f = parseCard(pc.card);
        if (f && f.suit === view.trump && f.rank > rank) {
          rank = f.rank;
          high = pc.card;
        }
      }
      return high ? t('reason.must_overtrump_card', { card: cardName(t, high) }) : t('reason.must_overtrump');
    }
    default:
      return t(`reason.${code}`, { defaultValue: message });
  }
}

function statusLine(
  t: TFunction,
  view: MatchMasterView,
  seat: number | null,
  toAct: readonly number[],
  bidding: boolean,
  myTurnToPlay: boolean,
  name: (s: number) => string,
): string {
  if (view.phase === 'over') return t('status.over');
  if (view.phase === 'bid') {
    if (bidding) return t('status.yourBid');
    const waiting = toAct.filter((s) => s !== seat).map(name);
    return t('status.waitingBids', { names: listInWords(t, waiting), count: waiting.length });
  }
  const leading = view.trick.cards.length === 0;
  if (myTurnToPlay) return leading ? t('status.yourLead') : t('status.yourPlay');
  const next = toAct[0];
  if (next === undefined) return '';
  return leading ? t('status.toLead', { name: name(next) }) : t('status.toPlay', { name: name(next) });
}
