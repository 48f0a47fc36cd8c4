/**
 * MATCH!'s state: small typed arrays, so that clone and apply stay cheap.
 *
 * Cards are kinds (see cards.ts). Piles are arrays with a length; the deck is drawn from its end.
 */
import type { Rng } from '../../rng.ts';
import { CARD_NAMES, COLOUR_COUNT, DECK_SIZE, KINDS, STACK_CAPACITY } from './cards.ts';

/** The phase as a number in the state (see `MatchPhase` in types.ts for the names). */
export const PHASE_PLAY = 0;
export const PHASE_OVER = 1;
export type Phase = typeof PHASE_PLAY | typeof PHASE_OVER;

/** Turn log entry kinds (see `logEntry`). */
export const LOG_DISCARD = 0;
export const LOG_STACK = 1;
export const LOG_COLLECT = 2;
export const LOG_WILD = 3;

/** One public turn: seat | type << 4 | argument << 8 (a kind, a colour or a declared kind). */
export const logEntry = (seat: number, type: number, arg: number): number => seat | (type << 4) | (arg << 8);
export const logSeat = (e: number): number => e & 15;
export const logType = (e: number): number => (e >> 4) & 15;
export const logArg = (e: number): number => e >> 8;

export interface MatchState {
  readonly players: number;
  /** Points that end the game (MA-11; option `target`). */
  readonly goal: number;
  readonly firstPlayer: number;
  phase: Phase;
  /** 1-based round number. */
  round: number;
  /** Who moved first this round (MA-11). */
  starter: number;
  toPlay: number;
  /** The card turned up when this round was dealt (the replay of the round starts from it). */
  upcard: number;
  /** Card counts per seat and kind: hands[seat * KINDS + kind]. */
  readonly hands: Uint8Array;
  /** Per seat, the kinds present in the hand as a bit mask (kept in step with `hands`). */
  readonly handMask: Int32Array;
  readonly handSize: Uint8Array;
  /** Collection stacks, bottom first: stacks[(seat * 5 + colour) * STACK_CAPACITY + i]. */
  readonly stacks: Uint8Array;
  readonly stackLen: Uint8Array;
  /** Per seat, the kinds on top of its stacks as a bit mask. */
  readonly topMask: Int32Array;
  /** The deck, drawn from the end (deck[deckLen - 1] is the top card). */
  readonly deck: Uint8Array;
  deckLen: number;
  /** The discard pile, bottom first. */
  readonly pile: Uint8Array;
  pileLen: number;
  /** MA-4: the kind that cards must match now (the top card, or the wildcard's declaration). */
  target: number;
  /** The declared kind while a wildcard is on top of the pile, else -1 (MA-7). */
  declared: number;
  /** Game totals per seat. */
  readonly totals: Int32Array;
  /** Round scores, `players` entries per finished round; and who ended each round. */
  roundScores: number[];
  roundEnders: number[];
  /** This round's public turns (logEntry), for the history check and the view. */
  log: Int32Array;
  logLen: number;
  /** Actions applied since setup (`actionCount`). */
  actions: number;
  readonly rng: Rng;
  /**
   * Recorded chance outcomes still to impose on the coming shuffles (`SetupConfig.chance`, or a
   * stacked `deck` for the first deal), consumed from `chanceAt`; null when none is queued. The
   * list is never changed, so clones share it.
   */
  chance: readonly (readonly string[])[] | null;
  chanceAt: number;
  /** The `rounds` option: the game ends after this many rounds (MA-X6); 0: at the target only. */
  rounds: number;
  /**
   * With the `keyedChance` option: the seed each shuffle is keyed from, `Rng.keyed(key, round -
   * 1, reshuffles)`, else null (MA-X6). Secret like the generator; a determinization drops it.
   */
  key: string | null;
  /** The shuffles of this round so far after its deal (MA-3 and MA-8 reshuffles). */
  reshuffles: number;
}

export function newState(players: number, goal: number, firstPlayer: number, rng: Rng): MatchState {
  return {
    players,
    goal,
    firstPlayer,
    phase: PHASE_PLAY,
    round: 1,
    starter: firstPlayer,
    toPlay: firstPlayer,
    upcard: 0,
    hands: new Uint8Array(players * KINDS),
    handMask: new Int32Array(players),
    handSize: new Uint8Array(players),
    stacks: new Uint8Array(players * COLOUR_COUNT * STACK_CAPACITY),
    stackLen: new Uint8Array(players * COLOUR_COUNT),
    topMask: new Int32Array(players),
    deck: new Uint8Array(DECK_SIZE),
    deckLen: 0,
    pile: new Uint8Array(DECK_SIZE),
    pileLen: 0,
    target: 0,
    declared: -1,
    totals: new Int32Array(players),
    roundScores: [],
    roundEnders: [],
    log: new Int32Array(64),
    logLen: 0,
    actions: 0,
    rng,
    chance: null,
    chanceAt: 0,
    rounds: 0,
    key: null,
    reshuffles: 0,
  };
}

export function cloneState(s: MatchState): MatchState {
  return {
    players: s.players,
    goal: s.goal,
    firstPlayer: s.firstPlayer,
    phase: s.phase,
    round: s.round,
    starter: s.starter,
    toPlay: s.toPlay,
    upcard: s.upcard,
    hands: s.hands.slice(),
    handMask: s.handMask.slice(),
    handSize: s.handSize.slice(),
    stacks: s.stacks.slice(),
    stackLen: s.stackLen.slice(),
    topMask: s.topMask.slice(),
    deck: s.deck.slice(),
    deckLen: s.deckLen,
    pile: s.pile.slice(),
    pileLen: s.pileLen,
    target: s.target,
    declared: s.declared,
    totals: s.totals.slice(),
    roundScores: s.roundScores.slice(),
    roundEnders: s.roundEnders.slice(),
    log: s.log.slice(),
    logLen: s.logLen,
    actions: s.actions,
    rng: s.rng.clone(),
    chance: s.chance,
    chanceAt: s.chanceAt,
    rounds: s.rounds,
    key: s.key,
    reshuffles: s.reshuffles,
  };
}

/** Records an applied turn: appends it to the round log (growing it when full) and counts it. */
export function recordTurn(s: MatchState, entry: number): void {
  s.actions++;
  if (s.logLen === s.log.length) {
    const bigger = new Int32Array(s.log.length * 2);
    bigger.set(s.log);
    s.log = bigger;
  }
  s.log[s.logLen++] = entry;
}

export function addToHand(s: MatchState, seat: number, kind: number): void {
  const i = seat * KINDS + kind;
  if (s.hands[i]!++ === 0) s.handMask[seat]! |= 1 << kind;
  s.handSize[seat]!++;
}

export function removeFromHand(s: MatchState, seat: number, kind: number): void {
  const i = seat * KINDS + kind;
  if (--s.hands[i]! === 0) s.handMask[seat]! &= ~(1 << kind);
  s.handSize[seat]!--;
}

/** A seat's hand as tokens, by kind (colour, then value; wildcards last). */
export function handTokens(s: MatchState, seat: number): string[] {
  const out: string[] = [];
  for (let kind = 0; kind < KINDS; kind++) {
    for (let j = s.hands[seat * KINDS + kind]!; j > 0; j--) out.push(CARD_NAMES[kind]!);
  }
  return out;
}
