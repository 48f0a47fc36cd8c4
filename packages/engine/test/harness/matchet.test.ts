/**
 * The shared harness on MATCHET (every configuration in test/harness-configs.ts), with MATCHET's
 * own check of each result: a solitaire (MT-9, MT-10) is won exactly when every tile is placed,
 * and its score is the number of tiles placed (matchbox ruling MT-X7, issue 9 section 5).
 */
import { expect } from 'vitest';
import { harnessSuite } from './suite.ts';

harnessSuite('matchet', 1, {
  checkResult(r, c) {
    if (c.players > 1) {
      expect(r.solo).toBeUndefined();
      return;
    }
    const tiles = Array.isArray(c.options?.tiles) ? c.options.tiles.length : 36;
    expect(r.solo).toEqual({ won: r.scores[0] === tiles, score: r.scores[0] });
  },
});
