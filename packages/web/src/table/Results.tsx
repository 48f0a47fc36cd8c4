import type { GameResult } from '@matchbox/engine';
import type { TableSummary } from '@matchbox/client';
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

/** The end of a game: who won, every seat's score and place, and "play again". */
export function Results({
  result,
  names,
  mySeat,
  table,
}: {
  result: unknown;
  names: readonly string[];
  mySeat: number | null;
  table: TableSummary | null;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!isResult(result)) return null;
  const order = result.scores.map((_, seat) => seat).sort((a, b) => result.ranks[a]! - result.ranks[b]!);
  let headline: string;
  if (result.solo) headline = result.solo.won ? t('results.soloWon') : t('results.soloLost');
  else if (mySeat !== null && result.winners.includes(mySeat))
    headline = result.winners.length > 1 ? t('results.youTied') : t('results.youWon');
  else
    headline = t('results.won', {
      names: listNames(
        result.winners.map((s) => names[s] ?? ''),
        t,
      ),
      count: result.winners.length,
    });
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
    <section className="panel results" aria-labelledby="results-title">
      <h2 id="results-title">{t('results.title')}</h2>
      <p className="results-headline">{headline}</p>
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
      {table ? (
        <button type="button" className="button primary" onClick={() => void again()} disabled={busy}>
          {busy ? t('app.working') : t('results.playAgain')}
        </button>
      ) : null}
      {table ? (
        <ReplayLink tableId={table.id} long className="button" style={{ marginInlineStart: '0.5rem' }} />
      ) : null}
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
