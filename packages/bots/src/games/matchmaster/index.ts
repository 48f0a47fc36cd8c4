/**
 * MatchMaster's bots: its levels and the pieces of knowledge a line-up may switch (`BotSpec`):
 * `endgame`, `infer` (worlds weighted by the bids shown), `match` (the match in view in the last
 * hands) and `count` (trick counting in the heuristic and the rollouts), all on by default.
 */
import type { BotGamePlugin } from '../plugin.ts';
import type { MatchMasterToggle } from './matchmaster-bots.ts';
import { MATCHMASTER_TOGGLES, matchmasterBot } from './matchmaster-bots.ts';

export const matchmasterBots: BotGamePlugin = {
  id: 'matchmaster',
  bot: matchmasterBot,
  toggles: MATCHMASTER_TOGGLES,
  withPieces: (level, seed, off) => matchmasterBot(level, seed, off as ReadonlySet<MatchMasterToggle>),
};
