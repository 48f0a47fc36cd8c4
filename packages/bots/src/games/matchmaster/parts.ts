/**
 * `@matchbox/bots/parts`: the MatchMaster bot's pieces (its search settings, adapter and level
 * bots, the search counters), for the experiments in packages/lab that build variants of it.
 * Nothing that plays people imports this: they use the levels of the package's index.
 */
export {
  MATCHMASTER_SEARCH,
  levelAdapter,
  matchmasterBot,
  matchmasterSearchBot,
} from './matchmaster-bots.ts';
export type { MatchMasterLevelConfig } from './matchmaster-bots.ts';
export { matchmasterAdapter, rewardToPoints } from './matchmaster.ts';
export type { MatchMasterHorizon } from './matchmaster.ts';
export { noSearches } from '../../runner.ts';
