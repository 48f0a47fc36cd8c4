/**
 * MatchMaster's levels. easy: the heuristic with slips (a bid off by one, a random card now and
 * then); medium: the counting heuristic; hard and expert: ISMCTS over the current hand with
 * heuristic rollouts, expert with a larger budget, the exact one-card-hand bid, exact play of the
 * last cards of a hand, worlds weighted by the bids shown and, in the last hands, the match in view.
 */
import type { Action, MatchMasterAction, MatchMasterState, MatchMasterView, Seat } from '@matchbox/engine';
import { Rng, matchmasterCards } from '@matchbox/engine';
import type { SearchBotSpec } from '../../base.ts';
import { FunctionBot, SearchBot, searchOptions } from '../../base.ts';
import type { SearchAdapter } from '../../ismcts.ts';
import { stopTime } from '../../ismcts.ts';
import type { Bot, BotContext, BotLevel } from '../../types.ts';
import { BotAborted } from '../../types.ts';
import type { MatchMasterHorizon, MatchMasterSearchConfig } from './matchmaster.ts';
import { BID, heuristicAction, matchmasterAdapter, oneCardBid, viewHandMask } from './matchmaster.ts';
import { bidLogLikelihood, weightedSampler } from './matchmaster-infer.ts';
import { HandSolver } from './matchmaster-solve.ts';

const { parseCard } = matchmasterCards;

const easyChoose = (view: MatchMasterView, seat: Seat, legal: readonly Action[], rng: Rng): Action => {
  const a = heuristicAction(view, seat, legal) as MatchMasterAction;
  if (a.type === 'bid') {
    if (rng.next() < 0.5) {
      const b = a.bid + (rng.next() < 0.5 ? -1 : 1);
      if (b >= 0 && b <= view.handSize) return BID[b]!;
    }
    return a;
  }
  return rng.next() < 0.3 ? legal[rng.int(legal.length)]! : a;
};

/** Exact bid in one-card hands: the seat's place after the leader fixes the odds. */
function exactOneCard(view: MatchMasterView, seat: Seat, legal: readonly Action[]): Action | null {
  if (view.phase !== 'bid' || view.handSize !== 1 || legal[0]?.type !== 'bid') return null;
  const hand = viewHandMask(view);
  let card = -1;
  for (let s = 0; s < 4; s++) if (hand[s]) card = s * matchmasterCards.RANKS + (31 - Math.clz32(hand[s]!));
  const n = view.players;
  const leader = (view.dealer + 1) % n;
  return BID[oneCardBid(card, n, (seat - leader + n) % n)]!;
}

/** A search level's knobs; each piece of knowledge can be switched off to measure it. */
export interface MatchMasterLevelConfig extends MatchMasterSearchConfig {
  readonly iterations: number;
  /**
   * Solve each sampled world exactly once at most this many cards are left in all hands together
   * (0: never); 16 is four cards each at four players, a tree of at most tens of thousands of nodes.
   */
  readonly endgameCards: number;
  /** Sampled worlds per exact endgame decision (the endgame's budget, like iterations). */
  readonly endgameWorlds: number;
  /** Node limit of one world's solve (deterministic; beyond it the search decides). */
  readonly endgameNodes: number;
  /** Weight sampled worlds by the likelihood of the bids shown (matchmaster-infer.ts). */
  readonly inferBids: boolean;
}

export const MATCHMASTER_SEARCH: Record<'hard' | 'expert', MatchMasterLevelConfig> = {
  hard: {
    iterations: 700,
    noise: 0.1,
    spite: 0,
    modelOpponents: false,
    endgameCards: 0,
    endgameWorlds: 0,
    endgameNodes: 0,
    inferBids: false,
  },
  expert: {
    iterations: 2000,
    noise: 0.1,
    spite: 0,
    modelOpponents: false,
    endgameCards: 16,
    endgameWorlds: 64,
    endgameNodes: 200_000,
    inferBids: true,
    matchHands: 2,
  },
};

/** Knowledge an expert variant can do without (`expert:-endgame+-infer` in an arena line-up). */
export const MATCHMASTER_TOGGLES = ['endgame', 'infer', 'match', 'count'] as const;
export type MatchMasterToggle = (typeof MATCHMASTER_TOGGLES)[number];

/** The configuration of `level` with the pieces in `off` switched off. */
export function matchmasterConfig(
  level: 'hard' | 'expert',
  off: ReadonlySet<MatchMasterToggle> = new Set(),
): MatchMasterLevelConfig {
  const base = MATCHMASTER_SEARCH[level];
  return {
    ...base,
    ...(off.has('endgame') ? { endgameCards: 0 } : {}),
    ...(off.has('infer') ? { inferBids: false } : {}),
    ...(off.has('match') ? { matchHands: 0 } : {}),
    ...(off.has('count') ? { counting: false } : {}),
  };
}

/** How a level weights a sampled world by what the other seats did (null: it does not). */
function worldLikelihood(cfg: MatchMasterLevelConfig): ((s: MatchMasterState, seat: Seat) => number) | null {
  return cfg.inferBids ? bidLogLikelihood : null;
}

/** The adapter for a level: rollouts, rewards and (with bid inference) world weights. */
export function levelAdapter(cfg: MatchMasterLevelConfig): SearchAdapter<MatchMasterHorizon> {
  const adapter = matchmasterAdapter(cfg);
  const likelihood = worldLikelihood(cfg);
  if (!likelihood) return adapter;
  return { ...adapter, weight: (state, seat) => likelihood(state as MatchMasterState, seat) };
}

