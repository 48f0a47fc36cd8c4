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
import type { MatchMasterEvent, MatchMasterHandRecord, MatchMasterView } from '@matchbox/engine';
import type { TFunction } from 'i18next';
import type { CSSProperties, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useRovingFocus } from '../../board/useRovingFocus.ts';
import { ERRORS_NS } from '../../errors.ts';
import { Avatar } from '../../table/Avatar.tsx';
import { StandInMark } from '../../table/StandInMark.tsx';
import type { BoardProps } from '../types.ts';
import { CardArt, MiniBack } from './Card.tsx';
import type { Suit } from './cards.ts';
import { SUIT_STYLE, parseCard, suitPath } from './cards.ts';
import type { MatchMasterBoard, ShownTrick } from './ctrl.ts';
import { spot, trickCell, useMatchMasterBoard } from './ctrl.ts';
import { signed } from '@matchbox/client/words/numbers';
import { FeltSummary, usePause } from './FeltSummary.tsx';
import { HiddenBid, Matchsticks } from './Matchsticks.tsx';
import { ScorePad } from './ScorePad.tsx';
import { cardName, listInWords, sharesName } from './words.ts';
import './matchmaster.css';

type Props = BoardProps<MatchMasterView, MatchMasterEvent>;

export default function Board(props: Props): ReactElement {
  const { view, seat } = props;
  const { t } = useTranslation(['matchmaster', ERRORS_NS]);
  const board = useMatchMasterBoard(props, t);
  const { bidding, myTurnToPlay, summary, sender } = board;
  // The table's pause after a hand: its summary stands in the middle of the felt meanwhile.
  const paused = usePause(props.pauseUntil) && summary !== null && view.phase !== 'over';
  return (
    <div
      className="mm-board"
      ref={board.rootRef}
      data-testid="matchmaster-board"
      data-phase={view.phase}
      data-hand={view.hand}
      data-position={`${view.hand}.${view.phase}.${view.tricks.length}.${view.trick.cards.length}.${view.hasBid.filter(Boolean).length}`}
      data-my-turn={bidding ? 'bid' : myTurnToPlay ? 'play' : 'none'}
      data-summary={summary && !paused ? 'true' : undefined}
      data-pause={paused ? 'true' : undefined}
      aria-busy={sender.busy}
    >
      <header className="mm-head">
        <TrumpBadge t={t} trump={view.trump} />
        <div className="mm-head-hand">
          {view.phase === 'over'
            ? t('head.over', { hands: view.hands })
            : t('head.hand', { hand: view.hand, hands: view.hands, count: view.handSize })}
        </div>
        <div className="mm-head-status" data-my-turn={bidding || myTurnToPlay ? 'true' : undefined}>
          {board.status}
        </div>
      </header>

      <div className="mm-main">
        <TableView t={t} props={props} board={board} paused={paused} />
        {summary && !paused && (
          <HandSummary
            t={t}
            view={view}
            record={summary}
            seat={seat}
            name={board.name}
            seats={props.seats}
            events={props.events}
          />
        )}
        <div className="mm-mine">
          {bidding && <BidPicker t={t} board={board} />}
          {seat !== null && view.phase === 'bid' && !bidding && view.bids[seat] != null && (
            <p className="mm-bid-done">{t('bid.done', { count: view.bids[seat] })}</p>
          )}
          {seat !== null && view.phase !== 'over' && <HandView t={t} view={view} board={board} />}
          {seat === null && <p className="mm-spectating">{t('spectating')}</p>}
          {sender.error && (
            <p className="mm-error" role="alert">
              {sender.error}
            </p>
          )}
        </div>
        <ScorePad t={t} view={view} seat={seat} name={board.name} seatNames={props.seatNames} />
      </div>
    </div>
  );
}

