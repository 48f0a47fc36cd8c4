import type { GameResult } from '@matchbox/engine';
import type { TableSummary } from '@matchbox/client';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReplayLink } from '../replay/ReplayLink.tsx';
import { playAgain } from './playAgain.ts';
import { listNames } from './seatNames.ts';

function isResult(value: unknown): value is GameResult {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as GameResult).scores) &&
    Array.isArray((value as GameResult).ranks)
  );
}

/**
 * The end of a game in words: what happened (who won; for a solitaire, solved or how far it got),
 * where the player finished, and what they can do next: "play again", the analysis and the replay
 * at a server table, the page's own buttons (`next`: a new deal, the deal again, the solution, share) at a
 * local one. A solitaire has no places: its line says how many tiles were placed.
 */
export function Results({
  result,
  names,
  mySeat,
  table,
  headline: givenHeadline,
  next,
}: {
  result: unknown;
  names: readonly string[];
  mySeat: number | null;
  table: TableSummary | null;
  /** Says what happened instead of the result's own words (the daily deal's shown solution). */
  headline?: string | undefined;
  /** What the player can do now, besides play again and the replay of a server table. */
  next?: ReactNode;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!isResult(result)) return null;
  const order = result.scores.map((_, seat) => seat).sort((a, b) => result.ranks[a]! - result.ranks[b]!);
  let headline: string;
  // Where the player finished, when it was not first (a solitaire has no places).
  let place: string | null = null;
  if (result.solo)
    headline = result.solo.won ? t('results.soloWon') : t('results.soloLost', { count: result.solo.score });
  else if (mySeat !== null && result.winners.includes(mySeat))
    headline = result.winners.length > 1 ? t('results.youTied') : t('results.youWon');
  else {
    headline = t('results.won', {
      names: listNames(
        result.winners.map((s) => names[s] ?? ''),
        t,
      ),
      count: result.winners.length,
    });
    if (mySeat !== null && result.ranks[mySeat] !== undefined)
      place = t('results.yourPlace', {
        place: result.ranks[mySeat],
        of: result.scores.length,
        count: result.scores[mySeat] ?? 0,
      });
  }
  if (givenHeadline) headline = givenHeadline;
  const lost = result.solo ? !result.solo.won : mySeat !== null && !result.winners.includes(mySeat);
  const again = async () => {
    if (!table) return;
    setBusy(true);
    setError(null);
    try {
      await playAgain(table, mySeat, t);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };
  return (
    <section className="panel results" aria-labelledby="results-title" data-testid="results">
      <h2 id="results-title">{t('results.title')}</h2>
      <p className="results-headline" data-testid="results-headline">
        {headline}
      </p>
      {place ? <p className="results-place">{place}</p> : null}
      {(table || next) && !givenHeadline ? (
        <p className="results-next" data-testid="results-next">
          {lost ? t('results.nextLost') : t('results.nextWon')}
        </p>
      ) : null}
      {result.solo ? null : (
        <table className="results-table">
          <thead>
            <tr>
              <th scope="col">{t('results.place')}</th>
              <th scope="col">{t('results.player')}</th>
              <th scope="col">{t('results.score')}</th>
            </tr>
          </thead>
          <tbody>
            {order.map((seat) => (
              <tr key={seat} className={result.winners.includes(seat) ? 'winner' : undefined}>
                <td>{result.ranks[seat]}</td>
                <th scope="row">
                  {names[seat]}
                  {seat === mySeat ? ` ${t('seat.you')}` : ''}
                </th>
                <td>{result.scores[seat]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="results-actions">
        {table ? (
          <button type="button" className="button primary" onClick={() => void again()} disabled={busy}>
            {busy ? t('app.working') : result.solo ? t('results.newDeal') : t('results.playAgain')}
          </button>
        ) : null}
        {table ? <ReplayLink tableId={table.id} analysis className="button" /> : null}
        {table ? <ReplayLink tableId={table.id} long className="button" /> : null}
        {next}
      </p>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
