/**
 * MATCH!'s checks: the internal invariants of a state and its round's history, and where every
 * card lies and who may know it (for the shared harness).
 */
import type { EngineError, Viewer } from '../../contract.ts';
import { engineError } from '../../contract.ts';
import { CARD_NAMES, COLOUR_COUNT, COPIES, KINDS, STACK_CAPACITY, WILD, colourOf } from './cards.ts';
import { checkRoundHistory } from './knowledge.ts';
import { MAX_ROUNDS, MAX_TURNS } from './play.ts';
import type { MatchState } from './state.ts';
import { PHASE_PLAY, handTokens } from './state.ts';

/** All 64 cards, wherever they are: hands, collections, the discard pile, the deck. */
export function cards(s: MatchState): string[] {
  const out: string[] = [];
  for (let seat = 0; seat < s.players; seat++) for (const c of handTokens(s, seat)) out.push(c);
  for (let slot = 0; slot < s.players * COLOUR_COUNT; slot++) {
    for (let i = 0; i < s.stackLen[slot]!; i++) out.push(CARD_NAMES[s.stacks[slot * STACK_CAPACITY + i]!]!);
  }
  for (let i = 0; i < s.pileLen; i++) out.push(CARD_NAMES[s.pile[i]!]!);
  for (let i = 0; i < s.deckLen; i++) out.push(CARD_NAMES[s.deck[i]!]!);
  return out;
}

/** MA-12: other seats' hands and the deck are hidden; collections and the pile are public. */
export function hiddenCards(s: MatchState, viewer: Viewer): string[] {
  const out: string[] = [];
  for (let seat = 0; seat < s.players; seat++) {
    if (seat !== viewer) for (const c of handTokens(s, seat)) out.push(c);
  }
  for (let i = 0; i < s.deckLen; i++) out.push(CARD_NAMES[s.deck[i]!]!);
  return out;
}

/** The invariants of a state, then the legality of this round's recorded turns. */
export function verify(s: MatchState): EngineError | null {
  const bad = (why: string) => engineError('bad_state', why);
  const n = s.players;
  const count = new Int32Array(KINDS);
  for (let seat = 0; seat < n; seat++) {
    let size = 0;
    let mask = 0;
    for (let k = 0; k < KINDS; k++) {
      const c = s.hands[seat * KINDS + k]!;
      count[k]! += c;
      size += c;
      if (c > 0) mask |= 1 << k;
    }
    if (size !== s.handSize[seat] || mask !== s.handMask[seat])
      return bad(`Seat ${seat}'s hand is out of step.`);
    let tops = 0;
    for (let c = 0; c < COLOUR_COUNT; c++) {
      const slot = seat * COLOUR_COUNT + c;
      const len = s.stackLen[slot]!;
      for (let i = 0; i < len; i++) {
        const k = s.stacks[slot * STACK_CAPACITY + i]!;
        if (k >= WILD || colourOf(k) !== c) return bad(`Seat ${seat} has a card on the wrong stack.`);
        count[k]!++;
      }
      if (len > 0) tops |= 1 << s.stacks[slot * STACK_CAPACITY + len - 1]!;
    }
    if (tops !== s.topMask[seat]) return bad(`Seat ${seat}'s stack tops are out of step.`);
  }
  for (let i = 0; i < s.pileLen; i++) count[s.pile[i]!]!++;
  for (let i = 0; i < s.deckLen; i++) count[s.deck[i]!]!++;
  for (let k = 0; k < KINDS; k++) {
    if (count[k] !== COPIES[k])
      return bad(`Cards are not conserved: ${CARD_NAMES[k]} appears ${count[k]} times.`);
  }
  if (s.pileLen < 1) return bad('The discard pile is empty.');
  const top = s.pile[s.pileLen - 1]!;
  if ((top === WILD) !== s.declared >= 0)
    return bad('A declaration exists exactly while a wildcard is on top.');
  if (s.target !== (top === WILD ? s.declared : top)) return bad('The target is not the top card.');
  if (s.round < 1 || s.round > MAX_ROUNDS) return bad('Round number out of range.');
  if (s.actions < s.logLen) return bad('Fewer actions are counted than this round has turns.');
  if (s.chance !== null && (s.chanceAt < 0 || s.chanceAt >= s.chance.length))
    return bad('The queue of recorded chance outcomes is out of step.');
  const finished = s.phase === PHASE_PLAY ? s.round - 1 : s.round;
  if (s.roundEnders.length !== finished || s.roundScores.length !== finished * n)
    return bad('The round history does not match the round number.');
  for (let seat = 0; seat < n; seat++) {
    let sum = 0;
    for (let r = 0; r < finished; r++) sum += s.roundScores[r * n + seat]!;
    if (sum !== s.totals[seat]) return bad(`Seat ${seat}'s total is not the sum of its rounds.`);
  }
  if (s.phase === PHASE_PLAY) {
    for (let seat = 0; seat < n; seat++) {
      if (s.totals[seat]! >= s.goal) return bad('The game should have ended.');
      if (s.handSize[seat] === 0) return bad(`Seat ${seat} has an empty hand but the round goes on.`);
    }
    if (s.logLen >= MAX_TURNS) return bad('The round is past its turn limit.');
  }
  return checkRoundHistory(s);
}
