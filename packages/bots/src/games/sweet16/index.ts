/**
 * Sweet16's bots: its levels, and `duel` as a piece a line-up may switch (`BotSpec`): the duel's
 * own bots (`expert-duel` is the duel's former generic search).
 */
import type { BotGamePlugin } from '../plugin.ts';
import type { Sweet16Toggle } from './sweet16-bots.ts';
import { SWEET16_TOGGLES, sweet16Bot } from './sweet16-bots.ts';

export const sweet16Bots: BotGamePlugin = {
  id: 'sweet16',
  bot: sweet16Bot,
  toggles: SWEET16_TOGGLES,
  withPieces: (level, seed, off) => sweet16Bot(level, seed, off as ReadonlySet<Sweet16Toggle>),
};
