/**
 * The MatchMaster table: the seats around it with their secret bids (matchsticks) and tricks won,
 * the trick in the middle, the seat's hand sorted by suit (trump first) with the playable cards
 * raised and the others dimmed with the engine's reason, a bid picker, and the score pad.
 *
 * It holds no rules: what may be bid or played comes from `legal` (each choice's `text` is what
 * is sent), why a card may not be played from `blocked`. Keyboard: Tab or the arrow keys choose a
 * card, Enter plays it; while bidding, a digit bids that many tricks.
 */
import type { PublicSeat } from '@matchbox/client';
import type {
  MatchMasterEvent,
  MatchMasterHandRecord,
  MatchMasterPlayedCard,
  MatchMasterView,
} from '@matchbox/engine';
import type { TFunction } from 'i18next';
import type { CSSProperties, KeyboardEvent as ReactKeyboardEvent, ReactElement } from 'react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardProps } from '../types.ts';
import { refusalText } from '../../errors.ts';
import { Avatar } from '../../table/Avatar.tsx';
import { CardArt, MiniBack } from './Card.tsx';
import type { Suit } from './cards.ts';
import { SUIT_STYLE, parseCard, splitLegal, suitPath } from './cards.ts';
import { signed } from './log.ts';
import { HiddenBid, Matchsticks } from './Matchsticks.tsx';
import { ScorePad } from './ScorePad.tsx';
import { cardName, listInWords, seatName, sharesName } from './words.ts';
import './matchmaster.css';

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

