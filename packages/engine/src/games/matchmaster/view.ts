/**
 * What a seat or a spectator sees of a MatchMaster game (ruling MM-4 for the bids), and the
 * state's phase and turn in words.
 */
import type { Seat, Viewer } from '../../contract.ts';
import { CARD_NAMES } from './cards.ts';
import { handCards, handCount, seatsInWords, stillToBid } from './play.ts';
import type { MatchMasterState } from './state.ts';
import { PHASE_BID, PHASE_OVER, PHASE_PLAY, handSizeOf } from './state.ts';
import type {
  MatchMasterHandRecord,
  MatchMasterPhase,
  MatchMasterPlayedCard,
  MatchMasterTrick,
  MatchMasterView,
} from './types.ts';
import { MATCHMASTER_PHASES } from './types.ts';

export const phaseOf = (s: MatchMasterState): MatchMasterPhase => MATCHMASTER_PHASES[s.phase];

/** Shared one-seat lists, so the play phase's toAct allocates nothing. */
const SINGLE_SEAT: readonly (readonly Seat[])[] = Array.from({ length: 7 }, (_, seat) =>
  Object.freeze([seat]),
);
const NOBODY: readonly Seat[] = Object.freeze([]);

/** Every seat still to bid, or the one seat to play, or nobody once the game is over. */
export function toAct(s: MatchMasterState): readonly Seat[] {
  if (s.phase === PHASE_PLAY) return SINGLE_SEAT[s.toPlay]!;
  if (s.phase === PHASE_OVER) return NOBODY;
  return stillToBid(s);
}

/** "Seats 0 and 3 to bid", "Seat 2 to play a card", "Game over". */
export function describeTurn(s: MatchMasterState): string {
  if (s.phase === PHASE_OVER) return 'Game over';
  if (s.phase === PHASE_PLAY) return `Seat ${s.toPlay} to ${s.trickLen === 0 ? 'lead' : 'play'} a card`;
  const words = seatsInWords(stillToBid(s));
  return `${words[0]!.toUpperCase()}${words.slice(1)} to bid`;
}

export function view(s: MatchMasterState, viewer: Viewer): MatchMasterView {
  const n = s.players;
  const shown = publicOf(s);
  let bids = shown.bids;
  if (bids === null) {
    // Bidding: each seat sees its own bid only (MM-4).
    const own = new Array<number | null>(n);
    for (let seat = 0; seat < n; seat++) {
      const b = s.bids[seat]!;
      own[seat] = b >= 0 && seat === viewer ? b : null;
    }
    bids = own;
  }
  const v: MatchMasterView & { myHand?: readonly string[] } = {
    game: 'matchmaster',
    players: n,
    viewer,
    phase: phaseOf(s),
    hand: s.handIndex + 1,
    hands: s.handSizes.length,
    handSize: handSizeOf(s),
    dealer: s.dealer,
    toAct: shown.toAct,
    trump: 'do',
    hasBid: shown.hasBid,
    bids,
    tricksWon: shown.tricksWon,
    handCounts: shown.handCounts,
    trick: shown.trick,
    tricks: tricksSoFar(s),
    totals: shown.totals,
    history: handsSoFar(s),
  };
  if (viewer !== null && viewer >= 0 && viewer < n)
    v.myHand = handCards(s, viewer).map((c) => CARD_NAMES[c]!);
  return v;
}

/** What every viewer of a state sees alike (the bids once they are revealed), shared and frozen. */
interface PublicParts {
  readonly toAct: readonly Seat[];
  readonly hasBid: readonly boolean[];
  /** Null while bidding: then each viewer sees its own bid only. */
  readonly bids: readonly (number | null)[] | null;
  readonly tricksWon: readonly number[];
  readonly handCounts: readonly number[];
  readonly trick: MatchMasterTrick;
  readonly totals: readonly number[];
}

/**
 * The public parts of a state's views, per state's plays (see `trickRows`): made by the first
 * viewer's view of a state and shared by the others. A state changes in place (an action applied
 * to it, a state copied into it), so the kept parts are compared with the state, value by value,
 * before they are used again.
 */
