/**
 * Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse
 * 2012) over any game on the engine contract.
 *
 * Every iteration takes a determinization of the root (a full state the searching seat cannot
 * tell from the real one, from `game.determinize`), walks the tree choosing among the children
 * whose actions are legal in that determinization (UCB1 with availability counts), expands one
 * untried action, finishes with a rollout policy and backs up one reward per seat; each node is
 * scored for the seat that moved into it. Determinizations are drawn into a pool and reused
 * (each is copied before use: into one working state when the adapter can copy, else a clone),
 * because sampling costs about as much as the rest of an iteration.
 *
 * What a game adds is a `SearchAdapter`: where the search horizon ends (e.g. the end of a
 * MatchMaster hand), the rewards there, the rollout policy, and which decisions are left to that
 * policy instead of the tree (e.g. opponents' secret bids, which the tree cannot tell apart).
 */
import type { Action, AnyGame, Seat } from '@matchbox/engine';
import { Rng } from '@matchbox/engine';
import type { StopSignal } from './types.ts';
import { BotAborted } from './types.ts';

/**
 * The engine refused an action during a search. Every action a search applies comes from the
 * engine's own legal list or from a policy that must choose from it, so this is a bug (in a
 * policy, an adapter or a determinization): it is thrown, never skipped.
 */
export class SearchBug extends Error {
  constructor(
    readonly game: string,
    readonly seat: Seat,
    readonly action: string,
    readonly code: string,
    detail: string,
  ) {
    super(
      `${game}: the engine refused "${action}" for seat ${seat} during a bot's search (${code}: ${detail}); a policy, an adapter or a determinization is wrong`,
    );
    this.name = 'SearchBug';
  }
}

const describeAction = (game: AnyGame, action: unknown): string => {
  try {
    return game.formatAction(action as Action);
  } catch {
    return JSON.stringify(action) ?? String(action);
  }
};

/** `game.applyInPlace` for searches and look-aheads: an error is a `SearchBug`, thrown. */
export function applyChecked(game: AnyGame, state: unknown, seat: Seat, action: unknown): void {
  const error = game.applyInPlace(state, seat, action);
  if (error) throw new SearchBug(game.meta.id, seat, describeAction(game, action), error.code, error.message);
}

export interface SearchAdapter<H = unknown> {
  /** Called once per search on the first determinization: what the horizon needs to know. */
  begin(state: unknown, seat: Seat): H;
  /**
   * Copies `source` into `target` (a state of the same game, an earlier clone), so that every
   * iteration reuses one state instead of cloning (default: `game.clone` per iteration). The
   * adapter also drops anything it remembers about `target`.
   */
  copy?(source: unknown, target: unknown): void;
  /** Adjusts a fresh determinization before it enters the pool (e.g. models hidden bids). */
  prepare?(state: unknown, seat: Seat, rng: Rng, horizon: H): void;
  /** True when the search stops descending here (a horizon or the end of the game). */
  isTerminal(state: unknown, horizon: H): boolean;
  /** Rewards per seat at a terminal state, ideally in [0, 1], written into `out`. */
  rewards(state: unknown, horizon: H, out: Float64Array): void;
  /** The rollout (and opponent-model) policy: an action for `seat`, legal in `state`. */
  policy(state: unknown, seat: Seat, rng: Rng): Action;
  /**
   * Plays the rollout: `policy` for the seat to act (the first of `toAct`) until `isTerminal`, at
   * most `budget` actions; returns how many it applied. The same as the search's own loop, for
   * adapters that can run it tighter (default: that loop).
   */
  rollout?(state: unknown, rng: Rng, horizon: H, budget: number): number;
  /** Decisions taken by the policy, not the tree (default: none). */
  policyOnly?(state: unknown, seat: Seat, rootSeat: Seat): boolean;
  /** A small non-negative integer recorded per root action at the horizon (e.g. tricks won). */
  outcome?(state: unknown, seat: Seat, horizon: H): number;
  /** How many values `outcome` can take (0 to count - 1), so that every one has a count, seen or not. */
  outcomeCount?(horizon: H): number;
  /**
   * The log-likelihood of what the seat has observed in a determinization (e.g. the bids shown),
   * beyond the view's hard constraints. With it the whole pool is drawn first and each iteration
   * picks its world with probability proportional to the likelihood (importance resampling).
   */
  weight?(state: unknown, seat: Seat, horizon: H): number;
}

