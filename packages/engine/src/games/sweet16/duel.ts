/**
 * The experimental 2-player variant (ruling S16-10): a face-up 7 x 7 grid, seat 0 owns the rows and
 * seat 1 the columns; a turn scores 2+ cards of one of your lines totalling exactly 16, with the
 * variant's activations, or passes when no such tryst exists. Two passes in a row end the game.
 */
import type { EngineError, Seat } from '../../contract.ts';
import { engineError } from '../../contract.ts';
import type { Sweet16Action } from './actions.ts';
import { PASS, SKIP, STEAL_ACTIONS, posTables } from './actions.ts';
import {
  CARD_NAMES,
  CLUBS,
  DIAMONDS,
  DUEL_GRID,
  HEARTS,
  SPADES,
  cardOf,
  popcount,
  rankOf,
  suitOf,
} from './cards.ts';
import {
  gameOverEvent,
  hasStealable,
  removeFromGrid,
  setIndex,
  steal,
  stealError,
  toPile,
  wrongPhase,
} from './play.ts';
import type { Sweet16State } from './state.ts';
import type { Sweet16Events } from './types.ts';
import {
  P_ACTIVE,
  P_BURIED,
  P_DIAMOND,
  PH_ACTIVATE,
  PH_BURY,
  PH_CLUB,
  PH_OVER,
  PH_TAKE,
  PH_TRYST,
  SET_NONE,
  SET_TRYST,
} from './state.ts';

const N = 7;
export const DUEL_TABLES = posTables(DUEL_GRID.names);

/** Line L: rows 0..6 are lines 0..6 (seat 0), columns A..G are lines 7..13 (seat 1). */
export const lineCell = (line: number, i: number): number => (line < N ? line * N + i : i * N + (line - N));
export const lineName = (line: number): string =>
  line < N ? `row ${line + 1}` : `column ${String.fromCharCode(65 + line - N)}`;

/** Interned tryst actions by line and 7-bit mask; cells listed in position order. */
const TRYST_ACTIONS: readonly (Sweet16Action | null)[] = (() => {
  const out: (Sweet16Action | null)[] = [];
  for (let line = 0; line < 2 * N; line++) {
    for (let mask = 0; mask < 1 << N; mask++) {
      if (popcount(mask) < 2) {
        out.push(null);
        continue;
      }
      const cells: string[] = [];
      for (let i = 0; i < N; i++) if (mask & (1 << i)) cells.push(DUEL_GRID.names[lineCell(line, i)]!);
      out.push({ type: 'tryst', cells });
    }
  }
  return out;
})();

const lineValues = new Int8Array(N);

/** Pushes every tryst of `seat` (S16-10) onto `out`; returns how many. */
export function pushTrysts(s: Sweet16State, seat: Seat, out: Sweet16Action[] | null): number {
  let count = 0;
  for (let k = 0; k < N; k++) {
    const line = seat === 0 ? k : N + k;
    let present = 0;
    for (let i = 0; i < N; i++) {
      const c = s.cells[lineCell(line, i)]!;
      if (c >= 0) {
        present |= 1 << i;
        lineValues[i] = rankOf(c);
      }
    }
    // Submasks of `present` in ascending order, so the list comes out in a stable order.
    for (let m = -present & present; m !== 0; m = (m - present) & present) {
      if ((m & (m - 1)) === 0) continue;
      let sum = 0;
      for (let bits = m; bits !== 0; bits &= bits - 1) sum += lineValues[31 - Math.clz32(bits & -bits)]!;
      if (sum !== 16) continue;
      if (out === null) return 1;
      count++;
      out.push(TRYST_ACTIONS[line * 128 + m]!);
    }
  }
  return count;
}

export function legalDuel(s: Sweet16State, seat: Seat, out: Sweet16Action[]): void {
  switch (s.phase) {
    case PH_TRYST:
      if (pushTrysts(s, seat, out) === 0) out.push(PASS);
      return;
    case PH_ACTIVATE:
      for (let i = 0; i < s.setCount; i++) out.push(DUEL_TABLES.activate[s.set[i]!]!);
      out.push(SKIP);
      return;
    case PH_CLUB:
      pushSteals(s, seat, out);
      out.push(SKIP);
      return;
    case PH_TAKE:
      for (let p = 0; p < DUEL_GRID.size; p++) {
        const c = s.cells[p]!;
        if (c >= 0 && suitOf(c) === HEARTS) out.push(DUEL_TABLES.take[p]!);
      }
      return;
    case PH_BURY:
      for (let p = 0; p < DUEL_GRID.size; p++) if (s.cells[p]! >= 0) out.push(DUEL_TABLES.bury[p]!);
      return;
    default:
      return;
  }
}

