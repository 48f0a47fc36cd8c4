/** The final ranking of a pad: the winner or tied winners, then every player by place. */
import type { GameResult } from '@matchbox/engine';
import { useTranslation } from 'react-i18next';

export function ResultPanel({
  result,
  players,
  note,
}: {
  result: GameResult;
  players: readonly string[];
  note?: string;
}) {
  const { t } = useTranslation('pad');
  const names = result.winners.map((w) => players[w]!).join(', ');
  const order = players.map((_, i) => i).sort((a, b) => result.ranks[a]! - result.ranks[b]! || a - b);
  return (
    <section className="panel pad-result" aria-labelledby="pad-result-title" data-testid="pad-result">
      <h2 id="pad-result-title" className="panel-title">
        {t('result.title')}
      </h2>
      <p className="pad-winner">
        {t(result.winners.length > 1 ? 'result.winners' : 'result.winner', { names })}
      </p>
      <ol className="pad-standings">
        {order.map((i) => (
          <li key={i}>
            <span className="pad-place">{t('result.place', { rank: result.ranks[i] })}</span>
            <span>{players[i]}</span>
            <span className="pad-place-points">{t('result.points', { count: result.scores[i] })}</span>
          </li>
        ))}
      </ol>
      {note ? <p className="muted small">{note}</p> : null}
    </section>
  );
}
