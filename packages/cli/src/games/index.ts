/**
 * The terminal's game plugins, one per game folder, looked up by the engine's game id. A
 * registered game without a plugin here is drawn as JSON and its events in the generic form.
 */
import { matchCli } from './match/index.ts';
import { matchetCli } from './matchet/index.ts';
import { matchmasterCli } from './matchmaster/index.ts';
import type { CliGamePlugin } from './plugin.ts';
import { sweet16Cli } from './sweet16/index.ts';

export const CLI_GAMES: readonly CliGamePlugin[] = [matchmasterCli, matchCli, matchetCli, sweet16Cli];

const BY_ID: ReadonlyMap<string, CliGamePlugin> = new Map(CLI_GAMES.map((p) => [p.id, p]));

export const cliPlugin = (id: string): CliGamePlugin | undefined => BY_ID.get(id);