/** Steal choices for the club being activated: opponents' face-up diamonds it can take. */
export function pushSteals(s: Sweet16State, seat: Seat, out: Sweet16Action[]): void {
  const rank = rankOf(s.active);
  for (let r = 1; r <= rank; r++) {
    const d = cardOf(DIAMONDS, r);
    const p = s.place[d]!;
    if (p >= P_DIAMOND && p < P_DIAMOND + s.players && p !== P_DIAMOND + seat) out.push(STEAL_ACTIONS[d]!);
  }
}

/** Validates and applies a tryst (S16-10). `cells` are position indices. */
export function applyTryst(
  s: Sweet16State,
  cells: readonly number[],
  events?: Sweet16Events,
): EngineError | null {
  if (s.phase !== PH_TRYST) return wrongPhase(s);
  if (cells.length < 2) return engineError('too_few_cards', 'A tryst has at least two cards (S16-10).');
  const seat = s.toPlay;
  let sum = 0;
  for (let i = 0; i < cells.length; i++) {
    const p = cells[i]!;
    if (s.cells[p]! < 0) return engineError('empty_position', `There is no card at ${DUEL_GRID.names[p]}.`);
    for (let j = 0; j < i; j++) {
      if (cells[j] === p) return engineError('duplicate_position', `${DUEL_GRID.names[p]} is listed twice.`);
    }
    sum += rankOf(s.cells[p]!);
  }
  const row = (cells[0]! / N) | 0;
  const col = cells[0]! % N;
  const sameLine = seat === 0 ? cells.every((p) => ((p / N) | 0) === row) : cells.every((p) => p % N === col);
  if (!sameLine)
    return engineError(
      'not_your_line',
      `Your trysts lie along one ${seat === 0 ? 'row' : 'column'} (S16-10: seat 0 plays rows, seat 1 columns).`,
    );
  if (sum !== 16) return engineError('not_sixteen', `Those cards total ${sum}, not 16.`);
  for (let i = 0; i < cells.length; i++) s.set[i] = cells[i]!;
  s.setCount = cells.length;
  s.setKind = SET_TRYST;
  s.passes = 0;
  s.phase = PH_ACTIVATE;
  if (events) {
    const names = cells.map((p) => DUEL_GRID.names[p]!);
    events.push({
      all: { type: 'tryst', seat, cells: names, cards: cells.map((p) => CARD_NAMES[s.cells[p]!]!) },
    });
  }
  return null;
}

export function applyPass(s: Sweet16State, events?: Sweet16Events): EngineError | null {
  if (s.phase !== PH_TRYST) return wrongPhase(s);
  if (pushTrysts(s, s.toPlay, null) > 0)
    return engineError('tryst_available', 'You have a possible tryst, so you may not pass (S16-10).');
  s.passes++;
  if (events) events.push({ all: { type: 'pass', seat: s.toPlay } });
  endDuelTurn(s, events);
  return null;
}

function bankDuelSet(s: Sweet16State): void {
  for (let i = 0; i < s.setCount; i++) toPile(s, removeFromGrid(s, s.set[i]!), s.toPlay);
  s.setCount = 0;
}

export function applyDuelActivate(s: Sweet16State, pos: number, events?: Sweet16Events): EngineError | null {
  if (s.phase !== PH_ACTIVATE) return wrongPhase(s);
  const i = setIndex(s, pos);
  if (i < 0) return engineError('not_in_set', `${DUEL_GRID.names[pos]} is not part of your tryst.`);
  const c = s.cells[pos]!;
  s.set[i] = s.set[s.setCount - 1]!;
  s.setCount--;
  removeFromGrid(s, pos);
  s.place[c] = P_ACTIVE;
  s.active = c;
  // Matchbox ruling S16-X9: the tryst's other cards are scored first, so the heart's extra heart
  // and the spade's burials come from the rest of the grid.
  bankDuelSet(s);
  const seat = s.toPlay;
  if (events)
    events.push({ all: { type: 'activate', seat, pos: DUEL_GRID.names[pos]!, card: CARD_NAMES[c]! } });
  s.lookCount = 0;
  switch (suitOf(c)) {
    case DIAMONDS:
      s.place[c] = P_DIAMOND + seat;
      s.diamondCount[seat]!++;
      s.active = -1;
      completeDuel(s, events);
      return null;
    case CLUBS:
      if (hasStealable(s, seat, rankOf(c))) s.phase = PH_CLUB;
      else finishDuelPower(s, events);
      return null;
    case HEARTS:
      if (heartInGrid(s)) s.phase = PH_TAKE;
      else finishDuelPower(s, events);
      return null;
    case SPADES:
      s.lookLeft = Math.min(2, s.gridCount);
      if (s.lookLeft > 0) s.phase = PH_BURY;
      else finishDuelPower(s, events);
      return null;
    default:
      throw new Error('sweet16: no Jokers in the duel');
  }
}