/**
 * A search bot that, near the end of a hand, solves each sampled world exactly instead of
 * searching (matchmaster-solve.ts): for every legal card the mean, over the worlds, of the seat's
 * max-n hand points. Worlds are the same for every card (a paired comparison), drawn with the bid
 * weights when inference is on. Otherwise, and when a world's tree exceeds the node limit, the
 * ISMCTS search decides.
 */
class MatchMasterSearchBot extends SearchBot<MatchMasterView> {
  private endRng: Rng;
  private readonly solver = new HandSolver();
  constructor(
    name: string,
    level: BotLevel,
    private readonly botSeed: string,
    private readonly cfg: MatchMasterLevelConfig,
    spec: SearchBotSpec<MatchMasterView>,
  ) {
    super(name, level, botSeed, spec);
    this.endRng = Rng.fromSeed(`${botSeed}:endgame`);
  }
  override reset(): void {
    super.reset();
    this.endRng = Rng.fromSeed(`${this.botSeed}:endgame`);
  }
  override chooseAction(
    view: MatchMasterView,
    seat: Seat,
    legal: readonly Action[],
    ctx: BotContext,
  ): Action {
    if (legal.length > 1 && this.isEndgame(view, seat) && ctx.sample) {
      const exact = this.endgame(view, seat, legal, ctx);
      if (exact) return exact;
    }
    return super.chooseAction(view, seat, legal, ctx);
  }
  /**
   * The worlds of the endgame: determinizations, drawn four at a time
   * and one kept by the likelihood of what the other seats did when the level infers from it.
   */
  private worldSampler(seat: Seat, ctx: BotContext): (rng: Rng) => unknown {
    const likelihood = worldLikelihood(this.cfg);
    return likelihood ? weightedSampler(ctx.sample!, seat, 4, likelihood) : ctx.sample!;
  }
  private isEndgame(view: MatchMasterView, seat: Seat): boolean {
    if (view.phase !== 'play' || (view.handCounts[seat] ?? 0) < 2) return false;
    return view.handCounts.reduce((a, b) => a + b, 0) <= this.cfg.endgameCards;
  }
  private endgame(
    view: MatchMasterView,
    seat: Seat,
    legal: readonly Action[],
    ctx: BotContext,
  ): Action | null {
    const started = performance.now();
    const options = searchOptions({ iterations: this.cfg.endgameWorlds, timeMs: 200 }, ctx);
    const stopAt = stopTime(started, options.timeMs, options.deadline);
    const worlds = Math.max(1, Math.min(options.iterations, this.cfg.endgameWorlds));
    const sample = this.worldSampler(seat, ctx);
    const cards = legal.map((a) => parseCard((a as MatchMasterAction & { card: string }).card));
    const totals = new Float64Array(legal.length);
    const one = new Float64Array(legal.length);
    let done = 0;
    let capped = false;
    for (; done < worlds; done++) {
      if (ctx.signal?.aborted) throw new BotAborted();
      if (done > 0 && performance.now() > stopAt) {
        capped = true;
        break;
      }
      const world = sample(this.endRng) as MatchMasterState;
      if (!this.solver.rootValues(world, cards, one, this.cfg.endgameNodes)) return null;
      for (let i = 0; i < legal.length; i++) totals[i]! += one[i]!;
    }
    ctx.onSearch?.({ iterations: done, budget: worlds, capped, ms: performance.now() - started });
    // Ties (equivalent cards in every world) go to the heuristic's choice.
    const preferred = heuristicAction(view, seat, legal);
    let best = legal.indexOf(preferred);
    if (best < 0) best = 0;
    for (let i = 0; i < legal.length; i++) if (totals[i]! > totals[best]! + 1e-9) best = i;
    return legal[best]!;
  }
}

/**
 * A search bot with an explicit configuration and adapter, for the arena's all-seeing evaluation
 * bot (seer.ts), which searches with the expert's budget in worlds that all equal the real state.
 */
export function matchmasterSearchBot(
  name: string,
  level: BotLevel,
  seed: string,
  cfg: MatchMasterLevelConfig,
  adapter: SearchAdapter<MatchMasterHorizon>,
): Bot<MatchMasterView> {
  return new MatchMasterSearchBot(name, level, seed, cfg, {
    adapter,
    options: { iterations: cfg.iterations, timeMs: 200 },
  });
}

/** A bot for `level`, with the pieces of knowledge in `off` switched off (for measuring them). */
export function matchmasterBot(
  level: BotLevel,
  seed: string,
  off: ReadonlySet<MatchMasterToggle> = new Set(),
): Bot<MatchMasterView> | null {
  const name = `matchmaster-${level}`;
  const counting = !off.has('count');
  switch (level) {
    case 'random':
      return null;
    case 'easy':
      return new FunctionBot(name, level, seed, easyChoose);
    case 'medium':
      return new FunctionBot<MatchMasterView>(name, level, seed, (v, s, l) =>
        heuristicAction(v, s, l, counting),
      );
    case 'hard':
    case 'expert': {
      const cfg = matchmasterConfig(level, off);
      const adapter = levelAdapter(cfg);
      return new MatchMasterSearchBot(name, level, seed, cfg, {
        adapter: adapter,
        options: { iterations: cfg.iterations, timeMs: 200 },
        ...(level === 'expert' ? { shortcut: exactOneCard } : {}),
      });
    }
  }
}
