/**
 * The server's game plugins, one per game folder, looked up by the engine's game id. Which games
 * exist is the engine registry's to say (`gameIds()`); a registered game without a plugin here
 * gets the plain figures.
 */
import { matchServer } from './match/index.ts';
import { matchetServer } from './matchet/index.ts';
import { matchmasterServer } from './matchmaster/index.ts';
import type { ServerGamePlugin } from './plugin.ts';
import { sweet16Server } from './sweet16/index.ts';

const PLUGINS: ReadonlyMap<string, ServerGamePlugin> = new Map(
  [matchmasterServer, matchServer, sweet16Server, matchetServer].map((p) => [p.id, p]),
);

export const serverPlugin = (game: string): ServerGamePlugin | undefined => PLUGINS.get(game);
