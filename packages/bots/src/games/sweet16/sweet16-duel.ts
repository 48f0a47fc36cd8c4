/**
 * Sweet16 duel bots (ruling S16-10, the experimental 2-player variant; matchbox rulings S16-X7 and
 * S16-X9 in docs/rules/sweet16.md). The duel's grid is face up and nothing in it is left to
 * chance after the deal: every seat sees every card that can still be played (the 3 cards out of
 * play never can), so perfect memory is free and there are no flip or stop odds. What separates
 * the levels is how far they look ahead:
 *
 * - a turn is a tryst (2+ cards of one of your lines totalling 16) with one of its activations:
 *   none, the best diamond (3 points instead of 1; the highest, which the fewest clubs can take),
 *   the best club when it can steal (the opponent's highest diamond it may take: +1 for you, -3
 *   for the opponent), a heart when the grid holds another heart (+1; the heart taken is the one
 *   the opponent's lines need most and yours least), a spade (two burials, chosen the same way);
 * - medium: the most points now (relative to the opponent), then the cards that deny the
 *   opponent most;
 * - hard and expert: two plies with the rest of the game played out: their best turns by the
 *   two-ply value (points now minus the opponent's best reply's points), each against the
 *   opponent's best replies, every line then played to the end by both seats with the greedy rule
 *   (deterministic: there is no chance left to sample); they take the turn whose worst reply is
 *   best. hard plays out 8 turns against 4 replies each, expert 48 against 16.
 *
 * The bots read only the view. A turn is several engine decisions (tryst, activate, club, take,
 * bury); at each one the bot plans the rest of its turn again from the view.
 */
import type { Action, Seat, Sweet16Action, Sweet16View } from '@matchbox/engine';
import { sweet16Cards } from '@matchbox/engine';

const { parseCard, CLUBS, DIAMONDS, HEARTS, SPADES } = sweet16Cards;

const N = 7;
const SIZE = N * N;
const rankOf = (c: number): number => (c % 13) + 1;
const suitOf = (c: number): number => (c / 13) | 0;
const posName = (p: number): string => `${String.fromCharCode(65 + (p % N))}${((p / N) | 0) + 1}`;
/** The cell of line `line` (seat 0: rows 0..6; seat 1: columns 0..6) at index i. */
const cellOf = (seat: number, line: number, i: number): number => (seat === 0 ? line * N + i : i * N + line);

/** A duel position: what a view shows, in arrays. */
export interface DuelPos {
  /** Card index (suit * 13 + rank - 1) per grid cell, -1 for a hole. */
  readonly cells: Int8Array;
  /** Per seat, the ranks of its face-up diamonds as a bit mask (bit r). */
  readonly diamonds: Int32Array;
  /** Per seat, its score (S16-8: 1 per pile card, 3 per diamond). */
  readonly score: Float64Array;
  /** Passes in a row (two end the game). */
  passes: number;
}

const clonePos = (p: DuelPos): DuelPos => ({
  cells: p.cells.slice(),
  diamonds: p.diamonds.slice(),
  score: p.score.slice(),
  passes: p.passes,
});

export function duelPosFromView(view: Sweet16View): DuelPos {
  const cells = new Int8Array(SIZE).fill(-1);
  for (let r = 0; r < N; r++)
    for (let c = 0; c < N; c++) {
      const name = view.grid[r]?.[c];
      if (name) cells[r * N + c] = parseCard(name);
    }
  const diamonds = new Int32Array(2);
  for (let seat = 0; seat < 2; seat++)
    for (const d of view.diamonds[seat] ?? []) diamonds[seat]! |= 1 << rankOf(parseCard(d));
  return {
    cells,
    diamonds,
    score: Float64Array.from(view.scores.slice(0, 2)),
    passes: view.passes ?? 0,
  };
}

/** A turn's activation (S16-10). */
export const KIND_NONE = 0;
export const KIND_DIAMOND = 1;
export const KIND_CLUB = 2;
export const KIND_HEART = 3;
export const KIND_SPADE = 4;

