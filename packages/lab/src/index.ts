/**
 * @matchbox/lab: experiments on the matchbox bots, kept out of the product. Arenas with seat
 * rotation and confidence intervals (arena.ts), the all-seeing MatchMaster yardstick (seer.ts),
 * the share of its gain another level captures (share.ts), the MatchMaster bid check
 * (matchmaster-bidcheck.ts), the `arena` command (main.ts), and the bots' search benchmark
 * (re-exported from `@matchbox/bots/bench`). It depends on the bots;
 * nothing in the product depends on it. EXPERIMENTS.md is the log of what was measured.
 */
export {
  runArena,
  formatArena,
  estimate,
  signedEstimate,
  isSolitaire,
  parseArenaEntry,
  playMatchArena,
} from './arena.ts';
export type {
  ArenaConfig,
  ArenaReport,
  EntrantReport,
  Estimate,
  MatchArenaReport,
  MoveTimes,
  SearchSummary,
  SolitaireArenaReport,
  SolitaireEntrantReport,
  SolverSummary,
} from './arena.ts';
export { runShare, formatShare, shareEstimate } from './share.ts';
export type { ShareConfig, ShareEstimate, ShareReport } from './share.ts';
export { benchBots, midHandMatchMaster } from '@matchbox/bots/bench';
export type { BotBenchFigure } from '@matchbox/bots/bench';
export { SEER, SEER_ENTRIES, createSeerBot, seerSampler, seesReal } from './seer.ts';
export type { SeerSight } from './seer.ts';
