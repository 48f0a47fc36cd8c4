import type { Viewer } from '@matchbox/engine';

/**
 * Draws one seat's view (never the full state) as terminal text. Renderers hold no rules: the
 * game's typed view (exported by @matchbox/engine) and the legal action list are all they get.
 */
export type ViewRenderer<V> = (view: V, viewer: Viewer) => string;
