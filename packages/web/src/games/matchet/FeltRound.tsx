/**
 * A round's end has its moment: while the table's pause after the round lasts (the server's
 * `pauseUntil`, docs/server.md "The table's pause"), the round just scored stands over the board:
 * who went out (or that it was blocked), each seat's points in the round and total. It goes when
 * the pause ends, sooner for a person who asks for reduced motion (board/usePause.ts); the round
 * stays in the list beside the board.
 */
import { signed } from '@matchbox/client/words/numbers';
import type { MatchetRoundSummary } from '@matchbox/engine';
import type { ReactElement } from 'react';
import { FeltRoundCard } from '../../board/FeltRoundCard.tsx';
import type { T } from './ctrl.ts';

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
  const rows = round.points.map((points, s) => ({
    name: s === seat ? t('players.you', { name: name(s) }) : name(s),
    points,
    shown: signed(points),
    total: t('roundSummary.total', { total: totals[s] ?? 0 }),
  }));
  return <FeltRoundCard prefix="mt" round={round.round} title={title} rows={rows} />;
}
