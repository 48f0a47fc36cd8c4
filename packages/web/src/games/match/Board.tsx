/**
 * The MATCH! table: the discard pile and its target (with a wildcard's declaration), the deck,
 * every seat's five colour stacks and score toward the target, and the seat's own hand with its
 * playable cards marked. It holds no rules: what may be played comes from `legal` (each choice's
 * `text` is sent back through `act`), a wildcard's picker offers exactly the declarations listed
 * there, and whatever the view says (the target, a forced discard) is shown as it is.
 */
import type { KeyboardEvent, ReactElement, ReactNode, RefObject } from 'react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MatchCollection, MatchEvent, MatchView } from '@matchbox/engine';
import type { PublicSeat } from '@matchbox/client';
import type { BoardProps } from '../types.ts';
import { Avatar } from '../../table/Avatar.tsx';
import type { RovingFocus } from '../../board/useRovingFocus.ts';
import { useRovingFocus } from '../../board/useRovingFocus.ts';
import { usePause } from '../../board/usePause.ts';
import { FeltRoundCard } from '../../board/FeltRoundCard.tsx';
import { ERRORS_NS } from '../../errors.ts';
import type { MatchBoard, MatchRound } from './ctrl.ts';
import { useMatchBoard } from './ctrl.ts';
import { Card, CardBack, EmptySlot, Shape, FILL } from './Card.tsx';
import type { Choice, Colour, MatchChoices } from './choices.ts';
import { COLOURS, VALUES, WILDCARD, parseCard } from './choices.ts';
import type { Translate } from './log.ts';
import { signed } from '@matchbox/client/words/numbers';
import { cardName, seatName } from './log.ts';
import './match.css';

export default function Board(props: BoardProps<MatchView, MatchEvent>): ReactElement {
  const { view, seat } = props;
  const { t: i18nT } = useTranslation(['match', ERRORS_NS]);
  const t = i18nT as unknown as Translate;
  const board = useMatchBoard(props, t);
  // The table's pause after a round: the round just scored stands over the pile meanwhile.
  const paused = usePause(props.pauseUntil) && board.roundSummary !== undefined && view.phase !== 'over';
  return (
    <section
      className="ma-board"
      data-game="match"
      data-round={view.round}
      data-turn={view.turn}
      data-phase={view.phase}
      data-pause={paused ? 'true' : undefined}
      aria-label={t('board.label')}
      aria-busy={board.sender.busy}
    >
      <header className="ma-status">
        <span className="ma-round">{t('status.round', { round: view.round })}</span>
        <span className="ma-goal">{t('status.goal', { target: view.targetScore })}</span>
        <strong className={`ma-turn${board.myTurn ? ' is-mine' : ''}`}>{board.status}</strong>
      </header>
      {board.others.length > 0 ? (
        <ul className="ma-seats" aria-label={t('seats.label')}>
          {board.others.map((s) => (
            <SeatPanel
              key={s}
              s={s}
              view={view}
              seatNames={props.seatNames}
              mover={board.mover}
              t={t}
              face={props.seats?.[s]}
            />
          ))}
        </ul>
      ) : null}
      <Centre view={view} latest={board.latest} t={t}>
        {paused && board.roundSummary ? (
          <FeltRoundSummary
            round={board.roundSummary}
            view={view}
            seat={seat}
            seatNames={props.seatNames}
            t={t}
          />
        ) : null}
      </Centre>
      {board.roundSummary && !paused ? (
        <RoundSummary
          round={board.roundSummary}
          view={view}
          seat={seat}
          seatNames={props.seatNames}
          onClose={board.closeSummary}
          t={t}
        />
      ) : null}
      {seat !== null ? <MySide props={props} seat={seat} board={board} t={t} /> : null}
      <ScorePad view={view} seatNames={props.seatNames} seat={seat} t={t} />
    </section>
  );
}