const publicRows = new WeakMap<Int8Array, PublicParts>();

function publicOf(s: MatchMasterState): PublicParts {
  const kept = publicRows.get(s.plays);
  if (kept !== undefined && samePublic(s, kept)) return kept;
  const n = s.players;
  const revealed = s.phase !== PHASE_BID;
  // Made at their size (a list grown by push starts with room for 17).
  const hasBid = new Array<boolean>(n);
  const bids = revealed ? new Array<number | null>(n) : null;
  const handCounts = new Array<number>(n);
  for (let seat = 0; seat < n; seat++) {
    const b = s.bids[seat]!;
    hasBid[seat] = b >= 0;
    if (bids) bids[seat] = b >= 0 ? b : null;
    handCounts[seat] = handCount(s, seat);
  }
  const parts: PublicParts = Object.freeze({
    toAct: Object.freeze([...toAct(s)]),
    hasBid: Object.freeze(hasBid),
    bids: bids && Object.freeze(bids),
    tricksWon: Object.freeze(numbers(s.tricks)),
    handCounts: Object.freeze(handCounts),
    trick: frozenTrick(trickOf(s, s.playCount - s.trickLen, s.trickLen)),
    totals: Object.freeze(numbers(s.totals)),
  });
  publicRows.set(s.plays, parts);
  return parts;
}

/** Whether the kept public parts `p` are still what the state `s` shows. */
function samePublic(s: MatchMasterState, p: PublicParts): boolean {
  const n = s.players;
  const revealed = s.phase !== PHASE_BID;
  if (p.hasBid.length !== n || (p.bids !== null) !== revealed) return false;
  for (let seat = 0; seat < n; seat++) {
    const b = s.bids[seat]!;
    if (p.hasBid[seat] !== b >= 0 || p.tricksWon[seat] !== s.tricks[seat]) return false;
    if (p.totals[seat] !== s.totals[seat] || p.handCounts[seat] !== handCount(s, seat)) return false;
    if (p.bids !== null && p.bids[seat] !== (b >= 0 ? b : null)) return false;
  }
  const acting = toAct(s);
  if (acting.length !== p.toAct.length) return false;
  for (let i = 0; i < acting.length; i++) if (acting[i] !== p.toAct[i]) return false;
  const start = s.playCount - s.trickLen;
  if (p.trick.cards.length !== s.trickLen || p.trick.leader !== (s.trickLen > 0 ? s.playSeats[start] : null))
    return false;
  return sameCards(s, start, p.trick);
}

/**
 * The finished hands' records, per state's history: every viewer's view of one state shares them
 * (frozen), instead of each view making them again. A finished hand's record never changes, but a
 * history may be overwritten in place (a state copied into another), so the kept rows are checked
 * against the history before they are used again.
 */
const handRows = new WeakMap<Int16Array, readonly MatchMasterHandRecord[]>();

function handsSoFar(s: MatchMasterState): readonly MatchMasterHandRecord[] {
  const finishedHands = s.phase === PHASE_OVER ? s.handSizes.length : s.handIndex;
  const kept = handRows.get(s.history) ?? [];
  const rows = keptOrExtended(s, kept, finishedHands, sameHand, handRecord);
  if (rows !== kept) handRows.set(s.history, rows);
  return rows;
}

/** The record of finished hand `h`, frozen. */
function handRecord(s: MatchMasterState, h: number): MatchMasterHandRecord {
  const row = (k: number) =>
    Object.freeze(Array.from({ length: s.players }, (_, seat) => s.history[(h * s.players + seat) * 3 + k]!));
  return Object.freeze({
    hand: h + 1,
    handSize: s.handSizes[h]!,
    bids: row(0),
    tricks: row(1),
    points: row(2),
  });
}

/**
 * Rows 0 to `count` - 1 of a state, sharing what is kept: `kept` itself when all of it is still
 * what the state says (`same`), else a new frozen list of the kept rows that still are, then new
 * ones (`make`). The finished hands' records and the hand's finished tricks are kept this way.
 */
