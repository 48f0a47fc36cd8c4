/** Renderers by game id. Each draws one seat's view; none holds rules. */
import type { JsonObject, Viewer } from '@matchbox/engine';
import { renderMatch } from './match.ts';
import { renderJson, renderMatchmaster } from './matchmaster.ts';
import { renderMatchet } from './matchet.ts';
import { renderSweet16 } from './sweet16.ts';
import type { ViewRenderer } from './types.ts';

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
