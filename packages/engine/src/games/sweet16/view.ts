/**
 * What a viewer sees (ruling S16-9): the face-up cards, the table's public records and, for a seat,
 * its own looks this turn and (memory aid, S16-X4) what it remembers. See `Sweet16View`.
 */
import type { Viewer } from '../../contract.ts';
export { gridRows } from './grids.ts';
import { CARD_COUNT, CARD_NAMES, DIAMONDS, JOKER_1, cardOf } from './cards.ts';
import { gridRows } from './grids.ts';
import { entitled } from './knowledge.ts';
import { toAct } from './legal.ts';
import { END_GRID_SIZE, canStop, pairLeft } from './play.ts';
import type { Sweet16State } from './state.ts';
import {
  MODE_DUEL,
  MODE_NAMES,
  PHASE_NAMES,
  PH_FLIP,
  PH_OVER,
  P_BURIED,
  P_DIAMOND,
  SET_CLIQUE,
  SET_NONE,
  rankSeats,
  scoresOf,
} from './state.ts';
import type { Sweet16End, Sweet16Memory, Sweet16Scoring, Sweet16View } from './types.ts';

function diamondsOf(s: Sweet16State, seat: number): string[] {
  const out: string[] = [];
  for (let r = 1; r <= 13; r++) {
    const d = cardOf(DIAMONDS, r);
    if (s.place[d] === P_DIAMOND + seat) out.push(CARD_NAMES[d]!);
  }
  return out;
}

const positionsOf = (s: Sweet16State, list: Int8Array, n: number): string[] => {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(s.grid.names[list[i]!]!);
  return out;
};

export function view(s: Sweet16State, viewer: Viewer): Sweet16View {
  const names = s.grid.names;
  const over = s.phase === PH_OVER;
  const piles: number[] = [];
  const diamonds: string[][] = [];
  for (let seat = 0; seat < s.players; seat++) {
    piles.push(s.pileCount[seat]!);
    diamonds.push(diamondsOf(s, seat));
  }
  const scoring: Sweet16Scoring | null =
    s.setKind === SET_NONE && s.active < 0
      ? null
      : {
          kind: s.setKind === SET_CLIQUE ? 'clique' : 'tryst',
          cells: positionsOf(s, s.set, s.setCount),
          putBack: s.putBack >= 0 ? names[s.putBack]! : null,
          activated: s.active >= 0 ? CARD_NAMES[s.active]! : null,
          looks: positionsOf(s, s.looks, s.lookCount),
          left: s.lookLeft,
        };
  // The fields in the order the view has always listed them (golden transcripts compare text),
  // set one by one on one object: spreading parts into it cost more than building them.
  const out: { -readonly [K in keyof Sweet16View]?: Sweet16View[K] } = {
    game: 'sweet16',
    mode: MODE_NAMES[s.mode],
    players: s.players,
    viewer,
    cols: s.grid.cols,
    rows: s.grid.rows,
    phase: PHASE_NAMES[s.phase]!,
    turn: s.turn,
    turnLimit: s.turnLimit,
    toPlay: over ? null : s.toPlay,
    toAct: [...toAct(s)],
    grid: gridRows(s),
    inGrid: s.gridCount,
  };
  if (s.mode === MODE_DUEL) {
    const buried: string[] = [];
    for (let c = 0; c < CARD_COUNT; c++) if (s.place[c] === P_BURIED) buried.push(CARD_NAMES[c]!);
    out.lines = ['rows', 'columns'];
    out.scoring = scoring;
    out.passes = s.passes;
    out.buried = buried;
    out.outOfPlay = 3;
  } else {
    const jokers: Record<string, number> = {};
    for (let j = 0; j < 2; j++) {
      const p = s.place[JOKER_1 + j]!;
      if (p < 64 && s.up[p] && s.jokerValue[j]! > 0) jokers[names[p]!] = s.jokerValue[j]!;
    }
    const notHeart: string[] = [];
    for (let p = 0; p < s.grid.size; p++) if (s.notHeart[p]) notHeart.push(names[p]!);
    out.faceDown = s.downCount;
    out.flipped = positionsOf(s, s.flipped, s.flipCount);
    out.total = s.flipTotal;
    out.canStop = s.phase === PH_FLIP && canStop(s);
    out.jokers = jokers;
    out.clique =
      s.cliqueOwner < 0
        ? null
        : { owner: s.cliqueOwner, cells: positionsOf(s, s.clique, s.cliqueCount), total: s.cliqueTotal };
    out.scoring = scoring;
    out.notHeart = notHeart;
    out.memoryAid = s.memoryAid;
    if (viewer !== null && viewer >= 0 && viewer < s.players) {
      const peeks: Record<string, string> = {};
      const memory: Record<string, Sweet16Memory> = {};
      for (let p = 0; p < s.grid.size; p++) {
        const c = s.cells[p]!;
        if (c < 0 || s.up[p]) continue;
        if (s.peek[p] && viewer === s.toPlay) peeks[names[p]!] = CARD_NAMES[c]!;
        else if (entitled(s, viewer, p))
          memory[names[p]!] = { card: CARD_NAMES[c]!, turn: s.seenAt[viewer * s.grid.size + p]! };
      }
      out.peeks = peeks;
      if (s.memoryAid) out.memory = memory;
    }
  }
  out.piles = piles;
  out.diamonds = diamonds;
  out.scores = scoresOf(s);
  if (s.grids > 1) {
    out.gridNumber = s.gridNo + 1;
    out.grids = s.grids;
    out.gridScores = s.gridScores.map((g) => [...g]);
  }
  if (over) {
    const result = rankSeats(s);
    out.ranks = [...result.ranks];
    out.winners = [...result.winners];
    out.ended = endReason(s);
  }
  return out as Sweet16View;
}

/** Why the game ended (S16-7, S16-10, S16-X3), in the order `endTurn` and the duel test them. */
function endReason(s: Sweet16State): Sweet16End {
  if (s.mode === MODE_DUEL) return s.passes >= 2 ? 'both_passed' : 'turn_limit';
  if (s.gridCount < END_GRID_SIZE) return 'few_cards';
  if (!pairLeft(s)) return 'no_pair';
  return 'turn_limit';
}
