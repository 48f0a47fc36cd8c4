/**
 * What a seat or a spectator sees of MATCH! (MA-12): everything but the hands of others and the
 * deck. Also the turn in words.
 */
import type { Seat, Viewer } from '../../contract.ts';
import { numbers } from '../../lists.ts';
import { CARD_NAMES, COLOURS, COLOUR_COUNT, STACK_CAPACITY, valueOf } from './cards.ts';
import { collectionMatches, declarationJson } from './play.ts';
import type { MatchState } from './state.ts';
import {
  LOG_COLLECT,
  LOG_DISCARD,
  LOG_STACK,
  PHASE_OVER,
  handTokens,
  logArg,
  logSeat,
  logType,
} from './state.ts';
import type { MatchCollection, MatchPhase, MatchRoundSummary, MatchView } from './types.ts';

export const phaseName = (s: MatchState): MatchPhase => (s.phase === PHASE_OVER ? 'over' : 'play');

/** Whose turn it is, in words: "Seat 2 to discard or collect", "Game over". */
export function describeTurn(s: MatchState): string {
  if (s.phase === PHASE_OVER) return 'Game over';
  return collectionMatches(s, s.toPlay)
    ? `Seat ${s.toPlay} to discard (a card on top of its collection matches, MA-6)`
    : `Seat ${s.toPlay} to discard or collect`;
}

function collectionOf(s: MatchState, seat: Seat): MatchCollection {
  const stack = (c: number): string[] => {
    const slot = seat * COLOUR_COUNT + c;
    const cards: string[] = [];
    for (let i = 0; i < s.stackLen[slot]!; i++) cards.push(CARD_NAMES[s.stacks[slot * STACK_CAPACITY + i]!]!);
    return cards;
  };
  return { r: stack(0), y: stack(1), g: stack(2), b: stack(3), p: stack(4) };
}

function collectionPoints(s: MatchState, seat: Seat): number {
  let p = 0;
  for (let c = 0; c < COLOUR_COUNT; c++) {
    const slot = seat * COLOUR_COUNT + c;
    for (let i = 0; i < s.stackLen[slot]!; i++) p += valueOf(s.stacks[slot * STACK_CAPACITY + i]!);
  }
  return p;
}

/** A logged turn as action text ("collect g5"); a stack discard names the card it moved. */
function formatLogEntry(s: MatchState, e: number): string {
  const arg = logArg(e);
  switch (logType(e)) {
    case LOG_DISCARD:
      return `discard ${CARD_NAMES[arg]!}`;
    case LOG_STACK:
      return `discard stack:${COLOURS[arg]!} (${CARD_NAMES[s.pile[s.pileLen - 1]!]!})`;
    case LOG_COLLECT:
      return `collect ${CARD_NAMES[arg]!}`;
    default:
      return `wild ${CARD_NAMES[arg]!}`;
  }
}

export function view(s: MatchState, viewer: Viewer): MatchView {
  const n = s.players;
  const over = s.phase === PHASE_OVER;
  const pile: string[] = [];
  for (let i = 0; i < s.pileLen; i++) pile.push(CARD_NAMES[s.pile[i]!]!);
  const rounds: MatchRoundSummary[] = [];
  for (let r = 0; r < s.roundEnders.length; r++) {
    rounds.push({ round: r + 1, endedBy: s.roundEnders[r]!, scores: s.roundScores.slice(r * n, r * n + n) });
  }
  const collections: MatchCollection[] = [];
  const points: number[] = [];
  for (let seat = 0; seat < n; seat++) {
    collections.push(collectionOf(s, seat));
    points.push(collectionPoints(s, seat));
  }
  const last = s.logLen > 0 ? s.log[s.logLen - 1]! : -1;
  // One object, the seat's hand set last (spreading the view into a copy cost more than the view).
  const v: { -readonly [K in keyof MatchView]: MatchView[K] } = {
    game: 'match',
    players: n,
    viewer,
    phase: phaseName(s),
    round: s.round,
    targetScore: s.goal,
    starter: s.starter,
    toAct: over ? [] : [s.toPlay],
    turn: s.logLen,
    target: declarationJson(s.target),
    wildOnTop: s.declared >= 0,
    forcedDiscard: !over && collectionMatches(s, s.toPlay),
    pile,
    deckSize: s.deckLen,
    handSizes: numbers(s.handSize),
    collections,
    collectionPoints: points,
    totals: numbers(s.totals),
    rounds,
    lastTurn: last < 0 ? null : { seat: logSeat(last), action: formatLogEntry(s, last) },
  };
  if (viewer !== null && viewer >= 0 && viewer < n) v.myHand = handTokens(s, viewer);
  return v;
}
