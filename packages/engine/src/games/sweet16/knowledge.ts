/**
 * What each seat knows (ruling S16-9) and sampling of the unknown (the determiniser).
 *
 * Every grid card a seat has seen is recorded in `seenAt` with the turn it was last seen: flips and
 * put-backs are seen by all (and recorded in the table's public row, what a spectator saw), heart
 * and spade looks by the looker only. Cards never move inside the grid (S16-1), so a card seen at a
 * position stays known while it stays there. Score piles are built only from cards everybody saw
 * face up, so their contents are known to everybody who watched (the view shows only their sizes:
 * remembering them is part of the game). The one public inference about a face-down card: a heart
 * chain that stopped on it shows that it is not a heart (`notHeart`).
 *
 * The record itself (which seat saw which position, in which turn) is public history: a flip and a
 * put-back are seen by everybody, and which positions a player looks at is public (S16-6). Only
 * the cards behind a look are private.
 */
import type { EngineError, Seat, Viewer } from '../../contract.ts';
import { engineError } from '../../contract.ts';
import type { Rng } from '../../rng.ts';
import { CARD_NAMES, HEARTS, suitOf } from './cards.ts';
import type { Sweet16State } from './state.ts';
import { MODE_DUEL, P_OUT, cloneState } from './state.ts';

/** The row of `seenAt` that records what `viewer` has seen: its own, or the public row. */
export const memoryRow = (s: Sweet16State, viewer: Viewer): number =>
  viewer === null || viewer < 0 || viewer >= s.players ? s.players : viewer;

/** Whether the view of `viewer` shows the face-down card at `pos` (this turn's look, or the memory aid). */
export function entitled(s: Sweet16State, viewer: Viewer, pos: number): boolean {
  if (viewer === null || viewer < 0 || viewer >= s.players) return false;
  if (s.peek[pos] && viewer === s.toPlay) return true;
  return s.memoryAid && s.seenAt[viewer * s.grid.size + pos]! >= 0;
}

/**
 * The cards `viewer` cannot know: the face-down grid cards it has never seen where they lie (for
 * a spectator: never shown to the table) and, in the duel, the three cards left out of play.
 * A card the viewer has seen is not hidden from it, memory aid or not: Sweet16 is a memory game
 * (S16-9), and remembering is the players' own business; the view shows less (only what is face
 * up, unless the aid is on). Score piles hide nothing from anybody who watched: every card in
 * them went there face up.
 */
export function hiddenCards(s: Sweet16State, viewer: Viewer): string[] {
  const out: string[] = [];
  const size = s.grid.size;
  const row = memoryRow(s, viewer) * size;
  for (let p = 0; p < size; p++) {
    const c = s.cells[p]!;
    if (c >= 0 && !s.up[p] && s.seenAt[row + p]! < 0) out.push(CARD_NAMES[c]!);
  }
  for (let c = 0; c < s.place.length; c++) if (s.place[c] === P_OUT) out.push(CARD_NAMES[c]!);
  return out;
}

/**
 * A state that `seat` cannot tell from `s`: the face-down cards it has not seen are dealt again
 * among their positions, hearts only where no heart chain stopped (the public not-a-heart record).
 * Everything it saw stays, and so does the public record of who saw which position when (every
 * entry of it came from a public flip, put-back or look); the cards behind other seats' looks are
 * redealt like any card the seat did not see, so a sample never carries another seat's real
 * memory. The unseen cards are gathered in card order, not position order, so the sample depends
 * only on which cards are unseen and on `rng`: sampling the real state and sampling a sample of
 * it with equal generators give the same state. The copy's generator is reseeded from `rng`.
 *
 * The duel's grid is face up and its three cards out of play never appear in any view or event,
 * so a duel sample only reseeds the generator.
 */
export function determinize(s: Sweet16State, seat: Seat, rng: Rng): Sweet16State {
  const out = cloneState(s);
  out.rng.copyFrom(rng.fork());
  // The grids to come (S16-X11) are unknown: a sample lays them from its own generator.
  out.key = null;
  out.chance = null;
  out.chanceAt = 0;
  if (s.mode === MODE_DUEL) return out;
  const size = s.grid.size;
  const row = seat * size;
  const free: number[] = [];
  const noHeart: number[] = [];
  const unseen = new Uint8Array(s.place.length);
  for (let p = 0; p < size; p++) {
    const c = s.cells[p]!;
    if (c < 0 || s.up[p] || s.seenAt[row + p]! >= 0) continue;
    if (s.notHeart[p]) noHeart.push(p);
    else free.push(p);
    unseen[c] = 1;
  }
  const hearts: number[] = [];
  const others: number[] = [];
  for (let c = 0; c < unseen.length; c++) {
    if (unseen[c]) (suitOf(c) === HEARTS ? hearts : others).push(c);
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

/**
 * The history check: no face-down card marked not-a-heart is a heart; this turn's looks are in
 * the looker's record; every seat has seen the face-up cards; what the table saw, every seat saw.
 */
export function checkKnowledge(s: Sweet16State): EngineError | null {
  const size = s.grid.size;
  const pub = s.players * size;
  for (let p = 0; p < size; p++) {
    const c = s.cells[p]!;
    const name = s.grid.names[p]!;
    if (s.notHeart[p] && (c < 0 || s.up[p]))
      return engineError('bad_history', `Position ${name} is marked not-a-heart but is not face down.`);
    if (s.notHeart[p] && suitOf(c) === HEARTS)
      return engineError('bad_history', `A heart chain stopped at ${name}, which holds a heart.`);
    if (s.peek[p] && s.seenAt[s.toPlay * size + p]! < 0)
      return engineError('bad_state', `A look at ${name} is not in the looker's memory.`);
    const shown = s.seenAt[pub + p]!;
    if (c < 0 && shown >= 0) return engineError('bad_state', `The table remembers a hole at ${name}.`);
    if (c >= 0 && s.up[p] && shown < 0)
      return engineError('bad_state', `The face-up card at ${name} was never shown to the table.`);
    if (shown > s.turn) return engineError('bad_state', 'A memory from the future.');
    for (let seat = 0; seat < s.players; seat++) {
      const t = s.seenAt[seat * size + p]!;
      if (c < 0 && t >= 0) return engineError('bad_state', `Seat ${seat} remembers a hole at ${name}.`);
      if (t < shown) return engineError('bad_state', `Seat ${seat} missed what the table saw at ${name}.`);
      if (t > s.turn) return engineError('bad_state', 'A memory from the future.');
    }
  }
  return null;
}
