/**
 * What a seat knows in MATCH!, and sampling of states that agree with it (`determinize`).
 *
 * Every turn is public: the card discarded or collected is seen by all, and a wildcard's
 * declaration is spoken aloud (MA-12). A turn tells nothing about the rest of the mover's hand,
 * because a move is always available whatever the hand holds (MA-5, MA-6). So a seat knows its own
 * hand, every collection, the discard pile, hand sizes and the deck size, and nothing more: the
 * unknown cards (other hands and the deck) are equally likely in any arrangement.
 *
 * The history check replays the round's public turn log from the turned-up card and checks every
 * turn against the rules that public information decides (turn order, matching, MA-6, MA-8).
 */
import type { EngineError, Seat } from '../../contract.ts';
import { engineError } from '../../contract.ts';
import type { Rng } from '../../rng.ts';
import {
  COLOUR_COUNT,
  COPIES,
  DECK_SIZE,
  KINDS,
  MATCH_MASK,
  STACK_CAPACITY,
  WILD,
  colourOf,
} from './cards.ts';
import { HAND_SIZE } from './deal.ts';
import type { MatchState } from './state.ts';
import {
  LOG_COLLECT,
  LOG_DISCARD,
  LOG_STACK,
  LOG_WILD,
  PHASE_OVER,
  cloneState,
  logArg,
  logSeat,
  logType,
} from './state.ts';

/**
 * A state `seat` cannot tell from `s`: the other hands and the deck are dealt again from the cards
 * the seat does not see (hand sizes kept, deck order fresh), and the generator is reseeded from
 * `rng`. It is a function of the seat's information and `rng` only: the unseen cards are worked
 * out from what the seat sees (all 64 cards minus its own hand, every collection and the pile)
 * and listed in kind order before the shuffle, so neither the real deck order nor the real
 * hands can shape the sample; queued chance outcomes are dropped.
 */
export function determinize(s: MatchState, seat: Seat, rng: Rng): MatchState {
  const out = cloneState(s);
  out.rng.copyFrom(rng.fork());
  out.chance = null;
  out.chanceAt = 0;
  // A keyed seed would tell the real future deals: a sample shuffles from its own generator.
  out.key = null;
  const n = s.players;
  const left = COPIES.slice();
  for (let kind = 0; kind < KINDS; kind++) left[kind]! -= s.hands[seat * KINDS + kind]!;
  for (let slot = 0; slot < n * COLOUR_COUNT; slot++) {
    for (let i = 0; i < s.stackLen[slot]!; i++) left[s.stacks[slot * STACK_CAPACITY + i]!]!--;
  }
  for (let i = 0; i < s.pileLen; i++) left[s.pile[i]!]!--;
  const unknown = new Uint8Array(DECK_SIZE);
  let k = 0;
  for (let kind = 0; kind < KINDS; kind++) for (let j = left[kind]!; j > 0; j--) unknown[k++] = kind;
  let unseen = s.deckLen;
  for (let other = 0; other < n; other++) if (other !== seat) unseen += s.handSize[other]!;
  if (k !== unseen) throw new Error(`match determinize: ${k} unseen cards for ${unseen} places`);
  rng.shuffle(unknown, k);
  let next = 0;
  for (let other = 0; other < n; other++) {
    if (other === seat) continue;
    out.hands.fill(0, other * KINDS, other * KINDS + KINDS);
    let mask = 0;
    for (let j = 0; j < s.handSize[other]!; j++) {
      const kind = unknown[next++]!;
      out.hands[other * KINDS + kind]!++;
      mask |= 1 << kind;
    }
    out.handMask[other] = mask;
  }
  out.deck.fill(0);
  for (let i = 0; i < s.deckLen; i++) out.deck[i] = unknown[next++]!;
  return out;
}

