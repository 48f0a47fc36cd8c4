/**
 * The internal invariants of a Sweet16 state, checked by `verify` (the harness, tests) and by
 * `deserialize` on every loaded save: every card in exactly one place, counts that add up, the
 * face-up cards accounted for by this turn's flips, the clique and the set being scored, Joker
 * values, phases that fit the mode, and the knowledge records (knowledge.ts).
 */
import type { EngineError } from '../../contract.ts';
import { engineError } from '../../contract.ts';
import { CARD_COUNT, CARD_NAMES, DIAMONDS, JOKER_1, isJoker, suitOf } from './cards.ts';
import { checkKnowledge } from './knowledge.ts';
import type { Sweet16State } from './state.ts';
import {
  MODE_DUEL,
  P_ACTIVE,
  P_BURIED,
  P_DIAMOND,
  P_NONE,
  P_OUT,
  P_PILE,
  PH_ACTIVATE,
  PH_BACK,
  PH_BURY,
  PH_CLUB,
  PH_FLIP,
  PH_HEART,
  PH_JOKER,
  PH_OVER,
  PH_SPADE,
  PH_TAKE,
  PH_TRYST,
  SET_NONE,
  valueOf,
} from './state.ts';

export function verify(s: Sweet16State): EngineError | null {
  const bad = (why: string) => engineError('bad_state', why);
  if (s.gridScores.length !== s.gridNo || s.gridNo >= s.grids)
    return bad(`Grid ${s.gridNo + 1} of ${s.grids} with ${s.gridScores.length} grids scored.`);
  const size = s.grid.size;
  let inGrid = 0;
  let down = 0;
  for (let p = 0; p < size; p++) {
    const c = s.cells[p]!;
    if (c < 0) {
      if (s.up[p]) return bad(`A hole at ${s.grid.names[p]} is face up.`);
      continue;
    }
    if (s.place[c] !== p) return bad(`${CARD_NAMES[c]} is at ${s.grid.names[p]} but recorded elsewhere.`);
    inGrid++;
    if (!s.up[p]) down++;
  }
  if (inGrid !== s.gridCount || down !== s.downCount) return bad('Grid counts are wrong.');
  const piles = new Int16Array(s.players);
  const diamonds = new Int8Array(s.players);
  let active = 0;
  let out = 0;
  for (let c = 0; c < CARD_COUNT; c++) {
    const w = s.place[c]!;
    if (w < 64) {
      if (w >= size || s.cells[w] !== c)
        return bad(`${CARD_NAMES[c]} is recorded at a position that does not hold it.`);
    } else if (w >= P_PILE && w < P_PILE + s.players) piles[w - P_PILE]!++;
    else if (w >= P_DIAMOND && w < P_DIAMOND + s.players) {
      if (suitOf(c) !== DIAMONDS) return bad(`${CARD_NAMES[c]} lies face up as a diamond.`);
      diamonds[w - P_DIAMOND]!++;
    } else if (w === P_ACTIVE) {
      if (c !== s.active) return bad('The activated card is misplaced.');
      active++;
    } else if (w === P_OUT) out++;
    else if (w === P_NONE) {
      if (s.mode !== MODE_DUEL || !isJoker(c)) return bad(`${CARD_NAMES[c]} is missing.`);
    } else if (w !== P_BURIED || s.mode !== MODE_DUEL) return bad(`${CARD_NAMES[c]} is in an unknown place.`);
  }
  for (let seat = 0; seat < s.players; seat++) {
    if (piles[seat] !== s.pileCount[seat] || diamonds[seat] !== s.diamondCount[seat])
      return bad(`Seat ${seat}'s pile or diamonds do not add up.`);
  }
  if (s.active >= 0 !== (active === 1)) return bad('The activated card is missing.');
  if (
    s.active >= 0 &&
    s.phase !== PH_CLUB &&
    s.phase !== PH_HEART &&
    s.phase !== PH_SPADE &&
    s.phase !== PH_TAKE &&
    s.phase !== PH_BURY
  )
    return bad('A card is activated outside an activation phase.');
  const over = s.phase === PH_OVER;
  if (s.turn > s.turnLimit) return bad('Past the turn limit.');
  if (!Number.isInteger(s.actions) || s.actions < 0) return bad('The action count is wrong.');
  if (s.mode === MODE_DUEL) {
    if (out !== 3) return bad('The duel leaves exactly 3 cards out of play.');
    if (s.downCount !== 0) return bad('The duel grid is face up.');
    if (![PH_TRYST, PH_ACTIVATE, PH_CLUB, PH_TAKE, PH_BURY, PH_OVER].includes(s.phase))
      return bad('Not a duel phase.');
    if ((s.phase === PH_ACTIVATE) !== s.setCount > 0) return bad('A tryst set outside the activation phase.');
    for (let i = 0; i < s.setCount; i++) if (s.cells[s.set[i]!]! < 0) return bad('A tryst card is missing.');
    if (s.passes < 0 || s.passes > 2 || (s.passes === 2 && !over)) return bad('Passes are inconsistent.');
    return checkKnowledge(s);
  }
  if (out !== 0) return bad('The base game has no cards out of play.');
  if (s.phase > PH_SPADE && !over) return bad('Not a base-game phase.');
  // Face-up grid cards are exactly this turn's flips, the clique and the set being scored.
  let faceUp = 0;
  const marked = new Uint8Array(size);
  const mark = (list: Int8Array, n: number, what: string): string | null => {
    for (let i = 0; i < n; i++) {
      const p = list[i]!;
      if (s.cells[p]! < 0 || !s.up[p] || marked[p]) return `${what} position ${s.grid.names[p]} is wrong.`;
      marked[p] = 1;
      faceUp++;
    }
    return null;
  };
  const m =
    mark(s.flipped, s.flipCount, 'A flipped') ??
    mark(s.clique, s.cliqueCount, 'A clique') ??
    mark(s.set, s.setCount, 'A scored');
  if (m) return bad(m);
  if (faceUp !== s.gridCount - s.downCount) return bad('A face-up card belongs to nothing.');
  let total = 0;
  for (let i = 0; i < s.flipCount; i++) total += valueOf(s, s.cells[s.flipped[i]!]!);
  if (total !== s.flipTotal) return bad('The flipped total is wrong.');
  if (s.flipCount > 0 && s.phase !== PH_FLIP && s.phase !== PH_JOKER)
    return bad('Flipped cards outside flipping.');
  if (s.phase === PH_FLIP && s.flipTotal >= 16) return bad('Flipping on at 16 or more.');
  if (s.cliqueOwner >= 0) {
    let ct = 0;
    for (let i = 0; i < s.cliqueCount; i++) ct += valueOf(s, s.cells[s.clique[i]!]!);
    if (s.cliqueCount < 2 || ct !== s.cliqueTotal || ct >= 16 || s.cliqueOwner >= s.players)
      return bad('The clique is inconsistent.');
  } else if (s.cliqueCount !== 0) return bad('A clique without owner.');
  for (let j = 0; j < 2; j++) {
    const p = s.place[JOKER_1 + j]!;
    const faceUp = p < 64 && s.up[p] === 1;
    const pending = s.phase === PH_JOKER && s.flipCount > 0 && s.flipped[s.flipCount - 1] === p;
    const v = s.jokerValue[j]!;
    if (faceUp && !pending && v === 0) return bad('A face-up Joker has no value.');
    if ((!faceUp || pending) && v !== 0) return bad('A Joker remembers a value it should have forgotten.');
  }
  if (s.phase === PH_JOKER && (s.flipCount === 0 || !isJoker(s.cells[s.flipped[s.flipCount - 1]!]!)))
    return bad('Joker phase without a Joker.');
  const scoringPhase = s.phase === PH_BACK || s.phase === PH_ACTIVATE;
  // S16-6 (C) follows (B): the set's other cards wait in the grid while a power resolves.
  const powerPhase = s.phase === PH_CLUB || s.phase === PH_HEART || s.phase === PH_SPADE;
  if (scoringPhase ? s.setCount === 0 : s.setCount > 0 && !powerPhase)
    return bad('A scored set outside scoring.');
  if ((s.phase === PH_BACK || s.phase === PH_ACTIVATE || s.active >= 0) !== (s.setKind !== SET_NONE))
    return bad('Scoring kind is inconsistent.');
  // (A heart look may collect the put-back card, leaving a hole there.)
  if (s.putBack >= size || (s.putBack >= 0 && s.up[s.putBack])) return bad('The put-back card is face up.');
  if (s.phase === PH_SPADE && (s.lookLeft < 1 || s.lookLeft + s.lookCount > 3))
    return bad('Spade looks miscounted.');
  return checkKnowledge(s);
}
