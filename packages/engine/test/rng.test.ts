/**
 * The generator keeps its words as int32 bit patterns (for speed); its stream must stay the
 * unsigned sfc32 stream that every seeded game, save and recorded deal depends on.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/index.ts';

/** sfc32 in unsigned arithmetic, written from the algorithm: the reference. */
function reference(state: readonly number[]): () => number {
  let [a, b, c, d] = state.map((w) => w >>> 0) as [number, number, number, number];
  return () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = (b ^ (b >>> 9)) >>> 0;
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
}

describe('Rng', () => {
  it('draws the unsigned sfc32 stream, whatever the words (high bits set included)', () => {
    for (const seed of ['', 'a', 'matchbox', 'bench-mid']) {
      const rng = Rng.fromSeed(seed);
      const next = reference(rng.state());
      for (let i = 0; i < 2000; i++) expect(rng.nextUint32()).toBe(next());
    }
    const high = Rng.fromState([0xffffffff, 0x80000000, 0xdeadbeef, 0x7fffffff]);
    const next = reference([0xffffffff, 0x80000000, 0xdeadbeef, 0x7fffffff]);
    for (let i = 0; i < 2000; i++) expect(high.nextUint32()).toBe(next());
    expect(
      Rng.fromSeed('x')
        .state()
        .every((w) => w >= 0 && w <= 0xffffffff),
    ).toBe(true);
  });

  it('a fork into an existing generator equals a fresh fork; copies and states round-trip', () => {
    const a = Rng.fromSeed('fork');
    const b = Rng.fromSeed('fork');
    const into = Rng.fromSeed('other');
    const fresh = a.fork();
    b.forkInto(into);
    expect(into.state()).toEqual(fresh.state());
    expect(b.state()).toEqual(a.state());
    const copy = Rng.fromSeed('copy');
    copy.copyFrom(fresh);
    expect(copy.state()).toEqual(fresh.state());
    expect(Rng.fromState(fresh.state()).nextUint32()).toBe(fresh.clone().nextUint32());
  });
});