/** The deck, the pile with a wildcard's declaration, and what to match with the latest moves. */
function Centre({
  view,
  latest,
  t,
  children,
}: {
  view: MatchView;
  latest: readonly string[];
  t: Translate;
  /** What stands over the pile for a moment (the round just scored). */
  children?: ReactNode;
}): ReactElement {
  const top = view.pile[view.pile.length - 1];
  const targetCard = `${view.target.colour}${view.target.value}`;
  return (
    <div className="ma-centre">
      <div className="ma-deck">
        <CardBack className="ma-deck-card" />
        <span className="ma-caption">
          <span className="ma-deck-label">{t('deck.label')}</span>{' '}
          <span>{t('deck.count', { count: view.deckSize })}</span>
        </span>
      </div>
      <div className="ma-pile" aria-label={t('pile.label')} role="group">
        {top ? (
          <Card
            key={`${view.round}-${view.pile.length}-${top}`}
            card={top}
            className="ma-pile-card ma-arrive"
            label={t('pile.top', { card: cardName(top, t) })}
          />
        ) : null}
        {view.wildOnTop ? (
          <div className="ma-declared">
            <span className="ma-caption">{t('pile.declared')}</span>
            <Card
              card={targetCard}
              declared
              className="ma-declared-card"
              label={t('pile.declaredCard', { card: cardName(targetCard, t) })}
            />
          </div>
        ) : null}
      </div>
      <div className="ma-target">
        <TargetText view={view} t={t} />
        {latest.length > 0 ? (
          <ul className="ma-recent" aria-hidden="true">
            {latest.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        ) : null}
      </div>
      {children}
    </div>
  );
}

/**
 * A round's end has its moment: while the table's pause after the round lasts (the server's
 * `pauseUntil`), the round just scored stands over the pile: who ended it, each seat's points and
 * total. Then it goes beside the pile (`RoundSummary`) until put away or the next move.
 */
function FeltRoundSummary({
  round,
  view,
  seat,
  seatNames,
  t,
}: {
  round: MatchRound;
  view: MatchView;
  seat: number | null;
  seatNames: readonly string[];
  t: Translate;
}): ReactElement {
  const title = t('roundSummary.title', {
    round: round.round,
    name: round.endedBy === seat ? t('roundSummary.you') : seatName(round.endedBy, seatNames),
  });
  const rows = round.scores.map((points, s) => ({
    name: s === seat ? t('seat.you', { name: seatName(s, seatNames) }) : seatName(s, seatNames),
    points,
    shown: signed(points),
    total: t('roundSummary.total', { total: view.totals[s] ?? 0 }),
  }));
  return <FeltRoundCard prefix="ma" round={round.round} title={title} rows={rows} />;
}

/** The round just scored: each seat's points and total, and a button to put it away. */
function RoundSummary({
  round,
  view,
  seat,
  seatNames,
  onClose,
  t,
}: {
  round: MatchRound;
  view: MatchView;
  seat: number | null;
  seatNames: readonly string[];
  onClose: () => void;
  t: Translate;
}): ReactElement {
  return (
    <section
      className="ma-banner ma-round-summary"
      aria-label={t('roundSummary.label')}
      data-round={round.round}
    >
      <h3 className="ma-round-summary-title">
        {t('roundSummary.title', {
          round: round.round,
          name: round.endedBy === seat ? t('roundSummary.you') : seatName(round.endedBy, seatNames),
        })}
      </h3>
      <ul className="ma-round-summary-rows">
        {round.scores.map((points, s) => (
          <li key={s} className={points > 0 ? 'ma-plus' : points < 0 ? 'ma-minus' : undefined} data-seat={s}>
            <span className="ma-round-summary-name">
              {s === seat ? t('seat.you', { name: seatName(s, seatNames) }) : seatName(s, seatNames)}
            </span>{' '}
            <strong>{signed(points)}</strong>{' '}
            <span className="ma-round-summary-total">
              {t('roundSummary.total', { total: view.totals[s] ?? 0 })}
            </span>
          </li>
        ))}
      </ul>
      {view.phase !== 'over' ? (
        <button type="button" className="ma-round-summary-close" onClick={onClose}>
          {t('roundSummary.next', { round: view.round })}
        </button>
      ) : null}
    </section>
  );
}

/** The seat's own part: its stacks, its hand, the open picker and a refusal. */
function MySide({
  props,
  seat,
  board,
  t,
}: {
  props: BoardProps<MatchView, MatchEvent>;
  seat: number;
  board: MatchBoard;
  t: Translate;
}): ReactElement {
  const { view } = props;
  const { choices, myTurn, mover, sender } = board;
  const send = (c: Choice): void => void sender.send(c.text);
  return (
    <div className={`ma-me${mover === seat && view.phase !== 'over' ? ' is-turn' : ''}`}>
      <div className="ma-me-head">
        <SeatHead
          s={seat}
          view={view}
          seatNames={props.seatNames}
          mover={mover}
          t={t}
          face={props.seats?.[seat]}
          me
        />
      </div>
      {myTurn ? (
        <p className="ma-hint">{view.forcedDiscard ? t('status.forced') : t('status.choose')}</p>
      ) : null}
      <div className="ma-me-body">
        <div className="ma-me-part">
          <span className="ma-caption" aria-hidden="true">
            {t('stacks.mine')}
          </span>
          <Stacks
            collection={view.collections[seat]}
            choices={myTurn ? choices : null}
            busy={sender.busy}
            onDiscard={send}
            t={t}
            mine
          />
        </div>
        <div className="ma-me-part">
          <span className="ma-caption" aria-hidden="true">
            {t('hand.title')}
          </span>
          <Hand
            hand={view.myHand ?? []}
            choices={myTurn ? choices : null}
            blocked={props.blocked}
            forced={view.forcedDiscard}
            busy={sender.busy}
            drawn={drawnCard(props.events, seat)}
            handRef={board.handRef}
            onPick={board.pick}
            t={t}
          />
        </div>
      </div>
      {board.panel ? <PanelView board={board} t={t} /> : null}
      {sender.error ? (
        <p className="ma-error" role="alert">
          {sender.error}
        </p>
      ) : null}
    </div>
  );
}

/** The open picker: a card's moves, or a wildcard's declarations; Escape closes it. */
function PanelView({ board, t }: { board: MatchBoard; t: Translate }): ReactElement {
  const { choices, sender, panel } = board;
  const send = (c: Choice): void => void sender.send(c.text);
  return (
    <div
      className="ma-panel"
      ref={board.panelRef}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          board.closePanel();
        }
      }}
    >
      {panel?.kind === 'card' ? (
        <CardChooser
          card={panel.card}
          list={choices.byCard.get(panel.card) ?? []}
          busy={sender.busy}
          onPick={send}
          onCancel={board.closePanel}
          t={t}
        />
      ) : (
        <WildPicker choices={choices} busy={sender.busy} onPick={send} onCancel={board.closePanel} t={t} />
      )}
    </div>
  );
}