function keptOrExtended<T>(
  s: MatchMasterState,
  kept: readonly T[],
  count: number,
  same: (s: MatchMasterState, index: number, row: T) => boolean,
  make: (s: MatchMasterState, index: number) => T,
): readonly T[] {
  let alike = 0;
  while (alike < Math.min(kept.length, count) && same(s, alike, kept[alike]!)) alike++;
  if (alike === count && kept.length === count) return kept;
  const rows = kept.slice(0, alike);
  for (let i = alike; i < count; i++) rows.push(make(s, i));
  return Object.freeze(rows);
}

/** Whether the kept record of hand `h` is still what the history says. */
function sameHand(s: MatchMasterState, h: number, r: MatchMasterHandRecord): boolean {
  if (r.handSize !== s.handSizes[h] || r.bids.length !== s.players) return false;
  for (let seat = 0; seat < s.players; seat++) {
    const at = (h * s.players + seat) * 3;
    if (r.bids[seat] !== s.history[at] || r.tricks[seat] !== s.history[at + 1]) return false;
    if (r.points[seat] !== s.history[at + 2]) return false;
  }
  return true;
}

/** A typed array's numbers as a plain array (`Array.from` walks it with an iterator). */
function numbers(values: Int8Array | Int32Array): number[] {
  const out = new Array<number>(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i]!;
  return out;
}

/**
 * The hand's finished tricks, per state's plays, shared like the finished hands' records (see
 * `handRows`): every viewer's view of one state shares them (frozen), and a state after a move
 * reuses its tricks (they never change once finished). A state's plays may be overwritten in place
 * (a state copied into another), so the kept tricks are checked against the plays before use.
 */
const trickRows = new WeakMap<Int8Array, readonly MatchMasterTrick[]>();
let lastTricks: readonly MatchMasterTrick[] = Object.freeze([]);

function tricksSoFar(s: MatchMasterState): readonly MatchMasterTrick[] {
  const finished = Math.floor((s.playCount - s.trickLen) / s.players);
  // The previous state's tricks (a copy's plays are new arrays) are tried after this state's own.
  const kept = trickRows.get(s.plays) ?? lastTricks;
  const rows = keptOrExtended(s, kept, finished, sameTrickAt, finishedTrick);
  trickRows.set(s.plays, rows);
  if (rows !== kept) lastTricks = rows;
  return rows;
}

/** The hand's `index`th finished trick, frozen. */
function finishedTrick(s: MatchMasterState, index: number): MatchMasterTrick {
  return frozenTrick(trickOf(s, index * s.players, s.players));
}

function frozenTrick(t: MatchMasterTrick): MatchMasterTrick {
  for (const c of t.cards) Object.freeze(c);
  Object.freeze(t.cards);
  return Object.freeze(t);
}

/** Whether the kept trick `t`, the `index`th of the hand, is still what the plays say. */
function sameTrickAt(s: MatchMasterState, index: number, t: MatchMasterTrick): boolean {
  return t.cards.length === s.players && sameCards(s, index * s.players, t);
}

/** Whether the cards of the kept trick `t` are the plays from `start` on. */
function sameCards(s: MatchMasterState, start: number, t: MatchMasterTrick): boolean {
  for (let i = 0; i < t.cards.length; i++) {
    const c = t.cards[i]!;
    if (c.seat !== s.playSeats[start + i] || c.card !== CARD_NAMES[s.plays[start + i]!]) return false;
  }
  return true;
}

function trickOf(s: MatchMasterState, start: number, length: number): MatchMasterTrick {
  const cards = new Array<MatchMasterPlayedCard>(length);
  for (let i = 0; i < length; i++) {
    cards[i] = { seat: s.playSeats[start + i]!, card: CARD_NAMES[s.plays[start + i]!]! };
  }
  return { leader: length > 0 ? s.playSeats[start]! : null, cards };
}
