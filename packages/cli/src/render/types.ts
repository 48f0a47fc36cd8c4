import type { JsonObject, Viewer } from '@matchbox/engine';

/**
 * Draws one seat's view (never the full state) as terminal text. Renderers hold no rules: the view
 * and the legal action list from the engine are all they get.
 */
export type ViewRenderer = (view: JsonObject, viewer: Viewer) => string;
