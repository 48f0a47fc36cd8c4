/**
 * What a seat sees (`view`), the turn in words, the phase and the result. Everything but the pool
 * is public in MATCHET (MT-4, MT-9, MT-10 with matchbox ruling MT-X5), so every viewer gets the
 * same view apart from `viewer`.
 */
import type { GameResult, Seat, Viewer } from '../../contract.ts';
import { rankByScore } from '../../ranking.ts';
import { colOf, rotLetter, rowOf } from './board.ts';
import type { MatchetState } from './state.ts';
import {
  HAND_MAX,
  MODE_MULTI,
  MODE_NAMES,
  MODE_RESERVE,
  OUTCOME_LOST,
  OUTCOME_WON,
  PHASE_OVER,
  PHASE_PLAY,
  PHASE_START,
  STACKS,
  stackHeight,
  stackTop,
} from './state.ts';
import { sideName } from './tiles.ts';
import type {
  MatchetBoardTile,
  MatchetPhase,
  MatchetRoundSummary,
  MatchetStackView,
  MatchetView,
} from './types.ts';

export const toAct = (s: MatchetState): Seat[] => (s.phase === PHASE_OVER ? [] : [s.toMove]);

export const phaseName = (s: MatchetState): MatchetPhase =>
  s.phase === PHASE_START ? 'start' : s.phase === PHASE_PLAY ? 'play' : 'over';

/** The result once over: multi by totals (MT-8); a solitaire is won or lost, scored by tiles placed. */
export function result(s: MatchetState): GameResult | null {
  if (s.phase !== PHASE_OVER) return null;
  if (s.mode === MODE_MULTI) return rankByScore(Array.from(s.totals));
  const won = s.outcome === OUTCOME_WON;
  return { scores: [s.placed], ranks: [1], winners: won ? [0] : [], solo: { won, score: s.placed } };
}

/** "seat 1", "seats 0 and 2", "seats 0, 1 and 3". */
function seatList(seats: readonly Seat[]): string {
  if (seats.length === 1) return `seat ${seats[0]}`;
  return `seats ${seats.slice(0, -1).join(', ')} and ${seats.at(-1)}`;
}

/** Whose turn it is and what to do, or how the game ended, in words. */
export function describeTurn(s: MatchetState): string {
  const names = s.tiles.names;
  if (s.phase === PHASE_OVER) {
    if (s.mode !== MODE_MULTI) {
      const won = s.outcome === OUTCOME_WON;
      return `Game over: ${won ? 'won' : 'lost'}, ${won ? 'all' : `${s.placed} of`} ${s.tiles.size} tiles placed`;
    }
    const winners = rankByScore(Array.from(s.totals)).winners;
    const best = s.totals[winners[0]!]!;
    return `Game over: ${seatList(winners)} ${winners.length === 1 ? 'wins' : 'win'} with ${best}`;
  }
  const who = `Seat ${s.toMove}`;
  if (s.mode === MODE_MULTI) {
    return s.phase === PHASE_START
      ? `${who} to lay the starting tile of round ${s.round + 1}`
      : `${who} to place a tile`;
  }
  if (s.mode === MODE_RESERVE)
    return `${who} to place ${names[s.current]!} (${s.fromReserve ? 'the top of the reserve' : 'just drawn'})`;
  return s.phase === PHASE_START
    ? `${who} to lay a stack top as the starting tile`
    : `${who} to place a stack top`;
}

/** The winners once over, else null (as in `GameResult`). */
const winnersOf = (s: MatchetState): Seat[] | null =>
  s.phase !== PHASE_OVER ? null : (result(s)!.winners as Seat[]).slice();

export function view(s: MatchetState, viewer: Viewer): MatchetView {
  const names = s.tiles.names;
  const sides: Record<string, string> = {};
  const show = (t: number): string => {
    sides[names[t]!] = s.tiles.specs[t]!;
    return names[t]!;
  };
  const board: MatchetBoardTile[] = [];
  for (let i = 0; i < s.placed; i++) {
    const cell = s.logCell[i]!;
    const t = s.logTile[i]!;
    const k = s.logRot[i]!;
    const facing: Record<string, string> = {};
    for (let e = 0; e < 3; e++)
      facing[rotLetter(s.geo, cell, e)] = sideName(s.tiles.sideAt[t * 9 + k * 3 + e]!);
    board.push({
      tile: show(t),
      row: rowOf(s.geo, cell),
      col: colOf(s.geo, cell),
      up: s.geo.up[cell] === 1,
      red: rotLetter(s.geo, cell, k),
      sides: facing,
      seat: s.logSeat[i]!,
      points: s.logScore[i]!,
    });
  }
  const common = {
    game: 'matchet' as const,
    mode: MODE_NAMES[s.mode],
    players: s.players,
    viewer,
    phase: phaseName(s),
    toAct: toAct(s),
    turn: describeTurn(s),
    board,
    last: s.last >= 0 ? { row: rowOf(s.geo, s.last), col: colOf(s.geo, s.last) } : null,
    tileCount: s.tiles.size,
    winners: winnersOf(s),
  };
  if (s.mode === MODE_MULTI) {
    const hands: string[][] = [];
    for (let seat = 0; seat < s.players; seat++) {
      const h: string[] = [];
      for (let i = 0; i < s.handLen[seat]!; i++) h.push(show(s.hands[seat * HAND_MAX + i]!));
      hands.push(h);
    }
    const history: MatchetRoundSummary[] = [];
    const w = s.players + 1;
    for (let r = 0; r * w < s.history.length; r++) {
      const winner = s.history[r * w]!;
      history.push({
        round: r + 1,
        winner: winner >= 0 ? winner : null,
        points: s.history.slice(r * w + 1, r * w + w),
      });
    }
    return {
      ...common,
      round: s.round + 1,
      rounds: s.rounds,
      firstSeat: s.firstSeat,
      hands,
      pool: s.tiles.size - s.poolPtr,
      passes: s.passes,
      totals: Array.from(s.totals),
      history,
      tileSides: sides,
    };
  }
  const solo = {
    ...common,
    placed: s.placed,
    points: s.totals[0]!,
    outcome:
      s.outcome === OUTCOME_WON ? ('won' as const) : s.outcome === OUTCOME_LOST ? ('lost' as const) : null,
  };
  if (s.mode === MODE_RESERVE) {
    const reserve: string[] = [];
    for (let i = 0; i < s.reserveLen - (s.fromReserve && s.current >= 0 ? 1 : 0); i++)
      reserve.push(show(s.reserve[i]!));
    return {
      ...solo,
      current: s.current >= 0 ? show(s.current) : null,
      fromReserve: s.current >= 0 && s.fromReserve,
      reserve,
      reserveSize: s.reserveLen,
      pool: s.tiles.size - s.poolPtr,
      tileSides: sides,
    };
  }
  const stacks: MatchetStackView[] = [];
  // MT-10, matchbox ruling MT-X5: the stacks are dealt face up, so every tile in them is known.
  for (let k = 0; k < STACKS; k++) {
    const t = stackTop(s, k);
    const beneath: string[] = [];
    for (let i = s.stackStart[k]! + s.taken[k]! + 1; i < s.stackStart[k + 1]!; i++)
      beneath.push(show(s.order[i]!));
    stacks.push({ height: stackHeight(s, k), top: t >= 0 ? show(t) : null, beneath });
  }
  return { ...solo, stacks, tileSides: sides };
}
