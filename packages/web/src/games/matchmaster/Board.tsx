/**
 * The MatchMaster table: the seats around it with their secret bids (matchsticks) and tricks won,
 * the trick in the middle, the seat's hand sorted by suit (trump first) with the playable cards
 * raised and the others dimmed with the engine's reason, a bid picker, and the score pad.
 *
 * It holds no rules: what may be bid or played comes from `legal` (each choice's `text` is what
 * is sent), why a card may not be played from `blocked`. Keyboard: Tab or the arrow keys choose a
 * card, Enter plays it; while bidding, a digit bids that many tricks.
 */
import type { MatchMasterEvent, MatchMasterPlayedCard, MatchMasterView } from '@matchbox/engine';
import type { TFunction } from 'i18next';
import type { CSSProperties, KeyboardEvent as ReactKeyboardEvent, ReactElement } from 'react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardProps } from '../types.ts';
import { refusalText } from '../../errors.ts';
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
/** How long the reveal and score banners stay. */
const BANNER_MS = 2200;
/** With hands of ten cards or more, a first digit waits this long for a second one. */
const DIGIT_WAIT_MS = 900;

export default function Board(props: Props): ReactElement {
  const { view, seat, legal, blocked, toAct, events, seatNames, act } = props;
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

  // --- banners: the simultaneous reveal and the hand's score --------------------------------------
  const [reveal, setReveal] = useState({ key: 0, on: false });
  const [scored, setScored] = useState<Extract<MatchMasterEvent, { type: 'hand_scored' }> | null>(null);
  useEffect(() => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    for (const e of events) {
      if (e.type === 'bids_revealed') {
        setReveal((r) => ({ key: r.key + 1, on: true }));
        timers.push(setTimeout(() => setReveal((r) => ({ key: r.key, on: false })), BANNER_MS));
      } else if (e.type === 'hand_scored') {
        setScored(e);
        timers.push(setTimeout(() => setScored(null), BANNER_MS + 1200));
      }
    }
    return () => timers.forEach(clearTimeout);
  }, [events]);
  const revealing = reveal.on;

  // --- the trick in the middle (a just completed trick stays until the next card) ---------------
  const trick = useShownTrick(view, events);

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
            const k = (s - bottom + n) % n;
            const angle = Math.PI / 2 + (k * 2 * Math.PI) / n;
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
                cx={Math.cos(angle)}
                cy={Math.sin(angle)}
                revealKey={revealing ? reveal.key : 0}
                wonLast={lastWinner === s}
              />
            );
          })}
          <div className="mm-trick" aria-label={t('trick.label')} role="group">
            {trick.cards.map((pc) => {
              const k = (pc.seat - bottom + n) % n;
              const angle = Math.PI / 2 + (k * 2 * Math.PI) / n;
              const face = parseCard(pc.card);
              if (!face) return null;
              return (
                <div
                  key={`${pc.seat}-${pc.card}`}
                  className={`mm-trick-card${trick.done && trick.winner === pc.seat ? ' mm-trick-card--winner' : ''}`}
                  style={{ '--cx': Math.cos(angle), '--cy': Math.sin(angle) } as CSSProperties}
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
            <CenterNote
              t={t}
              view={view}
              trick={trick}
              name={name}
              seat={seat}
              revealing={revealing}
              scored={scored}
              events={events}
            />
          </div>
        </section>

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
                      data-card={card}
                      data-action={playable ? plays.get(card) : undefined}
                      data-playable={playable ? 'true' : 'false'}
                      aria-label={label}
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
  cx: number;
  cy: number;
  revealKey: number;
  wonLast: boolean;
}

function SeatChip(props: SeatChipProps): ReactElement {
  const { t, view, s, me, name, shortName, number, toAct, cx, cy, revealKey, wonLast } = props;
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
      className={`mm-seat${me ? ' mm-seat--me' : ''}${toAct ? ' mm-seat--to-act' : ''}${wonLast ? ' mm-seat--won' : ''}${revealKey > 0 ? ' mm-seat--reveal' : ''}`}
      style={{ '--cx': cx, '--cy': cy } as CSSProperties}
      role="group"
      aria-label={words}
      data-seat={s}
    >
      <div className="mm-seat-name">
        {number !== null && !me && (
          <span className="mm-seat-num" aria-hidden="true">
            {number}
          </span>
        )}
        <span className="mm-seat-name-text" title={name}>
          {me ? t('seat.me') : shortName}
        </span>
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
  /** The trick is complete (shown until the next card is played). */
  done: boolean;
  winner: number | null;
}

/** The current trick, or the trick the latest update completed (with its winner). */
function useShownTrick(view: MatchMasterView, events: readonly MatchMasterEvent[]): ShownTrick {
  const previous = useRef<readonly MatchMasterPlayedCard[]>([]);
  const shown = useMemo((): ShownTrick => {
    if (view.trick.cards.length > 0) return { cards: view.trick.cards, done: false, winner: null };
    const won = events.find((e) => e.type === 'trick_won');
    if (!won) return { cards: [], done: false, winner: null };
    const last = view.tricks[view.tricks.length - 1];
    if (last && last.cards.length === view.players)
      return { cards: last.cards, done: true, winner: won.seat };
    // The hand's last trick: the new hand's view no longer has it; rebuild it from the cards seen
    // before and the cards this update played.
    const played = events.flatMap((e) => (e.type === 'card_played' ? [{ seat: e.seat, card: e.card }] : []));
    const merged = [...previous.current.filter((p) => !played.some((q) => q.seat === p.seat)), ...played];
    return { cards: merged.slice(-view.players), done: true, winner: won.seat };
  }, [view, events]);
  useEffect(() => {
    previous.current = view.trick.cards;
  }, [view]);
  return shown;
}

function CenterNote({
  t,
  view,
  trick,
  name,
  seat,
  revealing,
  scored,
  events,
}: {
  t: TFunction;
  view: MatchMasterView;
  trick: ShownTrick;
  name: (s: number) => string;
  seat: number | null;
  revealing: boolean;
  scored: Extract<MatchMasterEvent, { type: 'hand_scored' }> | null;
  events: readonly MatchMasterEvent[];
}): ReactElement | null {
  const who = (s: number): string => (s === seat ? t('you') : name(s));
  if (view.phase === 'over') {
    const over = events.find((e) => e.type === 'game_over');
    return (
      <div className="mm-center-note mm-center-note--banner" role="status">
        <strong>{t('center.over')}</strong>
        {over && (
          <span>
            {t('center.winners', {
              count: over.winners.length,
              names: listInWords(t, over.winners.map(who)),
            })}
          </span>
        )}
      </div>
    );
  }
  if (scored && view.phase === 'bid') {
    return (
      <div className="mm-center-note mm-center-note--banner mm-center-note--scored" role="status">
        <strong>{t('center.scored', { hand: scored.hand })}</strong>
        <ul>
          {scored.points.map((p, s) => (
            <li key={s} className={p > 0 ? 'mm-plus' : 'mm-minus'}>
              {name(s)} {signed(p)}
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (revealing && trick.cards.length === 0) {
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
  if (trick.done) return null;
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
