/** MATCH!'s bots: its levels. */
import type { BotGamePlugin } from '../plugin.ts';
import { matchBot } from './match-bots.ts';

export const matchBots: BotGamePlugin = { id: 'match', bot: matchBot };