/** Replays this round's public turns; null when every one was legal and they explain the state. */
export function checkRoundHistory(s: MatchState): EngineError | null {
  const bad = (why: string) => engineError('bad_history', why);
  const n = s.players;
  const handSize = new Int32Array(n).fill(HAND_SIZE);
  const stacks: number[][] = Array.from({ length: n * COLOUR_COUNT }, () => []);
  const pile: number[] = [s.upcard];
  if (s.upcard === WILD) return bad('A wildcard was turned up to start the round (MA-3).');
  let deckLen = DECK_SIZE - n * HAND_SIZE - 1;
  let target = s.upcard;
  let declared = -1;
  let toPlay = s.starter;
  const topMatches = (seat: number): boolean => {
    for (let c = 0; c < COLOUR_COUNT; c++) {
      const st = stacks[seat * COLOUR_COUNT + c]!;
      if (st.length > 0 && (MATCH_MASK[target]! & (1 << st[st.length - 1]!)) !== 0) return true;
    }
    return false;
  };
  for (let i = 0; i < s.logLen; i++) {
    const e = s.log[i]!;
    const seat = logSeat(e);
    const arg = logArg(e);
    const turn = `Turn ${i + 1} of round ${s.round}`;
    if (seat !== toPlay) return bad(`${turn} was played out of turn.`);
    if (handSize[seat] === 0) return bad(`${turn} was played after the round had ended.`);
    switch (logType(e)) {
      case LOG_DISCARD:
        if (arg < 0 || arg >= WILD || (MATCH_MASK[target]! & (1 << arg)) === 0)
          return bad(`${turn} discarded a card that does not match.`);
        handSize[seat]!--;
        pile.push(arg);
        target = arg;
        declared = -1;
        break;
      case LOG_WILD:
        if (arg < 0 || arg >= WILD) return bad(`${turn} declared an impossible card.`);
        handSize[seat]!--;
        pile.push(WILD);
        target = arg;
        declared = arg;
        break;
      case LOG_STACK: {
        const st = stacks[seat * COLOUR_COUNT + arg];
        const top = st?.[st.length - 1];
        if (top === undefined || (MATCH_MASK[target]! & (1 << top)) === 0)
          return bad(`${turn} discarded from a collection stack without a matching top.`);
        st!.pop();
        pile.push(top);
        target = top;
        declared = -1;
        break;
      }
      case LOG_COLLECT: {
        if (arg < 0 || arg >= WILD || (MATCH_MASK[target]! & (1 << arg)) !== 0)
          return bad(`${turn} collected a card that matches (or a wildcard).`);
        if (topMatches(seat)) return bad(`${turn} collected although a collection card matched (MA-6).`);
        stacks[seat * COLOUR_COUNT + colourOf(arg)]!.push(arg);
        handSize[seat]!--;
        if (deckLen === 0) {
          // MA-8: the pile under its top becomes the deck.
          deckLen = pile.length - 1;
          pile.splice(0, pile.length - 1);
        }
        if (deckLen > 0) {
          deckLen--;
          handSize[seat]!++;
        }
        break;
      }
      default:
        return bad(`${turn} has an unknown kind.`);
    }
    toPlay = (seat + 1) % n;
  }
  const over = s.phase === PHASE_OVER;
  // A finished game keeps its last round; the last turn then ended it.
  if (!over) {
    for (let seat = 0; seat < n; seat++) {
      if (handSize[seat] === 0) return bad(`Seat ${seat} has an empty hand but the round goes on.`);
    }
    if (toPlay !== s.toPlay) return bad('The seat to play does not follow from the turns.');
  }
  for (let seat = 0; seat < n; seat++) {
    if (handSize[seat] !== s.handSize[seat]) return bad(`Seat ${seat}'s hand size does not add up.`);
    for (let c = 0; c < COLOUR_COUNT; c++) {
      const slot = seat * COLOUR_COUNT + c;
      const st = stacks[slot]!;
      if (st.length !== s.stackLen[slot]) return bad(`Seat ${seat}'s stacks do not follow from the turns.`);
      for (let j = 0; j < st.length; j++) {
        if (st[j] !== s.stacks[slot * STACK_CAPACITY + j])
          return bad(`Seat ${seat}'s stacks do not follow from the turns.`);
      }
    }
  }
  if (pile.length !== s.pileLen || pile.some((c, j) => c !== s.pile[j]))
    return bad('The discard pile does not follow from the turns.');
  if (deckLen !== s.deckLen) return bad('The deck size does not follow from the turns.');
  if (target !== s.target || declared !== s.declared)
    return bad('The target does not follow from the turns.');
  return null;
}