/** The card this viewer just drew, to mark it in the hand. */
function drawnCard(events: readonly MatchEvent[], seat: number): string | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === 'drew' && e.seat === seat && e.card !== undefined) return e.card;
  }
  return null;
}

function TargetText({ view, t }: { view: MatchView; t: Translate }): ReactElement {
  return (
    <p className="ma-target-text">
      <span className="ma-caption">{t('pile.match')}</span>{' '}
      <span className="ma-target-colour">
        <svg viewBox="-10 -10 20 20" className="ma-swatch" aria-hidden="true">
          <Shape
            colour={view.target.colour}
            cx={0}
            cy={0}
            s={8}
            fill={FILL[view.target.colour]}
            stroke="#1d1d1d"
          />
        </svg>
        {t(`colourName.${view.target.colour}`)}
      </span>{' '}
      <span className="ma-caption">{t('pile.or')}</span>{' '}
      <span className="ma-target-value">{view.target.value}</span>
    </p>
  );
}

interface SeatProps {
  s: number;
  view: MatchView;
  seatNames: readonly string[];
  mover: number | undefined;
  t: Translate;
  /** The seat's face and presence, where the shell knows them. */
  face?: PublicSeat | undefined;
  me?: boolean;
}

function SeatHead({ s, view, seatNames, mover, t, face, me }: SeatProps): ReactElement {
  const away = face?.kind === 'human' && (face.left || !face.connected);
  const total = view.totals[s] ?? 0;
  const points = view.collectionPoints[s] ?? 0;
  const share = Math.max(0, Math.min(1, total / Math.max(1, view.targetScore)));
  const cards = view.handSizes[s] ?? 0;
  const turn = mover === s && view.phase !== 'over';
  return (
    <div className="ma-seat-head">
      <span className="ma-name">
        {turn ? (
          <span className="ma-turn-dot" aria-hidden="true">
            ▶
          </span>
        ) : null}
        {face ? (
          <Avatar avatar={face.avatar} name={seatName(s, seatNames)} size={22} className="ma-avatar" />
        ) : null}
        {me ? t('seat.you', { name: seatName(s, seatNames) }) : seatName(s, seatNames)}
        {away ? <span className="ma-away">{t('seat.away')}</span> : null}
        {turn ? <span className="ma-visually-hidden">{t('seat.toPlay')}</span> : null}
      </span>
      <span className="ma-handcount" title={t('seat.handCount', { count: cards })}>
        <CardBack className="ma-mini-back" />
        <span aria-hidden="true">×{cards}</span>
        <span className="ma-visually-hidden">{t('seat.handCount', { count: cards })}</span>
      </span>
      <span className="ma-score">
        <span className="ma-score-text">{t('seat.total', { total, target: view.targetScore })}</span>
        <span className="ma-bar" aria-hidden="true">
          <span className="ma-bar-fill" style={{ width: `${share * 100}%` }} />
        </span>
        <span className="ma-round-points">{t('seat.roundPoints', { points: signed(points) })}</span>
      </span>
    </div>
  );
}