export interface SearchOptions {
  readonly iterations: number;
  /**
   * Wall-clock safety cap in ms (0 or absent: none). When it cuts the search short the result
   * depends on the machine's speed, so it is reported (`SearchResult.capped`).
   */
  readonly timeMs?: number;
  /** An absolute deadline (ms since the epoch, `Date.now()` scale): a safety cap like `timeMs`. */
  readonly deadline?: number;
  /** Checked with the caps; once aborted the search throws `BotAborted`. */
  readonly signal?: StopSignal;
  /** UCB exploration constant for rewards in [0, 1]. */
  readonly exploration?: number;
  /** How many determinizations to draw (default: iterations / 4, at least 16, at most 1024). */
  readonly determinizations?: number;
}

export interface RootStat {
  readonly action: Action;
  readonly visits: number;
  /** Mean reward of the searching seat after this action. */
  readonly value: number;
  /** Histogram of `adapter.outcome` after this action (when the adapter defines it). */
  readonly outcomes?: readonly number[];
}

export interface SearchResult {
  readonly best: Action;
  readonly stats: readonly RootStat[];
  readonly iterations: number;
  /** The iteration budget asked for. */
  readonly budget: number;
  /** A time cap (`timeMs` or `deadline`) stopped the search before its budget. */
  readonly capped: boolean;
  readonly ms: number;
}

class Node {
  visits = 0;
  avail = 0;
  /** Marks the children available in the current step. */
  stamp = 0;
  reward = 0;
  readonly children: Node[] = [];
  outcomes: number[] | null = null;
  constructor(
    readonly action: Action | null,
    readonly key: string,
    /** The seat that moved into this node. */
    readonly seat: Seat,
  ) {}
}

const keyCache = new Map<Action, string>();
function keyOf(game: AnyGame, a: Action): string {
  let k = keyCache.get(a);
  if (k === undefined) {
    if (keyCache.size > 50_000) keyCache.clear();
    k = game.formatAction(a);
    keyCache.set(a, k);
  }
  return k;
}

/** Random legal playout policy: the adapter of last resort. */
export function randomPolicy(game: AnyGame): (state: unknown, seat: Seat, rng: Rng) => Action {
  return (state, seat, rng) => {
    const legal = game.legalActions(state, seat);
    return legal[rng.int(legal.length)]!;
  };
}

/** A game-agnostic adapter: play to the end of the game, reward = rank-based share in [0, 1]. */
export function genericAdapter(game: AnyGame): SearchAdapter<null> {
  return {
    begin: () => null,
    isTerminal: (s) => game.isOver(s),
    rewards(s, _h, out) {
      const r = game.result(s);
      if (!r) return;
      const n = r.ranks.length;
      for (let i = 0; i < n; i++) out[i] = n > 1 ? (n - r.ranks[i]!) / (n - 1) : 1;
    },
    policy: randomPolicy(game),
  };
}

