/**
 * The MATCH! table: the discard pile and its target (with a wildcard's declaration), the deck,
 * every seat's five colour stacks and score toward the target, and the seat's own hand with its
 * playable cards marked. It holds no rules: what may be played comes from `legal` (each choice's
 * `text` is sent back through `act`), a wildcard's picker offers exactly the declarations listed
 * there, and whatever the view says (the target, a forced discard) is shown as it is.
 */
import type { KeyboardEvent, ReactElement, RefObject } from 'react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MatchCollection, MatchEvent, MatchView } from '@matchbox/engine';
import type { PublicSeat } from '@matchbox/client';
import type { BoardProps } from '../types.ts';
import { Avatar } from '../../table/Avatar.tsx';
import { refusalText } from '../../errors.ts';
import { Card, CardBack, EmptySlot, Shape, FILL } from './Card.tsx';
import type { Choice, Colour, MatchChoices } from './choices.ts';
import { COLOURS, VALUES, WILDCARD, parseCard, sortChoices } from './choices.ts';
import type { Translate } from './log.ts';
import { cardName, describe, seatName, signed } from './log.ts';
import './match.css';

type Panel = { readonly kind: 'card'; readonly card: string } | { readonly kind: 'wild' } | null;

/** Moves focus between the buttons of a group with the arrow keys, Home and End (wrapping around). */
function arrowFocus(event: KeyboardEvent<HTMLElement>, selector: string): void {
  const back = event.key === 'ArrowLeft' || event.key === 'ArrowUp';
  const on = event.key === 'ArrowRight' || event.key === 'ArrowDown';
  if (!back && !on && event.key !== 'Home' && event.key !== 'End') return;
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(selector));
  if (items.length === 0) return;
  const at = items.indexOf(document.activeElement as HTMLElement);
  const last = items.length - 1;
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? last
        : back
          ? at <= 0
            ? last
            : at - 1
          : at >= last
            ? 0
            : at + 1;
  event.preventDefault();
  items[next]?.focus();
}

