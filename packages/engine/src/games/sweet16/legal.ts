/**
 * Who acts and what they may do: the legal actions of each phase (base and duel), and the broad
 * list of well-formed candidates the harness probes rejection with.
 */
import type { Seat } from '../../contract.ts';
import type { PosTables } from './actions.ts';
import { JOKER_ACTIONS, PASS, SKIP, STEAL_ACTIONS, STOP, posTables } from './actions.ts';
import { BASE_GRID, DIAMONDS, JOKER_1, cardOf, isJoker } from './cards.ts';
import { DUEL_TABLES, legalDuel, lineCell, pushSteals } from './duel.ts';
import { canStop } from './play.ts';
import type { Sweet16State } from './state.ts';
import {
  MODE_DUEL,
  PH_ACTIVATE,
  PH_BACK,
  PH_CLUB,
  PH_FLIP,
  PH_HEART,
  PH_JOKER,
  PH_OVER,
  PH_SPADE,
} from './state.ts';
import type { Sweet16Action } from './types.ts';

const BASE_TABLES: PosTables = posTables(BASE_GRID.names);
export const tablesOf = (s: Sweet16State): PosTables => (s.mode === MODE_DUEL ? DUEL_TABLES : BASE_TABLES);

const TO_ACT: readonly (readonly Seat[])[] = Array.from({ length: 5 }, (_, s) => [s]);
const NOBODY: readonly Seat[] = [];

/** One seat acts at a time: the seat to play, nobody once the game is over. */
export const toAct = (s: Sweet16State): readonly Seat[] => (s.phase === PH_OVER ? NOBODY : TO_ACT[s.toPlay]!);

function flippedThisTurn(s: Sweet16State, p: number): boolean {
  for (let i = 0; i < s.flipCount; i++) if (s.flipped[i] === p) return true;
  return false;
}

export function legalActions(s: Sweet16State, seat: Seat): readonly Sweet16Action[] {
  const out: Sweet16Action[] = [];
  if (s.phase === PH_OVER || seat !== s.toPlay) return out;
  if (s.mode === MODE_DUEL) {
    legalDuel(s, seat, out);
    return out;
  }
  const t = BASE_TABLES;
  const cells = s.cells;
  const up = s.up;
  const size = cells.length;
  switch (s.phase) {
    case PH_FLIP: {
      // The hot path of random play. The face-down set at the start of flipping is cached
      // (packed, never mutated; lose face restores the set, so turns repeat it); results are
      // fresh copies, since a builtin copy of a packed list beats building one in a loop.
      let cache = s.startActs;
      if (cache === null) {
        // Built lazily (a new turn, a loaded or cloned state): the face-down set at the start of
        // flipping is what is face down now plus what was flipped so far this turn.
        const list: Sweet16Action[] = [];
        for (let p = 0; p < size; p++) {
          if (cells[p]! < 0) continue;
          if (up[p] === 0 || (s.flipCount > 0 && flippedThisTurn(s, p))) list.push(t.flip[p]!);
        }
        cache = s.startActs = list;
      }
      // Legal-action lists are read-only by the contract, so the cached list itself can be shared.
      if (s.flipCount === 0) return cache as readonly Sweet16Action[];
      const list = (cache as Sweet16Action[]).slice();
      for (let i = 0; i < s.flipCount; i++) {
        // Remove one flipped position in place (no splice: it would allocate the removed part).
        const last = list.length - 1;
        for (let k = list.indexOf(t.flip[s.flipped[i]!]!); k < last; k++) list[k] = list[k + 1]!;
        list.pop();
      }
      if (s.flipCount > 0 && canStop(s)) list.push(STOP);
      return list;
    }
    case PH_JOKER:
      for (let v = 1; v <= 13; v++) out.push(JOKER_ACTIONS[v]!);
      return out;
    case PH_BACK:
      for (let i = 0; i < s.setCount; i++) out.push(t.back[s.set[i]!]!);
      return out;
    case PH_ACTIVATE:
      for (let i = 0; i < s.setCount; i++) {
        const p = s.set[i]!;
        if (!isJoker(cells[p]!)) out.push(t.activate[p]!);
      }
      out.push(SKIP);
      return out;
    case PH_CLUB:
      pushSteals(s, seat, out);
      out.push(SKIP);
      return out;
    case PH_HEART:
      for (let p = 0; p < size; p++) if (cells[p]! >= 0 && up[p] === 0) out.push(t.look[p]!);
      return out;
    case PH_SPADE:
      for (let p = 0; p < size; p++) {
        if (cells[p]! < 0 || up[p] !== 0) continue;
        let seen = false;
        for (let i = 0; i < s.lookCount; i++) if (s.looks[i] === p) seen = true;
        if (!seen) out.push(t.look[p]!);
      }
      return out;
    default:
      return out;
  }
}

export function candidateActions(s: Sweet16State, seat: Seat): Sweet16Action[] {
  const t = tablesOf(s);
  if (seat !== s.toPlay || s.phase === PH_OVER) {
    return [
      t.flip[0]!,
      t.look[0]!,
      STOP,
      SKIP,
      PASS,
      JOKER_ACTIONS[5]!,
      { type: 'tryst', cells: ['A1', 'B1'] },
    ];
  }
  const out: Sweet16Action[] = [...t.flip, ...t.look, ...t.activate, ...t.back];
  if (s.mode === MODE_DUEL) out.push(...t.take, ...t.bury);
  out.push(STOP, SKIP, PASS, ...JOKER_ACTIONS, { type: 'joker', value: 14 }, { type: 'joker', value: 2.5 });
  for (let r = 1; r <= 13; r++) out.push(STEAL_ACTIONS[cardOf(DIAMONDS, r)]!);
  out.push(STEAL_ACTIONS[0]!, STEAL_ACTIONS[JOKER_1]!);
  out.push(
    { type: 'tryst', cells: ['A1'] },
    { type: 'tryst', cells: ['A1', 'B1'] },
    { type: 'tryst', cells: ['A1', 'A2'] },
    { type: 'tryst', cells: ['A1', 'A1'] },
    { type: 'tryst', cells: ['A1', 'B2', 'C3'] },
    { type: 'tryst', cells: ['A1', 'B1', 'C1', 'D1'] },
    { type: 'tryst', cells: ['A1', 'A2', 'A3', 'A4'] },
  );
  // Every pair of a line (probes the 16 check and the line ownership).
  if (s.mode === MODE_DUEL) {
    for (let line = 0; line < 14; line++) {
      for (let i = 0; i < 7; i++) {
        const a = lineCell(line, i);
        const b = lineCell(line, (i + 1) % 7);
        out.push({ type: 'tryst', cells: [s.grid.names[Math.min(a, b)]!, s.grid.names[Math.max(a, b)]!] });
      }
    }
  }
  return out;
}