/** The first index whose cumulative weight exceeds `x` (binary search). */
function drawFrom(cumulative: Float64Array, x: number): number {
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The `performance.now()` time at which a search started at `started` must stop (Infinity: never). */
export function stopTime(started: number, timeMs: number | undefined, deadline: number | undefined): number {
  let at = Infinity;
  if (timeMs !== undefined && timeMs > 0) at = started + timeMs;
  if (deadline !== undefined) at = Math.min(at, started + (deadline - Date.now()));
  return at;
}

/**
 * The tree of one search and the state its iterations play in. One iteration is a method, so
 * that it is compiled once and stays compiled across searches (the search loop itself is entered
 * once per search).
 */
class Tree<H> {
  readonly root = new Node(null, '', -1);
  readonly rootKeys: readonly string[];
  private readonly rootKeySet: ReadonlySet<string>;
  private readonly keysBuf: (string | null)[] = [];
  private stamp = 0;
  private readonly rewards: Float64Array;
  private readonly path: Node[] = [];
  private readonly maxSteps: number;
  /** The state every iteration plays in, when the adapter can copy a world into it. */
  private work: unknown = null;

  constructor(
    private readonly game: AnyGame,
    private readonly adapter: SearchAdapter<H>,
    private readonly seat: Seat,
    legal: readonly Action[],
    private readonly horizon: H,
    private readonly rng: Rng,
    private readonly c: number,
    first: unknown,
  ) {
    this.rootKeys = legal.map((a) => keyOf(game, a));
    this.rootKeySet = new Set(this.rootKeys);
    this.rewards = new Float64Array(Math.max(game.players(first), 8));
    this.maxSteps = game.maxActions(first);
  }

  /** One iteration in a copy of the world `base`: selection, expansion, rollout, backup. */
  iterate(base: unknown): void {
    const { game, adapter, seat, horizon, rng, c, root, rootKeySet, keysBuf, path, maxSteps, rewards } = this;
    let s: unknown;
    if (adapter.copy && this.work !== null) {
      adapter.copy(base, this.work);
      s = this.work;
    } else {
      s = game.clone(base);
      if (adapter.copy) this.work = s;
    }
    let node = root;
    path.length = 0;
    let steps = 0;
    let expanded = false;
    // Selection and expansion.
    while (!adapter.isTerminal(s, horizon) && steps < maxSteps) {
      const actors = game.toAct(s);
      const p = actors.length === 1 ? actors[0]! : actors.includes(seat) ? seat : actors[0]!;
      if (adapter.policyOnly?.(s, p, seat)) {
        applyChecked(game, s, p, adapter.policy(s, p, rng));
        steps++;
        continue;
      }
      const acts = game.legalActions(s, p);
      if (acts.length === 1) {
        applyChecked(game, s, p, acts[0]);
        steps++;
        continue;
      }
      if (expanded) break;
      // Mark the children available here (legal in this determinization) and count the untried
      // actions; the root only knows the seat's own legal list.
      const stamp = ++this.stamp;
      let untried = 0;
      const children = node.children;
      const atRoot = node === root;
      for (let i = 0; i < acts.length; i++) {
        const k = keyOf(game, acts[i]!);
        keysBuf[i] = k;
        if (atRoot && !rootKeySet.has(k)) {
          keysBuf[i] = null;
          continue;
        }
        let found = false;
        for (let j = 0; j < children.length; j++) {
          const ch = children[j]!;
          if (ch.key === k && ch.seat === p) {
            found = true;
            ch.avail++;
            ch.stamp = stamp;
            break;
          }
        }
        if (found) keysBuf[i] = null;
        else untried++;
      }
      if (untried > 0) {
        let pick = rng.int(untried);
        let chosen: Action | null = null;
        let chosenKey = '';
        for (let i = 0; i < acts.length; i++) {
          const k = keysBuf[i];
          if (k === null || k === undefined) continue;
          if (pick-- === 0) {
            chosen = acts[i]!;
            chosenKey = k;
            break;
          }
        }
        const child = new Node(chosen, chosenKey, p);
        child.avail = 1;
        children.push(child);
        applyChecked(game, s, p, chosen);
        path.push(child);
        node = child;
        expanded = true;
        steps++;
        continue;
      }
      // UCB among available children.
      let best: Node | null = null;
      let bestScore = -Infinity;
      for (let j = 0; j < children.length; j++) {
        const ch = children[j]!;
        if (ch.stamp !== stamp) continue;
        const score = ch.reward / ch.visits + c * Math.sqrt(Math.log(ch.avail) / ch.visits);
        if (score > bestScore) {
          bestScore = score;
          best = ch;
        }
      }
      if (!best) break; // cannot happen: some legal action is always a child or untried
      applyChecked(game, s, p, best.action);
      path.push(best);
      node = best;
      steps++;
    }
    // Rollout.
    if (adapter.rollout) steps += adapter.rollout(s, rng, horizon, maxSteps - steps);
    else
      while (!adapter.isTerminal(s, horizon) && steps < maxSteps) {
        const actors = game.toAct(s);
        const p = actors[0]!;
        applyChecked(game, s, p, adapter.policy(s, p, rng));
        steps++;
      }
    rewards.fill(0);
    adapter.rewards(s, horizon, rewards);
    for (let i = 0; i < path.length; i++) {
      const nd = path[i]!;
      nd.visits++;
      nd.reward += rewards[nd.seat] ?? 0;
    }
    if (adapter.outcome && path.length > 0) {
      const top = path[0]!;
      const o = adapter.outcome(s, seat, horizon);
      if (!top.outcomes) top.outcomes = new Array<number>(adapter.outcomeCount?.(horizon) ?? 0).fill(0);
      while (top.outcomes.length <= o) top.outcomes.push(0);
      top.outcomes[o]!++;
    }
    root.visits++;
  }
}

/**
 * Runs ISMCTS for `seat`. `sample(rng)` supplies determinizations; `legal` are the seat's legal
 * actions at the root (from its view). Deterministic for a given `rng` unless a time cap hits
 * (then `capped` is true).
 */
export function ismcts<H>(
  game: AnyGame,
  adapter: SearchAdapter<H>,
  seat: Seat,
  legal: readonly Action[],
  sample: (rng: Rng) => unknown,
  rng: Rng,
  options: SearchOptions,
): SearchResult {
  const started = performance.now();
  const stopAt = stopTime(started, options.timeMs, options.deadline);
  const signal = options.signal;
  if (signal?.aborted) throw new BotAborted();
  const iterations = Math.max(1, options.iterations);
  const c = options.exploration ?? 0.7;
  const poolSize = Math.max(
    1,
    Math.min(options.determinizations ?? Math.min(1024, Math.max(16, iterations >> 2)), iterations),
  );
  const pool: unknown[] = [];
  const first = sample(rng);
  const horizon = adapter.begin(first, seat);
  adapter.prepare?.(first, seat, rng, horizon);
  pool.push(first);

  // Likelihood-weighted worlds: the whole pool first, then a cumulative table to draw from.
  let cumulative: Float64Array | null = null;
  if (adapter.weight) {
    while (pool.length < poolSize) {
      if ((pool.length & 31) === 31 && signal?.aborted) throw new BotAborted();
      const extra = sample(rng);
      adapter.prepare?.(extra, seat, rng, horizon);
      pool.push(extra);
    }
    const logW = pool.map((w) => adapter.weight!(w, seat, horizon));
    const max = Math.max(...logW);
    cumulative = new Float64Array(pool.length);
    let sum = 0;
    for (let i = 0; i < pool.length; i++) cumulative[i] = sum += Math.exp(logW[i]! - max);
  }
  const tree = new Tree(game, adapter, seat, legal, horizon, rng, c, first);
  let done = 0;
  let capped = false;
  for (; done < iterations; done++) {
    if ((done & 31) === 31) {
      if (signal?.aborted) throw new BotAborted();
      if (stopAt !== Infinity && performance.now() > stopAt) {
        capped = true;
        break;
      }
    }
    let base: unknown;
    if (cumulative) {
      base = pool[drawFrom(cumulative, rng.next() * cumulative[cumulative.length - 1]!)];
    } else if (pool.length < poolSize && done > 0) {
      base = sample(rng);
      adapter.prepare?.(base, seat, rng, horizon);
      pool.push(base);
    } else {
      base = pool[done % pool.length];
    }
    tree.iterate(base);
  }
  const root = tree.root;
  const rootKeys = tree.rootKeys;
  const stats: RootStat[] = legal.map((action, i) => {
    const ch = root.children.find((x) => x.key === rootKeys[i]);
    return {
      action,
      visits: ch ? ch.visits : 0,
      value: ch && ch.visits > 0 ? ch.reward / ch.visits : 0,
      ...(ch?.outcomes ? { outcomes: ch.outcomes.slice() } : {}),
    };
  });
  let best = stats[0]!;
  for (const st of stats)
    if (st.visits > best.visits || (st.visits === best.visits && st.value > best.value)) best = st;
  return {
    best: best.action,
    stats,
    iterations: done,
    budget: iterations,
    capped,
    ms: performance.now() - started,
  };
}

export { Rng };