export default function Board({
  view,
  seat,
  legal,
  blocked,
  toAct,
  events,
  seatNames,
  seats,
  act,
}: BoardProps<MatchView, MatchEvent>): ReactElement {
  const { t: i18nT } = useTranslation('match');
  const t = i18nT as unknown as Translate;
  const choices = useMemo(() => sortChoices(legal), [legal]);
  const [panel, setPanel] = useState<Panel>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const handRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<string | null>(null);

  // A new position (other legal choices) closes an open picker; a re-render with the same list does not.
  const legalKey = legal.map((l) => l.text).join('\n');
  useEffect(() => setPanel(null), [legalKey, view.round, view.turn]);
  // Focus the first choice of a panel when it opens; give focus back to its card when it closes.
  useEffect(() => {
    if (panel) {
      panelRef.current?.querySelector<HTMLElement>('button')?.focus();
    } else if (returnFocus.current && handRef.current) {
      const card = handRef.current.querySelector<HTMLElement>(`[data-card-button="${returnFocus.current}"]`);
      returnFocus.current = null;
      card?.focus();
    }
  }, [panel]);

  // The round just scored stays on the table, beside the next round's deal, until the seat plays
  // in the new round or puts it away.
  const [summaryRound, setSummaryRound] = useState<number | null>(null);
  useEffect(() => {
    const scored = events.find((e) => e.type === 'round_scored');
    if (scored && scored.type === 'round_scored') setSummaryRound(scored.round);
  }, [events]);
  const roundSummary = summaryRound === null ? undefined : view.rounds.find((r) => r.round === summaryRound);

  const send = useCallback(
    async (text: string): Promise<void> => {
      setBusy(true);
      setError(null);
      setSummaryRound(null);
      try {
        const result = await act(text);
        if (!result.ok) {
          const error = result.error ?? { code: 'unknown', message: '' };
          setError(t(`error.${error.code}`, { defaultValue: refusalText(error, t) }));
        }
      } catch (e) {
        setError(t('error.refused', { message: e instanceof Error ? e.message : String(e) }));
      } finally {
        setBusy(false);
        setPanel(null);
      }
    },
    [act, t],
  );

  const myTurn = seat !== null && toAct.includes(seat) && view.phase !== 'over';
  const mover = view.toAct[0] ?? toAct[0];
  const others = Array.from({ length: view.players }, (_, s) => s).filter((s) => s !== seat);
  // Other seats in playing order after the viewer.
  if (seat !== null)
    others.sort(
      (a, b) => ((a - seat + view.players) % view.players) - ((b - seat + view.players) % view.players),
    );
  const top = view.pile[view.pile.length - 1];
  const targetCard = `${view.target.colour}${view.target.value}`;
  // What just happened at the pile (the round's end has its own banner, the game's end the shell's results).
  const latest = events
    .filter((e) => e.type !== 'round_scored' && e.type !== 'game_over')
    .slice(-3)
    .map((e) => describe(e, t, seatNames, seat));

  let status: string;
  if (view.phase === 'over') status = t('status.over');
  else if (myTurn) status = t('status.yourTurn');
  else if (mover !== undefined) status = t('status.theirTurn', { name: seatName(mover, seatNames) });
  else status = '';

  return (
    <section
      className="ma-board"
      data-game="match"
      data-round={view.round}
      data-turn={view.turn}
      data-phase={view.phase}
      aria-label={t('board.label')}
      aria-busy={busy}
    >
      <header className="ma-status">
        <span className="ma-round">{t('status.round', { round: view.round })}</span>
        <span className="ma-goal">{t('status.goal', { target: view.targetScore })}</span>
        <strong className={`ma-turn${myTurn ? ' is-mine' : ''}`}>{status}</strong>
      </header>

      {others.length > 0 ? (
        <ul className="ma-seats" aria-label={t('seats.label')}>
          {others.map((s) => (
            <SeatPanel
              key={s}
              s={s}
              view={view}
              seatNames={seatNames}
              mover={mover}
              t={t}
              face={seats?.[s]}
            />
          ))}
        </ul>
      ) : null}

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
      </div>

      {roundSummary ? (
        <section
          className="ma-banner ma-round-summary"
          aria-label={t('roundSummary.label')}
          data-round={roundSummary.round}
        >
          <h3 className="ma-round-summary-title">
            {t('roundSummary.title', {
              round: roundSummary.round,
              name:
                roundSummary.endedBy === seat
                  ? t('roundSummary.you')
                  : seatName(roundSummary.endedBy, seatNames),
            })}
          </h3>
          <ul className="ma-round-summary-rows">
            {roundSummary.scores.map((points, s) => (
              <li
                key={s}
                className={points > 0 ? 'ma-plus' : points < 0 ? 'ma-minus' : undefined}
                data-seat={s}
              >
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
            <button type="button" className="ma-round-summary-close" onClick={() => setSummaryRound(null)}>
              {t('roundSummary.next', { round: view.round })}
            </button>
          ) : null}
        </section>
      ) : null}

      {seat !== null ? (
        <div className={`ma-me${mover === seat && view.phase !== 'over' ? ' is-turn' : ''}`}>
          <div className="ma-me-head">
            <SeatHead
              s={seat}
              view={view}
              seatNames={seatNames}
              mover={mover}
              t={t}
              face={seats?.[seat]}
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
                busy={busy}
                onDiscard={(c) => void send(c.text)}
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
                blocked={blocked}
                forced={view.forcedDiscard}
                busy={busy}
                drawn={drawnCard(events, seat)}
                handRef={handRef}
                onPick={(card) => {
                  if (card === WILDCARD) {
                    returnFocus.current = card;
                    setPanel({ kind: 'wild' });
                    return;
                  }
                  const list = choices.byCard.get(card) ?? [];
                  if (list.length === 1) void send(list[0]!.text);
                  else if (list.length > 1) {
                    returnFocus.current = card;
                    setPanel({ kind: 'card', card });
                  }
                }}
                t={t}
              />
            </div>
          </div>
          {panel ? (
            <div
              className="ma-panel"
              ref={panelRef}
              onKeyDown={(e) => {
                if (e.key === 'Escape') {
                  e.preventDefault();
                  setPanel(null);
                }
              }}
            >
              {panel.kind === 'wild' ? (
                <WildPicker
                  choices={choices}
                  busy={busy}
                  onPick={(c) => void send(c.text)}
                  onCancel={() => setPanel(null)}
                  t={t}
                />
              ) : (
                <CardChooser
                  card={panel.card}
                  list={choices.byCard.get(panel.card) ?? []}
                  busy={busy}
                  onPick={(c) => void send(c.text)}
                  onCancel={() => setPanel(null)}
                  t={t}
                />
              )}
            </div>
          ) : null}
          {error ? (
            <p className="ma-error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}

      <ScorePad view={view} seatNames={seatNames} seat={seat} t={t} />
    </section>
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
    <li className={`ma-seat${mover === s && view.phase !== 'over' ? ' is-turn' : ''}`}>
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
  const [focus, setFocus] = useState(0);
  const at = Math.min(focus, Math.max(0, hand.length - 1));
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
      onKeyDown={(e) => arrowFocus(e, '[data-card-button]')}
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
              setFocus(i);
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
  return (
    <div role="dialog" aria-label={t('choose.title', { card: name })} className="ma-chooser">
      <div className="ma-panel-head">
        <Card card={card} className="ma-panel-card" />
        <strong>{t('choose.title', { card: name })}</strong>
      </div>
      <div className="ma-panel-actions" onKeyDown={(e) => arrowFocus(e, 'button')}>
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
function pickerKeys(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') {
    arrowFocus(event, 'button[data-declare]');
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
  return (
    <div role="dialog" aria-label={t('picker.title')} className="ma-picker">
      <div className="ma-panel-head">
        <Card card={WILDCARD} className="ma-panel-card" />
        <strong>{t('picker.title')}</strong>
      </div>
      <div className="ma-picker-grid" role="group" aria-label={t('picker.title')} onKeyDown={pickerKeys}>
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
