/**
 * The base game's turn as phase functions (rulings S16-2..S16-7): flipping, Joker declarations,
 * cliques, trysts, scoring a set with put-back and activation, and the end of a turn.
 */
import type { EngineError, Seat } from '../../contract.ts';
import { engineError } from '../../contract.ts';
import {
  CARD_NAMES,
  CLUBS,
  DIAMONDS,
  HEARTS,
  JOKER_1,
  SPADES,
  cardOf,
  describeCard,
  isJoker,
  rankOf,
  suitOf,
} from './cards.ts';
import { gridFollows, nextGrid } from './grids.ts';
import type { Sweet16State } from './state.ts';
import type { Sweet16Events } from './types.ts';
import {
  P_ACTIVE,
  P_DIAMOND,
  P_PILE,
  PH_ACTIVATE,
  PH_BACK,
  PH_CLUB,
  PH_FLIP,
  PH_HEART,
  PH_JOKER,
  PH_OVER,
  PH_SPADE,
  PH_BURY,
  PH_TAKE,
  PH_TRYST,
  SET_CLIQUE,
  SET_NONE,
  SET_TRYST,
  rankSeats,
  valueOf,
} from './state.ts';

/** S16-7: the grid size below which a scored turn ends the game. */
export const END_GRID_SIZE = 13;

const name = (s: Sweet16State, pos: number): string => s.grid.names[pos]!;

/** The names of the first `n` positions of a position list (for events). */
export function positions(s: Sweet16State, list: Int8Array, n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(s.grid.names[list[i]!]!);
  return out;
}

/** The cards at the first `n` positions of a position list (for events). */
function cardsAt(s: Sweet16State, list: Int8Array, n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(CARD_NAMES[s.cells[list[i]!]!]!);
  return out;
}

/** The event that ends the game: final scores and the winner. */
export function gameOverEvent(s: Sweet16State): Sweet16Events[number] {
  const result = rankSeats(s);
  return { all: { type: 'game_over', scores: result.scores, winners: result.winners } };
}

// --- Card movements -------------------------------------------------------------------------

/** Everyone sees the card at `pos` now (a flip, a put-back): every seat and the table (S16-9). */
export function seenByAll(s: Sweet16State, pos: number): void {
  const size = s.grid.size;
  for (let row = 0; row <= s.players; row++) s.seenAt[row * size + pos] = s.turn;
}

/** Turns a face-up grid card face down in place; a Joker forgets its value (S16-4). */
export function turnDown(s: Sweet16State, pos: number): void {
  const c = s.cells[pos]!;
  s.startActs = null;
  s.up[pos] = 0;
  s.downCount++;
  if (c >= JOKER_1) s.jokerValue[c - JOKER_1] = 0;
}

/** Takes the card at `pos` out of the grid, leaving a hole (S16-1). */
export function removeFromGrid(s: Sweet16State, pos: number): number {
  const c = s.cells[pos]!;
  s.startActs = null;
  s.cells[pos] = -1;
  if (s.up[pos]) s.up[pos] = 0;
  else s.downCount--;
  s.gridCount--;
  s.notHeart[pos] = 0;
  s.peek[pos] = 0;
  const size = s.grid.size;
  for (let row = 0; row <= s.players; row++) s.seenAt[row * size + pos] = -1;
  if (c >= JOKER_1) s.jokerValue[c - JOKER_1] = 0;
  return c;
}

export function toPile(s: Sweet16State, card: number, seat: Seat): void {
  s.place[card] = P_PILE + seat;
  s.pileCount[seat]!++;
}

/** Moves the set's remaining cards from the grid to the scorer's pile (S16-6 C). */
function bankSet(s: Sweet16State, events?: Sweet16Events): void {
  const seat = s.toPlay;
  const cards: string[] | null = events && s.setCount > 0 ? [] : null;
  for (let i = 0; i < s.setCount; i++) {
    const c = removeFromGrid(s, s.set[i]!);
    toPile(s, c, seat);
    if (cards) cards.push(CARD_NAMES[c]!);
  }
  if (events && cards) events.push({ all: { type: 'banked', seat, cards } });
  s.setCount = 0;
}

// --- Queries --------------------------------------------------------------------------------

export const canStop = (s: Sweet16State): boolean =>
  s.flipCount >= 2 && s.flipTotal < 16 && (s.cliqueOwner < 0 || s.flipTotal > s.cliqueTotal);

export function setIndex(s: Sweet16State, pos: number): number {
  for (let i = 0; i < s.setCount; i++) if (s.set[i] === pos) return i;
  return -1;
}

