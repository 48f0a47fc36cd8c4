/** Renderers by game id. Each draws one seat's view; none holds rules. */
import type { JsonObject, Viewer } from '@matchbox/engine';
import { renderMatch } from './match';
import { renderJson, renderMatchmaster } from './matchmaster';
import { renderMatchet } from './matchet';
import { renderSweet16 } from './sweet16';
import type { ViewRenderer } from './types';

export const RENDERERS: Record<string, ViewRenderer> = {
  match: renderMatch,
  matchet: renderMatchet,
  matchmaster: renderMatchmaster,
  sweet16: renderSweet16,
};

export function renderView(gameId: string, view: JsonObject, viewer: Viewer): string {
  const r = RENDERERS[gameId];
  return r ? r(view, viewer) : renderJson(view);
}
