/**
 * MatchMaster's checks: where every card is, which cards a viewer may not know, and the
 * invariants of a state, its history included (MM-2..MM-9). `deserialize` refuses a save that
 * fails them.
 */
import type { EngineError, Viewer } from '../../contract.ts';
import { engineError } from '../../contract.ts';
import { CARD_NAMES, DECK_SIZE, cardsOfMasks } from './cards.ts';
import { checkHandHistory } from './knowledge.ts';
import { handCards } from './play.ts';
import { handPoints } from './rules.ts';
import type { MatchMasterState } from './state.ts';
import { PHASE_BID, PHASE_OVER, actionsPlayed, handSizeOf } from './state.ts';

/** All 52 cards by where they are: hands, played this hand, undealt. */
export function cards(s: MatchMasterState): string[] {
  const out: string[] = [];
  for (let seat = 0; seat < s.players; seat++) for (const c of handCards(s, seat)) out.push(CARD_NAMES[c]!);
  for (let i = 0; i < s.playCount; i++) out.push(CARD_NAMES[s.plays[i]!]!);
  for (const c of cardsOfMasks(s.undealt)) out.push(CARD_NAMES[c]!);
  return out;
}

/** Other seats' hands and the undealt cards are hidden (MM-2, MM-4 visibility). */
export function hiddenCards(s: MatchMasterState, viewer: Viewer): string[] {
  const out: string[] = [];
  for (let seat = 0; seat < s.players; seat++) {
    if (seat !== viewer) for (const c of handCards(s, seat)) out.push(CARD_NAMES[c]!);
  }
  for (const c of cardsOfMasks(s.undealt)) out.push(CARD_NAMES[c]!);
  return out;
}

export function verify(s: MatchMasterState): EngineError | null {
  const n = s.players;
  const all = cards(s);
  if (all.length !== DECK_SIZE || new Set(all).size !== DECK_SIZE) {
    return engineError(
      'bad_state',
      `Cards are not conserved (${all.length} listed, ${new Set(all).size} distinct).`,
    );
  }
  if (s.handIndex < 0 || s.handIndex >= s.handSizes.length)
    return engineError('bad_state', 'Hand index out of range.');
  if (s.firstDealer < 0 || s.firstDealer >= n) return engineError('bad_state', 'First dealer out of range.');
  if (s.dealer !== (s.firstDealer + s.handIndex) % n)
    return engineError('bad_state', 'The dealer does not follow from the first dealer (MM-3).');
  let bidCount = 0;
  for (let seat = 0; seat < n; seat++) {
    const b = s.bids[seat]!;
    if (b < -1 || b > handSizeOf(s)) return engineError('bad_state', `Seat ${seat} has an impossible bid.`);
    if (s.phase !== PHASE_BID && b < 0)
      return engineError('bad_state', 'Play started before every bid was in.');
    if (b >= 0) bidCount++;
  }
  if (bidCount !== s.bidCount) return engineError('bad_state', 'The bid count does not match the bids.');
  if (s.phase === PHASE_BID && (bidCount === n || s.playCount !== 0 || s.trickLen !== 0))
    return engineError('bad_state', 'A hand still bidding has no plays and someone still to bid.');
  if (s.trickLen !== s.playCount % n)
    return engineError('bad_state', 'The current trick does not match the cards played.');
  if (s.phase === PHASE_OVER && (s.handIndex !== s.handSizes.length - 1 || s.playCount !== n * handSizeOf(s)))
    return engineError('bad_state', 'The game ended before its last hand was played.');
  if (s.actions !== actionsPlayed(n, s.handSizes, s.handIndex, s.bidCount, s.playCount))
    return engineError('bad_state', 'The action count does not match the bids and cards played.');
  if (s.chanceAt < 0 || s.chanceAt > s.chance.length)
    return engineError('bad_state', 'The chance queue index is out of range.');
  const completed = Math.floor((s.playCount - s.trickLen) / n);
  let won = 0;
  for (let seat = 0; seat < n; seat++) won += s.tricks[seat]!;
  if (won !== completed) return engineError('bad_state', 'Tricks won do not add up.');
  // Finished hands (MM-9): each row scores as the sheet says and the totals are their sums.
  const finished = s.phase === PHASE_OVER ? s.handSizes.length : s.handIndex;
  for (let seat = 0; seat < n; seat++) {
    let total = 0;
    for (let h = 0; h < s.handSizes.length; h++) {
      const i = (h * n + seat) * 3;
      const [bid, tricks, points] = [s.history[i]!, s.history[i + 1]!, s.history[i + 2]!];
      if (h >= finished) {
        if (bid !== 0 || tricks !== 0 || points !== 0)
          return engineError('bad_state', `Hand ${h + 1} has a score before it was played.`);
        continue;
      }
      const size = s.handSizes[h]!;
      if (bid < 0 || bid > size || tricks < 0 || tricks > size || points !== handPoints(bid, tricks))
        return engineError('bad_state', `Hand ${h + 1} of seat ${seat} is not scored by MM-9.`);
      total += points;
    }
    if (total !== s.totals[seat])
      return engineError('bad_state', `Seat ${seat}'s total is not the sum of its hands.`);
  }
  return checkHandHistory(s);
}
