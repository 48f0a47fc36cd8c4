/**
 * MATCHET's events as sentences for the table's log, in the current language: one sentence per
 * event, "you" for the viewer's own seat. The notation stays with the shell (shown on hover).
 */
import type { MatchetEvent } from '@matchbox/engine';
import type { TFunction } from 'i18next';
import type { DescribeEvent } from '../types.ts';

const seatName = (seat: number, seatNames: readonly string[], t: TFunction): string =>
  seatNames[seat] ?? t('seat', { n: seat + 1 });

/** "you", or the seat's name, for a list. */
const nameIn = (seat: number, t: TFunction, seatNames: readonly string[], viewer: number | null): string =>
  seat === viewer ? t('youInList') : seatName(seat, seatNames, t);

function scoreList(
  values: readonly number[],
  t: TFunction,
  seatNames: readonly string[],
  viewer: number | null,
): string {
  return values
    .map((v, s) => t('log.scoreOf', { name: nameIn(s, t, seatNames, viewer), points: v }))
    .join(', ');
}

function nameList(
  seats: readonly number[],
  t: TFunction,
  seatNames: readonly string[],
  viewer: number | null,
): string {
  const names = seats.map((s) => nameIn(s, t, seatNames, viewer));
  if (names.length <= 1) return names.join('');
  return t('log.andList', { first: names.slice(0, -1).join(', '), last: names[names.length - 1] });
}

/** One sentence for one event, as the viewer (a seat, or null for a spectator) sees it. */
export const describeEvent: DescribeEvent<MatchetEvent> = (event, t, seatNames, viewerSeat) => {
  const mine = (seat: number): boolean => seat === viewerSeat;
  const name = (seat: number): string => seatName(seat, seatNames, t);
  switch (event.type) {
    case 'deal':
      return mine(event.starter)
        ? t('log.deal_you', { round: event.round, pool: event.pool })
        : t('log.deal_other', { round: event.round, pool: event.pool, name: name(event.starter) });
    case 'shuffle':
      return t('log.shuffle', { pool: event.pool });
    case 'stacks':
      return t('log.stacks', { n: event.stacks.length });
    case 'draw':
      return mine(event.seat)
        ? t('log.draw_you', { tile: event.tile, pool: event.pool })
        : t('log.draw_other', { tile: event.tile, pool: event.pool, name: name(event.seat) });
    case 'reserve':
      return t('log.reserve', { tile: event.tile, pool: event.pool });
    case 'place': {
      const args = {
        tile: event.tile,
        row: event.row,
        col: event.col,
        dir: t(`redFaces.${event.red}`),
        points: event.points,
        name: name(event.seat),
      };
      const who = mine(event.seat) ? 'you' : 'other';
      const base = t(`log.place_${who}${event.points > 0 ? '_points' : ''}`, args);
      return event.exceptional ? `${base} ${t('log.exceptional')}` : base;
    }
    case 'pass':
      return mine(event.seat) ? t('log.pass_you') : t('log.pass_other', { name: name(event.seat) });
    case 'round_end': {
      const points = scoreList(event.points, t, seatNames, viewerSeat);
      const totals = scoreList(event.totals, t, seatNames, viewerSeat);
      if (event.winner === null) return t('log.round_blocked', { round: event.round, points, totals });
      return mine(event.winner)
        ? t('log.round_out_you', { round: event.round, points, totals })
        : t('log.round_out_other', { round: event.round, points, totals, name: name(event.winner) });
    }
    case 'game_over':
      if (event.solo)
        return event.solo.won
          ? t('log.solo_won', { score: event.solo.score })
          : t('log.solo_lost', { score: event.solo.score });
      return t('log.game_over', {
        count: event.winners.length,
        names: nameList(event.winners, t, seatNames, viewerSeat),
        totals: scoreList(event.scores, t, seatNames, viewerSeat),
      });
  }
};