/** The table seen from above: the seats around it and the trick in the middle. */
function TableView({
  t,
  props,
  board,
  paused,
}: {
  t: TFunction;
  props: Props;
  board: MatchMasterBoard;
  paused: boolean;
}): ReactElement {
  const { view, seat, seatNames, toAct, seats } = props;
  const { trick, name } = board;
  const n = view.players;
  const bottom = seat ?? 0;
  const winnerSpot = trick.winner === null ? null : spot(trick.winner, bottom, n);
  const lastWinner = trick.done ? trick.winner : null;
  return (
    <section className="mm-table" data-players={n} aria-label={t('table.label')}>
      <div className="mm-felt" />
      {paused && board.summary && (
        <FeltSummary t={t} record={board.summary} seat={props.seat} name={board.name} />
      )}
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
            revealKey={board.revealKey}
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
          {
            '--tc': trickCell(bottom, bottom, n).cols,
            '--tr': trickCell(bottom, bottom, n).rows,
            ...(winnerSpot ? { '--wx': winnerSpot.cx, '--wy': winnerSpot.cy } : {}),
          } as CSSProperties
        }
      >
        {trick.cards.map((pc) => {
          const at = spot(pc.seat, bottom, n);
          const cell = trickCell(pc.seat, bottom, n);
          const face = parseCard(pc.card);
          if (!face) return null;
          return (
            <div
              key={`${pc.seat}-${pc.card}`}
              className={`mm-trick-card${trick.done && trick.winner === pc.seat ? ' mm-trick-card--winner' : ''}`}
              style={{ '--cx': at.cx, '--cy': at.cy, '--sx': cell.col, '--sy': cell.row } as CSSProperties}
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
        <CenterNote t={t} view={view} trick={trick} revealing={board.revealing} />
      </div>
    </section>
  );
}

/** The bids the seat may make, as matchsticks; a digit typed bids too. */
function BidPicker({ t, board }: { t: TFunction; board: MatchMasterBoard }): ReactElement {
  const { sender } = board;
  return (
    <div className="mm-bid" role="group" aria-label={t('bid.label')}>
      <p className="mm-bid-prompt">
        {t('bid.prompt', { max: board.maxBid })}
        {board.typed && <span className="mm-bid-typed">{board.typed}…</span>}
      </p>
      <div className="mm-bid-options">
        {board.bidChoices.map((b) => (
          <button
            key={b.text}
            type="button"
            className="mm-bid-option"
            data-bid={b.bid}
            data-action={b.text}
            aria-label={t('bid.option', { count: b.bid })}
            aria-keyshortcuts={b.bid < 10 ? String(b.bid) : undefined}
            disabled={sender.busy}
            onClick={() => void sender.send(b.text)}
          >
            <Matchsticks count={b.bid} />
            <span className="mm-bid-value">{b.bid}</span>
          </button>
        ))}
      </div>
    </div>
  );
}

/** The seat's hand: playable cards raised, the others dimmed with why; arrows move between cards. */
function HandView({
  t,
  view,
  board,
}: {
  t: TFunction;
  view: MatchMasterView;
  board: MatchMasterBoard;
}): ReactElement {
  const { hand, tipCard, reasonFor, myTurnToPlay, tipId } = board;
  const roving = useRovingFocus({ selector: 'button.mm-card' });
  return (
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
        ref={board.cardsRef}
        role="group"
        aria-label={t('hand.cards')}
        onKeyDown={roving.onKeyDown}
      >
        {hand.length === 0 && <span className="mm-hand-empty">{t('hand.empty')}</span>}
        {hand.map((card, i) => (
          <HandCard key={card} t={t} view={view} board={board} card={card} i={i} />
        ))}
      </div>
    </section>
  );
}

function HandCard({
  t,
  view,
  board,
  card,
  i,
}: {
  t: TFunction;
  view: MatchMasterView;
  board: MatchMasterBoard;
  card: string;
  i: number;
}): ReactElement | null {
  const { hand, myTurnToPlay, plays, setTipCard } = board;
  const face = parseCard(card);
  if (!face) return null;
  const playable = myTurnToPlay && plays.has(card);
  const reason = board.reasonFor(card);
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
      type="button"
      className={`mm-card mm-card--${state}${newSuit ? ' mm-card--suit-start' : ''}`}
      style={{ '--i': i } as CSSProperties}
      data-card={card}
      data-action={playable ? plays.get(card) : undefined}
      data-playable={playable ? 'true' : 'false'}
      aria-disabled={playable ? undefined : 'true'}
      aria-describedby={reason ? board.tipId : undefined}
      title={reason ?? undefined}
      onClick={() => board.playCard(card)}
      onFocus={() => setTipCard(() => card)}
      onBlur={() => setTipCard((c) => (c === card ? null : c))}
      onMouseEnter={() => setTipCard(() => card)}
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
  const standIn = face?.kind === 'human' && !face.left ? (face.standIn ?? null) : null;
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
    // Your own seat is not "thinking": it waits for the bid you are asked for.
    const waiting = me ? t('seat.yetToBid') : t('seat.thinking');
    bidPart = <span className="mm-seat-thinking">{waiting}</span>;
    bidWords = waiting;
  }

  const tricksState = bid === null ? '' : won === bid ? 'exact' : won > bid ? 'over' : 'under';
  const words = [
    me ? t('seat.meName', { name }) : name,
    standIn ? t(standIn === 'away' ? 'common:standIn.seatAway' : 'common:standIn.seatAbsent') : null,
    away && !standIn ? t('seat.awayWords') : null,
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
      data-seat-chip={s}
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
        {away && !standIn && (
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
      {standIn && (
        <span className="mm-seat-stand-in" aria-hidden="true">
          <StandInMark reason={standIn} />
        </span>
      )}
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
