/** Draws any game's view. Each renderer draws one seat's typed view; none holds rules. */
import type { MatchMasterView, MatchView, MatchetView, Sweet16View, Viewer } from '@matchbox/engine';
import { renderMatch } from './match.ts';
import { renderMatchmaster } from './matchmaster.ts';
import { renderMatchet } from './matchet.ts';
import { renderSweet16 } from './sweet16.ts';

/** The view of any game, told apart by its `game` field. */
export type AnyView = MatchMasterView | MatchView | MatchetView | Sweet16View;

/**
 * The view of game `gameId` (as its `view` gives it) as terminal text; a game without a renderer
 * of its own is shown as indented JSON.
 */
export function renderView(gameId: string, view: object, viewer: Viewer): string {
  const v = view as AnyView;
  if (v.game !== gameId) return JSON.stringify(view, null, 2);
  switch (v.game) {
    case 'matchmaster':
      return renderMatchmaster(v, viewer);
    case 'match':
      return renderMatch(v, viewer);
    case 'matchet':
      return renderMatchet(v, viewer);
    case 'sweet16':
      return renderSweet16(v, viewer);
    default:
      return JSON.stringify(view, null, 2);
  }
}
