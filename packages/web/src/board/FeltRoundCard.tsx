/**
 * A round's end on the felt (MATCH! over its pile, MATCHET over its board): while the table's
 * pause after the round lasts (usePause.ts), the round just scored stands there, its title and a
 * row per seat with the seat's points in the round and its total. The card's look is shared
 * (felt-round.css); where it stands and how wide is each game's (`prefix`: its class names, e.g.
 * `ma-felt-summary`).
 */
import type { ReactElement } from 'react';
import './felt-round.css';

export interface FeltRoundRow {
  /** The seat's name as the viewer reads it ("You (Ada)" for their own seat). */
  readonly name: string;
  /** The seat's points in the round, and how the game writes them (a sign on each). */
  readonly points: number;
  readonly shown: string;
  /** The seat's total after the round, in words ("total 10"). */
  readonly total: string;
}

export function FeltRoundCard({
  prefix,
  round,
  title,
  rows,
}: {
  prefix: string;
  round: number;
  title: string;
  rows: readonly FeltRoundRow[];
}): ReactElement {
  return (
    <div
      className={`felt-round ${prefix}-felt-summary`}
      role="status"
      data-testid="felt-summary"
      data-round={round}
    >
      <p className={`felt-round-title ${prefix}-felt-summary-title`}>{title}</p>
      <ul>
        {rows.map((row, s) => (
          <li
            key={s}
            data-seat={s}
            className={row.points > 0 ? `${prefix}-plus` : row.points < 0 ? `${prefix}-minus` : undefined}
          >
            <span className="felt-round-name">{row.name}</span>
            <strong className={`${prefix}-felt-points`}>{row.shown}</strong>
            <span className="felt-round-total">{row.total}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
