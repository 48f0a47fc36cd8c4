/**
 * The score pad, one row per hand of the game (13 by default) as on the paper the sheets ask for:
 * each finished hand's points with bid and tricks won, the current hand marked, totals below.
 */
import type { MatchMasterView } from '@matchbox/engine';
import type { TFunction } from 'i18next';
import type { ReactElement } from 'react';
import { MiniBack } from './Card.tsx';
import { sharesName } from './words.ts';

export function ScorePad({
  t,
  view,
  seat,
  name,
  seatNames,
}: {
  t: TFunction;
  view: MatchMasterView;
  seat: number | null;
  name: (s: number) => string;
  seatNames: readonly string[];
}): ReactElement {
  const seats = Array.from({ length: view.players }, (_, s) => s);
  const rows = Array.from({ length: view.hands }, (_, i) => i + 1);
  return (
    <section className="mm-pad" aria-label={t('pad.label')}>
      <h3 className="mm-pad-title">{t('pad.title')}</h3>
      <div className="mm-pad-scroll">
        <table className="mm-pad-table">
          <thead>
            <tr>
              <th scope="col" className="mm-pad-num">
                <abbr title={t('pad.hand')}>{t('pad.handShort')}</abbr>
              </th>
              <th scope="col" className="mm-pad-num">
                <span title={t('pad.cards')} aria-label={t('pad.cards')} role="img">
                  <MiniBack className="mm-mini-back" />
                </span>
              </th>
              {seats.map((s) => (
                <th key={s} scope="col" className={s === seat ? 'mm-pad-me' : undefined} title={name(s)}>
                  {s === seat ? (
                    t('seat.me')
                  ) : sharesName(seatNames, s) ? (
                    <>
                      <span className="mm-seat-num" aria-hidden="true">
                        {s + 1}
                      </span>{' '}
                      <span className="mm-sr">{name(s)}</span>
                      <span aria-hidden="true">{seatNames[s]}</span>
                    </>
                  ) : (
                    name(s)
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((h) => {
              const record = view.history[h - 1];
              const current = !record && h === view.hand && view.phase !== 'over';
              return (
                <tr
                  key={h}
                  className={current ? 'mm-pad-current' : undefined}
                  aria-current={current ? 'step' : undefined}
                >
                  <th scope="row" className="mm-pad-num">
                    {h}
                  </th>
                  <td className="mm-pad-num">{record ? record.handSize : current ? view.handSize : ''}</td>
                  {seats.map((s) => {
                    if (record) {
                      const points = record.points[s] ?? 0;
                      const bid = record.bids[s] ?? 0;
                      const tricks = record.tricks[s] ?? 0;
                      return (
                        <td
                          key={s}
                          className={`mm-pad-cell ${bid === tricks ? 'mm-pad-exact' : 'mm-pad-miss'}`}
                          aria-label={t('pad.cell', { points, bid, tricks })}
                        >
                          <span className="mm-pad-points">{points}</span>
                          <span className="mm-pad-bt">
                            {bid}/{tricks}
                          </span>
                        </td>
                      );
                    }
                    if (current) {
                      const bid = view.bids[s];
                      return (
                        <td key={s} className="mm-pad-cell">
                          <span className="mm-pad-bt">
                            {bid == null ? '' : `${bid}/${view.tricksWon[s] ?? 0}`}
                          </span>
                        </td>
                      );
                    }
                    return <td key={s} />;
                  })}
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                {t('pad.total')}
              </th>
              {seats.map((s) => (
                <td key={s} className="mm-pad-total">
                  {view.totals[s] ?? 0}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="mm-pad-key">{t('pad.key')}</p>
    </section>
  );
}
