/** Draws any game's view through its terminal plugin (games/<game>); none holds rules. */
import type { Viewer } from '@matchbox/engine';
import { cliPlugin } from '../games/index.ts';

/**
 * The view of game `gameId` (as its `view` gives it) as terminal text; a game without a renderer
 * of its own is shown as indented JSON.
 */
export function renderView(gameId: string, view: object, viewer: Viewer): string {
  const plugin = cliPlugin(gameId);
  if (!plugin || (view as { game?: unknown }).game !== gameId) return JSON.stringify(view, null, 2);
  return plugin.render(view, viewer);
}
