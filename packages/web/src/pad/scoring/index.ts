/** Every game's score sheet behind one name, for storage and the list of pads (pad/games.ts). */
import type { GameResult } from '@matchbox/engine';
import { padGame } from '../games.ts';
import type { PadGame, SheetBase } from '../plugin.ts';

export type { PadError, PadErrorCode, PadResult, Entry } from './result.ts';

/** A sheet of any game: its own module (games/<game>/pad/scoring.ts) knows the rest. */
export type Sheet = SheetBase;

const own = (sheet: Sheet): PadGame => {
  const pad = padGame(sheet.game);
  if (!pad) throw new Error(`no score pad for "${sheet.game}"`);
  return pad;
};

/** A sheet read back from storage, rebuilt through its game's checks; null when it does not hold. */
export function restoreSheet(data: unknown): Sheet | null {
  const game = typeof data === 'object' && data !== null ? (data as { game?: unknown }).game : undefined;
  return typeof game === 'string' ? (padGame(game)?.restore(data) ?? null) : null;
}

export function sheetIsOver(sheet: Sheet): boolean {
  return own(sheet).isOver(sheet);
}

/** Takes back a sheet's last entry; the same sheet when there is none. */
export function undoSheet(sheet: Sheet): Sheet {
  return own(sheet).undo(sheet);
}

/** The final ranking, once the game is over. */
export function sheetResult(sheet: Sheet): GameResult | null {
  return own(sheet).result(sheet);
}