/** One whole turn: a tryst (or a pass) with its activation and what that activation chooses. */
export interface DuelMove {
  /** Tryst cells (empty: a pass). */
  readonly cells: readonly number[];
  readonly kind: number;
  /** The activated cell, or -1. */
  readonly active: number;
  /** Club: the rank of the diamond stolen (0: none). */
  readonly steal: number;
  /** Heart: the heart taken; spade: the cells buried. */
  readonly extra: readonly number[];
}

const PASS_MOVE: DuelMove = { cells: [], kind: KIND_NONE, active: -1, steal: 0, extra: [] };

const lineSums = new Int32Array(1 << N);

/** Every tryst of `seat` (S16-10): its cells, line by line. */
export function trysts(pos: DuelPos, seat: number): number[][] {
  const out: number[][] = [];
  const ranks = new Int32Array(N);
  for (let line = 0; line < N; line++) {
    let present = 0;
    for (let i = 0; i < N; i++) {
      const c = pos.cells[cellOf(seat, line, i)]!;
      if (c >= 0) {
        present |= 1 << i;
        ranks[i] = rankOf(c);
      }
    }
    lineSums[0] = 0;
    for (let m = 1; m < 1 << N; m++) {
      if ((m & present) !== m) continue;
      const low = m & -m;
      const sum = lineSums[m ^ low]! + ranks[31 - Math.clz32(low)]!;
      lineSums[m] = sum;
      if (sum !== 16 || (m & (m - 1)) === 0) continue;
      const cells: number[] = [];
      for (let i = 0; i < N; i++) if (m & (1 << i)) cells.push(cellOf(seat, line, i));
      out.push(cells);
    }
  }
  return out;
}

/**
 * How much each cell matters to `seat`'s trysts: the summed size of the trysts it is part of.
 * Removing a cell the opponent needs and `seat` does not is a denial.
 */
function usefulness(pos: DuelPos, seat: number): Float64Array {
  const out = new Float64Array(SIZE);
  for (const t of trysts(pos, seat)) for (const p of t) out[p]! += t.length;
  return out;
}

/** What removing each cell does for `seat`: the opponent's usefulness minus its own. */
export type Denial = Float64Array;

export function denialOf(pos: DuelPos, seat: number): Denial {
  const theirs = usefulness(pos, 1 - seat);
  const mine = usefulness(pos, seat);
  for (let p = 0; p < SIZE; p++)
    theirs[p] = theirs[p]! - mine[p]! + (pos.cells[p]! >= 0 ? rankOf(pos.cells[p]!) * 1e-3 : 0);
  return theirs;
}

/** The cells passing `filter`, best to remove first (see `denialOf`). */
function denialOrder(pos: DuelPos, denial: Denial, filter: (p: number) => boolean): number[] {
  const cells: number[] = [];
  for (let p = 0; p < SIZE; p++) if (pos.cells[p]! >= 0 && filter(p)) cells.push(p);
  return cells.sort((a, b) => denial[b]! - denial[a]! || a - b);
}

/** The highest rank in `mask` at most `max`, or 0. */
function highestUpTo(mask: number, max: number): number {
  for (let r = max; r >= 1; r--) if (mask & (1 << r)) return r;
  return 0;
}

/** The best card of each suit in a tryst to activate: the highest diamond and club, any heart or spade. */
function activators(pos: DuelPos, cells: readonly number[]): Int32Array {
  const best = Int32Array.of(-1, -1, -1, -1);
  for (const p of cells) {
    const c = pos.cells[p]!;
    const s = suitOf(c);
    const q = best[s]!;
    if (q < 0 || ((s === DIAMONDS || s === CLUBS) && rankOf(c) > rankOf(pos.cells[q]!))) best[s] = p;
  }
  return best;
}

/** Is there a club of rank `rank` or more in the grid outside `cells` (one that could take a diamond)? */
function clubAbove(pos: DuelPos, cells: readonly number[], rank: number): boolean {
  for (let p = 0; p < SIZE; p++) {
    const c = pos.cells[p]!;
    if (c >= 0 && suitOf(c) === CLUBS && rankOf(c) >= rank && !cells.includes(p)) return true;
  }
  return false;
}

/** Is there a heart in the grid outside `cells`? */
function heartOutside(pos: DuelPos, cells: readonly number[]): boolean {
  for (let p = 0; p < SIZE; p++) {
    const c = pos.cells[p]!;
    if (c >= 0 && suitOf(c) === HEARTS && !cells.includes(p)) return true;
  }
  return false;
}

