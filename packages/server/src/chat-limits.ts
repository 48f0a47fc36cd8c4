/**
 * Token buckets by key, on this node (a chat line never waits for a round trip to Redis): `rate`
 * lines a second, in bursts of `burst`. A key whose bucket has filled up again is forgotten, so
 * memory holds only the writers of the last few seconds.
 */
export class Buckets {
  private readonly entries = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    private readonly now: () => number,
    /** Past this many keys, the full buckets are forgotten. */
    private readonly sweepAt = 10_000,
  ) {}

  /** Takes one token from `key`'s bucket; false (and nothing taken) when it is empty. */
  take(key: string): boolean {
    const now = this.now();
    const tokens = this.level(key, now);
    if (tokens < 1) return false;
    this.entries.set(key, { tokens: tokens - 1, at: now });
    if (this.entries.size > this.sweepAt) this.sweep(now);
    return true;
  }

  /** How many keys are held (for tests and metrics). */
  get size(): number {
    return this.entries.size;
  }

  private level(key: string, now: number): number {
    const e = this.entries.get(key);
    if (!e) return this.burst;
    return Math.min(this.burst, e.tokens + (Math.max(0, now - e.at) / 1000) * this.rate);
  }

  private sweep(now: number): void {
    for (const key of [...this.entries.keys()])
      if (this.level(key, now) >= this.burst) this.entries.delete(key);
  }
}
