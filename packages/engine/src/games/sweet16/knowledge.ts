/**
 * What each seat knows (ruling S16-9) and sampling of the unknown (the determiniser).
 *
 * Every grid card a seat has seen is recorded in `seenAt` with the turn it was last seen: flips and
 * put-backs are seen by all, heart and spade looks by the looker only. Cards never move inside
 * the grid (S16-1), so a card seen at a position stays known while it stays there. Score piles are
 * built only from cards everybody saw face up, so their contents are public knowledge (the view
 * shows only their sizes). The one public inference about a face-down card: a heart chain that
 * stopped on it shows that it is not a heart (`notHeart`).
 */
import type { EngineError, Seat, Viewer } from '../../contract.ts';
import { engineError } from '../../contract.ts';
import type { Rng } from '../../rng.ts';
import { CARD_NAMES, HEARTS, suitOf } from './cards.ts';
import type { Sweet16State } from './state.ts';
import { MODE_DUEL, P_OUT, cloneState } from './state.ts';

/** Whether `viewer` may know the face-down card at `pos` (its memory with the aid, or this turn's look). */
export function entitled(s: Sweet16State, viewer: Viewer, pos: number): boolean {
  if (viewer === null || viewer < 0 || viewer >= s.players) return false;
  if (s.peek[pos] && viewer === s.toPlay) return true;
  return s.memoryAid && s.seenAt[viewer * s.grid.size + pos]! >= 0;
}

/** Whether `seat` has seen the card now at `pos` (its record, with or without the aid). */
export const remembers = (s: Sweet16State, seat: Seat, pos: number): boolean =>
  s.seenAt[seat * s.grid.size + pos]! >= 0;

/**
 * The cards `viewer` must not be shown: face-down grid cards it is not entitled to, every score
 * pile (face down, S16-9) and, in the duel, the cards left out of play.
 */
export function hiddenCards(s: Sweet16State, viewer: Viewer): string[] {
  const out: string[] = [];
  for (let p = 0; p < s.grid.size; p++) {
    const c = s.cells[p]!;
    if (c >= 0 && !s.up[p] && !entitled(s, viewer, p)) out.push(CARD_NAMES[c]!);
  }
  for (let c = 0; c < s.place.length; c++) {
    const where = s.place[c]!;
    if ((where >= 64 && where < 72) || where === P_OUT) out.push(CARD_NAMES[c]!);
  }
  return out;
}

/**
 * A state that `seat` cannot tell from `s`: the face-down cards it has not seen are dealt again
 * among their positions, hearts only where no heart chain stopped (the public not-a-heart record).
 * Everything it saw stays. The copy's generator is reseeded from `rng`.
 */
export function determinize(s: Sweet16State, seat: Seat, rng: Rng): Sweet16State {
  const out = cloneState(s);
  out.rng.copyFrom(rng.fork());
  if (s.mode === MODE_DUEL) return out; // the duel's grid is face up; the 3 left over are all unknown
  const size = s.grid.size;
  const free: number[] = [];
  const noHeart: number[] = [];
  const hearts: number[] = [];
  const others: number[] = [];
  for (let p = 0; p < size; p++) {
    const c = s.cells[p]!;
    if (c < 0 || s.up[p] || s.seenAt[seat * size + p]! >= 0) continue;
    if (s.notHeart[p]) noHeart.push(p);
    else free.push(p);
    if (suitOf(c) === HEARTS) hearts.push(c);
    else others.push(c);
  }
  // Hearts go to a uniform random subset of the unconstrained positions; the rest fill the others.
  rng.shuffle(free);
  rng.shuffle(hearts);
  rng.shuffle(others);
  let o = 0;
  for (let i = 0; i < free.length; i++) {
    const p = free[i]!;
    const c = i < hearts.length ? hearts[i]! : others[o++]!;
    out.cells[p] = c;
    out.place[c] = p;
  }
  for (const p of noHeart) {
    const c = others[o++]!;
    out.cells[p] = c;
    out.place[c] = p;
  }
  return out;
}

/** The history check: no face-down card marked not-a-heart is a heart. */
export function checkKnowledge(s: Sweet16State): EngineError | null {
  const size = s.grid.size;
  for (let p = 0; p < size; p++) {
    const c = s.cells[p]!;
    if (s.notHeart[p] && (c < 0 || s.up[p]))
      return engineError(
        'bad_history',
        `Position ${s.grid.names[p]} is marked not-a-heart but is not face down.`,
      );
    if (s.notHeart[p] && suitOf(c) === HEARTS)
      return engineError('bad_history', `A heart chain stopped at ${s.grid.names[p]}, which holds a heart.`);
    if (s.peek[p] && s.seenAt[s.toPlay * size + p]! < 0)
      return engineError('bad_state', `A look at ${s.grid.names[p]} is not in the looker's memory.`);
    for (let seat = 0; seat < s.players; seat++) {
      const t = s.seenAt[seat * size + p]!;
      if (c < 0 && t >= 0)
        return engineError('bad_state', `Seat ${seat} remembers a hole at ${s.grid.names[p]}.`);
      if (c >= 0 && s.up[p] && t < 0)
        return engineError('bad_state', `Seat ${seat} has not seen the face-up card at ${s.grid.names[p]}.`);
      if (t > s.turn) return engineError('bad_state', 'A memory from the future.');
    }
  }
  return null;
}
