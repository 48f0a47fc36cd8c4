/** The four score sheets behind one name, for storage and the list of pads. */
import type { GameResult } from '@matchbox/engine';
import type { GameId } from '../../games/types.ts';
import * as match from './match.ts';
import * as matchet from './matchet.ts';
import * as matchmaster from './matchmaster.ts';
import * as sweet16 from './sweet16.ts';

export type { MatchMasterSheet } from './matchmaster.ts';
export type { MatchSheet } from './match.ts';
export type { Sweet16Sheet } from './sweet16.ts';
export type { MatchetSheet } from './matchet.ts';
export type { PadError, PadErrorCode, PadResult, Entry } from './result.ts';

export type Sheet =
  matchmaster.MatchMasterSheet | match.MatchSheet | sweet16.Sweet16Sheet | matchet.MatchetSheet;

/** A sheet read back from storage, rebuilt through its game's checks; null when it does not hold. */
export function restoreSheet(data: unknown): Sheet | null {
  const game = typeof data === 'object' && data !== null ? (data as { game?: unknown }).game : undefined;
  switch (game as GameId) {
    case 'matchmaster':
      return matchmaster.restoreMatchMaster(data);
    case 'match':
      return match.restoreMatch(data);
    case 'sweet16':
      return sweet16.restoreSweet16(data);
    case 'matchet':
      return matchet.restoreMatchet(data);
    default:
      return null;
  }
}

export function sheetIsOver(sheet: Sheet): boolean {
  switch (sheet.game) {
    case 'matchmaster':
      return matchmaster.isOver(sheet);
    case 'match':
      return match.isOver(sheet);
    case 'sweet16':
      return sweet16.isOver(sheet);
    case 'matchet':
      return matchet.isOver(sheet);
  }
}

/** Takes back a sheet's last entry; the same sheet when there is none. */
export function undoSheet(sheet: Sheet): Sheet {
  switch (sheet.game) {
    case 'matchmaster':
      return matchmaster.undoLast(sheet);
    case 'match':
      return match.undoLast(sheet);
    case 'sweet16':
      return sweet16.undoLast(sheet);
    case 'matchet':
      return matchet.undoLast(sheet);
  }
}

/** The final ranking, once the game is over. */
export function sheetResult(sheet: Sheet): GameResult | null {
  switch (sheet.game) {
    case 'matchmaster':
      return matchmaster.result(sheet);
    case 'match':
      return match.result(sheet);
    case 'sweet16':
      return sweet16.result(sheet);
    case 'matchet':
      return matchet.result(sheet);
  }
}
