/**
 * Cost limits per requester: how much of something expensive (a replay, an analysis, a record, a
 * new table) one address or one account may ask for in a window, with the time to wait once it
 * is spent (docs/server.md, "Threat model"). Reusable by any module that needs an allowance per
 * address or per account (chat, log-ins, sign-ups): make a `CostLimit` or a `RequesterLimit`
 * with a `LimitStore` from `limitStore`.
 *
 * Counting is rate-limiter-flexible's: `RateLimiterMemory` on one node; in cluster mode
 * `RateLimiterRedis` on the cluster's Redis client, so an allowance holds across every node, with
 * a memory limiter as its insurance (while Redis does not answer, each node still counts alone).
 * Per-message buckets of a connection (acts, hellos, chat lines) stay on the node: they must cost
 * no round trip.
 */
import type { WireError } from '@matchbox/client/wire';
import type { ServerError } from './outcome.ts';
import { refusal } from './outcome.ts';
import type { Context } from 'hono';
import type { Redis } from 'ioredis';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { CostLimits } from './config.ts';

/** `points` to spend in every window of `seconds`. */
export interface Allowance {
  readonly points: number;
  readonly seconds: number;
}

/** Where allowances are counted: this process, or the cluster's Redis (keys under `prefix`). */
export interface LimitStore {
  readonly redis: Redis | null;
  readonly prefix: string;
}

export const limitStore = (redis: Redis | null = null, prefix = 'matchbox:'): LimitStore => ({
  redis,
  prefix,
});

/** The answer to a charge: allowed, or refused with the seconds until it would be allowed. */
export type Charge = { readonly ok: true } | { readonly ok: false; readonly retryAfter: number };

const ALLOWED: Charge = { ok: true };

/** One allowance per key (an address, an account), counted in `store`. */
export class CostLimit {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    readonly name: string,
    readonly allowance: Allowance,
    store: LimitStore,
  ) {
    const options = {
      keyPrefix: `${store.prefix}limit:${name}`,
      points: Math.max(1, Math.floor(allowance.points)),
      duration: Math.max(1, Math.ceil(allowance.seconds)),
    };
    this.limiter = store.redis
      ? new RateLimiterRedis({
          ...options,
          storeClient: store.redis,
          insuranceLimiter: new RateLimiterMemory(options),
        })
      : new RateLimiterMemory(options);
  }

  /**
   * Spends `cost` points of `key`'s allowance (at most the whole allowance, so that a costly
   * request can be made once a window).
   */
  async charge(key: string, cost = 1): Promise<Charge> {
    const points = Math.max(1, Math.min(Math.ceil(cost), this.limiter.points));
    try {
      await this.limiter.consume(key, points);
      return ALLOWED;
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      return { ok: false, retryAfter: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
    }
  }

  /** Gives back what `charge` took (the request was refused later for another reason). */
  async refund(key: string, cost = 1): Promise<void> {
    const points = Math.max(1, Math.min(Math.ceil(cost), this.limiter.points));
    await this.limiter.reward(key, points).catch(() => undefined);
  }
}

/** Who asks: an address, and the member's account when logged in. */
export interface Requester {
  readonly address: string;
  readonly account: string | null;
}

/**
 * An allowance per address and another per account: a request is charged to both (a member's
 * requests count against their address too). The address's allowance is larger, for the people
 * of a household or a school who share one; an account's follows its member to every address.
 */
export class RequesterLimit {
  private readonly byAddress: CostLimit;
  private readonly byAccount: CostLimit;
  /**
   * Addresses this node found spent, and until when (ms, `Date.now()`): until then they are
   * refused without asking the limiter (or Redis), and `refusedNow` lets the HTTP server refuse
   * them before a route reads a body or the store (a flood's refusals cost next to nothing).
   */
  private readonly spentUntil = new Map<string, number>();

  constructor(name: string, perAddress: Allowance, perAccount: Allowance, store: LimitStore) {
    this.byAddress = new CostLimit(`${name}:address`, perAddress, store);
    this.byAccount = new CostLimit(`${name}:account`, perAccount, store);
  }

