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
 * Only the arena reaches it (the line-up entry `seer`, arena.ts), and only the referee's named path
 * hands it the real state (`seerContextFor` in runner.ts, used for the seats `PlayOptions.allSeeing`
 * names). It is not a `BotLevel`: `createBot`, `createBotFromSpec`, worker requests and hints do
 * not know it, so the server, the web interface and the hint button cannot make one.
 */
import type { AnyGame, MatchMasterState } from '@matchbox/engine';
import type { Bot } from './types.ts';
import type { Sampler } from './sampler.ts';
import { MATCHMASTER_SEARCH, levelAdapter, matchmasterSearchBot } from './games/matchmaster-bots.ts';
import type { MatchMasterLevelConfig } from './games/matchmaster-bots.ts';
import type { MatchMasterHorizon } from './games/matchmaster.ts';
import type { SearchAdapter } from './ismcts.ts';

/** The arena line-up entry of the all-seeing bot. */
export const SEER = 'seer';

/** Games the seer can play (it needs a game-specific way to copy the real state). */
export const SEER_GAMES: readonly string[] = ['matchmaster'];

/** The seer's knobs: the expert's, with the pieces that all-equal worlds make idle switched off. */
export const SEER_CONFIG: MatchMasterLevelConfig = {
  ...MATCHMASTER_SEARCH.expert,
  endgameWorlds: 1,
  inferBids: false,
  bidWorlds: 0,
};

/** Whether a line-up entry is the seer, and whether it is allowed in `gameId`. */
export function seerEntry(gameId: string, spec: string): { seer: boolean; message?: string } {
  if (spec !== SEER) return { seer: false };
  return SEER_GAMES.includes(gameId)
    ? { seer: true }
    : { seer: true, message: `the all-seeing "${SEER}" bot plays only ${SEER_GAMES.join(', ')}` };
}

/** The all-seeing bot (evaluation only; see the module comment). */
export function createSeerBot(gameId: string, seed: string): Bot {
  const { message } = seerEntry(gameId, SEER);
  if (message) throw new Error(message);
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
  const { message } = seerEntry(game.meta.id, SEER);
  if (message) throw new Error(message);
  const real = game.clone(state) as MatchMasterState;
  return (rng) => {
    const world = game.clone(real) as MatchMasterState;
    world.rng.copyFrom(rng.fork());
    world.chance = NO_CHANCE;
    world.chanceAt = 0;
    return world;
  };
}