function removeSetAt(s: Sweet16State, i: number): void {
  s.set[i] = s.set[s.setCount - 1]!;
  s.setCount--;
}

/** Whether an opponent of `seat` has a face-up diamond of rank at most `rank`. */
export function hasStealable(s: Sweet16State, seat: Seat, rank: number): boolean {
  for (let r = 1; r <= rank; r++) {
    const p = s.place[cardOf(DIAMONDS, r)]!;
    if (p >= P_DIAMOND && p < P_DIAMOND + s.players && p !== P_DIAMOND + seat) return true;
  }
  return false;
}

/** S16-7 second condition: some two grid cards total 16 or less (a Joker counts as 1). */
export function pairLeft(s: Sweet16State): boolean {
  let m1 = 99;
  let m2 = 99;
  const cells = s.cells;
  for (let p = 0; p < cells.length; p++) {
    const c = cells[p]!;
    if (c < 0) continue;
    const v = c >= JOKER_1 ? 1 : (c % 13) + 1;
    if (v < m1) {
      m2 = m1;
      m1 = v;
    } else if (v < m2) m2 = v;
    if (m1 + m2 <= 16) return true; // the two lowest only get lower
  }
  return false;
}

// --- Turn structure -------------------------------------------------------------------------

/** S16-2 (1): a seat that owns the clique on the table scores it first; then it flips. */
export function startTurn(s: Sweet16State, events?: Sweet16Events): void {
  if (events) events.push({ all: { type: 'turn', seat: s.toPlay, turn: s.turn } });
  if (s.cliqueOwner === s.toPlay) {
    if (events)
      events.push({
        all: { type: 'score_clique', seat: s.toPlay, cells: positions(s, s.clique, s.cliqueCount) },
      });
    for (let i = 0; i < s.cliqueCount; i++) s.set[i] = s.clique[i]!;
    s.setCount = s.cliqueCount;
    s.setKind = SET_CLIQUE;
    s.cliqueCount = 0;
    s.cliqueOwner = -1;
    s.cliqueTotal = 0;
    s.putBack = -1;
    s.phase = PH_BACK;
    return;
  }
  enterFlip(s, events);
}

function enterFlip(s: Sweet16State, events?: Sweet16Events): void {
  s.flipCount = 0;
  s.flipTotal = 0;
  if (s.downCount === 0)
    loseFace(s, events); // S16-2: nothing to flip counts as losing face
  else s.phase = PH_FLIP;
}

/** Ends the turn: checks both end conditions (S16-7) and the turn limit, else passes the turn on. */
export function endTurn(s: Sweet16State, events?: Sweet16Events): void {
  if (s.peeked) {
    s.peek.fill(0);
    s.peeked = false;
  }
  // Cards leave the grid only in a scoring turn, so the pair test is needed only then.
  const gridEnds = s.scored && (s.gridCount < END_GRID_SIZE || !pairLeft(s));
  if (gridEnds && gridFollows(s)) {
    nextGrid(s, events); // S16-X11: the next grid, its first seat's turn
    startTurn(s, events);
    return;
  }
  if (gridEnds || s.turn >= s.turnLimit) {
    s.phase = PH_OVER;
    if (events) events.push(gameOverEvent(s));
    return;
  }
  s.turn++;
  s.toPlay = (s.toPlay + 1) % s.players;
  s.scored = false;
  startTurn(s, events);
}

/** S16-2 lose face: this turn's flipped cards go face down in place; the turn ends. */
function loseFace(s: Sweet16State, events?: Sweet16Events): void {
  if (events)
    events.push({
      all: {
        type: 'lose_face',
        seat: s.toPlay,
        total: s.flipTotal,
        cells: positions(s, s.flipped, s.flipCount),
      },
    });
  // Exactly the face-down set of the turn's start comes back, so the cached flip list stays valid.
  const acts = s.startActs;
  for (let i = 0; i < s.flipCount; i++) turnDown(s, s.flipped[i]!);
  s.startActs = acts;
  s.flipCount = 0;
  s.flipTotal = 0;
  endTurn(s, events);
}

