/**
 * A small, fast, seedable and serialisable pseudo-random generator (sfc32, 128 bits of state).
 * Every random choice of an engine comes from one of these kept inside the game state; the
 * state is four 32-bit words so it clones and serialises trivially.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  private constructor(a: number, b: number, c: number, d: number) {
    this.a = a >>> 0;
    this.b = b >>> 0;
    this.c = c >>> 0;
    this.d = d >>> 0;
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
    return [this.a, this.b, this.c, this.d];
  }

  clone(): Rng {
    return new Rng(this.a, this.b, this.c, this.d);
  }

  /** Copies another generator's state into this one (no allocation). */
  copyFrom(other: Rng): void {
    this.a = other.a;
    this.b = other.b;
    this.c = other.c;
    this.d = other.d;
  }

  nextUint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = (this.b ^ (this.b >>> 9)) >>> 0;
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) >>> 0;
    return t;
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

  /** A fresh generator derived from this one (advances this one). */
  fork(): Rng {
    return new Rng(this.nextUint32(), this.nextUint32(), this.nextUint32(), this.nextUint32() | 1);
  }
}
