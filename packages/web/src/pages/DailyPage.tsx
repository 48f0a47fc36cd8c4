/**
 * The daily MATCHET Solitaire B deal (`/daily`, or `/daily?date=YYYY-MM-DD`): the same deal for
 * everyone on a date, one the solver proved winnable, played in this browser. Giving up lays the
 * deal out again and shows the solver's line one placement at a time.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { describeAction } from '../games/matchet/log.ts';
import { isDate, today } from '../local/daily.ts';
import { LocalGame } from '../local/LocalGame.tsx';
import type { LocalOpen } from '../local/useLocalTable.ts';
import { useLocalTable } from '../local/useLocalTable.ts';
import { playerName } from './PlayOfflinePage.tsx';

export default function DailyPage({ query }: { query: string }) {
  const { t, i18n } = useTranslation(['offline', 'common']);
  const { t: tm } = useTranslation('matchet');
  const asked = new URLSearchParams(query).get('date') ?? '';
  const date = isDate(asked) ? asked : today();
  const opening = useMemo(
    (): LocalOpen => ({ type: 'daily', date, name: playerName(t('common:name.default')) }),
    [date, t],
  );
  const table = useLocalTable(opening);
  const shown = table.solution;
  const over = table.update?.status === 'finished';
  const when = new Date(`${date}T12:00:00`).toLocaleDateString(i18n.language, { dateStyle: 'long' });
  const panel = (
    <section className="panel daily-panel" aria-labelledby="daily-title" data-testid="daily-panel">
      <h2 id="daily-title" className="panel-title">
        {t('daily.title', { date: when })}
      </h2>
      {shown ? (
        <>
          <p data-testid="solution-progress">
            {t('daily.solutionStep', { at: shown.at, count: shown.moves.length })}
            {shown.at < shown.moves.length
              ? ` ${t('daily.nextMove', { move: describeAction(shown.moves[shown.at]!, tm, table.update?.view) ?? '' })}`
              : ''}
          </p>
          <p className="daily-actions">
            <button
              type="button"
              className="button primary"
              disabled={shown.at >= shown.moves.length}
              onClick={table.step}
              data-testid="solution-next"
            >
              {t('daily.next')}
            </button>{' '}
            <button type="button" className="button" onClick={table.restart}>
              {t('daily.tryAgain')}
            </button>
          </p>
        </>
      ) : (
        <>
          <p className="muted">{t('daily.text')}</p>
          {over ? null : (
            <p className="daily-actions">
              <button type="button" className="button" onClick={table.giveUp} data-testid="daily-give-up">
                {t('daily.giveUp')}
              </button>
            </p>
          )}
        </>
      )}
    </section>
  );
  return (
    <LocalGame
      game="matchet"
      table={table}
      title={t('daily.heading')}
      panel={panel}
      canRestart={shown === null}
      restartLabel={t('daily.tryAgain')}
      testId="daily-game"
    />
  );
}
