/**
 * The Sweet16 table: the grid of cards (9 x 6, or 7 x 7 in the duel) with flips, looks, the
 * clique and the set being scored; the turn's prompt with its buttons; every seat's score, pile
 * and diamonds. It renders the seat's `Sweet16View` and offers exactly the server's `legal`
 * choices: a grid position is clickable when a choice names it, and a click sends that choice's
 * notation. The duel's tryst is picked cell by cell and sent when the selection is one of the
 * listed trysts. No rules are computed here.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sweet16Event, Sweet16View } from '@matchbox/engine';
import type { BoardProps } from '../types.ts';
import { useRovingFocus } from '../../board/useRovingFocus.ts';
import { useSend } from '../../board/useSend.ts';
import { ERRORS_NS } from '../../errors.ts';
import { FlipCard, MiniCard } from './CardView.tsx';
import type { PosChoice, Sweet16Choices } from './choices.ts';
import { sortChoices, trystCells, trystFor } from './choices.ts';
import { cardName, seatName } from './log.ts';
import { colLetter, posIndex, posName } from './notation.ts';
import { EMPTY_MEMORY, remember } from './turns.ts';
import type { EventMemory, TurnSummary } from './turns.ts';
import './sweet16.css';

type Props = BoardProps<Sweet16View, Sweet16Event>;

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

/** The grid entry at a position: a card, `?`, or null for a hole or no such position. */
function cardAt(view: Sweet16View, pos: string): string | null {
  const at = posIndex(pos);
  return at ? (view.grid[at.row]?.[at.col] ?? null) : null;
}

/** How long the cards of a lost-face turn stay visible before they turn face down (ms). */
const FLASH_MS = 1500;