/**
 * The turns that a tryst allows: no activation, and each kind of activation that does something
 * (S16-10), each with its canonical choices. S16-X9: the tryst's cards leave first, so the heart
 * taken and the burials come from the rest of the grid. `only` keeps one kind.
 */
export function movesForTryst(
  pos: DuelPos,
  seat: number,
  cells: readonly number[],
  denialGiven: Denial | null = null,
  only = -1,
): DuelMove[] {
  const out: DuelMove[] = [];
  let denialMemo = denialGiven;
  const denial = (): Denial => (denialMemo ??= denialOf(pos, seat));
  const want = (k: number) => only < 0 || only === k;
  if (want(KIND_NONE)) out.push({ cells, kind: KIND_NONE, active: -1, steal: 0, extra: [] });
  const act = activators(pos, cells);
  const diamond = act[DIAMONDS]!;
  const club = act[CLUBS]!;
  const heart = act[HEARTS]!;
  const spade = act[SPADES]!;
  if (diamond >= 0 && want(KIND_DIAMOND))
    out.push({ cells, kind: KIND_DIAMOND, active: diamond, steal: 0, extra: [] });
  if (club >= 0 && want(KIND_CLUB)) {
    const steal = highestUpTo(pos.diamonds[1 - seat]!, rankOf(pos.cells[club]!));
    if (steal > 0) out.push({ cells, kind: KIND_CLUB, active: club, steal, extra: [] });
  }
  const rest = (p: number) => !cells.includes(p);
  if (heart >= 0 && want(KIND_HEART)) {
    const take = denialOrder(pos, denial(), (p) => rest(p) && suitOf(pos.cells[p]!) === HEARTS)[0];
    if (take !== undefined) out.push({ cells, kind: KIND_HEART, active: heart, steal: 0, extra: [take] });
  }
  if (spade >= 0 && want(KIND_SPADE)) {
    const bury = denialOrder(pos, denial(), rest).slice(0, 2);
    out.push({ cells, kind: KIND_SPADE, active: spade, steal: 0, extra: bury });
  }
  return out;
}

/** Every whole turn for `seat` (a pass when there is no tryst). */
export function duelMoves(pos: DuelPos, seat: number): DuelMove[] {
  const out: DuelMove[] = [];
  const all = trysts(pos, seat);
  if (all.length === 0) return [PASS_MOVE];
  const denial = denialOf(pos, seat);
  for (const t of all) out.push(...movesForTryst(pos, seat, t, denial));
  return out;
}

/** The position after `seat` plays `m` (a new position). */
export function applyMove(pos: DuelPos, seat: number, m: DuelMove): DuelPos {
  const next = clonePos(pos);
  if (m.cells.length === 0) {
    next.passes++;
    return next;
  }
  next.passes = 0;
  const opp = 1 - seat;
  for (const p of m.cells) next.cells[p] = -1;
  next.score[seat]! += m.cells.length;
  switch (m.kind) {
    case KIND_DIAMOND:
      next.score[seat]! += 2; // on the table worth 3, not 1 in the pile
      next.diamonds[seat]! |= 1 << rankOf(pos.cells[m.active]!);
      break;
    case KIND_CLUB:
      next.diamonds[opp]! &= ~(1 << m.steal);
      next.score[opp]! -= 3;
      next.score[seat]! += 1;
      break;
    case KIND_HEART:
      for (const p of m.extra) {
        next.cells[p] = -1;
        next.score[seat]! += 1;
      }
      break;
    case KIND_SPADE:
      for (const p of m.extra) next.cells[p] = -1;
      break;
  }
  return next;
}

const diff = (pos: DuelPos, seat: number): number => pos.score[seat]! - pos.score[1 - seat]!;
export const isOver = (pos: DuelPos): boolean => pos.passes >= 2;

/**
 * The greedy rule: the most points now, relative to the opponent (the first such turn). Only the
 * chosen turn's heart or burials are worked out. `careful`: a diamond is activated only when no
 * club left in the grid could take it (the playouts' rule).
 */