/** After a flip (and a Joker's declaration): lose face, tryst, or keep choosing (S16-2). */
function settleFlip(s: Sweet16State, events?: Sweet16Events): void {
  if (s.flipTotal > 16) return loseFace(s, events);
  if (s.flipTotal === 16) {
    if (events) {
      const cells = positions(s, s.flipped, s.flipCount);
      const cards = cardsAt(s, s.flipped, s.flipCount);
      events.push({ all: { type: 'tryst', seat: s.toPlay, cells, cards } });
    }
    for (let i = 0; i < s.flipCount; i++) s.set[i] = s.flipped[i]!;
    s.setCount = s.flipCount;
    s.setKind = SET_TRYST;
    s.putBack = -1;
    s.flipCount = 0;
    s.flipTotal = 0;
    s.phase = PH_BACK;
    return;
  }
  if (s.downCount === 0 && !canStop(s)) return loseFace(s, events);
  s.phase = PH_FLIP;
}

/** What the seat to play must do now, in words (for `wrong_phase` errors and `describeTurn`). */
export function expected(s: Sweet16State): string {
  switch (s.phase) {
    case PH_FLIP:
      return canStop(s) ? 'flip a face-down card ("flip B3") or "stop"' : 'flip a face-down card ("flip B3")';
    case PH_JOKER:
      return 'declare the Joker\'s value ("joker 1" to "joker 13")';
    case PH_BACK:
      return 'choose the card to put back ("back B3")';
    case PH_ACTIVATE:
      return 'activate one of the cards being scored ("activate B3") or "skip"';
    case PH_CLUB:
      return 'steal a diamond ("steal 7D") or "skip"';
    case PH_HEART:
    case PH_SPADE:
      return 'look at a face-down card ("look B3")';
    case PH_TRYST:
      return 'declare a tryst along one of your lines ("tryst A3 C3"), or "pass" if you have none';
    case PH_TAKE:
      return 'take a heart from the grid ("take B5")';
    case PH_BURY:
      return 'bury a grid card ("bury B5")';
    default:
      return 'wait: the game is over';
  }
}

/** An action that does not fit the current step of the turn: the error says what is due now. */
export const wrongPhase = (s: Sweet16State): EngineError =>
  engineError('wrong_phase', `You must first ${expected(s)}.`);

// --- Actions --------------------------------------------------------------------------------

/** Checks that `pos` holds a face-down card. */
function faceDownError(s: Sweet16State, pos: number): EngineError | null {
  if (s.cells[pos]! < 0) return engineError('empty_position', `There is no card at ${name(s, pos)}.`);
  if (s.up[pos]) return engineError('not_face_down', `The card at ${name(s, pos)} is face up.`);
  return null;
}

export function applyFlip(s: Sweet16State, pos: number, events?: Sweet16Events): EngineError | null {
  if (s.phase !== PH_FLIP) return wrongPhase(s);
  const bad = faceDownError(s, pos);
  if (bad) return bad;
  const c = s.cells[pos]!;
  s.up[pos] = 1;
  s.downCount--;
  seenByAll(s, pos);
  s.notHeart[pos] = 0;
  s.flipped[s.flipCount++] = pos;
  if (events)
    events.push({
      all: { type: 'flip', seat: s.toPlay, pos: name(s, pos), card: CARD_NAMES[c]! },
      reveals: true,
    });
  if (isJoker(c)) {
    s.phase = PH_JOKER; // S16-4: declare before anything else
    return null;
  }
  s.flipTotal += rankOf(c);
  settleFlip(s, events);
  return null;
}

export function applyJoker(s: Sweet16State, value: number, events?: Sweet16Events): EngineError | null {
  if (s.phase !== PH_JOKER) return wrongPhase(s);
  if (!Number.isInteger(value) || value < 1 || value > 13)
    return engineError('bad_joker_value', 'A Joker is declared as a value from 1 to 13 (S16-4).');
  const pos = s.flipped[s.flipCount - 1]!;
  const c = s.cells[pos]!;
  s.jokerValue[c - JOKER_1] = value;
  s.flipTotal += value;
  if (events)
    events.push({ all: { type: 'joker', seat: s.toPlay, pos: name(s, pos), card: CARD_NAMES[c]!, value } });
  settleFlip(s, events);
  return null;
}

