/**
 * A small, fast, seedable and serialisable pseudo-random generator (sfc32, 128 bits of state).
 * Every random choice of an engine comes from one of these kept inside the game state; the
 * state is four 32-bit words so it clones and serialises trivially.
 */
export class Rng {
  /**
   * The four words, as int32 bit patterns: typed-array slots keep them unboxed, so drawing
   * allocates nothing and costs a few nanoseconds (searches draw millions).
   */
  private readonly s = new Int32Array(4);

  private constructor(a: number, b: number, c: number, d: number) {
    const s = this.s;
    s[0] = a;
    s[1] = b;
    s[2] = c;
    s[3] = d;
  }

  /** A generator seeded from any string (the same string always gives the same sequence). */
  static fromSeed(seed: string): Rng {
    // Hash the seed into four words (a murmur-style mix per word), then warm up.
    let h1 = 1779033703;
    let h2 = 3144134277;
    let h3 = 1013904242;
    let h4 = 2773480762;
    for (let i = 0; i < seed.length; i++) {
      const k = seed.charCodeAt(i);
      h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
      h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
      h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
      h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
    }
    h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
    h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
    h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
    h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
    const rng = new Rng(h1 ^ h2 ^ h3 ^ h4, h2 ^ h1, h3 ^ h1, h4 ^ h1);
    for (let i = 0; i < 12; i++) rng.nextUint32();
    return rng;
  }

  /**
   * The generator of one chance event of a game with keyed chance (the `keyedChance` option of
   * every game, for duplicate events): deal `deal`'s shuffle when `reshuffle` is 0, its
   * `reshuffle`-th reshuffle after that. It depends on the seed and the two numbers only, never on
   * how play went, so everyone who plays the same seed meets the same cards at every deal.
   */
  static keyed(seed: string, deal: number, reshuffle: number): Rng {
    return Rng.fromSeed(`${seed}\u0000deal ${deal}\u0000reshuffle ${reshuffle}`);
  }

  /** Restores a generator from `state()`. */
  static fromState(state: readonly number[]): Rng {
    return new Rng(state[0] ?? 0, state[1] ?? 0, state[2] ?? 0, state[3] ?? 0);
  }

  static isState(value: unknown): value is [number, number, number, number] {
    return (
      Array.isArray(value) &&
      value.length === 4 &&
      value.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffffffff)
    );
  }

  state(): [number, number, number, number] {
    const s = this.s;
    return [s[0]! >>> 0, s[1]! >>> 0, s[2]! >>> 0, s[3]! >>> 0];
  }

  clone(): Rng {
    const s = this.s;
    return new Rng(s[0]!, s[1]!, s[2]!, s[3]!);
  }

  /** Copies another generator's state into this one (no allocation). */
  copyFrom(other: Rng): void {
    const s = this.s;
    const o = other.s;
    s[0] = o[0]!;
    s[1] = o[1]!;
    s[2] = o[2]!;
    s[3] = o[3]!;
  }

  nextUint32(): number {
    // sfc32 in int32 arithmetic: the same bits as in unsigned arithmetic, modulo 2^32.
    const s = this.s;
    const a = s[0]!;
    const b = s[1]!;
    const c = s[2]!;
    const d = s[3]!;
    const t = (a + b + d) | 0;
    s[3] = (d + 1) | 0;
    s[0] = b ^ (b >>> 9);
    s[1] = (c + (c << 3)) | 0;
    s[2] = (((c << 21) | (c >>> 11)) + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** An integer in [0, n), n >= 1, without modulo bias worth noticing for n < 2^20. */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Shuffles `items[0..length)` in place (Fisher-Yates). */
  shuffle<T, L extends { length: number; [index: number]: T }>(items: L, length = items.length): L {
    for (let i = length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = items[i] as T;
      items[i] = items[j] as T;
      items[j] = t;
    }
    return items;
  }

  /** Makes `out` the generator `fork()` would return (advances this one), without allocating. */
  forkInto(out: Rng): void {
    const a = this.nextUint32();
    const b = this.nextUint32();
    const c = this.nextUint32();
    const d = this.nextUint32() | 1;
    const s = out.s;
    s[0] = a;
    s[1] = b;
    s[2] = c;
    s[3] = d;
  }

  /** A fresh generator derived from this one (advances this one). */
  fork(): Rng {
    return new Rng(this.nextUint32(), this.nextUint32(), this.nextUint32(), this.nextUint32() | 1);
  }
}
