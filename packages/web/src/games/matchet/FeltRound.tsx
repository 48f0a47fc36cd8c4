/**
 * A round's end has its moment: while the table's pause after the round lasts (the server's
 * `pauseUntil`, docs/server.md "The table's pause"), the round just scored stands over the board:
 * who went out (or that it was blocked), each seat's points in the round and total. It goes when
 * the pause ends, sooner for a person who asks for reduced motion (board/usePause.ts); the round
 * stays in the list beside the board.
 */
import type { MatchetRoundSummary } from '@matchbox/engine';
import type { ReactElement } from 'react';
import type { T } from './ctrl.ts';

const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

export function FeltRound({
  t,
  round,
  totals,
  seat,
  name,
}: {
  t: T;
  round: MatchetRoundSummary;
  totals: readonly number[];
  seat: number | null;
  name: (seat: number) => string;
}): ReactElement {
  const title =
    round.winner === null
      ? t('roundSummary.blocked', { round: round.round })
      : round.winner === seat
        ? t('roundSummary.outYou', { round: round.round })
        : t('roundSummary.out', { round: round.round, name: name(round.winner) });
  return (
    <div className="mt-felt-summary" role="status" data-testid="felt-summary" data-round={round.round}>
      <p className="mt-felt-summary-title">{title}</p>
      <ul>
        {round.points.map((points, s) => (
          <li key={s} data-seat={s} className={points > 0 ? 'mt-plus' : points < 0 ? 'mt-minus' : undefined}>
            <span className="mt-felt-name">{s === seat ? t('players.you', { name: name(s) }) : name(s)}</span>
            <strong className="mt-felt-points">{signed(points)}</strong>
            <span className="mt-felt-total">{t('roundSummary.total', { total: totals[s] ?? 0 })}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