export default function Board(props: Props): ReactElement {
  const { view, seat, legal, blocked, events, seatNames, act } = props;
  const { t } = useTranslation(['sweet16', ERRORS_NS]);
  const duel = view.mode === 'duel';
  const choices = useMemo(() => sortChoices(legal), [legal]);
  const myTurn = seat !== null && view.toAct.includes(seat);
  const name = useCallback((s: number) => seatName(s, t, seatNames), [t, seatNames]);

  // --- what the events showed -------------------------------------------------------------
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

  // --- sending ------------------------------------------------------------------------------
  // An action is on its way from the click until the server answers and, when it was taken,
  // until the update with new choices arrives (so a second click cannot repeat it).
  const { send, busy: pending, error } = useSend(act, { legal, holdTaken: true });

  // --- the duel's tryst selection -------------------------------------------------------------
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [showTrysts, setShowTrysts] = useState(false);
  useEffect(() => setSelected(new Set()), [view.turn, view.phase, seat]);
  const picking = myTurn && duel && view.phase === 'tryst';
  const matched = picking ? trystFor(choices.trysts, selected) : null;
  const hinted = useMemo(
    () => (picking && showTrysts ? trystCells(choices.trysts, selected) : new Set<string>()),
    [picking, showTrysts, choices.trysts, selected],
  );
  const toggle = (pos: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(pos)) next.delete(pos);
      else next.add(pos);
      return next;
    });

  // --- keyboard focus in the grid (one tab stop, arrows move) ---------------------------------
  const roving = useRovingFocus({ selector: '.s16-cell', columns: view.cols });
  const focus = { row: Math.floor(roving.at / view.cols), col: roving.at % view.cols };
  const onGridKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter') {
      roving.onKeyDown(e);
    } else {
      // Enter plays the focused cell (handled here rather than by the button's own click so
      // that a held key does not repeat the action).
      e.preventDefault();
      if (e.repeat) return;
      const pos = posName(focus.row, focus.col);
      onCell(pos, cardAt(view, pos), myTurn ? choices.byPos.get(pos) : undefined);
    }
  };

  // --- what each cell shows -----------------------------------------------------------------
  const flipped = new Set(view.flipped ?? []);
  const cliqueCells = new Set(view.clique?.cells ?? []);
  const scoringCells = new Set(view.scoring?.cells ?? []);
  const lookCells = new Set(view.scoring?.looks ?? []);
  const notHeart = new Set(view.notHeart ?? []);
  const recent = useMemo(() => {
    const out = new Set<string>();
    for (const e of events) {
      if ('pos' in e && typeof e.pos === 'string') out.add(e.pos);
      if (e.type === 'tryst' || e.type === 'clique') for (const c of e.cells) out.add(c);
    }
    return out;
  }, [events]);

  const verbLabel = (choice: PosChoice | undefined, pos: string): string | null => {
    if (picking) return t(selected.has(pos) ? 'cell.do.unselect' : 'cell.do.select');
    return choice ? t(`cell.do.${choice.verb}`) : null;
  };

  const cellLabel = (
    pos: string,
    card: string | null,
    shown: string | null,
    choice: PosChoice | undefined,
  ) => {
    const parts: string[] = [];
    if (card === null) parts.push(t('cell.empty'));
    else if (shown) parts.push(cardName(shown, t));
    else parts.push(t('cell.faceDown'));
    if (card === '?' && flash[pos]) parts.push(t('cell.turningDown'));
    const peek = view.peeks?.[pos];
    const mem = view.memory?.[pos];
    if (card === '?' && peek) parts.push(t('cell.peek', { card: cardName(peek, t) }));
    else if (card === '?' && mem)
      parts.push(t('cell.memory', { card: cardName(mem.card, t), turn: mem.turn }));
    if (notHeart.has(pos) && card === '?') parts.push(t('cell.notHeart'));
    const joker = view.jokers?.[pos];
    if (joker !== undefined && card !== '?') parts.push(t('cell.jokerValue', { value: joker }));
    if (flipped.has(pos)) parts.push(t('cell.flipped'));
    if (view.clique && cliqueCells.has(pos)) parts.push(t('cell.clique', { name: name(view.clique.owner) }));
    if (scoringCells.has(pos)) parts.push(t('cell.scoring'));
    if (view.scoring?.putBack === pos) parts.push(t('cell.putBack'));
    if (lookCells.has(pos) && card === '?') parts.push(t('cell.lookedAt'));
    if (selected.has(pos)) parts.push(t('cell.selected'));
    const verb = verbLabel(choice, pos);
    if (verb) parts.push(verb);
    return t('cell.label', { pos, what: parts.join(t('cell.sep')) });
  };

  const onCell = (pos: string, card: string | null, choice: PosChoice | undefined) => {
    if (pending) return;
    if (picking) {
      if (card !== null) toggle(pos);
      return;
    }
    if (choice) void send(choice.text);
  };

  // Keyboard play: when the choices leave the grid (a Joker's value, a steal, only stop or pass),
  // focus moves from the grid to the first button; when they return to the grid after a button
  // was used, focus goes back to the grid.
  const gridRef = useRef<HTMLDivElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const usedButtons = useRef(false);
  const offGrid = myTurn && choices.byPos.size === 0 && choices.trysts.length === 0;
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

  const lineOf = (r: number, c: number) => (seat === 1 ? c === focus.col : r === focus.row);

  const grid = (
    <div
      ref={gridRef}
      className="s16-grid"
      role="grid"
      aria-label={t('grid.label', { cols: view.cols, rows: view.rows })}
      aria-rowcount={view.rows + 1}
      aria-colcount={view.cols + 1}
      style={{ ['--cols' as string]: view.cols, ['--rows' as string]: view.rows }}
      onKeyDown={onGridKey}
    >
      <div className="s16-row s16-row--head" role="row">
        <span className="s16-corner" role="columnheader" aria-hidden="true" />
        {Array.from({ length: view.cols }, (_, c) => (
          <span key={c} className="s16-head" role="columnheader">
            {colLetter(c)}
          </span>
        ))}
      </div>
      {view.grid.map((row, r) => (
        <div key={r} className="s16-row" role="row">
          <span className="s16-head" role="rowheader">
            {r + 1}
          </span>
          {row.map((card, c) => {
            const pos = posName(r, c);
            const choice = myTurn ? choices.byPos.get(pos) : undefined;
            const flashCard = card === '?' ? flash[pos] : undefined;
            const shown = card && card !== '?' ? card : (flashCard ?? null);
            const actionable = !pending && (picking ? card !== null : choice !== undefined);
            const classes = ['s16-cell'];
            if (card === null) classes.push('s16-cell--hole');
            if (actionable) classes.push('s16-cell--actionable');
            if (choice && choice.verb !== 'flip' && choice.verb !== 'look') classes.push('s16-cell--target');
            if (flipped.has(pos)) classes.push('s16-cell--flipped');
            if (cliqueCells.has(pos)) classes.push('s16-cell--clique');
            if (scoringCells.has(pos)) classes.push('s16-cell--scoring');
            if (lookCells.has(pos) && card === '?') classes.push('s16-cell--looked');
            if (selected.has(pos)) classes.push('s16-cell--selected');
            if (hinted.has(pos) && !selected.has(pos)) classes.push('s16-cell--hint');
            if (picking && lineOf(r, c)) classes.push('s16-cell--line');
            if (recent.has(pos)) classes.push('s16-cell--recent');
            const joker = view.jokers?.[pos];
            const isFocus = focus.row === r && focus.col === c;
            return (
              <span key={pos} className="s16-gridcell" role="gridcell">
                <button
                  type="button"
                  className={classes.join(' ')}
                  tabIndex={isFocus ? 0 : -1}
                  aria-label={cellLabel(pos, card, shown, choice)}
                  aria-disabled={!actionable}
                  aria-pressed={picking ? selected.has(pos) : undefined}
                  data-pos={pos}
                  data-action={choice?.text}
                  data-actions={picking ? trystsWith(choices.trysts, pos) : undefined}
                  onFocus={() => roving.setAt(r * view.cols + c)}
                  onClick={() => onCell(pos, card, choice)}
                >
                  {card === null ? (
                    <span className="s16-hole" aria-hidden="true" />
                  ) : (
                    <FlipCard
                      card={shown}
                      marks={{
                        peek: view.peeks?.[pos],
                        memory: view.memory?.[pos],
                        notHeart: notHeart.has(pos),
                      }}
                    />
                  )}
                  {joker !== undefined && card !== '?' ? (
                    <span className="s16-badge s16-badge--joker" aria-hidden="true">
                      {joker}
                    </span>
                  ) : null}
                  {view.clique && cliqueCells.has(pos) ? (
                    <span className="s16-badge s16-badge--clique" aria-hidden="true">
                      {t('badge.clique')}
                    </span>
                  ) : null}
                  {lookCells.has(pos) && card === '?' ? (
                    <span className="s16-badge s16-badge--eye" aria-hidden="true">
                      <svg viewBox="0 0 24 16" focusable="false">
                        <path
                          d="M1 8 C5 1.5 19 1.5 23 8 C19 14.5 5 14.5 1 8 Z"
                          fill="#ffffff"
                          stroke="#17294a"
                          strokeWidth="1.8"
                        />
                        <circle cx="12" cy="8" r="3.6" fill="#17294a" />
                      </svg>
                    </span>
                  ) : null}
                </button>
              </span>
            );
          })}
        </div>
      ))}
    </div>
  );

  return (
    <section
      className={`s16 ${duel ? 's16--duel' : 's16--base'}`}
      aria-label={t('board.label')}
      aria-busy={pending}
      data-mode={view.mode}
      data-phase={view.phase}
      data-turn={view.turn}
      data-my-turn={myTurn}
    >
      <Status view={view} seat={seat} myTurn={myTurn} name={name} choices={choices} />
      <div className="s16-layout">
        <div className="s16-play">
          <div
            ref={actionsRef}
            className="s16-actions-wrap"
            onFocusCapture={() => {
              usedButtons.current = true;
            }}
          >
            <Actions
              view={view}
              seat={seat}
              myTurn={myTurn}
              pending={pending}
              choices={choices}
              blocked={blocked}
              name={name}
              send={send}
              selected={selected}
              matchedText={matched?.text ?? null}
              clearSelection={() => setSelected(new Set())}
              showTrysts={showTrysts}
              setShowTrysts={setShowTrysts}
            />
          </div>
          {error ? (
            <p className="s16-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="s16-gridwrap">{grid}</div>
        </div>
        <aside className="s16-side">
          <TurnPanel view={view} name={name} memory={memory} seat={seat} />
          <ScoringPanel view={view} name={name} />
          <Players
            view={view}
            seat={seat}
            name={name}
            steals={myTurn ? choices.steals : []}
            send={send}
            pending={pending}
          />
          <Legend view={view} />
        </aside>
      </div>
    </section>
  );
}

// --- pieces ---------------------------------------------------------------------------------

type Name = (seat: number) => string;

function Status({
  view,
  seat,
  myTurn,
  name,
  choices,
}: {
  view: Sweet16View;
  seat: number | null;
  myTurn: boolean;
  name: Name;
  choices: ReturnType<typeof sortChoices>;
}): ReactElement {
  const { t } = useTranslation('sweet16');
  const duel = view.mode === 'duel';
  let prompt: string;
  if (view.phase === 'over' || view.toPlay === null) {
    const w = view.winners?.[0];
    prompt =
      w === undefined
        ? t('status.over')
        : w === seat
          ? t('status.youWin', { score: view.scores[w] })
          : t('status.wins', { name: name(w), score: view.scores[w] });
  } else if (myTurn) {
    prompt = promptFor(view, choices, t, seat);
  } else {
    prompt = t(`waiting.${view.phase}`, { name: name(view.toPlay) });
  }
  return (
    <header className="s16-status">
      <div className="s16-status-line">
        <span className="s16-mode">
          {duel ? t('status.duel') : t('status.base', { players: view.players })}
        </span>
        <span className="s16-turn">{t('status.turn', { turn: view.turn })}</span>
        <span className="s16-ingrid">{t('status.inGrid', { count: view.inGrid })}</span>
        {duel && seat !== null ? (
          <span className="s16-lines">{t(seat === 0 ? 'status.youRows' : 'status.youColumns')}</span>
        ) : null}
        {view.memoryAid ? <span className="s16-chip">{t('status.memoryAid')}</span> : null}
      </div>
      <p className={`s16-prompt ${myTurn ? 's16-prompt--mine' : ''}`} role="status">
        {prompt}
        {view.ended ? (
          <span className="s16-ended" data-ended={view.ended}>
            {' '}
            {t(`ended.${view.ended}`, { count: view.inGrid })}
          </span>
        ) : null}
      </p>
    </header>
  );
}

function promptFor(
  view: Sweet16View,
  choices: ReturnType<typeof sortChoices>,
  t: ReturnType<typeof useTranslation>['t'],
  seat: number | null,
): string {
  const left = view.scoring?.left ?? 0;
  switch (view.phase) {
    case 'flip':
      if (choices.byPos.size === 0 && choices.stop) return t('prompt.onlyStop');
      if ((view.flipped ?? []).length === 0) return t('prompt.flipFirst');
      return choices.stop
        ? t('prompt.flipOrStop', { total: view.total ?? 0 })
        : t('prompt.flipMore', { total: view.total ?? 0 });
    case 'joker':
      return t('prompt.joker');
    case 'back':
      return t(view.scoring?.kind === 'clique' ? 'prompt.backClique' : 'prompt.backTryst');
    case 'activate':
      return t('prompt.activate');
    case 'club':
      return choices.steals.length > 0 ? t('prompt.club') : t('prompt.clubNone');
    case 'heart':
      return t('prompt.heart');
    case 'spade':
      return t('prompt.spade', { count: left });
    case 'tryst':
      return choices.trysts.length === 0 && choices.pass
        ? t('prompt.pass')
        : t(seat === 1 ? 'prompt.trystColumns' : 'prompt.trystRows');
    case 'take':
      return t('prompt.take');
    case 'bury':
      return t('prompt.bury', { count: left });
    case 'over':
      return t('status.over');
  }
}

function Actions({
  view,
  seat,
  myTurn,
  pending,
  choices,
  blocked,
  name,
  send,
  selected,
  matchedText,
  clearSelection,
  showTrysts,
  setShowTrysts,
}: {
  view: Sweet16View;
  seat: number | null;
  myTurn: boolean;
  pending: boolean;
  choices: ReturnType<typeof sortChoices>;
  blocked: Props['blocked'];
  name: Name;
  send: (text: string) => Promise<unknown>;
  selected: ReadonlySet<string>;
  matchedText: string | null;
  clearSelection: () => void;
  showTrysts: boolean;
  setShowTrysts: (on: boolean) => void;
}): ReactElement | null {
  const { t } = useTranslation('sweet16');
  if (!myTurn) return null;
  const buttons: ReactElement[] = [];
  const stopBlocked = blocked.find((b) => b.text === choices.stop || b.text === 'stop');
  if (view.phase === 'flip') {
    if (choices.stop) {
      buttons.push(
        <button
          key="stop"
          type="button"
          className="s16-btn s16-btn--primary"
          disabled={pending}
          data-choice={choices.stop}
          onClick={() => void send(choices.stop!)}
        >
          {t('action.stop', { total: view.total ?? 0 })}
        </button>,
      );
    } else if (stopBlocked && (view.flipped ?? []).length > 0) {
      const reason = t(`blocked.${stopBlocked.code}`, { defaultValue: stopBlocked.message });
      buttons.push(
        <button
          key="stop"
          type="button"
          className="s16-btn"
          disabled
          title={reason}
          aria-description={reason}
        >
          {t('action.stopNot')}
        </button>,
      );
    }
  }
  if (choices.jokers.length > 0) {
    buttons.push(
      <div key="jokers" className="s16-jokers" role="group" aria-label={t('action.jokerGroup')}>
        {choices.jokers.map((j) => (
          <button
            key={j.text}
            type="button"
            className="s16-btn s16-btn--num"
            disabled={pending}
            aria-label={t('action.joker', { value: j.value })}
            data-choice={j.text}
            onClick={() => void send(j.text)}
          >
            {j.value}
          </button>
        ))}
      </div>,
    );
  }
  // The set being scored, as buttons too (the same choices as clicking the grid).
  if (view.phase === 'back' || view.phase === 'activate') {
    const verb = view.phase === 'back' ? 'back' : 'activate';
    for (const [pos, choice] of choices.byPos) {
      if (choice.verb !== verb) continue;
      const card = cardAt(view, pos);
      const label = t(`action.${verb}`, { card: card ? cardName(card, t) : pos, pos });
      buttons.push(
        <button
          key={choice.text}
          type="button"
          className="s16-btn s16-btn--card"
          disabled={pending}
          aria-label={label}
          title={label}
          data-choice={choice.text}
          onClick={() => void send(choice.text)}
        >
          {card ? <MiniCard card={card} /> : null}
          <span>{t(`action.${verb}Short`, { pos })}</span>
        </button>,
      );
    }
  }
  for (const s of choices.steals) {
    const from = view.diamonds.findIndex((ds) => ds.includes(s.card));
    buttons.push(
      <button
        key={s.text}
        type="button"
        className="s16-btn s16-btn--card"
        disabled={pending}
        data-choice={s.text}
        onClick={() => void send(s.text)}
      >
        <MiniCard card={s.card} />
        <span>{t('action.steal', { card: cardName(s.card, t), name: from >= 0 ? name(from) : '' })}</span>
      </button>,
    );
  }
  if (choices.skip) {
    buttons.push(
      <button
        key="skip"
        type="button"
        className="s16-btn"
        disabled={pending}
        data-choice={choices.skip}
        onClick={() => void send(choices.skip!)}
      >
        {t(view.phase === 'club' ? 'action.noSteal' : 'action.skip')}
      </button>,
    );
  }
  if (view.phase === 'tryst' && choices.trysts.length > 0) {
    const cards = [...selected].map((pos) => ({ pos, card: cardAt(view, pos) }));
    buttons.push(
      <div key="tryst" className="s16-tryst">
        <span className="s16-selection" aria-live="polite">
          {cards.length === 0
            ? t('action.selectNone')
            : cards.map(({ pos, card }) => (card ? <MiniCard key={pos} card={card} title={pos} /> : null))}
        </span>
        <button
          type="button"
          className="s16-btn s16-btn--primary"
          disabled={pending || matchedText === null}
          onClick={() => matchedText && void send(matchedText)}
        >
          {t('action.tryst')}
        </button>
        {selected.size > 0 ? (
          <button type="button" className="s16-btn" onClick={clearSelection}>
            {t('action.clear')}
          </button>
        ) : null}
        {selected.size > 0 && matchedText === null ? (
          <span className="s16-note">{t('action.notTryst')}</span>
        ) : null}
        <label className="s16-check">
          <input type="checkbox" checked={showTrysts} onChange={(e) => setShowTrysts(e.target.checked)} />
          {t('action.showTrysts')}
        </label>
      </div>,
    );
  }
  if (choices.pass) {
    buttons.push(
      <button
        key="pass"
        type="button"
        className="s16-btn s16-btn--primary"
        disabled={pending}
        data-choice={choices.pass}
        onClick={() => void send(choices.pass!)}
      >
        {t('action.pass')}
      </button>,
    );
  }
  if (buttons.length === 0) return null;
  return (
    <div
      className="s16-actions"
      role="group"
      aria-label={t('action.group', { name: seat === null ? '' : name(seat) })}
    >
      {buttons}
    </div>
  );
}

function TurnStrip({
  summary,
  name,
  title,
}: {
  summary: TurnSummary;
  name: Name;
  title: string;
}): ReactElement {
  const { t } = useTranslation('sweet16');
  const o = summary.outcome;
  const outcome =
    o === null
      ? ''
      : o.kind === 'lose_face'
        ? t('turnlog.loseFace', { total: o.total })
        : o.kind === 'stuck'
          ? t('turnlog.stuck', { total: o.total })
          : o.kind === 'clique'
            ? t('turnlog.clique', { total: o.total })
            : t(`turnlog.${o.kind}`);
  return (
    <div className="s16-strip">
      <div className="s16-strip-title">
        {title}: <strong>{name(summary.seat)}</strong>
      </div>
      <div className="s16-strip-cards">
        {summary.flips.map((f) => (
          <span key={f.pos} className="s16-strip-card">
            <MiniCard card={f.card} title={`${f.pos}: ${cardName(f.card, t)}`} />
            {f.value !== undefined ? <span className="s16-mini-note">= {f.value}</span> : null}
          </span>
        ))}
        {outcome ? <span className="s16-strip-outcome">{outcome}</span> : null}
      </div>
    </div>
  );
}

function TurnPanel({
  view,
  name,
  memory,
  seat,
}: {
  view: Sweet16View;
  name: Name;
  memory: EventMemory;
  seat: number | null;
}): ReactElement | null {
  const { t } = useTranslation('sweet16');
  const flipped = view.flipped ?? [];
  const peeks = Object.entries(view.peeks ?? {});
  const looks = memory.looks.filter((l) => !(view.peeks ?? {})[l.pos]);
  const parts: ReactElement[] = [];
  if (view.mode === 'base' && flipped.length > 0 && view.toPlay !== null) {
    parts.push(
      <div key="now" className="s16-strip">
        <div className="s16-strip-title">{t('panel.thisTurn', { name: name(view.toPlay) })}</div>
        <div className="s16-strip-cards">
          {flipped.map((pos) => {
            const card = cardAt(view, pos);
            return card && card !== '?' ? (
              <span key={pos} className="s16-strip-card">
                <MiniCard card={card} title={`${pos}: ${cardName(card, t)}`} />
                {view.jokers?.[pos] !== undefined ? (
                  <span className="s16-mini-note">= {view.jokers[pos]}</span>
                ) : null}
              </span>
            ) : null;
          })}
          <span className="s16-total">{t('panel.total', { total: view.total ?? 0 })}</span>
        </div>
      </div>,
    );
  }
  if (view.clique) {
    parts.push(
      <p key="clique" className="s16-line">
        {t('panel.clique', {
          name: name(view.clique.owner),
          total: view.clique.total,
          cells: view.clique.cells.join(' '),
        })}
      </p>,
    );
  } else if (view.mode === 'base') {
    parts.push(
      <p key="noclique" className="s16-line">
        {t('panel.noClique')}
      </p>,
    );
  }
  if (seat !== null && (peeks.length > 0 || looks.length > 0)) {
    parts.push(
      <div key="looks" className="s16-strip s16-strip--private">
        <div className="s16-strip-title">{t('panel.yourLooks')}</div>
        <div className="s16-strip-cards">
          {peeks.map(([pos, card]) => (
            <span key={pos} className="s16-strip-card">
              <MiniCard card={card} title={`${pos}: ${cardName(card, t)}`} />
              <span className="s16-mini-note">{pos}</span>
            </span>
          ))}
          {looks.map((l) => (
            <span key={l.pos} className="s16-strip-card">
              <MiniCard card={l.card} title={`${l.pos}: ${cardName(l.card, t)}`} />
              <span className="s16-mini-note">{l.pos}</span>
            </span>
          ))}
        </div>
      </div>,
    );
  }
  if (memory.last)
    parts.push(<TurnStrip key="last" summary={memory.last} name={name} title={t('panel.lastTurn')} />);
  if (parts.length === 0) return null;
  return (
    <section className="s16-panel" aria-label={t('panel.turnLabel')}>
      {parts}
    </section>
  );
}

function ScoringPanel({ view, name }: { view: Sweet16View; name: Name }): ReactElement | null {
  const { t } = useTranslation('sweet16');
  const s = view.scoring;
  const duel = view.mode === 'duel';
  const buried = view.buried ?? [];
  if (!s && !(duel && (buried.length > 0 || (view.outOfPlay ?? 0) > 0))) return null;
  return (
    <section className="s16-panel" aria-label={t('scoring.label')}>
      {s && view.toPlay !== null ? (
        <div className="s16-strip">
          <div className="s16-strip-title">
            {t(s.kind === 'clique' ? 'scoring.clique' : 'scoring.tryst', { name: name(view.toPlay) })}
          </div>
          <div className="s16-strip-cards">
            {s.cells.map((pos) => {
              const card = cardAt(view, pos);
              return card && card !== '?' ? (
                <MiniCard key={pos} card={card} title={`${pos}: ${cardName(card, t)}`} />
              ) : null;
            })}
          </div>
          {s.putBack ? <p className="s16-line">{t('scoring.putBack', { pos: s.putBack })}</p> : null}
          {s.activated ? (
            <p className="s16-line s16-line--card">
              <MiniCard card={s.activated} />
              {t('scoring.activated', { card: cardName(s.activated, t) })}
            </p>
          ) : null}
          {s.looks.length > 0 ? (
            <p className="s16-line">
              {t(duel ? 'scoring.buriedAt' : 'scoring.looks', { cells: s.looks.join(' ') })}
            </p>
          ) : null}
        </div>
      ) : null}
      {duel && buried.length > 0 ? (
        <div className="s16-strip">
          <div className="s16-strip-title">{t('scoring.buried', { count: buried.length })}</div>
          <div className="s16-strip-cards">
            {buried.map((c) => (
              <MiniCard key={c} card={c} title={cardName(c, t)} />
            ))}
          </div>
        </div>
      ) : null}
      {duel && (view.outOfPlay ?? 0) > 0 ? (
        <p className="s16-line">{t('scoring.outOfPlay', { count: view.outOfPlay })}</p>
      ) : null}
    </section>
  );
}

function Players({
  view,
  seat,
  name,
  steals,
  send,
  pending,
}: {
  view: Sweet16View;
  seat: number | null;
  name: Name;
  steals: ReturnType<typeof sortChoices>['steals'];
  send: (text: string) => Promise<unknown>;
  pending: boolean;
}): ReactElement {
  const { t } = useTranslation('sweet16');
  return (
    <section className="s16-panel" aria-label={t('players.label')}>
      <ul className="s16-players">
        {view.scores.map((score, s) => {
          const diamonds = view.diamonds[s] ?? [];
          const toPlay = view.toPlay === s;
          const winner = view.winners?.includes(s) ?? false;
          return (
            <li
              key={s}
              className={`s16-player ${toPlay ? 's16-player--toplay' : ''} ${winner ? 's16-player--winner' : ''}`}
            >
              <div className="s16-player-head">
                <span className="s16-player-name">
                  {toPlay ? <span aria-hidden="true">▶ </span> : null}
                  {winner ? <span aria-hidden="true">★ </span> : null}
                  {name(s)}
                  {s === seat ? <span className="s16-you"> {t('players.you')}</span> : null}
                </span>
                {view.mode === 'duel' ? (
                  <span className="s16-chip">{t(s === 0 ? 'players.rows' : 'players.columns')}</span>
                ) : null}
                {view.clique?.owner === s ? (
                  <span className="s16-chip s16-chip--clique">{t('players.clique')}</span>
                ) : null}
                <span className="s16-score">{t('players.score', { count: score })}</span>
              </div>
              <div className="s16-player-body">
                <span className="s16-pile" title={t('players.pile', { count: view.piles[s] ?? 0 })}>
                  <svg viewBox="0 0 30 36" aria-hidden="true" focusable="false">
                    <rect x="6" y="1" width="22" height="30" rx="3" fill="#4d6ea5" stroke="#17294a" />
                    <rect x="4" y="3" width="22" height="30" rx="3" fill="#3b5b90" stroke="#17294a" />
                    <rect x="2" y="5" width="22" height="30" rx="3" fill="#2c4a7a" stroke="#17294a" />
                  </svg>
                  <span>{t('players.pile', { count: view.piles[s] ?? 0 })}</span>
                </span>
                <span
                  className="s16-diamonds"
                  role="group"
                  aria-label={t('players.diamonds', { count: diamonds.length })}
                >
                  {diamonds.map((d) => {
                    const steal = steals.find((x) => x.card === d);
                    return steal ? (
                      <button
                        key={d}
                        type="button"
                        className="s16-diamond s16-diamond--steal"
                        disabled={pending}
                        aria-label={t('action.steal', { card: cardName(d, t), name: name(s) })}
                        data-choice={steal.text}
                        onClick={() => void send(steal.text)}
                      >
                        <MiniCard card={d} />
                      </button>
                    ) : (
                      <span key={d} className="s16-diamond" role="img" aria-label={cardName(d, t)}>
                        <MiniCard card={d} />
                      </span>
                    );
                  })}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Legend({ view }: { view: Sweet16View }): ReactElement {
  const { t } = useTranslation('sweet16');
  const duel = view.mode === 'duel';
  return (
    <details className="s16-legend">
      <summary>{t('legend.title')}</summary>
      <ul>
        {duel ? (
          <>
            <li>{t('legend.duelLines')}</li>
            <li>
              <span className="s16-key s16-key--selected" aria-hidden="true" /> {t('legend.selected')}
            </li>
          </>
        ) : (
          <>
            <li>
              <span className="s16-key s16-key--flipped" aria-hidden="true" /> {t('legend.flipped')}
            </li>
            <li>
              <span className="s16-key s16-key--clique" aria-hidden="true" /> {t('legend.clique')}
            </li>
            <li>{t('legend.peek')}</li>
            {view.memoryAid ? <li>{t('legend.memory')}</li> : null}
            <li>{t('legend.notHeart')}</li>
          </>
        )}
        <li>
          <span className="s16-key s16-key--scoring" aria-hidden="true" /> {t('legend.scoring')}
        </li>
        <li>{t('legend.suits')}</li>
        <li>{t('legend.keys')}</li>
      </ul>
    </details>
  );
}

/** The trysts a cell belongs to, as `|text|text|` for the hint's mark (none: no attribute). */
function trystsWith(trysts: Sweet16Choices['trysts'], pos: string): string | undefined {
  const texts = trysts.filter((x) => x.cells.includes(pos)).map((x) => x.text);
  return texts.length > 0 ? `|${texts.join('|')}|` : undefined;
}
