/**
 * The bots' game plugins, one per game folder, looked up by the engine's game id. Which games
 * exist is the engine registry's to say; a registered game without a plugin here gets the
 * generic search bots.
 */
import { matchBots } from './match/index.ts';
import { matchetBots } from './matchet/index.ts';
import { matchmasterBots } from './matchmaster/index.ts';
import type { BotGamePlugin } from './plugin.ts';
import { sweet16Bots } from './sweet16/index.ts';

export const BOT_GAMES: readonly BotGamePlugin[] = [matchmasterBots, matchBots, matchetBots, sweet16Bots];

const BY_ID: ReadonlyMap<string, BotGamePlugin> = new Map(BOT_GAMES.map((p) => [p.id, p]));

export const botPlugin = (id: string): BotGamePlugin | undefined => BY_ID.get(id);
