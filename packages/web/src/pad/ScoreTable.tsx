/**
 * A score table for a phone: one row per player with the name in a sticky first column and the
 * total next to it, then one column per hand or round; it scrolls sideways when it is wider than
 * the screen.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ScoreColumn {
  readonly key: string;
  readonly label: string;
  readonly sub?: string;
  readonly current?: boolean;
}

export interface ScoreRow {
  readonly name: string;
  readonly total: number;
  readonly leader: boolean;
  readonly cells: readonly ReactNode[];
}

export function ScoreTable({
  columns,
  rows,
  label,
}: {
  columns: readonly ScoreColumn[];
  rows: readonly ScoreRow[];
  label: string;
}) {
  const { t } = useTranslation('pad');
  return (
    <div className="pad-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="pad-table">
        <caption className="visually-hidden">{t('table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="pad-name">
              {t('table.player')}
            </th>
            <th scope="col" className="pad-total">
              {t('table.total')}
            </th>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.current ? 'pad-current' : undefined}>
                {c.label}
                {c.sub ? <span className="pad-sub">{c.sub}</span> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.name} className={r.leader ? 'pad-leader' : undefined}>
              <th scope="row" className="pad-name">
                {r.name}
              </th>
              <td className="pad-total" data-testid="pad-total">
                {r.total}
              </td>
              {r.cells.map((cell, i) => (
                <td key={columns[i]?.key ?? i} className={columns[i]?.current ? 'pad-current' : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One finished cell: the points, the running total under them, and an optional detail line. */
export function ScoreCell({
  points,
  running,
  detail,
  label,
}: {
  points: string;
  running: number;
  detail?: string;
  label: string;
}) {
  const { t } = useTranslation('pad');
  return (
    <span className="pad-cell" aria-label={label}>
      <span className="pad-points">{points}</span>
      <span className="pad-running" title={t('table.running', { total: running })}>
        {running}
      </span>
      {detail ? <span className="pad-detail">{detail}</span> : null}
    </span>
  );
}

/** True for the players with the highest total (when anybody scored). */
export function leaders(totals: readonly number[], started: boolean): boolean[] {
  const best = Math.max(...totals);
  return totals.map((x) => started && x === best);
}