export function greedyMove(pos: DuelPos, seat: number, careful = false): DuelMove {
  let best: readonly number[] | null = null;
  let bestKind = KIND_NONE;
  let bestV = -Infinity;
  for (const t of trysts(pos, seat)) {
    const act = activators(pos, t);
    let kind = KIND_NONE;
    let v = t.length;
    const club = act[CLUBS]!;
    if (club >= 0 && highestUpTo(pos.diamonds[1 - seat]!, rankOf(pos.cells[club]!)) > 0) {
      kind = KIND_CLUB;
      v += 4;
    } else if (act[DIAMONDS]! >= 0 && (!careful || !clubAbove(pos, t, rankOf(pos.cells[act[DIAMONDS]!]!)))) {
      kind = KIND_DIAMOND;
      v += 2;
    } else if (act[HEARTS]! >= 0 && heartOutside(pos, t)) {
      kind = KIND_HEART;
      v += 1;
    }
    if (v > bestV) {
      bestV = v;
      best = t;
      bestKind = kind;
    }
  }
  if (best === null) return PASS_MOVE;
  return movesForTryst(pos, seat, best, null, bestKind)[0]!;
}

/** Points a turn gains for its seat relative to the opponent, without building the position. */
function gainOf(m: DuelMove): number {
  let g = m.cells.length;
  if (m.kind === KIND_DIAMOND) g += 2;
  else if (m.kind === KIND_CLUB) g += 4;
  else if (m.kind === KIND_HEART) g += m.extra.length;
  return g;
}

/**
 * Both seats play the greedy rule to the end, carefully (a diamond goes out only when no club in
 * the grid could take it); the final score difference for `seat`.
 */
export function greedyPlayout(start: DuelPos, toMove: number, seat: number): number {
  let pos = start;
  let p = toMove;
  for (let turn = 0; turn < 200 && !isOver(pos); turn++) {
    pos = applyMove(pos, p, greedyMove(pos, p, true));
    p = 1 - p;
  }
  return diff(pos, seat);
}

/** The opponent's best immediate relative gain in `pos` (0 when it must pass). */
function bestGain(pos: DuelPos, seat: number): number {
  let best = 0;
  for (const m of duelMoves(pos, seat)) best = Math.max(best, gainOf(m));
  return best;
}

export type DuelLevel = 'medium' | 'hard' | 'expert';

/** hard and expert: how many of their turns they play out, and against how many replies each. */
export const WIDTHS = {
  hard: { moves: 8, replies: 4 },
  expert: { moves: 48, replies: 16 },
};

/** Expert: the weight of the points a playout adds after the turn, against the points of the turn. */
export const FUTURE_WEIGHT = 0.75;

/** A heart to take or a card to bury: the best few by the denial order are valued. */
export const EXTRA_WIDTH = 10;

/**
 * The value for `seat` of each candidate turn (the positions after it, the opponent to move),
 * at the level's depth. Higher is better.
 */
export function valueTurns(
  before: DuelPos,
  afters: readonly DuelPos[],
  seat: number,
  level: DuelLevel,
): number[] {
  const opp = 1 - seat;
  if (level === 'medium') {
    // Points now; then the cards that the opponent's trysts needed (denial), a little.
    const theirs = usefulness(before, opp);
    return afters.map((a) => {
      let denied = 0;
      for (let p = 0; p < SIZE; p++) if (before.cells[p]! >= 0 && a.cells[p]! < 0) denied += theirs[p]!;
      return diff(a, seat) + 0.01 * denied;
    });
  }
  const twoPly = afters.map((a) => diff(a, seat) - (isOver(a) ? 0 : bestGain(a, opp)));
  const width = WIDTHS[level];
  const order = afters.map((_, i) => i).sort((x, y) => twoPly[y]! - twoPly[x]! || x - y);
  const values = twoPly.map((v) => v - 1000); // not played out: below every played-out move
  for (const i of order.slice(0, width.moves)) {
    const a = afters[i]!;
    if (isOver(a)) {
      values[i] = diff(a, seat);
      continue;
    }
    const replies = duelMoves(a, opp)
      .map((m) => ({ m, g: gainOf(m) }))
      .sort((x, y) => y.g - x.g)
      .slice(0, width.replies);
    let worst = Infinity;
    for (const { m } of replies) worst = Math.min(worst, greedyPlayout(applyMove(a, opp, m), seat, seat));
    // Points banked now are sure; the playout's later points rest on a greedy model of both
    // seats, so they count for less (without this the expert would skip a club's steal, +4 now,
    // when a playout happened to find the same steal later).
    const now = diff(a, seat);
    values[i] = now + FUTURE_WEIGHT * (worst - now);
  }
  return values;
}

