/**
 * A hand's end has its moment: while the table's pause after the hand lasts (the server's
 * `pauseUntil`, docs/server.md "The table's pause"), the hand just scored stands in the middle of
 * the felt: each seat's bid, tricks and points. It goes when the pause ends, sooner (after
 * `REDUCED_MS`) for a person who asks for reduced motion; the summary beside the table stays.
 */
import type { MatchMasterHandRecord } from '@matchbox/engine';
import type { TFunction } from 'i18next';
import type { ReactElement } from 'react';
import { signed } from '@matchbox/client/words/numbers';

export { REDUCED_MS, usePause } from '../../board/usePause.ts';

export function FeltSummary({
  t,
  record,
  seat,
  name,
}: {
  t: TFunction;
  record: MatchMasterHandRecord;
  seat: number | null;
  name: (s: number) => string;
}): ReactElement {
  return (
    <div className="mm-felt-summary" role="status" data-testid="felt-summary" data-hand={record.hand}>
      <p className="mm-felt-summary-title">{t('summary.title', { hand: record.hand })}</p>
      <ul>
        {record.points.map((points, s) => {
          const bid = record.bids[s] ?? 0;
          const tricks = record.tricks[s] ?? 0;
          const made = bid === tricks;
          return (
            <li key={s} data-seat={s} className={made ? 'mm-felt-made' : 'mm-felt-missed'}>
              <span className="mm-felt-name">{s === seat ? t('seat.me') : name(s)}</span>
              <span className="mm-felt-line">
                {t('summary.felt', { bid, tricks })}
                <span aria-hidden="true">{made ? ' ✓' : ' ✗'}</span>
              </span>
              <span className="mm-felt-points">{signed(points)}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