function SeatPanel(props: SeatProps): ReactElement {
  const { s, view, mover } = props;
  return (
    <li className={`ma-seat${mover === s && view.phase !== 'over' ? ' is-turn' : ''}`} data-seat-chip={s}>
      <SeatHead {...props} />
      <Stacks collection={view.collections[s]} choices={null} busy={false} onDiscard={() => {}} t={props.t} />
    </li>
  );
}

function Stacks({
  collection,
  choices,
  busy,
  onDiscard,
  t,
  mine,
}: {
  collection: MatchCollection | undefined;
  choices: MatchChoices | null;
  busy: boolean;
  onDiscard: (choice: Choice) => void;
  t: Translate;
  mine?: boolean;
}): ReactElement {
  return (
    <ul
      className={`ma-stacks${mine ? ' is-mine' : ''}`}
      aria-label={t(mine ? 'stacks.mine' : 'stacks.label')}
    >
      {COLOURS.map((colour) => {
        const stack = collection?.[colour] ?? [];
        const topCard = stack[stack.length - 1];
        const colourName = t(`colourName.${colour}`);
        const label =
          topCard === undefined
            ? t('stacks.empty', { colour: colourName })
            : t('stacks.stack', {
                colour: colourName,
                count: stack.length,
                cards: stack.map((c) => parseCard(c)?.value ?? c).join(', '),
                top: cardName(topCard, t),
              });
        const choice = choices?.byStack.get(colour);
        const face =
          topCard === undefined ? (
            <EmptySlot colour={colour} className="ma-stack-card" />
          ) : (
            <span className="ma-stack-pile" data-depth={Math.min(stack.length, 4)}>
              <Card card={topCard} className="ma-stack-card" />
              {stack.length > 1 ? (
                <span className="ma-stack-count" aria-hidden="true">
                  {stack.length}
                </span>
              ) : null}
            </span>
          );
        return (
          <li key={colour} className="ma-stack" data-colour={colour}>
            {choice ? (
              <button
                type="button"
                className="ma-stack-button is-playable"
                data-action={choice.text}
                title={t('stacks.discard', { card: cardName(topCard ?? '', t) })}
                disabled={busy}
                onClick={() => onDiscard(choice)}
              >
                {face}
                <span className="ma-tag is-discard" aria-hidden="true">
                  {t('tag.discard')}
                </span>
                {/* The name as text: the stack and the move in words (the tag says it short). */}
                <span className="visually-hidden">{`${label}. ${t('stacks.discard', { card: cardName(topCard ?? '', t) })}`}</span>
              </button>
            ) : (
              <span className="ma-stack-static" role="img" aria-label={label} title={label}>
                {face}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Hand({
  hand,
  choices,
  blocked,
  forced,
  busy,
  drawn,
  handRef,
  onPick,
  t,
}: {
  hand: readonly string[];
  choices: MatchChoices | null;
  blocked: BoardProps['blocked'];
  forced: boolean;
  busy: boolean;
  drawn: string | null;
  handRef: RefObject<HTMLDivElement | null>;
  onPick: (card: string) => void;
  t: Translate;
}): ReactElement {
  const roving = useRovingFocus({ selector: '[data-card-button]' });
  const at = Math.min(roving.at, Math.max(0, hand.length - 1));
  // A card played from the keyboard leaves the hand, and focus with it: bring focus back to the
  // hand when it changes, so that play goes on with the arrows.
  const keepFocus = useRef(false);
  const handKey = hand.join(' ');
  useEffect(() => {
    if (!keepFocus.current) return;
    const active = document.activeElement;
    if (active && active !== document.body && handRef.current?.contains(active)) return;
    if (active && active !== document.body) {
      keepFocus.current = false;
      return;
    }
    handRef.current?.querySelector<HTMLElement>('[data-card-button][tabindex="0"]')?.focus();
  }, [handKey, choices, handRef]);
  let drawnMarked = false;
  return (
    <div
      className="ma-hand"
      role="toolbar"
      aria-label={t('hand.label', { count: hand.length })}
      ref={handRef}
      onKeyDown={roving.onKeyDown}
    >
      {hand.map((card, i) => {
        const name = cardName(card, t);
        const list = choices ? (choices.byCard.get(card) ?? []) : [];
        const wild = card === WILDCARD && choices !== null && choices.wild.size > 0;
        const playable = wild || list.length > 0;
        const kinds = list.map((c) => c.action.type);
        let tag: string | null = null;
        let action: string;
        if (wild) {
          tag = t('tag.wild');
          action = t('hand.wild');
        } else if (kinds.includes('discard') && kinds.includes('collect')) {
          tag = t('tag.both');
          action = t('hand.both', { card: name });
        } else if (kinds.includes('discard')) {
          tag = t('tag.discard');
          action = t('hand.discard', { card: name });
        } else if (kinds.includes('collect')) {
          tag = t('tag.collect');
          action = t('hand.collect', { card: name });
        } else if (choices) {
          const reason = blocked.find((b) => b.text.endsWith(` ${card}`));
          action = reason
            ? t(`reason.${reason.code}`, { defaultValue: reason.message })
            : forced
              ? t('hand.notNowForced', { card: name })
              : t('hand.notNow', { card: name });
        } else {
          action = name;
        }
        const isNew = !drawnMarked && drawn === card;
        if (isNew) drawnMarked = true;
        const kind = wild ? 'wild' : kinds.length > 1 ? 'both' : (kinds[0] ?? 'none');
        return (
          <button
            key={`${card}-${i}`}
            type="button"
            className={`ma-hand-card${choices ? (playable ? ' is-playable' : ' is-dimmed') : ''}${isNew ? ' is-new' : ''}`}
            data-card-button={card}
            data-actions={actionList(wild && choices ? [...choices.wild.values()] : list)}
            data-kind={kind}
            tabIndex={i === at ? 0 : -1}
            aria-disabled={!playable || busy}
            title={choices ? action : name}
            onFocus={() => {
              roving.setAt(i);
              keepFocus.current = true;
            }}
            onClick={() => {
              if (playable && !busy) onPick(card);
            }}
          >
            <Card card={card} />
            {tag ? (
              <span className={`ma-tag is-${kind}`} aria-hidden="true">
                {tag}
              </span>
            ) : null}
            {isNew ? <span className="ma-new">{t('hand.new')}</span> : null}
            {/* The card and what it can do, in words: the name a screen reader and speech control use. */}
            <span className="visually-hidden">{choices ? `${name}: ${action}` : name}</span>
          </button>
        );
      })}
    </div>
  );
}

function CardChooser({
  card,
  list,
  busy,
  onPick,
  onCancel,
  t,
}: {
  card: string;
  list: readonly Choice[];
  busy: boolean;
  onPick: (choice: Choice) => void;
  onCancel: () => void;
  t: Translate;
}): ReactElement {
  const name = cardName(card, t);
  const parsed = parseCard(card);
  const roving = useRovingFocus({ selector: 'button' });
  return (
    <div role="dialog" aria-label={t('choose.title', { card: name })} className="ma-chooser">
      <div className="ma-panel-head">
        <Card card={card} className="ma-panel-card" />
        <strong>{t('choose.title', { card: name })}</strong>
      </div>
      <div className="ma-panel-actions" onKeyDown={roving.onKeyDown}>
        {list.map((c) => (
          <button
            key={c.text}
            type="button"
            className={`ma-choice is-${c.action.type}`}
            data-action={c.text}
            disabled={busy}
            onClick={() => onPick(c)}
          >
            {c.action.type === 'discard'
              ? t('choose.discard', { card: name })
              : t('choose.collect', { card: name, colour: parsed ? t(`colourName.${parsed.colour}`) : '' })}
          </button>
        ))}
        <button type="button" className="ma-cancel" onClick={onCancel}>
          {t('choose.cancel')}
        </button>
      </div>
    </div>
  );
}

/**
 * Arrow keys in the declaration grid: left and right along the offered declarations, up and down
 * to the same number in the nearest colour row that offers it.
 */
function pickerKeys(event: KeyboardEvent<HTMLElement>, along: RovingFocus): void {
  if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') {
    along.onKeyDown(event);
    return;
  }
  const here = (document.activeElement as HTMLElement | null)?.dataset.declare;
  if (!here) return;
  event.preventDefault();
  const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('button[data-declare]'));
  const row = COLOURS.indexOf(here.charAt(0) as Colour);
  const step = event.key === 'ArrowUp' ? -1 : 1;
  for (let r = row + step; r >= 0 && r < COLOURS.length; r += step) {
    const same = buttons.find((b) => b.dataset.declare === `${COLOURS[r]}${here.slice(1)}`);
    const any = same ?? buttons.find((b) => b.dataset.declare?.startsWith(COLOURS[r]!));
    if (any) {
      any.focus();
      return;
    }
  }
}

function WildPicker({
  choices,
  busy,
  onPick,
  onCancel,
  t,
}: {
  choices: MatchChoices;
  busy: boolean;
  onPick: (choice: Choice) => void;
  onCancel: () => void;
  t: Translate;
}): ReactElement {
  const rows = COLOURS.filter((c) => VALUES.some((v) => choices.wild.has(`${c}${v}`)));
  const along = useRovingFocus({ selector: 'button[data-declare]' });
  return (
    <div role="dialog" aria-label={t('picker.title')} className="ma-picker">
      <div className="ma-panel-head">
        <Card card={WILDCARD} className="ma-panel-card" />
        <strong>{t('picker.title')}</strong>
      </div>
      <div
        className="ma-picker-grid"
        role="group"
        aria-label={t('picker.title')}
        onKeyDown={(e) => pickerKeys(e, along)}
      >
        {rows.map((colour: Colour) => (
          <div key={colour} className="ma-picker-row" role="group" aria-label={t(`colourName.${colour}`)}>
            <span className="ma-picker-colour">
              <svg viewBox="-10 -10 20 20" className="ma-swatch" aria-hidden="true">
                <Shape colour={colour} cx={0} cy={0} s={8} fill={FILL[colour]} stroke="#1d1d1d" />
              </svg>
              {t(`colourName.${colour}`)}
            </span>
            {VALUES.map((value) => {
              const choice = choices.wild.get(`${colour}${value}`);
              if (!choice) return <span key={value} className="ma-picker-gap" aria-hidden="true" />;
              const name = cardName(`${colour}${value}`, t);
              return (
                <button
                  key={value}
                  type="button"
                  className="ma-picker-cell"
                  data-declare={`${colour}${value}`}
                  data-action={choice.text}
                  aria-label={t('picker.declare', { card: name })}
                  title={t('picker.declare', { card: name })}
                  disabled={busy}
                  onClick={() => onPick(choice)}
                >
                  <Card card={`${colour}${value}`} declared />
                </button>
              );
            })}
          </div>
        ))}
      </div>
      <button type="button" className="ma-cancel" onClick={onCancel}>
        {t('picker.cancel')}
      </button>
    </div>
  );
}

function ScorePad({
  view,
  seatNames,
  seat,
  t,
}: {
  view: MatchView;
  seatNames: readonly string[];
  seat: number | null;
  t: Translate;
}): ReactElement | null {
  if (view.rounds.length === 0) return null;
  const seats = Array.from({ length: view.players }, (_, s) => s);
  return (
    <details className="ma-scorepad" open={view.phase === 'over'}>
      <summary>{t('scorepad.title', { count: view.rounds.length })}</summary>
      <div className="ma-scorepad-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{t('scorepad.round')}</th>
              {seats.map((s) => (
                <th key={s} scope="col">
                  {s === seat ? t('seat.you', { name: seatName(s, seatNames) }) : seatName(s, seatNames)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {view.rounds.map((r) => (
              <tr key={r.round}>
                <th scope="row">{r.round}</th>
                {seats.map((s) => (
                  <td key={s}>{signed(r.scores[s] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('scorepad.total')}</th>
              {seats.map((s) => (
                <td key={s}>{view.totals[s] ?? 0}</td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </details>
  );
}

/** The notations of several choices on one element, for the hint's mark (`|a|b|`; none: no attribute). */
function actionList(list: readonly Choice[]): string | undefined {
  return list.length > 0 ? `|${list.map((c) => c.text).join('|')}|` : undefined;
}