/** S16-2 clique: your flipped cards become the clique on the table; the old one turns face down. */
export function applyStop(s: Sweet16State, events?: Sweet16Events): EngineError | null {
  if (s.phase !== PH_FLIP) return wrongPhase(s);
  if (!canStop(s)) {
    if (s.flipCount < 2) return engineError('cannot_stop', 'A clique needs at least two flipped cards.');
    return engineError(
      'cannot_stop',
      `A clique must total more than the clique on the table (${s.cliqueTotal}); yours is ${s.flipTotal}.`,
    );
  }
  for (let i = 0; i < s.cliqueCount; i++) turnDown(s, s.clique[i]!);
  s.startActs = null; // the new clique's cards stay face up
  for (let i = 0; i < s.flipCount; i++) s.clique[i] = s.flipped[i]!;
  s.cliqueCount = s.flipCount;
  s.cliqueOwner = s.toPlay;
  s.cliqueTotal = s.flipTotal;
  s.flipCount = 0;
  s.flipTotal = 0;
  if (events) {
    const cells = positions(s, s.clique, s.cliqueCount);
    events.push({ all: { type: 'clique', seat: s.toPlay, cells, total: s.cliqueTotal } });
  }
  endTurn(s, events);
  return null;
}

/** S16-6 (A): one card of the set goes back face down in its own place; everyone knows which. */
export function applyBack(s: Sweet16State, pos: number, events?: Sweet16Events): EngineError | null {
  if (s.phase !== PH_BACK) return wrongPhase(s);
  const i = setIndex(s, pos);
  if (i < 0) return engineError('not_in_set', `${name(s, pos)} is not one of the cards being scored.`);
  const c = s.cells[pos]!;
  turnDown(s, pos);
  seenByAll(s, pos);
  removeSetAt(s, i);
  s.putBack = pos;
  if (events)
    events.push({ all: { type: 'put_back', seat: s.toPlay, pos: name(s, pos), card: CARD_NAMES[c]! } });
  for (let k = 0; k < s.setCount; k++) {
    if (!isJoker(s.cells[s.set[k]!]!)) {
      s.phase = PH_ACTIVATE;
      return null;
    }
  }
  completeScoring(s, events); // only Jokers left: nothing can be activated (S16-4); they are banked
  return null;
}

/** S16-6 (B): activate one of the remaining cards; the rest go to the pile. */
export function applyActivate(s: Sweet16State, pos: number, events?: Sweet16Events): EngineError | null {
  if (s.phase !== PH_ACTIVATE) return wrongPhase(s);
  const i = setIndex(s, pos);
  if (i < 0) return engineError('not_in_set', `${name(s, pos)} is not one of the cards being scored.`);
  const c = s.cells[pos]!;
  if (isJoker(c)) return engineError('joker_not_activatable', 'A Joker is never activated (S16-4).');
  removeSetAt(s, i);
  removeFromGrid(s, pos);
  s.place[c] = P_ACTIVE;
  s.active = c;
  // S16-6 (C) comes after (B): the other cards stay face up in the grid until the power is done.
  if (events)
    events.push({ all: { type: 'activate', seat: s.toPlay, pos: name(s, pos), card: CARD_NAMES[c]! } });
  startPower(s, events);
  return null;
}

/** Resolves the activated card's suit power, or enters the phase that asks for its choices. */
function startPower(s: Sweet16State, events?: Sweet16Events): void {
  const c = s.active;
  const seat = s.toPlay;
  s.lookCount = 0;
  switch (suitOf(c)) {
    case DIAMONDS:
      s.place[c] = P_DIAMOND + seat;
      s.diamondCount[seat]!++;
      s.active = -1;
      completeScoring(s, events);
      return;
    case CLUBS:
      if (hasStealable(s, seat, rankOf(c))) s.phase = PH_CLUB;
      else finishPower(s, events);
      return;
    case HEARTS:
      if (s.downCount > 0) s.phase = PH_HEART;
      else finishPower(s, events);
      return;
    case SPADES:
      s.lookLeft = Math.min(3, s.downCount);
      if (s.lookLeft > 0) s.phase = PH_SPADE;
      else finishPower(s, events);
      return;
    default:
      throw new Error('sweet16: a Joker cannot be activated');
  }
}

/** The activated card (club, heart, spade) goes to the pile; the scoring is complete. */
export function finishPower(s: Sweet16State, events?: Sweet16Events): void {
  toPile(s, s.active, s.toPlay);
  s.active = -1;
  s.lookLeft = 0;
  completeScoring(s, events);
}

export function applySkip(s: Sweet16State, events?: Sweet16Events): EngineError | null {
  if (s.phase === PH_ACTIVATE) {
    if (events) events.push({ all: { type: 'no_activation', seat: s.toPlay } });
    completeScoring(s, events);
    return null;
  }
  if (s.phase === PH_CLUB) {
    if (events) events.push({ all: { type: 'no_steal', seat: s.toPlay } });
    finishPower(s, events);
    return null;
  }
  return wrongPhase(s);
}