// --- From the engine's decisions to whole turns and back ---

const sameCells = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((x) => b.includes(x));

function find(legal: readonly Action[], pred: (a: Sweet16Action) => boolean): Action | undefined {
  return legal.find((a) => pred(a as Sweet16Action));
}

/** One decision of the duel for `seat` at `level`, from the view only. */
export function duelChoose(
  view: Sweet16View,
  seat: Seat,
  legal: readonly Action[],
  level: DuelLevel,
): Action {
  if (legal.length === 1) return legal[0]!;
  const pos = duelPosFromView(view);
  const scoring = view.scoring ?? null;
  switch (view.phase) {
    case 'tryst': {
      const moves = duelMoves(pos, seat);
      const best = pickMove(pos, seat, moves, level);
      const names = best.cells.map(posName);
      return (
        find(legal, (a) => a.type === 'tryst' && sameCells(a.cells, names)) ??
        find(legal, (a) => a.type === 'pass') ??
        legal[0]!
      );
    }
    case 'activate': {
      const cells = (scoring?.cells ?? []).map((n) => parseCell(n));
      const best = pickMove(pos, seat, movesForTryst(pos, seat, cells), level);
      if (best.active < 0) return find(legal, (a) => a.type === 'skip') ?? legal[0]!;
      const name = posName(best.active);
      return find(legal, (a) => a.type === 'activate' && a.pos === name) ?? legal[0]!;
    }
    case 'club': {
      // A steal is +1 for us and -3 for the opponent; the highest diamond leaves the lower ones,
      // which more of our clubs can still take.
      let best: Action | undefined;
      let bestRank = 0;
      for (const a of legal) {
        const x = a as Sweet16Action;
        if (x.type !== 'steal') continue;
        const r = rankOf(parseCard(x.card));
        if (r > bestRank) {
          bestRank = r;
          best = a;
        }
      }
      return best ?? legal[0]!;
    }
    case 'take':
    case 'bury': {
      // The rest of the turn: each choice (a burial's second card by the denial order), valued
      // like a whole turn. The scores already hold the tryst; the differences are what count.
      const cellOfAction = (a: Action) => parseCell((a as Sweet16Action & { pos: string }).pos);
      const allowed = new Set(legal.map(cellOfAction));
      const denial = denialOf(pos, seat);
      const options = denialOrder(pos, denial, (p) => allowed.has(p)).slice(0, EXTRA_WIDTH);
      const left = view.phase === 'bury' ? (scoring?.left ?? 1) : 1;
      const afters = options.map((p) => {
        const next = clonePos(pos);
        next.cells[p] = -1;
        if (view.phase === 'take') next.score[seat]! += 1;
        else if (left > 1) {
          const second = denialOrder(next, denial, () => true)[0];
          if (second !== undefined) next.cells[second] = -1;
        }
        next.passes = 0;
        return next;
      });
      const values = valueTurns(pos, afters, seat, level);
      let bi = 0;
      for (let i = 1; i < values.length; i++) if (values[i]! > values[bi]!) bi = i;
      return legal.find((a) => cellOfAction(a) === options[bi]) ?? legal[0]!;
    }
    case 'flip':
    case 'joker':
    case 'back':
    case 'heart':
    case 'spade':
    case 'over':
      // The base game's phases (sweet16.ts plays them) and the end.
      return legal[0]!;
  }
}

function parseCell(name: string): number {
  const col = name.charCodeAt(0) - 65;
  const row = Number(name.slice(1)) - 1;
  return row * N + col;
}

/** The best whole turn among `moves` at the level's depth (the first of equals). */
export function pickMove(pos: DuelPos, seat: number, moves: readonly DuelMove[], level: DuelLevel): DuelMove {
  const afters = moves.map((m) => applyMove(pos, seat, m));
  const values = valueTurns(pos, afters, seat, level);
  let bi = 0;
  for (let i = 1; i < values.length; i++) if (values[i]! > values[bi]!) bi = i;
  return moves[bi]!;
}
