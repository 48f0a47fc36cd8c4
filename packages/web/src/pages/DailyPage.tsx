/**
 * The daily MATCHET Solitaire B deal (`/daily`, or `/daily?date=YYYY-MM-DD`): the same deal for
 * everyone on a date, one the solver proved winnable, played in this browser. Giving up lays the
 * deal out again and shows the solver's line one placement at a time.
 */
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeAction } from '../games/matchet/log.ts';
import { isDate, today } from '../games/matchet/daily.ts';
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
  const view = table.update?.view as { placed?: number; tileCount?: number } | undefined;
  const placed = view?.placed ?? 0;
  const total = view?.tileCount ?? 36;
  const won = over && placed === total;
  // The end in words: the person's own win, a loss (with the way on: the deal again, the
  // solution), or the solver's line played out, which is not the person's win.
  const headline = !over
    ? undefined
    : shown
      ? t('daily.solutionHeadline')
      : won
        ? t('daily.wonHeadline')
        : t('daily.lostHeadline', { count: placed, total });
  const next = over ? (
    <>
      <button type="button" className="button primary" onClick={table.restart} data-testid="daily-again">
        {t('daily.tryAgain')}
      </button>
      {shown || won ? null : (
        <button type="button" className="button" onClick={table.giveUp} data-testid="daily-solution">
          {t('daily.showSolution')}
        </button>
      )}
      {shown ? null : (
        <ShareButton
          text={
            won
              ? t('daily.shareWon', { date: when })
              : t('daily.shareLost', { date: when, count: placed, total })
          }
          t={t}
        />
      )}
    </>
  ) : null;
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
      resultHeadline={headline}
      resultNext={next}
      testId="daily-game"
    />
  );
}

/** Shares the day's result with the link (the Web Share API, else the clipboard, else shown). */
function ShareButton({ text, t }: { text: string; t: TFunction }) {
  const [said, setSaid] = useState<string | null>(null);
  const share = async () => {
    const url = `${location.origin}/daily`;
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ text, url });
        return;
      }
      await navigator.clipboard.writeText(`${text} ${url}`);
      setSaid(t('daily.shared'));
    } catch (e) {
      // A share the person cancelled says nothing; anything else shows the line to copy.
      if (e instanceof DOMException && e.name === 'AbortError') return;
      setSaid(t('daily.shareFailed', { text: `${text} ${url}` }));
    }
  };
  return (
    <>
      <button type="button" className="button" onClick={() => void share()} data-testid="daily-share">
        {t('daily.share')}
      </button>
      {said ? (
        <span className="daily-shared" role="status">
          {said}
        </span>
      ) : null}
    </>
  );
}
