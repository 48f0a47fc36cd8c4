/**
 * EVALUATION ONLY: the all-seeing MatchMaster bot, `seer`, a yardstick for the arena and nothing
 * else. It breaks the rule every other bot keeps (a bot plays from its seat's view): it searches
 * with the expert's budget in worlds that all equal the real state, so it sees every hand.
 *
 * What it sees: every seat's cards, the undealt cards (which play no part in the hand, MM-2) and
 * the bids already made, even while bidding is still secret (MM-4). What it does not see: the
 * deals still to come (the generator is reseeded from the bot's own and the stacked deal orders
 * are dropped, exactly as in a determinization) and the bids not yet made (the search leaves them
 * to the heuristic, as the expert's does).
 *
 * Its knobs are the expert's (2,000 iterations, the exact endgame from 16 cards, the match in
 * view), except where seeing everything makes a piece idle: every world is the same, so the
 * endgame solves one world instead of 64 (the same verdict) and no world is weighted by the bids
 * (there is nothing to choose between). It has no one-card-hand rule: it searches those bids too,
 * since it can see the cards that decide them.
 *
 * Two half-seers split its knowledge, to find where the expert loses to it: `seer-bid` sees every
 * hand while bidding and then plays as the expert, from its own view; `seer-play` bids as the
 * expert and sees every hand while playing. The referee hands them the real state only in the
 * phase they see (`seesReal`).
 *
 * Only the arena reaches them (the line-up entries `seer`, `seer-bid`, `seer-play`, arena.ts), and
 * only through the bots' evaluation hook (`PlayOptions.sampleFor` of `playGame`, which the arena
 * gives `seerSampler` for their seats). They are not `BotLevel`s: `createBot`,
 * `createBotFromSpec`, worker requests and hints do not know them, so the server, the web
 * interface and the hint button cannot make one.
 */
import type { Action, AnyGame, MatchMasterState, MatchMasterView, Seat } from '@matchbox/engine';
import { MATCHMASTER_PHASES } from '@matchbox/engine';
import type { Bot, BotContext, Sampler, SearchAdapter } from '@matchbox/bots';
import { MATCHMASTER_SEARCH, levelAdapter, matchmasterBot, matchmasterSearchBot } from '@matchbox/bots/parts';
import type { MatchMasterHorizon, MatchMasterLevelConfig } from '@matchbox/bots/parts';

/** The arena line-up entry of the all-seeing bot. */
export const SEER = 'seer';

/** When a seer sees every hand: always, only while bidding, or only while playing. */
export type SeerSight = 'all' | 'bid' | 'play';

/** The arena line-up entries of the seer and the two half-seers, with what each sees. */
export const SEER_ENTRIES: Readonly<Record<string, SeerSight>> = {
  [SEER]: 'all',
  'seer-bid': 'bid',
  'seer-play': 'play',
};

/** Games the seer can play (it needs a game-specific way to copy the real state). */
export const SEER_GAMES: readonly string[] = ['matchmaster'];

/** The seer's knobs: the expert's, with the pieces that all-equal worlds make idle switched off. */
export const SEER_CONFIG: MatchMasterLevelConfig = {
  ...MATCHMASTER_SEARCH.expert,
  endgameWorlds: 1,
  inferBids: false,
};

const onlyIn = (spec: string): string => `the all-seeing "${spec}" bot plays only ${SEER_GAMES.join(', ')}`;

/** Whether a line-up entry is a seer (and what it sees), and whether it is allowed in `gameId`. */
export function seerEntry(
  gameId: string,
  spec: string,
): { seer: false } | { seer: true; sight: SeerSight; message?: string } {
  const sight = Object.hasOwn(SEER_ENTRIES, spec) ? SEER_ENTRIES[spec]! : null;
  if (sight === null) return { seer: false };
  return SEER_GAMES.includes(gameId) ? { seer: true, sight } : { seer: true, sight, message: onlyIn(spec) };
}

/** Whether a seer with `sight` is handed the real state for a decision in `state` (the referee's test). */
export function seesReal(sight: SeerSight, state: unknown): boolean {
  if (sight === 'all') return true;
  return MATCHMASTER_PHASES[(state as MatchMasterState).phase] === sight;
}

/**
 * A half-seer: the seer's move in the phase it sees, the expert's (from the seat's own
 * determinizations, which the referee hands it then) in the other.
 */
class HalfSeerBot implements Bot<MatchMasterView> {
  readonly level = 'expert' as const;
  constructor(
    readonly name: string,
    private readonly sight: 'bid' | 'play',
    private readonly seer: Bot<MatchMasterView>,
    private readonly expert: Bot<MatchMasterView>,
  ) {}
  reset(): void {
    this.seer.reset?.();
    this.expert.reset?.();
  }
  chooseAction(view: MatchMasterView, seat: Seat, legal: readonly Action[], ctx: BotContext) {
    const sees = view.phase === this.sight;
    return (sees ? this.seer : this.expert).chooseAction(view, seat, legal, ctx);
  }
}

/** Throws unless the seer can play `gameId`. */
function assertSeerGame(gameId: string): void {
  if (!SEER_GAMES.includes(gameId)) throw new Error(onlyIn(SEER));
}

/** The all-seeing bot, or a half-seer (evaluation only; see the module comment). */
export function createSeerBot(gameId: string, seed: string, sight: SeerSight = 'all'): Bot {
  assertSeerGame(gameId);
  if (sight !== 'all') {
    const seer = createSeerBot(gameId, seed) as Bot<MatchMasterView>;
    return new HalfSeerBot(`${gameId}-seer-${sight}`, sight, seer, matchmasterBot('expert', seed)!);
  }
  const base = levelAdapter(SEER_CONFIG);
  // The expert replaces bids others made with the heuristic's bid on each sampled hand (they are
  // secret, MM-4); the seer keeps the real ones it sees.
  const adapter: SearchAdapter<MatchMasterHorizon> = { ...base };
  delete adapter.prepare;
  return matchmasterSearchBot(`${gameId}-${SEER}`, 'expert', seed, SEER_CONFIG, adapter);
}

const NO_CHANCE: readonly (readonly string[])[] = Object.freeze([]);

/**
 * The seer's worlds: each sample is a copy of the real state as it stands now, with the generator
 * reseeded from `rng` and the stacked future deal orders dropped (the deals to come stay unknown).
 */
export function seerSampler(game: AnyGame, state: unknown): Sampler {
  assertSeerGame(game.meta.id);
  const real = game.clone(state) as MatchMasterState;
  return (rng) => {
    const world = game.clone(real) as MatchMasterState;
    world.rng.copyFrom(rng.fork());
    world.chance = NO_CHANCE;
    world.chanceAt = 0;
    return world;
  };
}