/** Why the club being activated may not take `card` (S16-6, S16-10), or null. */
export function stealError(s: Sweet16State, card: number): EngineError | null {
  if (s.phase !== PH_CLUB) return wrongPhase(s);
  const owner = s.place[card]! - P_DIAMOND;
  if (suitOf(card) !== DIAMONDS || owner < 0 || owner >= s.players || owner === s.toPlay)
    return engineError('not_stealable', `${describeCard(card)} is not an opponent's face-up diamond.`);
  if (rankOf(card) > rankOf(s.active))
    return engineError('not_stealable', `${describeCard(card)} is worth more than your club.`);
  return null;
}

/** Moves a stolen diamond to the thief's pile. */
export function steal(s: Sweet16State, card: number, events?: Sweet16Events): void {
  const owner = s.place[card]! - P_DIAMOND;
  s.diamondCount[owner]!--;
  toPile(s, card, s.toPlay);
  if (events) events.push({ all: { type: 'steal', seat: s.toPlay, from: owner, card: CARD_NAMES[card]! } });
}

/** Club: take an opponent's face-up diamond of value at most the club's. */
export function applySteal(s: Sweet16State, card: number, events?: Sweet16Events): EngineError | null {
  const bad = stealError(s, card);
  if (bad) return bad;
  steal(s, card, events);
  finishPower(s, events);
  return null;
}

/** Heart and spade looks (S16-6): the position is public, the card only for the looker. */
export function applyLook(s: Sweet16State, pos: number, events?: Sweet16Events): EngineError | null {
  if (s.phase !== PH_HEART && s.phase !== PH_SPADE) return wrongPhase(s);
  const bad = faceDownError(s, pos);
  if (bad) return bad;
  const seat = s.toPlay;
  if (s.phase === PH_SPADE) {
    for (let i = 0; i < s.lookCount; i++) {
      if (s.looks[i] === pos)
        return engineError(
          'already_looked',
          `You already looked at ${name(s, pos)}; a spade looks at different cards.`,
        );
    }
  }
  const c = s.cells[pos]!;
  s.looks[s.lookCount++] = pos;
  if (s.phase === PH_HEART && suitOf(c) === HEARTS) {
    // Revealed to all and collected; the chain goes on while face-down cards remain.
    removeFromGrid(s, pos);
    toPile(s, c, seat);
    if (events)
      events.push({
        all: { type: 'heart_found', seat, pos: name(s, pos), card: CARD_NAMES[c]! },
        reveals: true,
      });
    if (s.downCount === 0) finishPower(s, events);
    return null;
  }
  s.seenAt[seat * s.grid.size + pos] = s.turn;
  s.peek[pos] = 1;
  s.peeked = true;
  if (events) {
    // One event: everybody learns where the seat looked; the looker alone also sees the card.
    const power = s.phase === PH_HEART ? 'heart' : 'spade';
    const where = { type: 'look', seat, pos: name(s, pos), power } as const;
    events.push({ all: where, seats: { [seat]: { ...where, card: CARD_NAMES[c]! } }, reveals: true });
  }
  if (s.phase === PH_HEART) {
    s.notHeart[pos] = 1; // everyone saw it go back: it is not a heart
    finishPower(s, events);
  } else if (--s.lookLeft === 0) finishPower(s, events);
  return null;
}

/**
 * S16-6 (C): the set's remaining cards go to the pile, after the activation (if any) is resolved.
 * Then: your own clique: go on to flip (S16-2 step 2); a tryst: any clique on the table turns face
 * down and the turn ends.
 */
function completeScoring(s: Sweet16State, events?: Sweet16Events): void {
  bankSet(s, events);
  const kind = s.setKind;
  s.setKind = SET_NONE;
  s.setCount = 0;
  s.putBack = -1;
  s.lookCount = 0;
  s.lookLeft = 0;
  s.scored = true;
  if (kind === SET_CLIQUE) {
    enterFlip(s, events);
    return;
  }
  if (kind === SET_TRYST && s.cliqueOwner >= 0) {
    for (let i = 0; i < s.cliqueCount; i++) turnDown(s, s.clique[i]!);
    if (events) {
      const cells = positions(s, s.clique, s.cliqueCount);
      events.push({ all: { type: 'clique_dissolved', seat: s.cliqueOwner, cells } });
    }
    s.cliqueCount = 0;
    s.cliqueOwner = -1;
    s.cliqueTotal = 0;
  }
  endTurn(s, events);
}

/** The value a grid card shows now (face-up cards only), for views. */
export const shownValue = (s: Sweet16State, pos: number): number => valueOf(s, s.cells[pos]!);
