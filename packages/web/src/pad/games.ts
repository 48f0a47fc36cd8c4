/**
 * Each game's score pad, found in its folder (games/<game>/pad/index.ts exports `pad`), by game.
 * Loaded with the pad's pages only.
 */
import type { PadGame } from './plugin.ts';

const PADS: ReadonlyMap<string, PadGame> = new Map(
  Object.values(import.meta.glob<PadGame>('../games/*/pad/index.ts', { eager: true, import: 'pad' })).map(
    (p) => [p.game, p],
  ),
);

/** The game's pad, or undefined for a game without one. */
export const padGame = (game: string): PadGame | undefined => PADS.get(game);