  /** A refusal when `address` was found spent and its wait has not run out, else null. */
  refusedNow(address: string, now = Date.now()): Charge | null {
    const until = this.spentUntil.get(address);
    if (until === undefined) return null;
    if (until <= now) {
      this.spentUntil.delete(address);
      return null;
    }
    return { ok: false, retryAfter: Math.max(1, Math.ceil((until - now) / 1000)) };
  }

  private remember(address: string, charged: Charge): void {
    if (charged.ok) return;
    const now = Date.now();
    if (this.spentUntil.size >= 10_000)
      for (const [key, until] of this.spentUntil) if (until <= now) this.spentUntil.delete(key);
    if (this.spentUntil.size < 10_000) this.spentUntil.set(address, now + charged.retryAfter * 1000);
  }

  async charge(who: Requester, cost = 1): Promise<Charge> {
    const refused = this.refusedNow(who.address);
    if (refused) return refused;
    const address = await this.byAddress.charge(who.address, cost);
    this.remember(who.address, address);
    if (!address.ok || who.account === null) return address;
    const account = await this.byAccount.charge(who.account, cost);
    if (!account.ok) await this.byAddress.refund(who.address, cost);
    return account;
  }
}

/** A refusal for a spent allowance: `rate_limited`, with the seconds to wait (HTTP 429, `Retry-After`). */
export interface LimitedError extends ServerError {
  readonly retryAfter: number;
}

export const limited = (
  retryAfter: number,
  message = 'Too many requests of this kind; wait a moment.',
): { ok: false; error: LimitedError } => ({
  ok: false,
  error: { code: 'rate_limited', message, retryAfter },
});

/** Whether a refusal carries the seconds to wait. */
export const isLimited = (error: WireError): error is LimitedError =>
  typeof (error as Partial<LimitedError>).retryAfter === 'number';

/**
 * A spent allowance (limits.ts): 429 with `Retry-After` and the seconds in the body too, as
 * `retry_after` beside the code.
 */
export function tooMany(c: Context, error: LimitedError): Response {
  c.header('Retry-After', String(error.retryAfter));
  return c.json(refusal(error.code, error.message, error.retryAfter), 429);
}

/** The HTTP routes' cost limits (config.ts `CostLimits`), counted in `store`. */
export interface CostLimiters {
  readonly replays: RequesterLimit;
  readonly records: RequesterLimit;
  readonly analyses: RequesterLimit;
  readonly tables: RequesterLimit;
  readonly events: RequesterLimit;
  readonly reports: RequesterLimit;
}

export function costLimiters(limits: CostLimits, store: LimitStore): CostLimiters {
  const make = (name: keyof CostLimits) =>
    new RequesterLimit(name, limits[name].address, limits[name].account, store);
  return {
    replays: make('replays'),
    records: make('records'),
    analyses: make('analyses'),
    tables: make('tables'),
    events: make('events'),
    reports: make('reports'),
  };
}

/** What each bot seat of a new table costs (its searches run for the whole game). */
const BOT_WEIGHT: Record<string, number> = { easy: 1, medium: 1, hard: 2, expert: 4 };

/**
 * The cost of creating a table from its (not yet validated) body: 1, plus each bot seat's weight;
 * without `seats`, every seat but the creator's is a bot at `botLevel` (medium by default).
 */
export function tableCost(body: unknown): number {
  if (typeof body !== 'object' || body === null) return 1;
  const b = body as { seats?: unknown; players?: unknown; botLevel?: unknown };
  const weight = (level: unknown) => BOT_WEIGHT[typeof level === 'string' ? level : 'medium'] ?? 1;
  if (Array.isArray(b.seats))
    return (
      1 +
      b.seats
        .slice(0, 8)
        .reduce<number>(
          (sum, s: unknown) =>
            sum +
            ((s as { kind?: unknown } | null)?.kind === 'bot' ? weight((s as { level?: unknown }).level) : 0),
          0,
        )
    );
  const players = typeof b.players === 'number' && Number.isFinite(b.players) ? b.players : 1;
  return 1 + Math.max(0, Math.min(7, Math.floor(players) - 1)) * weight(b.botLevel);
}