function heartInGrid(s: Sweet16State): boolean {
  for (let p = 0; p < DUEL_GRID.size; p++) {
    const c = s.cells[p]!;
    if (c >= 0 && suitOf(c) === HEARTS) return true;
  }
  return false;
}

export function applyDuelSkip(s: Sweet16State, events?: Sweet16Events): EngineError | null {
  if (s.phase === PH_ACTIVATE) {
    bankDuelSet(s);
    if (events) events.push({ all: { type: 'no_activation', seat: s.toPlay } });
    completeDuel(s, events);
    return null;
  }
  if (s.phase === PH_CLUB) {
    if (events) events.push({ all: { type: 'no_steal', seat: s.toPlay } });
    finishDuelPower(s, events);
    return null;
  }
  return wrongPhase(s);
}

/** Duel club: take an opponent's diamond of value at most the club's; both are scored. */
export function applyDuelSteal(s: Sweet16State, card: number, events?: Sweet16Events): EngineError | null {
  const bad = stealError(s, card);
  if (bad) return bad;
  steal(s, card, events);
  finishDuelPower(s, events);
  return null;
}

/** Duel heart: score one more heart from the grid (compulsory when there is one). */
export function applyTake(s: Sweet16State, pos: number, events?: Sweet16Events): EngineError | null {
  if (s.phase !== PH_TAKE) return wrongPhase(s);
  const c = s.cells[pos]!;
  if (c < 0) return engineError('empty_position', `There is no card at ${DUEL_GRID.names[pos]}.`);
  if (suitOf(c) !== HEARTS) return engineError('not_a_heart', `${CARD_NAMES[c]} is not a heart.`);
  removeFromGrid(s, pos);
  toPile(s, c, s.toPlay);
  if (events)
    events.push({ all: { type: 'take', seat: s.toPlay, pos: DUEL_GRID.names[pos]!, card: CARD_NAMES[c]! } });
  finishDuelPower(s, events);
  return null;
}

/** Duel spade: bury two grid cards (compulsory while cards remain). */
export function applyBury(s: Sweet16State, pos: number, events?: Sweet16Events): EngineError | null {
  if (s.phase !== PH_BURY) return wrongPhase(s);
  const c = s.cells[pos]!;
  if (c < 0) return engineError('empty_position', `There is no card at ${DUEL_GRID.names[pos]}.`);
  removeFromGrid(s, pos);
  s.place[c] = P_BURIED;
  s.looks[s.lookCount++] = pos;
  if (events)
    events.push({ all: { type: 'bury', seat: s.toPlay, pos: DUEL_GRID.names[pos]!, card: CARD_NAMES[c]! } });
  if (--s.lookLeft === 0 || s.gridCount === 0) finishDuelPower(s, events);
  return null;
}

function finishDuelPower(s: Sweet16State, events?: Sweet16Events): void {
  toPile(s, s.active, s.toPlay);
  s.active = -1;
  completeDuel(s, events);
}

function completeDuel(s: Sweet16State, events?: Sweet16Events): void {
  s.setKind = SET_NONE;
  s.setCount = 0;
  s.lookCount = 0;
  s.lookLeft = 0;
  s.scored = true;
  endDuelTurn(s, events);
}

/** S16-10: the game ends when both players pass in a row (or at the turn limit, S16-X3). */
function endDuelTurn(s: Sweet16State, events?: Sweet16Events): void {
  if (s.passes >= 2 || s.turn >= s.turnLimit) {
    s.phase = PH_OVER;
    if (events) events.push(gameOverEvent(s));
    return;
  }
  s.turn++;
  s.toPlay = 1 - s.toPlay;
  s.scored = false;
  s.phase = PH_TRYST;
  if (events) events.push({ all: { type: 'turn', seat: s.toPlay, turn: s.turn } });
}
