/**
 * Sweet16's grids: laying one (S16-1, S16-10) and, in a game of several grids (the `grids`
 * option, matchbox ruling S16-X11), laying the next when one ends.
 *
 * S16-X11: when a grid ends by S16-7 and grids remain, each seat's score on it (S16-8) is kept;
 * every card is gathered, shuffled and laid again face down; score piles and diamonds start empty,
 * and every memory of the old grid is gone (its positions hold other cards now). The next grid's
 * first player is the seat after the previous grid's first (grid k starts with seat k - 1, from
 * seat 0). A seat's score is the sum over the grids; the winner is decided as S16-8 on that sum.
 * The turn limit (S16-X3) counts the turns of the whole game.
 *
 * Each grid is a chance outcome of its own, recorded with its `grid_laid` event. With keyed chance
 * grid k comes from `Rng.keyed(seed, k - 1, 0)`, so it is the same for every game of that seed,
 * however the grids before it were played (duplicate events).
 */
import type { GameEvent } from '../../contract.ts';
import { Rng } from '../../rng.ts';
import { CARD_COUNT, CARD_NAMES, parseCard } from './cards.ts';
import type { Sweet16State } from './state.ts';
import {
  MODE_DUEL,
  MODE_NAMES,
  PH_FLIP,
  PH_TRYST,
  P_NONE,
  P_OUT,
  SET_NONE,
  gridScoreOf,
  scoresOf,
} from './state.ts';
import type { Sweet16Event } from './types.ts';

/** The most grids a game may have. */
export const MAX_GRIDS = 5;

/** The grid as views show it: rows of face-up cards, `"?"` face down, null for holes. */
export function gridRows(s: Sweet16State): (string | null)[][] {
  const grid: (string | null)[][] = [];
  for (let r = 0; r < s.grid.rows; r++) {
    const row: (string | null)[] = [];
    for (let c = 0; c < s.grid.cols; c++) {
      const p = r * s.grid.cols + c;
      const card = s.cells[p]!;
      row.push(card < 0 ? null : s.up[p] ? CARD_NAMES[card]! : '?');
    }
    grid.push(row);
  }
  return grid;
}

/** The cards in play: 54 in the base game, 52 in the duel (no Jokers). */
export const cardsInPlay = (s: Sweet16State): number => (s.mode === MODE_DUEL ? 52 : CARD_COUNT);

/**
 * The order the generator draws for the grid in play (keyed: from this grid's own key). The
 * generator shuffles even when a stacked deck or a recorded outcome decides the order, so that it
 * is left in the same state whichever of the three laid the grid.
 */
export function drawOrder(s: Sweet16State): number[] {
  if (s.key !== null) s.rng.copyFrom(Rng.keyed(s.key, s.gridNo, 0));
  const inPlay = cardsInPlay(s);
  const order = new Array<number>(inPlay);
  for (let c = 0; c < inPlay; c++) order[c] = c;
  s.rng.shuffle(order);
  return order;
}

/**
 * A recorded chance outcome imposed on what the generator drew: the listed cards first, in the
 * listed order, then the others in the drawn order. Entries that are not cards in play, or repeat
 * one, are ignored, so no entry can corrupt the state.
 */
export function imposeOrder(recorded: readonly string[], drawn: readonly number[], inPlay: number): number[] {
  const used = new Uint8Array(CARD_COUNT);
  const out: number[] = [];
  for (const text of recorded) {
    const c = typeof text === 'string' ? parseCard(text) : -1;
    if (c < 0 || c >= inPlay || used[c]) continue;
    used[c] = 1;
    out.push(c);
  }
  for (const c of drawn) if (!used[c]) out.push(c);
  return out;
}

/**
 * Lays `order` into the grid, row by row (the duel's last 3 are out of play), and records it as
 * the chance of a `grid_laid` event. The duel's grid is face up (S16-10), seen by every seat and
 * the table; the base grid is face down.
 */
export function layGrid(s: Sweet16State, order: readonly number[], events?: GameEvent<Sweet16Event>[]): void {
  s.place.fill(P_NONE);
  const size = s.grid.size;
  for (let i = 0; i < order.length; i++) {
    const c = order[i]!;
    if (i < size) {
      s.cells[i] = c;
      s.place[c] = i;
    } else s.place[c] = P_OUT;
  }
  s.gridCount = size;
  if (s.mode === MODE_DUEL) {
    s.up.fill(1);
    s.seenAt.fill(s.turn);
    s.phase = PH_TRYST;
  } else s.downCount = size;
  if (!events) return;
  const laid: Sweet16Event = {
    type: 'grid_laid',
    mode: MODE_NAMES[s.mode],
    cols: s.grid.cols,
    rows: s.grid.rows,
    grid: gridRows(s),
    outOfPlay: order.length - size,
    ...(s.grids > 1 ? { number: s.gridNo + 1, of: s.grids } : {}),
  };
  const chance = order.map((c) => CARD_NAMES[c]!);
  // The duel's face-up grid shows every seat 49 cards it did not know; the base grid nothing.
  events.push(s.mode === MODE_DUEL ? { all: laid, reveals: true, chance } : { all: laid, chance });
}

/** Whether the grid that just ended (S16-7) is followed by another (S16-X11). */
export const gridFollows = (s: Sweet16State): boolean => s.gridNo + 1 < s.grids && s.turn < s.turnLimit;

/**
 * Ends the grid in play and lays the next (S16-X11): its scores are kept, the table is cleared,
 * and the next first seat's turn number is the next turn. The caller starts that turn.
 */
export function nextGrid(s: Sweet16State, events?: GameEvent<Sweet16Event>[]): void {
  const scores: number[] = [];
  for (let seat = 0; seat < s.players; seat++) scores.push(gridScoreOf(s, seat));
  s.gridScores = [...s.gridScores, scores];
  clearTable(s);
  if (events) events.push({ all: { type: 'grid_over', grid: s.gridNo + 1, scores, totals: scoresOf(s) } });
  s.gridNo++;
  s.turn++;
  s.toPlay = s.gridNo % s.players;
  let order = drawOrder(s);
  const recorded = s.chance?.[s.chanceAt];
  if (recorded !== undefined) {
    s.chanceAt++;
    order = imposeOrder(recorded, order, cardsInPlay(s));
  }
  layGrid(s, order, events);
}

/** Everything of a finished grid gone: cards, piles, diamonds, memories and the turn's records. */
function clearTable(s: Sweet16State): void {
  s.cells.fill(-1);
  s.up.fill(0);
  s.seenAt.fill(-1);
  s.notHeart.fill(0);
  s.peek.fill(0);
  s.peeked = false;
  s.jokerValue.fill(0);
  s.pileCount.fill(0);
  s.diamondCount.fill(0);
  s.flipCount = 0;
  s.flipTotal = 0;
  s.cliqueCount = 0;
  s.cliqueOwner = -1;
  s.cliqueTotal = 0;
  s.setCount = 0;
  s.setKind = SET_NONE;
  s.putBack = -1;
  s.active = -1;
  s.lookCount = 0;
  s.lookLeft = 0;
  s.scored = false;
  s.startActs = null;
  s.phase = PH_FLIP;
}
