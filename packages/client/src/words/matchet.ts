/**
 * MATCHET's events as sentences for the table's log, in the current language: one sentence per
 * event, "you" for the viewer's own seat. The notation stays with the shell (shown on hover).
 */
import type { MatchetEvent } from '@matchbox/engine';
import type { DescribeEvent, Say } from './say.ts';

const seatName = (seat: number, seatNames: readonly string[], t: Say): string =>
  seatNames[seat] ?? t('seat', { n: seat + 1 });

/** "you", or the seat's name, for a list. */
const nameIn = (seat: number, t: Say, seatNames: readonly string[], viewer: number | null): string =>
  seat === viewer ? t('youInList') : seatName(seat, seatNames, t);

function scoreList(
  values: readonly number[],
  t: Say,
  seatNames: readonly string[],
  viewer: number | null,
): string {
  return values
    .map((v, s) => t('log.scoreOf', { name: nameIn(s, t, seatNames, viewer), points: v }))
    .join(', ');
}

function nameList(
  seats: readonly number[],
  t: Say,
  seatNames: readonly string[],
  viewer: number | null,
): string {
  const names = seats.map((s) => nameIn(s, t, seatNames, viewer));
  if (names.length <= 1) return names.join('');
  return t('log.andList', { first: names.slice(0, -1).join(', '), last: names[names.length - 1] });
}

/** What the sentences need of a view: the sides of the tiles it shows, and the board. */
interface ViewWords {
  readonly tileSides?: Readonly<Record<string, string>>;
  readonly board?: readonly { readonly row: number; readonly col: number }[];
}

const wordsOf = (view: unknown): ViewWords => (typeof view === 'object' && view !== null ? view : {});

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** "R6Y7B7" -> "red 6, yellow 7, blue 7". */
export function sidesInWords(sides: string, t: Say): string {
  return [...sides.matchAll(/([RYB])(\d{1,2})/g)]
    .map((m) => t('sideName', { colour: t(`colour.${m[1]}`), value: Number(m[2]) }))
    .join(', ');
}

/** A tile as a player sees it ("the red 6, yellow 7, blue 7 triangle"); "a triangle" unseen. */
export function tileName(id: string, t: Say, view?: unknown): string {
  const sides = wordsOf(view).tileSides?.[id];
  return sides ? t('tileName', { sides: sidesInWords(sides, t) }) : t('someTile');
}

/** The cells that share a side with (row, col): an upward cell (row + col even) has one below. */
function neighbours(row: number, col: number): [number, number][] {
  const up = (((row + col) % 2) + 2) % 2 === 0;
  return [
    [row, col - 1],
    [row, col + 1],
    [up ? row + 1 : row - 1, col],
  ];
}

/** How many tiles of the view's board touch the cell. */
function touching(view: unknown, cell: { row: number; col: number }): number {
  const board = wordsOf(view).board ?? [];
  const n = neighbours(cell.row, cell.col).filter(([r, c]) =>
    board.some((p) => p.row === r && p.col === c),
  ).length;
  return n;
}

/**
 * A placement's notation (`T05@1,0:T`) in words, for a hint or the daily solution: "lay the red 6,
 * yellow 7, blue 7 triangle next to the last triangle". The view (before the move) gives the
 * tile's sides and the board; null for text that is no placement.
 */
export function describeAction(text: string, t: Say, view?: unknown): string | null {
  const m = /^(T\d+)@(-?\d+),(-?\d+):[TRBL]$/i.exec(text.trim());
  if (!m) return null;
  const row = Number(m[2]);
  const col = Number(m[3]);
  const n = touching(view, { row, col });
  const where =
    (wordsOf(view).board ?? []).length === 0
      ? t('where.middle')
      : n >= 2
        ? t('where.touching', { count: n })
        : t('where.last');
  return t('layTile', { tile: tileName(m[1]!.toUpperCase(), t, view), where });
}

/** One sentence for one event, as the viewer (a seat, or null for a spectator) sees it. */
export const describeEvent: DescribeEvent<MatchetEvent> = (event, t, seatNames, viewerSeat, view) => {
  const tile = (id: string): string => tileName(id, t, view);
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
        ? t('log.draw_you', { tile: tile(event.tile), pool: event.pool })
        : t('log.draw_other', { tile: tile(event.tile), pool: event.pool, name: name(event.seat) });
    case 'reserve':
      return capitalise(t('log.reserve', { tile: tile(event.tile), pool: event.pool }));
    case 'place': {
      const where =
        event.row === 0 && event.col === 0
          ? t('where.middle')
          : event.exceptional
            ? t('where.touching', { count: Math.max(2, touching(view, event)) })
            : t('where.last');
      const args = { tile: tile(event.tile), where, points: event.points, name: name(event.seat) };
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
