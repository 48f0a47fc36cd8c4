/**
 * `@matchbox/bots/bench`: the bots' part of `npm run bench`: ISMCTS iterations per second in a fixed mid-hand position
 * (4-player MatchMaster, 7-card hand, bids in, two tricks and one card played), on one thread,
 * and the time per expert decision over a few seeded games.
 */
import type { Action, AnyGame, Seat } from '@matchbox/engine';
import { Rng, getGame, matchmaster } from '@matchbox/engine';
import { ismcts } from './ismcts.ts';
import { contextFor } from './runner.ts';
import { MATCHMASTER_SEARCH, matchmasterAdapter } from './games/matchmaster/parts.ts';

export interface BotBenchFigure {
  readonly game: string;
  readonly players: number;
  readonly label: string;
  readonly metric: string;
  readonly value: number;
}

/** A 4-player MatchMaster state in the middle of a 7-card hand, reached by heuristic play. */
export function midHandMatchMaster(players = 4, seed = 'bench-mid'): { state: unknown; seat: Seat } {
  const setup = matchmaster.setup({ players, seed, options: { handSizes: [7] } });
  if (!setup.ok) throw new Error(setup.error.message);
  const s = setup.value;
  const adapter = matchmasterAdapter(MATCHMASTER_SEARCH.expert);
  const rng = Rng.fromSeed(seed);
  while (s.playCount < 2 * players + 1) {
    const seat = matchmaster.toAct(s)[0]!;
    matchmaster.applyInPlace(s, seat, adapter.policy(s, seat, rng));
  }
  return { state: s, seat: matchmaster.toAct(s)[0]! };
}

/** ISMCTS iterations per second for the expert configuration on a fixed position. */
export function ismctsRate(
  game: AnyGame,
  state: unknown,
  seat: Seat,
  iterations: number,
  seconds: number,
): number {
  const adapter = matchmasterAdapter(MATCHMASTER_SEARCH.expert);
  const legal: readonly Action[] = game.legalActions(state, seat);
  const ctx = contextFor(game, state, seat);
  const rng = Rng.fromSeed('bench');
  let done = 0;
  let ms = 0;
  // Warm-up, then measure whole searches (their determinization cost included).
  ismcts(game, adapter as never, seat, legal, ctx.sample!, rng, { iterations });
  while (ms < seconds * 1000) {
    const r = ismcts(game, adapter as never, seat, legal, ctx.sample!, rng, { iterations });
    done += r.iterations;
    ms += r.ms;
  }
  return Math.round((done * 1000) / ms);
}

/** The bots' figures, in the shape of the CLI's bench figures. `only` filters by game id. */
export function benchBots(seconds = 2, only?: string): BotBenchFigure[] {
  if (only && only !== 'matchmaster') return [];
  if (!getGame('matchmaster')) return [];
  const out: BotBenchFigure[] = [];
  for (const players of [4, 7]) {
    const { state, seat } = midHandMatchMaster(players);
    out.push({
      game: 'matchmaster',
      players,
      label: `${players}p ismcts mid-hand`,
      metric: 'ismcts_iterations_per_s',
      value: ismctsRate(matchmaster, state, seat, MATCHMASTER_SEARCH.expert.iterations, seconds),
    });
  }
  return out;
}
