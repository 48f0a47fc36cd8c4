/**
 * What the search bots lean on for speed: `determinize` draws exactly the worlds it drew before
 * it was made allocation-light (so the bots' moves for a seed did not change), and
 * `copyStateInto` makes an earlier clone an exact, independent copy of another state.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MatchMasterState } from '../../src/index.ts';
import { Rng, matchmasterCopyState } from '../../src/index.ts';
import { game } from './helpers.ts';

function randomGame(players: number, seed: string, handSizes: number[]): MatchMasterState {
  const setup = game.setup({ players, seed, options: { handSizes } });
  if (!setup.ok) throw new Error(setup.error.message);
  return setup.value;
}

function randomMove(s: MatchMasterState, rng: Rng): void {
  const seat = game.toAct(s)[0]!;
  const legal = game.legalActions(s, seat);
  expect(game.applyInPlace(s, seat, legal[rng.int(legal.length)]!)).toBeNull();
}

describe('MatchMaster determinize for searches', () => {
  it('draws the same worlds as before it was made allocation-light (voids shown by random play, MM-6, MM-7)', () => {
    // Three worlds per position along random games of 2..7 players; the digest was recorded with
    // the determinizer of commit 5e220ca (closures, sorted index arrays), which drew these worlds.
    const digest = createHash('sha256');
    for (const players of [2, 3, 4, 5, 7]) {
      const s = randomGame(players, `det:${players}`, [7, 3, 1]);
      const rng = Rng.fromSeed(`det:${players}`);
      while (!game.isOver(s)) {
        const seat = game.toAct(s)[0]!;
        for (let k = 0; k < 3; k++)
          digest.update(JSON.stringify(game.serialize(game.determinize(s, seat, rng))));
        randomMove(s, rng);
      }
    }
    expect(digest.digest('hex').slice(0, 16)).toBe('bcb30be5569c09ed');
  });
});

describe('MatchMaster copyStateInto', () => {
  it('makes an earlier clone an exact copy that then plays on alike and independently', () => {
    for (const players of [2, 4, 7]) {
      const s = randomGame(players, `copy:${players}`, [5, 1, 3]);
      const rng = Rng.fromSeed(`copy:${players}`);
      // The target starts as a clone of another point of the same game.
      const target = game.clone(s);
      let checked = 0;
      while (!game.isOver(s)) {
        randomMove(s, rng);
        matchmasterCopyState(s, target);
        expect(game.serialize(target)).toEqual(game.serialize(s));
        // Independent: playing on in the copy leaves the source alone, and the copy plays on
        // exactly as a fresh clone does (the same generator for the next deal).
        const before = JSON.stringify(game.serialize(s));
        const clone = game.clone(s);
        const moves = Rng.fromSeed(`moves:${checked}`);
        const again = Rng.fromSeed(`moves:${checked}`);
        for (let k = 0; k < 2 * players && !game.isOver(target); k++) {
          randomMove(target, moves);
          randomMove(clone, again);
        }
        expect(game.serialize(target)).toEqual(game.serialize(clone));
        expect(JSON.stringify(game.serialize(s))).toBe(before);
        checked++;
      }
      expect(checked).toBeGreaterThan(10);
    }
  });

  it('refuses a target of another setup', () => {
    const four = randomGame(4, 'a', [3]);
    expect(() => matchmasterCopyState(four, randomGame(5, 'b', [3]))).toThrow(/same setup/);
    expect(() => matchmasterCopyState(four, randomGame(4, 'b', [3, 2]))).toThrow(/same setup/);
  });
});
