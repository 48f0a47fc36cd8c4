/**
 * The Sweet16 grid: a column of letters and a row of numbers around the cards; each position a
 * button (one tab stop, the arrows move) with its card face up or down, the marks of the turn and
 * of the set being scored, and in words everything it shows.
 */
import type { Sweet16View } from '@matchbox/engine';
import type { CSSProperties, ReactElement } from 'react';
import { FlipCard } from './CardView.tsx';
import type { PosChoice, Sweet16Choices } from './choices.ts';
import type { Sweet16Board } from './ctrl.ts';
import { colLetter, posName } from './notation.ts';

export function Grid({
  board,
  view,
  seat,
}: {
  board: Sweet16Board;
  view: Sweet16View;
  seat: number | null;
}): ReactElement {
  const { t } = board;
  return (
    <div
      ref={board.gridRef}
      className="s16-grid"
      role="grid"
      aria-label={t('grid.label', { cols: view.cols, rows: view.rows })}
      aria-rowcount={view.rows + 1}
      aria-colcount={view.cols + 1}
      style={{ ['--cols' as string]: view.cols, ['--rows' as string]: view.rows }}
      onKeyDown={board.onGridKey}
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
          {row.map((card, c) => (
            <Cell key={posName(r, c)} board={board} view={view} seat={seat} r={r} c={c} card={card} />
          ))}
        </div>
      ))}
    </div>
  );
}

interface CellProps {
  readonly board: Sweet16Board;
  readonly view: Sweet16View;
  readonly seat: number | null;
  readonly r: number;
  readonly c: number;
  /** The grid's entry: a card, `?` face down, or null for a hole. */
  readonly card: string | null;
}

function Cell({ board, view, seat, r, c, card }: CellProps): ReactElement {
  const pos = posName(r, c);
  const { tryst, marks } = board;
  const choice = board.myTurn ? board.choices.byPos.get(pos) : undefined;
  const flashCard = card === '?' ? board.flash[pos] : undefined;
  const shown = card && card !== '?' ? card : (flashCard ?? null);
  const actionable = !board.sender.busy && (tryst.picking ? card !== null : choice !== undefined);
  const isFocus = board.focus.row === r && board.focus.col === c;
  return (
    <span className="s16-gridcell" role="gridcell" style={{ '--i': r * view.cols + c } as CSSProperties}>
      <button
        type="button"
        className={cellClasses(board, seat, { r, c, pos, card, choice, actionable })}
        tabIndex={isFocus ? 0 : -1}
        aria-label={board.cellLabel(pos, card, shown, choice)}
        aria-disabled={!actionable}
        aria-pressed={tryst.picking ? tryst.selected.has(pos) : undefined}
        data-pos={pos}
        data-action={choice?.text}
        data-actions={tryst.picking ? trystsWith(board.choices.trysts, pos) : undefined}
        onFocus={() => board.roving.setAt(r * view.cols + c)}
        onClick={() => board.onCell(pos, card, choice)}
      >
        {card === null ? (
          <span className="s16-hole" aria-hidden="true" />
        ) : (
          <FlipCard
            card={shown}
            marks={{ peek: view.peeks?.[pos], memory: view.memory?.[pos], notHeart: marks.notHeart.has(pos) }}
          />
        )}
        <CellBadges board={board} view={view} pos={pos} card={card} />
      </button>
    </span>
  );
}

/** A Joker's value, the clique's badge, the eye of a card looked at. */
function CellBadges({
  board,
  view,
  pos,
  card,
}: {
  board: Sweet16Board;
  view: Sweet16View;
  pos: string;
  card: string | null;
}): ReactElement {
  const joker = view.jokers?.[pos];
  return (
    <>
      {joker !== undefined && card !== '?' ? (
        <span className="s16-badge s16-badge--joker" aria-hidden="true">
          {joker}
        </span>
      ) : null}
      {view.clique && board.marks.clique.has(pos) ? (
        <span className="s16-badge s16-badge--clique" aria-hidden="true">
          {board.t('badge.clique')}
        </span>
      ) : null}
      {board.marks.looks.has(pos) && card === '?' ? (
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
    </>
  );
}

/** A cell's classes: what it offers and every mark on it. */
function cellClasses(
  board: Sweet16Board,
  seat: number | null,
  cell: {
    r: number;
    c: number;
    pos: string;
    card: string | null;
    choice: PosChoice | undefined;
    actionable: boolean;
  },
): string {
  const { r, c, pos, card, choice, actionable } = cell;
  const { marks, tryst, focus } = board;
  // While a tryst is picked, the seat's line through the focused cell: a row for the first seat, a
  // column for the second.
  const onLine = seat === 1 ? c === focus.col : r === focus.row;
  const classes = ['s16-cell'];
  if (card === null) classes.push('s16-cell--hole');
  if (actionable) classes.push('s16-cell--actionable');
  if (choice && choice.verb !== 'flip' && choice.verb !== 'look') classes.push('s16-cell--target');
  if (marks.flipped.has(pos)) classes.push('s16-cell--flipped');
  if (marks.clique.has(pos)) classes.push('s16-cell--clique');
  if (marks.scoring.has(pos)) classes.push('s16-cell--scoring');
  if (marks.looks.has(pos) && card === '?') classes.push('s16-cell--looked');
  if (tryst.selected.has(pos)) classes.push('s16-cell--selected');
  if (tryst.hinted.has(pos) && !tryst.selected.has(pos)) classes.push('s16-cell--hint');
  if (tryst.picking && onLine) classes.push('s16-cell--line');
  if (marks.recent.has(pos)) classes.push('s16-cell--recent');
  return classes.join(' ');
}

/** The trysts a cell belongs to, as `|text|text|` for the hint's mark (none: no attribute). */
function trystsWith(trysts: Sweet16Choices['trysts'], pos: string): string | undefined {
  const texts = trysts.filter((x) => x.cells.includes(pos)).map((x) => x.text);
  return texts.length > 0 ? `|${texts.join('|')}|` : undefined;
}
