/** A token bucket per connection: `rate` messages a second, bursts of `burst` (twice the rate). */
export class RateLimit {
  private tokens: number;
  private last = performance.now();
  constructor(
    private readonly rate: number,
    private readonly burst = rate * 2,
  ) {
    this.tokens = burst;
  }
  take(): boolean {
    const now = performance.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** A hint every 2 seconds per connection, in bursts of two. */
export const HINT_RATE = 0.5;
export const HINT_BURST = 2;
