/**
 * The limits on log-ins and sign-ups (docs/server.md, "Threat model"). A wrong password never locks
 * the owner out: guesses are refused per (name, address) pair and per address, while a name only
 * answers more slowly, at most `maxSlowdownMs`. Counters are rate-limiter-flexible's fixed windows,
 * in memory on one node and in Redis in cluster mode, so that every node counts the same guesses
 * (a Redis outage falls back to each node's own memory): the store is limits.ts's `LimitStore`.
 * These are counts a rule reads (a pair's failures refuse, a name's slow down), not allowances to
 * spend, so they are `WindowCounter`s rather than limits.ts's `CostLimit`s.
 */
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { LimitStore } from './limits.ts';
import { limitStore } from './limits.ts';

export interface AccountLimits {
  /** Failed log-ins per (name, address) pair within `windowMs`; then that pair waits. */
  readonly failedPerPair: number;
  /** Failed log-ins per address, whatever the names, within `windowMs`. */
  readonly failedPerAddress: number;
  /** Failed log-ins per name (from any address) before its answers slow down. */
  readonly slowAfter: number;
  /** The added wait per failed log-in beyond `slowAfter`. */
  readonly slowdownStepMs: number;
  /** The longest a log-in waits for its name's failures: the owner is never kept out longer. */
  readonly maxSlowdownMs: number;
  /** Sign-up attempts per address within `windowMs`, taken names included (probing). */
  readonly signUpAttempts: number;
  /** New accounts per address within `windowMs`. */
  readonly signUps: number;
  readonly windowMs: number;
}

export const DEFAULT_LIMITS: AccountLimits = {
  failedPerPair: 10,
  failedPerAddress: 50,
  slowAfter: 20,
  slowdownStepMs: 25,
  maxSlowdownMs: 3_000,
  signUpAttempts: 20,
  signUps: 5,
  windowMs: 15 * 60_000,
};

/** A count per key in a fixed window. */
export interface WindowCounter {
  /** The key's count in the current window and the ms until that window ends. */
  peek(key: string): Promise<{ count: number; retryAfterMs: number }>;
  hit(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

/** A counter that never refuses by itself: the caller compares `peek`'s count with its limit. */
export function windowCounter(store: LimitStore, name: string, windowMs: number): WindowCounter {
  // Points are only counted here (penalty), never spent: `consume` would refuse on its own terms.
  const options = {
    keyPrefix: `${store.prefix}limit:${name}`,
    points: 1_000_000_000,
    duration: Math.ceil(windowMs / 1000),
  };
  const memory = new RateLimiterMemory(options);
  const limiter: RateLimiterAbstract = store.redis
    ? new RateLimiterRedis({ ...options, storeClient: store.redis, insuranceLimiter: memory })
    : memory;
  return {
    async peek(key) {
      const res: RateLimiterRes | null = await limiter.get(key);
      return res
        ? { count: res.consumedPoints, retryAfterMs: res.msBeforeNext }
        : { count: 0, retryAfterMs: 0 };
    },
    async hit(key) {
      await limiter.penalty(key, 1);
    },
    async clear(key) {
      await limiter.delete(key);
    },
  };
}

/** A refusal for too many tries: how long until the window that refused ends. */
export interface Limited {
  readonly retryAfterMs: number;
}

/** The counters of log-ins and sign-ups, and the rules that read them. */
export class AccountLimiter {
  private readonly failedByPair: WindowCounter;
  private readonly failedByAddress: WindowCounter;
  private readonly failedByName: WindowCounter;
  private readonly signUpAttemptsByAddress: WindowCounter;
  private readonly signUpsByAddress: WindowCounter;

  constructor(
    readonly limits: AccountLimits = DEFAULT_LIMITS,
    store: LimitStore = limitStore(),
  ) {
    const counter = (name: string) => windowCounter(store, name, limits.windowMs);
    this.failedByPair = counter('login-pair:');
    this.failedByAddress = counter('login-address:');
    this.failedByName = counter('login-name:');
    this.signUpAttemptsByAddress = counter('signup-try:');
    this.signUpsByAddress = counter('signup:');
  }

  /** Whether a log-in for `nameKey` from `address` must wait, before any password is checked. */
  async logInRefused(nameKey: string, address: string): Promise<Limited | null> {
    const [pair, byAddress] = await Promise.all([
      this.failedByPair.peek(pairKey(nameKey, address)),
      this.failedByAddress.peek(address),
    ]);
    if (pair.count >= this.limits.failedPerPair) return { retryAfterMs: pair.retryAfterMs };
    if (byAddress.count >= this.limits.failedPerAddress) return { retryAfterMs: byAddress.retryAfterMs };
    return null;
  }

  /** How long a log-in for `nameKey` waits for the name's recent failures (never a refusal). */
  async slowdownMs(nameKey: string): Promise<number> {
    const { count } = await this.failedByName.peek(nameKey);
    return nameSlowdownMs(count, this.limits);
  }

  async logInFailed(nameKey: string, address: string): Promise<void> {
    await Promise.all([
      this.failedByPair.hit(pairKey(nameKey, address)),
      this.failedByAddress.hit(address),
      this.failedByName.hit(nameKey),
    ]);
  }

  /** The owner got in: this pair's failures are forgotten (the name's and address's stay). */
  async logInSucceeded(nameKey: string, address: string): Promise<void> {
    await this.failedByPair.clear(pairKey(nameKey, address));
  }

  /**
   * Counts a sign-up attempt from `address` (whatever its outcome, so that probing which names
   * exist is limited too) and says whether it must wait.
   */
  async signUpRefused(address: string): Promise<Limited | null> {
    const [tries, made] = await Promise.all([
      this.signUpAttemptsByAddress.peek(address),
      this.signUpsByAddress.peek(address),
    ]);
    if (tries.count >= this.limits.signUpAttempts) return { retryAfterMs: tries.retryAfterMs };
    if (made.count >= this.limits.signUps) return { retryAfterMs: made.retryAfterMs };
    await this.signUpAttemptsByAddress.hit(address);
    return null;
  }

  async signedUp(address: string): Promise<void> {
    await this.signUpsByAddress.hit(address);
  }
}

/** The wait for a name with `failures` recent failed log-ins: none at first, then growing, capped. */
export function nameSlowdownMs(failures: number, limits: AccountLimits): number {
  const beyond = failures - limits.slowAfter;
  return beyond <= 0 ? 0 : Math.min(limits.maxSlowdownMs, beyond * limits.slowdownStepMs);
}

const pairKey = (nameKey: string, address: string) => `${address}|${nameKey}`;