export default function Board(props: Props): ReactElement {
  const { view, seat, legal, blocked, toAct, events, seatNames, seats, act } = props;
  const { t } = useTranslation('matchmaster');
  const { bids: bidChoices, plays } = useMemo(() => splitLegal(legal), [legal]);
  const n = view.players;
  const bottom = seat ?? 0;
  const rootRef = useRef<HTMLDivElement>(null);

  // --- sending an action ------------------------------------------------------------------------
  const [pending, setPending] = useState(false);
  const pendingRef = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const send = useCallback(
    async (text: string) => {
      if (pendingRef.current) return;
      pendingRef.current = true;
      setPending(true);
      setError(null);
      try {
        const answer = await act(text);
        if (!answer.ok && answer.error)
          setError(t(`error.${answer.error.code}`, { defaultValue: refusalText(answer.error, t) }));
      } finally {
        pendingRef.current = false;
        setPending(false);
      }
    },
    [act, t],
  );
  // A new update clears an old error.
  useEffect(() => setError(null), [view]);

  // --- the banner of the simultaneous reveal ------------------------------------------------------
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
  const revealing = reveal.on;

  // --- the trick in the middle (a finished trick stays a moment, then is gathered) ---------------
  const trick = useShownTrick(view, events, seat);
  const winnerSpot = trick.winner === null ? null : spot(trick.winner, bottom, n);

  // --- the hand summary: from the end of a hand until the next hand's bids are revealed ----------
  const lastHand = view.history[view.history.length - 1];
  const summary = lastHand && (view.phase === 'bid' || view.phase === 'over') ? lastHand : null;

  // --- the hand ---------------------------------------------------------------------------------
  const myTurnToPlay = plays.size > 0;
  const hand = useMemo(() => sortHand(view.myHand ?? []), [view.myHand]);
  const blockedByCard = useMemo(() => {
    const m = new Map<string, { code: string; message: string }>();
    for (const b of blocked) m.set(b.text, b);
    return m;
  }, [blocked]);
  const reasonFor = useCallback(
    (card: string): string | null => {
      if (!myTurnToPlay || plays.has(card)) return null;
      const b = blockedByCard.get(card);
      if (!b) return t('reason.notNow');
      return explain(t, b.code, b.message, view);
    },
    [blockedByCard, myTurnToPlay, plays, t, view],
  );
  const [tipCard, setTipCard] = useState<string | null>(null);
  const tipId = useId();
  const cardsRef = useRef<HTMLDivElement>(null);

  // When it becomes this seat's turn to play and nothing else has the focus, focus a playable card.
  useEffect(() => {
    if (!myTurnToPlay) return;
    const active = document.activeElement;
    const free = !active || active === document.body || (rootRef.current?.contains(active) ?? false);
    if (!free || (active && cardsRef.current?.contains(active))) return;
    cardsRef.current?.querySelector<HTMLButtonElement>('button[data-playable="true"]')?.focus();
  }, [myTurnToPlay]);

  const onCardsKeyDown = (e: ReactKeyboardEvent<HTMLDivElement>): void => {
    const buttons = [...(cardsRef.current?.querySelectorAll<HTMLButtonElement>('button.mm-card') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    let next = -1;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') next = at < 0 ? 0 : (at + 1) % buttons.length;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp')
      next = at < 0 ? buttons.length - 1 : (at - 1 + buttons.length) % buttons.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = buttons.length - 1;
    const target = buttons[next];
    if (target) {
      e.preventDefault();
      target.focus();
    }
  };

  const playCard = (card: string): void => {
    const text = plays.get(card);
    if (text !== undefined) void send(text);
    else setTipCard(card);
  };

  // --- bidding by digit -------------------------------------------------------------------------
  const bidding = bidChoices.length > 0;
  const maxBid = bidChoices.length > 0 ? bidChoices[bidChoices.length - 1]!.bid : 0;
  const [typed, setTyped] = useState('');
  const bidBy = useCallback(
    (value: number) => {
      const choice = bidChoices.find((b) => b.bid === value);
      if (choice) void send(choice.text);
      else setError(t('bid.outOfRange', { value, max: maxBid }));
    },
    [bidChoices, maxBid, send, t],
  );
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

  // --- words --------------------------------------------------------------------------------------
  const name = (s: number): string => seatName(t, seatNames, s);
  const status = statusLine(t, view, seat, toAct, bidding, myTurnToPlay, name);
  const lastWinner = trick.done ? trick.winner : null;

  return (
    <div
      className="mm-board"
      ref={rootRef}
      data-testid="matchmaster-board"
      data-phase={view.phase}
      data-hand={view.hand}
      data-position={`${view.hand}.${view.phase}.${view.tricks.length}.${view.trick.cards.length}.${view.hasBid.filter(Boolean).length}`}
      data-my-turn={bidding ? 'bid' : myTurnToPlay ? 'play' : 'none'}
      data-summary={summary ? 'true' : undefined}
      aria-busy={pending}
    >
      <header className="mm-head">
        <TrumpBadge t={t} trump={view.trump} />
        <div className="mm-head-hand">
          {view.phase === 'over'
            ? t('head.over', { hands: view.hands })
            : t('head.hand', { hand: view.hand, hands: view.hands, count: view.handSize })}
        </div>
        <div className="mm-head-status" data-my-turn={bidding || myTurnToPlay ? 'true' : undefined}>
          {status}
        </div>
      </header>

      <div className="mm-main">
        <section className="mm-table" data-players={n} aria-label={t('table.label')}>
          <div className="mm-felt" />
          {Array.from({ length: n }, (_, s) => {
            const at = spot(s, bottom, n);
            return (
              <SeatChip
                key={s}
                t={t}
                view={view}
                s={s}
                me={s === seat}
                name={name(s)}
                shortName={sharesName(seatNames, s) ? (seatNames[s] ?? '').trim() : name(s)}
                number={sharesName(seatNames, s) ? s + 1 : null}
                toAct={toAct.includes(s)}
                face={seats?.[s]}
                cx={at.cx}
                cy={at.cy}
                revealKey={revealing ? reveal.key : 0}
                wonLast={lastWinner === s}
              />
            );
          })}
          <div
            className={`mm-trick${trick.gathering ? ' mm-trick--gathering' : ''}`}
            aria-label={t('trick.label')}
            role="group"
            data-done={trick.done ? 'true' : undefined}
            style={
              winnerSpot ? ({ '--wx': winnerSpot.cx, '--wy': winnerSpot.cy } as CSSProperties) : undefined
            }
          >
            {trick.cards.map((pc) => {
              const at = spot(pc.seat, bottom, n);
              const face = parseCard(pc.card);
              if (!face) return null;
              return (
                <div
                  key={`${pc.seat}-${pc.card}`}
                  className={`mm-trick-card${trick.done && trick.winner === pc.seat ? ' mm-trick-card--winner' : ''}`}
                  style={{ '--cx': at.cx, '--cy': at.cy } as CSSProperties}
                  role="img"
                  aria-label={t('trick.card', { name: name(pc.seat), card: cardName(t, pc.card) })}
                  data-card={pc.card}
                >
                  <CardArt
                    face={face}
                    code={t(`suitCode.${face.suit}`)}
                    trump={face.suit === view.trump}
                    trumpLabel={t('trumpShort')}
                  />
                </div>
              );
            })}
            <CenterNote t={t} view={view} trick={trick} revealing={revealing} />
          </div>
        </section>

        {summary && (
          <HandSummary
            t={t}
            view={view}
            record={summary}
            seat={seat}
            name={name}
            seats={seats}
            events={events}
          />
        )}

        <div className="mm-mine">
          {bidding && (
            <div className="mm-bid" role="group" aria-label={t('bid.label')}>
              <p className="mm-bid-prompt">
                {t('bid.prompt', { max: maxBid })}
                {typed && <span className="mm-bid-typed">{typed}…</span>}
              </p>
              <div className="mm-bid-options">
                {bidChoices.map((b) => (
                  <button
                    key={b.text}
                    type="button"
                    className="mm-bid-option"
                    data-bid={b.bid}
                    data-action={b.text}
                    aria-label={t('bid.option', { count: b.bid })}
                    aria-keyshortcuts={b.bid < 10 ? String(b.bid) : undefined}
                    disabled={pending}
                    onClick={() => void send(b.text)}
                  >
                    <Matchsticks count={b.bid} />
                    <span className="mm-bid-value">{b.bid}</span>
                  </button>
                ))}
              </div>
            </div>
          )}
          {seat !== null && view.phase === 'bid' && !bidding && view.bids[seat] != null && (
            <p className="mm-bid-done">{t('bid.done', { count: view.bids[seat] })}</p>
          )}

          {seat !== null && view.phase !== 'over' && (
            <section className="mm-hand" aria-label={t('hand.label')}>
              <p className="mm-reason" id={tipId} aria-live="polite">
                {tipCard && reasonFor(tipCard) ? (
                  <>
                    <strong>{cardName(t, tipCard)}:</strong> {reasonFor(tipCard)}
                  </>
                ) : myTurnToPlay ? (
                  t('hand.choose')
                ) : (
                  '\u00a0'
                )}
              </p>
              <div
                key={view.hand}
                className="mm-cards"
                style={{ '--mm-hand-n': Math.max(hand.length, 5) } as CSSProperties}
                ref={cardsRef}
                role="group"
                aria-label={t('hand.cards')}
                onKeyDown={onCardsKeyDown}
              >
                {hand.length === 0 && <span className="mm-hand-empty">{t('hand.empty')}</span>}
                {hand.map((card, i) => {
                  const face = parseCard(card);
                  if (!face) return null;
                  const playable = myTurnToPlay && plays.has(card);
                  const reason = reasonFor(card);
                  const state = playable ? 'legal' : myTurnToPlay ? 'illegal' : 'idle';
                  const newSuit = i > 0 && parseCard(hand[i - 1]!)?.suit !== face.suit;
                  const label = [
                    cardName(t, card),
                    face.suit === view.trump ? t('trump') : null,
                    playable ? t('hand.playable') : reason ? t('hand.notPlayable', { reason }) : null,
                  ]
                    .filter(Boolean)
                    .join(', ');
                  return (
                    <button
                      key={card}
                      type="button"
                      className={`mm-card mm-card--${state}${newSuit ? ' mm-card--suit-start' : ''}`}
                      style={{ '--i': i } as CSSProperties}
                      data-card={card}
                      data-action={playable ? plays.get(card) : undefined}
                      data-playable={playable ? 'true' : 'false'}
                      aria-disabled={playable ? undefined : 'true'}
                      aria-describedby={reason ? tipId : undefined}
                      title={reason ?? undefined}
                      onClick={() => playCard(card)}
                      onFocus={() => setTipCard(card)}
                      onBlur={() => setTipCard((c) => (c === card ? null : c))}
                      onMouseEnter={() => setTipCard(card)}
                      onMouseLeave={() => setTipCard((c) => (c === card ? null : c))}
                    >
                      <CardArt
                        face={face}
                        code={t(`suitCode.${face.suit}`)}
                        trump={face.suit === view.trump}
                        trumpLabel={t('trumpShort')}
                      />
                      {/* The card's name as text (the drawing is hidden): what a screen reader
                          says and what speech control answers to. */}
                      <span className="visually-hidden">{label}</span>
                    </button>
                  );
                })}
              </div>
            </section>
          )}
          {seat === null && <p className="mm-spectating">{t('spectating')}</p>}
          {error && (
            <p className="mm-error" role="alert">
              {error}
            </p>
          )}
        </div>

        <ScorePad t={t} view={view} seat={seat} name={name} seatNames={seatNames} />
      </div>
    </div>
  );
}

// --- pieces ------------------------------------------------------------------------------------

function TrumpBadge({ t, trump }: { t: TFunction; trump: Suit }): ReactElement {
  const st = SUIT_STYLE[trump];
  return (
    <div className="mm-trump" role="note" aria-label={t('trumpIs', { suit: t(`suit.${trump}`) })}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="mm-trump-icon">
        <rect x={1} y={1} width={22} height={22} rx={5} fill={st.fill} stroke="#ffd34d" strokeWidth={2} />
        <path d={suitPath(trump, 12, 12.5, 7)} fill={st.ink} />
      </svg>
      <span>
        <span className="mm-trump-word">{t('trump')}</span> {t(`suit.${trump}`)}
      </span>
    </div>
  );
}

interface SeatChipProps {
  t: TFunction;
  view: MatchMasterView;
  s: number;
  me: boolean;
  /** The name in words ("Bot (easy) 3"), and as the chip shows it with `number` beside it. */
  name: string;
  shortName: string;
  number: number | null;
  toAct: boolean;
  /** The seat's face and presence, where the shell knows them. */
  face: PublicSeat | undefined;
  cx: number;
  cy: number;
  revealKey: number;
  wonLast: boolean;
}

function SeatChip(props: SeatChipProps): ReactElement {
  const { t, view, s, me, name, shortName, number, toAct, face, cx, cy, revealKey, wonLast } = props;
  const away = face?.kind === 'human' && (face.left || !face.connected);
  const bid = view.bids[s] ?? null;
  const hasBid = view.hasBid[s] ?? false;
  const won = view.tricksWon[s] ?? 0;
  const cards = view.handCounts[s] ?? 0;
  const dealer = view.dealer === s;
  const bidding = view.phase === 'bid';

  let bidPart: ReactElement;
  let bidWords: string;
  if (bid !== null) {
    bidPart = (
      <span className="mm-seat-bid-value">
        <Matchsticks key={revealKey} count={bid} reveal={revealKey > 0} />
        <span className="mm-seat-bid-number">{bid}</span>
      </span>
    );
    bidWords = t('seat.bid', { count: bid });
  } else if (hasBid) {
    bidPart = (
      <span className="mm-seat-bid-hidden">
        <HiddenBid className="mm-hidden-bid" />
        <span className="mm-word">{t('seat.hasBid')}</span>
      </span>
    );
    bidWords = t('seat.hasBid');
  } else {
    bidPart = <span className="mm-seat-thinking">{t('seat.thinking')}</span>;
    bidWords = t('seat.thinking');
  }

  const tricksState = bid === null ? '' : won === bid ? 'exact' : won > bid ? 'over' : 'under';
  const words = [
    me ? t('seat.meName', { name }) : name,
    away ? t('seat.awayWords') : null,
    dealer ? t('seat.dealer') : null,
    bidWords,
    bidding ? null : t('seat.tricks', { count: won }),
    t('seat.cards', { count: cards }),
    toAct ? t('seat.toAct') : null,
    wonLast ? t('seat.wonTrickWords') : null,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <div
      className={`mm-seat${me ? ' mm-seat--me' : ''}${toAct ? ' mm-seat--to-act' : ''}${wonLast ? ' mm-seat--won' : ''}${revealKey > 0 ? ' mm-seat--reveal' : ''}${away ? ' mm-seat--away' : ''}`}
      style={{ '--cx': cx, '--cy': cy } as CSSProperties}
      role="group"
      aria-label={words}
      data-seat={s}
      data-presence={face ? (face.kind === 'bot' ? 'bot' : away ? 'away' : 'here') : undefined}
    >
      <div className="mm-seat-name">
        {face && (
          <span className="mm-seat-face" aria-hidden="true">
            <Avatar avatar={face.avatar} name={shortName} size={22} />
            {face.kind === 'human' && <span className={`mm-seat-dot${away ? '' : ' mm-seat-dot--here'}`} />}
          </span>
        )}
        {number !== null && !me && (
          <span className="mm-seat-num" aria-hidden="true">
            {number}
          </span>
        )}
        <span className="mm-seat-name-text" title={name}>
          {me ? t('seat.me') : shortName}
        </span>
        {away && (
          <span className="mm-seat-away" aria-hidden="true">
            {t('seat.away')}
          </span>
        )}
        {dealer && (
          <span className="mm-dealer" title={t('seat.dealer')} aria-hidden="true">
            {t('seat.dealerShort')}
          </span>
        )}
        <span className="mm-seat-cards" title={t('seat.cards', { count: cards })} aria-hidden="true">
          <MiniBack className="mm-mini-back" />
          {cards}
        </span>
      </div>
      {wonLast && (
        <span className="mm-seat-won" aria-hidden="true">
          {t('seat.wonTrick')}
        </span>
      )}
      <div className="mm-seat-row" aria-hidden="true">
        <div className="mm-seat-bid">{bidPart}</div>
        {!bidding && (
          <span
            className={`mm-seat-tricks mm-seat-tricks--${tricksState || 'none'}`}
            title={t('seat.tricks', { count: won })}
          >
            <span className="mm-word">{t('seat.tricksWord')} </span>
            {bid !== null ? `${won}/${bid}` : won}
          </span>
        )}
      </div>
    </div>
  );
}

interface ShownTrick {
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

/** Where seat `s` sits around the table, as a direction from the middle (the viewer at the bottom). */
function spot(s: number, bottom: number, n: number): { cx: number; cy: number } {
  const k = (s - bottom + n) % n;
  const angle = Math.PI / 2 + (k * 2 * Math.PI) / n;
  return { cx: Math.cos(angle), cy: Math.sin(angle) };
}

/**
 * The hand just scored, beside the table (never over the cards): each seat's bid, tricks won,
 * whether it made its bid, the points and the running total; at the end, who won.
 */
function HandSummary({
  t,
  view,
  record,
  seat,
  name,
  seats,
  events,
}: {
  t: TFunction;
  view: MatchMasterView;
  record: MatchMasterHandRecord;
  seat: number | null;
  name: (s: number) => string;
  seats: readonly PublicSeat[] | undefined;
  events: readonly MatchMasterEvent[];
}): ReactElement {
  const over = view.phase === 'over';
  const who = (s: number): string => (s === seat ? t('you') : name(s));
  const best = Math.max(...view.totals);
  const winners =
    events.find((e) => e.type === 'game_over')?.winners ??
    view.totals.flatMap((total, s) => (total === best ? [s] : []));
  return (
    <section
      className={`mm-summary${over ? ' mm-summary--over' : ''}`}
      aria-label={t('summary.label')}
      data-hand={record.hand}
    >
      <h3 className="mm-summary-title">
        {over ? t('center.over') : t('summary.title', { hand: record.hand })}
        {over && (
          <span className="mm-summary-winners">
            {' '}
            {t('center.winners', { count: winners.length, names: listInWords(t, winners.map(who)) })}
          </span>
        )}
        <span className="mm-summary-key" aria-hidden="true">
          {' '}
          {t('summary.key')}
        </span>
      </h3>
      <ul className="mm-summary-rows">
        <li className="mm-summary-head" aria-hidden="true">
          <span />
          <span>{t('summary.bid')}</span>
          <span>{t('summary.won')}</span>
          <span>{t('summary.points')}</span>
          <span>{t('summary.total')}</span>
        </li>
        {record.points.map((points, s) => {
          const bid = record.bids[s] ?? 0;
          const tricks = record.tricks[s] ?? 0;
          const made = bid === tricks;
          const total = view.totals[s] ?? 0;
          return (
            <li
              key={s}
              className={`mm-summary-row ${made ? 'mm-summary-row--made' : 'mm-summary-row--missed'}`}
              data-seat={s}
              aria-label={t('summary.row', {
                name: s === seat ? t('seat.me') : name(s),
                bid,
                tricks,
                result: t(made ? 'summary.made' : 'summary.missed'),
                points: signed(points),
                total,
              })}
            >
              <span className="mm-summary-name" aria-hidden="true">
                {seats?.[s] && <Avatar avatar={seats[s].avatar} name={name(s)} size={18} />}
                <span className="mm-summary-name-text">{s === seat ? t('seat.me') : name(s)}</span>
              </span>
              <span className="mm-summary-bid" aria-hidden="true">
                <span className="mm-summary-short">{t('summary.bid')} </span>
                {bid}
              </span>
              <span className="mm-summary-won" aria-hidden="true">
                <span className="mm-summary-short">{t('summary.won')} </span>
                {tricks}
                <span className="mm-summary-mark">{made ? ' ✓' : ' ✗'}</span>
              </span>
              <span className="mm-summary-points" aria-hidden="true">
                {signed(points)}
              </span>
              <span className="mm-summary-total" aria-hidden="true">
                {total}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function CenterNote({
  t,
  view,
  trick,
  revealing,
}: {
  t: TFunction;
  view: MatchMasterView;
  trick: ShownTrick;
  revealing: boolean;
}): ReactElement | null {
  if (view.phase === 'over' || (trick.done && !trick.gathering)) return null;
  if (revealing && (trick.cards.length === 0 || trick.gathering)) {
    return (
      <div className="mm-center-note mm-center-note--banner mm-center-note--reveal" role="status">
        <strong>{t('center.revealed')}</strong>
        <span>
          {t('center.bidTotal', {
            total: view.bids.reduce<number>((a, b) => a + (b ?? 0), 0),
            count: view.handSize,
          })}
        </span>
      </div>
    );
  }
  if (view.phase === 'bid') {
    return (
      <div className="mm-center-note">
        <strong>{t('center.secretBids')}</strong>
        <span>{t('center.bidCount', { done: view.hasBid.filter(Boolean).length, total: view.players })}</span>
      </div>
    );
  }
  if (trick.cards.length === 0) {
    return (
      <div className="mm-center-note">
        {t('center.trickOf', { trick: view.tricks.length + 1, count: view.handSize })}
      </div>
    );
  }
  return null;
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
